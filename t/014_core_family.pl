# Why ulid stays out of core's uuid_ops families (docs/uuid-interop.md): the
# members an extension would add there do not survive pg_upgrade.  This
# checks PostgreSQL's behaviour, which the design rests on; if a release
# changes it, this test fails and the design can be revisited.
#
# pg_dump --binary-upgrade writes an operator class with the members bound to
# it, and loose members (cross-type operators and functions, and optional
# support functions such as sort support, which btree always keeps loose)
# only with their family.  A family in pg_catalog is never written.  So:
#   - a ulid column that references a uuid key through such members makes
#     pg_upgrade fail while it restores the schema;
#   - without that foreign key pg_upgrade succeeds, and the loose members are
#     gone from the new cluster, while the class and its bound members stay.
# The members are added by hand, at ulid 1.2 (whose cast to uuid is not
# implicit), exactly as an extension script would add them.
use strict;
use warnings;

use File::Find;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $old = ulid_node('old');
$old->safe_psql('postgres', 'CREATE DATABASE probe TEMPLATE template0');
$old->safe_psql('probe', q{
	CREATE EXTENSION ulid VERSION '1.2';
	CREATE OPERATOR CLASS ulid_in_core_ops FOR TYPE ulid USING btree FAMILY pg_catalog.uuid_ops AS
		OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
		FUNCTION 1 ulid_cmp(ulid, ulid),
		FUNCTION 2 ulid_sortsupport(internal);
	ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree ADD
		OPERATOR 1 < (ulid, uuid), OPERATOR 2 <= (ulid, uuid), OPERATOR 3 = (ulid, uuid),
		OPERATOR 4 >= (ulid, uuid), OPERATOR 5 > (ulid, uuid),
		FUNCTION 1 (ulid, uuid) ulid_cmp_uuid(ulid, uuid),
		OPERATOR 1 < (uuid, ulid), OPERATOR 2 <= (uuid, ulid), OPERATOR 3 = (uuid, ulid),
		OPERATOR 4 >= (uuid, ulid), OPERATOR 5 > (uuid, ulid),
		FUNCTION 1 (uuid, ulid) uuid_cmp_ulid(uuid, ulid);
	CREATE TABLE accounts (id uuid PRIMARY KEY);
	CREATE TABLE orders (account ulid REFERENCES accounts);});

# what the members of core's btree uuid_ops look like: those bound to the
# class (pg_depend on the pg_opclass row) and the loose ones
my $members_sql = q{
	SELECT (SELECT count(*) FROM pg_amop WHERE amopfamily = f.oid AND ulid IN (amoplefttype, amoprighttype)),
		(SELECT count(*) FROM pg_amproc WHERE amprocfamily = f.oid AND ulid IN (amproclefttype, amprocrighttype)),
		(SELECT count(*) FROM pg_opclass WHERE opcfamily = f.oid AND opcintype = ulid)
	FROM pg_opfamily f, (SELECT 'ulid'::regtype::oid AS ulid) t
	WHERE f.opfname = 'uuid_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')};
is($old->safe_psql('probe', $members_sql), '15|4|1',
	'the old cluster has 15 operators, 4 functions and a class for ulid in core uuid_ops');
my ($rc, $stdout, $stderr) = $old->psql('probe', q{INSERT INTO orders VALUES (gen_ulid())});
like($stderr, qr/violates foreign key constraint "orders_account_fkey"/,
	'the members let a ulid column reference a uuid key');
my $old_bindir = $old->config_data('--bindir');
my $checksums = $old->safe_psql('postgres', 'SHOW data_checksums');
$old->stop;

chdir $PostgreSQL::Test::Utils::tmp_check or die;

sub upgrade
{
	my ($name) = @_;
	my $new = PostgreSQL::Test::Cluster->new($name);
	$new->init(
		$checksums eq 'off' && $new->pg_version >= 18
		? (extra => ['--no-data-checksums'])
		: ());
	my $ok = run_log(
		[
			'pg_upgrade', '--no-sync', '-d', $old->data_dir, '-D', $new->data_dir,
			'-b', $old_bindir, '-B', $new->config_data('--bindir'), '-s', $new->host,
			'-p', $old->port, '-P', $new->port
		]);
	return ($ok, $new);
}

# the text of every log pg_upgrade left under a directory
sub upgrade_logs
{
	my ($dir) = @_;
	my $text = '';
	find(sub { $text .= slurp_file($_) if -f $_ && /\.(log|txt)$/ }, $dir);
	return $text;
}

my ($ok, $new) = upgrade('new_with_key');
ok(!$ok, 'pg_upgrade fails with the ulid-to-uuid foreign key');
my $logs = upgrade_logs($new->data_dir) . upgrade_logs('.');
like($logs, qr/foreign key constraint "orders_account_fkey" cannot be implemented/,
	'it fails restoring that foreign key');
my %seen;
note($_) for grep { /pg_restore: error|Key columns/ && !$seen{$_}++ } split /\n/, $logs;

$old->start;
$old->safe_psql('probe', 'DROP TABLE orders');
$old->stop;
($ok, $new) = upgrade('new_without_key');
ok($ok, 'pg_upgrade succeeds without that foreign key');
$new->start;
is($new->safe_psql('probe', $members_sql), '5|1|1',
	'the new cluster keeps the class and its 5 operators and 1 function, and loses the 10 cross-type operators and 3 loose functions');
$new->stop;

done_testing();
