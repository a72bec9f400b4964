#!/usr/bin/env bash
# Connect per request (an optional part of workload 10, not run by make
# bench): `pgbench -C`, one client, a new connection for every transaction,
# each transaction one query of bench/planning.sh's whole-connection cases
# (a lookup by key, or a join narrowed to one row; the same tables of
# 100,000 rows), against the same query over uuid alone.  Transactions per
# second are times, which move with the machine's load: the figures are
# medians of BENCH_ROUNDS (5) interleaved rounds of CONNECT_SECONDS (5)
# seconds per query, each round starting from a different query, with the
# lowest and highest round beside them; callgrind's counts in planning.md
# are the result to conclude from.
#
# BENCH_COMPARE_PG_CONFIG: a second server (another copy of PostgreSQL,
# with another version of the extension already installed into it, say
# 1.4 from a worktree of main) measured in the same rounds, interleaved
# with this one, so that the two versions are compared side by side.
# BENCH_SOURCE: the extension's tree to build and install into PG_CONFIG's
# server (default this checkout).  CLUSTER_PORT: the first server's port
# (the second takes the next one); default free ports.  Writes connect.md
# to OUT (bench_out: BENCH_OUT, else bench/results/local/DATE-connect).
#
# Usage: bench/connect.sh [OUT]

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

rounds=${BENCH_ROUNDS:-5}
secs=${CONNECT_SECONDS:-5}
out=$(bench_out "$(date -u +%Y-%m-%d)-connect" "${1:-}")
src=${BENCH_SOURCE:-$ULID_ROOT}

ensure_build_deps
build_and_install "$src"

# the servers: their pg_config, cluster folder and port (start_cluster's
# variables, kept for each)
configs=("$PG_CONFIG")
[ -z "${BENCH_COMPARE_PG_CONFIG:-}" ] || configs+=("$BENCH_COMPARE_PG_CONFIG")
dirs=()
ports=()
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
	port=${CLUSTER_PORT:+$((CLUSTER_PORT + i))}
	CLUSTER_PORT=$port start_cluster
	dirs+=("$CLUSTER_DIR")
	ports+=("$PGPORT")
done
PG_CONFIG=$main_config

key_uuid=$(psql -X -At -c "SELECT md5('4242')::uuid")
cases=(
	"uuid_pk_uuid|uuid key = uuid constant (baseline)|SELECT * FROM uuid_keyed WHERE id = '$key_uuid'::uuid"
	"uuid_pk_ulid|uuid key = ulid constant|SELECT * FROM uuid_keyed WHERE id = '$key_uuid'::uuid::ulid"
	"ulid_pk_ulid|ulid key = ulid constant|SELECT * FROM orders WHERE id = '$key_uuid'::uuid::ulid"
	"ulid_pk_uuid|ulid key = uuid constant|SELECT * FROM orders WHERE id = '$key_uuid'::uuid"
	"join_uuid_uuid|join notes (uuid) = uuid_keyed (uuid), one notes row (baseline)|SELECT * FROM notes n JOIN uuid_keyed k ON n.order_id = k.id WHERE n.id = 4242"
	"join_uuid_ulid|join notes (uuid) = orders (ulid), one notes row|SELECT * FROM notes n JOIN orders o ON n.order_id = o.id WHERE n.id = 4242"
)
declare -A baseline=([uuid_pk_uuid]=uuid_pk_uuid [uuid_pk_ulid]=uuid_pk_uuid [ulid_pk_ulid]=uuid_pk_uuid
	[ulid_pk_uuid]=uuid_pk_uuid [join_uuid_uuid]=join_uuid_uuid [join_uuid_ulid]=join_uuid_uuid)

versions=()
for i in "${!configs[@]}"; do
	PGHOST=${dirs[$i]} PGPORT=${ports[$i]} psql -X -q -v ON_ERROR_STOP=1 -f "$ULID_ROOT/bench/planning_tables.sql"
	versions+=("$(PGHOST=${dirs[$i]} PGPORT=${ports[$i]} psql -X -At -c \
		"SELECT extversion FROM pg_extension WHERE extname = 'ulid'")")
done
scripts=$(mktemp -d /tmp/ulid-connect.XXXXXX)
for c in "${cases[@]}"; do
	IFS='|' read -r name _ query <<<"$c"
	echo "$query" >"$scripts/$name.sql"
done

say "connect per request: $rounds rounds of ${#cases[@]} queries x ${#configs[@]} servers x $secs s"
raw=$scripts/raw.txt
: >"$raw"
n=${#cases[@]}
for ((r = 0; r < rounds; r++)); do
	for ((j = 0; j < n; j++)); do
		IFS='|' read -r name _ _ <<<"${cases[$(((r + j) % n))]}"
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
{
	echo "# Connect per request (\`bench/connect.sh\`): \`pgbench -C\`, one query a connection"
	echo
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%d),"
	echo "$("$PG_CONFIG" --version); $rounds interleaved rounds of $secs s per query and server, one client."
	echo "Transactions per second (each a new connection): the median, with the lowest and highest"
	echo "round; / baseline: the median to the same query's over uuid alone, on the same server. Times"
	echo "move with the machine's load; callgrind's counts (planning.md) are the result."
	for i in "${!configs[@]}"; do
		echo
		echo "ulid ${versions[$i]} ($(dirname "$(dirname "${configs[$i]}")"))"
		echo
		echo "| query | tps | lowest-highest | / baseline |"
		echo "|---|---:|---:|---:|"
		for c in "${cases[@]}"; do
			IFS='|' read -r name what _ <<<"$c"
			read -r m lo hi < <(stats "$i" "$name")
			read -r b _ _ < <(stats "$i" "${baseline[$name]}")
			echo "| $what | $m | $lo-$hi | $(awk -v a="$m" -v b="$b" 'BEGIN {printf "%.3f", a / b}') |"
		done
	done
	if [ ${#configs[@]} = 2 ]; then
		echo
		echo "ulid ${versions[0]} against ulid ${versions[1]}, the same query, from the same rounds:"
		echo
		echo "| query | tps ${versions[0]} / ${versions[1]} |"
		echo "|---|---:|"
		for c in "${cases[@]}"; do
			IFS='|' read -r name what _ <<<"$c"
			read -r a _ _ < <(stats 0 "$name")
			read -r b _ _ < <(stats 1 "$name")
			echo "| $what | $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f", a / b}') |"
		done
	fi
} >"$out/connect.md"
rm -rf "$scripts"
cat "$out/connect.md"
say "results in $out"
