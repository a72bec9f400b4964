# Bad input through SQL: at least 10,000 generated malformed strings, each
# rejected by ulid's input function with SQLSTATE 22P02, one statement at a
# time in one session, which stays usable throughout.  The strings hold
# arbitrary bytes 1-255, so they go to a SQL_ASCII database (a UTF8 one
# would reject invalid UTF-8 before ulid saw it); each is written as E'\xHH'
# escapes, so the script itself is plain ASCII.  Generation is
# deterministic (a fixed-seed xorshift32).
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UlidTest;

my $alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
my %valid = map { ($_ => 1, lc($_) => 1) } split //, $alphabet;
my @valid_chars = sort keys %valid;
my @invalid_bytes = grep { !$valid{ chr($_) } } 1 .. 255;

# xorshift32 (Marsaglia, 2003): every value fits in 32 bits, so the
# sequence is the same on any perl, with no hexadecimal literal above
# 0xffffffff (perl warns that one is non-portable)
my $state = 2463534242;
sub next_random
{
	my ($n) = @_;
	$state ^= ($state << 13) & 0xFFFFFFFF;
	$state ^= $state >> 17;
	$state ^= ($state << 5) & 0xFFFFFFFF;
	return $state % $n;
}
sub random_valid { join '', map { $valid_chars[ next_random(scalar @valid_chars) ] } 1 .. $_[0] }

# would ulid_in accept it?  26 alphabet characters, the first 0-7
sub acceptable
{
	my ($s) = @_;
	return length($s) == 26 && $s =~ /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;
}

my %inputs;		# string => kind
sub add
{
	my ($kind, $s) = @_;
	return if acceptable($s) || exists $inputs{$s};
	$inputs{$s} = $kind;
}

# every length 0-40 but 26, alphabet characters only (five each)
for my $len (0 .. 40)
{
	next if $len == 26;
	add('bad length', '0' . random_valid($len - 1)) for $len > 0 ? 1 .. 5 : 1;
}
# every byte outside the alphabet at every position of a 26-character value
for my $pos (0 .. 25)
{
	for my $b (@invalid_bytes)
	{
		my $s = '0' . random_valid(25);
		substr($s, $pos, 1) = chr($b);
		add('bad byte', $s);
	}
}
# every first character above 7, upper and lower case, ten tails each
for my $first (grep { !/[0-7]/ } @valid_chars)
{
	add('overflow', $first . random_valid(25)) for 1 .. 10;
}
# random bytes 1-255, random lengths 0-40, until 11,000 inputs in all
while (keys %inputs < 11_000)
{
	my $len = next_random(41);
	add('random bytes', join '', map { chr(1 + next_random(255)) } 1 .. $len);
}

my $total = keys %inputs;

my $node = ulid_node('bad_input');
$node->safe_psql('postgres',
	"CREATE DATABASE sqlascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0");
$node->safe_psql('sqlascii', 'CREATE EXTENSION ulid');

# One statement per input; a good query after every 500 shows the session
# still answers
my $script = "\\set VERBOSITY sqlstate\n";
my $n = 0;
my $checkpoints = 0;
for my $s (sort keys %inputs)
{
	$script .= "SELECT E'" . join('', map { sprintf '\\x%02X', ord } split //, $s) . "'::ulid;\n";
	if (++$n % 500 == 0)
	{
		$checkpoints++;
		$script .= "SELECT 'alive $checkpoints', '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::text;\n";
	}
}
$script .= "SELECT 'alive end', count(*) FROM generate_series(1, 3);\n";
my $file = "$PostgreSQL::Test::Utils::tmp_check/bad_input.sql";
PostgreSQL::Test::Utils::append_to_file($file, $script);

my ($ret, $out, $err) =
  $node->psql('sqlascii', "\\i $file", on_error_stop => 0);
is($ret, 0, 'psql ran the whole script');

my @errors = $err =~ /^(?:psql:\S+ )?ERROR:\s+(\S+)/mg;
my $rejected = grep { $_ eq '22P02' } @errors;
is($rejected, $total, "each of the $total inputs was rejected with SQLSTATE 22P02");
is(scalar(@errors) - $rejected, 0, 'no error of any other kind');
my @alive = $out =~ /^alive (\d+)\|01ARYZ6S41TSV4RRFFQ69G5FAV$/mg;
is(scalar @alive, $checkpoints, "the session answered all $checkpoints queries between them");
like($out, qr/^alive end\|3$/m, 'and the one after the last');
ok(!$node->log_contains('terminated by signal|server process .* exited'),
	'no backend crashed');

$node->stop;
done_testing();
