--
-- btree, hash and BRIN indexes on ulid, each used and each correct
--

-- deterministic data: 20000 ULIDs made from md5 digests, plus a time-ordered
-- run of ULIDs one per millisecond for the range tests
CREATE TABLE idx (id ulid, n int);
INSERT INTO idx SELECT decode(md5(n::text), 'hex')::ulid, n FROM generate_series(1, 20000) AS n;
INSERT INTO idx
	SELECT gen_ulid('2026-01-01 00:00:00+00'::timestamptz + n * interval '1 millisecond'), -n
	FROM generate_series(0, 9999) AS n;
ANALYZE idx;

-- the answers every index must reproduce, computed by a sequential scan
CREATE TABLE expected AS
SELECT (SELECT n FROM idx WHERE id = decode(md5('777'), 'hex')::ulid) AS eq_n,
       (SELECT count(*) FROM idx WHERE id >= ulid_lower('2026-01-01 00:00:01+00')
                                   AND id <  ulid_lower('2026-01-01 00:00:02+00')) AS range_count,
       (SELECT count(*) FROM idx WHERE id < '10000000000000000000000000'::ulid) AS lt_count;
SELECT * FROM expected;

SET enable_seqscan = off;

-- btree
CREATE INDEX idx_btree ON idx (id);
EXPLAIN (COSTS OFF) SELECT n FROM idx WHERE id = decode(md5('777'), 'hex')::ulid;
SELECT n = (SELECT eq_n FROM expected) AS eq_ok FROM idx WHERE id = decode(md5('777'), 'hex')::ulid;
-- a plain index scan, whose plan reads the same on every major (19 prefers
-- an index-only scan where older majors take a bitmap scan)
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM idx
	WHERE id >= ulid_lower('2026-01-01 00:00:01+00') AND id < ulid_lower('2026-01-01 00:00:02+00');
SELECT count(*) = (SELECT range_count FROM expected) AS range_ok FROM idx
	WHERE id >= ulid_lower('2026-01-01 00:00:01+00') AND id < ulid_lower('2026-01-01 00:00:02+00');
RESET enable_bitmapscan;
RESET enable_indexonlyscan;
SELECT count(*) = (SELECT lt_count FROM expected) AS lt_ok FROM idx
	WHERE id < '10000000000000000000000000'::ulid;
-- amcheck: every key in order by ulid_cmp, every heap row in the index
CREATE EXTENSION amcheck;
SELECT bt_index_check('idx_btree', true);
DROP INDEX idx_btree;

-- a primary key rejects a duplicate
CREATE TABLE idx_pk (id ulid PRIMARY KEY);
INSERT INTO idx_pk VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV');
INSERT INTO idx_pk VALUES ('01aryz6s41tsv4rrffq69g5fav');
DROP TABLE idx_pk;

-- btree deduplication works (btequalimage): duplicates take less room, under
-- a third (3.9 times less with i386's 4-byte alignment, 4.3 on amd64; about
-- the same size without deduplication)
CREATE TABLE idx_dup AS SELECT decode(md5((n % 10)::text), 'hex')::ulid AS id
	FROM generate_series(1, 50000) AS n;
CREATE INDEX idx_dup_on ON idx_dup (id) WITH (deduplicate_items = on);
CREATE INDEX idx_dup_off ON idx_dup (id) WITH (deduplicate_items = off);
SELECT pg_relation_size('idx_dup_on') * 3 < pg_relation_size('idx_dup_off') AS deduplicated;
DROP TABLE idx_dup;

-- hash
CREATE INDEX idx_hash ON idx USING hash (id);
EXPLAIN (COSTS OFF) SELECT n FROM idx WHERE id = decode(md5('777'), 'hex')::ulid;
SELECT n = (SELECT eq_n FROM expected) AS eq_ok FROM idx WHERE id = decode(md5('777'), 'hex')::ulid;
SELECT count(*) AS hash_misses FROM generate_series(1, 20000) AS n
WHERE NOT EXISTS (SELECT FROM idx WHERE id = decode(md5(n::text), 'hex')::ulid);
DROP INDEX idx_hash;

-- BRIN minmax (the default) on the time-ordered part
CREATE TABLE idx_time AS SELECT id, n FROM idx WHERE n < 0 ORDER BY id;
CREATE INDEX idx_time_brin ON idx_time USING brin (id) WITH (pages_per_range = 2);
EXPLAIN (COSTS OFF) SELECT count(*) FROM idx_time
	WHERE id >= ulid_lower('2026-01-01 00:00:01+00') AND id < ulid_lower('2026-01-01 00:00:02+00');
SELECT count(*) = (SELECT range_count FROM expected) AS range_ok FROM idx_time
	WHERE id >= ulid_lower('2026-01-01 00:00:01+00') AND id < ulid_lower('2026-01-01 00:00:02+00');
DROP TABLE idx_time;

RESET enable_seqscan;

-- sorting (sortsupport with abbreviated keys) agrees with uuid's order,
-- both on distinct keys and on keys whose first 8 bytes are all the same
-- (abbreviation is abandoned there, the full comparator decides)
SELECT count(*) FILTER (WHERE r_ulid <> r_uuid) AS sort_mismatches
FROM (SELECT row_number() OVER (ORDER BY id) AS r_ulid,
             row_number() OVER (ORDER BY id::uuid) AS r_uuid
      FROM idx) s;
CREATE TABLE idx_same_prefix AS
	SELECT ('\x0189abcdef012345'::bytea || substr(decode(md5(n::text), 'hex'), 1, 8))::ulid AS id
	FROM generate_series(1, 20000) AS n;
SELECT count(*) FILTER (WHERE r_ulid <> r_uuid) AS sort_mismatches
FROM (SELECT row_number() OVER (ORDER BY id) AS r_ulid,
             row_number() OVER (ORDER BY id::uuid) AS r_uuid
      FROM idx_same_prefix) s;
DROP TABLE idx_same_prefix;

-- PARTITION BY HASH needs hash_extended; rows land exactly where the same
-- bytes land as uuids, and each partition gets a fair share of the md5-made
-- rows (how many differs by byte order, as core's hash of the bytes does)
CREATE TABLE part_ulid (id ulid) PARTITION BY HASH (id);
CREATE TABLE part_uuid (id uuid) PARTITION BY HASH (id);
CREATE TABLE part_ulid_0 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE part_ulid_1 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE part_ulid_2 PARTITION OF part_ulid FOR VALUES WITH (MODULUS 3, REMAINDER 2);
CREATE TABLE part_uuid_0 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE part_uuid_1 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE part_uuid_2 PARTITION OF part_uuid FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO part_ulid SELECT id FROM idx WHERE n > 0;
INSERT INTO part_uuid SELECT id::uuid FROM idx WHERE n > 0;
SELECT least((SELECT count(*) FROM part_ulid_0), (SELECT count(*) FROM part_ulid_1),
             (SELECT count(*) FROM part_ulid_2)) > 6000 AS fair_shares,
       (SELECT count(*) FROM part_ulid_0 a JOIN part_uuid_0 b ON a.id::uuid = b.id) +
       (SELECT count(*) FROM part_ulid_1 a JOIN part_uuid_1 b ON a.id::uuid = b.id) +
       (SELECT count(*) FROM part_ulid_2 a JOIN part_uuid_2 b ON a.id::uuid = b.id) AS same_partition;
DROP TABLE part_ulid, part_uuid;

DROP TABLE idx, expected;
DROP EXTENSION amcheck;
