--
-- gen_monotonic_ulid(), PostgreSQL 17+: no shared_preload_libraries needed
-- (the DSM registry gives the shared state on first use).  The TAP tests
-- t/011_monotonic.pl and t/012_monotonic_restart.pl check the order across
-- concurrent sessions, crash restart and promotion.
--

SELECT provolatile, proparallel, proisstrict
FROM pg_proc WHERE oid = 'gen_monotonic_ulid()'::regprocedure;

-- 100000 values from one statement: strictly increasing and distinct, each
-- in a millisecond between the clock's readings just before and just after
-- the call (the select list runs in its order), however long it takes
CREATE TABLE mono AS
	SELECT n, clock_timestamp() AS before, gen_monotonic_ulid() AS id, clock_timestamp() AS after
	FROM generate_series(1, 100000) AS n;
SELECT count(*) AS values,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(*) FILTER (WHERE ulid_time(id) < date_trunc('milliseconds', before)
                           OR ulid_time(id) > after) AS outside_clock_readings
FROM (SELECT n, id, before, after, lag(id) OVER (ORDER BY n) AS prev FROM mono) s;

-- gen_ulid()'s layout: the first 8 bytes (48-bit time, 16-bit counter) are
-- the previous value's plus 1 within a millisecond, seen as a bigint (no
-- other session calls the function meanwhile); a new millisecond starts its
-- counter below 0x8000; the last 8 bytes are fresh random bits every call
SELECT count(*) FILTER (WHERE ms = prev_ms) > 0 AS some_share_a_millisecond,
       count(*) FILTER (WHERE ms = prev_ms AND hi <> prev_hi + 1) AS counter_not_plus_one,
       count(*) FILTER (WHERE ms <> prev_ms AND hi & 65535 >= 32768) AS counter_start_too_high,
       count(*) FILTER (WHERE lo = prev_lo) AS random_bits_repeated
FROM (SELECT ulid_time(id) AS ms, lag(ulid_time(id)) OVER (ORDER BY n) AS prev_ms,
             ('x' || encode(substr(id::bytea, 1, 8), 'hex'))::bit(64)::int8 AS hi,
             lag(('x' || encode(substr(id::bytea, 1, 8), 'hex'))::bit(64)::int8) OVER (ORDER BY n) AS prev_hi,
             substr(id::bytea, 9) AS lo,
             lag(substr(id::bytea, 9)) OVER (ORDER BY n) AS prev_lo
      FROM mono) s
WHERE prev_ms IS NOT NULL;

-- a new session continues the order: its first value is above the last one
-- of the session before
CREATE TABLE mono_seen (session int, id ulid);
INSERT INTO mono_seen SELECT 1, gen_monotonic_ulid() FROM generate_series(1, 10);
\c
INSERT INTO mono_seen VALUES (2, gen_monotonic_ulid());
SELECT (SELECT id FROM mono_seen WHERE session = 2)
       > (SELECT max(id) FROM mono_seen WHERE session = 1) AS next_session_continues;

-- PARALLEL SAFE: a parallel worker takes its values from the same shared
-- word, so they fall between the leader's before and after the query
SET debug_parallel_query = on;
SET max_parallel_workers_per_gather = 1;
TRUNCATE mono_seen;
INSERT INTO mono_seen VALUES (1, gen_monotonic_ulid());
-- the plan as run, rows counts without 18's decimals
CREATE FUNCTION explain_analyze(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
		RETURN NEXT regexp_replace(line, 'rows=(\d+)\.00', 'rows=\1');
	END LOOP;
END $$;
SELECT explain_analyze('CREATE TABLE mono_parallel AS
	SELECT n, gen_monotonic_ulid() AS id FROM generate_series(1, 1000) AS n');
INSERT INTO mono_seen VALUES (3, gen_monotonic_ulid());
RESET debug_parallel_query;
RESET max_parallel_workers_per_gather;
SELECT count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE id <= (SELECT id FROM mono_seen WHERE session = 1)) AS not_after_leader_before,
       count(*) FILTER (WHERE id >= (SELECT id FROM mono_seen WHERE session = 3)) AS not_before_leader_after,
       count(*) FILTER (WHERE id <= prev) AS not_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM mono_parallel) s;

DROP TABLE mono, mono_seen, mono_parallel;
DROP FUNCTION explain_analyze(text);
