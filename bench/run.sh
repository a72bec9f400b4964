#!/usr/bin/env bash
# make bench: every workload of the benchmark in one run, side by side.
# Builds and installs the extension, runs the SQL workloads in a throwaway
# cluster (and workload 3 in a second one with shared_buffers = 16MB;
# workload 8 in a cluster of its own, bench/monotonic.sh; workload 10,
# bench/planning.sh, workload 11, bench/uuidv7.sh, and workload 12,
# bench/btree.sh, likewise),
# counts instructions of the pure C code with callgrind, and writes the raw
# results, results.md, inserts.dat and inserts.png to a folder:
#   BENCH_OUT if set;
#   else bench/results/DATE with BENCH_RECORD=1 (make bench RECORD=1), to
#        record a run in the repository;
#   else bench/results/local/DATE (ignored by git), so that a trial run
#        leaves the committed records and the checkout as they are.
# BENCH_ROUNDS (5) and BENCH_SCALE (1) shorten a trial.

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

day=$(date -u +%Y-%m-%d)
out=$(bench_out "$day")

ensure_build_deps
ensure_packages python3 gnuplot-nox strace gdb valgrind
build_and_install

trap stop_cluster EXIT
{
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
	echo ", $(free -g | awk '/Mem:/ {print $2}') GiB, $(date -u +%Y-%m-%d)"
} | tr -d '\n' >"$out/machine.txt"

# JIT off: its compile time would land on some queries and not others
CLUSTER_OPTS="-c jit=off"
start_cluster
say "SQL workloads 1, 2, 4, 5, 6"
BENCH_DATA_DIR=$CLUSTER_DIR python3 "$ULID_ROOT/bench/sql_bench.py" main "$out/main.json"
stop_cluster

CLUSTER_OPTS="-c jit=off -c shared_buffers=16MB"
start_cluster
say "SQL workload 3 (shared_buffers = 16MB)"
python3 "$ULID_ROOT/bench/sql_bench.py" small_buffers "$out/small_buffers.json"
stop_cluster

# gen_monotonic_ulid(): a cluster of its own, with the library preloaded
"$ULID_ROOT/bench/monotonic.sh" "$out"

# workload 10, planning comparisons between ulid and uuid: a cluster of its own
"$ULID_ROOT/bench/planning.sh" "$out"

# workload 11, ulid.uuidv7 and TypeID: a cluster of its own
"$ULID_ROOT/bench/uuidv7.sh" "$out"

# workload 12, btree lookups and sorts on ulid against uuid: a cluster of its own
"$ULID_ROOT/bench/btree.sh" "$out"

say "workload 7: instructions per call (callgrind)"
# built here: the workloads above build the extension from a clean tree,
# which removes it
make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" bench/codec_bench
: >"$out/codec.txt"
for op in encode decode gen_same_ms gen_new_ms gen_random; do
	valgrind --tool=callgrind --toggle-collect=measure \
		--callgrind-out-file="$out/callgrind.$op" "$ULID_ROOT/bench/codec_bench" "$op" >/dev/null 2>&1
	callgrind_annotate "$out/callgrind.$op" |
		awk -v op="$op" '/PROGRAM TOTALS/ {gsub(",", "", $1); printf "%s %.1f\n", op, $1 / 100000}' \
			>>"$out/codec.txt"
	rm -f "$out/callgrind.$op"
done

python3 "$ULID_ROOT/bench/report.py" "$out"
gnuplot -e "data='$out/inserts.dat'; out='$out/inserts.png'; machine='$(cat "$out/machine.txt")'" \
	"$ULID_ROOT/bench/inserts.gp"
say "results in $out"
