--
-- COPY round trips, text and binary; binary COPY uses uuid's wire format
--

CREATE TABLE copy_src (id ulid, note text);
INSERT INTO copy_src VALUES ('00000000000000000000000000', 'smallest'),
                            ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'largest'),
                            (NULL, 'null');
INSERT INTO copy_src SELECT decode(md5(n::text), 'hex')::ulid, 'row ' || n FROM generate_series(1, 1000) AS n;

\copy copy_src TO 'results/copy_ulid.bin' (FORMAT binary)
\copy copy_src TO 'results/copy_ulid.txt'
CREATE TABLE copy_bin (LIKE copy_src);
CREATE TABLE copy_txt (LIKE copy_src);
\copy copy_bin FROM 'results/copy_ulid.bin' (FORMAT binary)
\copy copy_txt FROM 'results/copy_ulid.txt'

SELECT (SELECT count(*) FROM copy_bin) AS binary_rows,
       (SELECT count(*) FROM (SELECT * FROM copy_src EXCEPT SELECT * FROM copy_bin) d) +
       (SELECT count(*) FROM (SELECT * FROM copy_bin EXCEPT SELECT * FROM copy_src) d) AS binary_differences,
       (SELECT count(*) FROM copy_txt) AS text_rows,
       (SELECT count(*) FROM (SELECT * FROM copy_src EXCEPT SELECT * FROM copy_txt) d) +
       (SELECT count(*) FROM (SELECT * FROM copy_txt EXCEPT SELECT * FROM copy_src) d) AS text_differences;

-- binary uuids load into a ulid column unchanged, and back
\copy (SELECT id::uuid, note FROM copy_src) TO 'results/copy_uuid.bin' (FORMAT binary)
CREATE TABLE copy_from_uuid (LIKE copy_src);
\copy copy_from_uuid FROM 'results/copy_uuid.bin' (FORMAT binary)
SELECT count(*) AS rows,
       (SELECT count(*) FROM (SELECT * FROM copy_src EXCEPT SELECT * FROM copy_from_uuid) d) AS differences
FROM copy_from_uuid;
CREATE TABLE copy_to_uuid (id uuid, note text);
\copy copy_to_uuid FROM 'results/copy_ulid.bin' (FORMAT binary)
SELECT count(*) FILTER (WHERE s.id::uuid IS DISTINCT FROM u.id) AS differences
FROM copy_src s JOIN copy_to_uuid u USING (note);

-- the binary COPY of ulids is byte for byte that of the same values as
-- uuids: file header, field counts, lengths and bytes (read back through
-- large objects, as psql cannot compare files itself)
\copy (SELECT id FROM copy_src ORDER BY note) TO 'results/copy_ids_ulid.bin' (FORMAT binary)
\copy (SELECT id::uuid FROM copy_src ORDER BY note) TO 'results/copy_ids_uuid.bin' (FORMAT binary)
\lo_import 'results/copy_ids_ulid.bin'
\set ulid_file :LASTOID
\lo_import 'results/copy_ids_uuid.bin'
\set uuid_file :LASTOID
-- 19 header bytes, 1002 rows of a field count, a length and 16 bytes, the
-- NULL row's count and length -1, the trailer
SELECT length(lo_get(:ulid_file)) = 19 + 1002 * (2 + 4 + 16) + (2 + 4) + 2 AS expected_size,
       lo_get(:ulid_file) = lo_get(:uuid_file) AS identical;
SELECT lo_unlink(:ulid_file) + lo_unlink(:uuid_file) AS unlinked;

-- inside arrays (NULL elements too) and composites, whose binary input
-- hands ulid_recv each element's bytes and checks that it read them all
CREATE TYPE copy_pair AS (id ulid, n int);
CREATE TABLE copy_nested (ids ulid[], pair copy_pair);
INSERT INTO copy_nested SELECT ARRAY[id, NULL, id], ROW(id, length(note))::copy_pair FROM copy_src;
\copy copy_nested TO 'results/copy_nested.bin' (FORMAT binary)
CREATE TABLE copy_nested_in (LIKE copy_nested);
\copy copy_nested_in FROM 'results/copy_nested.bin' (FORMAT binary)
SELECT (SELECT count(*) FROM copy_nested_in) AS rows,
       (SELECT count(*) FROM (SELECT * FROM copy_nested EXCEPT ALL SELECT * FROM copy_nested_in) d) +
       (SELECT count(*) FROM (SELECT * FROM copy_nested_in EXCEPT ALL SELECT * FROM copy_nested) d) AS differences;

-- binary input of the wrong length is refused, not truncated or padded
\copy (SELECT '\x01563df36481d6764c61efb99302bd'::bytea) TO 'results/copy_short.bin' (FORMAT binary)
\copy (SELECT '\x01563df36481d6764c61efb99302bd5b00'::bytea) TO 'results/copy_long.bin' (FORMAT binary)
\copy copy_bin (id) FROM 'results/copy_short.bin' (FORMAT binary)
\copy copy_bin (id) FROM 'results/copy_long.bin' (FORMAT binary)

-- bad text input names the line and column
\copy (SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV', 'good' UNION ALL SELECT '01ARYZ6S41TSV4RRFFQ69G5FAU', 'bad') TO 'results/copy_bad.txt'
\copy copy_txt FROM 'results/copy_bad.txt'

DROP TABLE copy_src, copy_bin, copy_txt, copy_from_uuid, copy_to_uuid, copy_nested, copy_nested_in;
DROP TYPE copy_pair;
