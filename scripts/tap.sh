#!/usr/bin/env bash
# Runs the TAP tests in t/ (PostgreSQL::Test::Cluster, each with clusters of
# its own) against the installed extension with PGXS's own recipe, make
# prove_installcheck (see the Makefile), whose prove prints the counts and
# whose exit status is the verdict.  A script whose prerequisite is absent
# skips as a whole (plan skip_all, with the reason); with CI=true (or
# ULID_REQUIRE_ALL=1) that fails the run, as CI installs every prerequisite.
#
# initdb refuses to run as root, so root runs make as the postgres user, in
# a copy of what it reads (Makefile, the control file and scripts, t/ and
# test/upgrade/snapshot.sql) in a temporary folder that user owns: the
# clone may be root-owned, or in a home the postgres user cannot enter.
# Anyone else runs it in the tree (the tests' clusters and logs go to
# tmp_check/, which make clean removes).  The extension must already be
# installed into the PostgreSQL that PG_CONFIG names; scripts/test.sh does
# that first.  ULID_PROVE_FLAGS go to prove (say, -v).
#
# Usage: scripts/tap.sh [t/NNN_name.pl ...]   (default: every t/*.pl)

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# t/002 forks inside a backend through PL/Python; a PostgreSQL built from
# source needs it built in (--with-python)
ensure_packages perl libipc-run-perl
if pg_from_debian; then
	ensure_packages "postgresql-plpython3-$PG_MAJOR"
fi

# PGXS runs no TAP test (and says so, successfully) on a PostgreSQL
# configured without --enable-tap-tests, which installs no test modules
perl_lib=$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/perl
[ -f "$perl_lib/PostgreSQL/Test/Cluster.pm" ] || {
	say "no PostgreSQL::Test::Cluster under $perl_lib" >&2
	exit 1
}

tests=()
for t in "$@"; do
	tests+=("t/$(basename "$t")")
done

log=$(mktemp /tmp/ulid-tap-log.XXXXXX)
dir=$ULID_ROOT
run_as=()
if [ "$(id -u)" -eq 0 ]; then
	dir=$(mktemp -d /tmp/ulid-tap.XXXXXX)
	# t/006 reads the scripts' versions (pg18/: those made on 18 and later)
	# and the catalog snapshot query
	(cd "$ULID_ROOT" && tar -c Makefile ulid.control ulid-pg18.sql.in ulid--*.sql $(ls -d pg18 2>/dev/null) \
		t test/upgrade/snapshot.sql) |
		tar -x -C "$dir"
	chown -R postgres: "$dir"
	run_as=(runuser -u postgres --)
fi
keep=${ULID_TAP_KEEP:-}
trap 'rm -f "$log"; [ -n "$keep" ] || [ "$dir" = "$ULID_ROOT" ] || rm -rf "$dir"' EXIT

status=0
(cd "$dir" && "${run_as[@]}" make -s PG_CONFIG="$PG_CONFIG" ${ULID_PROVE_FLAGS:+PROVE_FLAGS="$ULID_PROVE_FLAGS"} \
	${tests[@]:+PROVE_TESTS="${tests[*]}"} prove_installcheck) 2>&1 | tee "$log" || status=$?

if [ "$status" -ne 0 ]; then
	for l in "$dir"/tmp_check/log/regress_log_*; do
		[ -f "$l" ] || continue
		say "tail of $l"
		tail -n 40 "$l"
	done
fi
# prove names a script that skipped as a whole: "t/NNN_name.pl .. skipped: why"
skipped=$(grep -E '^t/[^ ]+\.pl \.+ skipped' "$log" || true)
if [ -n "$skipped" ] && [ "${ULID_REQUIRE_ALL:-0}" = 1 -o "${CI:-}" = true ]; then
	say "TAP scripts skipped, which CI does not allow (it installs every prerequisite):"
	echo "$skipped"
	[ "$status" -ne 0 ] || status=1
fi
exit "$status"
