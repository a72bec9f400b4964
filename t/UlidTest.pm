# Helpers shared by the TAP tests in t/: a cluster with the ulid extension
# and amcheck, and checks that every test repeats.
package UlidTest;

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

use Exporter 'import';
our @EXPORT = qw(ulid_node check_indexes table_digest query_value);

# A started cluster with ulid and amcheck in template1 and postgres, so every
# database created later has them too.  Options: init => { ... } for
# Cluster->init, conf => [ lines for postgresql.conf ], install_path => the
# installation of another PostgreSQL to run (with ulid installed there too).
sub ulid_node
{
	my ($name, %opts) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name,
		$opts{install_path} ? (install_path => $opts{install_path}) : ());
	$node->init(%{ $opts{init} // {} });
	$node->append_conf('postgresql.conf', join("\n", @{ $opts{conf} }))
	  if $opts{conf};
	$node->start;
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

1;
