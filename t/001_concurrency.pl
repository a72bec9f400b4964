# Concurrency: 8 sessions at once, each 200,000 gen_ulid() values into one
# table with a ulid primary key, over 20 transactions each so that they
# interleave.  No duplicate-key error; within each session the values are
# strictly increasing in the order they were generated.  The server's wall
# clock stands still meanwhile (libfaketime, see UlidTest), so every session
# generates in the same milliseconds, where two sessions could collide,
# however the machine schedules them.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

plan skip_all => 'libfaketime is not installed (Debian: libfaketime)'
  unless faketime_library();

my $sessions = 8;
my $batches = 20;
my $batch_size = 10_000;
my $per_session = $batches * $batch_size;

my $node = ulid_node('concurrency', conf => ['synchronous_commit = off'], fake_clock => 1);
my $clock = stop_clock($node);
my $runs = concurrent_inserts($node, 'concurrency', 'gen_ulid()', $sessions, $batches, $batch_size);
run_clock($node);
my $dup_errors = 0;
$dup_errors += () = ${ $_->{err} } =~ /duplicate key/g for @$runs;

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

# what makes the checks above strong: the sessions' values share a
# millisecond (each starts at the clock's, then carries its counter on)
is( $node->safe_psql('postgres',
		"SELECT count(DISTINCT session) FROM ids WHERE ulid_time(id) = '$clock+00'"),
	$sessions, "all $sessions sessions generated in the clock's millisecond");

check_indexes($node, 'postgres', 'after the concurrent inserts');

$node->stop;
done_testing();
