# What gen_monotonic_ulid()'s order means: values are ordered by when they
# were generated, not by when their transactions commit.  A reader that
# polls "id > the last id I saw" can miss a row that a longer transaction
# commits later with a smaller id.  The recipe that misses nothing: each row
# records its writer's transaction id (xid8 DEFAULT pg_current_xact_id()),
# and the reader takes, in id order, the rows of the transactions below its
# snapshot's xmin that it has not taken yet: every transaction below xmin
# has ended, so that set of rows is final.
#
# 1. The anomaly, step by step: the naive reader misses a committed row.
# 2. The recipe in the same steps: it waits, then takes both rows.
# 3. Under load: pgbench writers (a fixed number of transactions of 2 to 4
#    rows with pauses) while the recipe's reader polls; it takes every row
#    exactly once.  The writers' first transactions wait, open and with rows
#    written, at a gate until the reader has polled, so it always reads past
#    open transactions at least once.
use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $node = PostgreSQL::Test::Cluster->new('commit_order');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'ulid'")
  if $node->pg_version < 17;
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION ulid;
	CREATE TABLE outbox (
		id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(),
		xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
		payload text);
	CREATE INDEX ON outbox (xid);
	CREATE TABLE read_naive (id ulid);
	CREATE TABLE read_recipe (id ulid)});

my $reader = $node->background_psql('postgres');

# The naive reader: the rows above the last id seen; returns the new last id
my $naive_last = '00000000000000000000000000';
sub naive_read
{
	my $max = query_value($reader, qq{
		WITH r AS (
			INSERT INTO read_naive SELECT id FROM outbox WHERE id > '$naive_last' RETURNING id)
		SELECT max(id) FROM r});
	$naive_last = $max if $max ne '';
	return $max;
}

# The recipe's reader: the rows of the transactions from its last horizon
# up to the current snapshot's xmin, in id order; the new horizon is that
# xmin.  Returns how many rows it took.
my $horizon = '0';
sub recipe_read
{
	my ($h, $n) = split /\|/, query_value($reader, qq{
		WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
		r AS (
			INSERT INTO read_recipe
			SELECT o.id FROM outbox o, h
			WHERE o.xid >= '$horizon' AND o.xid < h.xmin
			ORDER BY o.id
			RETURNING 1)
		SELECT (SELECT xmin FROM h), (SELECT count(*) FROM r)});
	$horizon = $h;
	return $n;
}

# 1 and 2: A takes a value and stays open; B takes a later value and
# commits; the readers poll; A commits; the readers poll again
my $session_a = $node->background_psql('postgres');
my $session_b = $node->background_psql('postgres');
$session_a->query_safe('BEGIN');
my $id_a = query_value($session_a, "INSERT INTO outbox (payload) VALUES ('a') RETURNING id");
my $id_b = query_value($session_b, "INSERT INTO outbox (payload) VALUES ('b') RETURNING id");
ok($id_b gt $id_a, 'B generated after A, so its id is greater');

is(naive_read(), $id_b, 'naive reader, A still open: it sees B and moves past it');
is(recipe_read(), 0, 'recipe, A still open: B is above the horizon A holds back: nothing yet');

$session_a->query_safe('COMMIT');
is(naive_read(), '', 'naive reader, A committed: nothing above B');
is( $node->safe_psql('postgres', 'SELECT count(*) FROM outbox WHERE id NOT IN (SELECT id FROM read_naive)'),
	1, 'so it never takes A: committed, with an id below one it has seen');
is(recipe_read(), 2, 'recipe, A committed: it takes A and B');
is( $node->safe_psql('postgres', 'SELECT string_agg(id::text, \',\' ORDER BY id) FROM read_recipe'),
	"$id_a,$id_b", 'recipe: both rows, once each');
$session_a->quit;
$session_b->quit;

# 3: under load: 4 clients x 100 transactions, each client's of 2 to 4
# rows (its number mod 3, plus 2), the recipe's reader polling until they
# are done (its cursor stays valid: later xids are greater).  The gate is
# advisory lock 7, which the test holds until every client's first
# transaction waits there.
$node->safe_psql('postgres', 'TRUNCATE outbox, read_recipe');
my ($clients, $transactions) = (4, 100);
my $rows = 0;
$rows += $transactions * ($_ % 3 + 2) for 0 .. $clients - 1;
my $script = "$PostgreSQL::Test::Utils::tmp_check/writer.sql";
PostgreSQL::Test::Utils::append_to_file($script, q{
\set rows :client_id % 3 + 1
BEGIN;
INSERT INTO outbox (payload) SELECT 'w' FROM generate_series(1, :rows);
SELECT pg_advisory_lock_shared(7);
SELECT pg_advisory_unlock_shared(7);
SELECT pg_sleep(random() * 0.004);
INSERT INTO outbox (payload) VALUES ('w');
COMMIT;
});
my $gate = $node->background_psql('postgres');
$gate->query_safe('SELECT pg_advisory_lock(7)');
my ($out, $err) = ('', '');
my $writers = IPC::Run::start(
	[ 'pgbench', '-n', '-c', $clients, '-j', '2', '-t', $transactions, '-f', $script,
		$node->connstr('postgres') ],
	'>', \$out, '2>', \$err);
$node->poll_query_until('postgres', qq{
	SELECT count(*) = $clients FROM pg_locks
	WHERE locktype = 'advisory' AND NOT granted AND objid = 7})
  or die 'the writers never reached the gate';
is(recipe_read(), 0, "recipe, $clients writers' transactions open: nothing yet");
$gate->query_safe('SELECT pg_advisory_unlock(7)');
$gate->quit;
while ($writers->pumpable)
{
	recipe_read();
	$writers->pump_nb;
	select(undef, undef, undef, 0.01);
}
$writers->finish;
is($writers->result(0), 0, 'pgbench writers ran') or diag($err);
# the writers are done: one more read takes the rest
recipe_read();

is($node->safe_psql('postgres', 'SELECT count(*) FROM outbox'),
	$rows, "the writers committed $rows rows");
is( $node->safe_psql('postgres', q{
		SELECT count(*) || '|' || count(DISTINCT id) || '|'
			|| (SELECT count(*) FROM outbox WHERE id NOT IN (SELECT id FROM read_recipe))
		FROM read_recipe}),
	"$rows|$rows|0", "recipe: each of the $rows rows taken once");

$reader->quit;
$node->stop;
done_testing();
