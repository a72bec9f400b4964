--
-- ulid_time, ulid_lower and ulid_upper
--
-- (both editions, one output: see test/README.md)
\set SHOW_CONTEXT never

SELECT ulid_time(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV'));
SELECT ulid_time(ulid_from_text('00000000000000000000000000')) AS first,
       ulid_time(ulid_from_text('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) AS last;
-- the session's TimeZone changes how a time prints, not which it is
SET TimeZone = 'America/New_York';
SELECT ulid_time(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV'));
SELECT ulid_to_text(ulid_lower('2016-07-30 18:36:16.385'));
RESET TimeZone;

-- the bounds of a millisecond; sub-millisecond parts fall to it
SELECT ulid_to_text(ulid_lower('2026-11-01 00:00+00')) AS lower,
       ulid_to_text(ulid_upper('2026-11-01 00:00+00')) AS upper,
       ulid_lower('2026-11-01 00:00:00.000999+00') = ulid_lower('2026-11-01 00:00+00') AS same_ms;
SELECT ulid_to_text(ulid_lower('1970-01-01 00:00+00')) AS epoch,
       ulid_to_text(ulid_upper('10889-08-02 05:31:50.655+00')) AS last_ms;

-- every millisecond of the first 10,000 after a time, and 10,000 random
-- times up to the last millisecond: time of the bounds gives the
-- millisecond back, and the bounds enclose exactly that millisecond
SELECT count(*) FILTER (WHERE ulid_time(ulid_lower(t)) <> date_trunc('milliseconds', t)) AS lower_time_errors,
       count(*) FILTER (WHERE ulid_time(ulid_upper(t)) <> date_trunc('milliseconds', t)) AS upper_time_errors,
       count(*) FILTER (WHERE ulid_lower(t + interval '1 ms') <= ulid_upper(t)) AS overlapping
FROM (SELECT '2026-11-30 23:59:59+00'::timestamptz + n * interval '1 ms' + interval '0.5 ms' AS t
      FROM generate_series(1, 10000) n
      UNION ALL
      SELECT 'epoch'::timestamptz + random() * ('10889-08-02 05:31:50.654+00'::timestamptz - 'epoch'::timestamptz)
      FROM generate_series(1, 10000)) s;

\set VERBOSITY default
SELECT ulid_lower('1969-12-31 23:59:59.999999+00');
SELECT ulid_upper('10889-08-02 05:31:50.656+00');
SELECT ulid_lower('infinity');
SELECT ulid_lower('-infinity');
SELECT ulid_time(NULL) IS NULL AS strict, ulid_lower(NULL) IS NULL AS strict_lower;
