#!/usr/bin/env bash
# Workload 10: what planning a comparison between ulid and uuid costs, an old
# version of the extension (PLANNING_OLD, default 78d4aef, the last commit of
# 1.3, whose cross-type comparisons had a SupportRequestIndexCondition
# function) beside the checkout (1.4 and later: SupportRequestSimplify turns
# them into uuid's own operator), in one run.
#
# Each version gets a private copy of the server named by PG_CONFIG (its
# installation is relocatable), with no other build of ulid in it, and a
# cluster of its own holding the same rows:
#   uuid_keyed (id uuid PRIMARY KEY), orders (id ulid PRIMARY KEY),
#   notes (order_id uuid), items (order_id ulid), 100,000 rows each, the
#   keys md5(i::text)::uuid.
# Queries: a point lookup on each key with a constant of either type, notes
# joined to each table on order_id, and items joined to orders.
#   1. instructions of standard_planner per query (callgrind, a single-user
#      backend): the EXPLAIN run N2 times minus the same run N1 times,
#      divided by N2 - N1, so that the first planning of a session, which
#      fills the caches, cancels out; the part of it spent in ulid's
#      support functions; and that first planning, the N1 run less N1 - 1
#      times the figure.
#   2. pgbench time per transaction (1e6 / tps; -n -M simple, one client,
#      so every transaction is parsed and planned): "EXPLAIN SELECT ..."
#      (parsing and planning, no execution) and "SELECT ..." (the whole
#      point lookup), medians of PLANNING_ROUNDS rounds of PLANNING_SECONDS
#      each, the two versions interleaved, taking turns to go first
#      (PLANNING_ROUNDS=0: none).
# Writes planning.md (the report), planning_plans.txt (each query's plan
# under each version) and planning_raw.txt (every round) to OUT (bench_out:
# BENCH_OUT, else bench/results/local/DATE-planning, or
# bench/results/DATE-planning with BENCH_RECORD=1).
#
# Usage: bench/planning.sh [OUT]
#   PLANNING_OLD=<commit> PLANNING_ROUNDS=7 PLANNING_SECONDS=4
#   PLANNING_KEEP=1 keeps the clusters and callgrind files in /tmp/ulid-planning.*

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

old=${PLANNING_OLD:-78d4aef}
rounds=${PLANNING_ROUNDS:-7}
seconds=${PLANNING_SECONDS:-4}
n1=10
n2=110
if [ $# -gt 0 ]; then
	mkdir -p "$1"
	out=$(cd "$1" && pwd)
else
	out=$(bench_out "$(date -u +%Y-%m-%d)-planning")
fi

ensure_build_deps
ensure_packages valgrind

work=$(mktemp -d /tmp/ulid-planning.XXXXXX)
chmod 755 "$work"
declare -A port dir bindir
cleanup() {
	local v
	for v in old new; do
		if [ -n "${dir[$v]:-}" ] && [ -e "${dir[$v]}/data/postmaster.pid" ]; then
			(cd "$work" && "${RUN_AS[@]}" "${bindir[$v]}/pg_ctl" -D "${dir[$v]}/data" -m fast -w stop >/dev/null 2>&1) || true
		fi
	done
	if [ "${PLANNING_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
RUN_AS=()
[ "$(id -u)" -eq 0 ] && RUN_AS=(runuser -u postgres --)
as_owner() { (cd "$work" && "${RUN_AS[@]}" "$@"); }

# A copy of the server's installation under $1, as PG_CONFIG's paths lie
copy_server() {
	local dest=$1 d
	for d in "$("$PG_CONFIG" --bindir)/.." "$("$PG_CONFIG" --sharedir)" \
		"$("$PG_CONFIG" --pkglibdir)" "$("$PG_CONFIG" --includedir)"; do
		d=$(readlink -f "$d")
		[ -e "$dest$d" ] && continue
		mkdir -p "$dest$(dirname "$d")"
		cp -a "$d" "$dest$d"
	done
}

# Sources of each version: the old commit, and the checkout as it is
mkdir -p "$work/src-old" "$work/src-new"
git -C "$ULID_ROOT" archive "$old" | tar xf - -C "$work/src-old"
(cd "$ULID_ROOT" && git ls-files -co --exclude-standard | tar cf - -T -) | tar xf - -C "$work/src-new"
label_old="$old ($(sed -n "s/^default_version = '\(.*\)'/\1/p" "$work/src-old/ulid.control"))"
label_new="$(git -C "$ULID_ROOT" rev-parse --short HEAD)$(git -C "$ULID_ROOT" diff --quiet HEAD -- src '*.sql' || echo '+changes') ($(sed -n "s/^default_version = '\(.*\)'/\1/p" "$work/src-new/ulid.control"))"

for v in old new; do
	say "server copy and build of $v"
	copy_server "$work/srv-$v"
	pgc="$work/srv-$v$(readlink -f "$("$PG_CONFIG" --bindir)")/pg_config"
	rm -f "$("$pgc" --sharedir)"/extension/ulid[.-]* "$("$pgc" --pkglibdir)"/ulid.so
	make -C "$work/src-$v" -s PG_CONFIG="$pgc" with_llvm=no >/dev/null
	make -C "$work/src-$v" -s PG_CONFIG="$pgc" with_llvm=no install >/dev/null
	bindir[$v]=$("$pgc" --bindir)
	dir[$v]=$work/cluster-$v
	mkdir -p "${dir[$v]}"
	[ "$(id -u)" -eq 0 ] && chown postgres: "${dir[$v]}"
	as_owner "${bindir[$v]}/initdb" -D "${dir[$v]}/data" -U postgres --auth=trust --no-locale -E UTF8 >"$work/initdb-$v.log"
	port[$v]=$(free_port)
	as_owner "${bindir[$v]}/pg_ctl" -D "${dir[$v]}/data" -l "${dir[$v]}/server.log" -w \
		-o "-c listen_addresses='' -k ${dir[$v]} -p ${port[$v]} -c jit=off" start >/dev/null
done

sql() { local v=$1; shift; "${bindir[$v]}/psql" -X -q -At -v ON_ERROR_STOP=1 -h "${dir[$v]}" -p "${port[$v]}" -U postgres -d postgres "$@"; }

for v in old new; do
	sql "$v" <<'EOF'
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
EOF
done
label_old="$label_old, extension $(sql old -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'")"
label_new="$label_new, extension $(sql new -c "SELECT extversion FROM pg_extension WHERE extname = 'ulid'")"

# One key, as each type's text
key_uuid=$(sql new -c "SELECT md5('4242')::uuid")
key_ulid=$(sql new -c "SELECT md5('4242')::uuid::ulid")
# Each query: its name, the name of its baseline (the same query over uuid
# alone), and what it compares
names=(uuid_pk_uuid uuid_pk_ulid ulid_pk_ulid ulid_pk_uuid join_uuid_uuid join_uuid_ulid join_ulid_ulid)
declare -A query desc base
query[uuid_pk_uuid]="SELECT * FROM uuid_keyed WHERE id = '$key_uuid'::uuid"
query[uuid_pk_ulid]="SELECT * FROM uuid_keyed WHERE id = '$key_ulid'::ulid"
query[ulid_pk_ulid]="SELECT * FROM orders WHERE id = '$key_ulid'::ulid"
query[ulid_pk_uuid]="SELECT * FROM orders WHERE id = '$key_uuid'::uuid"
query[join_uuid_uuid]="SELECT * FROM notes n JOIN uuid_keyed k ON n.order_id = k.id"
query[join_uuid_ulid]="SELECT * FROM notes n JOIN orders o ON n.order_id = o.id"
query[join_ulid_ulid]="SELECT * FROM items i JOIN orders o ON i.order_id = o.id"
desc[uuid_pk_uuid]="uuid key = uuid constant (baseline)"
desc[uuid_pk_ulid]="uuid key = ulid constant"
desc[ulid_pk_ulid]="ulid key = ulid constant"
desc[ulid_pk_uuid]="ulid key = uuid constant"
desc[join_uuid_uuid]="join notes.order_id (uuid) = uuid_keyed.id (uuid) (baseline)"
desc[join_uuid_ulid]="join notes.order_id (uuid) = orders.id (ulid)"
desc[join_ulid_ulid]="join items.order_id (ulid) = orders.id (ulid)"
for q in "${names[@]}"; do
	case $q in join_*) base[$q]=join_uuid_uuid ;; *) base[$q]=uuid_pk_uuid ;; esac
	echo "case $q ${base[$q]} ${desc[$q]}" >>"$work/cases.txt"
done

{
	for q in "${names[@]}"; do
		for v in old new; do
			echo "== $q, $v: ${query[$q]}"
			sql "$v" -c "EXPLAIN (COSTS OFF) ${query[$q]}"
		done
	done
} >"$out/planning_plans.txt"

# 2. pgbench, both servers up, interleaved
: >"$out/planning_raw.txt"
pgb_cases=(uuid_pk_uuid uuid_pk_ulid ulid_pk_ulid)
for q in "${pgb_cases[@]}"; do
	echo "EXPLAIN ${query[$q]};" >"$work/plan-$q.sql"
	echo "${query[$q]};" >"$work/lookup-$q.sql"
done
chmod 644 "$work"/*.sql
say "pgbench: $rounds rounds of $seconds s per query, kind and version"
for ((r = 0; r < rounds; r++)); do
	order=(old new)
	((r % 2)) && order=(new old)
	for q in "${pgb_cases[@]}"; do
		for kind in plan lookup; do
			for v in "${order[@]}"; do
				lat=$("${bindir[$v]}/pgbench" -n -M simple -c 1 -T "$seconds" -h "${dir[$v]}" -p "${port[$v]}" \
					-U postgres -f "$work/$kind-$q.sql" postgres 2>/dev/null |
					sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' |
					awk '{printf "%.2f", 1e6 / $1}')
				echo "pgbench $q $kind $v $r $lat" >>"$out/planning_raw.txt"
			done
		done
	done
done

# 1. callgrind: the servers stopped, a single-user backend on each data folder
for v in old new; do
	as_owner "${bindir[$v]}/pg_ctl" -D "${dir[$v]}/data" -m fast -w stop >/dev/null
done
say "callgrind: standard_planner per query"
for q in "${names[@]}"; do
	for v in old new; do
		for n in $n1 $n2; do
			f="${dir[$v]}/callgrind.$q.$n"
			for ((i = 0; i < n; i++)); do echo "EXPLAIN ${query[$q]}"; done |
				as_owner valgrind --tool=callgrind --toggle-collect=standard_planner \
					--callgrind-out-file="$f" \
					"${bindir[$v]}/postgres" --single -D "${dir[$v]}/data" -c jit=off postgres >/dev/null 2>&1
			total=$(callgrind_annotate "$f" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
			# ulid's support functions, inclusive of what they call
			support=$(callgrind_annotate --inclusive=yes --threshold=100 "$f" |
				awk '/ulid_uuid_([a-z]+_)?support/ {gsub(",", "", $1); s += $1} END {print s + 0}')
			echo "callgrind $q $v $n $total $support" >>"$out/planning_raw.txt"
			[ "${PLANNING_KEEP:-0}" = 1 ] || rm -f "$f"
		done
	done
done

{
	echo "# Planning comparisons between ulid and uuid (workload 10, \`bench/planning.sh\`)"
	echo
	echo "$(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(date -u +%Y-%m-%d), $("$PG_CONFIG" --version),"
	echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)."
	echo "old: $label_old; new: $label_new."
	echo "Tables of 100,000 rows, keys \`md5(i::text)::uuid\`; plans in planning_plans.txt."
	echo
	echo "## Instructions of standard_planner per query (callgrind)"
	echo
	echo "\`EXPLAIN <query>\` run $n2 times minus $n1 times in a single-user backend, over $((n2 - n1));"
	echo "support: the part in ulid's support functions; / baseline: to the same query over uuid alone,"
	echo "same version."
	echo
	echo "| query | old | old support | old / baseline | new | new support | new / baseline | new / old |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	awk -v n1=$n1 -v n2=$n2 '
		$1 == "case" { q[++nq] = $2; b[$2] = $3; d = $0; sub(/^case [^ ]* [^ ]* /, "", d); desc[$2] = d; next }
		$1 == "callgrind" { ir[$2, $3, $4] = $5; sup[$2, $3, $4] = $6 }
		END {
			for (i = 1; i <= nq; i++)
				for (j = 1; j <= 2; j++) {
					v = j == 1 ? "old" : "new"
					per[q[i], v] = (ir[q[i], v, n2] - ir[q[i], v, n1]) / (n2 - n1)
					ps[q[i], v] = (sup[q[i], v, n2] - sup[q[i], v, n1]) / (n2 - n1)
					first[q[i], v] = ir[q[i], v, n1] - (n1 - 1) * per[q[i], v]
				}
			for (i = 1; i <= nq; i++)
				printf "| %s | %d | %d | %.3f | %d | %d | %.3f | %.3f |\n", desc[q[i]],
					per[q[i], "old"], ps[q[i], "old"], per[q[i], "old"] / per[b[q[i]], "old"],
					per[q[i], "new"], ps[q[i], "new"], per[q[i], "new"] / per[b[q[i]], "new"],
					per[q[i], "new"] / per[q[i], "old"]
			print ""
			print "The first planning in a new backend, its caches empty: the " n1 " run minus " n1 - 1 " times the"
			print "figure above; extra: over the baseline of the same version."
			print ""
			print "| query | old | old extra | new | new extra |"
			print "|---|---:|---:|---:|---:|"
			for (i = 1; i <= nq; i++)
				printf "| %s | %d | %d | %d | %d |\n", desc[q[i]],
					first[q[i], "old"], first[q[i], "old"] - first[b[q[i]], "old"],
					first[q[i], "new"], first[q[i], "new"] - first[b[q[i]], "new"]
		}' "$work/cases.txt" "$out/planning_raw.txt"
	if [ "$rounds" -gt 0 ]; then
		echo
		echo "## pgbench, microseconds per transaction (medians of $rounds interleaved rounds of $seconds s)"
		echo
		echo "\`pgbench -n -M simple -c 1 -T $seconds\`, 1e6 / tps. plan: \`EXPLAIN <query>\` (parse and plan); lookup:"
		echo "\`<query>\` (parse, plan, execute). On a shared, loaded machine these are for scale: the"
		echo "instruction counts above are what to conclude from."
		echo
		echo "| query | kind | old | old range | new | new range | new / old | new / new baseline |"
		echo "|---|---|---:|---|---:|---|---:|---:|"
		awk '
			function median(a, n,   i, j, x) {
				for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
				return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
			}
			$1 == "case" { b[$2] = $3; d = $0; sub(/^case [^ ]* [^ ]* /, "", d); desc[$2] = d; next }
			$1 == "pgbench" {
				if (!(($2, $3) in seen)) { seen[$2, $3] = 1; order[++no] = $2 SUBSEP $3 }
				k = $2 SUBSEP $3 SUBSEP $4; c[k]++; val[k, c[k]] = $6
			}
			END {
				for (o = 1; o <= no; o++) for (j = 1; j <= 2; j++) {
					v = j == 1 ? "old" : "new"; k = order[o] SUBSEP v
					delete a; for (m = 1; m <= c[k]; m++) a[m] = val[k, m]
					med[k] = median(a, c[k]); lo[k] = a[1]; hi[k] = a[c[k]]
				}
				for (o = 1; o <= no; o++) {
					split(order[o], p, SUBSEP); ko = order[o] SUBSEP "old"; kn = order[o] SUBSEP "new"
					printf "| %s | %s | %.1f | %.1f-%.1f | %.1f | %.1f-%.1f | %.3f | %.3f |\n", desc[p[1]], p[2],
						med[ko], lo[ko], hi[ko], med[kn], lo[kn], hi[kn], med[kn] / med[ko],
						med[kn] / med[b[p[1]], p[2], "new"]
				}
			}' "$work/cases.txt" "$out/planning_raw.txt"
	fi
} >"$out/planning.md"
cat "$out/planning.md"
say "results in $out"
