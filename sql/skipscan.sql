--
-- btree skip scan (PostgreSQL 18+): a skip scan over the ulid column
-- steps through its distinct values, including the smallest and largest.
-- 1.2 has no skip support function (ulid--1.1--1.2.sql says why): the scan
-- needs none
--

CREATE TABLE skip (id ulid, n int);
INSERT INTO skip
	SELECT id, n
	FROM (VALUES ('00000000000000000000000000'::ulid), ('00000000000000000000000001'),
	             ('01ARYZ6S41TSV4RRFFQ69G5FAV'), ('3Q38XWW0Q98GMAD3NHWZM2PZWZ'),
	             ('7ZZZZZZZZZZZZZZZZZZZZZZZZY'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS v(id),
	     generate_series(1, 2000) AS n;
CREATE INDEX skip_id_n ON skip (id, n);
VACUUM ANALYZE skip;

SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM skip WHERE n = 7;
-- one index search per distinct ulid (and one past the last), not a full scan
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) SELECT id FROM skip WHERE n = 7;
SELECT id FROM skip WHERE n = 7 ORDER BY id;
SELECT id FROM skip WHERE n = 7 ORDER BY id DESC;
SELECT id FROM skip WHERE id > '00000000000000000000000000' AND id < '7ZZZZZZZZZZZZZZZZZZZZZZZZZ' AND n = 1999 ORDER BY id;
RESET enable_seqscan;
RESET enable_bitmapscan;

DROP TABLE skip;
