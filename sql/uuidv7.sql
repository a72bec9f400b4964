--
-- ulid.uuidv7: the generators' values are valid UUIDv7s too
--
-- (both editions, one output: see test/README.md; how each holds the
-- setting differs: sql/uuidv7_setting.sql, ulid_sql/sql/uuidv7_placeholder.sql)
\set SHOW_CONTEXT never

-- ulid_is_uuidv7 on known values: spec vectors and the bits around them
SELECT u, ulid_is_uuidv7(u::uuid::ulid)
FROM (VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'),	-- TypeID's v7 vector
			 ('01890a5d-ac96-674b-bcce-b302099a8057'),	-- version 6
			 ('01890a5d-ac96-874b-bcce-b302099a8057'),	-- version 8
			 ('01890a5d-ac96-774b-7cce-b302099a8057'),	-- variant 0
			 ('01890a5d-ac96-774b-fcce-b302099a8057'),	-- variant 11
			 ('01890a5d-ac96-7000-8000-000000000000'),
			 ('01890a5d-ac96-7fff-bfff-ffffffffffff'),
			 ('00000000-0000-0000-0000-000000000000')) v(u);
SELECT ulid_is_uuidv7(NULL);

-- gen_ulid() values in v7 mode, 1,000,000 (200,000 on the SQL edition,
-- whose ulid is a domain, and whose PL/pgSQL generator is far slower):
-- each a UUIDv7 (ulid_is_uuidv7 and the uuid text's version and variant
-- digits), distinct, and strictly increasing in the order generated
SELECT CASE typtype WHEN 'd' THEN 200000 ELSE 1000000 END AS v7_values
FROM pg_type WHERE oid = 'ulid'::regtype \gset
SET ulid.uuidv7 = on;
SHOW ulid.uuidv7;
CREATE TEMP TABLE v7 AS SELECT n, gen_ulid() AS id FROM generate_series(1, :v7_values) n;
SELECT count(*) = :v7_values AS all_made,
	   count(*) FILTER (WHERE NOT ulid_is_uuidv7(id)) AS not_v7,
	   count(*) FILTER (WHERE substr(id::uuid::text, 15, 1) <> '7'
						   OR substr(id::uuid::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) AS not_v7_text,
	   count(*) - count(DISTINCT id) AS repeated
FROM v7;
SELECT count(*) AS order_breaks
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM v7) s
WHERE prev >= id;
-- the time is the clock's, or ahead of it by what the counter carried: at
-- most one millisecond per 2,048 values (its start is below 0x800), all
-- made before this statement's now()
SELECT count(*) FILTER (WHERE ulid_time(id) < now() - interval '1 hour'
						   OR ulid_time(id) > now() + interval '1 ms' * ceil(:v7_values / 2048.0)) AS out_of_window
FROM v7;
-- within a millisecond the 12-bit counter steps by one; a new one starts it below 0x800
SELECT count(*) FILTER (WHERE ms = prev_ms AND w <> prev_w + 1 AND w & 4095 <> 0) AS counter_not_plus_one,
	   count(*) FILTER (WHERE ms <> prev_ms AND w & 4095 >= 2048) AS counter_start_too_high
FROM (SELECT ulid_time(id) AS ms, lag(ulid_time(id)) OVER (ORDER BY n) AS prev_ms,
			 ('x' || encode(substr(uuid_send(id), 1, 8), 'hex'))::bit(64)::int8 AS w,
			 lag(('x' || encode(substr(uuid_send(id), 1, 8), 'hex'))::bit(64)::int8) OVER (ORDER BY n) AS prev_w
	  FROM v7) s
WHERE prev_ms IS NOT NULL;

-- the other generators
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7, count(DISTINCT id) AS distinct_ids
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 100000)) s;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7,
	   count(*) FILTER (WHERE ulid_time(id) = '2024-02-29 12:34:56.789+00') AS at_time
FROM (SELECT gen_ulid('2024-02-29 12:34:56.789+00') AS id FROM generate_series(1, 100000)) s;
-- the first and last millisecond
SELECT ulid_is_uuidv7(gen_ulid('1970-01-01 00:00:00+00')) AS epoch,
	   ulid_is_uuidv7(gen_ulid('10889-08-02 05:31:50.655+00')) AS last_ms;

-- switched off and on within the session: one increasing sequence
INSERT INTO v7 SELECT 1000000 + n, gen_ulid() FROM generate_series(1, 1000) n;
SET ulid.uuidv7 = off;
INSERT INTO v7 SELECT 1001000 + n, gen_ulid() FROM generate_series(1, 1000) n;
SET ulid.uuidv7 = true;
INSERT INTO v7 SELECT 1002000 + n, gen_ulid() FROM generate_series(1, 1000) n;
SELECT count(*) AS order_breaks
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM v7) s
WHERE prev >= id;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7 FROM v7 WHERE n > 1002000;
-- plain values again: the variant bits are random (a plain step keeps the
-- version nibble of a UUIDv7 counter until it carries, so a value is
-- UUIDv7-shaped by chance one time in 4 to 64: not all 1000 are)
SELECT bool_or(NOT ulid_is_uuidv7(id)) AS plain_again
FROM v7 WHERE n BETWEEN 1001001 AND 1002000;
DROP TABLE v7;

-- a CHECK constraint holds a column to UUIDv7s whatever the session's
-- setting (terse: the failing row's DETAIL prints the value, whose text
-- differs between the editions)
CREATE TABLE v7_keys (id ulid PRIMARY KEY DEFAULT gen_ulid() CHECK (ulid_is_uuidv7(id)), n int);
INSERT INTO v7_keys (n) SELECT generate_series(1, 1000);
\set VERBOSITY terse
INSERT INTO v7_keys VALUES (ulid_from_text('00000000000000000000000000'), 0);
\set VERBOSITY default
SELECT count(*) FROM v7_keys;

-- in parallel workers: the leader's setting travels with its GUC state
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
ALTER TABLE v7_keys SET (parallel_workers = 2);
EXPLAIN (COSTS OFF)
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) FROM v7_keys;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) AS v7 FROM v7_keys;
SET ulid.uuidv7 = off;
-- (a plain value is UUIDv7-shaped about one time in 64)
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) < 100 AS mostly_plain FROM v7_keys;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;

-- the default of a database, without DDL on any table (a new session
-- applies it, here before the C extension's library is loaded in it)
DO $$BEGIN EXECUTE format('ALTER DATABASE %I SET ulid.uuidv7 = on', current_database()); END$$;
\c
SHOW ulid.uuidv7;
INSERT INTO v7_keys (n) SELECT generate_series(1001, 2000);
SELECT count(*), count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7 FROM v7_keys;
DO $$BEGIN EXECUTE format('ALTER DATABASE %I RESET ulid.uuidv7', current_database()); END$$;
\c
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) < 100 AS mostly_plain
FROM generate_series(1, 1000);
DROP TABLE v7_keys;
