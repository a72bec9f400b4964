#!/usr/bin/env bash
# What btree skip support (1.0 and 1.1 on PostgreSQL 18+) did for skip scans
# over a ulid column, measured side by side: a database at 1.1, which has it,
# and one at the newest version, which has none.  For each, an index on
# (id, k) and a query on k alone, over 2000 distinct generated ULIDs and over
# 2000 consecutive 128-bit integers, 500 rows each: index searches and
# buffers from one run, then the median execution time of interleaved runs.
#
# Needs a running PostgreSQL 18 or later (PGHOST, PGPORT, PGUSER) with ulid
# installed.  Usage: bench/skip_support.sh [rounds]   (default 15)

set -euo pipefail
rounds=${1:-15}
psql_q() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -v ON_ERROR_STOP=1 "$@"; }

setup="
CREATE TABLE generated (id ulid, k int4);
INSERT INTO generated SELECT g.id, k
FROM (SELECT gen_ulid() AS id FROM generate_series(1, 2000)) g, generate_series(1, 500) k;
CREATE INDEX ON generated (id, k);
CREATE TABLE consecutive (id ulid, k int4);
INSERT INTO consecutive SELECT decode(lpad(to_hex(i), 32, '0'), 'hex')::ulid, k
FROM generate_series(1, 2000) i, generate_series(1, 500) k;
CREATE INDEX ON consecutive (id, k);
VACUUM ANALYZE generated, consecutive;"
force_index="SET enable_seqscan = off; SET enable_bitmapscan = off;"

for db in skip_1_1 skip_newest; do
	psql_q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
done
psql_q -d skip_1_1 -c "CREATE EXTENSION ulid VERSION '1.1'" -f - <<<"$setup"
psql_q -d skip_newest -c "CREATE EXTENSION ulid" -f - <<<"$setup"

times=$(mktemp)
trap 'rm -f "$times"; for db in skip_1_1 skip_newest; do psql_q -d postgres -c "DROP DATABASE IF EXISTS $db"; done' EXIT

echo "database | support 6 | table | index searches | buffers"
for db in skip_1_1 skip_newest; do
	support=$(psql -X -At -d "$db" -c "SELECT count(*) FROM pg_amproc WHERE amprocnum = 6 AND amproclefttype = 'ulid'::regtype")
	for table in generated consecutive; do
		plan=$(psql -X -At -d "$db" -c "$force_index" \
			-c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM $table WHERE k = 7")
		echo "$db | $support | $table | $(echo "$plan" | sed -n 's/.*Index Searches: //p' | head -n 1) | $(echo "$plan" | sed -n 's/.*Buffers: //p' | head -n 1)"
	done
done

for ((r = 0; r < rounds; r++)); do
	for db in skip_1_1 skip_newest; do
		for table in generated consecutive; do
			ms=$(psql -X -At -d "$db" -c "$force_index" \
				-c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT count(*) FROM $table WHERE k = 7" |
				sed -n 's/^Execution Time: \(.*\) ms$/\1/p')
			echo "$db $table $ms" >>"$times"
		done
	done
done

echo
echo "table | 1.1 median ms | newest median ms | newest / 1.1   ($rounds interleaved rounds)"
for table in generated consecutive; do
	awk -v t="$table" '
		function median(a, n,   i, j, x) {
			for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		$2 == t && $1 == "skip_1_1" { old[++no] = $3 }
		$2 == t && $1 == "skip_newest" { cur[++nc] = $3 }
		END { mo = median(old, no); mc = median(cur, nc); printf "%s | %.2f | %.2f | %.2f\n", t, mo, mc, mc / mo }' "$times"
done
