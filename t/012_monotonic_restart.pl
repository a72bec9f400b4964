# gen_monotonic_ulid() across a crash restart, an immediate stop and a
# standby's promotion.  Its state is in shared memory, which a crash restart
# and a server start initialise afresh; the clock resumes the order.  So the
# values after each are above every value before, given a clock that did not
# step back (the test checks it did not) and a generator that had not run
# ahead of the clock (it never does at these rates).  A promotion keeps the
# server's shared memory, so it keeps the order as it is.  Those checks lean
# on the clock; so each phase also checks what does not: two sessions take
# turns, many turns in one millisecond, and each value must be above the one
# the other session took just before, which only a word the sessions share,
# set up again after the restart, gives (a generator of each backend's own
# fails it at each millisecond the two share, half the time).  Whether two
# turns fall in one millisecond depends on the machine's speed and load, so
# each phase takes turns until at least 10 pairs have (a generator of each
# backend's own then passes a phase once in a thousand, the four once in
# 10^12), however many turns that takes, up to 50,000.
# On 15 and 16 the library is preloaded; on 17+ it is not (the DSM registry).
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UlidTest;

my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'ulid'")
  if $primary->pg_version < 17;
$primary->append_conf('postgresql.conf', 'restart_after_crash = on');
$primary->start;
$primary->safe_psql('postgres', q{
	CREATE EXTENSION ulid;
	CREATE TABLE seen (n bigint GENERATED ALWAYS AS IDENTITY, phase text NOT NULL,
		id ulid NOT NULL, at timestamptz NOT NULL)});

# values from each of two sessions into seen, the sessions interleaving:
# batches of n turns until at least 10 values share the millisecond of the
# value before them, or 100 batches
sub generate
{
	my ($node, $phase, $n) = @_;
	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	my ($batches, $shared) = (0, 0);
	while ($shared < 10 && $batches < 100)
	{
		for (1 .. $n)
		{
			$_->query_safe(
				"INSERT INTO seen (phase, id, at) VALUES ('$phase', gen_monotonic_ulid(), clock_timestamp())")
			  for @s;
		}
		$batches++;
		$shared = shared_ms($node, $phase);
	}
	$_->quit for @s;
	note("$phase: $batches batches of $n turns, $shared values in the millisecond of the one before");
}

# how many values of phase share the millisecond of the value handed out
# just before them (by n, the order of the calls)
sub shared_ms
{
	my ($node, $phase) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE ulid_time(id) = ulid_time(prev))
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM seen WHERE phase = '$phase') s
		WHERE prev IS NOT NULL});
}

# values of phase not above every value of the phases before it, and
# whether the clock ever read earlier in phase than in those before
sub check_after
{
	my ($node, $phase, @before) = @_;
	my $in = join ',', map { "'$_'" } @before;
	return $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE id <= (SELECT max(id) FROM seen WHERE phase IN ($in))),
		       bool_and(at > (SELECT max(at) FROM seen WHERE phase IN ($in)))
		FROM seen WHERE phase = '$phase'});
}

# values of phase not above the value handed out just before them (by n, the
# order of the calls), and whether at least 10 of them share the millisecond
# of that value: the check has teeth only where some do
sub check_turns
{
	my ($node, $phase) = @_;
	my $not_above = $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE id <= prev)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM seen WHERE phase = '$phase') s});
	return $not_above . '|' . (shared_ms($node, $phase) >= 10 ? 't' : 'f');
}

# Crash restart: a backend killed with SIGKILL makes the postmaster end
# every backend and reinitialise shared memory, while it keeps running
generate($primary, 'before crash', 500);
my $victim = $primary->background_psql('postgres');
my $pid = query_value($victim, 'SELECT pg_backend_pid()');
my $log_offset = -s $primary->logfile;
kill 'KILL', $pid;
$primary->poll_query_until('postgres', 'SELECT 1', '1')
  or die 'the server did not come back after the crash';
eval { $victim->quit };
ok( $primary->log_contains('all server processes terminated; reinitializing', $log_offset),
	'crash restart: the postmaster reinitialised shared memory');
generate($primary, 'after crash', 500);
is(check_after($primary, 'after crash', 'before crash'), '0|t',
	'crash restart: every value after is above every value before (the clock went on)');
is(check_turns($primary, $_), '0|t', "$_: each value is above the other session's just before")
  for 'before crash', 'after crash';

# Immediate stop (no shutdown checkpoint) and start
$primary->stop('immediate');
$primary->start;
generate($primary, 'after immediate stop', 500);
is( check_after($primary, 'after immediate stop', 'before crash', 'after crash'), '0|t',
	'immediate stop and start: every value after is above every value before');
is(check_turns($primary, 'after immediate stop'), '0|t',
	"after immediate stop: each value is above the other session's just before");

# A standby, which can call it in read-only queries, then its promotion
$primary->backup('backup');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'backup', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);
my $on_standby = $standby->safe_psql('postgres',
	q{SELECT string_agg(id::text, ',' ORDER BY n)
	  FROM (SELECT n, gen_monotonic_ulid() AS id FROM generate_series(1, 1000) AS n) s});
my @before = split /,/, $on_standby;
is(scalar @before, 1000, 'a standby hands out values in a read-only query');
is(join(',', sort @before), $on_standby, 'in increasing order');

# a session that stays connected through the promotion
my $stays = $standby->background_psql('postgres');
my $before_stays = query_value($stays, 'SELECT gen_monotonic_ulid()');
$standby->promote;
my $after_stays = query_value($stays, 'SELECT gen_monotonic_ulid()');
$stays->quit;
my $after_new = $standby->safe_psql('postgres', 'SELECT gen_monotonic_ulid()');
ok($after_stays gt $before_stays && $before_stays gt $before[-1],
	'promotion: a session connected through it goes on increasing');
ok($after_new gt $after_stays, 'promotion: a new session continues the order');
generate($standby, 'promoted', 500);
is(check_turns($standby, 'promoted'), '0|t', "promoted: each value is above the other session's just before");
is( $standby->safe_psql('postgres',
		"SELECT count(*) FROM seen WHERE phase = 'promoted' AND id <= '$after_new'"),
	0, 'promotion: the promoted server writes values above those it handed out as a standby');

$standby->stop;
$primary->stop;
done_testing();
