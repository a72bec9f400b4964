# Fork safety: with shared_preload_libraries = 'ulid' the postmaster has the
# library (and its static generator) loaded before it forks each backend.
# Backends started at the same moment must never share a seed: pgbench -C
# opens a new connection for every transaction, so each row below is the
# first gen_ulid() and the first gen_random_ulid() of its own backend, and
# no two of them may share the 80-bit random part, in the same millisecond
# or not.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $clients = 16;
my $per_client = 150;
my $backends = $clients * $per_client;

my $node = ulid_node('fork',
	conf => [ "shared_preload_libraries = 'ulid'", 'max_connections = 40' ]);
is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'),
	'ulid', 'ulid is preloaded in the postmaster');

$node->safe_psql('postgres', q{
	CREATE TABLE firsts (
		mono ulid NOT NULL,
		rand ulid NOT NULL,
		pid int NOT NULL)});

my $script = "$PostgreSQL::Test::Utils::tmp_check/first.sql";
PostgreSQL::Test::Utils::append_to_file($script,
	"INSERT INTO firsts VALUES (gen_ulid(), gen_random_ulid(), pg_backend_pid());\n");
$node->command_ok(
	[
		'pgbench', '-n', '-C', '-c', $clients, '-j', '4', '-t', $per_client,
		'-f', $script, 'postgres'
	],
	"pgbench -C: $backends connections, $clients at a time");

is($node->safe_psql('postgres', 'SELECT count(*) FROM firsts'),
	$backends, "$backends backends each wrote their first IDs");

# the random part: bytes 7-16
my $distinct = $node->safe_psql('postgres', q{
	SELECT count(DISTINCT substr(mono::bytea, 7)) || '|'
		|| count(DISTINCT substr(rand::bytea, 7)) || '|'
		|| count(DISTINCT r)
	FROM firsts, LATERAL (VALUES (substr(mono::bytea, 7)), (substr(rand::bytea, 7))) v(r)});
is($distinct, "$backends|$backends|" . 2 * $backends,
	'no two first IDs share a random part, monotonic or random');

# Same-millisecond pairs are where a shared seed would show even with a
# counter; how many there were says how strong this run was
my $same_ms = $node->safe_psql('postgres', q{
	SELECT count(*) FROM firsts a JOIN firsts b
		ON ulid_time(a.mono) = ulid_time(b.mono) AND a.ctid < b.ctid});
my $same_ms_shared = $node->safe_psql('postgres', q{
	SELECT count(*) FROM firsts a JOIN firsts b
		ON ulid_time(a.mono) = ulid_time(b.mono) AND a.ctid < b.ctid
		AND substr(a.mono::bytea, 7) = substr(b.mono::bytea, 7)});
is($same_ms_shared, 0, 'backends in the same millisecond differ in the random part');
diag("backends: $backends; pairs of backends whose first gen_ulid() fell in the same millisecond: $same_ms");

$node->stop;
done_testing();
