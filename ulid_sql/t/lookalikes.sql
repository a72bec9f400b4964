-- Every function of ulid_sql and every branch of its PL/pgSQL helpers,
-- called as a role whose search_path t/001_install.pl sets: once plain,
-- once with another role's schema of look-alike operators before
-- pg_catalog.  The queries spell their own operators
-- OPERATOR(pg_catalog.x), so that only the edition's bodies can reach a
-- look-alike; the two runs must print the same.
\set SHOW_CONTEXT never

-- text, both ways, and each reason text is refused
SELECT ulid_to_text(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV')), ulid_to_text(ulid_from_text('7zzzzzzzzzzzzzzzzzzzzzzzzz')),
       ulid_to_text(ulid_from_text('00000000000000000000000000'));
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FA');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAé');
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAU');
SELECT ulid_from_text(E'01ARYZ6S41TSV4RRFFQ69G5FA\x01');
SELECT ulid_from_text('8ZZZZZZZZZZZZZZZZZZZZZZZZZ');

-- time and bounds
SELECT ulid_time(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV')), ulid_to_text(ulid_lower('2026-11-01 00:00+00')),
       ulid_to_text(ulid_upper('2026-11-01 00:00+00'));
SELECT ulid_lower('1969-12-31 23:59:59.999999+00');
SELECT ulid_upper('10889-08-02 05:31:50.656+00');

-- TypeID, both ways, and each reason a prefix or a TypeID is refused
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'user'), ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), ''),
       ulid_to_text(ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q')),
       ulid_to_text(ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user')),
       typeid_prefix('a_b_01h455vb4pex5vsknk084sn02q'), typeid_prefix('01h455vb4pex5vsknk084sn02q');
SELECT ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'USER');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), 'User');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), '_user');
SELECT ulid_to_typeid(ulid_from_text('01H455VB4PEX5VSKNK084SN02Q'), pg_catalog.repeat('a', 64));
SELECT typeid_prefix('_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('Us_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('_a_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix(pg_catalog.repeat('a', 64) OPERATOR(pg_catalog.||) '_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('user_01h455vb4pex5vsknk084sn02');
SELECT typeid_prefix('user_01H455VB4PEX5VSKNK084SN02Q');
SELECT typeid_prefix('user_01h455vb4pex5vsknk084sn02u');
SELECT typeid_prefix('user_81h455vb4pex5vsknk084sn02q');

-- UUIDv7
SELECT ulid_is_uuidv7('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ulid_is_uuidv7('01563df3-6481-d676-4c61-efb99302bd5b');

-- the generators, plain: the time, the order of 1,000 values (one
-- millisecond's counter), a column default, and the next word after a
-- state in the future (the clock went back)
SELECT ulid_time(gen_ulid('2026-11-01 00:00+00')),
       ulid_time(gen_random_ulid()) OPERATOR(pg_catalog.>) (pg_catalog.now() OPERATOR(pg_catalog.-) '1 minute'::pg_catalog.interval),
       ulid_time(gen_ulid()) OPERATOR(pg_catalog.>) (pg_catalog.now() OPERATOR(pg_catalog.-) '1 minute'::pg_catalog.interval);
SELECT pg_catalog.count(*) FROM (
	SELECT id OPERATOR(pg_catalog.>) pg_catalog.lag(id) OVER (ORDER BY n) AS up
	FROM (SELECT n, gen_ulid() AS id FROM pg_catalog.generate_series(1, 1000) n) g) x WHERE up;
CREATE TEMP TABLE k (n int, id ulid DEFAULT gen_ulid());
INSERT INTO k (n) SELECT pg_catalog.generate_series(1, 100);
SELECT pg_catalog.count(*) FROM (SELECT id OPERATOR(pg_catalog.>) pg_catalog.lag(id) OVER (ORDER BY n) AS up FROM k) x WHERE up;
SELECT pg_catalog.set_config('ulid_sql.state', '2130161172480000291', false) IS NULL;
SELECT pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send(gen_ulid()), 1, 8), 'hex');

-- the same under ulid.uuidv7, and the three ways of a UUIDv7 word after
-- a state: a plain ULID's, one whose counter has room, a full counter
SET ulid.uuidv7 = on;
SELECT ulid_time(gen_ulid('2026-11-01 00:00+00')), ulid_is_uuidv7(gen_ulid('2026-11-01 00:00+00')),
       ulid_is_uuidv7(gen_random_ulid()), ulid_is_uuidv7(gen_ulid());
SELECT pg_catalog.set_config('ulid_sql.state', '', false) IS NULL;
SELECT pg_catalog.count(*) FROM (
	SELECT id OPERATOR(pg_catalog.>) pg_catalog.lag(id) OVER (ORDER BY n) AND ulid_is_uuidv7(id) AS up
	FROM (SELECT n, gen_ulid() AS id FROM pg_catalog.generate_series(1, 1000) n) g) x WHERE up;
SELECT pg_catalog.set_config('ulid_sql.state', '2130161172480000291', false) IS NULL;
SELECT pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send(gen_ulid()), 1, 8), 'hex');
SELECT pg_catalog.set_config('ulid_sql.state', '2130161172480028677', false) IS NULL;
SELECT pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send(gen_ulid()), 1, 8), 'hex');
SELECT pg_catalog.set_config('ulid_sql.state', '2130161172480032767', false) IS NULL;
SELECT pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send(gen_ulid()), 1, 8), 'hex');
RESET ulid.uuidv7;
