#!/usr/bin/env bash
# Runs the TAP tests in t/ (PostgreSQL::Test::Cluster, each with clusters of
# its own) against the installed extension, and prints one line
# "tap: N passed, N failed".  Exits non-zero if any test failed.
#
# initdb refuses to run as root, so root runs prove as the postgres user, on
# a copy of t/ in a temporary folder that user owns (the clone may be
# root-owned and unwritable).  The extension must already be installed into
# the PostgreSQL that PG_CONFIG names; scripts/test.sh does that first.
#
# Usage: scripts/tap.sh [t/NNN_name.pl ...]   (default: every t/*.pl)

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ensure_packages perl libipc-run-perl "postgresql-plpython3-$PG_MAJOR"

bindir=$("$PG_CONFIG" --bindir)
perl_lib=$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/perl
[ -f "$perl_lib/PostgreSQL/Test/Cluster.pm" ] || {
	say "no PostgreSQL::Test::Cluster under $perl_lib" >&2
	exit 1
}

tap_dir=$(mktemp -d /tmp/ulid-tap.XXXXXX)
keep=${ULID_TAP_KEEP:-}
trap '[ -n "$keep" ] || rm -rf "$tap_dir"' EXIT
cp -R "$ULID_ROOT/t" "$tap_dir/t"
# t/006 reads the scripts' versions and the catalog snapshot query
mkdir -p "$tap_dir/test/upgrade"
cp "$ULID_ROOT"/ulid.control "$ULID_ROOT"/ulid--*.sql "$tap_dir/"
cp "$ULID_ROOT/test/upgrade/snapshot.sql" "$tap_dir/test/upgrade/"
mkdir "$tap_dir/tmp_check"

run_as=()
if [ "$(id -u)" -eq 0 ]; then
	chown -R postgres: "$tap_dir"
	run_as=(runuser -u postgres --)
fi

tests=()
for t in "${@:-}"; do
	[ -n "$t" ] && tests+=("t/$(basename "$t")")
done
[ ${#tests[@]} -gt 0 ] || tests=(t/*.pl)

status=0
(cd "$tap_dir" && "${run_as[@]}" env TESTDIR="$tap_dir" PATH="$bindir:$PATH" \
	PG_CONFIG="$bindir/pg_config" PG_REGRESS="$(dirname "$perl_lib")/regress/pg_regress" \
	prove -v -I "$perl_lib" -I "$tap_dir/t" "${tests[@]}") 2>&1 |
	tee "$tap_dir/prove.log" || status=$?

# prove -v echoes each test's TAP lines: "ok N - name" or "not ok N - name"
# (a skipped test, "ok N # skip why", counts as neither)
p=$(grep -E '^ok [0-9]+' "$tap_dir/prove.log" | grep -cvE '^ok [0-9]+ # skip' || true)
s=$(grep -cE '^ok [0-9]+ # skip' "$tap_dir/prove.log" || true)
f=$(grep -cE '^not ok [0-9]+' "$tap_dir/prove.log" || true)
# a script that dies part-way fails without a "not ok" line of its own
if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
	f=1
fi
if [ "$status" -ne 0 ]; then
	for log in "$tap_dir"/tmp_check/log/regress_log_*; do
		[ -f "$log" ] || continue
		say "tail of $log"
		tail -n 40 "$log"
	done
fi
[ "$s" -eq 0 ] || say "$s TAP tests skipped"
echo "tap: $p passed, $f failed"
[ "$status" -eq 0 ]
