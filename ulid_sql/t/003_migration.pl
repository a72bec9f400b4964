# The guide's migrations, on 10,000 customers with two orders each, their
# indexes, foreign keys both ways and a partitioned table: uuid columns into
# ulid_sql's domain, then ulid_sql to the C type (the C extension must be
# installed into the same PostgreSQL, with amcheck), and char(26) ULIDs in
# lower case (Laravel's HasUlids) into either edition.  What is checked is
# that no table is rewritten (every heap keeps its file), which indexes are
# rebuilt, and that every row, key and default comes through: none of it
# depends on the tables' size, so a small table proves it as well as a large
# one.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidSqlTest;

my $rows = 20000;
my $node = edition_node('migration');
$node->safe_psql('postgres', 'CREATE DATABASE ulid_sql_mig');
sub dq { return q_out($node, shift, shift); }

# the uuid schema: customers <- orders <- order_lines, orders <- order_events (partitioned)
dq('ulid_sql_mig', qq{
	CREATE EXTENSION ulid_sql;
	CREATE EXTENSION amcheck;
	CREATE TABLE customers (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text);
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	                     customer uuid NOT NULL REFERENCES customers, total numeric);
	CREATE INDEX orders_customer ON orders (customer);
	CREATE INDEX orders_brin ON orders USING brin (id);
	CREATE TABLE order_lines (order_id uuid NOT NULL REFERENCES orders, item int);
	CREATE INDEX order_lines_order ON order_lines (order_id);
	CREATE TABLE order_events (id uuid NOT NULL DEFAULT gen_random_uuid(), order_id uuid NOT NULL REFERENCES orders,
	                           at date NOT NULL) PARTITION BY RANGE (at);
	CREATE TABLE order_events_old PARTITION OF order_events FOR VALUES FROM (MINVALUE) TO ('2026-01-01');
	CREATE TABLE order_events_new PARTITION OF order_events FOR VALUES FROM ('2026-01-01') TO (MAXVALUE);
	CREATE INDEX order_events_order ON order_events (order_id);
	INSERT INTO customers (name) SELECT 'c' || n FROM generate_series(1, 10000) n;
	INSERT INTO orders (customer, total) SELECT id, n FROM (SELECT id, row_number() OVER () AS n FROM customers) c,
	                                                       generate_series(1, $rows / 10000);
	INSERT INTO order_lines SELECT id, 1 FROM orders WHERE total < 3;
	INSERT INTO order_events (order_id, at) SELECT id, date '2025-06-01' + (total::int % 365) FROM orders WHERE total < 5;
	VACUUM ANALYZE;});
is(dq('ulid_sql_mig', 'SELECT count(*) FROM orders'), $rows, 'orders rows');

# relfilenodes (relation => file) and row digests (one line a table)
sub snapshot
{
	my $what = shift;
	my %files = split /[|\n]/, dq('ulid_sql_mig', q{
		SELECT c.relname, c.relfilenode FROM pg_class c
		WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i') ORDER BY 1});
	my $digests = dq('ulid_sql_mig', q{
		SELECT 'customers ' || md5(string_agg(id::uuid::text || name, ',' ORDER BY id::uuid)) FROM customers
		UNION ALL SELECT 'orders ' || md5(string_agg(id::uuid::text || customer::uuid::text || total, ',' ORDER BY id::uuid)) FROM orders
		UNION ALL SELECT 'order_lines ' || md5(string_agg(order_id::uuid::text, ',' ORDER BY order_id::uuid)) FROM order_lines
		UNION ALL SELECT 'order_events ' || md5(string_agg(id::uuid::text || order_id::uuid::text || at, ',' ORDER BY id::uuid)) FROM order_events});
	is(scalar(keys %files) . ' ' . scalar(() = $digests =~ /^[a-z_]+ [0-9a-f]{32}$/mg),
		'12 4', "$what: relations and digests");
	return (\%files, $digests);
}
my $tables = qr/^(customers|orders|order_lines|order_events_old|order_events_new)$/;
# the relations of $kind (tables or indexes) whose file changed
sub changed
{
	my ($before, $after, $kind) = @_;
	return join ' ', sort grep { ($kind eq 'tables') == ($_ =~ $tables) && $before->{$_} ne $after->{$_} } keys %$after;
}

# how many columns of the tables have type $type
sub columns_of
{
	my $type = shift;
	return dq('ulid_sql_mig', qq{
		SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
		WHERE c.relkind IN ('r', 'p') AND atttypid = '$type'::regtype AND attnum > 0});
}

my ($uuid_files, $uuid_rows) = snapshot('uuid');

# way in 1: uuid columns to ulid_sql's domain
dq('ulid_sql_mig', q{
	BEGIN;
	ALTER TABLE customers ALTER COLUMN id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	ALTER TABLE orders ALTER COLUMN id TYPE ulid, ALTER COLUMN customer TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid;
	ALTER TABLE order_events ALTER COLUMN id TYPE ulid, ALTER COLUMN order_id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	COMMIT;});
my ($sql_files, $sql_rows) = snapshot('ulid_sql');
is($sql_rows, $uuid_rows, 'uuid -> ulid_sql: rows');
is(changed($uuid_files, $sql_files, 'tables'), '', 'uuid -> ulid_sql: tables rewritten');
# the domain has uuid's operator classes: indexes are kept, but those of the
# partitions of a partitioned index, which PostgreSQL builds again
is(changed($uuid_files, $sql_files, 'indexes'), 'order_events_new_order_id_idx order_events_old_order_id_idx',
	'uuid -> ulid_sql: indexes rebuilt');
is(columns_of('ulid'), 10, 'uuid -> ulid_sql: columns of the domain');
is(dq('ulid_sql_mig', q{
	INSERT INTO orders (customer, total) SELECT id, -1 FROM customers LIMIT 1 RETURNING ulid_time(id) > now() - interval '1 minute';
	DELETE FROM orders WHERE total = -1}),
	't', "uuid -> ulid_sql: a new row's key from gen_ulid()");

# the way to the C type: the edition moves out of the way, the C extension
# comes in, every column changes type, defaults change, the edition goes
dq('ulid_sql_mig', 'SELECT pg_stat_reset()');
my ($ret, $out, $err) = q_try($node, 'ulid_sql_mig', q{
	BEGIN;
	CREATE SCHEMA ulid_sql_old;
	ALTER EXTENSION ulid_sql SET SCHEMA ulid_sql_old;
	CREATE EXTENSION ulid;
	ALTER TABLE customers ALTER COLUMN id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	ALTER TABLE orders ALTER COLUMN id TYPE ulid, ALTER COLUMN customer TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid;
	ALTER TABLE order_events ALTER COLUMN id TYPE ulid, ALTER COLUMN order_id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
	DROP EXTENSION ulid_sql;
	DROP SCHEMA ulid_sql_old;
	COMMIT;});
is($ret, 0, 'ulid_sql -> ulid') or diag($err);
my ($c_files, $c_rows) = snapshot('ulid');
is($c_rows, $sql_rows, 'ulid_sql -> ulid: rows');
is(changed($sql_files, $c_files, 'tables'), '', 'ulid_sql -> ulid: tables rewritten');
is(changed($sql_files, $c_files, 'indexes'),
	'customers_pkey order_events_new_order_id_idx order_events_old_order_id_idx order_lines_order orders_brin orders_customer orders_pkey',
	'ulid_sql -> ulid: indexes rebuilt');
is(columns_of('public.ulid'), 10, 'ulid_sql -> ulid: columns of the C type');
is(dq('ulid_sql_mig', q{
	SELECT string_agg(DISTINCT pg_get_expr(adbin, adrelid), ', ') FROM pg_attrdef
	WHERE adrelid::regclass::text IN ('customers', 'orders', 'order_events')}),
	'gen_ulid()', 'ulid_sql -> ulid: defaults');
is(dq('ulid_sql_mig', q{SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension}),
	'amcheck,plpgsql,ulid', 'ulid_sql -> ulid: extensions');
is(dq('ulid_sql_mig', q{
	SELECT count(*), bool_and(convalidated) FROM pg_constraint
	WHERE contype = 'f' AND conrelid::regclass::text IN ('orders', 'order_lines', 'order_events')}),
	'3|t', 'ulid_sql -> ulid: foreign keys valid');
is(dq('ulid_sql_mig', q{
	SELECT count(*) FROM (SELECT bt_index_check(c.oid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
	JOIN pg_am a ON a.oid = c.relam
	WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace) x}),
	6, 'ulid_sql -> ulid: btree indexes pass amcheck');
($ret, $out, $err) = q_try($node, 'ulid_sql_mig', 'INSERT INTO order_lines VALUES (gen_ulid(), 0)');
like($err, qr/violates foreign key constraint/, 'ulid_sql -> ulid: foreign keys enforced');
is(dq('ulid_sql_mig', q{
	INSERT INTO orders (customer, total) SELECT id, -1 FROM customers LIMIT 1
	RETURNING id::text ~ '^[0-7][0-9A-Z]{25}$' AND ulid_time(id) > now() - interval '1 minute'}),
	't', "ulid_sql -> ulid: a new row's key");

# way in 2: char(26) ULIDs in lower case (Laravel's HasUlids) to either edition
for my $target (qw(ulid_sql ulid))
{
	my $db = "ulid_sql_char_$target";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my ($conv, $gen, $txt) =
	  $target eq 'ulid_sql'
	  ? ('ulid_from_text(%s)', 'lower(ulid_to_text(gen_random_ulid()))', 'ulid_to_text(%s)')
	  : ('%s::text::ulid', 'lower(gen_random_ulid()::text)', '%s::text');
	dq($db, qq{
		CREATE EXTENSION $target;
		CREATE TABLE customers (id char(26) PRIMARY KEY, name text);
		CREATE TABLE orders (id char(26) PRIMARY KEY, customer char(26) NOT NULL REFERENCES customers, total numeric);
		CREATE INDEX orders_customer ON orders (customer);
		CREATE TABLE order_lines (order_id char(26) NOT NULL REFERENCES orders, item int);
		CREATE TABLE order_events (order_id char(26) NOT NULL REFERENCES orders, at date NOT NULL) PARTITION BY RANGE (at);
		CREATE TABLE order_events_old PARTITION OF order_events FOR VALUES FROM (MINVALUE) TO ('2026-01-01');
		CREATE TABLE order_events_new PARTITION OF order_events FOR VALUES FROM ('2026-01-01') TO (MAXVALUE);
		INSERT INTO customers SELECT $gen, 'c' || n FROM generate_series(1, 10000) n;
		INSERT INTO orders SELECT $gen, id, n
		FROM (SELECT id, row_number() OVER () AS n FROM customers) c, generate_series(1, $rows / 10000);
		INSERT INTO order_lines SELECT id, 1 FROM orders WHERE total < 3;
		INSERT INTO order_events SELECT id, date '2025-06-01' + (total::int % 365) FROM orders WHERE total < 5;});
	is(dq($db, q{SELECT count(*) FILTER (WHERE id ~ '^[0-7][0-9a-z]{25}$') FROM orders}),
		$rows, "char(26) ULIDs in lower case in ${target}'s database");
	my $before = dq($db, q{
		SELECT md5(string_agg(upper(o.id) || upper(o.customer) || o.total, ',' ORDER BY upper(o.id) COLLATE "C")) FROM orders o});
	my $c = sub { sprintf $conv, shift };
	($ret, $out, $err) = q_try($node, $db, sprintf(q{
		BEGIN;
		ALTER TABLE order_events DROP CONSTRAINT order_events_order_id_fkey;
		ALTER TABLE order_lines DROP CONSTRAINT order_lines_order_id_fkey;
		ALTER TABLE orders DROP CONSTRAINT orders_customer_fkey;
		ALTER TABLE customers ALTER COLUMN id TYPE ulid USING %s, ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE orders ALTER COLUMN id TYPE ulid USING %s, ALTER COLUMN customer TYPE ulid USING %s,
		                   ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid USING %s;
		ALTER TABLE order_events ALTER COLUMN order_id TYPE ulid USING %s;
		ALTER TABLE orders ADD FOREIGN KEY (customer) REFERENCES customers;
		ALTER TABLE order_lines ADD FOREIGN KEY (order_id) REFERENCES orders;
		ALTER TABLE order_events ADD FOREIGN KEY (order_id) REFERENCES orders;
		COMMIT;}, $c->('id'), $c->('id'), $c->('customer'), $c->('order_id'), $c->('order_id')));
	is($ret, 0, "char(26) -> $target") or diag($err);
	is(dq($db, sprintf(q{SELECT md5(string_agg(%s || %s || o.total, ',' ORDER BY o.id)) FROM orders o},
		sprintf($txt, 'o.id'), sprintf($txt, 'o.customer'))),
		$before, "char(26) -> $target: rows");
	is(dq($db, q{
		SELECT count(*), bool_and(convalidated) FROM pg_constraint
		WHERE contype = 'f' AND conrelid::regclass::text IN ('orders', 'order_lines', 'order_events')}),
		'3|t', "char(26) -> $target: foreign keys");
	is(dq($db, 'SELECT count(*) FROM order_events e JOIN orders o ON o.id = e.order_id'),
		dq($db, 'SELECT count(*) FROM orders WHERE total < 5'),
		"char(26) -> $target: rows of the partitions");
}

done_testing();
