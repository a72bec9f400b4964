#!/usr/bin/env bash
# Runs every test against a freshly built and installed extension: the C
# unit tests of the pure code (plain, then under ASan and UBSan), a short
# fuzz run, the TAP robustness tests, the throwaway cluster's own tests,
# the pg_regress suite in such a cluster, then the upgrade, driver,
# README-reference and packaging tests.
# Installs missing Debian packages first.  Ends with one line
# "total: N passed, N failed" and exits non-zero if anything failed.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

passed=0
failed=0

# count "name: N passed, N failed" lines from a log
add_counts() {
	local p f
	read -r p f < <(awk '/^[a-z_]+: [0-9]+ passed, [0-9]+ failed$/ {p += $2; f += $4}
		END {print p + 0, f + 0}' "$1")
	passed=$((passed + p))
	failed=$((failed + f))
}

# runs a command whose output has "name: N passed, N failed" lines and adds
# them up; a failure those lines do not show counts as one more
counted() {
	local status=0 before=$failed
	"$@" 2>&1 | tee "$work/step.log" || status=$?
	add_counts "$work/step.log"
	[ "$status" -eq 0 ] || [ "$failed" -gt "$before" ] || failed=$((failed + 1))
}

ensure_build_deps
build_and_install

work=$(mktemp -d /tmp/ulid-test.XXXXXX)
trap 'stop_cluster; rm -rf "$work"' EXIT

say "C unit tests"
counted make -C "$ULID_ROOT" -s unittest

# the benchmark's report script on the committed runs (no benchmark run)
say "bench/test_report.py"
counted "$ULID_ROOT/bench/test_report.py"

# Robustness tests: the pure code under ASan+UBSan, a short fuzz run, and
# the TAP tests in t/ (each with clusters of its own, see scripts/tap.sh).
say "C unit tests under ASan and UBSan, and a short fuzz run"
ensure_packages clang-14 libclang-rt-14-dev
counted make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" unittest-sanitize
counted make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" fuzz-build
counted "$ULID_ROOT/scripts/fuzz.sh" "${ULID_FUZZ_SECONDS:-8}"
say "TAP robustness tests"
counted "$ULID_ROOT/scripts/tap.sh"

# the throwaway cluster itself: a free port, nothing left exported
say test/harness/run.sh
counted "$ULID_ROOT/test/harness/run.sh"

say "regression tests"
start_cluster
regress_status=0
make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no installcheck 2>&1 | tee "$work/regress.log" ||
	regress_status=$?
# pg_regress prints "test name ... ok" (15) or "ok N - name" (16+) per test
p=$(grep -cE '\.\.\. ok|^ok [0-9]' "$work/regress.log" || true)
f=$(grep -cE '\.\.\. FAILED|^not ok [0-9]' "$work/regress.log" || true)
passed=$((passed + p))
failed=$((failed + f))
if [ "$regress_status" -ne 0 ]; then
	[ "$f" -gt 0 ] || failed=$((failed + 1))
	[ -f "$ULID_ROOT/regression.diffs" ] && cat "$ULID_ROOT/regression.diffs"
fi

# the upgrade path, the drivers and the README's reference tables against
# the same cluster; each suite prints "name: N passed, N failed"
for suite in test/upgrade/run.sh test/drivers/run.sh clients/run.sh test/docs/reference.py test/docs/blocks.py test/docs/install.sh; do
	say "$suite"
	counted "$ULID_ROOT/$suite"
done
# then the Debian package (last: on CI it installs and removes it), with
# the cluster gone and its PGHOST/PGPORT unset: the package build starts
# servers of its own (pg_virtualenv), which must not take them over.  It
# packages for Debian's PostgreSQL $PG_MAJOR: with the PG_CONFIG of a
# major this machine has no Debian packages of (a source build), it is
# skipped.
stop_cluster
if [ -x "/usr/lib/postgresql/$PG_MAJOR/bin/pg_config" ]; then
	say test/packaging/run.sh
	counted "$ULID_ROOT/test/packaging/run.sh"
else
	say "test/packaging/run.sh skipped: no Debian PostgreSQL $PG_MAJOR (/usr/lib/postgresql/$PG_MAJOR) to package for"
fi

echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
