# Concurrency: 8 sessions at once, each 200,000 gen_ulid() values into one
# table with a ulid primary key, over 20 transactions each so that they
# interleave.  No duplicate-key error; within each session the values are
# strictly increasing in the order they were generated.
use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $sessions = 8;
my $batches = 20;
my $batch_size = 10_000;
my $per_session = $batches * $batch_size;

my $node = ulid_node('concurrency', conf => ['synchronous_commit = off']);
$node->safe_psql('postgres', q{
	CREATE TABLE ids (
		id ulid PRIMARY KEY,
		session int NOT NULL,
		seq int NOT NULL,
		UNIQUE (session, seq))});

# The sessions wait on a shared advisory lock that this one holds, so all
# start generating together.
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
		    "INSERT INTO ids (session, seq, id) SELECT $s, $off + g, gen_ulid() "
		  . "FROM generate_series(1, $batch_size) g;\n";
	}
	# a file, not stdin: IPC::Run feeds stdin only while it is pumped
	my $file = "$PostgreSQL::Test::Utils::tmp_check/session$s.sql";
	PostgreSQL::Test::Utils::append_to_file($file, $script);
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[
			'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1',
			'-d', $node->connstr('postgres'), '-f', $file
		],
		'>', \$out, '2>', \$err);
	push @runs, { h => $h, out => \$out, err => \$err };
}

$node->poll_query_until('postgres',
	"SELECT count(*) = $sessions FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
) or die 'the sessions never reached the gate';
$gate->query_safe('SELECT pg_advisory_unlock(4242)');

my $dup_errors = 0;
my $t0 = time;
for my $s (1 .. $sessions)
{
	my $r = $runs[ $s - 1 ];
	$r->{h}->finish;
	is($r->{h}->result(0), 0, "session $s: psql ran every batch without error")
	  or diag(${ $r->{err} });
	$dup_errors += () = ${ $r->{err} } =~ /duplicate key/g;
}
$gate->quit;
diag(sprintf('%d sessions x %d values took %d s', $sessions, $per_session, time - $t0));

is($dup_errors, 0, 'no duplicate-key error');

my $total = $sessions * $per_session;
is( $node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM ids'),
	"$total|$total", "$total rows, $total distinct ids");
is( $node->safe_psql(
		'postgres',
		"SELECT count(*) FROM (SELECT session FROM ids GROUP BY session HAVING count(*) = $per_session) s"
	),
	$sessions,
	"each of the $sessions sessions has $per_session rows");

# An order break: a value not above the one its session generated before it
my $breaks = $node->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS prev
		FROM ids) s
	WHERE prev >= id});
is($breaks, 0, 'no order break within any session');

# Not asserted (it depends on scheduling): how much the sessions overlapped
# in time, and how many milliseconds more than one session wrote in
diag(
	'sessions x values, duplicate-key errors, order breaks: ',
	"$sessions x $per_session, $dup_errors, $breaks");
diag(
	'milliseconds shared by 2+ sessions: ',
	$node->safe_psql('postgres', q{
		SELECT count(*) FROM (
			SELECT ulid_time(id) FROM ids
			GROUP BY 1 HAVING count(DISTINCT session) > 1) s}));

check_indexes($node, 'postgres', 'after the concurrent inserts');

$node->stop;
done_testing();
