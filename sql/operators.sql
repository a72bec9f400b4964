--
-- Comparison operators, checked against uuid's on the same 16 bytes
--

-- edge values: the extremes, each byte position set on its own, and
-- random values, some repeated so that equal pairs occur
CREATE TABLE op_values (u uuid);
INSERT INTO op_values VALUES ('00000000-0000-0000-0000-000000000000'),
                             ('ffffffff-ffff-ffff-ffff-ffffffffffff');
INSERT INTO op_values
	SELECT encode(set_byte('\x00000000000000000000000000000000'::bytea, pos, val), 'hex')::uuid
	FROM generate_series(0, 15) AS pos, (VALUES (1), (127), (128), (255)) AS v(val);
INSERT INTO op_values
	SELECT encode(decode(md5(n::text), 'hex'), 'hex')::uuid FROM generate_series(1, 100) AS n;
INSERT INTO op_values SELECT u FROM op_values ORDER BY u LIMIT 20;

SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (a.u::ulid =  b.u::ulid) <> (a.u =  b.u)) AS eq_wrong,
       count(*) FILTER (WHERE (a.u::ulid <> b.u::ulid) <> (a.u <> b.u)) AS ne_wrong,
       count(*) FILTER (WHERE (a.u::ulid <  b.u::ulid) <> (a.u <  b.u)) AS lt_wrong,
       count(*) FILTER (WHERE (a.u::ulid <= b.u::ulid) <> (a.u <= b.u)) AS le_wrong,
       count(*) FILTER (WHERE (a.u::ulid >  b.u::ulid) <> (a.u >  b.u)) AS gt_wrong,
       count(*) FILTER (WHERE (a.u::ulid >= b.u::ulid) <> (a.u >= b.u)) AS ge_wrong,
       count(*) FILTER (WHERE ulid_cmp(a.u::ulid, b.u::ulid) <> sign(uuid_cmp(a.u, b.u))) AS cmp_wrong,
       count(*) FILTER (WHERE ulid_hash(a.u::ulid) <> uuid_hash(a.u)) AS hash_wrong,
       count(*) FILTER (WHERE ulid_hash_extended(a.u::ulid, 42) <> uuid_hash_extended(a.u, 42)) AS hash_ext_wrong,
       count(*) FILTER (WHERE a.u < b.u) AS less_pairs,
       count(*) FILTER (WHERE a.u = b.u) AS equal_pairs
FROM op_values a, op_values b;

-- ulid_cmp returns exactly -1, 0 or 1
SELECT DISTINCT ulid_cmp(a.u::ulid, b.u::ulid) AS cmp FROM op_values a, op_values b ORDER BY 1;

-- the operators' catalog entries: commutators, negators, estimators, hash and merge
SELECT o.oprname, o.oprcode, c.oprname AS commutator, n.oprname AS negator,
       o.oprrest, o.oprjoin, o.oprcanhash, o.oprcanmerge
FROM pg_operator o
LEFT JOIN pg_operator c ON c.oid = o.oprcom
LEFT JOIN pg_operator n ON n.oid = o.oprnegate
WHERE o.oprleft = 'ulid'::regtype AND o.oprright = 'ulid'::regtype
ORDER BY o.oprname;

-- NULLs: strict functions
SELECT NULL::ulid = NULL::ulid AS eq, ulid_cmp(NULL, '00000000000000000000000000') AS cmp;

-- still no implicit casts between ulid and uuid; since 1.1 this is the
-- cross-type operator ulid = uuid (sql/crosstype.sql tests them all)
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid = '01563df3-6481-d676-4c61-efb99302bd5b'::uuid;

DROP TABLE op_values;
