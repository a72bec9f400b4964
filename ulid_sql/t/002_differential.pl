# The differential test: ulid_sql and the C extension in one database, in
# schemas of their own (the C extension must be installed into the same
# PostgreSQL).  Text, text input in both cases, time, bounds, TypeID both
# ways and UUIDv7 checks of 100,000 random values (and the 126 one-bit
# values and the four corners) and 110,000 timestamps; the errors of about
# 4,900 bad texts and TypeIDs, SQLSTATE, message, detail and hint; the 28
# values of ulid.uuidv7 taken or refused alike but ''; generated values
# read alike.  No difference.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidSqlTest;

my $values = 100000;
my $node = edition_node('differential');
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_diff');
sub dq { return q_out($node, 'ulid_sql_diff', shift); }

dq(q{
	CREATE SCHEMA c;
	CREATE EXTENSION ulid SCHEMA c;
	CREATE SCHEMA s;
	CREATE EXTENSION ulid_sql SCHEMA s;
	-- an error's SQLSTATE, message, detail and hint, or 'ok'
	CREATE FUNCTION err(q text, arg text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE m text; d text; h text;
	BEGIN
		EXECUTE q USING arg;
		RETURN 'ok';
	EXCEPTION WHEN OTHERS THEN
		GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
		RETURN SQLSTATE || ' | ' || m || ' | ' || d || ' | ' || h;
	END $$;});
dq(qq{
	CREATE TABLE v AS
		SELECT gen_random_uuid() AS u FROM generate_series(1, $values)
		UNION ALL SELECT (lpad(to_hex(1::int8 << k), 16, '0') || repeat('0', 16))::uuid FROM generate_series(0, 62) k
		UNION ALL SELECT ('0000000000000000' || lpad(to_hex(1::int8 << k), 16, '0'))::uuid FROM generate_series(0, 62) k
		UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
		                 ('80000000-0000-0000-8000-000000000000'), ('7fffffff-ffff-ffff-7fff-ffffffffffff');
	CREATE TABLE ts AS
		SELECT 'epoch'::timestamptz + random() * ('10889-08-02 05:31:50.655999+00'::timestamptz - 'epoch'::timestamptz) AS t
		FROM generate_series(1, $values)
		UNION ALL SELECT now() + n * interval '0.37 ms' FROM generate_series(1, $values / 10) n
		UNION ALL VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('1970-01-01 00:00:00.000999+00'),
		                 ('10889-08-02 05:31:50.655+00'), ('10889-08-02 05:31:50.655999+00'), ('2038-01-19 03:14:08+00');});
is(dq('SELECT count(*) FROM v'), $values + 130, 'values compared');
is(dq('SELECT count(*) FROM ts'), $values + $values / 10 + 5, 'timestamps compared');
is(dq('SELECT count(*) FROM v WHERE s.ulid_to_text(u) IS DISTINCT FROM c.ulid_to_text(u::c.ulid)'),
	0, 'text differences');
is(dq(q{
	SELECT count(*) FROM (SELECT s.ulid_to_text(u) AS t FROM v) x
	WHERE s.ulid_from_text(t)::uuid IS DISTINCT FROM (t::c.ulid)::uuid
	   OR s.ulid_from_text(lower(t))::uuid IS DISTINCT FROM (lower(t)::c.ulid)::uuid}),
	0, 'text-input differences (upper and lower case)');
is(dq('SELECT count(*) FROM v WHERE s.ulid_time(u) IS DISTINCT FROM c.ulid_time(u::c.ulid)'),
	0, 'time differences');
is(dq(q{
	SELECT count(*) FROM ts WHERE s.ulid_lower(t)::uuid IS DISTINCT FROM c.ulid_lower(t)::uuid
	                           OR s.ulid_upper(t)::uuid IS DISTINCT FROM c.ulid_upper(t)::uuid
	                           OR s.ulid_time(s.ulid_lower(t)) IS DISTINCT FROM c.ulid_time(c.ulid_lower(t))}),
	0, 'bounds differences');
is(dq(q{
	SELECT count(*) FROM (VALUES ('1969-12-31 23:59:59.999999+00'), ('10889-08-02 05:31:50.656+00'), ('infinity'), ('-infinity')) x(t)
	WHERE err('SELECT s.ulid_lower($1::timestamptz)', t) <> err('SELECT c.ulid_lower($1::timestamptz)', t)
	   OR err('SELECT s.gen_ulid($1::timestamptz)', t) <> err('SELECT c.gen_ulid($1::timestamptz)', t)
	   OR err('SELECT s.ulid_lower($1::timestamptz)', t) NOT LIKE '22008 | %'}),
	0, 'bounds errors differing (out of range)');
is(dq(q{
	SELECT count(*) FROM v
	WHERE s.ulid_to_typeid(u, 'pre_fix') IS DISTINCT FROM c.ulid_to_typeid(u::c.ulid, 'pre_fix')
	   OR s.ulid_to_typeid(u, '') IS DISTINCT FROM c.ulid_to_typeid(u::c.ulid, '')
	   OR s.ulid_from_typeid(c.ulid_to_typeid(u::c.ulid, 'user'), 'user')::uuid IS DISTINCT FROM u
	   OR s.typeid_prefix(c.ulid_to_typeid(u::c.ulid, 'a_b')) IS DISTINCT FROM 'a_b'}),
	0, 'TypeID differences');
is(dq(q{
	SELECT count(*) FROM (SELECT u FROM v UNION ALL
	                      SELECT overlay(u::text placing '7' from 15 for 1)::uuid FROM v) x
	WHERE s.ulid_is_uuidv7(u) IS DISTINCT FROM c.ulid_is_uuidv7(u::c.ulid)}),
	0, 'UUIDv7 differences');

# bad text: every length 0-40, every ASCII byte and some multibyte
# characters at 6 positions, every first character, and mixtures
dq(q{
	CREATE TABLE bad AS
		SELECT repeat('1', n) AS t FROM generate_series(0, 40) n
		UNION ALL SELECT overlay('01ARYZ6S41TSV4RRFFQ69G5FAV' placing chr(b) from p for 1)
		FROM generate_series(1, 127) b, unnest(ARRAY[1, 2, 11, 14, 25, 26]) p
		UNION ALL SELECT overlay('01ARYZ6S41TSV4RRFFQ69G5FAV' placing c from p for 1)
		FROM unnest(ARRAY['é', '€', '𝄞', 'ı', 'ß']) c, unnest(ARRAY[1, 13, 26]) p
		UNION ALL SELECT c || repeat('Z', 25) FROM regexp_split_to_table('0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz', '') c
		UNION ALL VALUES ('ééééééééééééé'), ('é' || repeat('0', 24)), (repeat('0', 24) || 'é'), ('8' || repeat('U', 25)),
		                 ('01ARYZ6S41TSV4RRFFQ69G5FAV '), ('{01ARYZ6S41TSV4RRFFQ69G5FAV}'), ('01563df3-6481-d676-4c61-efb99302bd5b');});
cmp_ok(dq('SELECT count(*) FROM bad'), '>', 800, 'bad texts compared');
is(dq(q{
	SELECT string_agg(t || ': ' || a || ' <> ' || b, E'\n') FROM (
		SELECT t, err('SELECT s.ulid_from_text($1)', t) a, err('SELECT c.ulid_from_text($1)', t) b FROM bad) x
	WHERE a <> b}),
	'', 'text-input error differences');
is(dq(q{
	SELECT count(*) FROM bad WHERE err('SELECT s.ulid_from_text($1)', t) NOT LIKE '22P02 | %'
	                           AND err('SELECT s.ulid_from_text($1)', t) <> 'ok'}),
	0, 'text-input errors that are not 22P02');

# bad TypeIDs: the C extension's vectors and mutations of valid ones at
# every position, with prefixes of 0, 1, 62, 63 and 64 letters
dq(q{
	CREATE TABLE badtid AS
		WITH base(t) AS (VALUES ('01h455vb4pex5vsknk084sn02q'), ('a_01h455vb4pex5vsknk084sn02q'),
		                        ('pre_fix_01h455vb4pex5vsknk084sn02q'), (repeat('a', 62) || '_01h455vb4pex5vsknk084sn02q'),
		                        (repeat('a', 63) || '_01h455vb4pex5vsknk084sn02q'), (repeat('a', 64) || '_01h455vb4pex5vsknk084sn02q'))
		SELECT t FROM base
		UNION ALL SELECT overlay(t placing c from p for 1)
		FROM base, unnest(ARRAY['A', 'Z', '_', '-', ' ', '8', 'o', 'u', 'é', '0', 'z']) c, generate_series(1, length(t)) p
		UNION ALL SELECT substr(t, 2) FROM base UNION ALL SELECT t || 'x' FROM base UNION ALL SELECT '_' || t FROM base
		UNION ALL VALUES (''), ('_'), ('__'), ('a_'), ('_a'), ('PREFIX_00000000000000000000000000'), ('préfix_00000000000000000000000000'),
		                 ('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'), ('prefix_0123456789ABCDEFGHJKMNPQRS'), ('prefix__00000000000000000000000000');});
cmp_ok(dq('SELECT count(*) FROM badtid'), '>', 3000, 'bad TypeIDs compared');
is(dq(q{
	SELECT string_agg(t || ': ' || a || ' <> ' || b, E'\n') FROM (
		SELECT t, err('SELECT s.ulid_from_typeid($1)', t) || err('SELECT s.typeid_prefix($1)', t)
		          || err('SELECT s.ulid_from_typeid($1, ''pre_fix'')', t) a,
		          err('SELECT c.ulid_from_typeid($1)', t) || err('SELECT c.typeid_prefix($1)', t)
		          || err('SELECT c.ulid_from_typeid($1, ''pre_fix'')', t) b FROM badtid) x
	WHERE a <> b}),
	'', 'TypeID error differences');
is(dq(q{
	SELECT string_agg(p || ': ' || a || ' <> ' || b, E'\n') FROM (
		SELECT p, err('SELECT s.ulid_to_typeid(''01563df3-6481-d676-4c61-efb99302bd5b'', $1)', p) a,
		          err('SELECT c.ulid_to_typeid(''01ARYZ6S41TSV4RRFFQ69G5FAV'', $1)', p) b
		FROM (SELECT left(t, greatest(strpos(t, '_') - 1, 0)) AS p FROM badtid UNION SELECT t FROM badtid) x) y
	WHERE a <> b}),
	'', 'TypeID prefix error differences');

# ulid.uuidv7: the C extension refuses a value at SET (its library defines
# the setting), the edition when a generator reads it; the same values are
# taken, and read alike (20 values of each generator all UUIDv7s or not),
# but '', which the edition cannot tell from a reset placeholder and reads
# as off
dq(q{
	CREATE FUNCTION v7(gen text, v text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE r text;
	BEGIN
		PERFORM set_config('ulid.uuidv7', v, false);
		EXECUTE 'SELECT ' || gen INTO r;
		RETURN r;
	EXCEPTION WHEN OTHERS THEN
		RETURN SQLSTATE || ' ' || SQLERRM;
	END $$;
	CREATE TABLE v7_values AS SELECT unnest(ARRAY['onn', '2', ' on', 'on ', '', 'o', 'of', 'off', 'on', 'ON', 'true', 'T', 'tr',
		'truee', 'False', 'fals', 'yes', 'y', 'ye', 'yess', 'no', 'N', 'non', '1', '0', '01', 'maybe', ' ']) AS v;});
is(dq('SELECT count(*) FROM v7_values'), 28, 'ulid.uuidv7 values compared');
# the edition in a session without the C library, which would define the
# setting; the C extension in one that loads it first
my $gens = "v7('bool_and(X.ulid_is_uuidv7(X.gen_ulid())) FROM generate_series(1, 20)', v) AS a,
	v7('bool_and(X.ulid_is_uuidv7(X.gen_random_ulid())) FROM generate_series(1, 20)', v) AS b,
	v7('bool_and(X.ulid_is_uuidv7(X.gen_ulid(now()))) FROM generate_series(1, 20)', v) AS c";
(my $sql = $gens) =~ s/X\./s./g;
(my $c = $gens) =~ s/X\./c./g;
dq("CREATE TABLE v7_sql AS SELECT v, $sql FROM v7_values");
dq("LOAD 'ulid'; CREATE TABLE v7_c AS SELECT v, $c FROM v7_values");
is(dq(q{
	SELECT count(*) FROM v7_c WHERE a = '22023 parameter "ulid.uuidv7" requires a Boolean value' AND b = a AND c = a}),
	12, 'ulid.uuidv7 values refused by the C extension at SET (22023)');
is(dq(q{
	SELECT string_agg(quote_literal(v) || ': ' || s.a || ',' || s.b || ',' || s.c || ' <> ' || c.a, '; ')
	FROM v7_sql s JOIN v7_c c USING (v) WHERE (s.a, s.b, s.c) IS DISTINCT FROM (c.a, c.b, c.c) AND v <> ''}),
	'', "ulid.uuidv7 differences from the C extension, but ''");
is(dq(q{SELECT s.a || ',' || s.b || ',' || s.c || '|' || c.a FROM v7_sql s JOIN v7_c c USING (v) WHERE v = ''}),
	'false,false,false|22023 parameter "ulid.uuidv7" requires a Boolean value',
	"ulid.uuidv7 = '': the C extension refuses it, the edition reads off");
is(dq(q{SELECT string_agg(quote_literal(v), ' ' ORDER BY v COLLATE "C") FROM v7_sql WHERE a = 'true' AND b = a AND c = a}),
	q{'1' 'ON' 'T' 'on' 'tr' 'true' 'y' 'ye' 'yes'},
	'ulid.uuidv7 values the edition reads as on');

# generators: ulid_sql's values are ULIDs the C type reads alike
is(dq(q{
	SELECT count(*) FROM (SELECT s.gen_ulid() AS a, s.gen_random_ulid() AS b FROM generate_series(1, 10000)) x
	WHERE (a::c.ulid)::text <> s.ulid_to_text(a) OR c.ulid_time(b::c.ulid) <> s.ulid_time(b)}),
	0, 'generated values read by the C type');

done_testing();
