# pg_dump / pg_restore: plain, custom and directory format (the last
# restored with 2 jobs) into fresh databases (from template0, so the dump
# itself must create the extension).  Every table's rows, as ordered text,
# hash the same; every index is valid and amcheck-clean; the restored
# default gen_ulid() and the partition bounds still work.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $node = ulid_node('dump');
my $tmp = $PostgreSQL::Test::Utils::tmp_check;

$node->safe_psql('postgres', q{
	CREATE TABLE items (
		id ulid PRIMARY KEY DEFAULT gen_ulid(),
		n int NOT NULL,
		ref ulid,
		refs ulid[],
		as_uuid uuid);
	CREATE INDEX items_ref_hash ON items USING hash (ref);
	CREATE INDEX items_id_brin ON items USING brin (id);
	CREATE UNIQUE INDEX items_n_ref ON items (n, ref);
	INSERT INTO items (n, ref, refs, as_uuid)
	SELECT g,
		   CASE WHEN g % 10 = 0 THEN NULL ELSE gen_random_ulid() END,
		   ARRAY[gen_ulid(), gen_ulid('2000-01-01 00:00+00')],
		   gen_ulid()::uuid
	FROM generate_series(1, 50000) g;
	INSERT INTO items (id, n, ref) VALUES
		('00000000000000000000000000', -1, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
		('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', -2, '00000000000000000000000000');

	CREATE TABLE events (id ulid NOT NULL, what text) PARTITION BY RANGE (id);
	CREATE TABLE events_2024 PARTITION OF events
		FOR VALUES FROM (ulid_lower('2024-01-01 00:00+00')) TO (ulid_lower('2025-01-01 00:00+00'));
	CREATE TABLE events_rest PARTITION OF events DEFAULT;
	CREATE INDEX ON events (id);
	INSERT INTO events
	SELECT gen_ulid(timestamptz '2023-12-01 00:00+00' + g * interval '1 hour'), 'e' || g
	FROM generate_series(1, 20000) g;

	CREATE MATERIALIZED VIEW per_day AS
		SELECT date_trunc('day', ulid_time(id), 'UTC') AS day, count(*), min(id), max(id)
		FROM events GROUP BY 1;
	CREATE UNIQUE INDEX ON per_day (day);

	CREATE TABLE accounts (id uuid PRIMARY KEY);
	INSERT INTO accounts SELECT gen_ulid()::uuid FROM generate_series(1, 1000);
	CREATE TABLE orders (id ulid PRIMARY KEY, account ulid NOT NULL REFERENCES accounts);
	INSERT INTO orders SELECT gen_ulid(), id FROM accounts;
	CREATE TABLE notes (order_id uuid REFERENCES orders);
	INSERT INTO notes SELECT id FROM orders LIMIT 100;});

my %digest = (
	items => table_digest($node, 'postgres', 'items'),
	events => table_digest($node, 'postgres', 'events'),
	per_day => table_digest($node, 'postgres', 'per_day', 'day'));
my $bounds_sql = q{
	SELECT string_agg(c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid), '; ' ORDER BY c.relname)
	FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid
	WHERE i.inhparent = 'events'::regclass};
my $bounds = $node->safe_psql('postgres', $bounds_sql);
my $indexes_sql = q{
	SELECT count(*) FILTER (WHERE NOT (indisvalid AND indisready)) || '/' || count(*)
	FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
	WHERE c.relnamespace = 'public'::regnamespace};
my $indexes = $node->safe_psql('postgres', $indexes_sql);
like($indexes, qr{^0/\d+$}, "source: $indexes indexes invalid/all");

my %restore = (
	plain => sub {
		my ($db) = @_;
		$node->command_ok([ 'pg_dump', '-Fp', '-f', "$tmp/dump.sql", 'postgres' ], 'pg_dump -Fp');
		$node->command_ok(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', "$tmp/dump.sql", $db ],
			'psql restores the plain dump');
	},
	custom => sub {
		my ($db) = @_;
		$node->command_ok([ 'pg_dump', '-Fc', '-f', "$tmp/dump.custom", 'postgres' ], 'pg_dump -Fc');
		$node->command_ok([ 'pg_restore', '--exit-on-error', '-d', $db, "$tmp/dump.custom" ],
			'pg_restore the custom dump');
	},
	directory => sub {
		my ($db) = @_;
		$node->command_ok([ 'pg_dump', '-Fd', '-j', '2', '-f', "$tmp/dump.dir", 'postgres' ],
			'pg_dump -Fd -j 2');
		$node->command_ok(
			[ 'pg_restore', '--exit-on-error', '-j', '2', '-d', $db, "$tmp/dump.dir" ],
			'pg_restore -j 2 the directory dump');
	});

for my $format (qw(plain custom directory))
{
	my $db = "restored_$format";
	$node->safe_psql('postgres', "CREATE DATABASE $db TEMPLATE template0");
	$restore{$format}->($db);

	for my $table (sort keys %digest)
	{
		is(table_digest($node, $db, $table, $table eq 'per_day' ? 'day' : 'id'),
			$digest{$table}, "$format: $table has the same rows");
	}
	is($node->safe_psql($db, $bounds_sql), $bounds, "$format: the same partition bounds");
	is($node->safe_psql($db, $indexes_sql), $indexes, "$format: the same indexes, all valid");
	$node->safe_psql($db, 'CREATE EXTENSION IF NOT EXISTS amcheck');
	check_indexes($node, $db, $format);

	# the indexes answer as before (bitmap scans forced)
	is( $node->safe_psql($db, q{
			SET enable_seqscan = off; SET enable_indexscan = off;
			SELECT count(*) FROM items WHERE ref = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'
			UNION ALL
			SELECT count(*) FROM items WHERE id >= ulid_lower('2000-01-02 00:00+00')}),
		"1\n50001", "$format: index scans find the rows");
	is( $node->safe_psql($db, q{
			INSERT INTO items (n) VALUES (0) RETURNING id > (SELECT max(id) FROM items WHERE n > 0)}),
		't', "$format: the default gen_ulid() still works");
	# the foreign keys between ulid and uuid columns (a ulid column
	# referencing a uuid key needs 1.3's implicit cast, which the restored
	# extension must have before the key is added)
	is( $node->safe_psql($db, q{
			SELECT count(*) FROM pg_constraint
			WHERE contype = 'f' AND conrelid IN ('orders'::regclass, 'notes'::regclass)}),
		2, "$format: the foreign keys between ulid and uuid columns are restored");
	my ($rc, $stdout, $stderr) = $node->psql($db, 'INSERT INTO orders VALUES (gen_ulid(), gen_ulid())');
	like($stderr, qr/violates foreign key constraint "orders_account_fkey"/,
		"$format: the ulid-to-uuid foreign key rejects a missing key");
	is( $node->safe_psql($db, q{
			INSERT INTO events VALUES (gen_ulid('2024-06-01 00:00+00'), 'new') RETURNING tableoid::regclass}),
		'events_2024', "$format: new rows still land in their partition");
}

$node->stop;
done_testing();
