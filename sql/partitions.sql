--
-- Partitioning by ulid: hash and range (with ulid_lower() bounds).  Rows
-- land in the partition their key says, and the planner prunes the others.
--

--
-- Hash partitioning: ulid_hash_extended routes each row
--
CREATE TABLE ph (id ulid PRIMARY KEY, n int NOT NULL) PARTITION BY HASH (id);
CREATE TABLE ph0 PARTITION OF ph FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE ph1 PARTITION OF ph FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE ph2 PARTITION OF ph FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE ph3 PARTITION OF ph FOR VALUES WITH (MODULUS 4, REMAINDER 3);

-- 10,000 fixed, well-spread values, each of whose 4-byte words reads the
-- same backwards: core's hash of the 16 bytes (uuid's, which ulid's is)
-- reads them a word at a time in the machine's byte order, so these keys
-- land in the same partitions on little- and big-endian machines (others
-- need not), and the plans and counts below are the same on both
CREATE FUNCTION ph_key(g int) RETURNS ulid LANGUAGE sql IMMUTABLE AS $$
	SELECT string_agg(substr(b, i, 2) || substr(b, i + 1, 1) || substr(b, i, 1), ''::bytea ORDER BY i)::ulid
	FROM (SELECT decode(md5(g::text), 'hex') AS b) s, generate_series(1, 7, 2) AS i
$$;
INSERT INTO ph SELECT ph_key(g), g FROM generate_series(1, 10000) g;

-- each row is in the one partition whose remainder its hash gives; every
-- partition gets a share
SELECT tableoid::regclass AS part, count(*) > 1000 AS has_a_share,
	   bool_and(satisfies_hash_partition('ph'::regclass, 4,
										 right(tableoid::regclass::text, 1)::int, id)) AS all_belong
FROM ph GROUP BY 1 ORDER BY 1;

-- and in no other
SELECT count(*) AS misplaced
FROM ph, generate_series(0, 3) r
WHERE right(tableoid::regclass::text, 1)::int <> r
  AND satisfies_hash_partition('ph'::regclass, 4, r, id);

-- a row inserted directly into a wrong partition is refused
INSERT INTO ph0 SELECT id, 0 FROM ph1 LIMIT 1;

-- equality prunes to one partition, IN to the partitions of its values
EXPLAIN (COSTS OFF) SELECT n FROM ph WHERE id = ph_key(42);
SELECT n, tableoid::regclass = (SELECT tableoid::regclass FROM ph WHERE n = 42) AS same
FROM ph WHERE id = ph_key(42);
SELECT count(DISTINCT tableoid) FROM ph WHERE n IN (1, 2, 3);
EXPLAIN (COSTS OFF) SELECT n FROM ph WHERE id IN (ph_key(1), ph_key(2), ph_key(3));

--
-- Range partitioning by time, with ulid_lower() bounds
--
CREATE TABLE pr (id ulid PRIMARY KEY, label text NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pr_2023 PARTITION OF pr
	FOR VALUES FROM (ulid_lower('2023-01-01 00:00+00')) TO (ulid_lower('2024-01-01 00:00+00'));
CREATE TABLE pr_2024 PARTITION OF pr
	FOR VALUES FROM (ulid_lower('2024-01-01 00:00+00')) TO (ulid_lower('2025-01-01 00:00+00'));
CREATE TABLE pr_default PARTITION OF pr DEFAULT;

SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
WHERE i.inhparent = 'pr'::regclass ORDER BY 1;

-- the boundaries are exact to the millisecond: the last ID of 2023 and the
-- first of 2024 go to different partitions, whatever the session time zone
SET TimeZone = 'America/New_York';
INSERT INTO pr VALUES
	(ulid_lower('2023-01-01 00:00+00'), 'first of 2023'),
	(gen_ulid('2023-06-15 12:00+00'), 'mid 2023'),
	(ulid_upper('2023-12-31 23:59:59.999+00'), 'last of 2023'),
	(ulid_lower('2024-01-01 00:00+00'), 'first of 2024'),
	(gen_ulid('2024-07-01 00:00+00'), 'mid 2024'),
	(ulid_upper('2024-12-31 23:59:59.999+00'), 'last of 2024'),
	(ulid_lower('2025-01-01 00:00+00'), 'first of 2025'),
	(ulid_upper('2022-12-31 23:59:59.999+00'), 'last of 2022');
RESET TimeZone;
SELECT label, tableoid::regclass AS part FROM pr ORDER BY id;

-- 100 generated IDs per day over two years land in their year's partition
SET TimeZone = 'UTC';
INSERT INTO pr
SELECT gen_ulid(d + g * interval '10 minutes'), 'bulk'
FROM generate_series(timestamptz '2023-01-01 00:00+00', '2024-12-31 00:00+00', interval '1 day') d,
	 generate_series(0, 99) g;
RESET TimeZone;
SELECT tableoid::regclass AS part, count(*),
	   bool_and(extract(year FROM ulid_time(id) AT TIME ZONE 'UTC')::text =
				right(tableoid::regclass::text, 4)) AS all_in_their_year
FROM pr WHERE label = 'bulk' GROUP BY 1 ORDER BY 1;

-- a time range prunes at plan time to its year
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pr
WHERE id >= ulid_lower('2024-03-01 00:00+00') AND id < ulid_lower('2024-04-01 00:00+00');
SELECT count(*) FROM pr
WHERE id >= ulid_lower('2024-03-01 00:00+00') AND id < ulid_lower('2024-04-01 00:00+00');

-- a range across the year boundary keeps both years, not the default
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pr
WHERE id BETWEEN ulid_lower('2023-12-31 00:00+00') AND ulid_upper('2024-01-01 23:59:59.999+00');

-- a parameter prunes at execution time in a generic plan
SET plan_cache_mode = force_generic_plan;
PREPARE in_range(timestamptz, timestamptz) AS
	SELECT count(*) FROM pr WHERE id >= ulid_lower($1) AND id < ulid_lower($2);
EXPLAIN (COSTS OFF) EXECUTE in_range('2023-05-01 00:00+00', '2023-06-01 00:00+00');
EXECUTE in_range('2023-05-01 00:00+00', '2023-06-01 00:00+00');
DEALLOCATE in_range;
RESET plan_cache_mode;

DROP TABLE ph, pr;
DROP FUNCTION ph_key(int);
