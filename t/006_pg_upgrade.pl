# pg_upgrade to a new cluster, in copy mode and then in link mode: the ulid
# data, its btree, hash and BRIN indexes, a partitioned table and an
# exclusion constraint with its GiST index come through intact (same row
# hashes, amcheck clean, indexes valid and answering), and the extension
# still works.  Databases at every older version of ulid reach,
# through ALTER EXTENSION ulid UPDATE, exactly the objects of a fresh install
# on the new cluster, and one at the newest version has them with no step at
# all (t/snapshot.sql, compared line by line).  Across 18, where the
# default version becomes the -pg18 one (the control file's version plus
# -pg18), pg_upgrade's update_extensions.sql
# (ALTER EXTENSION ulid UPDATE) brings the objects to a fresh install's, and
# temporal keys then work in a database whose owner is no superuser.
#
# The old cluster runs the same PostgreSQL as the new one, unless
# ULID_UPGRADE_FROM names the installation directory of an older major with
# this ulid installed too: then the upgrade crosses majors.
use strict;
use warnings;

use Cwd;
use File::Basename;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $from = $ENV{ULID_UPGRADE_FROM};
my $old = ulid_node('old', $from ? (install_path => $from) : ());
my $root = dirname(__FILE__) . '/..';
my $snapshot_sql = slurp_file("$root/t/snapshot.sql");

# a database at each older version of ulid, each with a ulid key in use
# (the versions the scripts name, with those of the -pg18 scripts that make
# built into pg18/, but the old cluster's default; the -pg18 versions
# install on 18 and later only)
my ($newest) = $old->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'ulid'});
my %versions = map { $_ => 1 }
  map { my @v = split /--/, basename($_, '.sql'); @v[1 .. $#v] } glob("$root/ulid--*.sql $root/pg18/ulid--*.sql");
my @old_versions = sort grep { $_ ne $newest && ($old->pg_version >= 18 || !/-pg18$/) } keys %versions;
for my $version (@old_versions)
{
	my $db = "ulid_" . ($version =~ tr/.-/__/r);
	$old->safe_psql('postgres', "CREATE DATABASE $db TEMPLATE template0");
	$old->safe_psql($db, qq{
		CREATE EXTENSION ulid VERSION '$version';
		CREATE TABLE keys (id ulid PRIMARY KEY);
		INSERT INTO keys SELECT gen_random_ulid() FROM generate_series(1, 1000);});
}
$old->safe_psql('postgres', q{
	CREATE TABLE items (
		id ulid PRIMARY KEY DEFAULT gen_ulid(),
		n int NOT NULL,
		ref ulid,
		refs ulid[]);
	CREATE INDEX items_ref_hash ON items USING hash (ref);
	CREATE INDEX items_id_brin ON items USING brin (id) WITH (pages_per_range = 4);
	INSERT INTO items (n, ref, refs)
	SELECT g, gen_random_ulid(), ARRAY[gen_ulid()] FROM generate_series(1, 100000) g;
	SELECT brin_summarize_new_values('items_id_brin');
	CREATE TABLE events (id ulid NOT NULL, what text) PARTITION BY HASH (id);
	CREATE TABLE events_0 PARTITION OF events FOR VALUES WITH (MODULUS 2, REMAINDER 0);
	CREATE TABLE events_1 PARTITION OF events FOR VALUES WITH (MODULUS 2, REMAINDER 1);
	INSERT INTO events SELECT gen_ulid(), 'e' || g FROM generate_series(1, 10000) g;
	CREATE TABLE accounts (id uuid PRIMARY KEY);
	INSERT INTO accounts SELECT gen_ulid()::uuid FROM generate_series(1, 10000);
	CREATE TABLE orders (id ulid PRIMARY KEY, account ulid NOT NULL REFERENCES accounts);
	INSERT INTO orders SELECT gen_ulid(), id FROM accounts;
	CREATE TABLE notes (order_id uuid REFERENCES orders);
	INSERT INTO notes SELECT id FROM orders LIMIT 100;
	ANALYZE accounts, orders, notes;
	CREATE TABLE bookings (id ulid, during tstzrange, EXCLUDE USING gist (id WITH =, during WITH &&));
	INSERT INTO bookings
	SELECT gen_ulid(), tstzrange('2026-01-01 00:00+00'::timestamptz + g * interval '1 hour',
	                             '2026-01-01 00:00+00'::timestamptz + (g + 1) * interval '1 hour')
	FROM generate_series(1, 20000) g;});

# databases owned by a role that is no superuser, which installed the
# extension itself (it is trusted): one at 1.3, one at the default version
$old->safe_psql('postgres', q{
	CREATE ROLE app LOGIN;
	CREATE DATABASE app_13 OWNER app TEMPLATE template0;
	CREATE DATABASE app_newest OWNER app TEMPLATE template0;});
$old->safe_psql('app_13', q{CREATE EXTENSION ulid VERSION '1.3'}, extra_params => [ '-U', 'app' ]);
$old->safe_psql('app_newest', q{CREATE EXTENSION ulid}, extra_params => [ '-U', 'app' ]);
# the owner updates it without a superuser: the update scripts of a trusted
# extension run as the bootstrap superuser
$old->safe_psql('postgres', q{CREATE DATABASE app_updated OWNER app TEMPLATE template0});
$old->safe_psql('app_updated', q{CREATE EXTENSION ulid VERSION '1.3'; ALTER EXTENSION ulid UPDATE},
	extra_params => [ '-U', 'app' ]);
is($old->safe_psql('app_updated', q{SELECT extversion, extowner::regrole FROM pg_extension WHERE extname = 'ulid'}),
	"$newest|app", "the owner of the extension, no superuser, updates it from 1.3 to $newest");

my %digest = map { ($_ => table_digest($old, 'postgres', $_)) } qw(items events bookings);
my $placement_sql = q{SELECT tableoid::regclass, count(*) FROM events GROUP BY 1 ORDER BY 1};
my $placement = $old->safe_psql('postgres', $placement_sql);
my $old_bindir = $old->config_data('--bindir');
my $checksums = $old->safe_psql('postgres', 'SHOW data_checksums');
$old->stop;

# pg_upgrade writes its logs and sockets in the current directory
chdir $PostgreSQL::Test::Utils::tmp_check or die;

for my $mode (qw(copy link))
{
	# initdb turns checksums on by default from 18; pg_upgrade needs the
	# old cluster's setting
	my $new = PostgreSQL::Test::Cluster->new("new_$mode");
	$new->init(
		$checksums eq 'off' && $new->pg_version >= 18
		? (extra => ['--no-data-checksums'])
		: ());

	command_ok(
		[
			'pg_upgrade', '--no-sync', '-d', $old->data_dir, '-D', $new->data_dir,
			'-b', $old_bindir, '-B', $new->config_data('--bindir'), '-s', $new->host,
			'-p', $old->port, '-P', $new->port,
			# copying is the default; --copy itself is new in 16
			$mode eq 'link' ? ('--link') : ()
		],
		"pg_upgrade --$mode");
	$new->start;

	# the objects of a fresh install on the new cluster; the newest version
	# has them as it is, an older one after ALTER EXTENSION ulid UPDATE
	$new->safe_psql('postgres', 'CREATE DATABASE fresh TEMPLATE template0');
	$new->safe_psql('fresh', 'CREATE EXTENSION ulid');
	my $fresh = $new->safe_psql('fresh', $snapshot_sql);
	cmp_ok(scalar(split /\n/, $fresh), '>', 100, "--$mode: a fresh install's catalog snapshot");
	# GiST support 12 exists from 18 on, in the -pg18 versions, whose
	# newest is the default there: a database moved from 17 or earlier to
	# 18 or later lacks it, temporal keys on ulid fail, and pg_upgrade lists the extension in its
	# update_extensions.sql.  pg_upgrade gives every extension to the
	# superuser who runs it (binary_upgrade_create_empty_extension takes no
	# owner), so the database owner cannot run ALTER EXTENSION ulid UPDATE;
	# that superuser does, with pg_upgrade's own file, and the database then
	# has a fresh install's objects and temporal keys.
	my $temporal = q{CREATE TABLE prices (id ulid, valid tstzrange, PRIMARY KEY (id, valid WITHOUT OVERLAPS))};
	my @app_dbs = qw(app_13 app_newest app_updated);
	# (the superuser is the OS user who ran initdb: postgres under
	# scripts/test.sh as root, a contributor's own name under make prove_installcheck)
	is($new->safe_psql('app_newest', q{SELECT extowner::regrole FROM pg_extension WHERE extname = 'ulid'}),
		$new->safe_psql('postgres', 'SELECT current_user'),
		"--$mode: pg_upgrade made the superuser the owner of the database owner's extension");
	if ($old->pg_version < 18 && $new->pg_version >= 18)
	{
		like(slurp_file('update_extensions.sql'), qr/ALTER EXTENSION "?ulid"? UPDATE;/,
			"--$mode: moved across 18, pg_upgrade lists ulid in update_extensions.sql");
		isnt($new->safe_psql('postgres', $snapshot_sql), $fresh,
			"--$mode: moved across 18, the old default version lacks GiST support 12");
		my ($rc, $out, $err) = $new->psql('app_newest', $temporal, extra_params => [ '-U', 'app' ]);
		like($err, qr/could not identify an equality operator for type (public\.)?ulid/,
			"--$mode: before the update a temporal key on ulid fails");
		($rc, $out, $err) = $new->psql('app_newest', 'ALTER EXTENSION ulid UPDATE',
			extra_params => [ '-U', 'app' ]);
		like($err, qr/must be owner of extension ulid/,
			"--$mode: the database owner may not update the extension pg_upgrade gave the superuser");
		$new->command_ok(
			[ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-d', $new->connstr('postgres'), '-f', 'update_extensions.sql' ],
			"--$mode: the superuser runs pg_upgrade's update_extensions.sql");
		is($new->safe_psql('postgres', $snapshot_sql), $fresh,
			"--$mode: the old default version, updated, has the objects of a fresh install");
	}
	else
	{
		is($new->safe_psql('postgres', $snapshot_sql), $fresh,
			"--$mode: the newest version has the objects of a fresh install, with no update");
	}
	for my $db (@app_dbs)
	{
		$new->safe_psql($db, 'ALTER EXTENSION ulid UPDATE');
		is($new->safe_psql($db, $snapshot_sql), $fresh,
			"--$mode: $db (the database owner's) has the objects of a fresh install");
		next if $new->pg_version < 18;
		$new->safe_psql($db, $temporal, extra_params => [ '-U', 'app' ]);
		my ($rc, $out, $err) = $new->psql($db, q{
			INSERT INTO prices VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '[2026-01-01, 2026-03-01)');
			INSERT INTO prices VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '[2026-02-01, 2026-04-01)');},
			extra_params => [ '-U', 'app' ]);
		like($err, qr/conflicting key value violates exclusion constraint "prices_pkey"/,
			"--$mode: $db: a temporal key on ulid works and rejects an overlap");
	}
	for my $version (@old_versions)
	{
		my $db = "ulid_" . ($version =~ tr/.-/__/r);
		$new->safe_psql($db, 'ALTER EXTENSION ulid UPDATE');
		is($new->safe_psql($db, $snapshot_sql), $fresh,
			"--$mode: $version, updated, has the objects of a fresh install");
		is($new->safe_psql($db, q{
				SET enable_seqscan = off;
				SELECT count(*) FROM keys k WHERE id = (SELECT id FROM keys OFFSET 500 LIMIT 1)}),
			1, "--$mode: ${version}'s key index answers after the update");
	}

	for my $table (sort keys %digest)
	{
		is(table_digest($new, 'postgres', $table), $digest{$table},
			"--$mode: $table has the same rows");
	}
	is($new->safe_psql('postgres', $placement_sql), $placement,
		"--$mode: the same rows in each hash partition");
	is( $new->safe_psql('postgres',
			q{SELECT count(*) FROM pg_index WHERE indrelid = 'items'::regclass AND indisvalid AND indisready}),
		3, "--$mode: the 3 indexes are valid");
	check_indexes($new, 'postgres', "--$mode");
	like( $new->safe_psql('postgres', q{
			BEGIN;
			ALTER TABLE items DROP CONSTRAINT items_pkey;
			SET LOCAL enable_hashjoin = off;
			SET LOCAL enable_mergejoin = off;
			SET LOCAL enable_bitmapscan = off;
			EXPLAIN (COSTS OFF) SELECT count(*) FROM items a WHERE EXISTS (SELECT FROM items b WHERE b.ref = a.ref);
			SELECT count(*) FROM items a WHERE EXISTS (SELECT FROM items b WHERE b.ref = a.ref);
			ROLLBACK;}),
		qr/Index Scan using items_ref_hash.*\n100000$/s, "--$mode: the hash index finds every row");
	is( $new->safe_psql('postgres', q{
			SET enable_seqscan = off; SET enable_indexscan = off;
			SELECT count(*) FROM items WHERE id BETWEEN (SELECT min(id) FROM items) AND (SELECT max(id) FROM items)}),
		100000, "--$mode: a range scan finds every row");
	# the GiST index of the exclusion constraint (1.3): every row found
	# through it, and an overlap still rejected
	like( $new->safe_psql('postgres', q{
			BEGIN;
			SET LOCAL enable_seqscan = off;
			SET LOCAL enable_hashjoin = off;
			SET LOCAL enable_mergejoin = off;
			SET LOCAL enable_bitmapscan = off;
			EXPLAIN (COSTS OFF) SELECT count(*) FROM bookings a WHERE EXISTS (SELECT FROM bookings b WHERE b.id = a.id);
			SELECT count(*) FROM bookings a WHERE EXISTS (SELECT FROM bookings b WHERE b.id = a.id);
			ROLLBACK;}),
		qr/Index (Only )?Scan using bookings_id_during_excl on bookings b.*\n20000$/s,
		"--$mode: the GiST index finds every row");
	my ($status, $stdout, $stderr) = $new->psql('postgres', q{
		INSERT INTO bookings SELECT id, tstzrange(lower(during) + interval '1 minute', upper(during))
		FROM bookings LIMIT 1});
	like($stderr, qr/conflicting key value violates exclusion constraint "bookings_id_during_excl"/,
		"--$mode: the exclusion constraint rejects an overlap");
	is( $new->safe_psql('postgres', q{
			INSERT INTO items (n) VALUES (0)
			RETURNING id > (SELECT max(id) FROM items WHERE n > 0)
				AND (SELECT extversion FROM pg_extension WHERE extname = 'ulid') IS NOT NULL}),
		't', "--$mode: the extension works");

	# keys across the two types: both foreign keys came through (a ulid
	# column referencing a uuid key needs the implicit cast of 1.3), and a
	# uuid index still serves a ulid value
	is( $new->safe_psql('postgres', q{
			SELECT count(*) FROM pg_constraint
			WHERE contype = 'f' AND conrelid IN ('orders'::regclass, 'notes'::regclass)}),
		2, "--$mode: the foreign keys between ulid and uuid columns are there");
	my ($fk_rc, $fk_out, $fk_err) = $new->psql('postgres',
		'INSERT INTO orders VALUES (gen_ulid(), gen_ulid())');
	like($fk_err, qr/violates foreign key constraint "orders_account_fkey"/,
		"--$mode: the ulid-to-uuid foreign key still rejects a missing key");
	my $account = $new->safe_psql('postgres', 'SELECT account FROM orders LIMIT 1');
	like( $new->safe_psql('postgres', qq{
			EXPLAIN (COSTS OFF) SELECT * FROM accounts WHERE id = '$account'::ulid}),
		qr/Index (?:Only )?Scan using accounts_pkey on accounts\n\s+Index Cond: \(id = '[-0-9a-f]{36}'::uuid\)/,
		"--$mode: the uuid key's index serves a ulid value");
	$new->stop;
}

done_testing();
