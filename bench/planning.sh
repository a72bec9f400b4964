#!/usr/bin/env bash
# Workload 10: what planning a comparison between ulid and uuid costs, against
# the same query over uuid alone.  Counts instructions of standard_planner
# under callgrind in a single-user backend (counts, unlike times, do not move
# with the machine's load): EXPLAIN of each query run N2 times less the same
# run N1 times, over N2 - N1, is one planning with the caches filled, and the
# first planning of a backend is the N1 run less N1 - 1 times that figure.
# Tables of 100,000 rows, keys md5(i::text)::uuid: uuid_keyed (id uuid
# PRIMARY KEY), orders (id ulid PRIMARY KEY), notes (order_id uuid), items
# (order_id ulid).  Writes planning.md, with each query's plan, to OUT
# (bench_out: BENCH_OUT, else bench/results/local/DATE-planning).
#
# Usage: bench/planning.sh [OUT]

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

n1=10
n2=110
out=$(bench_out "$(date -u +%Y-%m-%d)-planning" "${1:-}")

ensure_build_deps
ensure_packages valgrind
build_and_install

trap stop_cluster EXIT
CLUSTER_OPTS="-c jit=off"
start_cluster
psql -X -q -v ON_ERROR_STOP=1 <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION ulid;
CREATE TABLE uuid_keyed (id uuid PRIMARY KEY, v int4);
INSERT INTO uuid_keyed SELECT md5(i::text)::uuid, i FROM generate_series(1, 100000) i;
CREATE TABLE orders (id ulid PRIMARY KEY, v int4);
INSERT INTO orders SELECT md5(i::text)::uuid::ulid, i FROM generate_series(1, 100000) i;
CREATE TABLE notes (id int4 PRIMARY KEY, order_id uuid);
INSERT INTO notes SELECT i, md5((1 + i % 100000)::text)::uuid FROM generate_series(1, 100000) i;
CREATE TABLE items (id int4 PRIMARY KEY, order_id ulid);
INSERT INTO items SELECT id, order_id::ulid FROM notes;
VACUUM ANALYZE;
SQL
version=$(psql -X -At -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'")

key_uuid=$(psql -X -At -c "SELECT md5('4242')::uuid")
key_ulid=$(psql -X -At -c "SELECT md5('4242')::uuid::ulid")
# Each case: its name, its baseline (the same query over uuid alone), what it
# compares, and the query
cases=(
	"uuid_pk_uuid|uuid_pk_uuid|uuid key = uuid constant (baseline)|SELECT * FROM uuid_keyed WHERE id = '$key_uuid'::uuid"
	"uuid_pk_ulid|uuid_pk_uuid|uuid key = ulid constant|SELECT * FROM uuid_keyed WHERE id = '$key_ulid'::ulid"
	"ulid_pk_ulid|uuid_pk_uuid|ulid key = ulid constant|SELECT * FROM orders WHERE id = '$key_ulid'::ulid"
	"ulid_pk_uuid|uuid_pk_uuid|ulid key = uuid constant|SELECT * FROM orders WHERE id = '$key_uuid'::uuid"
	"join_uuid_uuid|join_uuid_uuid|join notes.order_id (uuid) = uuid_keyed.id (uuid) (baseline)|SELECT * FROM notes n JOIN uuid_keyed k ON n.order_id = k.id"
	"join_uuid_ulid|join_uuid_uuid|join notes.order_id (uuid) = orders.id (ulid)|SELECT * FROM notes n JOIN orders o ON n.order_id = o.id"
	"join_ulid_ulid|join_uuid_uuid|join items.order_id (ulid) = orders.id (ulid)|SELECT * FROM items i JOIN orders o ON i.order_id = o.id"
)
plans=$(for c in "${cases[@]}"; do
	IFS='|' read -r _ _ _ query <<<"$c"
	echo "$query"
	psql -X -At -c "EXPLAIN (COSTS OFF) $query" | sed 's/^/    /'
done)

# callgrind: the server stopped, a single-user backend on its data folder
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
say "workload 10: callgrind, standard_planner per query"
raw=$CLUSTER_DIR/raw.txt
for c in "${cases[@]}"; do
	IFS='|' read -r name _ _ query <<<"$c"
	for n in $n1 $n2; do
		f=$CLUSTER_DIR/callgrind.$name.$n
		for ((i = 0; i < n; i++)); do echo "EXPLAIN $query"; done |
			as_cluster_owner valgrind --tool=callgrind --toggle-collect=standard_planner \
				--callgrind-out-file="$f" "$("$PG_CONFIG" --bindir)/postgres" --single \
				-D "$CLUSTER_DIR/data" -c jit=off postgres >/dev/null 2>&1
		total=$(callgrind_annotate "$f" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		echo "$name $n $total" >>"$raw"
	done
done

{
	echo "# Planning comparisons between ulid and uuid (workload 10, \`bench/planning.sh\`)"
	echo
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%d),"
	echo "$("$PG_CONFIG" --version), ulid $version ($(git -C "$ULID_ROOT" rev-parse --short HEAD))."
	echo
	echo "Instructions of standard_planner: one planning (\`EXPLAIN <query>\` $n2 times less $n1 times, over"
	echo "$((n2 - n1))) and the first planning of a backend; / baseline: to the same query over uuid alone."
	echo
	echo "| query | one planning | / baseline | first planning | / baseline |"
	echo "|---|---:|---:|---:|---:|"
	printf '%s\n' "${cases[@]}" | awk -F'|' -v n1=$n1 -v n2=$n2 -v raw="$raw" '
		BEGIN { while ((getline l < raw) > 0) { split(l, f, " "); ir[f[1], f[2]] = f[3] } }
		{ q[NR] = $1; b[$1] = $2; d[$1] = $3
		  per[$1] = (ir[$1, n2] - ir[$1, n1]) / (n2 - n1)
		  first[$1] = ir[$1, n1] - (n1 - 1) * per[$1] }
		END { for (i = 1; i <= NR; i++) { k = q[i]
			printf "| %s | %d | %.3f | %d | %.3f |\n", d[k], per[k], per[k] / per[b[k]],
				first[k], first[k] / first[b[k]] } }'
	echo
	echo "Plans (\`EXPLAIN (COSTS OFF)\`):"
	echo
	echo "$plans" | sed 's/^/    /'
} >"$out/planning.md"
cat "$out/planning.md"
say "results in $out"
