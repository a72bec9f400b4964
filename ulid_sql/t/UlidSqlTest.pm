# Helpers shared by the SQL edition's TAP tests (ulid_sql/t/): a cluster,
# psql with a search_path, the psql -f form in a schema, a database dumped
# and restored four ways, the guide's routes to the C extension, its sh
# blocks, and the tables that pg_dump moves between the editions.  The
# tests run in ulid_sql/ (make prove_installcheck), against the editions
# installed into PG_CONFIG's PostgreSQL, and read the built forms
# (dist/, make all) and the guide (../docs/sql-edition.md).
package UlidSqlTest;

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;

use Exporter 'import';
our @EXPORT = qw(edition_node q_out q_try script_into guide_block
  dump_restore route_to_c guide_sh shop_into shop_state shop_after which_ulid);

# A started cluster of its own, in UTC (the tests compare timestamps as
# text); extra lines for postgresql.conf optional
sub edition_node
{
	my ($name, @conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', join("\n", "timezone = 'UTC'", @conf));
	$node->start;
	return $node;
}

# psql's output with ON_ERROR_STOP, without NOTICEs; dies when it fails.
# Options: path (search_path, without spaces), user (another role's login), options (more
# PGOPTIONS), extra (more psql arguments).
sub q_out
{
	my ($node, $db, $sql, %o) = @_;
	my ($ret, $out, $err) = q_try($node, $db, $sql, %o);
	die "psql failed ($ret): $err\nwhile running: $sql" if $ret;
	return $out;
}

# the same, but returns (exit status, stdout, stderr)
sub q_try
{
	my ($node, $db, $sql, %o) = @_;
	local $ENV{PGOPTIONS} = join(' ', '-c client_min_messages=warning',
		$o{path} ? "-c search_path=$o{path}" : (), $o{options} // ());
	return $node->psql($db, $sql,
		extra_params => [ $o{user} ? ('-U', $o{user}) : (), @{ $o{extra} // [] } ]);
}

sub slurp { my $f = shift; return PostgreSQL::Test::Utils::slurp_file($f); }

# the psql -f form (dist/ulid_sql.sql) into $schema of $db, as psql -f
# gives it: returns psql's exit status
sub script_into
{
	my ($node, $db, $schema, %o) = @_;
	my ($ret, $out, $err) =
	  q_try($node, $db, slurp('dist/ulid_sql.sql'), path => $schema, %o);
	diag($err) if $ret && !$o{quiet};
	return $ret;
}

# the block after "<!-- name: NAME -->" in the guide, of language LANG
# (sql unless given)
sub guide_block
{
	my ($name, $lang) = @_;
	$lang //= 'sql';
	my $guide = slurp('../docs/sql-edition.md');
	$guide =~ /^<!-- name: \Q$name\E -->\n```\Q$lang\E\n(.*?)^```$/ms
	  or die "no $lang block $name in the guide";
	return $1;
}

# the guide's sh block NAME run as written by bash -e -o pipefail, in a
# directory of its own, with FROM and TO the connection strings of two
# databases, and PGOPTIONS unset; returns (success, stderr)
sub guide_sh
{
	my ($name, $from, $to) = @_;
	my $dir = PostgreSQL::Test::Utils::tempdir;
	local $ENV{FROM} = $from;
	local $ENV{TO} = $to;
	local $ENV{PGOPTIONS};
	delete $ENV{PGOPTIONS};
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run([ 'bash', '-e', '-o', 'pipefail', '-c', guide_block($name, 'sh') ],
		'<', \'', '>', \$out, '2>', \$err, init => sub { chdir $dir or die "chdir $dir: $!" });
	return ($ok, $err);
}

# the database moved between the editions by pg_dump (t/005_dump_between.pl):
# 1,000 orders keyed by gen_ulid(), an item for each, with a foreign key and
# an index, and a view that joins them and compares with a constant
# (01ARYZ6S41TSV4RRFFQ69G5FAV, as text $lower that $db's type reads); in $db,
# whose search_path must find the edition's or the C extension's objects by
# $path
sub shop_into
{
	my ($node, $db, $path, $lower) = @_;
	q_out($node, $db, qq{
		CREATE TABLE public.orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric NOT NULL);
		CREATE TABLE public.items (order_id ulid NOT NULL REFERENCES public.orders, n int NOT NULL);
		CREATE INDEX items_order_id ON public.items (order_id);
		INSERT INTO public.orders (total) SELECT n FROM generate_series(1, 1000) n;
		INSERT INTO public.items SELECT id, total::int % 7 FROM public.orders;
		CREATE VIEW public.order_items AS
		SELECT o.id, ulid_time(o.id) AS at, o.total, i.n FROM public.orders o JOIN public.items i ON i.order_id = o.id
		WHERE o.id > '$lower'}, path => $path);
	return;
}

# what must be the same on both sides, each a line: the rows by their
# bytes (uuid_send), the view's rows, the columns' types by name, the
# defaults, constraints and indexes
sub shop_state
{
	my ($node, $db) = @_;
	return q_out($node, $db, q{
		SELECT 'orders ' || count(*) || ' ' || md5(string_agg(encode(uuid_send(id::uuid), 'hex') || ' ' || total, ',' ORDER BY id::uuid)) FROM orders
		UNION ALL SELECT 'items ' || count(*) || ' ' || md5(string_agg(encode(uuid_send(order_id::uuid), 'hex') || ' ' || n, ',' ORDER BY order_id::uuid)) FROM items
		UNION ALL SELECT 'view ' || count(*) || ' ' || md5(string_agg(encode(uuid_send(id::uuid), 'hex') || ' ' || at || ' ' || total || ' ' || n, ',' ORDER BY id::uuid)) FROM order_items
		UNION ALL SELECT 'column ' || attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod)
		FROM pg_attribute WHERE attrelid IN ('orders'::regclass, 'items'::regclass, 'order_items'::regclass) AND attnum > 0
		UNION ALL SELECT 'default ' || pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid IN ('orders'::regclass, 'items'::regclass)
		UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
		FROM pg_constraint WHERE conrelid IN ('orders'::regclass, 'items'::regclass)
		UNION ALL SELECT 'index ' || pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid IN ('orders'::regclass, 'items'::regclass)
		ORDER BY 1}, path => 'public');
}

# which ulid $db has: the extensions named ulid or ulid_sql, the type's
# kind (b: the C type, d: the edition's domain) and how many functions
# come from a shared library named ulid
sub which_ulid
{
	my ($node, $db) = @_;
	return q_out($node, $db, q{
		SELECT coalesce((SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname IN ('ulid', 'ulid_sql')), 'none')
		       || ' ' || (SELECT string_agg(typtype::text, ',') FROM pg_type WHERE typname = 'ulid')
		       || ' ' || (SELECT count(*) FROM pg_proc WHERE probin LIKE '%ulid%')});
}

# after a restore: the default still generates, later than every row, and
# the foreign key still refuses a key that is not there (the edition's or
# the C extension's functions found by $path)
sub shop_after
{
	my ($node, $db, $what, $path) = @_;
	my ($ret, $got, $e) = q_try($node, $db, q{
		INSERT INTO orders (total) VALUES (-1)
		RETURNING ulid_time(id) > now() - interval '1 minute' AND id > ALL (SELECT id FROM orders WHERE total > 0)},
		path => $path);
	is("$got$e", 't', "$what: the default generates");
	($ret, $got, $e) = q_try($node, $db,
		"INSERT INTO items VALUES ('00000000-0000-0000-0000-000000000000', 0)", path => $path);
	like($e, qr/violates foreign key constraint "items_order_id_fkey"/, "$what: the foreign key holds");
	return;
}

# what must come back after a restore: rows, defaults, column types,
# constraints, and the edition's function definitions, each a line
sub dump_state
{
	my ($node, $db, $schema) = @_;
	return q_out($node, $db, qq{
		SELECT 'keys ' || count(*) || ' ' || md5(string_agg(id::uuid::text || n, ',' ORDER BY id::uuid)) FROM dump_keys
		UNION ALL SELECT 'refs ' || count(*) || ' ' || md5(string_agg(key::uuid::text, ',' ORDER BY key::uuid)) FROM dump_refs
		UNION ALL SELECT 'default ' || a.attname || ' ' || pg_get_expr(d.adbin, d.adrelid)
		FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
		WHERE d.adrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass)
		UNION ALL SELECT 'column ' || attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod)
		FROM pg_attribute WHERE attrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass) AND attnum > 0
		UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
		FROM pg_constraint WHERE conrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass)
		UNION ALL SELECT 'functions ' || count(*) || ' ' || md5(string_agg(pg_get_functiondef(p.oid), ',' ORDER BY p.oid::regprocedure::text))
		FROM pg_proc p WHERE p.pronamespace = '$schema'::regnamespace
		ORDER BY 1}, path => "$schema,public");
}

# $db has the edition (in form $form) in $schema: a table keyed by its type
# with 1,000 rows and the gen_ulid() default, and one that refers to it,
# dumped, then restored four ways, each into a new database: pg_dump | psql
# with ON_ERROR_STOP, the same in one transaction (psql -1), and a
# custom-format dump through pg_restore -j 2 and pg_restore -1, both with
# --exit-on-error.  Each must exit 0 and give the same state, its default
# must still generate, and its foreign key still refuse a bad row.
sub dump_restore
{
	my ($node, $form, $src, $schema) = @_;
	my $dst = "${src}_restored";
	my $dir = PostgreSQL::Test::Utils::tempdir;
	q_out($node, $src, q{
		CREATE TABLE dump_keys (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int NOT NULL);
		CREATE TABLE dump_refs (key ulid NOT NULL REFERENCES dump_keys, at ulid DEFAULT gen_ulid('2026-11-01 00:00+00'));
		INSERT INTO dump_keys (n) SELECT generate_series(1, 1000);
		INSERT INTO dump_refs (key) SELECT id FROM dump_keys WHERE n % 3 = 0;},
		path => "$schema,public");
	my $want = dump_state($node, $src, $schema);
	my @lines = grep { /^keys 1000 |^refs 333 |^default id .*gen_ulid\(\)$|^constraint dump_refs_key_fkey FOREIGN KEY|^functions [1-9][0-9] / }
	  split /\n/, $want;
	is(scalar @lines, 5,
		"$form: the state to compare (rows, default, foreign key, functions)");
	my $conn = $node->connstr($src);
	ok( IPC::Run::run([ 'pg_dump', '-d', $conn, '-f', "$dir/plain.sql" ])
		  && IPC::Run::run(
			[ 'pg_dump', '-Fc', '-d', $conn, '-f', "$dir/custom.dump" ]),
		"$form: pg_dump") or return;
	for my $how (qw(plain plain-1 custom-j2 custom-1))
	{
		$node->safe_psql('postgres',
			"DROP DATABASE IF EXISTS $dst; CREATE DATABASE $dst");
		my $to = $node->connstr($dst);
		my @cmd =
			$how eq 'plain' ? ('psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $to, '-f', "$dir/plain.sql")
		  : $how eq 'plain-1' ? ('psql', '-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-d', $to, '-f', "$dir/plain.sql")
		  : $how eq 'custom-j2' ? ('pg_restore', '-j', '2', '--exit-on-error', '-d', $to, "$dir/custom.dump")
		  :                       ('pg_restore', '-1', '--exit-on-error', '-d', $to, "$dir/custom.dump");
		my ($out, $err) = ('', '');
		ok(IPC::Run::run(\@cmd, '>', \$out, '2>', \$err),
			"$form: restored ($how)")
		  or diag(join ' ', grep { /error/i } split /\n/, $err);
		is(eval { dump_state($node, $dst, $schema) } // $@, $want,
			"$form: rows, default, foreign key and functions the same after restore ($how)");
		my ($ret, $got, $e) = q_try($node, $dst, q{
			INSERT INTO dump_keys (n) VALUES (-1), (-2)
			RETURNING ulid_time(id) > now() - interval '1 minute' AND id > ALL (SELECT id FROM dump_keys WHERE n > 0)},
			path => "$schema,public");
		is("$got$e", "t\nt", "$form: the default generates after restore ($how)");
		($ret, $got, $e) = q_try($node, $dst,
			"INSERT INTO dump_refs (key) VALUES ('00000000-0000-0000-0000-000000000000')",
			path => "$schema,public");
		like($e, qr/violates foreign key constraint "dump_refs_key_fkey"/,
			"$form: the foreign key holds after restore ($how)");
	}
	$node->safe_psql('postgres', "DROP DATABASE $dst");
	return;
}

# each table's file and a digest of its rows
my $route_files = q{
	SELECT 'customers' AS relname, pg_relation_filenode('customers') AS filenode,
	       (SELECT md5(string_agg(id::uuid::text || name, ',' ORDER BY id::uuid)) FROM customers) AS rows
	UNION ALL SELECT 'orders', pg_relation_filenode('orders'),
	       (SELECT md5(string_agg(id::uuid::text || customer::uuid::text, ',' ORDER BY id::uuid)) FROM orders)};

# $db has the edition in form $form: the tables of the guide's extension
# route, then the guide's block $block as written, with ON_ERROR_STOP, under
# search_path $path; then no table rewritten, rows and foreign keys there,
# columns and defaults the C extension's, nothing of the edition left.
# The C extension must be installed into the same PostgreSQL.
sub route_to_c
{
	my ($node, $form, $db, $block, $path) = @_;
	my $sql = guide_block($block);
	is(scalar(() = $sql =~ /^COMMIT;$/mg), 1, "$form route: the guide's block $block");
	my %p = (path => $path);
	q_out($node, $db, qq{
		CREATE TABLE customers (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text);
		CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), customer ulid NOT NULL REFERENCES customers);
		CREATE TABLE order_lines (order_id ulid NOT NULL REFERENCES orders, item int);
		INSERT INTO customers (name) SELECT 'c' || n FROM generate_series(1, 100) n;
		INSERT INTO orders (customer) SELECT id FROM customers, generate_series(1, 10);
		INSERT INTO order_lines SELECT id, 1 FROM orders;
		CREATE TABLE public.route_files AS $route_files}, %p);
	my ($ret, $out, $err) = q_try($node, $db, $sql, %p);
	is($ret, 0, "$form route: the guide's block runs") or diag($err);
	is(q_out($node, $db, "SELECT count(*) FROM ($route_files) n JOIN public.route_files f USING (relname, filenode, rows)", %p),
		2, "$form route: tables not rewritten, rows the same");
	is(q_out($node, $db, "SELECT count(*) FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN customers c ON c.id = o.customer", %p),
		1000, "$form route: rows joined");
	is(q_out($node, $db, q{
		SELECT count(*) FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
		WHERE a.attrelid IN ('customers'::regclass, 'orders'::regclass, 'order_lines'::regclass) AND t.typname = 'ulid'
		  AND t.typtype = 'b' AND t.typnamespace = 'public'::regnamespace}, %p),
		4, "$form route: columns of the C type");
	is(q_out($node, $db, "SELECT string_agg(DISTINCT pg_get_expr(adbin, adrelid), ', ') FROM pg_attrdef WHERE adrelid IN ('customers'::regclass, 'orders'::regclass)", %p),
		'gen_ulid()', "$form route: defaults");
	is(q_out($node, $db, q{INSERT INTO customers (name) VALUES ('new') RETURNING id::text ~ '^[0-7][0-9A-Z]{25}$' AND ulid_time(id) > now() - interval '1 minute'}, %p),
		't', "$form route: a new key is the C extension's");
	($ret, $out, $err) = q_try($node, $db, 'INSERT INTO order_lines VALUES (gen_ulid(), 0)', %p);
	like($err, qr/violates foreign key constraint/, "$form route: the foreign keys hold");
	is(q_out($node, $db, q{
		SELECT (SELECT count(*) FROM pg_type WHERE typname = 'ulid') || ' ' || (SELECT count(*) FROM pg_proc WHERE proname LIKE 'ulid\_sql\_%')
		       || ' ' || (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'ulid%')}, %p),
		'1 0 ulid', "$form route: nothing of the edition left");
	return;
}

1;
