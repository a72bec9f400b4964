--
-- ulid puts nothing into PostgreSQL's own operator families (members added
-- there would not survive pg_upgrade: t/014_core_family.pl), and DROP
-- EXTENSION leaves them exactly as they were.  Checked in a database of its
-- own, which starts without the extension.
--
SELECT current_database() AS regression_db \gset
CREATE DATABASE ulid_core_families TEMPLATE template0;
\c ulid_core_families

-- every operator class, operator and support function of every family in
-- pg_catalog, one line each
CREATE VIEW core_members AS
SELECT format('class %s %s %s for %s', am.amname, f.opfname, c.opcname, c.opcintype::regtype) AS member
FROM pg_opclass c JOIN pg_opfamily f ON f.oid = c.opcfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfnamespace = 'pg_catalog'::regnamespace
UNION ALL
SELECT format('operator %s %s %s (%s, %s) %s', am.amname, f.opfname, o.amopstrategy,
	o.amoplefttype::regtype, o.amoprighttype::regtype, o.amopopr::regoperator)
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfnamespace = 'pg_catalog'::regnamespace
UNION ALL
SELECT format('function %s %s %s (%s, %s) %s', am.amname, f.opfname, p.amprocnum,
	p.amproclefttype::regtype, p.amprocrighttype::regtype, p.amproc::regprocedure)
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfnamespace = 'pg_catalog'::regnamespace;

CREATE TABLE core_before AS SELECT member FROM core_members;
CREATE EXTENSION ulid;
CREATE TABLE core_installed AS SELECT member FROM core_members;
DROP EXTENSION ulid;
CREATE TABLE core_after AS SELECT member FROM core_members;

-- the uuid families are among those compared
SELECT count(*) > 1000 AS many_members,
	count(*) FILTER (WHERE member LIKE '% uuid_ops %') > 10 AS uuid_ops_members
FROM core_before;
-- no line differs, with the extension installed or after dropping it
(SELECT 'added by CREATE EXTENSION' AS change, member FROM core_installed
 EXCEPT SELECT 'added by CREATE EXTENSION', member FROM core_before)
UNION ALL
(SELECT 'removed by CREATE EXTENSION', member FROM core_before
 EXCEPT SELECT 'removed by CREATE EXTENSION', member FROM core_installed)
UNION ALL
(SELECT 'differs after DROP EXTENSION', member FROM core_after
 EXCEPT SELECT 'differs after DROP EXTENSION', member FROM core_before)
UNION ALL
(SELECT 'differs after DROP EXTENSION', member FROM core_before
 EXCEPT SELECT 'differs after DROP EXTENSION', member FROM core_after);

\c :regression_db
DROP DATABASE ulid_core_families;
