#!/usr/bin/env bash
# ulid's GiST operator class (ulid_ops) against btree_gist's gist_uuid_ops
# on the same values: N ULIDs from gen_ulid(), indexed once as ulid and
# once as uuid (id::uuid, the same 16 bytes), each in a table of its own.
# Three ways to make each index:
#   build     CREATE INDEX on the filled table (a sorted build where the
#             class has sort support: ulid_ops always, gist_uuid_ops from
#             btree_gist 1.8, which PostgreSQL 18 ships)
#   ordered   CREATE INDEX on the empty table, then INSERT in gen_ulid()
#             order (page splits: penalty and picksplit)
#   shuffled  the same with the rows in a fixed shuffled order
# For each: the time to make it, its size (pg_relation_size), and the time
# of P point lookups of stored values in one query (a nested loop of index
# scans; EXPLAIN ANALYZE's execution time, TIMING OFF).  Every measurement
# runs BENCH_ROUNDS times, ours and theirs interleaved, starting with each
# in turn; the report gives medians and ours / theirs.
#
# Builds and installs the extension into the server PG_CONFIG names, which
# must have btree_gist, and runs a throwaway cluster (jit off, and 1GB of
# shared buffers: at 1M rows the tables and indexes take about 0.8 GB).  Writes
# gist.txt (raw) and gist.md (report) to BENCH_OUT if set; else to
# bench/results/DATE-gist-pgNN with BENCH_RECORD=1, to be committed; else
# to bench/results/local/DATE-gist-pgNN, which git ignores.
#
# Usage: bench/gist.sh    BENCH_ROWS (1000000), BENCH_PROBES (10000) and
# BENCH_ROUNDS (5) shorten a trial.

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

rows=${BENCH_ROWS:-1000000}
probes=${BENCH_PROBES:-10000}
rounds=${BENCH_ROUNDS:-5}
name="$(date -u +%Y-%m-%d)-gist-pg$PG_MAJOR"
out=$(bench_out "$name")

ensure_build_deps
build_and_install
if ! [ -f "$("$PG_CONFIG" --sharedir)/extension/btree_gist.control" ]; then
	say "$PG_CONFIG has no btree_gist to compare with" >&2
	exit 1
fi

trap stop_cluster EXIT
CLUSTER_OPTS="-c jit=off -c shared_buffers=1GB"
start_cluster

q() { PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d postgres "$@"; }
# the milliseconds of the last of the statements, run in one session
time_ms() {
	{
		echo '\timing on'
		printf '%s;\n' "$@"
	} | q | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n 1
}

# side: name, column type, operator class
declare -A type=([ours]=ulid [theirs]=uuid)
declare -A opclass=([ours]=ulid_ops [theirs]=gist_uuid_ops)

say "$rows rows, $probes lookups, $rounds rounds"
q <<SQL
CREATE EXTENSION ulid;
CREATE EXTENSION btree_gist;
CREATE TABLE src (ord int4, id ulid);
INSERT INTO src SELECT g, gen_ulid() FROM generate_series(1, $rows) AS g;
-- a fixed shuffle, the same for both sides
CREATE TABLE shuf AS SELECT row_number() OVER (ORDER BY md5(ord::text)) AS ord, id FROM src;
CREATE TABLE probe AS SELECT id AS pid, id::uuid AS pu FROM src ORDER BY md5('p' || ord) LIMIT $probes;
VACUUM ANALYZE src, shuf, probe;
SQL

raw=$out/gist.txt
{
	echo "# $(q -At -c 'SELECT version()')"
	echo "# $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "# rows=$rows probes=$probes rounds=$rounds"
	echo "# btree_gist $(q -At -c "SELECT extversion FROM pg_extension WHERE extname = 'btree_gist'")"
	echo "# columns: round how side measure value (round 0: warm-up)"
} >"$raw"

# makes table HOW_SIDE with its GiST index, timed, and records time and size
make_index() {
	local round=$1 how=$2 side=$3 t="${2}_$3" ms
	local col="k ${type[$side]}" idx="CREATE INDEX ${t}_idx ON $t USING gist (k ${opclass[$side]})"
	local cast=""
	[ "$side" = theirs ] && cast="::uuid"
	case $how in
	build)
		q -c "DROP TABLE IF EXISTS $t" -c "CREATE TABLE $t ($col)" \
			-c "INSERT INTO $t SELECT id$cast FROM src ORDER BY ord" -c "VACUUM $t"
		ms=$(time_ms "CHECKPOINT" "$idx")
		;;
	ordered | shuffled)
		local from=src
		[ "$how" = shuffled ] && from=shuf
		q -c "DROP TABLE IF EXISTS $t" -c "CREATE TABLE $t ($col)" -c "$idx"
		ms=$(time_ms "CHECKPOINT" "INSERT INTO $t SELECT id$cast FROM $from ORDER BY ord")
		q -c "VACUUM $t"
		;;
	esac
	echo "$round $how $side make_ms $ms" >>"$raw"
	echo "$round $how $side size_bytes $(q -At -c "SELECT pg_relation_size('${t}_idx')")" >>"$raw"
}

# P lookups through the index of table HOW_SIDE, in one query
lookup() {
	local round=$1 how=$2 side=$3 t="${2}_$3" key=pid plan
	[ "$side" = theirs ] && key=pu
	plan=$(q -At -c "SET enable_hashjoin = off" -c "SET enable_mergejoin = off" \
		-c "SET enable_bitmapscan = off" -c "SET enable_seqscan = off" \
		-c "EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF) SELECT count(*) FROM probe JOIN $t ON k = $key")
	if ! grep -q "Index.*Scan using ${t}_idx" <<<"$plan"; then
		say "the lookups on $t used no index scan of ${t}_idx:" >&2
		echo "$plan" >&2
		exit 1
	fi
	echo "$round $how $side lookup_ms $(sed -n 's/^Execution Time: \(.*\) ms$/\1/p' <<<"$plan")" >>"$raw"
}

for ((r = 1; r <= rounds; r++)); do
	# ours first in odd rounds, theirs first in even ones
	sides="ours theirs"
	[ $((r % 2)) -eq 0 ] && sides="theirs ours"
	for how in build ordered shuffled; do
		for side in $sides; do
			say "round $r: $how, $side"
			make_index "$r" "$how" "$side"
		done
	done
done

# every lookup finds each probe once; then the timed rounds, after a warm-up
for how in build ordered shuffled; do
	for side in ours theirs; do
		key=pid
		[ "$side" = theirs ] && key=pu
		found=$(q -At -c "SELECT count(*) FROM probe JOIN ${how}_$side ON k = $key")
		if [ "$found" != "$probes" ]; then
			say "${how}_$side: $found of $probes probes found" >&2
			exit 1
		fi
		lookup 0 "$how" "$side"
	done
done
for ((r = 1; r <= rounds; r++)); do
	sides="ours theirs"
	[ $((r % 2)) -eq 0 ] && sides="theirs ours"
	for how in build ordered shuffled; do
		for side in $sides; do
			lookup "$r" "$how" "$side"
		done
	done
done

# medians of rounds 1.. (round 0 is the warm-up), ours / theirs
awk -v rows="$rows" -v probes="$probes" -v rounds="$rounds" '
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	/^# columns/ { next }
	/^#/ { sub(/^# /, ""); head = head "- " $0 "\n"; next }
	$1 > 0 { k = $2 SUBSEP $3 SUBSEP $4; v[k, ++n[k]] = $5 }
	END {
		printf "# ulid_ops against gist_uuid_ops\n\n%s\n", head
		printf "Medians of %d rounds; ratio = ours / theirs (below 1: ours is smaller or faster).\n\n", rounds
		printf "| index made by | measure | ulid_ops | gist_uuid_ops | ratio |\n| --- | --- | --- | --- | --- |\n"
		split("build ordered shuffled", hows, " ")
		split("make_ms size_bytes lookup_ms", measures, " ")
		for (h = 1; h <= 3; h++)
			for (m = 1; m <= 3; m++) {
				for (s = 1; s <= 2; s++) {
					side = s == 1 ? "ours" : "theirs"
					k = hows[h] SUBSEP side SUBSEP measures[m]
					delete a
					for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
					med[s] = median(a, n[k])
				}
				fmt = measures[m] == "size_bytes" ? "%d" : "%.1f"
				printf "| %s | %s | " fmt " | " fmt " | %.3f |\n", hows[h], measures[m], med[1], med[2], med[1] / med[2]
			}
	}' "$raw" >"$out/gist.md"
cat "$out/gist.md"
say "results in $out"
