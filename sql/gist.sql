--
-- The GiST operator class: every strategy answers through the index as a
-- sequential scan does, for an index grown by inserts (page splits) and for
-- a sorted build; index-only scans; NULLs; an exclusion constraint
--

-- the class is complete and valid (INFO lines would name any problem)
SELECT c.opcname, c.opcdefault, c.opckeytype::regtype, amvalidate(c.oid)
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE am.amname = 'gist' AND c.opcintype = 'ulid'::regtype;

-- an index made on the empty table, so the rows below go in one by one and
-- split pages (penalty, picksplit, union)
CREATE TABLE gist_t (id ulid, n int);
CREATE INDEX gist_t_id ON gist_t USING gist (id);
-- deterministic data: 4000 ULIDs from md5 digests, spread over the whole
-- range; 3000 time-ordered ones, each value three times; 50 NULLs
INSERT INTO gist_t SELECT decode(md5(n::text), 'hex')::ulid, n FROM generate_series(1, 4000) AS n;
INSERT INTO gist_t
	SELECT ulid_lower('2026-01-01 00:00+00'::timestamptz + (n / 3) * interval '1 millisecond'), -n
	FROM generate_series(1, 3000) AS n;
INSERT INTO gist_t SELECT NULL, 10000 + n FROM generate_series(1, 50) AS n;
VACUUM ANALYZE gist_t;
-- many pages, so many splits
SELECT pg_relation_size('gist_t_id') / current_setting('block_size')::int > 20 AS split;

-- the values asked about: stored ones, a duplicated one, absent ones, and
-- the extremes of the type (a function, so that the plans below scan no
-- table of them)
CREATE FUNCTION gist_probes() RETURNS TABLE (k text, v ulid) LANGUAGE sql IMMUTABLE AS $$
	VALUES
	('md5 1', decode(md5('1'), 'hex')::ulid),
	('md5 2500', decode(md5('2500'), 'hex')::ulid),
	('stored three times', ulid_lower('2026-01-01 00:00:00.5+00')),
	('just above it, not stored', '01KDVDNAFM0000000000000001'),
	('before the time-ordered run', ulid_upper('2025-12-31 23:59:59.999+00')),
	('smallest ulid', '00000000000000000000000000'),
	('largest ulid', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
	('middle', '40000000000000000000000000')
$$;
SELECT k, v FROM gist_probes() WHERE k = 'stored three times';

-- each operator, for each probe: how many rows, and which (sums of n)
CREATE VIEW gist_answers AS
SELECT p.k, '<' AS op, a.* FROM gist_probes() p,
	LATERAL (SELECT count(*) AS rows, sum(n) AS s1, sum(n::int8 * n) AS s2 FROM gist_t WHERE id < p.v) a
UNION ALL
SELECT p.k, '<=', a.* FROM gist_probes() p,
	LATERAL (SELECT count(*), sum(n), sum(n::int8 * n) FROM gist_t WHERE id <= p.v) a
UNION ALL
SELECT p.k, '=', a.* FROM gist_probes() p,
	LATERAL (SELECT count(*), sum(n), sum(n::int8 * n) FROM gist_t WHERE id = p.v) a
UNION ALL
SELECT p.k, '>=', a.* FROM gist_probes() p,
	LATERAL (SELECT count(*), sum(n), sum(n::int8 * n) FROM gist_t WHERE id >= p.v) a
UNION ALL
SELECT p.k, '>', a.* FROM gist_probes() p,
	LATERAL (SELECT count(*), sum(n), sum(n::int8 * n) FROM gist_t WHERE id > p.v) a
UNION ALL
SELECT p.k, '<>', a.* FROM gist_probes() p,
	LATERAL (SELECT count(*), sum(n), sum(n::int8 * n) FROM gist_t WHERE id <> p.v) a;

-- every stored value, looked up by = through the index: a value missing
-- from the range of an inner entry above it would not be found
CREATE VIEW gist_found AS
SELECT count(*) AS stored, count(*) FILTER (WHERE x.found > 0) AS found
FROM gist_t a, LATERAL (SELECT count(*) AS found FROM gist_t b WHERE b.id = a.id) x
WHERE a.id IS NOT NULL;

-- the answers of a sequential scan
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
CREATE TABLE gist_seq AS SELECT * FROM gist_answers;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;

-- the same answers from plain index scans of the GiST index
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM gist_answers WHERE op = '<';
SELECT op, count(*) AS probes, sum(rows) AS rows
FROM gist_answers GROUP BY op ORDER BY op;
-- every probe and operator agrees with the sequential scan
SELECT count(*) AS answers, count(*) FILTER (WHERE s IS NOT DISTINCT FROM i) AS equal
FROM gist_seq s FULL JOIN (SELECT * FROM gist_answers) i USING (k, op);
SET enable_memoize = off;
EXPLAIN (COSTS OFF) SELECT * FROM gist_found;
SELECT * FROM gist_found;
RESET enable_memoize;
-- each strategy through the index (the plan of each operator)
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id < '40000000000000000000000000';
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id <= '40000000000000000000000000';
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id = '40000000000000000000000000';
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id >= '40000000000000000000000000';
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id > '40000000000000000000000000';
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id <> '40000000000000000000000000';

-- NULLs: found by IS NULL through the index, never by an operator
EXPLAIN (COSTS OFF) SELECT count(*) FROM gist_t WHERE id IS NULL;
SELECT count(*), min(n), max(n) FROM gist_t WHERE id IS NULL;
SELECT count(*) FROM gist_t WHERE id IS NOT NULL;
RESET enable_indexonlyscan;

-- an index-only scan returns the stored ULIDs themselves (fetch)
EXPLAIN (COSTS OFF) SELECT id FROM gist_t WHERE id >= ulid_lower('2026-01-01 00:00:00.5+00');
CREATE TABLE gist_ios AS SELECT id FROM gist_t WHERE id >= ulid_lower('2026-01-01 00:00:00.5+00');
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) AS rows,
       count(*) = (SELECT count(*) FROM gist_t WHERE id >= ulid_lower('2026-01-01 00:00:00.5+00')) AS all_rows,
       (SELECT array_agg(id ORDER BY id) FROM gist_ios)
       = (SELECT array_agg(id ORDER BY id) FROM gist_t WHERE id >= ulid_lower('2026-01-01 00:00:00.5+00')) AS same_values
FROM gist_ios;

-- a sorted build (sort support) of the same rows gives the same answers
DROP INDEX gist_t_id;
CREATE INDEX gist_t_id ON gist_t USING gist (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM gist_t WHERE id = '40000000000000000000000000';
SELECT count(*) AS answers, count(*) FILTER (WHERE s IS NOT DISTINCT FROM i) AS equal
FROM gist_seq s FULL JOIN (SELECT * FROM gist_answers) i USING (k, op);
SELECT * FROM gist_found;
SELECT count(*), min(n), max(n) FROM gist_t WHERE id IS NULL;
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET enable_indexonlyscan;

DROP VIEW gist_answers, gist_found;
DROP FUNCTION gist_probes();
DROP TABLE gist_t, gist_seq, gist_ios;

-- an exclusion constraint: one row per ulid at any moment
SET TimeZone = 'UTC';
CREATE TABLE gist_booking (id ulid, during tstzrange,
	EXCLUDE USING gist (id WITH =, during WITH &&));
INSERT INTO gist_booking VALUES
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-01-01 00:00+00, 2026-02-01 00:00+00)'),
	-- the same id, next to it
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-02-01 00:00+00, 2026-03-01 00:00+00)'),
	-- another id, at the same time
	('01ARYZ6S41TSV4RRFFQ69G5FAW', '[2026-01-15 00:00+00, 2026-02-15 00:00+00)');
-- the same id, overlapping: 23P01 (exclusion_violation)
INSERT INTO gist_booking VALUES
	('01aryz6s41tsv4rrffq69g5fav', '[2026-01-31 00:00+00, 2026-02-02 00:00+00)');
\set VERBOSITY sqlstate
INSERT INTO gist_booking VALUES
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-02-28 00:00+00, 2026-03-02 00:00+00)');
\set VERBOSITY default
-- a NULL id conflicts with nothing, as in any exclusion constraint
INSERT INTO gist_booking VALUES
	(NULL, '[2026-01-01 00:00+00, 2026-03-01 00:00+00)'),
	(NULL, '[2026-01-01 00:00+00, 2026-03-01 00:00+00)');
SELECT id, during FROM gist_booking ORDER BY id, during;
DROP TABLE gist_booking;
RESET TimeZone;

-- the key type exists only inside indexes: no text input, 0A000
-- (feature_not_supported)
SELECT 'x'::ulid_gist_key;
\set VERBOSITY sqlstate
SELECT ''::ulid_gist_key;
\set VERBOSITY default
