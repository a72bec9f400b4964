# pg_partman managing a table partitioned by time and keyed by ULIDs:
# docs/partitioning.md's blocks as written, for the pg_partman installed
# (Debian's: 4.7.2 for 15, 5.2.4 for 17, 5.5.0 for 18).  Its refusal of a
# ulid column, word for word; then, with 5.x, a uuid column holding ULIDs:
# the bounds of every partition are ulid_lower of its day, rows land by
# their time, the plans are pruned by ulid values at plan time and at
# executor start, run_maintenance() makes the partitions ahead of the
# newest row, retention drops the old ones, and partition_data_time()
# refuses the key (5.2) or moves a row out of the default (5.5).  With 4.7,
# which refuses uuid as well, the page's time-keyed form.  Each scenario
# runs in one transaction, so that now(), which pg_partman counts its days
# from, is one instant throughout.
#
# Makefile leaves it out of make prove_installcheck where pg_partman is not
# installed (Debian has no package for every major): a skip fails CI, and
# scripts/test.sh installs the package where Debian has one.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $sharedir = `pg_config --sharedir`;
chomp $sharedir;
plan skip_all =>
  "pg_partman is not installed into $sharedir (Debian: postgresql-NN-partman)"
  unless -f "$sharedir/extension/pg_partman.control";

# the sql block after "<!-- name: NAME -->" in docs/partitioning.md
sub guide_block
{
	my $name = shift;
	my $guide = slurp_file('docs/partitioning.md');
	$guide =~ /^<!-- name: \Q$name\E -->\n```sql\n(.*?)^```$/ms
	  or die "no block $name in docs/partitioning.md";
	return $1;
}

# days are UTC days here (pg_partman counts them in the session's TimeZone)
my $node = ulid_node('partman', conf => ["timezone = 'UTC'"]);

# psql on a script: its rows "label|value" as a hash; fails the test with
# psql's error if the script fails
sub checks
{
	my ($db, $what, $sql) = @_;
	my ($ret, $out, $err) =
	  $node->psql($db, $sql, extra_params => [ '-v', 'ON_ERROR_STOP=1' ]);
	is($ret, 0, "$what: runs") or diag($err);
	my %got = map { split /\|/, $_, 2 } grep { /\|/ } split /\n/, $out;
	return \%got;
}

# the $n fields of a row of checks(), the first "no row" if it is missing
# (so that a missing row cannot pass as two equal empty fields)
sub fields
{
	my ($got, $label, $n) = @_;
	return ("no row $label", ('') x ($n - 1)) unless defined $got->{$label};
	return split /\|/, $got->{$label}, $n;
}

# create_parent on a table whose key is of type $type: fails, with an
# error the guide quotes word for word
my $guide = slurp_file('docs/partitioning.md');
sub refusal
{
	my ($type, $args, $what) = @_;
	my $db = "refuse_$type";
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my ($ret, $out, $err) = $node->psql(
		$db, qq{
		CREATE SCHEMA partman;
		CREATE EXTENSION pg_partman SCHEMA partman;
		CREATE TABLE events (id $type NOT NULL, payload jsonb) PARTITION BY RANGE (id);
		SELECT partman.create_parent('public.events', 'id', $args)});
	my ($message) = $err =~ /^psql:.*ERROR:\s+(.*)$/m;
	like($message // "(no error) $err", qr/ of type $type$/, "$what refuses a $type key");
	ok(defined $message && index($guide, "ERROR:  $message\n") >= 0,
		"the guide quotes the error") or diag($message);
}

$node->safe_psql('postgres', 'CREATE DATABASE probe');
$node->safe_psql('probe', 'CREATE SCHEMA partman; CREATE EXTENSION pg_partman SCHEMA partman');
my $version = $node->safe_psql('probe',
	"SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'");
note("pg_partman $version, " . $node->safe_psql('postgres', 'SELECT version()'));

# A plan's scans, in the order EXPLAIN lists them, and its "Subplans
# Removed" (0 if none): "events_p20261204,events_default|4"
my $plan_function = q{
	CREATE FUNCTION pg_temp.scans(q text) RETURNS text LANGUAGE plpgsql AS $f$
	DECLARE
		line text;
		scans text[] := '{}';
		removed int := 0;
	BEGIN
		FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
			IF line ~ 'Scan on ' THEN
				scans := scans || (regexp_match(line, 'Scan on (\S+)'))[1];
			ELSIF line ~ 'Subplans Removed' THEN
				removed := (regexp_match(line, 'Subplans Removed: (\d+)'))[1]::int;
			END IF;
		END LOOP;
		RETURN array_to_string(scans, ',') || '|' || removed;
	END $f$;
};

# The partitions of events, each as its day relative to today (its name's
# suffix, as pg_partman writes it) where its bounds, read as $type, are
# $encode of that day's midnight and the next one's, else as "BAD name"
sub days_sql
{
	my ($suffix_format, $type, $encode) = @_;
	my $bounds = q{(regexp_match(pg_get_expr(c.relpartbound, c.oid), $r$FROM \('([^']+)'\) TO \('([^']+)'\)$r$))};
	return qq{
	SELECT string_agg(CASE WHEN lo::$type = $encode(day) AND hi::$type = $encode(day + interval '1 day')
	                       THEN (day::date - current_date)::text ELSE 'BAD ' || relname END,
	                  ',' ORDER BY relname)
	FROM (SELECT c.relname, to_timestamp(substring(c.relname FROM '_p(.*)\$'), '$suffix_format') AS day,
	             $bounds\[1] AS lo, $bounds\[2] AS hi
	      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
	      WHERE i.inhparent = 'events'::regclass AND c.relname <> 'events_default') p};
}
# the days -N..M as that list writes them
sub days { return join ',', $_[0] .. $_[1]; }

# rows of checks() that both versions' scenarios print: the days, the
# default partition, and where a row of now lands ($today: the name of
# today's partition, an SQL expression)
sub made_sql
{
	my ($days, $today) = @_;
	return qq{
		SELECT 'days', ($days);
		SELECT 'default', count(*) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		  WHERE i.inhparent = 'events'::regclass AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT';
		INSERT INTO events (payload) VALUES ('{}');
		SELECT 'landed', string_agg(tableoid::regclass::text, ','), $today FROM events;};
}
sub made_ok
{
	my ($got, $bounds) = @_;
	is($got->{days}, days(-4, 4), "create_parent: a partition a day, today and 4 days either side$bounds");
	is($got->{default}, 1, 'and a default partition');
	my ($landed, $today) = fields($got, 'landed', 2);
	is($landed, $today, "a row of now lands in today's partition");
}

if ($version =~ /^4\./)
{
	refusal('ulid', "'native', 'daily'", '4.x');
	refusal('uuid', "'native', 'daily'", '4.x');

	# the guide's 4.7 form: partitions by a time column beside the ULIDs
	$node->safe_psql('postgres', 'CREATE DATABASE p4');
	# (4.7's bounds are timestamptz text)
	my $days = days_sql('YYYY_MM_DD', 'timestamptz', '');
	my $got = checks('p4', 'the 4.7 block', "BEGIN;\n" . guide_block('partman4') . qq{
		$plan_function
		@{[ made_sql($days, "'events_p' || to_char(now(), 'YYYY_MM_DD')") ]}
		SELECT 'pruned', pg_temp.scans(format('SELECT * FROM events WHERE created >= %L AND created < %L',
		                                      current_date + 1, current_date + 2)),
		       'events_p' || to_char(now() + interval '1 day', 'YYYY_MM_DD');
		INSERT INTO events (created) VALUES (now() + interval '4 days');
		SELECT partman.run_maintenance('public.events');
		SELECT 'maintained', ($days);
		COMMIT;
	});
	made_ok($got, '');
	my ($scans, $removed, $tomorrow) = fields($got, 'pruned', 3);
	is("$scans|$removed", "$tomorrow|0",
		"a day's condition on the time column: that day's partition alone, pruned when planned");
	is($got->{maintained}, days(-4, 8),
		'run_maintenance(): 4 partitions ahead of the newest row');
}
else
{
	refusal('ulid', "'1 day'", '5.x');

	$node->safe_psql('postgres', 'CREATE DATABASE p5');
	my $days = days_sql('YYYYMMDD', 'uuid', 'ulid_lower');
	# the partitions' names, for the times given as SQL expressions
	my $names = sub {
		return join " || ',' || ", map { "'events_p' || to_char($_, 'YYYYMMDD')" } @_;
	};
	my $got = checks('p5', 'the 5.x blocks', "BEGIN;\n" . guide_block('partman5') . qq{
		$plan_function
		@{[ made_sql($days, $names->('now()')) ]}
		-- a constant: pruned when planned
		SELECT 'plan_time', pg_temp.scans(format('SELECT * FROM events WHERE id >= ulid_lower(%L) AND id < ulid_lower(%L)',
		                                         current_date + 1, current_date + 2)),
		       @{[ $names->("now() + interval '1 day'") ]};
		-- now(): pruned when the executor starts
		SELECT 'start_time', pg_temp.scans(\$q\$SELECT * FROM events WHERE id >= ulid_lower(now() - interval '1 day')\$q\$),
		       @{[ $names->(map { "now() + interval '$_ days'" } -1 .. 4) ]} || ',events_default';
		-- pg_partman's own encoder, VOLATILE: nothing pruned
		SELECT 'volatile', pg_temp.scans(format('SELECT * FROM events WHERE id >= partman.uuid7_time_encoder(%L) AND id < partman.uuid7_time_encoder(%L)',
		                                        current_date + 1, current_date + 2)),
		       @{[ $names->(map { "now() + interval '$_ days'" } -4 .. 4) ]} || ',events_default';
		INSERT INTO events VALUES (gen_ulid(now() + interval '4 days')), (gen_ulid(now() + interval '40 days'));
		SELECT 'ahead', string_agg(tableoid::regclass::text, ',' ORDER BY id),
		       @{[ $names->("now() + interval '4 days'") ]} || ',events_default' FROM events WHERE id > ulid_lower(now() + interval '1 day');
		SELECT 'key', count(*) FILTER (WHERE ulid_time(id::ulid) > now() + interval '39 days'), count(*) FROM events;
		SELECT partman.run_maintenance('public.events');
		SELECT 'maintained', ($days);
		-- partitions of the days 40, 31 and 30 days back (from their midnights,
		-- as create_parent starts them), then the guide's retention of 30 days
		SELECT partman.create_partition_time('public.events',
		       ARRAY(SELECT date_trunc('day', now() - d * interval '1 day') FROM unnest('{40,31,30}'::int[]) d));
		SELECT 'old', ($days);
		@{[ guide_block('partman5_retention') ]}
		SELECT 'retained', ($days);
		COMMIT;
	});
	made_ok($got, ', bounded by ulid_lower of its midnights');
	my ($scans, $removed, $want) = fields($got, 'plan_time', 3);
	is("$scans|$removed", "$want|0", "a day's ulid_lower range: that day's partition alone, pruned when planned");
	($scans, $removed, $want) = fields($got, 'start_time', 3);
	is("$scans|$removed", "$want|3", 'id >= ulid_lower(now() - 1 day): the 3 older partitions removed at executor start');
	($scans, $removed, $want) = fields($got, 'volatile', 3);
	is("$scans|$removed", "$want|0", "pg_partman's VOLATILE uuid7_time_encoder: every partition scanned");
	my ($where, $want_where) = fields($got, 'ahead', 2);
	is($where, $want_where, 'a row 4 days ahead in the newest partition, one 40 days ahead in the default');
	is($got->{key}, '1|3', 'the keys read back as ULIDs of their time');
	is($got->{maintained}, days(-4, 8), 'run_maintenance(): 4 partitions ahead of the newest row');
	is($got->{old}, join(',', -40, -31, -30, days(-4, 8)), 'partitions made 40, 31 and 30 days back');
	is($got->{retained}, join(',', -30, days(-4, 8)),
		'retention of 30 days: the partitions wholly older dropped, the one across the limit kept');

	if ($version =~ /^5\.2\./)
	{
		my ($ret, $out, $err) = $node->psql('p5',
			"INSERT INTO events VALUES (gen_ulid(now() - interval '20 days')); SELECT partman.partition_data_time('public.events')");
		my ($message) = $err =~ /ERROR:\s+(.*)$/m;
		like($message // "(no error) $err", qr/Found control: uuid/, "5.2's partition_data_time() refuses a uuid key");
		# (the guide wraps it)
		(my $quoted = $guide) =~ s/\s+/ /g;
		ok(defined $message && index($quoted, "`$message`") >= 0, 'the guide quotes the error') or diag($message);
	}
	else
	{
		# later releases take it: a row of a day without a partition moves
		# out of the default into a new partition of that day
		$got = checks('p5', 'partition_data_time()', qq{
			BEGIN;
			INSERT INTO events VALUES (gen_ulid(now() - interval '20 days'));
			SELECT partman.partition_data_time('public.events');
			SELECT 'moved', tableoid::regclass, @{[ $names->("now() - interval '20 days'") ]}
			  FROM events WHERE id < ulid_lower(now() - interval '19 days');
			SELECT 'days', ($days);
			COMMIT;
		});
		my ($moved, $want_moved) = fields($got, 'moved', 2);
		is($moved, $want_moved, "partition_data_time(): the row out of the default, into its day's partition");
		is($got->{days}, join(',', -30, -20, days(-4, 8)), "that partition bounded by ulid_lower of its day's midnights");
	}
}

done_testing();
