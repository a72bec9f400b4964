# pg_dump between two servers, each way (docs/sql-edition.md, "The way out,
# by pg_dump" and "By pg_dump"): one with the C extension, one where it is
# never created, which gets the edition's script or extension (pg_tle's:
# t/tle/pg_tle.pl).  The guide's blocks run as written, plain and custom;
# every row compared by its bytes, the view's rows, columns, defaults,
# constraints and indexes the same, the default generating and the foreign
# key refusing afterwards.  What the edition lacks fails with the guide's
# errors, and restores spelled the guide's portable way.  The C extension
# must be installed into the same PostgreSQL.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;
use UlidSqlTest;

my $c = edition_node('c_extension');
my $e = edition_node('edition_only');
my $major = int($c->safe_psql('postgres', 'SHOW server_version_num') / 10000);
# the way out's constant as each type reads it
my $ulid_text = '01ARYZ6S41TSV4RRFFQ69G5FAV';
my $uuid_text = '01563df3-6481-d676-4c61-efb99302bd5b';

# a new database on $e with the edition in form $form, in public (where the
# C extension was), and proof that nothing of the C extension is there
sub edition_target
{
	my ($db, $form) = @_;
	$e->safe_psql('postgres', "CREATE DATABASE $db");
	if ($form eq 'script') { is(script_into($e, $db, 'public'), 0, "$db: psql -f ulid_sql.sql") }
	else { q_out($e, $db, 'CREATE EXTENSION ulid_sql') }
	is(which_ulid($e, $db), ($form eq 'script' ? 'none' : 'ulid_sql') . ' d 0',
		"$db: the edition's domain, no C extension");
	return $e->connstr($db);
}

# the way out
$c->safe_psql('postgres', 'CREATE DATABASE shop');
q_out($c, 'shop', 'CREATE EXTENSION ulid');
shop_into($c, 'shop', 'public', $ulid_text);
my $want = shop_state($c, 'shop');
is(scalar(() = $want =~ /^orders 1000 |^items 1000 |^view 1000 |^default gen_ulid\(\)$|^constraint items_order_id_fkey FOREIGN KEY|^index CREATE INDEX items_order_id /mg),
	6, 'the state to compare: rows, view, default, foreign key, index');
like(which_ulid($c, 'shop'), qr/^ulid b [1-9][0-9]*$/, 'the source has the C extension');

for my $form (qw(script extension))
{
	for my $block (qw(from_c from_c_custom))
	{
		my $db = "out_${form}_$block";
		my $to = edition_target($db, $form);
		my ($ok, $err) = guide_sh($block, $c->connstr('shop'), $to);
		ok($ok, "$form: the guide's block $block") or diag($err), next;
		is(shop_state($e, $db), $want, "$form, $block: rows by their bytes, view, columns, defaults, constraints, indexes");
		is(which_ulid($e, $db), ($form eq 'script' ? 'none' : 'ulid_sql') . ' d 0', "$form, $block: still no C extension");
		like(q_out($e, $db, "SELECT pg_get_viewdef('order_items'::regclass)", path => 'public'), qr/'\Q$uuid_text\E'::/,
			"$form, $block: the view's constant, as uuid's text of the same bytes");
		shop_after($e, $db, "$form, $block", 'public');
	}
}

# without the filter, pg_restore alone: the view's comparisons stop it;
# without them it restores
{
	my $to = edition_target('out_direct_fails', 'script');
	my ($ok, $err) = guide_sh('from_c_list', $c->connstr('shop'), $to);
	like($err, qr/ERROR:  operator does not exist: public\.ulid public\.[=>] public\.ulid/,
		'pg_restore without the filter: the C extension\'s operator in the view');
	ok(!$ok, 'pg_restore without the filter fails');
}
for my $what ("ALTER TABLE orders ADD CHECK (id > '$ulid_text')", "CREATE INDEX ON orders (id) WHERE id > '$ulid_text'")
{
	(my $db = "out_direct_$what") =~ s/^(\w+ \w+).*/$1/;
	$db = lc($db =~ s/ /_/gr);
	$c->safe_psql('postgres', "CREATE DATABASE $db TEMPLATE shop");
	q_out($c, $db, "DROP VIEW order_items; $what");
	my ($ok, $err) = guide_sh('from_c_list', $c->connstr($db), edition_target($db, 'script'));
	like($err, qr/ERROR:  operator does not exist: public\.ulid public\.> public\.ulid/,
		"pg_restore without the filter: $what");
}
$c->safe_psql('postgres', 'CREATE DATABASE shop_nocompare TEMPLATE shop');
q_out($c, 'shop_nocompare', 'CREATE OR REPLACE VIEW order_items AS SELECT id, ulid_time(id) AS at, total, 0 AS n FROM orders');
my $want_nocompare = shop_state($c, 'shop_nocompare');
like($want_nocompare, qr/^view 1000 /m, 'a view that compares nothing');
for my $block ($major >= 17 ? qw(from_c_list from_c_17) : qw(from_c_list))
{
	my $db = "out_$block";
	my ($ok, $err) = guide_sh($block, $c->connstr('shop_nocompare'), edition_target($db, 'script'));
	ok($ok, "the guide's block $block where nothing compares") or diag($err), next;
	is(shop_state($e, $db), $want_nocompare, "$block: the same state");
	is(which_ulid($e, $db), 'none d 0', "$block: no C extension");
	shop_after($e, $db, $block, 'public');
}

# what the edition lacks: its error through from_c, then the portable
# spelling, which restores, with what it gives the same on both sides
my @lacks = (
	[ 'CREATE VIEW v AS SELECT id, id::timestamptz AS at FROM t',
	  'cannot cast type public.ulid to timestamp with time zone',
	  'CREATE VIEW v AS SELECT id, ulid_time(id) AS at FROM t' ],
	[ 'ALTER TABLE t ALTER id SET DEFAULT gen_monotonic_ulid()',
	  'function public.gen_monotonic_ulid() does not exist',
	  'ALTER TABLE t ALTER id SET DEFAULT gen_ulid()' ],
	[ 'CREATE VIEW v AS SELECT max(id) AS id FROM t',
	  'function public.max(public.ulid) does not exist',
	  'CREATE VIEW v AS SELECT (SELECT id FROM t ORDER BY id DESC LIMIT 1) AS id' ],
	[ 'CREATE INDEX t_gist ON t USING gist (id)',
	  'data type public.ulid has no default operator class for access method "gist"',
	  'CREATE INDEX t_btree ON t (id)' ],
	[ undef, undef,
	  "CREATE VIEW v AS SELECT id FROM t WHERE id = '$uuid_text'::uuid OR id > '$ulid_text'" ],
	# constants in a default and in partition bounds: the rows keep their
	# partitions (COPY routes them by the restored bounds), and the default
	# makes the same value
	[ undef, undef,
	  "CREATE TABLE p (id ulid NOT NULL DEFAULT '$ulid_text') PARTITION BY RANGE (id);
	   CREATE TABLE p1 PARTITION OF p FOR VALUES FROM ('$ulid_text') TO (MAXVALUE);
	   CREATE TABLE p0 PARTITION OF p FOR VALUES FROM (MINVALUE) TO ('$ulid_text');
	   INSERT INTO p DEFAULT VALUES; INSERT INTO p VALUES ('0000000000000000000000000Z');
	   INSERT INTO p SELECT id FROM t WHERE id <> '$ulid_text'",
	  q{SELECT string_agg(id::uuid || ' ' || tableoid::regclass, ',' ORDER BY id::uuid) FROM p} ],
	# comparisons in a CHECK and an index's predicate: the filter makes them
	# uuid's (without it, the restore fails: below)
	[ undef, undef,
	  "ALTER TABLE t ADD CONSTRAINT t_check CHECK (id >= '$ulid_text'); CREATE INDEX t_partial ON t (id) WHERE id > '$ulid_text'",
	  q{SELECT (SELECT count(*) FROM pg_constraint WHERE conname = 't_check' AND convalidated)
	    || ' ' || (SELECT count(*) FROM pg_index WHERE indexrelid = 't_partial'::regclass AND indpred IS NOT NULL)} ]);
my $n = 0;
for my $case (@lacks)
{
	my ($lacking, $error, $portable, $more) = @$case;
	for my $sql (grep { defined } $lacking, $portable)
	{
		$n++;
		(my $name = $sql) =~ s/\s+/ /g;
		my $db = "lacks_$n";
		$c->safe_psql('postgres', "CREATE DATABASE $db");
		q_out($c, $db, qq{
			CREATE EXTENSION ulid;
			CREATE TABLE t (id ulid PRIMARY KEY DEFAULT gen_ulid());
			INSERT INTO t VALUES ('$ulid_text'), (gen_ulid('2026-11-01 00:00+00')), (DEFAULT);
			$sql});
		my ($ok, $err) = guide_sh('from_c', $c->connstr($db), edition_target($db, 'script'));
		my $rows = q{SELECT count(*) || ' ' || md5(string_agg(encode(uuid_send(id::uuid), 'hex'), ',' ORDER BY id::uuid)) FROM t};
		$rows .= q{ UNION ALL SELECT (SELECT count(*) FROM v) || ' ' || (SELECT md5(string_agg(v::text, ',' ORDER BY v::text)) FROM (SELECT id::uuid, to_jsonb(v) - 'id' FROM v) v)}
		  if $sql =~ /VIEW v/;
		$rows .= " UNION ALL ($more)" if $more;
		if ($sql eq ($lacking // ''))
		{
			ok(!$ok, "lacking: $name: the restore fails");
			like($err, qr/ERROR:  \Q$error\E/, "lacking: $name: $error");
		}
		else
		{
			ok($ok, "portable: $name: restores") or diag($err), next;
			is(q_out($e, $db, $rows, path => 'public'), q_out($c, $db, $rows), "portable: $name: the same rows");
			is(q_out($e, $db, 'INSERT INTO p DEFAULT VALUES RETURNING id::uuid, tableoid::regclass', path => 'public'),
				"$uuid_text|p1", "portable: the default's constant, in the partition of that lower bound")
			  if $sql =~ /PARTITION/;
		}
	}
}
# the portable spellings give what the C extension's did
is(q_out($c, 'shop', q{
	SELECT count(*) FILTER (WHERE id::timestamptz = ulid_time(id)),
	       max(id) = (SELECT id FROM orders ORDER BY id DESC LIMIT 1)
	FROM orders}),
	'1000|t', 'ulid_time(id) is the cast to timestamptz; ORDER BY id DESC LIMIT 1 is max(id)');

# the way back: the edition's dump into the C extension
$e->safe_psql('postgres', 'CREATE DATABASE eshop_ext');
q_out($e, 'eshop_ext', 'CREATE EXTENSION ulid_sql');
shop_into($e, 'eshop_ext', 'public', $uuid_text);
$e->safe_psql('postgres', 'CREATE DATABASE eshop_script');
q_out($e, 'eshop_script', 'CREATE SCHEMA app');
is(script_into($e, 'eshop_script', 'app'), 0, 'psql -f ulid_sql.sql into schema app');
shop_into($e, 'eshop_script', 'public,app', $uuid_text);
q_out($e, 'eshop_script', 'CREATE TABLE app.notes (n int); INSERT INTO app.notes VALUES (1)');

# a new database on $c with the C extension in $schema
sub c_target
{
	my ($db, $schema) = @_;
	$c->safe_psql('postgres', "CREATE DATABASE $db");
	q_out($c, $db, $schema eq 'public' ? 'CREATE EXTENSION ulid' : "CREATE SCHEMA $schema; CREATE EXTENSION ulid SCHEMA $schema");
	return $c->connstr($db);
}

my %back = (
	extension => [ 'eshop_ext', 'public', 'public', 'ulid_sql d 0',
		[ 'to_c_sed', $major >= 17 ? 'to_c_17' : (), 'custom-list', $major >= 17 ? 'custom-17' : () ] ],
	script => [ 'eshop_script', 'app', 'public,app', 'none d 0', [ 'script_to_c_dump', 'plain-N' ] ]);
for my $form (sort keys %back)
{
	my ($src, $schema, $path, $kind, $hows) = @{ $back{$form} };
	my $want_back = shop_state($e, $src);
	is(scalar(() = $want_back =~ /^orders 1000 |^items 1000 |^view 1000 /mg), 3, "$form: the state to compare");
	is(which_ulid($e, $src), $kind, "$form: the source has the edition only");
	my $from = $e->connstr($src);
	for my $how (@$hows)
	{
		my $db = lc("back_${form}_" . ($how =~ s/-/_/gr));
		my $to = c_target($db, $schema);
		my ($ok, $err);
		if ($how =~ /^custom|^plain/)
		{
			my $dir = PostgreSQL::Test::Utils::tempdir;
			my @restore;
			$ok = $how eq 'plain-N'
			  ? IPC::Run::run([ 'pg_dump', '-N', $schema, '-d', $from ], '|',
				[ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-d', $to ], '>', '/dev/null', '2>', \$err)
			  : $how eq 'custom-17'
			  ? IPC::Run::run([ 'pg_dump', '-Fc', '--exclude-extension=ulid_sql', '-d', $from, '-f', "$dir/out.dump" ])
				&& IPC::Run::run([ 'pg_restore', '-1', '--exit-on-error', '-d', $to, "$dir/out.dump" ], '2>', \$err)
			  : IPC::Run::run([ 'pg_dump', '-Fc', '-d', $from, '-f', "$dir/out.dump" ])
				&& IPC::Run::run([ 'pg_restore', '-l', "$dir/out.dump" ], '|',
					[ 'grep', '-v', '-E', ' (EXTENSION -|COMMENT - EXTENSION) ulid_sql ' ], '>', "$dir/out.list")
				&& IPC::Run::run([ 'pg_restore', '-1', '--exit-on-error', '-L', "$dir/out.list", '-d', $to, "$dir/out.dump" ], '2>', \$err);
		}
		else { ($ok, $err) = guide_sh($how, $from, $to) }
		ok($ok, "back, $form: $how") or diag($err), next;
		is(shop_state($c, $db), $want_back, "back, $form, $how: rows by their bytes, view, columns, defaults, constraints, indexes");
		like(which_ulid($c, $db), qr/^ulid b [1-9][0-9]*$/, "back, $form, $how: the C extension's type, no edition");
		shop_after($c, $db, "back, $form, $how", $path);
		is(q_out($c, $db, "SELECT to_regclass('app.notes') IS NULL"), 't', "back, $form, $how: -N app leaves out app's tables too")
		  if $form eq 'script';
		is(q_out($c, $db, q{INSERT INTO orders (total) VALUES (-2) RETURNING id::text ~ '^[0-7][0-9A-Z]{25}$'}, path => $path),
			't', "back, $form, $how: a new key is the C extension's");
	}
}

done_testing();
