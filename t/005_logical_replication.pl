# Logical replication of ulid columns, publisher to subscriber, with
# binary = true (ulid_send/ulid_recv on the wire) and binary = false
# (ulid_out/ulid_in): the initial copy and later inserts, updates (also of
# the primary key) and deletes arrive, and the rows hash the same on all
# three databases.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $pub = ulid_node('publisher', init => { allows_streaming => 'logical' });
my $sub = ulid_node('subscriber');

my $table = q{
	CREATE TABLE t (
		id ulid PRIMARY KEY,
		n int NOT NULL,
		other ulid,
		several ulid[],
		as_uuid uuid);
	CREATE INDEX ON t USING hash (other);};

# A database created from template1 gets template1's ulid, so both sides
# have the same type OID, which binary transfer of ulid[] needs (array_recv
# checks the element type's OID)
$pub->safe_psql('postgres', 'CREATE DATABASE src');
$pub->safe_psql('src', $table . q{
	ALTER TABLE t ALTER id SET DEFAULT gen_ulid();
	INSERT INTO t (n, other, several, as_uuid)
	SELECT g, CASE WHEN g % 7 <> 0 THEN gen_random_ulid() END,
		   ARRAY[gen_ulid(), NULL, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'], gen_ulid()::uuid
	FROM generate_series(1, 20000) g;
	CREATE PUBLICATION pub FOR TABLE t;});

my $type_oid = "SELECT 'ulid'::regtype::oid";
my $connstr = $pub->connstr . ' dbname=src';
for my $mode (qw(true false))
{
	my $db = "sub_binary_$mode";
	$sub->safe_psql('postgres', "CREATE DATABASE $db");
	is($sub->safe_psql($db, $type_oid), $pub->safe_psql('src', $type_oid),
		"binary = $mode: ulid has the same type OID on both sides");
	$sub->safe_psql($db, $table);
	$sub->safe_psql($db,
		"CREATE SUBSCRIPTION s_$mode CONNECTION '$connstr' PUBLICATION pub WITH (binary = $mode)");
	$sub->wait_for_subscription_sync($pub, "s_$mode", $db);
	is($sub->safe_psql($db, "SELECT subbinary FROM pg_subscription WHERE subname = 's_$mode'"),
		$mode eq 'true' ? 't' : 'f', "subscription s_$mode has binary = $mode");
}

for my $mode (qw(true false))
{
	is( table_digest($sub, "sub_binary_$mode", 't'),
		table_digest($pub, 'src', 't'),
		"binary = $mode: the initial copy is identical");
}

# changes after the copy: inserts, updates of other columns and of the key,
# deletes
$pub->safe_psql('src', q{
	INSERT INTO t (n, other, several)
	SELECT g, gen_ulid(), ARRAY[gen_random_ulid()] FROM generate_series(20001, 30000) g;
	UPDATE t SET other = gen_ulid(), several = several || gen_ulid() WHERE n % 3 = 0;
	UPDATE t SET id = gen_ulid() WHERE n % 5 = 0;
	DELETE FROM t WHERE n % 11 = 0;});
my $digest = table_digest($pub, 'src', 't');
for my $mode (qw(true false))
{
	$pub->wait_for_catchup("s_$mode");
	is(table_digest($sub, "sub_binary_$mode", 't'), $digest,
		"binary = $mode: identical after inserts, updates and deletes");
	check_indexes($sub, "sub_binary_$mode", "binary = $mode");
}
# what the digests cover: the 30,000 rows but every 11th, deleted
my $rows = grep { $_ % 11 } 1 .. 30_000;
is($sub->safe_psql("sub_binary_$_", 'SELECT count(*) FROM t'),
	$rows, "binary = $_: $rows rows replicated")
  for qw(true false);

$sub->stop;
$pub->stop;
done_testing();
