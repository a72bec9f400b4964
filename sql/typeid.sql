--
-- TypeID text (specification 0.3, github.com/jetify-com/typeid)
--
-- (both editions, one output: see test/README.md)
\set SHOW_CONTEXT never

-- the spec's valid vectors (valid.yml): parse to the UUID and the prefix,
-- and format back from them
CREATE TEMP TABLE valid (name text, typeid text, prefix text, uuid uuid);
INSERT INTO valid VALUES
	('nil', '00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'),
	('one', '00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'),
	('ten', '0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'),
	('sixteen', '0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'),
	('thirty-two', '00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'),
	('max-valid', '7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
	('valid-alphabet', 'prefix_0123456789abcdefghjkmnpqrs', 'prefix', '0110c853-1d09-52d8-d73e-1194e95b5f19'),
	('valid-uuidv7', 'prefix_01h455vb4pex5vsknk084sn02q', 'prefix', '01890a5d-ac96-774b-bcce-b302099a8057'),
	('prefix-underscore', 'pre_fix_00000000000000000000000000', 'pre_fix', '00000000-0000-0000-0000-000000000000');
SELECT name,
	   ulid_from_typeid(typeid)::uuid = uuid AS uuid_ok,
	   typeid_prefix(typeid) = prefix AS prefix_ok,
	   ulid_to_typeid(uuid::ulid, prefix) = typeid AS format_ok,
	   ulid_from_typeid(typeid, prefix)::uuid = uuid AS with_prefix_ok
FROM valid ORDER BY name;

-- the spec's invalid vectors (invalid.yml): each fails with 22P02 and a
-- detail naming the rule (pg_input_error_info would need 16; a function
-- that catches the error keeps the output the same on 15)
CREATE FUNCTION typeid_error(t text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ulid_from_typeid(t);
	RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
	DECLARE
		d text;
	BEGIN
		GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
		RETURN SQLSTATE || ': ' || SQLERRM || ' / ' || d;
	END;
END$$;
SELECT name, typeid_error(typeid)
FROM (VALUES
	('prefix-uppercase', 'PREFIX_00000000000000000000000000'),
	('prefix-numeric', '12345_00000000000000000000000000'),
	('prefix-period', 'pre.fix_00000000000000000000000000'),
	('prefix-non-ascii', 'préfix_00000000000000000000000000'),
	('prefix-spaces', '  prefix_00000000000000000000000000'),
	('prefix-64-chars', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000'),
	('separator-empty-prefix', '_00000000000000000000000000'),
	('separator-empty', '_'),
	('suffix-short', 'prefix_1234567890123456789012345'),
	('suffix-long', 'prefix_123456789012345678901234567'),
	('suffix-spaces', 'prefix_1234567890123456789012345 '),
	('suffix-uppercase', 'prefix_0123456789ABCDEFGHJKMNPQRS'),
	('suffix-hyphens', 'prefix_123456789-123456789-123456'),
	('suffix-wrong-alphabet', 'prefix_ooooooiiiiiiuuuuuuulllllll'),
	('suffix-ambiguous-crockford', 'prefix_i23456789ol23456789oi23456'),
	('suffix-hyphens-crockford', 'prefix_123456789-0123456789-0123456'),
	('suffix-overflow', 'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'),
	('prefix-underscore-start', '_prefix_00000000000000000000000000'),
	('prefix-underscore-end', 'prefix__00000000000000000000000000')) v(name, typeid);

-- the full messages of a few
SELECT ulid_from_typeid('prefix_0123456789ABCDEFGHJKMNPQRS');
SELECT ulid_from_typeid('préfix_00000000000000000000000000');
SELECT ulid_from_typeid('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz');
SELECT ulid_from_typeid('');

-- a required prefix: the TypeID must have exactly that one
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user')::uuid;
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'post');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', '');
SELECT ulid_from_typeid('01h455vb4pex5vsknk084sn02q', '')::uuid;
SELECT ulid_from_typeid('01h455vb4pex5vsknk084sn02q', 'user');
SELECT ulid_from_typeid('users_01h455vb4pex5vsknk084sn02q', 'user');

-- formatting: prefix rules, and no separator for an empty prefix
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'user');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), '');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), repeat('a', 63));
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), repeat('a', 64));
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'User');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'user_');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'a b');
SELECT ulid_to_typeid(NULL, 'user') IS NULL AS strict_null,
	   ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), NULL) IS NULL AS strict_null_prefix;

-- the suffix is the ULID's own text in lower case
SELECT count(*) FILTER (WHERE ulid_to_typeid(id, 'x') = 'x_' || lower(ulid_to_text(id))) AS same_text,
	   count(*) FILTER (WHERE ulid_from_typeid(ulid_to_typeid(id, 'ab_cd'), 'ab_cd') = id) AS round_trip,
	   count(*) FILTER (WHERE typeid_prefix(ulid_to_typeid(id, 'ab_cd')) = 'ab_cd') AS prefix_back,
	   count(*) FILTER (WHERE ulid_from_typeid(lower(ulid_to_text(id))) = id) AS no_prefix
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 10000)) s;

-- UUIDv7 values as the spec wants them generated
SET ulid.uuidv7 = on;
SELECT count(*) FILTER (WHERE ulid_is_uuidv7(ulid_from_typeid(ulid_to_typeid(gen_ulid(), 'user')))) AS v7
FROM generate_series(1, 1000);
RESET ulid.uuidv7;

-- attributes: immutable, strict, parallel safe (LEAKPROOF differs: each
-- edition's catalog test shows it)
SELECT p.oid::regprocedure, p.provolatile, p.proisstrict, p.proparallel
FROM pg_proc p
WHERE p.proname IN ('ulid_to_typeid', 'ulid_from_typeid', 'typeid_prefix', 'ulid_is_uuidv7')
ORDER BY p.oid::regprocedure::text;
DROP FUNCTION typeid_error(text);
