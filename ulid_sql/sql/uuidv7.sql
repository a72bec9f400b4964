--
-- ulid.uuidv7: the generators' values are valid UUIDv7s too
--
\set SHOW_CONTEXT never

-- off unless set (no library defines it here: it is a placeholder)
SELECT current_setting('ulid.uuidv7', true) IS NULL AS unset;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) < 100 AS mostly_plain
FROM generate_series(1, 1000);

-- ulid_is_uuidv7 on known values: spec vectors and the bits around them
SELECT u, ulid_is_uuidv7(u::uuid)
FROM (VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'),	-- TypeID's v7 vector
			 ('01890a5d-ac96-674b-bcce-b302099a8057'),	-- version 6
			 ('01890a5d-ac96-874b-bcce-b302099a8057'),	-- version 8
			 ('01890a5d-ac96-774b-7cce-b302099a8057'),	-- variant 0
			 ('01890a5d-ac96-774b-fcce-b302099a8057'),	-- variant 11
			 ('01890a5d-ac96-7000-8000-000000000000'),
			 ('01890a5d-ac96-7fff-bfff-ffffffffffff'),
			 ('00000000-0000-0000-0000-000000000000')) v(u);
SELECT ulid_is_uuidv7(NULL);

-- 200,000 gen_ulid() values in v7 mode: each a UUIDv7 (the edition's check
-- and the uuid text's version and variant digits), distinct, and strictly
-- increasing in the order generated
SET ulid.uuidv7 = on;
CREATE TEMP TABLE v7 AS SELECT n, gen_ulid() AS id FROM generate_series(1, 200000) n;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7,
	   count(*) FILTER (WHERE substr(id::text, 15, 1) = '7'
						AND substr(id::text, 20, 1) IN ('8', '9', 'a', 'b')) AS v7_text,
	   count(DISTINCT id) AS distinct_ids
FROM v7;
SELECT count(*) AS order_breaks
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM v7) s
WHERE prev >= id;
-- the time is the clock's, or ahead of it by what the counter carried: at
-- most one millisecond per 2,048 values (its start is below 0x800), so at
-- most 98 ms for 200,000, all made before this statement's now()
SELECT count(*) FILTER (WHERE ulid_time(id) < now() - interval '1 hour'
						   OR ulid_time(id) > now() + interval '98 ms') AS out_of_window
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
SELECT bool_or(NOT ulid_is_uuidv7(id)) AS plain_again
FROM v7 WHERE n BETWEEN 1001001 AND 1002000;
DROP TABLE v7;

-- a CHECK constraint holds a column to UUIDv7s whatever the session's setting
CREATE TABLE v7_keys (id ulid PRIMARY KEY DEFAULT gen_ulid() CHECK (ulid_is_uuidv7(id)), n int);
INSERT INTO v7_keys (n) SELECT generate_series(1, 1000);
INSERT INTO v7_keys VALUES ('00000000-0000-0000-0000-000000000000', 0);
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
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(gen_random_ulid())) < 100 AS mostly_plain FROM v7_keys;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;

-- the default of a database, without DDL on any table
DO $$BEGIN EXECUTE format('ALTER DATABASE %I SET ulid.uuidv7 = on', current_database()); END$$;
\c
SHOW ulid.uuidv7;
INSERT INTO v7_keys (n) SELECT generate_series(1001, 2000);
SELECT count(*), count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7 FROM v7_keys;
DO $$BEGIN EXECUTE format('ALTER DATABASE %I RESET ulid.uuidv7', current_database()); END$$;
\c
SELECT current_setting('ulid.uuidv7', true) IS NULL AS unset;
DROP TABLE v7_keys;

-- a value that is no boolean: the generators refuse it (the C extension
-- refuses the SET)
SET ulid.uuidv7 = maybe;
SELECT gen_ulid();
SELECT gen_random_ulid();
RESET ulid.uuidv7;
