# gen_monotonic_ulid() never goes back: every value after a restart, a crash
# (of a backend, of the postmaster), a standby's promotion and a pg_upgrade
# is above every value handed out before, committed or not, with the clock
# stepped back across each.  The servers run with a wall clock the test sets
# (libfaketime, see UlidTest): each step back is an hour or more, far more
# than the mark runs ahead of the values (docs/monotonic.md), so only a
# durable mark, not the clock, can put the values after above those before.
# The mark needs ulid in shared_preload_libraries on every major.
use strict;
use warnings;

use Cwd ();
use File::Copy;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

plan skip_all => 'libfaketime is not installed (Debian: libfaketime)'
  unless faketime_library();

my $n = 20_000;
my $mark_file = 'ulid_monotonic.mark';
my $behind = qr/LOG:  the clock is \d+ ms behind gen_monotonic_ulid\(\)'s last value/;

my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
# wal_writer_delay: WAL that nothing flushes stays in memory long enough
# for the promotion below to see a mark that was never flushed
$primary->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'ulid'
restart_after_crash = on
wal_writer_delay = '10s'});
start_with_clock($primary);
$primary->safe_psql('postgres', q{
	CREATE EXTENSION ulid;
	CREATE TABLE seen (phase text NOT NULL, id ulid NOT NULL)});

# The greatest value handed out so far, committed or not
my $high;

sub raise_high
{
	my ($v) = @_;
	$high = $v if !defined $high || $v gt $high;
}

# n committed values of phase into seen; raises $high
sub generate
{
	my ($node, $phase) = @_;
	raise_high(
		$node->safe_psql('postgres', qq{
			INSERT INTO seen (phase, id) SELECT '$phase', gen_monotonic_ulid() FROM generate_series(1, $n);
			SELECT max(id) FROM seen WHERE phase = '$phase'}));
}

# n values handed out to a client and stored nowhere; raises $high
sub hand_out
{
	my ($node) = @_;
	raise_high($node->safe_psql('postgres',
		"SELECT max(gen_monotonic_ulid()) FROM generate_series(1, $n)"));
}

# A session holding n values in a transaction it never commits, for a crash
# to end; raises $high, returns the session
sub uncommitted
{
	my ($node) = @_;
	my $s = $node->background_psql('postgres');
	$s->query_safe('BEGIN');
	raise_high(query_value($s, qq{
		INSERT INTO seen (phase, id) SELECT 'uncommitted', gen_monotonic_ulid() FROM generate_series(1, $n);
		SELECT max(id) FROM seen WHERE phase = 'uncommitted'}));
	return $s;
}

# n values of phase after the event; each must be above $high
sub check_after
{
	my ($node, $phase, $what) = @_;
	my $high_before = $high;
	generate($node, $phase);
	is( $node->safe_psql('postgres', qq{
			SELECT count(*), count(*) FILTER (WHERE id <= '$high_before') FROM seen WHERE phase = '$phase'}),
		"$n|0", "$what: all $n values after are above every value handed out before");
}

# 1. A clean restart with the clock an hour behind
generate($primary, 'before restart');
hand_out($primary);
$primary->stop;
set_clock($primary, '-1h');
my $log_offset = -s $primary->logfile;
start_with_clock($primary);
check_after($primary, 'after restart', 'restart, the clock an hour behind');
my @said = (slurp_file($primary->logfile, $log_offset) =~ /$behind/g);
is(scalar @said, 1, 'restart: the log says once that the clock is behind');

# 2. A backend killed with SIGKILL, the clock stepped back another hour:
# the postmaster ends every backend and reinitialises shared memory.  The
# checkpoint puts the mark's last WAL record before the redo point, so
# crash recovery does not replay it.
my $victim = uncommitted($primary);
$primary->safe_psql('postgres', 'CHECKPOINT');
set_clock($primary, '-2h');
crash_backend($primary, $victim, 'backend crash');
is($primary->safe_psql('postgres', q{SELECT count(*) FROM seen WHERE phase = 'uncommitted'}),
	0, 'backend crash: the values of the open transaction were never committed');
check_after($primary, 'after backend crash', 'backend crash, the clock stepped back');

# 3. The postmaster killed with SIGKILL, the clock stepped back another
# hour; started again once every process of the server has exited
$victim = uncommitted($primary);
my @pids = split /\n/, $primary->safe_psql('postgres', 'SELECT pid FROM pg_stat_activity');
push @pids, $primary->{_pid};
set_clock($primary, '-3h');
$primary->kill9;
eval { $victim->quit };
# (a handshake, not a timeout: waits for the processes to end)
while (grep { kill 0, $_ } @pids) { select undef, undef, undef, 0.1 }
start_with_clock($primary);
check_after($primary, 'after postmaster crash', 'postmaster crash, the clock stepped back');

# 4. Promotion of a streaming standby whose clock is an hour behind the
# primary's.  The primary's clock first goes forward, past every mark the
# base backup holds, so only what streams to the standby can order its
# values after.  The last values are handed out in a read-only query, whose
# mark nothing but the generator flushes.
$primary->backup('backup');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'backup', has_streaming => 1);
set_clock($primary, '+1h');
set_clock($standby, '+0');
start_with_clock($standby);
generate($primary, 'on the primary');
set_clock($primary, '+2h');
set_clock($standby, '+1h');
hand_out($primary);
$primary->wait_for_catchup($standby);
$standby->promote;
check_after($standby, 'promoted', 'promotion, the standby\'s clock an hour behind');
$primary->stop;

# 5. pg_upgrade, the new cluster's clock an hour behind the old one's.  It
# does not carry the mark: the old cluster's mark file is copied into the
# new data directory before the new cluster first starts (docs/monotonic.md)
hand_out($standby);
my $old_bindir = $standby->config_data('--bindir');
my $checksums = $standby->safe_psql('postgres', 'SHOW data_checksums');
$standby->stop;
my $new = PostgreSQL::Test::Cluster->new('new');
$new->init($checksums eq 'off' && $new->pg_version >= 18 ? (extra => ['--no-data-checksums']) : ());
$new->append_conf('postgresql.conf', "shared_preload_libraries = 'ulid'");
{
	# pg_upgrade writes its logs and sockets in the current directory
	my $cwd = Cwd::getcwd();
	chdir $PostgreSQL::Test::Utils::tmp_check or die;
	command_ok(
		[
			'pg_upgrade', '--no-sync', '-d', $standby->data_dir, '-D', $new->data_dir,
			'-b', $old_bindir, '-B', $new->config_data('--bindir'), '-s', $new->host,
			'-p', $standby->port, '-P', $new->port
		],
		'pg_upgrade');
	chdir $cwd or die;
}
ok(-f $standby->data_dir . "/$mark_file", 'pg_upgrade: the old cluster has its mark file');
copy($standby->data_dir . "/$mark_file", $new->data_dir . "/$mark_file");
set_clock($new, '+0');
start_with_clock($new);
check_after($new, 'after pg_upgrade', 'pg_upgrade, the clock an hour behind');
$new->stop;

done_testing();
