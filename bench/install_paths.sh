#!/usr/bin/env bash
# Study: a fresh CREATE EXTENSION ulid through the newest version's full
# script ("full"), against ulid--1.0.sql and every update script after it
# ("chain", pg_cron's way, where no full script of the newest version
# exists).  The chain runs as CREATE EXTENSION ulid VERSION '1.0'; ALTER
# EXTENSION ulid UPDATE, in one query: the same scripts in the same order
# as a CREATE EXTENSION without the full script, through the same
# ApplyExtensionUpdates of the server.  That both give the same objects is
# t/007_update_path.pl's "1.0 updated to ... has the objects of a fresh ...".
# Prints, for each way:
# - the statements run: the scripts' own and those their DO blocks run
#   (pg_stat_statements, track = all, the statements below the top level);
# - the median of RUNS timed runs (psql's \timing), the two ways alternated
#   in one session, each run followed by DROP EXTENSION ulid;
# - the instructions (callgrind) of a single-user backend running RUNS / 10
#   CREATE and DROP pairs, less those of the same backend running as many
#   pairs of SELECT 1, over their number.
# Usage: bench/install_paths.sh [RUNS]   (default 50)

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

runs=${1:-50}
full="CREATE EXTENSION ulid"
chain="CREATE EXTENSION ulid VERSION '1.0'; ALTER EXTENSION ulid UPDATE"

ensure_build_deps
ensure_packages valgrind
build_and_install

trap stop_cluster EXIT
start_cluster
version=$(psql -X -At -c "$full" -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'" \
	-c "DROP EXTENSION ulid" | sed -n 2p)
say "$("$PG_CONFIG" --version), ulid $version; the chain from 1.0:" \
	"$(psql -X -At -c "SELECT path FROM pg_extension_update_paths('ulid') WHERE source = '1.0' AND target = '$version'")"

say "$runs timed runs each way, alternated"
{
	printf '%s\n' '\timing on'
	for i in $(seq "$runs"); do
		# full first in odd runs, chain first in even ones; \; sends the
		# chain's two statements as one query
		order="full chain"
		[ $((i % 2)) = 1 ] || order="chain full"
		for way in $order; do
			printf '\\echo @ %s\n%s;\n\\echo @\nDROP EXTENSION ulid;\n' "$way" "${!way/;/ \\;}"
		done
	done
} | psql -X -v ON_ERROR_STOP=1 2>&1 | awk '
	$1 == "@" { way = $2; next }
	way != "" && $1 == "Time:" { print way, $2 }' | sort -k1,1 -k2g |
	awk '{ t[$1, ++n[$1]] = $2 }
	END {
		for (w in n) { k = n[w]; m[w] = (k % 2) ? t[w, (k + 1) / 2] : (t[w, k / 2] + t[w, k / 2 + 1]) / 2 }
		printf "median: full %.2f ms, chain %.2f ms (%d runs each), chain / full %.2f\n", m["full"], m["chain"], n["full"], m["chain"] / m["full"]
	}'

# the server stopped, single-user backends on its data folder
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null
single() {	# statements on stdin, one a line; options after
	as_cluster_owner "$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" "$@" postgres 2>/dev/null
}
echo 'CREATE EXTENSION pg_stat_statements' | single >/dev/null
count="SELECT sum(calls) FROM pg_stat_statements WHERE NOT toplevel"
echo "statements run: $(for way in full chain; do
	printf '%s\n' "SELECT pg_stat_statements_reset()" "${!way}" "$count" "DROP EXTENSION ulid" |
		single -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all |
		sed -n "s/.*sum = \"\([0-9]*\)\".*/$way \1/p"
done | paste -sd, | sed 's/,/, /')"
echo 'DROP EXTENSION pg_stat_statements' | single >/dev/null

pairs=$(( (runs + 9) / 10 ))
instructions() {	# statement1 statement2
	local f=$CLUSTER_DIR/callgrind.out
	for _ in $(seq "$pairs"); do printf '%s\n' "$1" "$2"; done |
		as_cluster_owner valgrind --tool=callgrind --callgrind-out-file="$f" \
			"$("$PG_CONFIG" --bindir)/postgres" --single -D "$CLUSTER_DIR/data" postgres >/dev/null 2>&1
	sed -n 's/^summary: //p' "$f"
	rm -f "$f"
}
base=$(instructions 'SELECT 1' 'SELECT 1')
declare -A ir
for way in full chain; do
	ir[$way]=$(( ($(instructions "${!way}" 'DROP EXTENSION ulid') - base) / pairs ))
done
awk -v f="${ir[full]}" -v c="${ir[chain]}" -v n="$pairs" 'BEGIN {
	printf "instructions of a CREATE and DROP (%d pairs): full %d, chain %d, chain - full %d, chain / full %.2f\n", n, f, c, c - f, c / f
}'
