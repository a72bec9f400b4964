--
-- ulid.uuidv7, a setting of the C extension's library (the SQL edition's
-- is a placeholder: ulid_sql/sql/uuidv7_placeholder.sql; what both do,
-- sql/uuidv7.sql)
--

-- off by default (once the library is loaded, which defines it), and the
-- prefix is reserved
SELECT gen_ulid() IS NOT NULL AS loaded;
SHOW ulid.uuidv7;
SET ulid.uuidv7x = on;

-- a role may make it its own default; but until the library is loaded in
-- the session PostgreSQL knows the name only as a placeholder, which only a
-- superuser may set in ALTER ROLE or ALTER DATABASE
CREATE ROLE regress_ulid_v7;
\c
SET ROLE regress_ulid_v7;
ALTER ROLE regress_ulid_v7 SET ulid.uuidv7 = on;
RESET ROLE;
SELECT gen_ulid() IS NOT NULL AS loaded;
SET ROLE regress_ulid_v7;
ALTER ROLE regress_ulid_v7 SET ulid.uuidv7 = on;
RESET ROLE;
SELECT setconfig FROM pg_db_role_setting WHERE setrole = 'regress_ulid_v7'::regrole;
DROP ROLE regress_ulid_v7;
