# ulid.uuidv7 = on set for a database (ALTER DATABASE ... SET, no DDL on the
# table): 8 sessions at once, each 125,000 gen_ulid() values (1,000,000 in
# all), then as many gen_monotonic_ulid() values, into a table with a ulid
# primary key.  No duplicate-key error; every value a UUIDv7 (ulid's check,
# and on 17+ core's uuid_extract_version and uuid_extract_timestamp on the
# value cast to uuid, agreeing with ulid_time); gen_ulid()'s strictly
# increasing within each session, gen_monotonic_ulid()'s across all of them
# (no two share their time and counter).  Then a session that turns the
# setting off gets plain values again, still above its earlier ones.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $sessions = 8;
my $batches = 5;
my $batch_size = 25_000;
my $per_session = $batches * $batch_size;
my $total = $sessions * $per_session;

# preloaded: gen_monotonic_ulid() needs it before 17
my $node = ulid_node('uuidv7',
	conf => [ 'synchronous_commit = off', "shared_preload_libraries = 'ulid'" ]);
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
$node->safe_psql('postgres', 'ALTER DATABASE postgres SET ulid.uuidv7 = on');

for my $function ('gen_ulid()', 'gen_monotonic_ulid()')
{
	my $runs = concurrent_inserts($node, 'uuidv7', $function, $sessions, $batches, $batch_size);
	my $dup_errors = 0;
	$dup_errors += () = ${ $_->{err} } =~ /duplicate key/g for @$runs;
	is($dup_errors, 0, "$function: no duplicate-key error");
	is( $node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM ids'),
		"$total|$total", "$function: $total rows, $total distinct ids");
	is($node->safe_psql('postgres', 'SELECT count(*) FROM ids WHERE ulid_is_uuidv7(id)'),
		$total, "$function: every value is a UUIDv7 (ulid_is_uuidv7)");
	# an independent reading: the uuid text's version digit and variant digit
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM ids
			WHERE substr(id::uuid::text, 15, 1) = '7'
			  AND substr(id::uuid::text, 20, 1) IN ('8', '9', 'a', 'b')}),
		$total, "$function: every uuid's text has version 7 and variant 10");
  SKIP:
	{
		skip 'core uuid_extract_timestamp reads a UUIDv7 from 18 (17 reads only version 1)', 1
		  if $version < 180000;
		is( $node->safe_psql('postgres', q{
				SELECT count(*) FROM ids
				WHERE pg_catalog.uuid_extract_version(id::uuid) = 7
				  AND pg_catalog.uuid_extract_timestamp(id::uuid) = ulid_time(id)}),
			$total, "$function: core reads version 7 and ulid's time from every value");
	}
	is( $node->safe_psql('postgres', q{
			SELECT count(*) FROM (
				SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS prev
				FROM ids) s
			WHERE prev >= id}),
		0, "$function: no order break within any session");
	# one advance of the shared word each: first 8 bytes all distinct
	is( $node->safe_psql('postgres',
			q{SELECT count(DISTINCT substr(id::uuid::text, 1, 18)) FROM ids}),
		$total, "$function: no two values share their time and counter")
	  if $function eq 'gen_monotonic_ulid()';
	check_indexes($node, 'postgres', "after $function");
}

# the setting off again in one session: plain values (not all UUIDv7s),
# above the UUIDv7s before them
is( $node->safe_psql('postgres', q{
		CREATE TEMP TABLE s AS
			SELECT n, gen_ulid() AS id FROM generate_series(1, 1000) n;
		SET ulid.uuidv7 = off;
		INSERT INTO s SELECT n, gen_ulid() FROM generate_series(1001, 3000) n;
		SELECT count(*) FILTER (WHERE n <= 1000 AND ulid_is_uuidv7(id)),
			count(*) FILTER (WHERE n > 1000 AND NOT ulid_is_uuidv7(id)) > 0,
			count(*) FILTER (WHERE id <= prev)
		FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev FROM s) t}),
	'1000|t|0', 'off in a session: plain values after the UUIDv7s, still increasing');

$node->stop;
done_testing();
