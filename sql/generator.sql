--
-- gen_ulid(), gen_random_ulid() and gen_ulid(timestamptz)
--
-- (both editions, one output: see test/README.md)
\set SHOW_CONTEXT never

-- 100000 values from one statement: strictly increasing and distinct, each
-- in a millisecond between the clock's readings just before and just after
-- the call (the select list runs in its order), however long it takes
CREATE TABLE gen AS
	SELECT n, clock_timestamp() AS before, gen_ulid() AS id, clock_timestamp() AS after
	FROM generate_series(1, 100000) AS n;
SELECT count(*) AS values,
       count(DISTINCT id) AS distinct_values,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(*) FILTER (WHERE ulid_time(id) < date_trunc('milliseconds', before)
                           OR ulid_time(id) > after) AS outside_clock_readings
FROM (SELECT n, id, before, after, lag(id) OVER (ORDER BY n) AS prev FROM gen) s;

-- the first 8 bytes (48-bit time, 16-bit counter) of each value are the
-- previous value's plus 1 within a millisecond, seen as a bigint; a new
-- millisecond starts its counter below 0x8000; the last 8 bytes are fresh
-- random bits every call
SELECT count(*) FILTER (WHERE ms = prev_ms) > 0 AS some_share_a_millisecond,
       count(*) FILTER (WHERE ms = prev_ms AND hi <> prev_hi + 1) AS counter_not_plus_one,
       count(*) FILTER (WHERE ms <> prev_ms AND hi & 65535 >= 32768) AS counter_start_too_high,
       count(*) FILTER (WHERE lo = prev_lo) AS random_bits_repeated
FROM (SELECT ulid_time(id) AS ms, lag(ulid_time(id)) OVER (ORDER BY n) AS prev_ms,
             ('x' || encode(substr(uuid_send(id), 1, 8), 'hex'))::bit(64)::int8 AS hi,
             lag(('x' || encode(substr(uuid_send(id), 1, 8), 'hex'))::bit(64)::int8) OVER (ORDER BY n) AS prev_hi,
             substr(uuid_send(id), 9) AS lo,
             lag(substr(uuid_send(id), 9)) OVER (ORDER BY n) AS prev_lo
      FROM gen) s
WHERE prev_ms IS NOT NULL;

-- across statements and transactions of the session, still increasing
CREATE TABLE gen_seq (n serial, id ulid DEFAULT gen_ulid());
INSERT INTO gen_seq DEFAULT VALUES;
INSERT INTO gen_seq DEFAULT VALUES;
BEGIN;
INSERT INTO gen_seq DEFAULT VALUES;
ROLLBACK;
INSERT INTO gen_seq (id) SELECT gen_ulid() FROM generate_series(1, 1000);
INSERT INTO gen_seq DEFAULT VALUES;
SELECT count(*) AS rows, count(*) FILTER (WHERE id <= prev) AS not_increasing,
       (SELECT id FROM gen_seq ORDER BY id LIMIT 1) > (SELECT id FROM gen ORDER BY id DESC LIMIT 1) AS after_earlier_statement
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen_seq) s;

-- gen_random_ulid(): the current millisecond (between the clock's readings
-- around the call), fresh random bits every call
CREATE TABLE gen_random AS
	SELECT clock_timestamp() AS before, gen_random_ulid() AS id, clock_timestamp() AS after
	FROM generate_series(1, 100000);
SELECT count(DISTINCT id) AS distinct_values,
       count(DISTINCT substr(uuid_send(id), 7)) AS distinct_random_parts,
       count(*) FILTER (WHERE ulid_time(id) < date_trunc('milliseconds', before)
                           OR ulid_time(id) > after) AS outside_clock_readings
FROM gen_random;

-- gen_ulid(timestamptz): that millisecond, random bits
SELECT ulid_time(gen_ulid('2026-11-30 12:34:56.789123+00')) = '2026-11-30 12:34:56.789+00' AS right_ms,
       gen_ulid('2026-11-30 12:34:56.789+00') <> gen_ulid('2026-11-30 12:34:56.789+00') AS differ,
       gen_ulid('2026-11-30 12:34:56.789+00') BETWEEN ulid_lower('2026-11-30 12:34:56.789+00')
                                              AND ulid_upper('2026-11-30 12:34:56.789+00') AS in_bounds;
SELECT count(DISTINCT gen_ulid('2001-02-03 04:05:06+00')) AS distinct_values FROM generate_series(1, 10000);
SELECT gen_ulid(NULL) IS NULL AS strict;
\set VERBOSITY default
SELECT gen_ulid('1969-12-31 23:59:59.999+00');
SELECT gen_ulid('infinity');

-- volatile: evaluated once per row, never folded to a constant
SELECT count(DISTINCT gen_ulid()) AS monotonic, count(DISTINCT gen_random_ulid()) AS random
FROM generate_series(1, 5);

-- a table with DEFAULT gen_ulid(): rows come back in insertion order
CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric);
INSERT INTO orders (total) SELECT n FROM generate_series(1, 500) AS n;
SELECT count(*) FILTER (WHERE total <> rn) AS out_of_insertion_order
FROM (SELECT total, row_number() OVER (ORDER BY id) AS rn FROM orders) s;

DROP TABLE gen, gen_seq, gen_random, orders;
