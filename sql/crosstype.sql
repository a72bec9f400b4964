--
-- 1.1: comparison operators between ulid and uuid, both ways, and their use
-- of indexes on ulid columns
--

-- values with bytes that differ in the first, middle and last byte, and both
-- halves of each byte (so signedness errors would show)
CREATE TABLE ct_values AS
SELECT v::ulid AS u
FROM (VALUES ('\x00000000000000000000000000000000'::bytea),
             ('\x00000000000000000000000000000001'), ('\x000000000000000000000000000000ff'),
             ('\x0000000000000000000000000000ff00'), ('\x01563df36481d6764c61efb99302bd5b'),
             ('\x01563df36481d6764c61efb99302bd5c'), ('\x7f000000000000000000000000000000'),
             ('\x80000000000000000000000000000000'), ('\xff00000000000000000000000000000f'),
             ('\xffffffffffffffffffffffffffffffff')) AS t(v);

-- each cross-type operator agrees with ulid's own on the same bytes, in both
-- argument orders: no row may disagree, and every pair is compared
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (a.u = b.u::uuid) IS DISTINCT FROM (a.u = b.u)
                           OR (a.u::uuid = b.u) IS DISTINCT FROM (a.u = b.u)) AS eq_bad,
       count(*) FILTER (WHERE (a.u <> b.u::uuid) IS DISTINCT FROM (a.u <> b.u)
                           OR (a.u::uuid <> b.u) IS DISTINCT FROM (a.u <> b.u)) AS ne_bad,
       count(*) FILTER (WHERE (a.u < b.u::uuid) IS DISTINCT FROM (a.u < b.u)
                           OR (a.u::uuid < b.u) IS DISTINCT FROM (a.u < b.u)) AS lt_bad,
       count(*) FILTER (WHERE (a.u <= b.u::uuid) IS DISTINCT FROM (a.u <= b.u)
                           OR (a.u::uuid <= b.u) IS DISTINCT FROM (a.u <= b.u)) AS le_bad,
       count(*) FILTER (WHERE (a.u >= b.u::uuid) IS DISTINCT FROM (a.u >= b.u)
                           OR (a.u::uuid >= b.u) IS DISTINCT FROM (a.u >= b.u)) AS ge_bad,
       count(*) FILTER (WHERE (a.u > b.u::uuid) IS DISTINCT FROM (a.u > b.u)
                           OR (a.u::uuid > b.u) IS DISTINCT FROM (a.u > b.u)) AS gt_bad,
       count(*) FILTER (WHERE ulid_cmp_uuid(a.u, b.u::uuid) <> ulid_cmp(a.u, b.u)
                           OR uuid_cmp_ulid(a.u::uuid, b.u) <> ulid_cmp(a.u, b.u)) AS cmp_bad,
       count(*) FILTER (WHERE a.u < b.u) AS lt_true
FROM ct_values a, ct_values b;

-- and with uuid's own operators as the oracle
SELECT count(*) FILTER (WHERE (a.u < b.u::uuid) IS DISTINCT FROM (a.u::uuid < b.u::uuid)
                           OR (a.u::uuid >= b.u) IS DISTINCT FROM (a.u::uuid >= b.u::uuid)) AS bad
FROM ct_values a, ct_values b;

-- strict: NULL in, NULL out
SELECT ('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid = NULL::uuid) IS NULL AS ulid_null,
       (NULL::uuid < '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid) IS NULL AS uuid_null;

-- the operators are declared like ulid's own: commutators and negators pair
-- up across the two argument orders, = hashes (and, from 1.3, does not
-- merge: ulid--1.2--1.3.sql says why)
SELECT o.oprname, o.oprleft::regtype AS left, o.oprright::regtype AS right,
       c.oprleft::regtype AS com_left, c.oprname AS com, n.oprname AS neg,
       o.oprrest, o.oprjoin, o.oprcanhash AS hashes, o.oprcanmerge AS merges
FROM pg_operator o
JOIN pg_operator c ON c.oid = o.oprcom
JOIN pg_operator n ON n.oid = o.oprnegate
WHERE (o.oprleft, o.oprright) IN (('ulid'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'ulid'::regtype))
ORDER BY 2, 1;

-- both families validate: complete over ulid and uuid, support functions
-- for every pair (amvalidate reports any problem as INFO lines)
SELECT am.amname, c.opcname, amvalidate(c.oid)
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname = 'ulid_ops' AND am.amname IN ('btree', 'hash')
ORDER BY 1;

-- the operators of the btree and hash families
SELECT am.amname, o.amopstrategy AS strategy, o.amoplefttype::regtype AS left,
       o.amoprighttype::regtype AS right, o.amopopr::regoperator
FROM pg_amop o
JOIN pg_opfamily f ON f.oid = o.amopfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.opfname = 'ulid_ops' AND am.amname IN ('btree', 'hash')
ORDER BY 1, o.amoplefttype::regtype::text, o.amoprighttype::regtype::text, 2;

-- index use: a ulid column queried with uuid-typed values, as drivers send
-- them (psycopg's uuid.UUID, JDBC's java.util.UUID)
CREATE TABLE ct_items (id ulid PRIMARY KEY, n int4);
INSERT INTO ct_items
SELECT decode(lpad(to_hex(i * 7919), 32, '0'), 'hex')::ulid, i
FROM generate_series(1, 2000) AS i;
ANALYZE ct_items;

-- a literal still resolves to ulid = ulid: no ambiguity
EXPLAIN (COSTS OFF)
SELECT n FROM ct_items WHERE id = '00000000000000000000003VQG';

PREPARE ct_eq(uuid) AS SELECT n FROM ct_items WHERE id = $1;
PREPARE ct_eq_rev(uuid) AS SELECT n FROM ct_items WHERE $1 = id;
PREPARE ct_range(uuid, uuid) AS
	SELECT count(*), min(n), max(n) FROM ct_items WHERE id >= $1 AND id < $2;
PREPARE ct_range_rev(uuid, uuid) AS
	SELECT count(*), min(n), max(n) FROM ct_items WHERE $1 <= id AND $2 > id;

SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET plan_cache_mode = force_generic_plan;

EXPLAIN (COSTS OFF) EXECUTE ct_eq('00000000-0000-0000-0000-00000001eef0');
EXECUTE ct_eq('00000000-0000-0000-0000-00000001eef0');
EXPLAIN (COSTS OFF) EXECUTE ct_eq_rev('00000000-0000-0000-0000-00000001eef0');
EXECUTE ct_eq_rev('00000000-0000-0000-0000-00000001eef0');
EXPLAIN (COSTS OFF)
EXECUTE ct_range('00000000-0000-0000-0000-0000000c155c', '00000000-0000-0000-0000-000000182ab8');
EXECUTE ct_range('00000000-0000-0000-0000-0000000c155c', '00000000-0000-0000-0000-000000182ab8');
EXPLAIN (COSTS OFF)
EXECUTE ct_range_rev('00000000-0000-0000-0000-0000000c155c', '00000000-0000-0000-0000-000000182ab8');
EXECUTE ct_range_rev('00000000-0000-0000-0000-0000000c155c', '00000000-0000-0000-0000-000000182ab8');

-- a hash index serves the uuid key too
ALTER TABLE ct_items DROP CONSTRAINT ct_items_pkey;
CREATE INDEX ct_items_hash ON ct_items USING hash (id);
EXPLAIN (COSTS OFF) EXECUTE ct_eq('00000000-0000-0000-0000-00000001eef0');
EXECUTE ct_eq('00000000-0000-0000-0000-00000001eef0');

RESET enable_seqscan;
RESET enable_bitmapscan;
RESET plan_cache_mode;

-- joins between a ulid and a uuid column: hash join, and a nested loop
-- probing the ulid side's index, with the same rows as joining on the uuid
-- bytes (merge joins, possible from 1.4: sql/uuid_planner.sql)
CREATE TABLE ct_refs AS SELECT id::uuid AS ref FROM ct_items WHERE n % 3 = 0;
ANALYZE ct_refs;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ct_items i JOIN ct_refs r ON i.id = r.ref;
SELECT count(*), sum(n) FROM ct_items i JOIN ct_refs r ON i.id = r.ref;
RESET enable_nestloop;
SET enable_hashjoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ct_items i JOIN ct_refs r ON i.id = r.ref;
SELECT count(*), sum(n) FROM ct_items i JOIN ct_refs r ON i.id = r.ref;
RESET enable_mergejoin;
RESET enable_hashjoin;
SELECT count(*), sum(n) FROM ct_items i JOIN ct_refs r ON i.id::uuid = r.ref;

DEALLOCATE ALL;
DROP TABLE ct_values, ct_items, ct_refs;
