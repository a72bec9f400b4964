# Helpers shared by the TAP tests in t/: a cluster with the ulid extension
# and amcheck, and checks that every test repeats.
package UlidTest;

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use POSIX qw(strftime);
use Test::More;
use Time::HiRes ();

use Exporter 'import';
our @EXPORT = qw(ulid_node check_indexes table_digest query_value start_psql
  finish_psql concurrent_inserts faketime_library start_with_clock stop_clock
  run_clock set_clock crash_backend);

# A started cluster with ulid and amcheck in template1 and postgres, so every
# database created later has them too.  Options: init => { ... } for
# Cluster->init, conf => [ lines for postgresql.conf ], install_path => the
# installation of another PostgreSQL to run (with ulid installed there too),
# fake_clock => 1 to start it with a clock the test sets (start_with_clock).
sub ulid_node
{
	my ($name, %opts) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name,
		$opts{install_path} ? (install_path => $opts{install_path}) : ());
	$node->init(%{ $opts{init} // {} });
	$node->append_conf('postgresql.conf', join("\n", @{ $opts{conf} }))
	  if $opts{conf};
	$opts{fake_clock} ? start_with_clock($node) : $node->start;
	$node->safe_psql($_, 'CREATE EXTENSION ulid; CREATE EXTENSION amcheck;')
	  for qw(template1 postgres);
	return $node;
}

# bt_index_check(heapallindexed) on every btree index of the database: ok
# when every one is clean.  Returns how many it checked.
sub check_indexes
{
	my ($node, $db, $what) = @_;
	my ($ret, $out, $err) = $node->psql(
		$db, q{
		SELECT count(bt_index_check(c.oid, heapallindexed => true))
		FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_am am ON am.oid = c.relam
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE am.amname = 'btree' AND c.relkind = 'i'
		  AND n.nspname NOT IN ('pg_catalog', 'pg_toast')
		  AND c.relpersistence <> 't'});
	is($ret, 0, "$what: amcheck bt_index_check(heapallindexed) is clean")
	  or diag($err);
	return $out;
}

# md5 of a table's rows as text, in primary-key order
sub table_digest
{
	my ($node, $db, $table, $order) = @_;
	$order //= 'id';
	return $node->safe_psql($db,
		"SELECT count(*) || ' ' || md5(coalesce(string_agg(t::text, ',' ORDER BY $order), '')) FROM $table t"
	);
}

# One value from a background psql session, without the trailing newline
# that 16.2's BackgroundPsql leaves
sub query_value
{
	my ($session, $sql) = @_;
	my $v = $session->query_safe($sql);
	chomp $v;
	return $v;
}

# psql -f FILE against the postgres database, in the background; returns
# a handle for finish_psql.  A file, not stdin: IPC::Run feeds stdin only
# while it is pumped.
sub start_psql
{
	my ($node, $name, $sql) = @_;
	my $file = "$PostgreSQL::Test::Utils::tmp_check/$name.sql";
	unlink $file;
	PostgreSQL::Test::Utils::append_to_file($file, $sql);
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[
			'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1',
			'-d', $node->connstr('postgres'), '-f', $file
		],
		'>', \$out, '2>', \$err);
	return { h => $h, out => \$out, err => \$err, name => $name };
}

# Waits for a start_psql run: ok when psql ran without error
sub finish_psql
{
	my ($r) = @_;
	$r->{h}->finish;
	is($r->{h}->result(0), 0, "$r->{name}: psql ran without error")
	  or diag(${ $r->{err} });
}

# A wall clock the test sets, for a server whose generators must see one
# millisecond however fast or slow the machine runs: libfaketime (Debian's
# package libfaketime) preloaded into the server, which reads the time from a
# file at every clock reading.  faketime_library() is the library's path, or
# undef when it is not installed.  start_with_clock starts the node with it;
# stop_clock makes its clock stand still, run_clock gives it the real time
# back.  Only the wall clock is faked: the monotonic clock, which latch
# waits and sleeps use, stays real.
my ($faketime_library) = grep { defined && -f } $ENV{ULID_LIBFAKETIME},
  glob('/usr/lib/*/faketime/libfaketime.so.1'),
  '/usr/lib/faketime/libfaketime.so.1', '/usr/local/lib/faketime/libfaketime.so.1';

sub faketime_library { return $faketime_library }

sub clock_file { return $_[0]->basedir . '/clock' }

# '+0' (the real time), '-1h' (the real time less an hour: libfaketime's
# offsets, with suffixes m, h, d) or 'YYYY-MM-DD hh:mm:ss' (UTC, a clock
# standing still there), written whole, by a rename: the server must never read a
# half-written file
sub set_clock
{
	my ($node, $spec) = @_;
	my $file = clock_file($node);
	open my $fh, '>', "$file.new" or die "$file.new: $!";
	print $fh "$spec\n";
	close $fh or die "$file.new: $!";
	rename "$file.new", $file or die "$file: $!";
}

# Stops node's clock at the next whole second, once the real time reaches
# it: so the clock never goes back by more than the file takes to write
# (PostgreSQL's timeouts fail an assertion when it goes back by years), each
# stop is at least a second after the one before, and run_clock moves it on
# to the real time.  Returns that second as 'YYYY-MM-DD hh:mm:ss'.
sub stop_clock
{
	my ($node) = @_;
	my $second = int(Time::HiRes::time()) + 1;
	Time::HiRes::sleep(0.01) while Time::HiRes::time() < $second;
	my $when = strftime('%Y-%m-%d %H:%M:%S', gmtime $second);
	set_clock($node, $when);
	return $when;
}

sub run_clock { set_clock($_[0], '+0') }

sub start_with_clock
{
	my ($node) = @_;
	die 'libfaketime is not installed' unless $faketime_library;
	set_clock($node, '+0') unless -f clock_file($node);
	local $ENV{LD_PRELOAD} = $faketime_library;
	local $ENV{FAKETIME_TIMESTAMP_FILE} = clock_file($node);
	local $ENV{FAKETIME_NO_CACHE} = 1;
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = 1;
	local $ENV{TZ} = 'UTC';
	$node->start;
}

# Kills the backend of session (a background_psql) with SIGKILL: the
# postmaster ends every backend and reinitialises shared memory, while it
# keeps running.  Waits until the server takes connections again; ok when
# its log says it reinitialised.
sub crash_backend
{
	my ($node, $session, $what) = @_;
	my $pid = query_value($session, 'SELECT pg_backend_pid()');
	my $offset = -s $node->logfile;
	kill 'KILL', $pid;
	# the log, not a query: a psql started while the postmaster restarts
	# can exit before reading its stdin, and IPC::Run dies on the broken pipe
	$node->wait_for_log(qr/database system is ready to accept connections/, $offset);
	eval { $session->quit };
	ok($node->log_contains('all server processes terminated; reinitializing', $offset),
		"$what: the postmaster reinitialised shared memory");
}

# A new table ids (id, session, seq) filled by $sessions sessions at once,
# each inserting $batches transactions of $batch_size values of $function
# (an SQL expression), seq counting in the order they were generated.  The
# sessions wait on an advisory lock this one holds, so all start generating
# together.  Returns the finished runs.
sub concurrent_inserts
{
	my ($node, $label, $function, $sessions, $batches, $batch_size) = @_;
	$node->safe_psql('postgres', q{
		DROP TABLE IF EXISTS ids;
		CREATE TABLE ids (
			id ulid PRIMARY KEY,
			session int NOT NULL,
			seq int NOT NULL,
			UNIQUE (session, seq))});

	my $gate = $node->background_psql('postgres');
	$gate->query_safe('SELECT pg_advisory_lock(4242)');
	my @runs;
	for my $s (1 .. $sessions)
	{
		my $script = "SELECT pg_advisory_lock_shared(4242);\n"
		  . "SELECT pg_advisory_unlock_shared(4242);\n";
		for my $b (0 .. $batches - 1)
		{
			my $off = $b * $batch_size;
			$script .=
			    "INSERT INTO ids (session, seq, id) SELECT $s, $off + g, $function "
			  . "FROM generate_series(1, $batch_size) g;\n";
		}
		push @runs, start_psql($node, "$label session $s", $script);
	}
	$node->poll_query_until('postgres',
		"SELECT count(*) = $sessions FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
	) or die 'the sessions never reached the gate';
	$gate->query_safe('SELECT pg_advisory_unlock(4242)');
	finish_psql($_) for @runs;
	$gate->quit;
	return \@runs;
}

1;
