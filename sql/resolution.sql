--
-- 1.3 makes the cast from ulid to uuid implicit, so that a ulid column can
-- reference a uuid key (sql/uuid_keys.sql).  What that changes, and what it
-- does not, in how PostgreSQL resolves operators, functions and the type of
-- mixed expressions.  The cast from uuid to ulid stays assignment-only.
--
SELECT c.castcontext, c.castmethod
FROM pg_cast c
WHERE (c.castsource, c.casttarget) IN (('ulid'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'ulid'::regtype))
ORDER BY c.castsource::regtype::text;

CREATE TABLE rs (l ulid, u uuid, t text);
INSERT INTO rs VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01563e3a-b5d3-d676-4c61-efb99302bd5b',
	'01ARZ3NDEKTSV4RRFFQ69G5FAV');

-- unchanged: ulid op unknown is ulid's own operator, the literal a ulid
EXPLAIN (VERBOSE, COSTS OFF) SELECT l = '01ARZ3NDEKTSV4RRFFQ69G5FAV' FROM rs;
SELECT l = '01ARZ3NDEKTSV4RRFFQ69G5FAV', l < '7ZZZZZZZZZZZZZZZZZZZZZZZZZ' FROM rs;
-- unchanged: ulid op uuid resolves to the cross-type operator, no cast;
-- from 1.4 the planner rewrites it as uuid's operator, the ulid relabelled
EXPLAIN (VERBOSE, COSTS OFF) SELECT l = u, u <= l FROM rs;
SELECT l = u, u <= l FROM rs;
-- unchanged: uuid op unknown reads the literal as a uuid
SELECT u = '01563e3a-b5d3-d676-4c61-efb99302bd5b' FROM rs;
SELECT u = '01ARZ3NDEKTSV4RRFFQ69G5FAV' FROM rs;
-- unchanged: no operator between ulid and text (terse: the hint's wording
-- changed in 19)
\set VERBOSITY terse
SELECT l = t FROM rs;
\set VERBOSITY default
-- unchanged: a list of ulid literals stays ulid
EXPLAIN (VERBOSE, COSTS OFF)
SELECT l IN ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAW') FROM rs;

-- new: a function taking uuid accepts a ulid, and gets the same bytes
CREATE FUNCTION rs_hex(uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT replace($1::text, '-', '') $$;
SELECT rs_hex(l), rs_hex(l) = encode(l::bytea, 'hex') AS same_bytes FROM rs;
-- an overload for ulid itself is still preferred
CREATE FUNCTION rs_hex(ulid) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'ulid' $$;
SELECT rs_hex(l), rs_hex(u) FROM rs;
DROP FUNCTION rs_hex(uuid), rs_hex(ulid);

-- new: ulid and uuid mixed in UNION, CASE, COALESCE, ARRAY and GREATEST
-- resolve to uuid, whichever comes first (before 1.3 each was an error)
SELECT pg_typeof(x), x FROM (SELECT l FROM rs UNION ALL SELECT u FROM rs) s(x);
SELECT pg_typeof(x), x FROM (SELECT u FROM rs UNION SELECT l FROM rs) s(x);
SELECT pg_typeof(CASE WHEN true THEN l ELSE u END), CASE WHEN true THEN l ELSE u END FROM rs;
SELECT pg_typeof(COALESCE(l, u)), pg_typeof(COALESCE(u, l)) FROM rs;
SELECT pg_typeof(ARRAY[l, u]), pg_typeof(GREATEST(l, u)) FROM rs;
-- a ulid literal next to a uuid is still read as a uuid
SELECT COALESCE(u, '01ARZ3NDEKTSV4RRFFQ69G5FAV') FROM rs;
-- but with a ulid alone nothing changes
SELECT pg_typeof(COALESCE(l, '01ARZ3NDEKTSV4RRFFQ69G5FAV')) FROM rs;

-- the rule for mixed lists: a list (IN, COALESCE, CASE) whose values hold a
-- ulid and a uuid has the common type uuid, so a bare ULID literal in it is
-- read as a uuid and fails (22P02); written as a ulid, it is cast to uuid
-- and matches.  (IN compares a column in its list one by one: only the
-- other values take part in choosing the type.)
\set VERBOSITY terse
SELECT l IN ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid) FROM rs;
SELECT COALESCE(NULL, '01ARZ3NDEKTSV4RRFFQ69G5FAV', u) FROM rs;
SELECT CASE WHEN false THEN u ELSE '01ARZ3NDEKTSV4RRFFQ69G5FAV' END FROM rs;
\set VERBOSITY default
SELECT l IN ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid) AS listed,
	l IN ('01ARZ3NDEKTSV4RRFFQ69G5FAV', u) AS with_column,
	COALESCE(NULL, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, u) = l AS coalesced,
	CASE WHEN false THEN u ELSE '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid END = l AS cased
FROM rs;

-- new: a ulid column can take uuid's default btree class explicitly (the
-- cast is binary and implicit); its own class stays the default
CREATE INDEX rs_l_as_uuid ON rs (l pg_catalog.uuid_ops);
CREATE INDEX rs_l ON rs (l);
SELECT c.relname, o.opcname, o.opcintype::regtype
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_opclass o ON o.oid = i.indclass[0]
WHERE i.indrelid = 'rs'::regclass ORDER BY 1;

-- unchanged: a uuid is not a ulid implicitly; it goes into a ulid column
-- by assignment
CREATE FUNCTION rs_takes_ulid(ulid) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT $1::text $$;
\set VERBOSITY terse
SELECT rs_takes_ulid(u) FROM rs;
\set VERBOSITY default
INSERT INTO rs (l) SELECT u FROM rs RETURNING l;
DROP FUNCTION rs_takes_ulid(ulid);
DROP TABLE rs;
