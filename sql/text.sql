--
-- Text: ulid_to_text and ulid_from_text, and every way text input can be wrong
--
-- (both editions, one output: see test/README.md)
\set SHOW_CONTEXT never

-- canonical output is upper case; input is case-insensitive
SELECT ulid_to_text(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV'));
SELECT ulid_to_text(ulid_from_text('01aryz6s41tsv4rrffq69g5fav'));
SELECT ulid_from_text('01aRyZ6s41TsV4rRfFq69G5fAv') = ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV') AS mixed_case_equal;
SELECT ulid_to_text(ulid_from_text('00000000000000000000000000')) AS smallest,
       ulid_to_text(ulid_from_text('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS largest;

-- published pairs (ulid/javascript and ulid-rs test suites): same bytes as the uuid
SELECT t, ulid_from_text(t)::uuid AS as_uuid, ulid_to_text(ulid_from_text(t)) = t AS back
FROM (VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'), ('01JQ4T23H220KM7X0B3V1109DQ'),
             ('3Q38XWW0Q98GMAD3NHWZM2PZWZ'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS v(t);

-- every single bit: the text of 1 << k, decoded back
SELECT count(*) FILTER (WHERE ulid_from_text(ulid_to_text(u::ulid))::uuid <> u) AS round_trip_errors,
       count(DISTINCT ulid_to_text(u::ulid)) AS distinct_texts
FROM (SELECT lpad(to_hex(1::int8 << (k % 64)), 16, '0') AS w, k FROM generate_series(0, 127) k) s,
     LATERAL (SELECT (CASE WHEN k < 64 THEN repeat('0', 16) || w ELSE w || repeat('0', 16) END)::uuid AS u) x;

-- round trips through text for random values, checked against uuid's bytes
CREATE TABLE io_random AS
	SELECT gen_random_uuid() AS u FROM generate_series(1, 10000);
SELECT count(*) AS values,
       count(*) FILTER (WHERE ulid_from_text(ulid_to_text(u::ulid))::uuid <> u) AS round_trip_errors,
       count(*) FILTER (WHERE ulid_from_text(lower(ulid_to_text(u::ulid)))::uuid <> u) AS lower_case_errors,
       count(*) FILTER (WHERE ulid_to_text(u::ulid) !~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$') AS not_canonical
FROM io_random;

-- text order is byte order
SELECT count(*) FILTER (WHERE (a.u < b.u) <> (ulid_to_text(a.u::ulid) COLLATE "C" < ulid_to_text(b.u::ulid) COLLATE "C"))
       AS order_mismatches
FROM (SELECT u FROM io_random LIMIT 300) a, (SELECT u FROM io_random LIMIT 300 OFFSET 300) b;

-- errors: message, detail and hint for each kind of bad input
\set VERBOSITY default
SELECT ulid_from_text('');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FA');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAVV');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FUV');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FIV');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FLV');
SELECT ulid_from_text('O1ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT ulid_from_text('01ARYZ6S41 SV4RRFFQ69G5FAV');
SELECT ulid_from_text('01ARYZ6S41-SV4RRFFQ69G5FAV');
SELECT ulid_from_text(E'01ARYZ6S41\tSV4RRFFQ69G5FAV');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAé');
SELECT ulid_from_text('ééééééééééééé');
SELECT ulid_from_text('{01ARYZ6S41TSV4RRFFQ69G5FAV}');
SELECT ulid_from_text(' 01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT ulid_from_text('80000000000000000000000000');
SELECT ulid_from_text('ZZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT ulid_from_text('01563df3-6481-d676-4c61-efb99302bd5b');
SELECT ulid_from_text(NULL) IS NULL AS strict;

-- the SQLSTATE of each: always 22P02, invalid_text_representation
CREATE FUNCTION ulid_input_sqlstate(t text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ulid_from_text(t);
	RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;

SELECT t, ulid_input_sqlstate(t)
FROM (VALUES (''), ('0'), ('01ARYZ6S41TSV4RRFFQ69G5FA'), ('01ARYZ6S41TSV4RRFFQ69G5FAVV'),
             ('01ARYZ6S41TSV4RRFFQ69G5FUV'), ('01ARYZ6S41TSV4RRFFQ69G5FIV'),
             ('01ARYZ6S41TSV4RRFFQ69G5FLV'), ('01ARYZ6S41TSV4RRFFQ69G5FOV'),
             ('80000000000000000000000000'), ('8ZZZZZZZZZABCDEFGHJKMNPQRS'),
             ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('01ARYZ6S41TSV4RRFFQ69G5FA!'),
             ('01ARYZ6S41TSV4RRFFQ69G5FA '), ('01ARYZ6S41TSV4RRFFQ69G5FAé'))
     AS v(t);

-- every first character: 0-7 accepted, the rest of the alphabet overflows
SELECT string_agg(c, '' ORDER BY c) FILTER (WHERE ulid_input_sqlstate(c || repeat('0', 25)) = 'accepted') AS accepted_first,
       string_agg(c, '' ORDER BY c) FILTER (WHERE ulid_input_sqlstate(c || repeat('0', 25)) = '22P02') AS rejected_first
FROM regexp_split_to_table('0123456789ABCDEFGHJKMNPQRSTVWXYZ', '') AS c;

-- every printable ASCII character at the last position
SELECT string_agg(chr(b), '' ORDER BY b) AS accepted_last
FROM generate_series(32, 126) AS b
WHERE ulid_input_sqlstate('0000000000000000000000000' || chr(b)) = 'accepted';

-- binary output is the 16 bytes, as for uuid
SELECT uuid_send(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV'));

DROP FUNCTION ulid_input_sqlstate(text);
DROP TABLE io_random;
