--
-- ulid puts nothing into PostgreSQL's own operator families (members added
-- there would not survive pg_upgrade: t/014_core_family.pl), ALTER EXTENSION
-- SET SCHEMA keeps its cross-type support working, and DROP EXTENSION leaves
-- core's families exactly as they were.  Checked in a database of its own,
-- which starts without the extension.
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

-- moved to another schema, the extension keeps its cross-type support: the
-- planner support finds ulid's operators in the family of its class in the
-- type's own schema, and uuid's by their pinned OIDs, with no search path
CREATE SCHEMA elsewhere;
ALTER EXTENSION ulid SET SCHEMA elsewhere;
SET search_path = public, elsewhere;
CREATE TABLE moved_uuid (id uuid PRIMARY KEY);
CREATE TABLE moved_ulid (id ulid, ref ulid REFERENCES moved_uuid);
INSERT INTO moved_uuid SELECT decode(lpad(to_hex(i), 32, '0'), 'hex')::ulid FROM generate_series(1, 1000) i;
INSERT INTO moved_ulid SELECT id, id FROM moved_uuid;
CREATE INDEX moved_ulid_brin ON moved_ulid USING brin (id) WITH (pages_per_range = 1);
ANALYZE moved_uuid, moved_ulid;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM moved_uuid WHERE id = '000000000000000000000000ZZ'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM moved_ulid
WHERE id < '00000000-0000-0000-0000-000000000010'::uuid;
SELECT count(*) FROM moved_ulid WHERE id < '00000000-0000-0000-0000-000000000010'::uuid;
RESET enable_seqscan;
INSERT INTO moved_ulid VALUES (NULL, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
DROP TABLE moved_ulid, moved_uuid;
RESET search_path;
CREATE TABLE core_moved AS SELECT member FROM core_members;

DROP EXTENSION ulid;
CREATE TABLE core_after AS SELECT member FROM core_members;

-- the uuid families are among those compared
SELECT count(*) > 1000 AS many_members,
	count(*) FILTER (WHERE member LIKE '% uuid_ops %') > 10 AS uuid_ops_members
FROM core_before;
-- no line differs, with the extension installed, moved, or dropped
(SELECT 'added by CREATE EXTENSION' AS change, member FROM core_installed
 EXCEPT SELECT 'added by CREATE EXTENSION', member FROM core_before)
UNION ALL
(SELECT 'removed by CREATE EXTENSION', member FROM core_before
 EXCEPT SELECT 'removed by CREATE EXTENSION', member FROM core_installed)
UNION ALL
(SELECT 'differs after SET SCHEMA', member FROM core_moved
 EXCEPT SELECT 'differs after SET SCHEMA', member FROM core_installed)
UNION ALL
(SELECT 'differs after SET SCHEMA', member FROM core_installed
 EXCEPT SELECT 'differs after SET SCHEMA', member FROM core_moved)
UNION ALL
(SELECT 'differs after DROP EXTENSION', member FROM core_after
 EXCEPT SELECT 'differs after DROP EXTENSION', member FROM core_before)
UNION ALL
(SELECT 'differs after DROP EXTENSION', member FROM core_before
 EXCEPT SELECT 'differs after DROP EXTENSION', member FROM core_after);

\c :regression_db
DROP DATABASE ulid_core_families;
