# Logical replication between the C extension and the SQL edition, each way,
# with two clusters: one whose databases have the C extension only, one
# whose databases have the edition only (the extension form, or the psql -f
# script in schema app).  The guide's CREATE SUBSCRIPTION blocks
# (docs/sql-edition.md, "By logical replication") run as written but for
# the server their conninfo names, which becomes the test's publisher, and
# a suffix on the subscription's name (the publisher's slot is named after
# it).  Each subscriber gets 1,200 orders and 2,400 items (a foreign key,
# several ulid columns, a ulid[] column, NULLs) by the initial copy, then
# inserts, updates (of the primary key too, cascading) and deletes; rows
# are compared by their bytes (uuid's text of each value) on both sides.
# Then the guide's cut-over: the subscription dropped, its slot gone, the
# subscriber's own default generating and its foreign key holding.
#
# Every wait is bounded (PostgreSQL::Test::Utils' timeout) and ends early
# when the subscription reports an error (pg_stat_subscription_stats), so a
# copy that cannot be read fails fast, with the subscriber's log lines.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidSqlTest;

# a started cluster that publishes and subscribes, with room for a dozen
# subscriptions and their table synchronisation at once
sub repl_node
{
	my $name = shift;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init(allows_streaming => 'logical');
	$node->append_conf('postgresql.conf', join("\n",
		"timezone = 'UTC'", 'max_replication_slots = 30', 'max_wal_senders = 30',
		'max_logical_replication_workers = 16', 'max_worker_processes = 32'));
	$node->start;
	return $node;
}

my $c = repl_node('c_ext');
my $e = repl_node('edition');
my $major = int($c->safe_psql('postgres', 'SHOW server_version_num') / 10000);

# the search_path of each form's databases: tables in public either way
my %path = (c => 'public', ext => 'public', script => 'public,app');

# a new database $db on $node with the C extension (c) or a form of the
# edition (ext, script), and the two tables
sub shop_db
{
	my ($node, $db, $form) = @_;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	if ($form eq 'script')
	{
		$node->safe_psql($db, 'CREATE SCHEMA app');
		is(script_into($node, $db, 'app'), 0, "$db: psql -f ulid_sql.sql into schema app");
	}
	else
	{
		$node->safe_psql($db, 'CREATE EXTENSION ' . ($form eq 'c' ? 'ulid' : 'ulid_sql'));
	}
	q_out($node, $db, q{
		CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric NOT NULL,
		                     coupon ulid, placed_by ulid NOT NULL);
		CREATE TABLE items (id ulid PRIMARY KEY DEFAULT gen_ulid(),
		                    order_id ulid NOT NULL REFERENCES orders ON UPDATE CASCADE ON DELETE CASCADE,
		                    n int NOT NULL, shipment ulid, refs ulid[]);}, path => $path{$form});
	# the extensions there, and whether orders.id is of a base type (the
	# C extension's) or a domain (the edition's)
	is(q_out($node, $db, q{
		SELECT coalesce((SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'ulid%'), 'none')
		       || ' ' || t.typname || ' ' || t.typtype::text
		FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = 'orders'::regclass AND a.attname = 'id'}),
		{ c => 'ulid ulid b', ext => 'ulid_sql ulid d', script => 'none ulid d' }->{$form},
		"$db: only the " . ($form eq 'c' ? 'C extension' : "edition's $form form"));
	return;
}

# the rows of both tables: counts, non-null counts of the nullable
# columns, and an md5 of uuid's text of every value, in the same order on
# both sides
my $state = q{
	SELECT string_agg(line, E'\n' ORDER BY line) FROM (
		SELECT 'orders ' || count(*) || ' ' || count(coupon) || ' ' || md5(string_agg(
			concat_ws('|', id::uuid, total, coalesce(coupon::uuid::text, '-'), placed_by::uuid), ',' ORDER BY id::uuid))
		FROM orders
		UNION ALL
		SELECT 'items ' || count(*) || ' ' || count(shipment) || ' ' || count(refs) || ' ' || md5(string_agg(
			concat_ws('|', id::uuid, order_id::uuid, n, coalesce(shipment::uuid::text, '-'), coalesce(refs::uuid[]::text, '-')),
			',' ORDER BY id::uuid))
		FROM items) s(line)};

# 'error' once subscription $sub reported an error, else 'ready' once
# all its tables are (the guide's test: CREATE SUBSCRIPTION lists them
# there, in state i), else NULL.  The error counts are the columns of
# pg_stat_subscription_stats named *error_count: apply_error_count and
# sync_error_count on 15 to 18, and 19 renames the latter
# sync_table_error_count and adds sync_seq_error_count.
sub sub_status
{
	my $sub = shift;
	return qq{
		SELECT CASE WHEN EXISTS (SELECT FROM pg_stat_subscription_stats s, jsonb_each_text(to_jsonb(s)) c(k, v)
		                         WHERE s.subname = '$sub' AND c.k LIKE '%error\\_count' AND c.v::bigint > 0) THEN 'error'
		            WHEN NOT EXISTS (SELECT FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid
		                             WHERE s.subname = '$sub' AND r.srsubstate <> 'r') THEN 'ready' END};
}

# the ERROR and CONTEXT lines written since $offset in $node's log, each
# once (a failing worker repeats them at each retry)
sub log_errors
{
	my ($node, $offset) = @_;
	my %seen;
	return join("\n",
		grep { !$seen{$_}++ }
		map { /\b((?:ERROR|CONTEXT):  .*)/ ? $1 : () } split /\n/, slurp_file($node->logfile, $offset));
}

# the guide's block $block into $db on $node, from database $pubdb of $pub,
# as subscription NAME_$suffix; without_setting drops ulid.output from its
# conninfo, publication names another publication.  Returns the
# subscription's name.
sub subscribe
{
	my ($node, $db, $block, $suffix, $pub, $pubdb, %o) = @_;
	my $sql = guide_block($block);
	my $conninfo = $pub->connstr . " dbname=$pubdb";
	($sql =~ s/host=\S+ dbname=shop user=replicator/$conninfo/) == 1
	  or die "block $block: no conninfo to point at the publisher";
	$sql =~ s/ options=''-c ulid\.output=uuid''// if $o{without_setting};
	$sql =~ s/PUBLICATION shop\b/PUBLICATION $o{publication}/ or die "block $block: no publication"
	  if $o{publication};
	$sql =~ s/^CREATE SUBSCRIPTION (\w+)/CREATE SUBSCRIPTION $1_$suffix/m
	  or die "block $block: no CREATE SUBSCRIPTION";
	my $sub = "$1_$suffix";
	q_out($node, $db, $sql);
	return $sub;
}

# waits, bounded, until subscription $sub in $db is ready or reported an
# error; returns which
sub wait_status
{
	my ($node, $db, $sub) = @_;
	my $q = sub_status($sub);
	$node->poll_query_until($db, "SELECT ($q) IS NOT NULL")
	  or return 'timeout';
	return $node->safe_psql($db, $q);
}

my $orders_and_items = q{
	INSERT INTO orders (total, coupon, placed_by)
	SELECT g, CASE WHEN g % 4 <> 0 THEN gen_random_ulid() END, gen_ulid() FROM generate_series(1, 1200) g;
	INSERT INTO items (order_id, n, shipment, refs)
	SELECT id, k, CASE WHEN k = 1 THEN gen_ulid() END, CASE WHEN k = 2 THEN ARRAY[gen_ulid(), NULL, coupon] END
	FROM orders, generate_series(1, 2) k;
	CREATE PUBLICATION shop FOR TABLE orders, items;};

# the publishers: the C extension's database shop, the edition's shop_ext
# and shop_script, each with its own values
shop_db($c, 'shop', 'c');
q_out($c, 'shop', $orders_and_items);
for my $form (qw(ext script))
{
	shop_db($e, "shop_$form", $form);
	q_out($e, "shop_$form", $orders_and_items, path => $path{$form});
}
for ([ $c, 'shop', 'c' ], [ $e, 'shop_ext', 'ext' ], [ $e, 'shop_script', 'script' ])
{
	my ($node, $db, $form) = @$_;
	like(q_out($node, $db, $state),
		qr/\Aitems 2400 1200 1200 [0-9a-f]{32}\norders 1200 900 [0-9a-f]{32}\z/,
		"$db: 1,200 orders and 2,400 items, with NULLs, to replicate");
}

# the guide's blocks, by direction and mode
my %block = (
	from_c => { text => 'subscribe_from_c', binary => 'subscribe_from_c_binary' },
	from_edition => { text => 'subscribe_from_edition', binary => 'subscribe_from_edition_binary' });

# Without ulid.output = uuid in its conninfo, a subscription in text mode
# cannot read the C extension's text: its initial copy fails.  So does one
# in binary mode on 15, whose initial copy is text whatever the mode; from
# 16 on, binary mode copies in binary too.
for my $mode (qw(text binary))
{
	my $db = "without_setting_$mode";
	shop_db($e, $db, 'ext');
	my $offset = -s $e->logfile;
	my $sub = subscribe($e, $db, $block{from_c}{$mode},
		'without', $c, 'shop', without_setting => 1);
	my $fails = $mode eq 'text' || $major < 16;
	my $status = wait_status($e, $db, $sub);
	is($status, $fails ? 'error' : 'ready',
		"$mode mode without the setting: the initial copy " . ($fails ? 'fails' : 'succeeds') . " on $major");
	if ($fails)
	{
		like(log_errors($e, $offset), qr/^ERROR:  invalid input syntax for type uuid: "[0-9A-Z]{26}"$/m,
			"$mode mode without the setting: the subscriber cannot read the C extension's text");
	}
	else
	{
		is(q_out($e, $db, $state), q_out($c, 'shop', $state),
			"$mode mode without the setting: the initial copy is identical");
	}
	q_out($e, $db, "DROP SUBSCRIPTION $sub");
}

# the guide's subscriptions, each into a database of its own: C extension
# to each form of the edition, each form of the edition to the C extension,
# in text and binary mode; all at once
my @subs;    # [ subscriber node, its database, its form, subscription, publisher node, its database ]
for my $form (qw(ext script))
{
	for my $mode (qw(text binary))
	{
		my $db = "from_c_${form}_$mode";
		shop_db($e, $db, $form);
		push @subs, [ $e, $db, $form,
			subscribe($e, $db, $block{from_c}{$mode}, $form, $c, 'shop'), $c, 'shop' ];
		$db = "from_${form}_$mode";
		shop_db($c, $db, 'c');
		push @subs, [ $c, $db, 'c',
			subscribe($c, $db, $block{from_edition}{$mode}, $form, $e, "shop_$form"), $e, "shop_$form" ];
	}
}

my %offset = map { $_ => -s $_->logfile } ($c, $e);
for (@subs)
{
	my ($node, $db, $form, $sub, $pub, $pubdb) = @$_;
	is(wait_status($node, $db, $sub), 'ready', "$db: subscription $sub ready")
	  or diag(log_errors($node, $offset{$node}));
	is(q_out($node, $db, $state),
		q_out($pub, $pubdb, $state),
		"$db: the initial copy is identical");
}

# changes after the copy: inserts, updates (of the key too, which cascades
# to items) and deletes (cascading), on each publisher
my $changes = q{
	INSERT INTO orders (total, coupon, placed_by)
	SELECT 2000 + g, CASE WHEN g % 4 <> 0 THEN gen_random_ulid() END, gen_ulid() FROM generate_series(1, 300) g;
	INSERT INTO items (order_id, n, shipment) SELECT id, 3, gen_ulid() FROM orders WHERE total > 2000;
	UPDATE orders SET coupon = NULL WHERE total % 5 = 0;
	UPDATE orders SET coupon = gen_random_ulid() WHERE coupon IS NULL AND total % 7 = 0;
	UPDATE items SET shipment = gen_ulid(), refs = refs || gen_ulid() WHERE shipment IS NULL AND n = 2 AND order_id IN (SELECT id FROM orders WHERE total % 2 = 0);
	UPDATE orders SET id = gen_random_ulid() WHERE total % 3 = 0;
	DELETE FROM orders WHERE total % 11 = 0;};
q_out($c, 'shop', $changes);
q_out($e, "shop_$_", $changes, path => $path{$_}) for qw(ext script);

my (%want, %streamed);
for ([ $c, 'shop', 'c' ], [ $e, 'shop_ext', 'ext' ], [ $e, 'shop_script', 'script' ])
{
	my ($node, $db, $form) = @$_;
	$want{$db} = q_out($node, $db, $state);
	like($want{$db}, qr/\Aitems 2\d{3} \d+ \d+ [0-9a-f]{32}\norders 13\d\d \d+ [0-9a-f]{32}\z/,
		"$db: orders and items changed");
}
for (@subs)
{
	my ($node, $db, $form, $sub, $pub, $pubdb) = @$_;
	my $status = sub_status($sub);
	# bounded, and ends at the first error
	$node->poll_query_until($db, qq{SELECT ($state) = '$want{$pubdb}' OR ($status) = 'error'});
	$streamed{$db} = is(q_out($node, $db, $state), $want{$pubdb},
		"$db: identical after inserts, updates (of the key too) and deletes")
	  or diag(log_errors($node, $offset{$node}));
}

# the cut-over: writes stopped (none come here), the subscriber caught up
# with the publisher's WAL, the subscription dropped, and with it its slot
# on the publisher; the subscriber's tables then take writes of their own.
# (Not after a failure above: the wait for catch-up would last until the
# timeout.)
for (@subs)
{
	my ($node, $db, $form, $sub, $pub, $pubdb) = @$_;
	next unless $streamed{$db};
	$pub->wait_for_catchup($sub);
	q_out($node, $db, "DROP SUBSCRIPTION $sub");
	is($pub->safe_psql($pubdb, "SELECT count(*) FROM pg_replication_slots WHERE slot_name = '$sub'"),
		0, "$db: DROP SUBSCRIPTION $sub dropped its slot on the publisher");
	is(q_out($node, $db, q{
		INSERT INTO orders (total, placed_by) SELECT 0, gen_ulid() FROM orders LIMIT 1
		RETURNING ulid_time(id) > now() - interval '1 minute'},
		path => $path{$form}),
		't', "$db: the default generates after the cut-over");
	my ($ret, $out, $err) = q_try($node, $db,
		'INSERT INTO items (order_id, n) VALUES (gen_ulid(), 0)', path => $path{$form});
	like($err, qr/violates foreign key constraint "items_order_id_fkey"/,
		"$db: the foreign key holds after the cut-over");
}

$_->stop for ($c, $e);
done_testing();
