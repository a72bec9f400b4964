--
-- Soft input errors (PostgreSQL 16+): validity checks without raising
--

SELECT pg_input_is_valid('01ARYZ6S41TSV4RRFFQ69G5FAV', 'ulid') AS canonical,
       pg_input_is_valid('01aryz6s41tsv4rrffq69g5fav', 'ulid') AS lower_case,
       pg_input_is_valid('01ARYZ6S41TSV4RRFFQ69G5FA', 'ulid') AS too_short,
       pg_input_is_valid('01ARYZ6S41TSV4RRFFQ69G5FUV', 'ulid') AS letter_u,
       pg_input_is_valid('80000000000000000000000000', 'ulid') AS overflow;

SELECT t, e.*
FROM (VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAVV'), ('01ARYZ6S41TSV4RRFFQ69G5FLV'),
             ('01ARYZ6S41TSV4RRFFQ69G5FAé'), ('80000000000000000000000000'),
             ('01ARYZ6S41TSV4RRFFQ69G5FAV'), ('01563df3-6481-d676-4c61-efb99302bd5b'),
             ('01563df3-6481-d676-4c61-efb99302bd5g'), ('01563df36-481-d676-4c61-efb99302bd5b')) AS v(t),
     LATERAL pg_input_error_info(t, 'ulid') AS e;

-- a bulk check of mixed input raises nothing
SELECT count(*) FILTER (WHERE pg_input_is_valid(t, 'ulid')) AS valid,
       count(*) FILTER (WHERE NOT pg_input_is_valid(t, 'ulid')) AS invalid
FROM (SELECT CASE WHEN n % 3 = 0 THEN 'bad' || n ELSE gen_random_ulid()::text END AS t
      FROM generate_series(1, 3000) AS n) AS s;
