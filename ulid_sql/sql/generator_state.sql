--
-- gen_ulid()'s state, a setting of the session, and the inlined SQL
-- functions: the edition's own ("What differs" in docs/sql-edition.md)
--
\set SHOW_CONTEXT never
CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric);

-- the state is the session's setting ulid_sql.state: a transaction that
-- rolls back puts it back, and the values of the work that stays still
-- increase (docs/sql-edition.md)
SELECT gen_ulid() AS before \gset
BEGIN;
SELECT count(gen_ulid()) FROM generate_series(1, 10);
ROLLBACK;
SELECT gen_ulid() AS after \gset
SELECT :'after'::uuid > :'before'::uuid AS after_committed;
DO $$BEGIN PERFORM gen_ulid(); RAISE EXCEPTION 'undone'; EXCEPTION WHEN raise_exception THEN NULL; END$$;
SELECT gen_ulid() > :'after'::uuid AS after_subtransaction;
-- a new session starts afresh; the setting holds a number
\c
SELECT current_setting('ulid_sql.state', true) IS NULL AS fresh;
SELECT gen_ulid() IS NOT NULL AS generated, current_setting('ulid_sql.state')::int8 > 0 AS state_set;

-- gen_ulid() and ulid_from_text are SQL functions that the planner
-- inlines: in a query, a column default and a prepared statement, the plan
-- calls their PL/pgSQL helpers
CREATE FUNCTION pg_temp.inlined(q text, f text, helper text) RETURNS bool LANGUAGE plpgsql AS $$
DECLARE p text;
BEGIN
	EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF, FORMAT JSON) ' || q INTO p;
	RETURN strpos(p, helper || '(') > 0 AND strpos(p, f || '(') = 0;
END$$;
PREPARE next_ulid AS SELECT gen_ulid();
SELECT pg_temp.inlined('SELECT gen_ulid()', 'gen_ulid', 'ulid_sql_next') AS query,
       pg_temp.inlined('INSERT INTO orders (total) VALUES (1)', 'gen_ulid', 'ulid_sql_next') AS column_default,
       pg_temp.inlined('EXECUTE next_ulid', 'gen_ulid', 'ulid_sql_next') AS prepared,
       pg_temp.inlined('SELECT ulid_from_text(relname::text) FROM pg_class', 'ulid_from_text', 'ulid_sql_from_text') AS from_text;
DEALLOCATE next_ulid;

DROP TABLE orders;
