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

-- binary input of the wrong length is refused, not truncated or padded
\copy (SELECT '\x01563df36481d6764c61efb99302bd'::bytea) TO 'results/copy_short.bin' (FORMAT binary)
\copy (SELECT '\x01563df36481d6764c61efb99302bd5b00'::bytea) TO 'results/copy_long.bin' (FORMAT binary)
\copy copy_bin (id) FROM 'results/copy_short.bin' (FORMAT binary)
\copy copy_bin (id) FROM 'results/copy_long.bin' (FORMAT binary)

-- bad text input names the line and column
\copy (SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV', 'good' UNION ALL SELECT '01ARYZ6S41TSV4RRFFQ69G5FAU', 'bad') TO 'results/copy_bad.txt'
\copy copy_txt FROM 'results/copy_bad.txt'

DROP TABLE copy_src, copy_bin, copy_txt, copy_from_uuid, copy_to_uuid;
