# The update path: every version of ulid that the scripts name, installed
# fresh with data and indexes in it and brought to the newest by ALTER
# EXTENSION ulid UPDATE, has exactly the objects of a fresh install of the
# newest (t/snapshot.sql, compared line by line), and its data and indexes
# still answer right.  The released scripts are as released
# (t/released.sha256), and the installed versions are the scripts'.  On 18
# and later the versions include the -pg18 ones that make built into pg18/,
# the newest is the control file's version plus -pg18, and only that line
# has GiST support 12.  Nothing here names a version but 1.3, whose planner
# support it checks before the update.
use strict;
use warnings;

use Digest::SHA;
use File::Basename;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $root = dirname(__FILE__) . '/..';
my $snapshot_sql = slurp_file("$root/t/snapshot.sql");

# version order, as sort -V: 1.4 < 1.4-pg18 < 1.5 < 1.10
sub version_key
{
	my ($numbers, $suffix) = $_[0] =~ /^([0-9.]+)(.*)$/ or die "not a version: $_[0]";
	return join('.', map { sprintf '%06d', $_ } split /\./, $numbers) . $suffix;
}
sub by_version { version_key($a) cmp version_key($b) }

# the version a script brings a database to: ulid--V.sql or ulid--A--V.sql
sub script_version { (split /--/, basename($_[0], '.sql'))[-1] }

# Released scripts are never edited: a database at a version has run them as
# they were, and a change reaches none of them.  released.sha256 records each
# released ulid--V.sql and ulid--A--B.sql (a release appends its own,
# docs/development.md).  A script of a released version must be recorded and
# match; a recorded update script must be there (a recorded full script goes
# when a newer one replaces it); the scripts of an unreleased version are free.
my %released;
for (split /\n/, slurp_file("$root/t/released.sha256"))
{
	my ($sum, $script) = /^([0-9a-f]{64})  (\S+)$/ or die "t/released.sha256: $_";
	$released{$script} = $sum;
}
my %released_version = map { (script_version($_) => 1) } keys %released;
for my $path (sort glob("$root/ulid--*.sql"))
{
	my $script = basename($path);
	my $version = script_version($script);
	next unless $released_version{$version};
	is(Digest::SHA->new(256)->addfile($path)->hexdigest, $released{$script} // 'not recorded',
		"$script, of the released version $version, is as released")
	  or diag 'released scripts are never edited (t/released.sha256): write an update script';
}
for my $script (sort grep { /--.*--/ } keys %released)
{
	ok(-f "$root/$script", "the released update script $script is there");
}

my $node = ulid_node('main');
my $major = $node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int / 10000});

# the versions the scripts name, with those of the -pg18 scripts that make
# built into pg18/ (they install on 18 and later only)
my %scripted = map { my @v = split /--/, basename($_, '.sql'); map { ($_ => 1) } @v[1 .. $#v] }
  glob("$root/ulid--*.sql $root/pg18/ulid--*.sql");
my @versions = sort by_version grep { $major >= 18 || !/-pg18$/ } keys %scripted;
my ($control) = slurp_file("$root/ulid.control") =~ /^default_version = '(.*)'$/m
  or die 'no default_version in ulid.control';
my $newest = $major >= 18 ? "$control-pg18" : $control;
note "versions: @versions (newest $newest)";

is($versions[-1], $newest, "the control file's version ($newest on $major) is the newest scripted");
is( $node->safe_psql('postgres',
		q{SELECT default_version FROM pg_available_extensions WHERE name = 'ulid'}),
	$newest, "the installed default version is $newest");
# (a script missing from DATA shows here)
is( join(' ',
		sort by_version split /\n/,
		$node->safe_psql('postgres',
			q{SELECT version FROM pg_available_extension_versions WHERE name = 'ulid'})),
	"@versions",
	'the installed versions are the scripts\'');

# a fresh install of the newest version
$node->safe_psql('postgres', 'CREATE DATABASE fresh TEMPLATE template0');
$node->safe_psql('fresh', 'CREATE EXTENSION ulid');
my $fresh = $node->safe_psql('fresh', $snapshot_sql);
my @fresh_lines = split /\n/, $fresh;
like($fresh, qr/^extension ulid version=\Q$newest\E /m, "a fresh install's snapshot is at $newest");
note scalar(@fresh_lines) . " catalog lines";
# GiST support 12 (ulid_gist_translate_cmptype, for temporal keys) is the
# -pg18 line's, which 15 to 17 refuse
my $support12 = qr/^amproc gist ulid_ops \([^)]*\) 12 ulid_gist_translate_cmptype\(integer\)$/m;
if ($major >= 18)
{
	like($fresh, $support12, "$newest has GiST support 12");
}
else
{
	unlike($fresh, $support12, "$newest has no GiST support 12 on $major");
}

# data and indexes made under an old version
my $setup_sql = q{
	CREATE EXTENSION amcheck;
	CREATE TABLE items (id ulid PRIMARY KEY, n int4 NOT NULL);
	INSERT INTO items
	SELECT ulid_lower('2026-01-01 00:00+00'::timestamptz + n * interval '1 minute'), n
	FROM generate_series(1, 5000) AS n;
	CREATE INDEX items_hash ON items USING hash (id);
	CREATE INDEX items_brin ON items USING brin (id);};
# the same questions, answered through each index in turn, and by a
# sequential scan: the 1440 minutes of 2026-01-02, and the 60th row
my $range_sql = q{
	SELECT count(*) || ' ' || sum(n) FROM items
	WHERE id >= ulid_lower('2026-01-02 00:00+00') AND id < ulid_lower('2026-01-03 00:00+00')};
my $point_sql = q{SELECT n FROM items WHERE id = ulid_lower('2026-01-01 01:00+00')};
my $range_want = '1440 ' . (1440 + 2879) * 1440 / 2;

# the answer of $sql through $index alone: in a transaction that drops the
# other indexes and turns sequential scans off, the plan names it.  One line:
# "plan uses it|answer"
my %drop = (
	items_pkey => 'DROP INDEX items_hash;',
	items_hash => 'ALTER TABLE items DROP CONSTRAINT items_pkey;',
	items_brin => 'ALTER TABLE items DROP CONSTRAINT items_pkey; DROP INDEX items_hash;');
sub through
{
	my ($db, $index, $sql) = @_;
	my $only = "BEGIN; SET LOCAL enable_seqscan = off; $drop{$index}";
	$only .= ' SET LOCAL enable_bitmapscan = off;' unless $index eq 'items_brin';
	my $plan = $node->safe_psql($db, "$only EXPLAIN (COSTS OFF) $sql; ROLLBACK");
	my $answer = $node->safe_psql($db, "$only $sql; ROLLBACK");
	return ($plan =~ /\b\Q$index\E\b/ ? 'plan uses it' : "plan [$plan]") . "|$answer";
}

for my $from (grep { $_ ne $newest } @versions)
{
	my $db = 'from_' . ($from =~ tr/.-/__/r);
	$node->safe_psql('postgres', "CREATE DATABASE $db TEMPLATE template0");
	$node->safe_psql($db, "CREATE EXTENSION ulid VERSION '$from'; $setup_sql");

	# 1.3's planner support, which the library keeps for databases not yet
	# updated: a uuid value against the BRIN index of a ulid column
	if ($from eq '1.3')
	{
		like( $node->safe_psql($db, q{
				BEGIN;
				SET LOCAL enable_seqscan = off;
				ALTER TABLE items DROP CONSTRAINT items_pkey;
				DROP INDEX items_hash;
				EXPLAIN (COSTS OFF) SELECT count(*) FROM items WHERE id < ulid_lower('2026-01-02 00:00+00')::uuid;
				SELECT count(*) FROM items WHERE id < ulid_lower('2026-01-02 00:00+00')::uuid;
				ROLLBACK;}),
			qr/Index Cond: \(id < .*\n1439$/s,
			"$from before the update: its BRIN index serves a uuid value through 1.3's support function");
	}

	$node->safe_psql($db, 'ALTER EXTENSION ulid UPDATE');
	my $updated = $node->safe_psql($db, $snapshot_sql);
	my %in_fresh = map { ($_ => 1) } @fresh_lines;
	my %in_updated = map { ($_ => 1) } split /\n/, $updated;
	ok($updated eq $fresh, "$from updated to $newest has the objects of a fresh $newest")
	  or diag join("\n", '- fresh, + updated:',
		(map { "- $_" } grep { !$in_updated{$_} } @fresh_lines),
		(map { "+ $_" } grep { !$in_fresh{$_} } split /\n/, $updated));

	check_indexes($node, $db, "$from updated");
	my $seq = 'SET enable_indexscan = off; SET enable_bitmapscan = off;';
	is(join(' ', map { $node->safe_psql($db, "$seq $_") } $range_sql, $point_sql),
		"$range_want 60", "$from updated: a sequential scan finds the range and the row");
	# (a hash index answers no range)
	for my $index (qw(items_pkey items_hash items_brin))
	{
		my @sql = $index eq 'items_hash' ? ($point_sql) : ($range_sql, $point_sql);
		my @want = $index eq 'items_hash' ? (60) : ($range_want, 60);
		is(join(' ', map { through($db, $index, $_) } @sql), join(' ', map { "plan uses it|$_" } @want),
			"$from updated: $index finds " . ($index eq 'items_hash' ? 'the row' : 'the range and the row'));
	}
	$node->safe_psql('postgres', "DROP DATABASE $db");
}

done_testing();
