# Fork safety.  A forked process has a copy of its parent's generator state
# and random pool, and must never use it.
#
# 1. With shared_preload_libraries = 'ulid' the postmaster has the library
# (and its static generator) loaded before it forks each backend.  Backends
# started at the same moment must never share a seed: pgbench -C opens a new
# connection for every transaction, so each row below is the first gen_ulid()
# and the first gen_random_ulid() of its own backend, and no two of them may
# share the 80-bit random part, in the same millisecond or not.  The
# server's wall clock stands still meanwhile (libfaketime, see UlidTest), so
# all of them are in one millisecond, where a seed taken from the time would
# repeat.  (The postmaster never generates an ID, so its state is empty when
# it forks: this part would catch a seed or pool set up in the postmaster,
# not a child that reuses its parent's state.)
#
# 2. A fork inside a backend (PL/Python's os.fork()), after the backend has
# generated IDs: parent, children and a grandchild each generate IDs of
# their own, and none may share random bits with another.  Such a child
# keeps the backend's MyProcPid, and inherits a state in use: this part
# fails if the state is not discarded in the child.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

# Part 2 forks through PL/Python: on a server without it (Debian's
# postgresql-plpython3-NN, or a build without --with-python) the script
# skips.  pg_config is the server's: make prove_installcheck puts its bindir
# first on PATH.
my ($sharedir, $pkglibdir) = split /\n/, `pg_config --sharedir --pkglibdir`;
die "pg_config --sharedir --pkglibdir failed" if $? != 0 || !$pkglibdir;
plan skip_all =>
  "PL/Python is not installed: no $sharedir/extension/plpython3u.control or $pkglibdir/plpython3.so"
  unless -f "$sharedir/extension/plpython3u.control"
  && -f "$pkglibdir/plpython3.so";
plan skip_all => 'libfaketime is not installed (Debian: libfaketime)'
  unless faketime_library();

my $clients = 16;
my $per_client = 150;
my $backends = $clients * $per_client;

my $node = ulid_node('fork',
	conf => [ "shared_preload_libraries = 'ulid'", 'max_connections = 40' ],
	fake_clock => 1);
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
my $clock = stop_clock($node);
$node->command_ok(
	[
		'pgbench', '-n', '-C', '-c', $clients, '-j', '4', '-t', $per_client,
		'-f', $script, 'postgres'
	],
	"pgbench -C: $backends connections, $clients at a time");
run_clock($node);

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
# counter: with the clock standing still, every pair is one
is( $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE ulid_time(mono) = '$clock+00' AND ulid_time(rand) = '$clock+00')
		FROM firsts}),
	$backends, "all $backends first IDs are in the clock's millisecond");

# 2. fork_tree(prime) runs in a backend, one process at a time: the backend
# (if prime) generates, then forks child1, which generates, forks a
# grandchild that generates, and generates again; then child2, which
# generates once; then the backend generates again.  Each process writes a
# row (its pid, a gen_ulid() and a gen_random_ulid()) to a pipe the backend
# reads, in the order they were generated.  A child never returns into
# PostgreSQL: it ends with os._exit.  Without prime, the backend must not
# have loaded the library yet, so that child1 is the first to load it: so
# the rows are text until the calls are over (on 16, with ulid-typed
# columns, the backend had loaded the library before the call ran).
$node->safe_psql('postgres', q{
	CREATE EXTENSION plpython3u;
	CREATE FUNCTION fork_tree(prime boolean)
	RETURNS TABLE (seq int, role text, pid int, mono text, rand text)
	LANGUAGE plpython3u AS $$
import os

if not prime:
	with open("/proc/self/maps") as maps:
		if "/ulid.so" in maps.read():
			plpy.error("ulid is already loaded in this backend")

r, w = os.pipe()

def emit(role):
	row = plpy.execute("SELECT gen_ulid()::text AS m, gen_random_ulid()::text AS r")[0]
	os.write(w, ("%s %d %s %s\n" % (role, os.getpid(), row["m"], row["r"])).encode())

def fork(role, body):
	pid = os.fork()
	if pid == 0:
		status = 1
		try:
			body(role)
			status = 0
		finally:
			os._exit(status)
	_, status = os.waitpid(pid, 0)
	if status != 0:
		plpy.error("%s exited with status %d" % (role, status))

def forking_child(role):
	emit(role)
	fork("grandchild", emit)
	emit(role)

if prime:
	emit("backend")
fork("child1", forking_child)
fork("child2", emit)
emit("backend")
os.close(w)
out = b""
while True:
	chunk = os.read(r, 65536)
	if not chunk:
		break
	out += chunk
os.close(r)
return [[i] + line.split(" ") for i, line in enumerate(out.decode().splitlines())]
$$;
	CREATE TABLE tree_text (call int, seq int, role text, pid int, mono text, rand text);
	CREATE VIEW tree AS
		SELECT call, seq, role, pid, mono::ulid AS mono, rand::ulid AS rand FROM tree_text});

# Checks the rows of one kind of call: every process took part, each in a
# process of its own, and no two IDs share their random bits (the last 64 of
# gen_ulid(), whose first 16 are a counter, and the 80 of gen_random_ulid())
sub check_tree
{
	my ($what, $calls, $rows_per_call) = @_;
	my $rows = $calls * $rows_per_call;
	is( $node->safe_psql(
			'postgres', q{
		SELECT count(*) || '|' || count(DISTINCT call) || '|'
			|| count(DISTINCT (call, role)) / count(DISTINCT call) || '|'
			|| count(DISTINCT (call, pid)) / count(DISTINCT call)
		FROM tree}),
		"$rows|$calls|4|4",
		"$what: $calls calls, each with the backend, two children and a grandchild in processes of their own"
	);
	is( $node->safe_psql(
			'postgres', q{
		SELECT count(DISTINCT substr(mono::bytea, 9)) || '|'
			|| count(DISTINCT substr(rand::bytea, 7))
		FROM tree}),
		"$rows|$rows",
		"$what: no two processes share random bits, in gen_ulid() or gen_random_ulid()");
	is( $node->safe_psql(
			'postgres', q{
		SELECT count(*) FROM tree a JOIN tree b
			ON a.call = b.call AND a.pid = b.pid AND a.seq < b.seq AND a.mono >= b.mono}),
		0,
		"$what: each process's gen_ulid() values increase, the backend's across its forks too");
	$node->safe_psql('postgres', 'TRUNCATE tree_text');
}

# 20 calls in one session: the backend forks 40 times
my $calls = 20;
$node->safe_psql('postgres',
	join('', map { "INSERT INTO tree_text SELECT $_, t.* FROM fork_tree(true) t;\n" } 1 .. $calls),
	timeout => $PostgreSQL::Test::Utils::timeout_default);
check_tree('fork in a backend that generated IDs before', $calls, 6);

# Without shared_preload_libraries, each new session loads the library only
# when child1 first generates; child1's fork then runs the handler child1
# registered itself
$node->adjust_conf('postgresql.conf', 'shared_preload_libraries', "''");
$node->restart;
for my $call (1 .. 5)
{
	$node->safe_psql('postgres',
		"INSERT INTO tree_text SELECT $call, t.* FROM fork_tree(false) t",
		timeout => $PostgreSQL::Test::Utils::timeout_default);
}
check_tree('library first loaded in a forked child', 5, 5);

$node->stop;
done_testing();
