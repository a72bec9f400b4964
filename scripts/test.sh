#!/usr/bin/env bash
# The whole suite on a fresh machine: installs the Debian packages it needs
# that are missing, builds and installs the extension into the PostgreSQL
# that PG_CONFIG names (default: Debian's PostgreSQL $PG_MAJOR, 15), then
# runs each suite with its own runner:
#
#   unit          make unittest: the C unit tests of the pure code
#   bench_report  bench/test_report.py: the benchmark's report scripts
#   unit_sanitize make unittest-sanitize: the same unit tests under ASan and UBSan
#   fuzz          make fuzz-build, then scripts/fuzz.sh: each libFuzzer target
#   tap           make prove_installcheck (scripts/tap.sh): t/*.pl
#   harness       test/harness/run.sh: the throwaway cluster below, and
#                 give_back
#   regress       make installcheck (pg_regress) in a throwaway cluster
#   upgrade       make installcheck-upgrade (test/upgrade/run.sh), in that cluster
#   ulid_sql      the SQL edition (ulid_sql/): make installcheck there and
#                 test/sql_edition/run.sh (installs, the differential test
#                 against the C extension, migrations), in that cluster
#   clients_*     clients/run.sh LANGUAGE: python, node, go, java
#   docs          test/docs/reference.py: the README's reference tables
#   docs_blocks   test/docs/blocks.py: every SQL block of the README and docs/
#   docs_install  test/docs/install.sh: the install recipes of the clients
#   packaging     test/packaging/run.sh: the Debian package (Debian's
#                 PostgreSQL only: it packages for that)
#   ulid_sql_tle  test/sql_edition/tle.sh: the edition through pg_tle, in a
#                 cluster of its own (only where pg_tle is installed into
#                 the server: it is not in Debian)
#
# A suite's verdict is its runner's exit status.  The summary gives one line
# per suite, with the counts its runner printed, and ends with the line
# "N passed, N failed", which counts suites.  A TAP script whose
# prerequisite is absent skips (plan skip_all, saying why); with CI=true (or
# ULID_REQUIRE_ALL=1) scripts/tap.sh fails on that, as CI installs every
# prerequisite and a skip there would hide a gap.  The one suite skipped as
# a whole is packaging, on a PostgreSQL that Debian does not package (a
# source build): there is nothing to package it for; and ulid_sql_tle on a
# server without pg_tle.  ULID_SUMMARY_LABEL,
# if set, prefixes the last line (.ci/run runs this once per server and
# adds the halves up).
#
# Usage: scripts/test.sh [SUITE ...]   (default: every suite above)

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# the runners below source common.sh too: the same major, found once
export PG_MAJOR

all_suites=(unit bench_report unit_sanitize fuzz tap harness regress upgrade ulid_sql
	clients_python clients_node clients_go clients_java docs docs_blocks docs_install packaging ulid_sql_tle)
if [ $# -gt 0 ]; then
	suites=("$@")
	for s in "${suites[@]}"; do
		case " ${all_suites[*]} " in
		*" $s "*) ;;
		*) say "no suite $s; the suites: ${all_suites[*]}" >&2; exit 2 ;;
		esac
	done
else
	suites=("${all_suites[@]}")
fi
wanted() { case " ${suites[*]} " in *" $1 "*) return 0 ;; esac; return 1; }

work=$(mktemp -d /tmp/ulid-test.XXXXXX)
# Under sudo, the files this run makes in the clone (build products, test
# output, clients/node/node_modules) go back to the clone's owner
trap 'stop_cluster; give_back "$ULID_ROOT"; rm -rf "$work"' EXIT
# the packages installed by this run and by the runners it starts
export ULID_INSTALLED_LOG=$work/installed
ensure_build_deps
build_and_install
# the SQL edition's files too (no C: nothing to build but its scripts), for
# its suites and for the docs' blocks that create it
if wanted ulid_sql || wanted docs_blocks; then
	make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" all
	"${SUDO[@]}" make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" install
fi
server=$("$PG_CONFIG" --version)

summary=()
npassed=0
nfailed=0
record() {	# record NAME VERDICT SECONDS COUNTS
	verdict=$2
	summary+=("$(printf '%-15s %-8s %5s s  %s' "$1" "$2" "$3" "$4")")
	case $2 in
	passed) npassed=$((npassed + 1)) ;;
	failed) nfailed=$((nfailed + 1)) ;;
	esac
}

# skip NAME REASON: a suite with nothing to test here
skip() {
	say "$1 skipped: $2"
	record "$1" skipped 0 "$2"
}

# heartbeat LOG NAME START: every minute in which LOG did not grow, a line
# saying that NAME still runs (a step can print nothing for minutes: the SQL
# edition's 1,000,000-row migration, a TAP script); ends with this script
heartbeat() {
	local last=-1 size
	while sleep 60 </dev/null >/dev/null 2>&1 && kill -0 $$ 2>/dev/null; do
		size=$(stat -c %s "$1" 2>/dev/null || echo 0)
		[ "$size" != "$last" ] || say "$2: still running ($(($(date +%s) - $3)) s)"
		last=$size
	done
}

# suite NAME PATTERN COMMAND...: runs COMMAND, whose exit status is the
# verdict; the lines of its output matching PATTERN (an extended regular
# expression) are its runner's counts, for the summary
suite() {
	local name=$1 pattern=$2 status=0 start counts beat
	shift 2
	say "$name: $*"
	start=$(date +%s)
	: >"$work/$name.log"
	heartbeat "$work/$name.log" "$name" "$start" &
	beat=$!
	"$@" 2>&1 | tee "$work/$name.log" || status=$?
	kill "$beat" 2>/dev/null || true
	wait "$beat" 2>/dev/null || true
	counts=$(grep -E "$pattern" "$work/$name.log" | sed 's/^[#[:space:]]*//; s/[[:space:]]*$//' | paste -sd ';' | sed 's/;/; /g') || true
	[ -n "$counts" ] || counts="(no counts printed)"
	if [ "$status" -eq 0 ]; then
		record "$name" passed $(($(date +%s) - start)) "$counts"
	else
		record "$name" failed $(($(date +%s) - start)) "exit status $status; $counts"
	fi
}

# lines "name: N passed, N failed": the shell and Python runners' counts
own_counts='^[a-z_]+: [0-9]+ passed, [0-9]+ failed$'

wanted unit && suite unit "$own_counts" make -C "$ULID_ROOT" -s unittest
wanted bench_report && suite bench_report "$own_counts" "$ULID_ROOT/bench/test_report.py"
# clang with its sanitizer and libFuzzer runtimes: the version Debian's
# clang package depends on here (14 on Debian 12, 19 on Debian 13)
if wanted unit_sanitize || wanted fuzz; then
	clang=$(apt-cache depends clang 2>/dev/null | sed -n 's/^ *Depends: \(clang-[0-9][0-9]*\)$/\1/p' | head -n 1)
	clang=${clang:-clang-14}
	ensure_packages "$clang" "libclang-rt-${clang#clang-}-dev"
fi
wanted unit_sanitize &&
	suite unit_sanitize "$own_counts" make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" FUZZ_CC="$clang" unittest-sanitize
fuzz() {
	make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" FUZZ_CC="$clang" fuzz-build &&
		"$ULID_ROOT/scripts/fuzz.sh" "${ULID_FUZZ_SECONDS:-8}"
}
wanted fuzz && suite fuzz "$own_counts" fuzz

# prove's own summary ("Files=N, Tests=N, ..." and "Result: PASS"), and the
# scripts that skipped as a whole (scripts/tap.sh fails on those under CI)
wanted tap && suite tap '^(Files=[0-9]+, Tests=[0-9]+|Result: |t/[^ ]+\.pl \.+ skipped)' "$ULID_ROOT/scripts/tap.sh"

# the throwaway cluster itself: a free port, nothing left exported
wanted harness && suite harness "$own_counts" "$ULID_ROOT/test/harness/run.sh"

# pg_regress and the suites that use a running server: one throwaway cluster
if wanted regress || wanted upgrade || wanted ulid_sql || wanted clients_python || wanted clients_node ||
	wanted clients_go || wanted clients_java || wanted docs || wanted docs_blocks ||
	wanted docs_install; then
	start_cluster
	# pg_regress's last words: "All N tests passed." or "N of N tests
	# failed." (15), the same after "# " (16 and later)
	if wanted regress; then
		suite regress '^(# )?( *All [0-9]+ tests passed| *[0-9]+ of [0-9]+ tests (failed|passed))' \
			make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no installcheck
		if [ "$verdict" != passed ] && [ -f "$ULID_ROOT/regression.diffs" ]; then
			cat "$ULID_ROOT/regression.diffs"
		fi
	fi
	wanted upgrade && suite upgrade "$own_counts" make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" installcheck-upgrade
	# pg_regress's last words, then the edition's own counts
	ulid_sql_suite() {
		make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" installcheck ||
			{ cat "$ULID_ROOT/ulid_sql/regression.diffs" 2>/dev/null; return 1; }
		"$ULID_ROOT/test/sql_edition/run.sh"
	}
	wanted ulid_sql && suite ulid_sql "$own_counts|^(# )?( *All [0-9]+ tests passed| *[0-9]+ of [0-9]+ tests (failed|passed))" ulid_sql_suite
	# pytest's "N passed, N failed, ... in S s", node --test's "# pass N" and "# fail N",
	# go test's "ok"/"FAIL" package line with the "--- FAIL" tests, java's own
	wanted clients_python && suite clients_python '^(=+ )?[0-9]+ (passed|failed|errors?)([ ,].*)? in [0-9.]+s' "$ULID_ROOT/clients/run.sh" python
	wanted clients_node && suite clients_node '^# (tests|pass|fail|skipped|todo) [0-9]+$' "$ULID_ROOT/clients/run.sh" node
	wanted clients_go && suite clients_go '^(ok|FAIL)[[:space:]]|^--- FAIL' "$ULID_ROOT/clients/run.sh" go
	wanted clients_java && suite clients_java '^java: ' "$ULID_ROOT/clients/run.sh" java
	wanted docs && suite docs "$own_counts" "$ULID_ROOT/test/docs/reference.py"
	wanted docs_blocks && suite docs_blocks "$own_counts" "$ULID_ROOT/test/docs/blocks.py"
	wanted docs_install && suite docs_install "$own_counts" "$ULID_ROOT/test/docs/install.sh"
	stop_cluster
fi

# The Debian package (last: on CI it installs and removes it), with the
# cluster gone and its PGHOST/PGPORT unset: the package build starts servers
# of its own (pg_virtualenv), which must not take them over.  It packages
# for Debian's PostgreSQL $PG_MAJOR: a source build has none.
if wanted packaging; then
	if pg_from_debian; then
		suite packaging "$own_counts" "$ULID_ROOT/test/packaging/run.sh"
	else
		skip packaging "$PG_CONFIG is no Debian PostgreSQL, which the package is built for"
	fi
fi

# The SQL edition through pg_tle, in a cluster of its own with pg_tle
# preloaded, where pg_tle is installed into the server (from source: it is
# not in Debian, so CI has none)
if wanted ulid_sql_tle; then
	if [ -f "$("$PG_CONFIG" --sharedir)/extension/pg_tle.control" ] &&
		[ -f "$("$PG_CONFIG" --pkglibdir)/pg_tle.so" ]; then
		suite ulid_sql_tle "$own_counts" "$ULID_ROOT/test/sql_edition/tle.sh"
	else
		skip ulid_sql_tle "pg_tle is not installed into $PG_CONFIG's server (it is not in Debian; build aws/pg_tle with PGXS to run this suite)"
	fi
fi

echo
say "summary: $server ($PG_CONFIG)"
printf '%s\n' "${summary[@]}"
# what stays on the machine: no cluster (each suite's are gone), but the
# extension in the server's folders and the packages installed
say "left: the extension installed into $("$PG_CONFIG" --sharedir)/extension and $("$PG_CONFIG" --pkglibdir)"
if [ -s "$ULID_INSTALLED_LOG" ]; then
	say "left: the packages this run installed: $(sort -u "$ULID_INSTALLED_LOG" | paste -sd ' ')"
fi
echo "${ULID_SUMMARY_LABEL:+$ULID_SUMMARY_LABEL: }$npassed passed, $nfailed failed"
[ "$nfailed" -eq 0 ]
