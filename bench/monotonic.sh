#!/usr/bin/env bash
# gen_monotonic_ulid() benchmarks (bench/monotonic.py): per-call cost,
# single-row inserts with each key default, scaling with 1 and 2 clients,
# and WAL with checkpoints.  Builds and installs the extension, runs a
# throwaway cluster with the library preloaded (15 and 16 need it; 17+
# takes the same path either way), checkpoint_timeout = 30s and
# max_wal_size = 256MB, and writes monotonic.json and monotonic.md to OUT
# (default bench/results/DATE).  Last, a single-user backend under
# callgrind counts instructions per call.
#
# Usage: bench/monotonic.sh [OUT]   (make bench runs it; see monotonic.py
# for the BENCH_* variables that shorten a trial)

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

out=$(bench_out "$(date -u +%Y-%m-%d)-monotonic" "${1:-}")

ensure_build_deps
ensure_packages python3 strace valgrind
build_and_install

trap stop_cluster EXIT

CLUSTER_OPTS="-c jit=off -c shared_preload_libraries=ulid -c checkpoint_timeout=30s -c max_wal_size=256MB -c max_connections=20"
start_cluster
say "gen_monotonic_ulid() benchmarks"
PATH="$("$PG_CONFIG" --bindir):$PATH" python3 "$ULID_ROOT/bench/monotonic.py" "$out"

# Instructions per call, free of the machine's noise: a single-user backend
# under callgrind runs SELECT count(f()) over 200,000 rows; net of count(*)
say "instructions per call (callgrind, single-user backend)"
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
n=200000
{
	echo
	echo "**Instructions per call** (callgrind, single-user backend, \`SELECT count(f()) FROM generate_series(1, $n)\`, net of \`count(*)\`)"
	echo
	echo "| function | instructions per call |"
	echo "|---|---:|"
	floor=
	for f in '*' 'gen_ulid()' 'gen_monotonic_ulid()'; do
		echo "SELECT count($f) FROM generate_series(1, $n);" |
			as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$CLUSTER_DIR/callgrind.out" \
				"$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" \
				-c shared_preload_libraries=ulid -c jit=off postgres >/dev/null 2>&1
		ir=$(callgrind_annotate "$CLUSTER_DIR/callgrind.out" |
			awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		rm -f "$CLUSTER_DIR/callgrind.out"
		if [ -z "$floor" ]; then
			floor=$ir
		else
			echo "| $f | $(( (ir - floor) / n )) |"
		fi
	done
} >>"$out/monotonic.md"
say "results in $out/monotonic.md"
