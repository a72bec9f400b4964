--
-- ulid.uuidv7 against core's uuid functions (18+: 17's uuid_extract_timestamp
-- reads only version 1 UUIDs) and gen_monotonic_ulid() (17+ without
-- shared_preload_libraries)
--
-- A ulid argument picks ulid's own uuid_extract_* (an exact match): the
-- values are cast to uuid to reach core's.

SET ulid.uuidv7 = on;
CREATE TEMP TABLE v7 AS SELECT n, gen_ulid() AS id FROM generate_series(1, 1000000) n;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE pg_catalog.uuid_extract_version(id::uuid) = 7) AS version_7,
	   count(*) FILTER (WHERE pg_catalog.uuid_extract_timestamp(id::uuid) = ulid_time(id)) AS same_time,
	   count(*) FILTER (WHERE uuid_extract_version(id) = 7) AS ulid_version_7
FROM v7;
DROP TABLE v7;

SELECT count(*) FILTER (WHERE pg_catalog.uuid_extract_version(id::uuid) = 7
						  AND pg_catalog.uuid_extract_timestamp(id::uuid) = ulid_time(id)) AS v7
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 10000)
	  UNION ALL SELECT gen_ulid(clock_timestamp()) FROM generate_series(1, 10000)) s;

-- gen_monotonic_ulid(): UUIDv7s, increasing, after plain ones too
CREATE TEMP TABLE m AS SELECT n, gen_monotonic_ulid() AS id FROM generate_series(1, 100000) n;
SET ulid.uuidv7 = off;
INSERT INTO m SELECT 100000 + n, gen_monotonic_ulid() FROM generate_series(1, 1000) n;
SET ulid.uuidv7 = on;
INSERT INTO m SELECT 101000 + n, gen_monotonic_ulid() FROM generate_series(1, 1000) n;
SELECT count(*) FILTER (WHERE n <= 100000 AND pg_catalog.uuid_extract_version(id::uuid) = 7) AS v7,
	   count(*) FILTER (WHERE n > 101000 AND pg_catalog.uuid_extract_version(id::uuid) = 7) AS v7_again,
	   count(DISTINCT id) AS distinct_ids
FROM m;
SELECT count(*) AS order_breaks
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM m) s
WHERE prev >= id;
DROP TABLE m;

