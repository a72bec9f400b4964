# Installing the edition as roles that are not superusers, and calling it
# under a hostile search_path:
# 1. the psql -f script as a role with only CREATE on one schema;
# 2. CREATE EXTENSION by a non-superuser (it is trusted) whose look-alikes
#    of what the edition calls come first in search_path: none may run,
#    during CREATE EXTENSION or after;
# 3. another role's look-alikes of all of pg_catalog's operators (and of
#    collation "C") in a schema that the caller's search_path names before
#    pg_catalog: every function of both forms, called as in lookalikes.sql,
#    runs none of them and prints what it prints without them.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;
use UlidSqlTest;

my $node = edition_node('install');

# 1. psql -f, as the role with CREATE on one schema
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_install');
q_out($node, 'ulid_sql_install', q{
	CREATE ROLE ulid_sql_app LOGIN;
	CREATE ROLE ulid_sql_owner LOGIN;
	CREATE SCHEMA app AUTHORIZATION ulid_sql_owner;
	GRANT CREATE ON DATABASE ulid_sql_install TO ulid_sql_owner;
	-- ulid_sql_app: USAGE and CREATE on schema app, on the database only what PUBLIC has (CONNECT, TEMP)
	REVOKE ALL ON SCHEMA public FROM PUBLIC;
	GRANT USAGE, CREATE ON SCHEMA app TO ulid_sql_app;});
is(script_into($node, 'ulid_sql_install', 'app', user => 'ulid_sql_app'),
	0, 'psql -f ulid_sql.sql as a role with only CREATE on schema app');
is(q_out($node, 'ulid_sql_install', "SELECT rolsuper FROM pg_roles WHERE rolname = 'ulid_sql_app'"),
	'f', 'the role that installed it is no superuser');
is(q_out($node, 'ulid_sql_install', "SELECT count(*) FROM pg_proc WHERE pronamespace = 'app'::regnamespace AND proowner = 'ulid_sql_app'::regrole"),
	20, "the functions in schema app, owned by ulid_sql_app");
is(q_out($node, 'ulid_sql_install', q{
	CREATE TABLE t (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int);
	INSERT INTO t (n) SELECT generate_series(1, 1000);
	SELECT count(*), count(*) FILTER (WHERE ulid_from_text(ulid_to_text(id)) = id), bool_and(ulid_time(id) > now() - interval '1 minute') FROM t},
		user => 'ulid_sql_app', path => 'app'),
	'1000|1000|t', "the script's values, read by the role");
is(script_into($node, 'ulid_sql_install', 'app', user => 'ulid_sql_app', quiet => 1),
	3, 'a second run of the script fails (psql exits 3)');
is(q_out($node, 'ulid_sql_install', "SELECT count(*) FROM pg_proc WHERE pronamespace = 'app'::regnamespace"),
	20, '... and changes nothing');

# 2. CREATE EXTENSION by a non-superuser, her look-alikes first in search_path
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_hostile');
q_out($node, 'ulid_sql_hostile', q{
	GRANT CREATE ON DATABASE ulid_sql_hostile TO ulid_sql_owner;
	CREATE TABLE public.hijacks (what text);
	GRANT INSERT ON public.hijacks TO PUBLIC;
	SET ROLE ulid_sql_owner;
	CREATE SCHEMA evil;
	-- look-alikes of what the edition calls, each recording its call
	DO $do$
	DECLARE f record;
	BEGIN
		FOR f IN SELECT * FROM (VALUES
			('substr', 'text, int, int', 'text'), ('substr', 'text, int', 'text'),
			('lpad', 'text, int, text', 'text'), ('to_hex', 'bigint', 'text'), ('to_hex', 'int', 'text'),
			('format', 'text, text, text', 'text'),
			('encode', 'bytea, text', 'text'), ('substring', 'bytea, int, int', 'bytea'),
			('get_byte', 'bytea, int', 'int'), ('convert_to', 'text, name', 'bytea'),
			('current_setting', 'text, boolean', 'text'), ('set_config', 'text, text, boolean', 'text'),
			('gen_random_uuid', '', 'uuid'), ('clock_timestamp', '', 'timestamptz'),
			('lower', 'text', 'text'), ('right', 'text, int', 'text'), ('left', 'text, int', 'text'),
			('strpos', 'text, text', 'int'), ('floor', 'numeric', 'numeric'), ('char_length', 'text', 'int'),
			('octet_length', 'text', 'int'), ('reverse', 'text', 'text'),
			('timestamptz_send', 'timestamptz', 'bytea'), ('int8send', 'bigint', 'bytea'),
			('uuid_send', 'uuid', 'bytea')) v(name, args, ret)
		LOOP
			EXECUTE format($f$CREATE FUNCTION evil.%I(%s) RETURNS %s LANGUAGE plpgsql AS
				$b$BEGIN INSERT INTO public.hijacks VALUES (%L); RAISE WARNING 'hijacked: %s'; RETURN NULL; END$b$$f$,
				f.name, f.args, f.ret, f.name, f.name);
		END LOOP;
	END $do$;
	-- operators on the argument types the edition uses, and casts' look-alikes
	CREATE FUNCTION evil.op(bigint, integer) RETURNS bigint LANGUAGE plpgsql AS
		$b$BEGIN INSERT INTO public.hijacks VALUES ('operator'); RETURN 0; END$b$;
	CREATE OPERATOR evil.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
	CREATE OPERATOR evil.| (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
	CREATE OPERATOR evil.>> (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
	CREATE OPERATOR evil.+ (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
	CREATE OPERATOR evil.<< (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
	CREATE TYPE evil.int8 AS (x int);
	CREATE TYPE evil.text AS (x int);
	CREATE TYPE evil.uuid AS (x int);
	CREATE TYPE evil.bit AS (x int);});
my ($ret, $out, $err) = q_try($node, 'ulid_sql_hostile',
	'SET ROLE ulid_sql_owner; CREATE EXTENSION ulid_sql SCHEMA evil',
	path => 'evil,public');
is($ret, 0, 'CREATE EXTENSION ulid_sql by a non-superuser into her schema')
  or diag($err);
is(q_out($node, 'ulid_sql_hostile', 'SELECT count(*) FROM public.hijacks'),
	0, 'calls of look-alikes during CREATE EXTENSION');
# the functions called with her search_path, pg_catalog searched first as always
is(q_out($node, 'ulid_sql_hostile', q{
	SET ROLE ulid_sql_owner;
	SELECT ulid_to_text(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV')), ulid_time(ulid_lower('2026-11-01 00:00+00')),
	       ulid_to_typeid(ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user'), 'user'),
	       typeid_prefix('a_b_01h455vb4pex5vsknk084sn02q'), ulid_is_uuidv7(gen_ulid()) IS NOT NULL,
	       gen_random_ulid() < gen_ulid('10889-08-02 05:31:50+00'), gen_ulid() < gen_ulid()},
		path => 'evil,public'),
	'01ARYZ6S41TSV4RRFFQ69G5FAV|2026-11-01 00:00:00+00|user_01h455vb4pex5vsknk084sn02q|a_b|t|t|t',
	"ulid_sql's functions under that search_path");
is(q_out($node, 'ulid_sql_hostile', q{
	SET ROLE ulid_sql_owner;
	SET ulid.uuidv7 = on;
	SELECT gen_ulid() < gen_ulid(), ulid_is_uuidv7(gen_ulid()), ulid_is_uuidv7(gen_random_ulid()), ulid_is_uuidv7(gen_ulid('2026-11-01 00:00+00'))},
		path => 'evil,public'),
	't|t|t|t', 'the generators in UUIDv7 mode under that search_path');
is(q_out($node, 'ulid_sql_hostile', 'SELECT count(*) FROM public.hijacks'),
	0, 'calls of look-alikes while they ran');
is(q_out($node, 'ulid_sql_hostile', q{
	SELECT extrelocatable, (SELECT count(*) FROM pg_depend d WHERE refobjid = e.oid AND deptype = 'e'
	        AND NOT (classid = 'pg_type'::regclass AND (SELECT typcategory FROM pg_type WHERE oid = d.objid) = 'A'))
	FROM pg_extension e WHERE extname = 'ulid_sql'}),
	't|21', "the extension's objects are the superuser-run script's");

# 3. another role's look-alikes of every operator of pg_catalog
my $db = 'ulid_sql_lookalikes';
$node->safe_psql('postgres', "CREATE DATABASE $db");
q_out($node, $db, qq{
	CREATE ROLE ulid_sql_mallory LOGIN;
	CREATE ROLE ulid_sql_victim LOGIN;
	GRANT CREATE ON DATABASE $db TO ulid_sql_mallory;
	CREATE SCHEMA ext;
	CREATE EXTENSION ulid_sql SCHEMA ext;
	CREATE SCHEMA script;
	GRANT USAGE ON SCHEMA ext, script TO PUBLIC;});
is(script_into($node, $db, 'script'), 0, 'psql -f ulid_sql.sql into schema script');
# mallory's schema: for each operator of pg_catalog, one of the same name
# and operand types that counts its call (a sequence: a statement that
# fails keeps the count) and returns what the original does
q_out($node, $db, q{
	SET search_path = pg_catalog;
	CREATE SCHEMA evil;
	GRANT USAGE ON SCHEMA evil TO PUBLIC;
	CREATE SEQUENCE evil.calls;
	GRANT USAGE ON SEQUENCE evil.calls TO PUBLIC;
	CREATE TABLE evil.called (op text);
	GRANT INSERT ON evil.called TO PUBLIC;
	DO $do$
	DECLARE
		o record;
	BEGIN
		FOR o IN SELECT op.oid, op.oprname, op.oprleft, op.oprright, op.oprresult, p.proname
			FROM pg_operator op JOIN pg_proc p ON p.oid = op.oprcode
			WHERE op.oprnamespace = 'pg_catalog'::regnamespace
		LOOP
			EXECUTE format('CREATE FUNCTION evil.op%s(%s) RETURNS %s LANGUAGE plpgsql AS %L', o.oid,
				concat_ws(', ', CASE WHEN o.oprleft <> 0 THEN format_type(o.oprleft, NULL) END, format_type(o.oprright, NULL)),
				format_type(o.oprresult, NULL),
				format('BEGIN PERFORM pg_catalog.nextval(%L::pg_catalog.regclass); INSERT INTO evil.called VALUES (%L); RETURN pg_catalog.%I(%s); END',
					   'evil.calls', concat_ws(' ', format_type(nullif(o.oprleft, 0), NULL), o.oprname, format_type(o.oprright, NULL)),
					   o.proname, CASE WHEN o.oprleft <> 0 THEN '$1, $2' ELSE '$1' END));
			EXECUTE format('CREATE OPERATOR evil.%s (%s RIGHTARG = %s, FUNCTION = evil.op%s)', o.oprname,
				CASE WHEN o.oprleft <> 0 THEN format('LEFTARG = %s,', format_type(o.oprleft, NULL)) END,
				format_type(o.oprright, NULL), o.oid);
		END LOOP;
	END
	$do$;
	-- and a "C" that ignores case, where the server has ICU (initdb imported
	-- its locales; 16 and later list the collation "unicode" without it too)
	DO $do$
	BEGIN
		IF EXISTS (SELECT FROM pg_collation WHERE collname LIKE '%-x-icu') THEN
			CREATE COLLATION evil."C" (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
		END IF;
	END
	$do$;}, user => 'ulid_sql_mallory');
is(q_out($node, $db, q{
	SELECT (SELECT count(*) FROM pg_operator WHERE oprnamespace = 'evil'::regnamespace) = count(*) AND count(*) > 700
	FROM pg_operator WHERE oprnamespace = 'pg_catalog'::regnamespace}),
	't', "look-alikes of every one of pg_catalog's operators");
is(q_out($node, $db, q{
	SELECT count(*) FILTER (WHERE collnamespace = 'evil'::regnamespace)
	       = EXISTS (SELECT FROM pg_collation WHERE collname LIKE '%-x-icu')::int
	FROM pg_collation}),
	't', 'a look-alike "C" collation, where the server has ICU');

sub calls
{
	return q_out($node, $db,
		'SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM evil.calls');
}

sub reset_calls
{
	q_out($node, $db,
		"TRUNCATE evil.called; SELECT setval('evil.calls', 1, false)");
}

# lookalikes.sql as the victim, without ON_ERROR_STOP: its output and its
# errors, in order
sub victim
{
	my $path = shift;
	my $out = '';
	local $ENV{PGOPTIONS} = "-c search_path=$path";
	IPC::Run::run(
		[
			'psql', '-X', '-At', '-d', $node->connstr($db),
			'-U', 'ulid_sql_victim', '-f', 't/lookalikes.sql'
		],
		'>&', \$out);
	return $out;
}

for my $form (qw(ext script))
{
	my $clean = victim($form);
	is(calls(), 0, "$form: look-alike calls with search_path $form");
	my $results = () = $clean =~ m{^(?:01ARYZ6S41TSV4RRFFQ69G5FAV\|7ZZZZZZZZZZZZZZZZZZZZZZZZZ\|00000000000000000000000000
		|user_01h455vb4pex5vsknk084sn02q\|01h455vb4pex5vsknk084sn02q\|01H455VB4PEX5VSKNK084SN02Q\|01H455VB4PEX5VSKNK084SN02Q\|a_b\|
		|2016-07-30\ 22:36:16\.385\+00\|01M6A6FT000000000000000000\|01M6A6FT00ZZZZZZZZZZZZZZZZ|t\|f
		|2026-11-01\ 00:00:00\+00\|t\|t|2026-11-01\ 00:00:00\+00\|t\|t\|t|999|99
		|1d8fda4ce0000124|1d8fda4ce0007000|1d8fda4ce0007006|1d8fda4ce0017000)$}mgx;
	my $errors = () = $clean =~ /ERROR/g;
	is("$results $errors", '13 19', "$form: results (13 lines) and errors (19)")
	  or diag($clean);
	reset_calls();
	is(victim("evil,pg_catalog,$form"), $clean,
		"$form: the same with search_path evil, pg_catalog, $form");
	is(calls(), 0, "$form: look-alike calls with search_path evil, pg_catalog, $form");
	note("called: $_") for split /\n/, q_out($node, $db,
		'SELECT op || \': \' || count(*) FROM evil.called GROUP BY op ORDER BY count(*) DESC, op');
	reset_calls();
}

# the look-alikes are within the victim's reach, and the inlined SQL
# functions are inlined under that search_path
is(q_out($node, $db, 'SELECT 2::bigint + 2::bigint', user => 'ulid_sql_victim', path => 'evil,pg_catalog') . ' calls: ' . calls(),
	'4 calls: 1', "a query's own bigint + bigint with search_path evil, pg_catalog");
my $plan = q_out($node, $db,
	"EXPLAIN (VERBOSE, COSTS OFF) SELECT gen_ulid(), ulid_from_text(pg_catalog.repeat('0', n)) FROM pg_catalog.generate_series(26, 26) n",
	user => 'ulid_sql_victim', path => 'evil,pg_catalog,ext');
is(join(' ', sort($plan =~ /(ulid_sql_next\(|ulid_sql_from_text\()/g)),
	'ulid_sql_from_text( ulid_sql_next(',
	'gen_ulid() and ulid_from_text inlined with search_path evil, pg_catalog, ext');

done_testing();
