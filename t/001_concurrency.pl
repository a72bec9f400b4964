# Concurrency: 8 sessions at once, each 200,000 gen_ulid() values into one
# table with a ulid primary key, over 20 transactions each so that they
# interleave.  No duplicate-key error; within each session the values are
# strictly increasing in the order they were generated.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $sessions = 8;
my $batches = 20;
my $batch_size = 10_000;
my $per_session = $batches * $batch_size;

my $node = ulid_node('concurrency', conf => ['synchronous_commit = off']);
my ($runs, $secs) =
  concurrent_inserts($node, 'concurrency', 'gen_ulid()', $sessions, $batches, $batch_size);
my $dup_errors = 0;
$dup_errors += () = ${ $_->{err} } =~ /duplicate key/g for @$runs;
diag(sprintf('%d sessions x %d values took %d s', $sessions, $per_session, $secs));

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
