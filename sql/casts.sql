--
-- Casts to and from uuid, text, bytea and timestamptz
--

-- uuid: the same 16 bytes both ways, with no function
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::uuid AS to_uuid,
       '01563df3-6481-d676-4c61-efb99302bd5b'::uuid::ulid AS from_uuid;
SELECT count(*) FILTER (WHERE u::ulid::uuid <> u) AS uuid_round_trip_errors
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 1000)) s;

-- assignment casts: a ulid goes into a uuid or text column and back
CREATE TABLE cast_target (u uuid, t text, l ulid);
INSERT INTO cast_target (u, t) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid, '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid);
INSERT INTO cast_target (l) VALUES ('01563df3-6481-d676-4c61-efb99302bd5b'::uuid);
SELECT * FROM cast_target;
-- but not from timestamptz or bytea, which need an explicit cast
INSERT INTO cast_target (l) VALUES (now());
INSERT INTO cast_target (l) VALUES ('\x01563df36481d6764c61efb99302bd5b'::bytea);
DROP TABLE cast_target;

-- text
SELECT '01aryz6s41tsv4rrffq69g5fav'::text::ulid AS from_text,
       '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::text AS to_text,
       '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::varchar(26) AS to_varchar;
SELECT 'not a ulid'::text::ulid;

-- bytea: exactly 16 bytes
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::bytea AS to_bytea,
       '\x01563df36481d6764c61efb99302bd5b'::bytea::ulid AS from_bytea;
SELECT ''::bytea::ulid;
SELECT '\x01563df36481d6764c61efb99302bd'::bytea::ulid;
SELECT '\x01563df36481d6764c61efb99302bd5b00'::bytea::ulid;

-- timestamptz: the millisecond of the time field, whatever the TimeZone
SELECT ulid_time('01ARYZ6S41TSV4RRFFQ69G5FAV') AT TIME ZONE 'UTC' AS utc;
SET TimeZone = 'America/New_York';
SELECT ulid_time('01ARYZ6S41TSV4RRFFQ69G5FAV') AS new_york,
       ulid_time('01ARYZ6S41TSV4RRFFQ69G5FAV') = '2016-07-30 22:36:16.385+00' AS same_instant,
       '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::timestamptz = ulid_time('01ARYZ6S41TSV4RRFFQ69G5FAV') AS cast_is_ulid_time;
SET TimeZone = 'Asia/Kolkata';
SELECT ulid_time('01ARYZ6S41TSV4RRFFQ69G5FAV') = '2016-07-30 22:36:16.385+00' AS same_instant;
SET TimeZone = 'UTC';
SELECT ulid_time('00000000000000000000000000') AS smallest,
       ulid_time('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS largest;

-- timestamptz to ulid: the smallest ULID of the millisecond (and ulid_upper
-- the largest); sub-millisecond parts fall to their millisecond
SELECT '2016-07-30 22:36:16.385+00'::timestamptz::ulid AS cast,
       ulid_lower('2016-07-30 22:36:16.385999+00') AS lower,
       ulid_upper('2016-07-30 22:36:16.385999+00') AS upper,
       ulid_lower('2016-07-30 22:36:16.386+00') AS next_lower;
SELECT ulid_lower('1970-01-01 00:00:00+00') AS epoch,
       ulid_upper('10889-08-02 05:31:50.655999+00') AS last;
-- every ULID of a millisecond lies within [ulid_lower, ulid_upper]
SELECT count(*) FILTER (WHERE NOT id BETWEEN ulid_lower(ulid_time(id)) AND ulid_upper(ulid_time(id))) AS outside
FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, 1000)) s;

-- times a ULID cannot hold: 22008, datetime_field_overflow
\set VERBOSITY default
SELECT ulid_lower('1969-12-31 23:59:59.999999+00');
SELECT ulid_upper('10889-08-02 05:31:50.656+00');
SELECT 'infinity'::timestamptz::ulid;
SELECT ulid_lower('-infinity');
\set VERBOSITY sqlstate
SELECT ulid_lower('1969-12-31 23:59:59.999999+00');
SELECT gen_ulid('10889-08-02 05:31:50.656+00');
\set VERBOSITY default

-- the casts in the catalog: uuid both ways by assignment and binary-coercible
SELECT castsource::regtype, casttarget::regtype, castfunc::regprocedure,
       castcontext, castmethod
FROM pg_cast
WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype
ORDER BY castsource::regtype::text, casttarget::regtype::text;
