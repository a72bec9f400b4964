# Dumps and routes, for the script form and the extension form:
# - a database with the psql -f script in schema app, and one with the
#   extension, each with a table keyed by the edition's type, dumped and
#   restored four ways (UlidSqlTest::dump_restore);
# - the guide's route from the script form to the C extension, its block
#   script_to_c run as written (UlidSqlTest::route_to_c; the C extension
#   must be installed into the same PostgreSQL).
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidSqlTest;

my $node = edition_node('dump_routes');

# a new database with the psql -f script in schema app
sub script_db
{
	my $db = shift;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE SCHEMA app');
	is(script_into($node, $db, 'app'), 0, "psql -f ulid_sql.sql into schema app of $db");
}

script_db('ulid_sql_dump_script');
dump_restore($node, 'script', 'ulid_sql_dump_script', 'app');

$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_dump_ext');
$node->safe_psql('ulid_sql_dump_ext', 'CREATE EXTENSION ulid_sql');
dump_restore($node, 'extension', 'ulid_sql_dump_ext', 'public');

script_db('ulid_sql_route_script');
route_to_c($node, 'script', 'ulid_sql_route_script', 'script_to_c', 'app,public');

done_testing();
