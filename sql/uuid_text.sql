--
-- uuid's text (1.7): what the type's input reads besides the 26 characters,
-- and what its output writes under ulid.output = uuid, for dumps and logical
-- replication towards the SQL edition, whose values are uuids.
--

CREATE TABLE uuid_text_random AS
SELECT gen_random_uuid() AS u FROM generate_series(1, 1000);

-- uuid's text of a value reads as the value itself, in either case
SELECT '01563df3-6481-d676-4c61-efb99302bd5b'::ulid,
       '01563DF3-6481-D676-4C61-EFB99302BD5B'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV' AS upper_case;
SELECT count(*) FILTER (WHERE u::text::ulid <> u::ulid) AS lower_mismatches,
       count(*) FILTER (WHERE upper(u::text)::ulid <> u::ulid) AS upper_mismatches
FROM uuid_text_random;

-- only uuid_out's own form: 8-4-4-4-12 digits and hyphens, nothing else
-- of what uuid_in takes (braces, no hyphens, hyphens elsewhere)
SELECT '01563df3-6481-d676-4c61-efb99302bd5g'::ulid;
SELECT '01563df36-481-d676-4c61-efb99302bd5b'::ulid;
SELECT '01563df3-6481-d676-4c61-efb99302bd5b-'::ulid;
SELECT '{01563df3-6481-d676-4c61-efb99302bd5b}'::ulid;
SELECT '01563df36481d6764c61efb99302bd5b'::ulid;
SELECT '01563df3-6481-d676-4c61-efb99302bd5é'::ulid;

-- ulid_from_text reads the 26 characters only, as the SQL edition's does
SELECT ulid_from_text('01563df3-6481-d676-4c61-efb99302bd5b');

-- ulid.output takes ulid or uuid
SHOW ulid.output;
SET ulid.output = base32;
SET ulid.output = UUID;
SHOW ulid.output;

-- in a transaction that may write, the output is the 26 characters
CREATE TABLE uuid_text_t (id ulid PRIMARY KEY, label varchar);
INSERT INTO uuid_text_t SELECT u::ulid, u::ulid::varchar FROM uuid_text_random;
INSERT INTO uuid_text_t VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV', '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::varchar)
RETURNING id, label;
SELECT count(*) FILTER (WHERE label::ulid <> id OR length(label) <> 26) AS bad_labels FROM uuid_text_t;

-- in a read-only one, uuid's text of the same bytes: COPY, a query's
-- result, a value inside an array; the cast to text is ulid_to_text, which
-- ignores the setting
BEGIN TRANSACTION READ ONLY;
SELECT id, id::text AS cast_to_text, ulid_to_text(id), ARRAY[id] AS arr
FROM uuid_text_t WHERE id = '01ARYZ6S41TSV4RRFFQ69G5FAV';
COPY (SELECT id FROM uuid_text_t WHERE id = '01563df3-6481-d676-4c61-efb99302bd5b') TO STDOUT;
SELECT count(*) FILTER (WHERE id::varchar <> id::uuid::text) AS not_uuid_text FROM uuid_text_t;
COMMIT;

-- as pg_dump prints a constant in a default, a view or a partition bound,
-- which reads back as the same value (and the SQL edition reads as a uuid)
CREATE TABLE uuid_text_d (id ulid DEFAULT '01ARYZ6S41TSV4RRFFQ69G5FAV');
BEGIN TRANSACTION READ ONLY;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'uuid_text_d'::regclass;
COMMIT;
SELECT '01563df3-6481-d676-4c61-efb99302bd5b'::ulid = '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid AS same_value;

-- nothing can be written where the setting applies: a read-only
-- transaction refuses a write, and one that has touched a temporary table
-- (which a read-only transaction may write) gets the 26 characters
BEGIN TRANSACTION READ ONLY;
INSERT INTO uuid_text_t VALUES (gen_ulid(), 'x');
ROLLBACK;
CREATE TEMP TABLE uuid_text_temp (id ulid, label varchar);
BEGIN TRANSACTION READ ONLY;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid AS before_temp;
INSERT INTO uuid_text_temp VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV', '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::varchar);
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid AS after_temp;
COMMIT;
SELECT label FROM uuid_text_temp;

-- an index on the cast to text is the same whatever the setting was when
-- its rows were written: the planner reaches every row through it
CREATE INDEX uuid_text_idx ON uuid_text_t ((id::text));
SET enable_seqscan = off;
SELECT count(*) FILTER (WHERE (SELECT count(*) FROM uuid_text_t t2 WHERE t2.id::text = ulid_to_text(t.id)) <> 1) AS unreachable
FROM uuid_text_t t;
RESET enable_seqscan;

RESET ulid.output;
BEGIN TRANSACTION READ ONLY;
SELECT '01563df3-6481-d676-4c61-efb99302bd5b'::ulid AS reset_output;
COMMIT;

DROP TABLE uuid_text_t, uuid_text_random, uuid_text_temp, uuid_text_d;
