#!/usr/bin/env bash
# Workload 12: what a btree point lookup and a sort cost on a ulid key,
# against the same on a uuid key.  Counts instructions of
# standard_ExecutorRun under callgrind in a single-user backend (counts,
# unlike times, do not move with the machine's load), so that parsing and
# planning are left out:
# - one lookup: a nested loop (hash and merge joins off) from a probe table
#   into a 100,000-row table keyed by a btree PRIMARY KEY, each probe row an
#   index scan "id = key" of the table, the keys in an order unrelated to
#   the index's; the probe's first N2 rows less its first N1 rows, over
#   N2 - N1 (the same query and plan, "WHERE p.i <= N" over the same probe
#   table, so that only the lookups differ);
# - one sorted row: "ORDER BY id" in memory (work_mem 64MB) of a
#   100,000-row table without an index, counted by count(*) above it, less
#   the same of its first 50,000 rows ("WHERE i <= N" over the same table),
#   over 50,000: what each row adds;
# - and the whole sort of the 100,000 rows: that query less the same
#   without the ORDER BY, over 100,000, which also carries what a sort costs
#   once (finding the sort support function: uuid's is built in, ulid's a
#   C function of the library, looked up in pg_proc).
# The library is preloaded (shared_preload_libraries) for both key types,
# so that its loading is in neither count.
# Keys md5(i::text)::uuid (random bytes, as uuid v4 and the random part of
# a ulid are): uuid_keyed (id uuid PRIMARY KEY, v int4), ulid_keyed (id
# ulid PRIMARY KEY, v int4), their probes (i int4, k of the key's type),
# and uuid_heap, ulid_heap (i int4, id; no index).  Writes btree.md to OUT
# (bench_out: BENCH_OUT, else bench/results/local/DATE-btree).  BENCH_SOURCE:
# the extension's tree to build and measure (default this checkout).
#
# Usage: bench/btree.sh [OUT]

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

n1=1000
n2=11000
rows=100000
half=50000
out=$(bench_out "$(date -u +%Y-%m-%d)-btree" "${1:-}")
src=${BENCH_SOURCE:-$ULID_ROOT}

ensure_build_deps
ensure_packages valgrind
build_and_install "$src"

trap stop_cluster EXIT
CLUSTER_OPTS="-c jit=off"
start_cluster
psql -X -q -v ON_ERROR_STOP=1 <<SQL
SET client_min_messages = warning;
CREATE EXTENSION ulid;
CREATE TABLE uuid_keyed (id uuid PRIMARY KEY, v int4);
INSERT INTO uuid_keyed SELECT md5(i::text)::uuid, i FROM generate_series(1, $rows) i;
CREATE TABLE ulid_keyed (id ulid PRIMARY KEY, v int4);
INSERT INTO ulid_keyed SELECT id::ulid, v FROM uuid_keyed;
-- probe row i looks up key 1 + (i * 7919) % rows: every key once, in no order of the index
CREATE TABLE uuid_probe (i int4, k uuid);
INSERT INTO uuid_probe SELECT i, md5((1 + (i * 7919) % $rows)::text)::uuid FROM generate_series(1, $n2) i;
CREATE TABLE ulid_probe (i int4, k ulid);
INSERT INTO ulid_probe SELECT i, k::ulid FROM uuid_probe;
CREATE TABLE uuid_heap (i int4, id uuid);
INSERT INTO uuid_heap SELECT i, md5(i::text)::uuid FROM generate_series(1, $rows) i;
CREATE TABLE ulid_heap (i int4, id ulid);
INSERT INTO ulid_heap SELECT i, id::ulid FROM uuid_heap;
VACUUM ANALYZE;
SQL
version=$(psql -X -At -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'")

# the plans: a nested loop of index scans, a sort in memory
settings="-c enable_hashjoin=off -c enable_mergejoin=off -c enable_material=off"
settings+=" -c enable_bitmapscan=off -c max_parallel_workers_per_gather=0 -c work_mem=64MB"
lookup() { echo "SELECT sum(t.v) FROM $1_probe p JOIN $1_keyed t ON t.id = p.k WHERE p.i <= $2"; }
sorted() { echo "SELECT count(*) FROM (SELECT id FROM $1_heap WHERE i <= $2 ORDER BY id OFFSET 0) s"; }
unsorted() { echo "SELECT count(*) FROM (SELECT id FROM $1_heap WHERE i <= $2 OFFSET 0) s"; }
plans=$(for t in uuid ulid; do
	for q in "$(lookup $t $n2)" "$(sorted $t $rows)"; do
		echo "$q"
		PGOPTIONS=$settings psql -X -At -c "EXPLAIN (COSTS OFF) $q" | sed 's/^/    /'
	done
done)
# the same answers from both key types, so the same rows were found
declare -A answer
for t in uuid ulid; do
	answer[$t]=$(PGOPTIONS=$settings psql -X -At -c "$(lookup $t $n2)" -c "$(sorted $t $rows)")
done
[ "${answer[uuid]}" = "${answer[ulid]}" ] ||
	{ say "uuid and ulid keys give different answers: ${answer[uuid]} against ${answer[ulid]}" >&2; exit 1; }

# callgrind: the server stopped, a single-user backend on its data folder
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
say "workload 12: callgrind, standard_ExecutorRun per query"
# instructions of standard_ExecutorRun for one query, with the settings and
# the library loaded before (else its loading, some 400,000 instructions,
# lands in the first query that calls one of its functions: the sort's)
count() {
	local f=$CLUSTER_DIR/callgrind.out
	# shellcheck disable=SC2086 # settings: one word per option
	echo "$1" |
		as_cluster_owner valgrind --tool=callgrind --toggle-collect=standard_ExecutorRun \
			--callgrind-out-file="$f" "$("$PG_CONFIG" --bindir)/postgres" --single \
			-D "$CLUSTER_DIR/data" -c jit=off -c shared_preload_libraries=ulid $settings postgres \
			>/dev/null 2>&1
	callgrind_annotate "$f" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
	rm -f "$f"
}
declare -A ir
for t in uuid ulid; do
	ir[$t, lookup1]=$(count "$(lookup $t $n1)")
	ir[$t, lookup2]=$(count "$(lookup $t $n2)")
	ir[$t, sorted1]=$(count "$(sorted $t $half)")
	ir[$t, sorted]=$(count "$(sorted $t $rows)")
	ir[$t, unsorted]=$(count "$(unsorted $t $rows)")
done
per() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.1f", (a - b) / n }'; }
for t in uuid ulid; do
	ir[$t, lookup]=$(per "${ir[$t, lookup2]}" "${ir[$t, lookup1]}" $((n2 - n1)))
	ir[$t, sort]=$(per "${ir[$t, sorted]}" "${ir[$t, sorted1]}" $((rows - half)))
	ir[$t, wholesort]=$(per "${ir[$t, sorted]}" "${ir[$t, unsorted]}" $rows)
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

{
	echo "# btree lookups and sorts, ulid against uuid (workload 12, \`bench/btree.sh\`)"
	echo
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%d),"
	echo "$("$PG_CONFIG" --version), ulid $version ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "$src"))."
	echo
	echo "Instructions of standard_ExecutorRun: one index lookup (a nested loop over $n2 probe rows less"
	echo "$n1, over $((n2 - n1))); one sorted row (ORDER BY of $rows rows less ORDER BY of the first $half,"
	echo "over $((rows - half))); the whole sort per row (ORDER BY of $rows rows less the same rows unsorted,"
	echo "over $rows: with what a sort costs once). shared_preload_libraries = ulid for both key types."
	echo
	echo "| per | uuid | ulid | ulid / uuid |"
	echo "|---|---:|---:|---:|"
	echo "| index lookup | ${ir[uuid, lookup]} | ${ir[ulid, lookup]} | $(ratio "${ir[ulid, lookup]}" "${ir[uuid, lookup]}") |"
	echo "| sorted row | ${ir[uuid, sort]} | ${ir[ulid, sort]} | $(ratio "${ir[ulid, sort]}" "${ir[uuid, sort]}") |"
	echo "| row of the whole sort | ${ir[uuid, wholesort]} | ${ir[ulid, wholesort]} | $(ratio "${ir[ulid, wholesort]}" "${ir[uuid, wholesort]}") |"
	echo
	echo "Raw counts:"
	echo
	echo "| query | uuid | ulid |"
	echo "|---|---:|---:|"
	echo "| lookups, $n1 probe rows | ${ir[uuid, lookup1]} | ${ir[ulid, lookup1]} |"
	echo "| lookups, $n2 probe rows | ${ir[uuid, lookup2]} | ${ir[ulid, lookup2]} |"
	echo "| ORDER BY, $half rows | ${ir[uuid, sorted1]} | ${ir[ulid, sorted1]} |"
	echo "| ORDER BY, $rows rows | ${ir[uuid, sorted]} | ${ir[ulid, sorted]} |"
	echo "| no ORDER BY, $rows rows | ${ir[uuid, unsorted]} | ${ir[ulid, unsorted]} |"
	echo
	echo "Plans (\`EXPLAIN (COSTS OFF)\`), with \`$settings\`:"
	echo
	echo "$plans" | sed 's/^/    /'
} >"$out/btree.md"
cat "$out/btree.md"
say "results in $out"
