--
-- Text and binary I/O, and every way text input can be wrong
--

-- canonical output is upper case; input is case-insensitive
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid;
SELECT '01aryz6s41tsv4rrffq69g5fav'::ulid;
SELECT '01aRyZ6s41TsV4rRfFq69G5fAv'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid AS mixed_case_equal;
SELECT '00000000000000000000000000'::ulid AS smallest, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid AS largest;

-- published pairs (ulid/javascript and ulid-rs test suites): same bytes as the uuid
SELECT t, t::ulid::uuid AS as_uuid
FROM (VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'), ('01JQ4T23H220KM7X0B3V1109DQ'),
             ('3Q38XWW0Q98GMAD3NHWZM2PZWZ'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS v(t);

-- round trips through text for random values, checked against uuid's bytes
CREATE TABLE io_random AS
	SELECT gen_random_uuid() AS u FROM generate_series(1, 10000);
SELECT count(*) AS values,
       count(*) FILTER (WHERE u::ulid::text::ulid::uuid <> u) AS round_trip_errors,
       count(*) FILTER (WHERE lower(u::ulid::text)::ulid::uuid <> u) AS lower_case_errors,
       count(*) FILTER (WHERE u::ulid::text !~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$') AS not_canonical
FROM io_random;

-- text order is byte order
SELECT count(*) FILTER (WHERE (a.u < b.u) <> (a.u::ulid::text COLLATE "C" < b.u::ulid::text COLLATE "C"))
       AS order_mismatches
FROM (SELECT u FROM io_random LIMIT 300) a, (SELECT u FROM io_random LIMIT 300 OFFSET 300) b;

-- errors: message, detail and hint for each kind of bad input
\set VERBOSITY default
SELECT ''::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FA'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAVV'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FUV'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FIV'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FLV'::ulid;
SELECT 'O1ARYZ6S41TSV4RRFFQ69G5FAV'::ulid;
SELECT '01ARYZ6S41 SV4RRFFQ69G5FAV'::ulid;
SELECT '01ARYZ6S41-SV4RRFFQ69G5FAV'::ulid;
SELECT E'01ARYZ6S41\tSV4RRFFQ69G5FAV'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAé'::ulid;
SELECT 'ééééééééééééé'::ulid;
SELECT '{01ARYZ6S41TSV4RRFFQ69G5FAV}'::ulid;
SELECT ' 01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid;
SELECT '80000000000000000000000000'::ulid;
SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;

-- binary output is the 16 bytes, as for uuid
SELECT ulid_send('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid);
SELECT count(*) FILTER (WHERE ulid_send(u::ulid) <> uuid_send(u)) AS send_mismatches FROM io_random;

-- ulid_to_text and ulid_from_text (1.5) are the type's output and input as
-- text: the same text, the same ulid, and the same verdict, SQLSTATE,
-- message, detail and hint for every text that sql/text.sql gives
-- ulid_from_text (every first character, every printable ASCII character
-- at the last position, every kind of bad input).  The one text that they
-- read differently, uuid's (36 characters), which the input reads and
-- ulid_from_text refuses, is sql/uuid_text.sql's.
SELECT ulid_to_text('01aryz6s41tsv4rrffq69g5fav'::ulid), ulid_from_text('01aryz6s41tsv4rrffq69g5fav');
SELECT count(*) FILTER (WHERE ulid_to_text(u::ulid) <> u::ulid::text) AS to_text_mismatches,
       count(*) FILTER (WHERE ulid_from_text(u::ulid::text) <> u::ulid) AS from_text_mismatches,
       count(*) FILTER (WHERE ulid_from_text(lower(u::ulid::text)) <> u::ulid) AS lower_case_mismatches
FROM io_random;
CREATE FUNCTION pg_temp.outcome(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE m text; d text; h text;
BEGIN
	EXECUTE q;
	RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
	RETURN concat_ws(' / ', SQLSTATE, m, d, h);
END
$$;
SELECT count(*) AS texts,
       count(*) FILTER (WHERE input <> from_text) AS outcome_mismatches,
       count(*) FILTER (WHERE input LIKE '22P02 / %') AS rejected,
       count(*) FILTER (WHERE input <> 'accepted' AND input NOT LIKE '22P02 / %') AS other_errors
FROM (SELECT pg_temp.outcome(format('SELECT %L::ulid', t)) AS input,
             pg_temp.outcome(format('SELECT ulid_from_text(%L)', t)) AS from_text
      FROM (SELECT c || repeat('0', 25) FROM regexp_split_to_table('0123456789ABCDEFGHJKMNPQRSTVWXYZ', '') AS c
            UNION ALL
            SELECT '0000000000000000000000000' || chr(b) FROM generate_series(32, 126) AS b
            UNION ALL
            SELECT unnest(ARRAY['', '0', '01ARYZ6S41TSV4RRFFQ69G5FA', '01ARYZ6S41TSV4RRFFQ69G5FAVV', '01ARYZ6S41TSV4RRFFQ69G5FUV',
                                '01ARYZ6S41TSV4RRFFQ69G5FIV', '01ARYZ6S41TSV4RRFFQ69G5FLV', '01ARYZ6S41TSV4RRFFQ69G5FOV', 'O1ARYZ6S41TSV4RRFFQ69G5FAV',
                                '01ARYZ6S41 SV4RRFFQ69G5FAV', '01ARYZ6S41-SV4RRFFQ69G5FAV', E'01ARYZ6S41\tSV4RRFFQ69G5FAV',
                                '01ARYZ6S41TSV4RRFFQ69G5FAé', 'ééééééééééééé', '{01ARYZ6S41TSV4RRFFQ69G5FAV}',
                                ' 01ARYZ6S41TSV4RRFFQ69G5FAV', '80000000000000000000000000', '8ZZZZZZZZZABCDEFGHJKMNPQRS',
                                'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
                                '01ARYZ6S41TSV4RRFFQ69G5FA!', '01ARYZ6S41TSV4RRFFQ69G5FA '])) AS v(t)) s;
SELECT ulid_from_text(NULL) IS NULL AS strict;

DROP TABLE io_random;
