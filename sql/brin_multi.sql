--
-- BRIN minmax-multi and bloom operator classes (PostgreSQL 14+)
--

CREATE TABLE brin_multi AS
	SELECT gen_ulid('2026-01-01 00:00:00+00'::timestamptz + n * interval '1 millisecond') AS id, n
	FROM generate_series(0, 9999) AS n;
-- a few outliers that would widen a plain minmax range
INSERT INTO brin_multi VALUES ('00000000000000000000000000', -1), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', -2);
CREATE TABLE brin_expected AS
SELECT (SELECT count(*) FROM brin_multi WHERE id >= ulid_lower('2026-01-01 00:00:03+00')
                                          AND id <  ulid_lower('2026-01-01 00:00:04+00')) AS range_count,
       (SELECT n FROM brin_multi WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS eq_n;
SELECT * FROM brin_expected;

SET enable_seqscan = off;

CREATE INDEX brin_multi_mm ON brin_multi USING brin (id ulid_minmax_multi_ops) WITH (pages_per_range = 2);
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_multi
	WHERE id >= ulid_lower('2026-01-01 00:00:03+00') AND id < ulid_lower('2026-01-01 00:00:04+00');
SELECT count(*) = (SELECT range_count FROM brin_expected) AS range_ok FROM brin_multi
	WHERE id >= ulid_lower('2026-01-01 00:00:03+00') AND id < ulid_lower('2026-01-01 00:00:04+00');
DROP INDEX brin_multi_mm;

CREATE INDEX brin_multi_bloom ON brin_multi USING brin (id ulid_bloom_ops) WITH (pages_per_range = 2);
EXPLAIN (COSTS OFF) SELECT n FROM brin_multi WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
SELECT n = (SELECT eq_n FROM brin_expected) AS eq_ok FROM brin_multi WHERE id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
DROP INDEX brin_multi_bloom;

RESET enable_seqscan;
DROP TABLE brin_multi, brin_expected;
