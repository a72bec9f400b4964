# The pg_tle form (dist/ulid_sql--pgtle.sql), as RDS, Aurora and Supabase
# users install it: a cluster with shared_preload_libraries = 'pg_tle',
# CREATE EXTENSION pg_tle, the script (pgtle.install_extension), CREATE
# EXTENSION ulid_sql by a role that is no superuser; then the regression
# cases but catalog (a TLE is not relocatable, and its objects hang on
# pg_tle's), a database with it dumped and restored, the guide's route
# from it to the C extension (its block tle_to_c, as written), and pg_dump
# between it and the C extension each way.
#
# Not in t/*.pl, so not in make prove_installcheck: pg_tle is not in
# Debian, and it refuses a name that the server has a control file for, so
# ulid_sql's files must be uninstalled for this run, which the other tests
# need installed.  Run it by hand, with pg_tle built and installed into
# PG_CONFIG's PostgreSQL (and the C extension, for the route):
#   make -C ulid_sql uninstall
#   make -C ulid_sql prove_installcheck PROVE_TESTS=t/tle/pg_tle.pl
#   make -C ulid_sql install
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;
use UlidSqlTest;

my $sharedir = `pg_config --sharedir`;
chomp $sharedir;
plan skip_all => "pg_tle is not installed into $sharedir (it is not in Debian)"
  unless -f "$sharedir/extension/pg_tle.control";
plan skip_all =>
  "ulid_sql is installed into $sharedir, and pg_tle refuses its name: make uninstall first"
  if -f "$sharedir/extension/ulid_sql.control";

my $node = edition_node('tle', "shared_preload_libraries = 'pg_tle'");
my $tle = slurp_file('dist/ulid_sql--pgtle.sql');
sub dq { return q_out($node, shift, shift); }

$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_tle');
like(dq('ulid_sql_tle', "CREATE EXTENSION pg_tle; SELECT extversion FROM pg_extension WHERE extname = 'pg_tle'"),
	qr/^[0-9]/, 'pg_tle');
note('pg_tle ' . dq('ulid_sql_tle', "SELECT extversion FROM pg_extension WHERE extname = 'pg_tle'")
	  . ', ' . dq('postgres', 'SELECT version()'));
is(dq('ulid_sql_tle', $tle), 't', 'pgtle.install_extension');
is(dq('ulid_sql_tle', "SELECT string_agg(version, ',') FROM pgtle.available_extension_versions() WHERE name = 'ulid_sql'"),
	'1.0', "the TLE's versions");
# a role that is no superuser creates it, as on RDS
dq('ulid_sql_tle', q{
	CREATE ROLE ulid_sql_tle_user;
	GRANT CREATE ON DATABASE ulid_sql_tle TO ulid_sql_tle_user;
	GRANT CREATE ON SCHEMA public TO ulid_sql_tle_user});
is(dq('ulid_sql_tle', q{
	SET ROLE ulid_sql_tle_user;
	CREATE EXTENSION ulid_sql;
	SELECT extversion, extrelocatable FROM pg_extension WHERE extname = 'ulid_sql'}),
	'1.0|f', 'CREATE EXTENSION ulid_sql by a non-superuser');
is(dq('ulid_sql_tle', q{
	SELECT ulid_to_text(ulid_from_typeid(ulid_to_typeid(ulid_lower('2026-11-01 00:00+00'), 'x'), 'x')),
	       ulid_time(gen_ulid()) > now() - interval '1 minute'}),
	'01M6A6FT000000000000000000|t', 'its functions');

# the regression cases, in that database
{
	local $ENV{PGHOST} = $node->host;
	local $ENV{PGPORT} = $node->port;
	my $out = '';
	ok( IPC::Run::run(
			[
				'make', '-s', 'installcheck',
				'REGRESS=$(SHARED_REGRESS) $(EDITION_REGRESS)',
				'REGRESS_OPTS=--use-existing --dbname=ulid_sql_tle'
			],
			'>&', \$out),
		"pg_regress on the TLE: the shared cases and the edition's own but catalog"
	) or diag($out, -f 'regression.diffs' ? slurp_file('regression.diffs') : '');
}

# a database with the TLE, dumped and restored: pg_tle's own objects and
# the TLE's registration come back with it
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_tle_dump');
dq('ulid_sql_tle_dump', "CREATE EXTENSION pg_tle; $tle; CREATE EXTENSION ulid_sql");
dump_restore($node, 'pg_tle', 'ulid_sql_tle_dump', 'public');

# the way to the C extension: not the extension form's (not relocatable),
# the guide's own
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_tle_route');
dq('ulid_sql_tle_route', "CREATE EXTENSION pg_tle; $tle; CREATE EXTENSION ulid_sql");
my ($ret, $out, $err) = q_try($node, 'ulid_sql_tle_route',
	"\\set VERBOSITY verbose\nCREATE SCHEMA ulid_sql_old; ALTER EXTENSION ulid_sql SET SCHEMA ulid_sql_old");
like($err, qr/ERROR:  0A000: extension "ulid_sql" does not support SET SCHEMA/,
	'ALTER EXTENSION ulid_sql SET SCHEMA on the TLE');
route_to_c($node, 'pg_tle', 'ulid_sql_tle_route', 'tle_to_c', 'public');
# pg_dump between the C extension and the TLE, each way (the guide's way
# out, and its way back, tle_to_c_dump and, from 17, pg_dump's flags), in
# databases of this cluster: rows by their bytes, the view, columns,
# defaults, constraints and indexes the same
my $major = int(dq('postgres', 'SHOW server_version_num') / 10000);
$node->safe_psql('postgres', 'CREATE DATABASE tle_shop_c');
dq('tle_shop_c', 'CREATE EXTENSION ulid');
shop_into($node, 'tle_shop_c', 'public', '01ARYZ6S41TSV4RRFFQ69G5FAV');
my $want = shop_state($node, 'tle_shop_c');
for my $block (qw(from_c from_c_custom))
{
	my $db = "tle_out_$block";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	dq($db, "CREATE EXTENSION pg_tle; $tle; CREATE EXTENSION ulid_sql");
	my ($ok, $err) = guide_sh($block, $node->connstr('tle_shop_c'), $node->connstr($db));
	ok($ok, "the way out into the TLE: $block") or diag($err), next;
	is(shop_state($node, $db), $want, "the way out into the TLE, $block: the same state");
	is(which_ulid($node, $db), 'ulid_sql d 0', "the way out into the TLE, $block: no C extension");
	shop_after($node, $db, "the way out into the TLE, $block", 'public');
}
$node->safe_psql('postgres', 'CREATE DATABASE tle_shop');
dq('tle_shop', "CREATE EXTENSION pg_tle; $tle; CREATE EXTENSION ulid_sql");
shop_into($node, 'tle_shop', 'public', '01563df3-6481-d676-4c61-efb99302bd5b');
$want = shop_state($node, 'tle_shop');
for my $how ('tle_to_c_dump', $major >= 17 ? 'flags' : ())
{
	my $db = "tle_back_$how";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	dq($db, 'CREATE EXTENSION ulid');
	my ($from, $to) = ($node->connstr('tle_shop'), $node->connstr($db));
	my ($ok, $err);
	if ($how eq 'flags')
	{
		my $dir = PostgreSQL::Test::Utils::tempdir;
		$ok = IPC::Run::run([ 'pg_dump', '-Fc', '--exclude-extension=ulid_sql', '--exclude-extension=pg_tle',
				'-N', 'pgtle', '-d', $from, '-f', "$dir/out.dump" ])
		  && IPC::Run::run([ 'pg_restore', '-1', '--exit-on-error', '-d', $to, "$dir/out.dump" ], '2>', \$err);
	}
	else { ($ok, $err) = guide_sh($how, $from, $to) }
	ok($ok, "the way back from the TLE: $how") or diag($err), next;
	is(shop_state($node, $db), $want, "the way back from the TLE, $how: the same state");
	like(which_ulid($node, $db), qr/^ulid b [1-9][0-9]*$/, "the way back from the TLE, $how: the C extension's type");
	is(dq($db, "SELECT string_agg(extname, ',' ORDER BY extname) || ' ' || (SELECT count(*) FROM pg_namespace WHERE nspname = 'pgtle') FROM pg_extension"),
		'plpgsql,ulid 0', "the way back from the TLE, $how: nothing of pg_tle");
	shop_after($node, $db, "the way back from the TLE, $how", 'public');
}

is(dq('ulid_sql_tle', "DROP EXTENSION ulid_sql; SELECT count(*) FROM pg_extension WHERE extname = 'ulid_sql'"),
	0, 'the TLE drops');

done_testing();
