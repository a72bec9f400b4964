# gen_monotonic_ulid() across a crash restart, an immediate stop and a
# standby's promotion, with a clock that goes on (t/016 sets it back, with
# the library preloaded).  Without the library preloaded its state is in
# shared memory only, which a crash restart and a server start initialise
# afresh, and the clock resumes the order; preloaded, the durable mark
# resumes it too.  So the values after each are above every value before.
# A promotion keeps the server's shared memory, so it keeps the order as it
# is.  The servers run with a wall clock the test sets (libfaketime, see
# UlidTest): each phase generates at a clock that stands still, at least a
# second later than the phase before, so every value of a phase is in one
# millisecond or carries on from it.  Then each phase checks what only one
# word shared by every session gives: two sessions take turns, and each value
# must be above the one the other session took just before; and two
# sessions generate 20,000 values each at once, and in each millisecond the
# counters form one unbroken run (each call steps the shared word by one),
# with values of both sessions in one millisecond.  A word of each backend's
# own, starting at random in the same millisecond, fails both, whatever the
# machine's speed.
# On 15 and 16 the library is preloaded; on 17+ it is not (the DSM registry).
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

plan skip_all => 'libfaketime is not installed (Debian: libfaketime)'
  unless faketime_library();

my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'ulid'")
  if $primary->pg_version < 17;
$primary->append_conf('postgresql.conf', 'restart_after_crash = on');
start_with_clock($primary);
$primary->safe_psql('postgres', q{
	CREATE EXTENSION ulid;
	CREATE TABLE seen (n bigint GENERATED ALWAYS AS IDENTITY, phase text NOT NULL,
		id ulid NOT NULL)});

# Runs code with node's clock standing still, then gives it the real time
# back
sub clock_stopped
{
	my ($node, $code) = @_;
	stop_clock($node);
	$code->();
	run_clock($node);
}

# n values from each of two sessions into seen, the sessions taking turns
sub generate
{
	my ($node, $phase, $n) = @_;
	my @s = map { $node->background_psql('postgres') } 1 .. 2;
	for (1 .. $n)
	{
		$_->query_safe(
			"INSERT INTO seen (phase, id) VALUES ('$phase', gen_monotonic_ulid())")
		  for @s;
	}
	$_->quit for @s;
}

# values of phase not above every value of the phases before it
sub check_after
{
	my ($node, $phase, @before) = @_;
	my $in = join ',', map { "'$_'" } @before;
	return $node->safe_psql('postgres', qq{
		SELECT count(*) FROM seen
		WHERE phase = '$phase' AND id <= (SELECT max(id) FROM seen WHERE phase IN ($in))});
}

# values of phase not above the value handed out just before them (by n, the
# order of the calls)
sub check_turns
{
	my ($node, $phase) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT count(*) FILTER (WHERE id <= prev)
		FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM seen WHERE phase = '$phase') s
		WHERE prev IS NOT NULL});
}

# Two sessions at once, 20,000 values each (UlidTest's concurrent_inserts,
# table ids): the number of values, of distinct time-and-counter prefixes,
# of milliseconds whose counters are not one unbroken run (one word steps
# its counter by one a call; two words each start at random), and whether
# some millisecond has values of both sessions (the clock standing still
# makes sure of it)
sub check_at_once
{
	my ($node, $phase) = @_;
	concurrent_inserts($node, $phase, 'gen_monotonic_ulid()', 2, 1, 20_000);
	return $node->safe_psql('postgres', q{
		SELECT sum(n), (SELECT count(DISTINCT substr(id::bytea, 1, 8)) FROM ids),
		       count(*) FILTER (WHERE hi - lo + 1 <> n), count(*) FILTER (WHERE sessions = 2) > 0
		FROM (SELECT min(c) AS lo, max(c) AS hi, count(*) AS n, count(DISTINCT session) AS sessions
		      FROM (SELECT id, session, get_byte(id::bytea, 6) * 256 + get_byte(id::bytea, 7) AS c
		            FROM ids) v
		      GROUP BY ulid_time(id)) m});
}

# Crash restart: a backend killed with SIGKILL makes the postmaster end
# every backend and reinitialise shared memory, while it keeps running
clock_stopped($primary, sub { generate($primary, 'before crash', 500) });
crash_backend($primary, $primary->background_psql('postgres'), 'crash restart');
my $at_once;
clock_stopped(
	$primary,
	sub {
		generate($primary, 'after crash', 500);
		$at_once = check_at_once($primary, 'after crash');
	});
is(check_after($primary, 'after crash', 'before crash'), 0,
	'crash restart: every value after is above every value before (the clock went on)');
is(check_turns($primary, $_), 0, "$_: each value is above the other session's just before")
  for 'before crash', 'after crash';
is($at_once, '40000|40000|0|t',
	'after crash: two sessions at once: one unbroken run of counters in each millisecond');

# Immediate stop (no shutdown checkpoint) and start
$primary->stop('immediate');
start_with_clock($primary);
clock_stopped(
	$primary,
	sub {
		generate($primary, 'after immediate stop', 500);
		$at_once = check_at_once($primary, 'after immediate stop');
	});
is( check_after($primary, 'after immediate stop', 'before crash', 'after crash'), 0,
	'immediate stop and start: every value after is above every value before');
is(check_turns($primary, 'after immediate stop'), 0,
	"after immediate stop: each value is above the other session's just before");
is($at_once, '40000|40000|0|t',
	'after immediate stop: two sessions at once: one unbroken run of counters in each millisecond');

# A standby, which can call it in read-only queries, then its promotion
$primary->backup('backup');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'backup', has_streaming => 1);
start_with_clock($standby);
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
clock_stopped(
	$standby,
	sub {
		generate($standby, 'promoted', 500);
		$at_once = check_at_once($standby, 'promoted');
	});
is(check_turns($standby, 'promoted'), 0, "promoted: each value is above the other session's just before");
is($at_once, '40000|40000|0|t',
	'promoted: two sessions at once: one unbroken run of counters in each millisecond');
is( $standby->safe_psql('postgres',
		"SELECT count(*) FROM seen WHERE phase = 'promoted' AND id <= '$after_new'"),
	0, 'promotion: the promoted server writes values above those it handed out as a standby');

$standby->stop;
$primary->stop;
done_testing();
