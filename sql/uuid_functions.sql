--
-- Core's functions of uuid take a ulid through the implicit cast; the two
-- that would read a ULID's bits as a UUID's version and time fields have
-- ulid overloads (1.4), chosen over core's (17+) for a ulid argument.
--
-- the ULID's own time, for every value (core's function would give null, or
-- a version 1 timestamp, depending on random bits)
SELECT count(*) AS ids, count(*) FILTER (WHERE uuid_extract_timestamp(id) = ulid_time(id)) AS same_time
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 10000)) g;
SELECT uuid_extract_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid) = ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FAV') AS same;
SELECT pg_typeof(uuid_extract_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid));

-- the version: 7 where the bits also make a valid UUIDv7 (version nibble 7,
-- variant 10), null otherwise; never the random nibble itself
CREATE TABLE uf (label text, id ulid);
INSERT INTO uf VALUES
	('v7 bits', '01890a5d-ac96-774b-bcce-b302099a8057'::uuid),
	('v1 bits', '01890a5d-ac96-174b-bcce-b302099a8057'::uuid),
	('v4 bits', '01890a5d-ac96-474b-bcce-b302099a8057'::uuid),
	('v7, variant 11', '01890a5d-ac96-774b-ecce-b302099a8057'::uuid),
	('v7, variant 0', '01890a5d-ac96-774b-3cce-b302099a8057'::uuid);
SELECT label, uuid_extract_version(id), pg_typeof(uuid_extract_version(id)) FROM uf ORDER BY label;
-- for a v7-shaped value the ULID time is the UUIDv7 time
SELECT uuid_extract_timestamp(id) FROM uf WHERE label = 'v7 bits';
-- about one random ULID in 64 has those bits by chance
SELECT count(*) FILTER (WHERE uuid_extract_version(id) = 7) BETWEEN 100 AND 250 AS about_1_in_64,
	count(*) FILTER (WHERE uuid_extract_version(id) IS NOT NULL AND uuid_extract_version(id) <> 7) AS other_versions
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 10000)) g;
-- the overloads are the extension's, and take ulid exactly
SELECT p.oid::regprocedure, p.prorettype::regtype, p.provolatile, p.proisstrict, p.proleakproof
FROM pg_proc p
JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
WHERE p.proname IN ('uuid_extract_timestamp', 'uuid_extract_version')
ORDER BY 1;
DROP TABLE uf;

-- core's other functions of uuid read a ulid as the same 16 bytes, and
-- agree with ulid's own: text form, binary form, order and hash
SELECT count(*) AS pairs,
	count(*) FILTER (WHERE uuid_out(a)::text = a::uuid::text) AS same_text,
	count(*) FILTER (WHERE uuid_send(a) = ulid_send(a)) AS same_binary,
	count(*) FILTER (WHERE sign(uuid_cmp(a, b)) = sign(ulid_cmp(a, b))) AS same_order,
	count(*) FILTER (WHERE uuid_hash(a) = ulid_hash(a)
		AND uuid_hash_extended(a, 7) = ulid_hash_extended(a, 7)) AS same_hash
FROM (SELECT gen_random_ulid() AS a, gen_random_ulid() AS b FROM generate_series(1, 1000)) g;
