# gen_monotonic_ulid(): one order for every session of the server.
#
# - Setup: on 15 and 16, without shared_preload_libraries, every call fails
#   with SQLSTATE 55000 and a hint naming the setting, and the server stays
#   up; on 17+ it works without it (the DSM registry).
# - 8 sessions x 100,000 values, released together through an advisory
#   lock: all distinct; strictly increasing within each session; no two
#   values anywhere share their first 8 bytes (time and counter), as each
#   comes from one advance of the one shared word.
# - Ping-pong: two sessions take turns through advisory locks for 10,000
#   rounds, each generating a value only after the other's value was
#   returned; every value is greater than the one before it, from the other
#   session.  The server's wall clock stands still meanwhile (libfaketime,
#   see UlidTest), so every turn is in one millisecond, however slow the
#   machine: a word of each session's own would go back there, as
#   gen_ulid()'s does (checked last).
# - Fork: with the library preloaded in the postmaster, 1,200 backends
#   (pgbench -C) each take their first value: no two share their random bits
#   or their time and counter, and each client's successive backends go on
#   increasing.
# On 17+ the ping-pong and fork checks run both without and with the preload.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

plan skip_all => 'libfaketime is not installed (Debian: libfaketime)'
  unless faketime_library();

my $sessions = 8;
my $batches = 10;
my $batch_size = 10_000;
my $per_session = $batches * $batch_size;
my $rounds = 10_000;

my $node = ulid_node('monotonic',
	conf => [ 'synchronous_commit = off', 'max_connections = 40' ],
	fake_clock => 1);
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');

# 8 sessions x 100,000 values at once
sub concurrency
{
	my ($label) = @_;
	concurrent_inserts($node, $label, 'gen_monotonic_ulid()', $sessions, $batches, $batch_size);

	my $total = $sessions * $per_session;
	is( $node->safe_psql('postgres',
			'SELECT count(*), count(DISTINCT id), count(DISTINCT substr(id::bytea, 1, 8)) FROM ids'),
		"$total|$total|$total",
		"$label: $total values, all distinct, no two sharing time and counter");
	is( $node->safe_psql('postgres',
			"SELECT count(*) FROM (SELECT session FROM ids GROUP BY session HAVING count(*) = $per_session) s"),
		$sessions,
		"$label: each of the $sessions sessions has $per_session values");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM (
				SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS prev
				FROM ids) s
			WHERE prev >= id}),
		0, "$label: strictly increasing within each session");
}

# Two sessions take turns: "ping" generates round r's value, then lets
# "pong" go; pong generates its value, then lets ping go into round r + 1.
# Advisory lock (1, r) is ping's "my value of round r is out", (2, r)
# pong's.  Each side takes its next round's lock before releasing the
# current one, so the other side always finds it held.  Each takes its
# first, then waits at the gate (3, 0), which the test holds until both
# wait there.
my $pingpong_functions = q{
CREATE FUNCTION ping(rounds int, f text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	ids ulid[] := '{}';
	id ulid;
BEGIN
	PERFORM pg_advisory_lock(1, 0);
	PERFORM pg_advisory_lock_shared(3, 0);
	PERFORM pg_advisory_unlock_shared(3, 0);
	FOR r IN 0 .. rounds - 1 LOOP
		EXECUTE 'SELECT ' || f INTO id;
		ids := ids || id;
		PERFORM pg_advisory_lock(1, r + 1);
		PERFORM pg_advisory_unlock(1, r);
		PERFORM pg_advisory_lock(2, r);		-- pong's value of round r is out
		PERFORM pg_advisory_unlock(2, r);
	END LOOP;
	PERFORM pg_advisory_unlock_all();
	INSERT INTO pingpong SELECT o - 1, 1, v FROM unnest(ids) WITH ORDINALITY AS u(v, o);
END $$;
CREATE FUNCTION pong(rounds int, f text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	ids ulid[] := '{}';
	id ulid;
BEGIN
	PERFORM pg_advisory_lock(2, 0);
	PERFORM pg_advisory_lock_shared(3, 0);
	PERFORM pg_advisory_unlock_shared(3, 0);
	FOR r IN 0 .. rounds - 1 LOOP
		PERFORM pg_advisory_lock(1, r);		-- ping's value of round r is out
		PERFORM pg_advisory_unlock(1, r);
		EXECUTE 'SELECT ' || f INTO id;
		ids := ids || id;
		PERFORM pg_advisory_lock(2, r + 1);
		PERFORM pg_advisory_unlock(2, r);
	END LOOP;
	PERFORM pg_advisory_unlock_all();
	INSERT INTO pingpong SELECT o - 1, 2, v FROM unnest(ids) WITH ORDINALITY AS u(v, o);
END $$;
};

# Runs the ping-pong with generator function f, the clock standing still;
# returns the number of values not above the one before them in turn order
sub ping_pong
{
	my ($label, $f) = @_;
	$node->safe_psql('postgres',
		'DROP TABLE IF EXISTS pingpong; CREATE TABLE pingpong (round int, side int, id ulid)');
	stop_clock($node);
	my $gate = $node->background_psql('postgres');
	$gate->query_safe('SELECT pg_advisory_lock(3, 0)');
	my @runs = map { start_psql($node, "$label $_", "SELECT $_($rounds, '$f');\n") } qw(ping pong);
	$node->poll_query_until('postgres', q{
		SELECT count(*) = 2 FROM pg_locks
		WHERE locktype = 'advisory' AND NOT granted AND classid = 3 AND objid = 0})
	  or die 'ping and pong never reached the gate';
	$gate->query_safe('SELECT pg_advisory_unlock(3, 0)');
	$gate->quit;
	finish_psql($_) for @runs;
	run_clock($node);
	is($node->safe_psql('postgres', 'SELECT count(*) FROM pingpong'),
		2 * $rounds, "$label: $rounds rounds of two values");
	return $node->safe_psql('postgres', q{
		SELECT count(*) FROM (
			SELECT id, lag(id) OVER (ORDER BY round, side) AS prev FROM pingpong) s
		WHERE prev >= id});
}

# pgbench -C: every transaction a new backend, each taking its first value
sub fork_check
{
	my ($label) = @_;
	my $clients = 8;
	my $per_client = 150;
	my $backends = $clients * $per_client;
	$node->safe_psql('postgres', q{
		DROP TABLE IF EXISTS firsts; DROP SEQUENCE IF EXISTS firsts_seq;
		CREATE SEQUENCE firsts_seq;
		CREATE TABLE firsts (id ulid NOT NULL, client int NOT NULL, n bigint NOT NULL)});
	my $script = "$PostgreSQL::Test::Utils::tmp_check/first.sql";
	unlink $script;
	PostgreSQL::Test::Utils::append_to_file($script,
		"INSERT INTO firsts VALUES (gen_monotonic_ulid(), :client_id, nextval('firsts_seq'));\n");
	$node->command_ok(
		[
			'pgbench', '-n', '-C', '-c', $clients, '-j', '4', '-t', $per_client,
			'-f', $script, 'postgres'
		],
		"$label: pgbench -C, $backends connections, $clients at a time");
	is( $node->safe_psql('postgres', q{
			SELECT count(*), count(DISTINCT substr(id::bytea, 9)), count(DISTINCT substr(id::bytea, 1, 8))
			FROM firsts}),
		"$backends|$backends|$backends",
		"$label: $backends first values; none shares its random bits or its time and counter");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM (
				SELECT id, lag(id) OVER (PARTITION BY client ORDER BY n) AS prev FROM firsts) s
			WHERE prev >= id}),
		0, "$label: each client's successive backends go on increasing");
}

$node->safe_psql('postgres', $pingpong_functions);

if ($version < 170000)
{
	my ($ret, $out, $err) = $node->psql('postgres',
		"\\set VERBOSITY verbose\nSELECT gen_monotonic_ulid()");
	isnt($ret, 0, 'without shared_preload_libraries: an error');
	like($err,
		qr/ERROR:  55000: gen_monotonic_ulid\(\) requires ulid in "shared_preload_libraries"/,
		'SQLSTATE 55000 and the message');
	like($err,
		qr/HINT:  Add ulid to "shared_preload_libraries" in postgresql.conf and restart the server\./,
		'a hint naming the setting');
	($ret, $out, $err) = $node->psql('postgres',
		'SELECT x FROM generate_series(1, 3) g, LATERAL (SELECT gen_monotonic_ulid()) s(x)');
	like($err, qr/requires ulid in "shared_preload_libraries"/,
		'every call fails: no per-session fallback');
	is($node->safe_psql('postgres', 'SELECT count(gen_ulid()) FROM generate_series(1, 5)'),
		5, 'the server is up and gen_ulid() works');
}
else
{
	is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'),
		'', '17+: no shared_preload_libraries');
	concurrency('no preload');
	is(ping_pong('no preload', 'gen_monotonic_ulid()'), 0,
		"no preload: ping-pong, each of 2 x $rounds values above the one before it");
	fork_check('no preload');
}

$node->append_conf('postgresql.conf', "shared_preload_libraries = 'ulid'");
$node->stop;
start_with_clock($node);
is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'),
	'ulid', 'ulid is preloaded in the postmaster');
concurrency('preload') if $version < 170000;
is(ping_pong('preload', 'gen_monotonic_ulid()'), 0,
	"preload: ping-pong, each of 2 x $rounds values above the one before it");
fork_check('preload');

# what the ping-pong tells apart: gen_ulid() orders each session's values
# only, so across the turns it goes back
my $back = ping_pong('gen_ulid()', 'gen_ulid()');
cmp_ok($back, '>', 0, "the same ping-pong with gen_ulid() goes back ($back times)");

$node->stop;
done_testing();
