# Security: ulid is a trusted extension, so a non-superuser with CREATE on
# the database may install it; its script then runs as a superuser.  An
# attacker who controls the search_path (a schema of their own first, which
# becomes the extension's schema, and temporary types) plants functions,
# operators and types named like everything the install script uses.  Each
# records its call in a table and raises a warning (which reaches the client
# and the server log even if the script then fails).  None may run, during
# CREATE EXTENSION of the default version, or (if an upgrade script exists)
# of 1.0 followed by ALTER EXTENSION ulid UPDATE; the extension must work.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('security');
$node->init;
$node->start;

$node->safe_psql('postgres', q{
	CREATE ROLE mallory LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
	CREATE DATABASE target;
	GRANT CREATE ON DATABASE target TO mallory;});

# The traps, created by mallory in her own schema "evil".  hit() records who
# ran which trap; the table is writable by the superuser the script runs as.
my $traps = q{
CREATE SCHEMA evil;
CREATE TABLE evil.calls (trap text, who name DEFAULT current_user);
GRANT ALL ON evil.calls TO PUBLIC;
CREATE FUNCTION evil.hit(trap text) RETURNS bool LANGUAGE plpgsql AS $f$
BEGIN
	INSERT INTO evil.calls (trap) VALUES (trap);
	-- a warning: CREATE EXTENSION hides notices, and a failing script
	-- rolls the insert back
	RAISE WARNING 'trap % ran as %', trap, current_user;
	RETURN true;
END $f$;

-- functions the script calls or might call
CREATE FUNCTION evil.current_setting(text) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('current_setting(text)'); RETURN '999999'; END $f$;
CREATE FUNCTION evil.current_setting(text, bool) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('current_setting(text,bool)'); RETURN '999999'; END $f$;
CREATE FUNCTION evil.set_config(text, text, bool) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('set_config'); RETURN ''; END $f$;
CREATE FUNCTION evil.format(text) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('format(text)'); RETURN $1; END $f$;
CREATE FUNCTION evil.format(text, text) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('format(text,text)'); RETURN $1; END $f$;
CREATE FUNCTION evil.int4(text) RETURNS int LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('int4(text)'); RETURN 999999; END $f$;
CREATE FUNCTION evil.text(int) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('text(int)'); RETURN ''; END $f$;
CREATE FUNCTION evil.lower(text) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('lower'); RETURN $1; END $f$;
CREATE FUNCTION evil.upper(text) RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('upper'); RETURN $1; END $f$;
CREATE FUNCTION evil.btequalimage(oid) RETURNS bool LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('btequalimage'); RETURN true; END $f$;
CREATE FUNCTION evil.version() RETURNS text LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('version'); RETURN ''; END $f$;
CREATE FUNCTION evil.now() RETURNS timestamptz LANGUAGE plpgsql AS
	$f$ BEGIN PERFORM evil.hit('now'); RETURN 'epoch'; END $f$;

-- comparison operators on the types the script compares
CREATE FUNCTION evil.cmp_ii(int, int) RETURNS bool LANGUAGE plpgsql AS
	$f$ BEGIN RETURN evil.hit('int4 operator'); END $f$;
CREATE FUNCTION evil.cmp_il(int, bigint) RETURNS bool LANGUAGE plpgsql AS
	$f$ BEGIN RETURN evil.hit('int4/int8 operator'); END $f$;
CREATE FUNCTION evil.cmp_ll(bigint, bigint) RETURNS bool LANGUAGE plpgsql AS
	$f$ BEGIN RETURN evil.hit('int8 operator'); END $f$;
CREATE FUNCTION evil.cmp_tt(text, text) RETURNS bool LANGUAGE plpgsql AS
	$f$ BEGIN RETURN evil.hit('text operator'); END $f$;
DO $d$
DECLARE
	op text;
BEGIN
	FOREACH op IN ARRAY ARRAY['=', '<>', '<', '<=', '>=', '>'] LOOP
		EXECUTE format('CREATE OPERATOR evil.%s (LEFTARG = int, RIGHTARG = int, FUNCTION = evil.cmp_ii)', op);
		EXECUTE format('CREATE OPERATOR evil.%s (LEFTARG = int, RIGHTARG = bigint, FUNCTION = evil.cmp_il)', op);
		EXECUTE format('CREATE OPERATOR evil.%s (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = evil.cmp_ll)', op);
		EXECUTE format('CREATE OPERATOR evil.%s (LEFTARG = text, RIGHTARG = text, FUNCTION = evil.cmp_tt)', op);
	END LOOP;
END $d$;

-- types named like the core types the script names, in evil and as
-- temporary types (which name lookup tries before pg_catalog outside an
-- extension script); a value cast to one runs its check
DO $d$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['int4', 'int8', 'text', 'bool', 'bytea', 'uuid',
							 'timestamptz', 'oid', 'cstring', 'internal'] LOOP
		EXECUTE format('CREATE DOMAIN evil.%I AS pg_catalog.int4 CHECK (evil.hit(%L))', t, 'evil type ' || t);
		EXECUTE format('CREATE DOMAIN pg_temp.%I AS pg_catalog.int4 CHECK (evil.hit(%L))', t, 'temp type ' || t);
	END LOOP;
END $d$;
SET search_path = evil, public;
};

# Counts the traps' calls as the superuser (who sees the whole table)
sub calls
{
	my ($db) = @_;
	return $node->safe_psql($db,
		q{SELECT count(*) || coalesce(': ' || string_agg(trap || ' as ' || who, ', '), '') FROM evil.calls});
}

# What an attacker gets from a working extension: check as mallory, in a
# fresh session with the hostile search_path
sub works
{
	my ($db, $schema, $what) = @_;
	my $out = $node->safe_psql(
		$db, qq{
		SET search_path = evil, public;
		CREATE TABLE works (id $schema.ulid PRIMARY KEY DEFAULT $schema.gen_ulid(), n int);
		INSERT INTO works (n) SELECT g FROM generate_series(1, 1000) g;
		SELECT count(*) = 1000,
			   bool_and(id::text ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}\$'),
			   count(*) FILTER (WHERE id::uuid::$schema.ulid OPERATOR($schema.=) id) = 1000,
			   $schema.max(id) OPERATOR($schema.>) $schema.min(id),
			   bool_and($schema.ulid_time(id) BETWEEN now() - interval '1 hour' AND now() + interval '1 hour'),
			   ('01ARYZ6S41TSV4RRFFQ69G5FAV'::$schema.ulid)::text
		FROM works;
		DROP TABLE works;},
		extra_params => [ '-U', 'mallory' ]);
	is($out, 't|t|t|t|t|01ARYZ6S41TSV4RRFFQ69G5FAV', "$what: the extension works");
}

# Runs the setup and then the given statements as mallory in one session,
# so the temporary types exist while they run
sub as_mallory
{
	my ($db, $sql) = @_;
	my ($ret, $out, $err) = $node->psql($db, $traps . $sql,
		extra_params => [ '-U', 'mallory' ]);
	return ($ret, $err);
}

my $default = $node->safe_psql('postgres',
	"SELECT default_version FROM pg_available_extensions WHERE name = 'ulid'");

my $log_offset;

# The traps are armed: with evil ahead of pg_catalog, the script's own
# version check would run them
{
	my ($ret, $err) = as_mallory('target', q{
		SET search_path = evil, pg_catalog;
		SELECT current_setting('server_version_num')::int4 >= 180000;
		SELECT 'x'::text = 'y';
		RESET search_path;});
	like(calls('target'), qr/^[1-9]\d*: .*current_setting\(text\).*int4 operator/,
		'control: the traps run when the path lets them');
	like($err, qr/WARNING:  trap current_setting/, 'control: and warn');
	$log_offset = -s $node->logfile;
	$node->safe_psql('postgres', 'DROP DATABASE target');
	$node->safe_psql('postgres',
		'CREATE DATABASE target; GRANT CREATE ON DATABASE target TO mallory');
}

# 1. CREATE EXTENSION ulid, default version, into the hostile schema
{
	my ($ret, $err) = as_mallory('target', 'CREATE EXTENSION ulid;');
	is($ret, 0, 'mallory (not a superuser) creates the trusted extension') or diag($err);
	unlike($err, qr/trap/, 'no trap raised a warning');
	is(calls('target'), '0', 'no trap ran during CREATE EXTENSION');
	is( $node->safe_psql('target',
			"SELECT e.extversion || ' ' || n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE extname = 'ulid'"),
		"$default evil",
		"version $default installed in mallory's schema");
	works('target', 'evil', 'default version in the hostile schema');
	is(calls('target'), '0', 'no trap ran while using it');
}

# 2. Into a schema of its own, with the hostile schema still first
{
	$node->safe_psql('postgres',
		'CREATE DATABASE target2; GRANT CREATE ON DATABASE target2 TO mallory');
	my ($ret, $err) = as_mallory('target2',
		'CREATE SCHEMA app; CREATE EXTENSION ulid SCHEMA app;');
	is($ret, 0, 'CREATE EXTENSION ulid SCHEMA app') or diag($err);
	is(calls('target2'), '0', 'no trap ran');
	works('target2', 'app', 'in schema app');
}

# 3. 1.0, then ALTER EXTENSION UPDATE, if there is anything to update to
SKIP:
{
	skip 'only version 1.0 exists: no upgrade script to test', 4
	  if $default eq '1.0';
	$node->safe_psql('postgres',
		'CREATE DATABASE target3; GRANT CREATE ON DATABASE target3 TO mallory');
	my ($ret, $err) = as_mallory('target3',
		"CREATE EXTENSION ulid VERSION '1.0'; ALTER EXTENSION ulid UPDATE;");
	is($ret, 0, "CREATE EXTENSION ulid VERSION '1.0', ALTER EXTENSION ulid UPDATE")
	  or diag($err);
	is(calls('target3'), '0', 'no trap ran');
	is($node->safe_psql('target3', "SELECT extversion FROM pg_extension WHERE extname = 'ulid'"),
		$default, "updated to $default");
	works('target3', 'evil', 'after the update');
}

ok(!$node->log_contains('WARNING:  trap ', $log_offset), 'after the control, the server log shows no trap either');

$node->stop;
done_testing();
