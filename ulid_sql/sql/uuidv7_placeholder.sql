--
-- ulid.uuidv7, a placeholder in the SQL edition, which has no library to
-- define it (the C extension's is a setting: sql/uuidv7_setting.sql; what
-- both do, sql/uuidv7.sql)
--
\set SHOW_CONTEXT never

-- unset unless set: the generators make plain values
SELECT current_setting('ulid.uuidv7', true) IS NULL AS unset;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) < 100 AS mostly_plain
FROM generate_series(1, 1000);

-- only a superuser may set a placeholder in ALTER ROLE or ALTER DATABASE
CREATE ROLE regress_ulid_sql_v7;
SET ROLE regress_ulid_sql_v7;
ALTER ROLE regress_ulid_sql_v7 SET ulid.uuidv7 = on;
RESET ROLE;
DROP ROLE regress_ulid_sql_v7;

-- a value that is no boolean: the generators refuse it (the C extension
-- refuses the SET)
SET ulid.uuidv7 = maybe;
SELECT gen_ulid();
SELECT gen_random_ulid();
RESET ulid.uuidv7;
