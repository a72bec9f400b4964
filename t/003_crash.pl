# Crash safety: an immediate stop (the postmaster and every backend killed,
# no shutdown checkpoint) in the middle of bulk inserts into a logged table
# with a ulid primary key, a hash index and a BRIN index.  After the restart
# every batch the client saw committed is there, with the same IDs; no batch
# is there in part; amcheck finds the btree clean; the hash and BRIN indexes
# find exactly the rows a sequential scan finds.  Several crash runs, on the
# same table.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $crash_runs = 3;
my $batches_per_run = 20;
my $batch_size = 5000;
my $inflight_size = 500_000;

my $node = ulid_node('crash');
$node->safe_psql('postgres', q{
	CREATE TABLE t (
		id ulid PRIMARY KEY DEFAULT gen_ulid(),
		batch int NOT NULL,
		n int NOT NULL,
		size int NOT NULL);
	CREATE INDEX t_id_hash ON t USING hash (id);
	CREATE INDEX t_id_brin ON t USING brin (id) WITH (pages_per_range = 8);});
is($node->safe_psql('postgres', "SELECT relpersistence FROM pg_class WHERE relname = 't'"),
	'p', 'the table is logged');

my %acked;		# batch => md5 of its IDs, as its client saw them committed
my $next_batch = 1;

sub insert_sql
{
	my ($batch, $size) = @_;
	return "INSERT INTO t (batch, n, size) SELECT $batch, g, $size FROM generate_series(1, $size) g";
}

sub batch_digest_sql
{
	my ($batch) = @_;
	return "SELECT md5(string_agg(id::text, ',' ORDER BY n)) FROM t WHERE batch = $batch";
}

for my $run (1 .. $crash_runs)
{
	my @clients = map { $node->background_psql('postgres') } 1 .. 2;

	# acknowledged batches, the two clients taking turns, with BRIN
	# summaries of the new pages along the way
	for my $i (1 .. $batches_per_run)
	{
		my $c = $clients[ $i % 2 ];
		my $b = $next_batch++;
		$c->query_safe(insert_sql($b, $batch_size));
		$acked{$b} = query_value($c, batch_digest_sql($b));
		$c->query_safe("SELECT brin_summarize_new_values('t_id_brin')")
		  if $i % 5 == 0;
	}

	# one big batch in flight on each client; crash once both are writing
	my $size_before = $node->safe_psql('postgres', "SELECT pg_relation_size('t')");
	for my $c (@clients)
	{
		my $b = $next_batch++;
		$c->{stdin} .= insert_sql($b, $inflight_size) . ";\n";
		$c->{run}->pump_nb;
	}
	$node->poll_query_until('postgres', qq{
		SELECT count(*) = 2 AND pg_relation_size('t') > $size_before + 1048576
		FROM pg_stat_activity
		WHERE state = 'active' AND query LIKE 'INSERT INTO t %'})
	  or die 'the in-flight batches never started writing';
	$node->stop('immediate');
	$_->{run}->kill_kill for @clients;
	$node->start;

	my $full = $node->safe_psql('postgres', sprintf(
			'SELECT count(*) FROM (SELECT batch FROM t WHERE batch IN (%s) GROUP BY batch HAVING count(*) = %d) s',
			join(',', keys %acked), $batch_size));
	is($full, scalar keys %acked,
		"crash run $run: all " . scalar(keys %acked) . ' acknowledged batches are there in full');
	my $changed = grep { $node->safe_psql('postgres', batch_digest_sql($_)) ne $acked{$_} }
	  sort { $a <=> $b } keys %acked;
	is($changed, 0, "crash run $run: every acknowledged batch has the IDs its client saw");
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM (
				SELECT batch FROM t GROUP BY batch HAVING count(*) <> min(size)) s}),
		0, "crash run $run: no batch is there in part");

	check_indexes($node, 'postgres', "crash run $run");

	my $rows = $node->safe_psql('postgres', 'SELECT count(*) FROM t');

	# The hash index alone: each row found by its id through it
	my ($plan, $found) = split /\n====\n/, $node->safe_psql('postgres', q{
		BEGIN;
		ALTER TABLE t DROP CONSTRAINT t_pkey;
		DROP INDEX t_id_brin;
		SET LOCAL enable_hashjoin = off;
		SET LOCAL enable_mergejoin = off;
		SET LOCAL enable_bitmapscan = off;
		SET LOCAL enable_material = off;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM t a
			WHERE EXISTS (SELECT FROM t b WHERE b.id = a.id AND b.batch = a.batch AND b.n = a.n);
		SELECT '====';
		SELECT count(*) FROM t a
			WHERE EXISTS (SELECT FROM t b WHERE b.id = a.id AND b.batch = a.batch AND b.n = a.n);
		ROLLBACK;});
	like($plan, qr/Index Scan using t_id_hash on t/, "crash run $run: the probe uses the hash index");
	is($found, $rows, "crash run $run: the hash index finds all $rows rows");

	# The BRIN index alone: each batch's id range counted through it equals
	# the count of a sequential scan
	($plan, my $wrong) = split /\n====\n/, $node->safe_psql('postgres', q{
		SET enable_indexscan = off;
		CREATE TEMP TABLE ranges AS
			SELECT batch, min(id) AS lo, max(id) AS hi, count(*) AS rows FROM t GROUP BY batch;
		RESET enable_indexscan;
		BEGIN;
		ALTER TABLE t DROP CONSTRAINT t_pkey;
		DROP INDEX t_id_hash;
		SET LOCAL enable_seqscan = off;
		EXPLAIN (COSTS OFF) SELECT count(*) FROM t WHERE id BETWEEN '01000000000000000000000000' AND '02000000000000000000000000';
		SELECT '====';
		SELECT count(*) FROM ranges r
			WHERE r.rows <> (SELECT count(*) FROM t WHERE t.id BETWEEN r.lo AND r.hi);
		ROLLBACK;});
	like($plan, qr/Bitmap Index Scan on t_id_brin/, "crash run $run: range scans use the BRIN index");
	is($wrong, 0, "crash run $run: the BRIN index finds every batch's rows");
}

$node->stop;
done_testing();
