--
-- ulid.uuidv7: the generators' values are valid UUIDv7s too
--

-- off by default (once the library is loaded, which defines it), and the
-- prefix is reserved
SELECT gen_ulid() IS NOT NULL AS loaded;
SHOW ulid.uuidv7;
SET ulid.uuidv7x = on;

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

-- 1,000,000 gen_ulid() values in v7 mode: each a UUIDv7 (ulid's check and
-- the uuid text's version and variant digits), distinct, and strictly
-- increasing in the order generated
SET ulid.uuidv7 = on;
SHOW ulid.uuidv7;
CREATE TEMP TABLE v7 AS SELECT n, gen_ulid() AS id FROM generate_series(1, 1000000) n;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7,
	   count(*) FILTER (WHERE substr(id::uuid::text, 15, 1) = '7'
						AND substr(id::uuid::text, 20, 1) IN ('8', '9', 'a', 'b')) AS v7_text,
	   count(DISTINCT id) AS distinct_ids
FROM v7;
SELECT count(*) AS order_breaks
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM v7) s
WHERE prev >= id;
-- the time is the clock's, or ahead of it by what the counter carried: at
-- most one millisecond per 2,048 values (its start is below 0x800), so at
-- most 489 ms for 1,000,000, all made before this statement's now()
SELECT count(*) FILTER (WHERE ulid_time(id) < now() - interval '1 hour'
						   OR ulid_time(id) > now() + interval '489 ms') AS out_of_window
FROM v7;

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
SET ulid.uuidv7 = on;
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

-- a CHECK constraint holds a column to UUIDv7s whatever the session's setting
CREATE TABLE v7_keys (id ulid PRIMARY KEY DEFAULT gen_ulid() CHECK (ulid_is_uuidv7(id)), n int);
INSERT INTO v7_keys (n) SELECT generate_series(1, 1000);
INSERT INTO v7_keys VALUES ('00000000000000000000000000', 0);
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
-- applies it, here before the library is loaded in it)
SET ulid.uuidv7 = off;
DO $$BEGIN EXECUTE format('ALTER DATABASE %I SET ulid.uuidv7 = on', current_database()); END$$;
\c
SHOW ulid.uuidv7;
INSERT INTO v7_keys (n) SELECT generate_series(1001, 2000);
SELECT count(*), count(*) FILTER (WHERE ulid_is_uuidv7(id)) AS v7 FROM v7_keys;
DO $$BEGIN EXECUTE format('ALTER DATABASE %I RESET ulid.uuidv7', current_database()); END$$;
\c
SELECT gen_ulid() IS NOT NULL AS loaded;
SHOW ulid.uuidv7;
DROP TABLE v7_keys;

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
