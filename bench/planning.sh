#!/usr/bin/env bash
# Workload 10: what planning a comparison between ulid and uuid costs, against
# the same query over uuid alone.  Counts instructions of standard_planner
# under callgrind in a single-user backend (counts, unlike times, do not move
# with the machine's load): EXPLAIN of each query run N2 times less the same
# run N1 times, over N2 - N1, is one planning with the caches filled, and the
# first planning of a backend is the N1 run less N1 - 1 times that figure.
# Tables of 100,000 rows, keys md5(i::text)::uuid: uuid_keyed (id uuid
# PRIMARY KEY), orders (id ulid PRIMARY KEY), notes (order_id uuid), items
# (order_id ulid).
#
# Then whole connections: the server itself runs under callgrind, and each
# connection (psql -c, over the Unix socket) runs one query, a lookup or a
# join narrowed to one notes row (so that its plan, not its 100,000 rows,
# is what it costs).  The postmaster's counters are zeroed
# (callgrind_control -z) just before each connection, so the backend's
# profile is the postmaster's accept and fork, then the backend from fork
# to exit; of it, standard_planner is the first planning in a real backend,
# and "parse, plan, run" the functions exec_simple_query calls for the
# query (pg_parse_query, pg_analyze_and_rewrite_fixedparams,
# pg_plan_queries, PortalStart, PortalRun).  One round runs every query
# first (it fills shared buffers and the relcache init file), then
# CONN_ROUNDS (3) rounds are counted and the median kept.  The same again
# with shared_preload_libraries = ulid, where the postmaster has loaded the
# library before it forks.
#
# With --pgbench, instead of the counts: connect per request (not run by
# make bench), `pgbench -C`, one client, a new connection for every
# transaction, each transaction one of the whole-connection queries.
# Transactions per second are times, which move with the machine's load:
# medians of BENCH_ROUNDS (5) interleaved rounds of CONNECT_SECONDS (5)
# seconds per query, each round starting from a different query, with the
# lowest and highest round beside them.  BENCH_COMPARE_PG_CONFIG: a second
# server (another copy of PostgreSQL, with another version of the extension
# already installed into it) measured in the same rounds, interleaved with
# this one, so that the two versions are compared side by side.
#
# Writes planning.md (connect.md with --pgbench), with each query's plan,
# to OUT (bench_out: BENCH_OUT, else bench/results/local/DATE-planning).
# BENCH_SOURCE: the extension's tree to build and measure (default this
# checkout; another version, say 1.4 from a worktree of main, measured by
# this script).  CLUSTER_PORT: the first server's port (a second takes the
# next one); default free ports.
#
# Usage: bench/planning.sh [--pgbench] [OUT]

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

pgbench=
[ "${1:-}" != --pgbench ] || { pgbench=1; shift; }
n1=10
n2=110
conn_rounds=${CONN_ROUNDS:-3}
out=$(bench_out "$(date -u +%Y-%m-%d)-planning" "${1:-}")
src=${BENCH_SOURCE:-$ULID_ROOT}

ensure_build_deps
[ -n "$pgbench" ] || ensure_packages valgrind
build_and_install "$src"

# the servers: their pg_config, cluster folder, port and extension version
configs=("$PG_CONFIG")
[ -z "$pgbench" ] || [ -z "${BENCH_COMPARE_PG_CONFIG:-}" ] || configs+=("$BENCH_COMPARE_PG_CONFIG")
dirs=()
ports=()
versions=()
stop_all() {
	local i
	for i in "${!dirs[@]}"; do
		PG_CONFIG=${configs[$i]} CLUSTER_DIR=${dirs[$i]} stop_cluster
	done
}
trap stop_all EXIT
main_config=$PG_CONFIG
CLUSTER_OPTS="-c jit=off"
for i in "${!configs[@]}"; do
	PG_CONFIG=${configs[$i]}
	CLUSTER_PORT=${CLUSTER_PORT:+$((CLUSTER_PORT + i))} start_cluster
	dirs+=("$CLUSTER_DIR")
	ports+=("$PGPORT")
	# 100,000 rows a table, keys md5(i::text)::uuid, as uuid and as ulid
	psql -X -q -v ON_ERROR_STOP=1 <<-'SQL'
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
	versions+=("$(psql -X -At -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'")")
done
PG_CONFIG=$main_config
CLUSTER_DIR=${dirs[0]}
export PGHOST=${dirs[0]} PGPORT=${ports[0]}
bindir=$("$PG_CONFIG" --bindir)
# the first lines of a report: its title, the machine, the server
header() {
	echo "# $1"
	echo
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%d),"
	echo "$("$PG_CONFIG" --version), ulid ${versions[0]} ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "$src"))."
}

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
# Each query of a whole connection: the same, the joins narrowed to one row
conn_cases=("${cases[@]:0:4}"
	"join_uuid_uuid|join_uuid_uuid|join notes (uuid) = uuid_keyed (uuid), one notes row (baseline)|SELECT * FROM notes n JOIN uuid_keyed k ON n.order_id = k.id WHERE n.id = 4242"
	"join_uuid_ulid|join_uuid_uuid|join notes (uuid) = orders (ulid), one notes row|SELECT * FROM notes n JOIN orders o ON n.order_id = o.id WHERE n.id = 4242"
	"join_ulid_ulid|join_uuid_uuid|join items (ulid) = orders (ulid), one items row|SELECT * FROM items i JOIN orders o ON i.order_id = o.id WHERE i.id = 4242"
)
plans=$(for c in "${cases[@]}" "${conn_cases[@]:4}"; do
	IFS='|' read -r _ _ _ query <<<"$c"
	echo "$query"
	psql -X -At -c "EXPLAIN (COSTS OFF) $query" | sed 's/^/    /'
done)

# --pgbench: the whole-connection queries by pgbench -C, interleaved
# across queries and servers
if [ -n "$pgbench" ]; then
	rounds=${BENCH_ROUNDS:-5}
	secs=${CONNECT_SECONDS:-5}
	scripts=$(mktemp -d /tmp/ulid-connect.XXXXXX)
	for c in "${conn_cases[@]}"; do
		IFS='|' read -r name _ _ query <<<"$c"
		echo "$query" >"$scripts/$name.sql"
	done
	say "connect per request: $rounds rounds of ${#conn_cases[@]} queries x ${#configs[@]} servers x $secs s"
	raw=$scripts/raw.txt
	: >"$raw"
	n=${#conn_cases[@]}
	for ((r = 0; r < rounds; r++)); do
		for ((j = 0; j < n; j++)); do
			IFS='|' read -r name _ <<<"${conn_cases[$(((r + j) % n))]}"
			for ((k = 0; k < ${#configs[@]}; k++)); do
				i=$(((r + k) % ${#configs[@]}))
				tps=$(PGHOST=${dirs[$i]} PGPORT=${ports[$i]} "$("${configs[$i]}" --bindir)/pgbench" \
					-n -C -c 1 -j 1 -T "$secs" -f "$scripts/$name.sql" postgres 2>&1 |
					awk '/^tps = / {print $3}')
				[ -n "$tps" ] || { say "pgbench gave no tps for $name" >&2; exit 1; }
				echo "$i $name $tps" >>"$raw"
			done
		done
	done
	# median, lowest and highest of server i's rounds of a query
	stats() {
		awk -v i="$1" -v q="$2" '$1 == i && $2 == q {print $3}' "$raw" | sort -g |
			awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
				printf "%.1f %.1f %.1f\n", m, v[1], v[NR]}'
	}
	ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }
	{
		header "Connect per request (\`bench/planning.sh --pgbench\`): \`pgbench -C\`, one query a connection"
		echo "$rounds interleaved rounds of $secs s per query and server, one client. Transactions per"
		echo "second (each a new connection): the median, with the lowest and highest round; / baseline:"
		echo "the median to the same query's over uuid alone, on the same server. Times move with the"
		echo "machine's load; callgrind's counts (planning.md) are the result."
		for i in "${!configs[@]}"; do
			echo
			echo "ulid ${versions[$i]} ($(dirname "$(dirname "${configs[$i]}")"))"
			echo
			echo "| query | tps | lowest-highest | / baseline |"
			echo "|---|---:|---:|---:|"
			for c in "${conn_cases[@]}"; do
				IFS='|' read -r name base what _ <<<"$c"
				read -r m lo hi < <(stats "$i" "$name")
				read -r b _ _ < <(stats "$i" "$base")
				echo "| $what | $m | $lo-$hi | $(ratio "$m" "$b") |"
			done
		done
		if [ ${#configs[@]} = 2 ]; then
			echo
			echo "ulid ${versions[0]} against ulid ${versions[1]}, the same query, from the same rounds:"
			echo
			echo "| query | tps ${versions[0]} / ${versions[1]} |"
			echo "|---|---:|"
			for c in "${conn_cases[@]}"; do
				IFS='|' read -r name _ what _ <<<"$c"
				read -r a _ _ < <(stats 0 "$name")
				read -r b _ _ < <(stats 1 "$name")
				echo "| $what | $(ratio "$a" "$b") |"
			done
		fi
		echo
		echo "Plans (\`EXPLAIN (COSTS OFF)\`):"
		echo
		echo "$plans" | sed 's/^/    /'
	} >"$out/connect.md"
	rm -rf "$scripts"
	cat "$out/connect.md"
	say "results in $out"
	exit 0
fi

# callgrind: the server stopped, a single-user backend on its data folder
as_cluster_owner "$bindir/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
say "workload 10: callgrind, standard_planner per query"
raw=$CLUSTER_DIR/raw.txt
for c in "${cases[@]}"; do
	IFS='|' read -r name _ _ query <<<"$c"
	for n in $n1 $n2; do
		f=$CLUSTER_DIR/callgrind.$name.$n
		for ((i = 0; i < n; i++)); do echo "EXPLAIN $query"; done |
			as_cluster_owner valgrind --tool=callgrind --toggle-collect=standard_planner \
				--callgrind-out-file="$f" "$bindir/postgres" --single \
				-D "$CLUSTER_DIR/data" -c jit=off postgres >/dev/null 2>&1
		total=$(callgrind_annotate "$f" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		echo "$name $n $total" >>"$raw"
	done
done

# Whole connections: the postmaster under callgrind, each backend's profile
# in a file of its own (callgrind follows fork; %p is the process id)
cg=$CLUSTER_DIR/connections
mkdir "$cg"
chown --reference="$CLUSTER_DIR" "$cg"
conn_raw=$CLUSTER_DIR/conn_raw.txt
: >"$conn_raw"
# one connection running QUERY; prints "total planning query" of its backend
count_connection() {
	local pm=$1 query=$2 before f
	before=$(ls "$cg")
	as_cluster_owner callgrind_control -z "$pm" >/dev/null 2>&1 || return 1
	psql -X -q -o /dev/null -c "$query"
	# the backend writes its profile as it exits, after psql has left
	for _ in $(seq 600); do
		f=$(comm -13 <(echo "$before") <(ls "$cg") | head -n 1)
		[ -n "$f" ] && grep -q '^totals:' "$cg/$f" && break
		f=
		sleep 0.1
	done
	[ -n "$f" ] || { say "no profile for: $query" >&2; return 1; }
	callgrind_annotate --inclusive=yes --threshold=100 "$cg/$f" | awk '
		{ gsub(",", "", $1) }
		/PROGRAM TOTALS/ { total = $1 }
		/:standard_planner / { plan = $1 }
		/:(pg_parse_query|pg_analyze_and_rewrite_fixedparams|pg_plan_queries|PortalStart|PortalRun) / { query += $1 }
		END { print total, plan, query }'
	rm -f "$cg/$f"
}
for preload in none ulid; do
	say "workload 10: callgrind, whole connections (shared_preload_libraries: $preload)"
	opts="-c listen_addresses= -k $CLUSTER_DIR -p $PGPORT -c jit=off -c autovacuum=off"
	[ "$preload" = none ] || opts+=" -c shared_preload_libraries=$preload"
	# shellcheck disable=SC2086 # opts: one word per setting
	as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$cg/callgrind.%p" \
		"$bindir/postgres" -D "$CLUSTER_DIR/data" $opts >"$CLUSTER_DIR/valgrind.log" 2>&1 &
	for _ in $(seq 600); do
		[ -s "$CLUSTER_DIR/data/postmaster.pid" ] && "$bindir/pg_isready" -q && break
		sleep 0.1
	done
	"$bindir/pg_isready" -q || { cat "$CLUSTER_DIR/valgrind.log"; exit 1; }
	pm=$(head -n 1 "$CLUSTER_DIR/data/postmaster.pid")
	# until the profiles of the start (the startup process, pg_isready's
	# connections) are all written: count_connection takes the next new one
	while n=$(ls "$cg" | wc -l); sleep 2; [ "$(ls "$cg" | wc -l)" != "$n" ]; do :; done
	for round in $(seq 0 "$conn_rounds"); do
		for c in "${conn_cases[@]}"; do
			IFS='|' read -r name _ _ query <<<"$c"
			counts=$(count_connection "$pm" "$query")
			[ "$round" = 0 ] || echo "$preload $name $round $counts" >>"$conn_raw"
		done
	done
	as_cluster_owner "$bindir/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
	wait
	rm -f "$cg"/callgrind.*
done

{
	header "Planning comparisons between ulid and uuid (workload 10, \`bench/planning.sh\`)"
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
	echo "Whole connections (\`psql -c <query>\` against the server run under callgrind): the"
	echo "instructions of the backend from the postmaster's accept to its exit, of its one query (parse,"
	echo "plan, run) and of that query's planning; the median of $conn_rounds rounds after one round that"
	echo "warms the caches; / baseline: to the same query over uuid alone."
	for preload in none ulid; do
		echo
		echo "shared_preload_libraries: $preload"
		echo
		echo "| query | connection | / baseline | parse, plan, run | / baseline | planning | / baseline |"
		echo "|---|---:|---:|---:|---:|---:|---:|"
		printf '%s\n' "${conn_cases[@]}" | awk -F'|' -v p="$preload" -v raw="$conn_raw" '
			function median(k, i,   n, v, j, t) {
				n = split(vals[k, i], v, " ")
				for (j = 2; j <= n; j++) for (t = j; t > 1 && v[t - 1] + 0 > v[t] + 0; t--) {
					x = v[t]; v[t] = v[t - 1]; v[t - 1] = x }
				return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
			BEGIN { while ((getline l < raw) > 0) { split(l, f, " ")
				if (f[1] != p) continue
				for (i = 1; i <= 3; i++) vals[f[2], i] = vals[f[2], i] " " f[3 + i] } }
			{ q[NR] = $1; b[$1] = $2; d[$1] = $3 }
			END { for (r = 1; r <= NR; r++) { k = q[r]
				printf "| %s |", d[k]
				for (j = 1; j <= 3; j++) { i = substr("132", j, 1)
					printf " %d | %.3f |", median(k, i), median(k, i) / median(b[k], i) }
				printf "\n" } }'
	done
	echo
	echo "Plans (\`EXPLAIN (COSTS OFF)\`):"
	echo
	echo "$plans" | sed 's/^/    /'
} >"$out/planning.md"
cat "$out/planning.md"
say "results in $out"
