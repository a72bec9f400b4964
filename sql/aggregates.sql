--
-- min(ulid) and max(ulid)
--

CREATE TABLE agg (id ulid, g int);
INSERT INTO agg SELECT decode(md5(n::text), 'hex')::ulid, n % 3 FROM generate_series(1, 3000) AS n;
INSERT INTO agg VALUES (NULL, 0), (NULL, 1);

SELECT min(id) = (SELECT id FROM agg WHERE id IS NOT NULL ORDER BY id::uuid LIMIT 1) AS min_ok,
       max(id) = (SELECT id FROM agg WHERE id IS NOT NULL ORDER BY id::uuid DESC LIMIT 1) AS max_ok
FROM agg;
SELECT g, min(id) = (SELECT id FROM agg a WHERE a.g = agg.g AND id IS NOT NULL ORDER BY id::uuid LIMIT 1) AS min_ok,
       max(id) = (SELECT id FROM agg a WHERE a.g = agg.g AND id IS NOT NULL ORDER BY id::uuid DESC LIMIT 1) AS max_ok
FROM agg GROUP BY g ORDER BY g;
SELECT min(id), max(id) FROM agg WHERE false;
SELECT min(id), max(id) FROM agg WHERE id IS NULL;
SELECT min(id), max(id) FROM (VALUES ('00000000000000000000000000'::ulid), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) v(id);

-- with a btree index, min and max read one end of it (the sort operator)
CREATE INDEX agg_id ON agg (id);
ANALYZE agg;
EXPLAIN (COSTS OFF) SELECT max(id) FROM agg;
SELECT max(id) = (SELECT id FROM agg WHERE id IS NOT NULL ORDER BY id::uuid DESC LIMIT 1) AS max_ok FROM agg;

-- in parallel, partial results are combined
DROP INDEX agg_id;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT min(id), max(id) FROM agg;
SELECT min(id) = (SELECT id FROM agg WHERE id IS NOT NULL ORDER BY id::uuid LIMIT 1) AS min_ok,
       max(id) = (SELECT id FROM agg WHERE id IS NOT NULL ORDER BY id::uuid DESC LIMIT 1) AS max_ok
FROM agg;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

DROP TABLE agg;
