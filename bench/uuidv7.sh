#!/usr/bin/env bash
# ulid.uuidv7 and TypeID benchmarks: bench/uuidv7.py's side-by-side SQL
# timings (medians of BENCH_ROUNDS, default 7, interleaved rounds), then
# instructions per call under callgrind, free of the machine's noise: the
# pure C code (bench/codec_bench, each generator step in both layouts and
# the TypeID codec against the ULID one), and a single-user backend running
# SELECT count(f) over generate_series or a table, net of count(*).
# Builds and installs the extension into PG_CONFIG's server, runs a
# throwaway cluster with the library preloaded (gen_monotonic_ulid() needs
# it on 15 and 16) and writes uuidv7.md to OUT (bench_out: BENCH_OUT, else
# bench/results/local/DATE-uuidv7).
#
# Usage: bench/uuidv7.sh [OUT]   (make bench runs it)

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

out=$(bench_out "$(date -u +%Y-%m-%d)-uuidv7" "${1:-}")

ensure_build_deps
ensure_packages python3 valgrind
build_and_install
make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" bench/codec_bench

trap stop_cluster EXIT

CLUSTER_OPTS="-c jit=off -c shared_preload_libraries=ulid"
start_cluster
say "ulid.uuidv7 and TypeID: SQL timings"
PATH="$("$PG_CONFIG" --bindir):$PATH" python3 "$ULID_ROOT/bench/uuidv7.py" >"$out/uuidv7.md"

# a table for the single-user runs below, made before them
n=200000
psql -X -q -c "CREATE EXTENSION IF NOT EXISTS ulid" \
	-c "CREATE TABLE cg AS SELECT id, ulid_to_typeid(id, 'user') AS tid, id::text AS t
		FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, $n)) s" \
	-c "VACUUM ANALYZE cg"
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null

say "instructions per call (callgrind)"
{
	echo
	echo "**Instructions per call of the pure C code** (callgrind, \`bench/codec_bench OP\`)"
	echo
	echo "| operation | instructions per call |"
	echo "|---|---:|"
	for op in gen_same_ms gen_same_ms_v7 gen_new_ms gen_new_ms_v7 gen_random gen_random_v7 \
		encode typeid_encode decode typeid_decode; do
		valgrind --tool=callgrind --toggle-collect=measure \
			--callgrind-out-file="$CLUSTER_DIR/callgrind.$op" "$ULID_ROOT/bench/codec_bench" "$op" >/dev/null 2>&1
		echo "| $op | $(callgrind_annotate "$CLUSTER_DIR/callgrind.$op" |
			awk '/PROGRAM TOTALS/ {gsub(",", "", $1); printf "%.1f", $1 / 100000}') |"
		rm -f "$CLUSTER_DIR/callgrind.$op"
	done

	echo
	echo "**Instructions per call in the backend** (callgrind, single-user backend, $n rows, net of \`count(*)\` over the same rows)"
	echo
	echo "| query | instructions per call |"
	echo "|---|---:|"
	# name | settings | query
	while IFS='|' read -r name opts query; do
		echo "$query" |
			as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$CLUSTER_DIR/callgrind.out" \
				"$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" \
				-c shared_preload_libraries=ulid -c jit=off $opts postgres >/dev/null 2>&1
		ir=$(callgrind_annotate "$CLUSTER_DIR/callgrind.out" |
			awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		rm -f "$CLUSTER_DIR/callgrind.out"
		case $name in
			floor*) floor=$ir ;;
			*) echo "| $name | $(( (ir - floor) / n )) |" ;;
		esac
	done <<-QUERIES
		floor|-c ulid.uuidv7=off|SELECT count(*) FROM generate_series(1, $n);
		gen_ulid(), ulid.uuidv7 = off|-c ulid.uuidv7=off|SELECT count(gen_ulid()) FROM generate_series(1, $n);
		gen_ulid(), ulid.uuidv7 = on|-c ulid.uuidv7=on|SELECT count(gen_ulid()) FROM generate_series(1, $n);
		gen_random_ulid(), ulid.uuidv7 = off|-c ulid.uuidv7=off|SELECT count(gen_random_ulid()) FROM generate_series(1, $n);
		gen_random_ulid(), ulid.uuidv7 = on|-c ulid.uuidv7=on|SELECT count(gen_random_ulid()) FROM generate_series(1, $n);
		gen_monotonic_ulid(), ulid.uuidv7 = off|-c ulid.uuidv7=off|SELECT count(gen_monotonic_ulid()) FROM generate_series(1, $n);
		gen_monotonic_ulid(), ulid.uuidv7 = on|-c ulid.uuidv7=on|SELECT count(gen_monotonic_ulid()) FROM generate_series(1, $n);
		floor (table)|-c ulid.uuidv7=off|SELECT count(*) FROM cg;
		id::text (ulid_out)|-c ulid.uuidv7=off|SELECT count(id::text) FROM cg;
		ulid_to_typeid(id, 'user')|-c ulid.uuidv7=off|SELECT count(ulid_to_typeid(id, 'user')) FROM cg;
		t::ulid (ulid_in)|-c ulid.uuidv7=off|SELECT count(t::ulid) FROM cg;
		ulid_from_typeid(tid)|-c ulid.uuidv7=off|SELECT count(ulid_from_typeid(tid)) FROM cg;
		ulid_from_typeid(tid, 'user')|-c ulid.uuidv7=off|SELECT count(ulid_from_typeid(tid, 'user')) FROM cg;
	QUERIES
	if [ "$("$PG_CONFIG" --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')" -ge 18 ]; then
		echo "SELECT count(*) FROM generate_series(1, $n);" |
			as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$CLUSTER_DIR/callgrind.out" \
				"$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" -c jit=off postgres >/dev/null 2>&1
		floor=$(callgrind_annotate "$CLUSTER_DIR/callgrind.out" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		echo "SELECT count(pg_catalog.uuidv7()) FROM generate_series(1, $n);" |
			as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$CLUSTER_DIR/callgrind.out" \
				"$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" -c jit=off postgres >/dev/null 2>&1
		ir=$(callgrind_annotate "$CLUSTER_DIR/callgrind.out" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		rm -f "$CLUSTER_DIR/callgrind.out"
		echo "| core uuidv7() (no library loaded; its own floor) | $(( (ir - floor) / n )) |"
	fi
} >>"$out/uuidv7.md"
say "results in $out/uuidv7.md"
