#!/usr/bin/env bash
# ulid's comparison, sort support and hash functions against core's uuid
# functions on the same bytes (issue 10): whether each gives the same
# results, and how fast index builds, sorts, point lookups, hash joins and
# hash aggregates run with each, side by side in one cluster.  See
# bench/core_functions.py for what it does, bench/README.md for how to read
# it.  Builds and installs the extension into the server PG_CONFIG names,
# starts a throwaway cluster (shared_buffers = 2GB, JIT off), and writes
# facts.txt, plans.txt, times.json, callgrind.json, callgrind.txt,
# core_functions.md and machine.txt to:
#   BENCH_OUT if set;
#   else bench/results/DATE-core-functions with BENCH_RECORD=1;
#   else bench/results/local/DATE-core-functions (ignored by git).
# BENCH_ROUNDS (5) and BENCH_SCALE (1) shorten a trial.

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

day=$(date -u +%Y-%m-%d)
out=$(bench_out "$day-core-functions")

ensure_build_deps
ensure_packages python3
build_and_install

trap stop_cluster EXIT
{
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
	echo ", $(free -g | awk '/Mem:/ {print $2}') GiB, $(date -u +%Y-%m-%d)"
} | tr -d '\n' >"$out/machine.txt"

# both databases' tables and the lookup index stay in shared_buffers
CLUSTER_OPTS="-c jit=off -c shared_buffers=2GB -c max_wal_size=4GB"
start_cluster
say "ulid's functions against core's (bench/core_functions.py)"
BENCH_DATA_DIR=$CLUSTER_DIR python3 "$ULID_ROOT/bench/core_functions.py" "$out"

# instructions: the server stopped, a single-user backend under callgrind
say "instructions per query (callgrind, single-user backend)"
ensure_packages valgrind
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
BENCH_DATA_DIR=$CLUSTER_DIR BENCH_RUN_AS="${RUN_AS[*]}" \
	BENCH_POSTGRES="$("$PG_CONFIG" --bindir)/postgres --single -D $CLUSTER_DIR/data -c shared_buffers=2GB" \
	python3 "$ULID_ROOT/bench/core_functions.py" callgrind "$out"
say "results in $out"
