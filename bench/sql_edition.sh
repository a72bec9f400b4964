#!/usr/bin/env bash
# The SQL edition's cost per call, by callgrind instruction counts, side by
# side in one run (the machine is shared: counts, unlike times, do not move
# with its load).  Each variant is a query
#   SELECT count(F(x)) FROM (SELECT x FROM input LIMIT N) s
# run in a single-user backend under callgrind, collecting inside
# standard_ExecutorRun only, for N = 2,000 and N = 12,000; a call costs the
# difference over 10,000, less the same for count(x) alone (so the planning,
# the first call's compilation of a PL/pgSQL body and the scan of the input
# cancel out).  BENCH_ROUNDS rounds (default 3), each variant once a round,
# in a round's own order; the report gives the medians and their ratios.
#
# The variants: ulid_sql's gen_ulid(), gen_random_ulid(), ulid_to_text(u),
# ulid_from_text(t); core's gen_random_uuid() and, on 18 and later,
# uuidv7(); the C extension's gen_ulid(), gen_random_ulid() and text I/O for
# scale; what gen_ulid() cannot do without (its floor): reading a setting
# (current_setting, twice a call), writing one (set_config) and uuid_in; and
# with PEERS_DIR, a folder of the peers' SQL files (not in this
# repository: fetch them yourself), the functions they define that are
# found there: geckoboard/pgulid's generate_ulid() (it needs pgcrypto),
# jetify-com/typeid-sql's base32_encode(u) and base32_decode(t), and a pure
# SQL uuid_generate_v7() as fboulnois/pg_uuidv7's benchmark measures it.
# With BASELINES, "LABEL=FILE ..." (FILE: the psql -f script of another
# build of the edition, e.g. main's ulid_sql/dist/ulid_sql.sql), each is
# loaded into schema LABEL and its functions measured beside this tree's,
# with the ratio of this tree's to each.
# The aims (issue 24): gen_ulid() at most 1/4 of generate_ulid();
# ulid_to_text and ulid_from_text each at most 1/2 of base32_encode and
# base32_decode; gen_random_ulid() within 3x of gen_random_uuid().
#
# BENCH_VARIANTS, an extended regular expression, keeps the variants whose
# names it matches (and count(x), which every figure needs).
#
# Usage: [PG_CONFIG=...] [PEERS_DIR=...] [BASELINES=...] [BENCH_VARIANTS=...]
#        bench/sql_edition.sh [OUT]
# (results in OUT, default bench/results/local/sql_edition: sql_edition.md)

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

out=$(bench_out sql_edition "${1:-}")
rounds=${BENCH_ROUNDS:-3}
ensure_build_deps
ensure_packages valgrind
build_and_install
make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" all
"${SUDO[@]}" make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" install
trap stop_cluster EXIT
start_cluster
major=$(psql -X -At -d postgres -c "SELECT current_setting('server_version_num')::int / 10000")

# the variants: name, input column, expression of x
variants=(
	"count|u|x"
	"sql gen_ulid()|u|s.gen_ulid()"
	"sql gen_random_ulid()|u|s.gen_random_ulid()"
	"sql ulid_to_text(u)|u|s.ulid_to_text(x)"
	"sql ulid_from_text(t)|t|s.ulid_from_text(x)"
	"sql ulid_to_typeid(u)|u|s.ulid_to_typeid(x, 'user')"
	"sql ulid_from_typeid(y)|y|s.ulid_from_typeid(x, 'user')"
	"core gen_random_uuid()|u|gen_random_uuid()"
	"C gen_ulid()|u|c.gen_ulid()"
	"C gen_random_ulid()|u|c.gen_random_ulid()"
	"C ulid text out|u|(x::c.ulid)::text"
	"C ulid text in|t|x::c.ulid"
	"floor current_setting()|u|current_setting('ulid.uuidv7', true)"
	"floor set_config()|u|set_config('ulid_sql.state', '1', false)"
	"floor uuid_in|x|x::uuid"
)
[ "$major" -ge 18 ] && variants+=("core uuidv7()|u|uuidv7()")

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE bench"
psql -X -q -v ON_ERROR_STOP=1 -d bench <<-'SQL'
	CREATE SCHEMA s;
	CREATE EXTENSION ulid_sql SCHEMA s;
	CREATE SCHEMA c;
	CREATE EXTENSION ulid SCHEMA c;
	CREATE TABLE input_u AS SELECT gen_random_uuid() AS x FROM generate_series(1, 12000);
	CREATE TABLE input_t AS SELECT s.ulid_to_text(x) AS x FROM input_u;
	CREATE TABLE input_l AS SELECT lower(x) AS x FROM input_t;
	CREATE TABLE input_x AS SELECT x::text AS x FROM input_u;
	CREATE TABLE input_y AS SELECT s.ulid_to_typeid(x, 'user') AS x FROM input_u;
SQL
# the same functions of each baseline, in a schema of its own
for b in ${BASELINES:-}; do
	label=${b%%=*}
	psql -X -q -v ON_ERROR_STOP=1 -d bench -c "CREATE SCHEMA $label"
	PGOPTIONS="-c search_path=$label" psql -X -q -d bench -f "${b#*=}" >/dev/null || { say "${b#*=} does not load"; exit 1; }
	for v in "${variants[@]}"; do
		IFS='|' read -r name col expr <<<"$v"
		[[ $name == "sql "* ]] && variants+=("$label ${name#sql }|$col|${expr/#s./$label.}")
	done
done
if [ -n "${PEERS_DIR:-}" ]; then
	psql -X -q -v ON_ERROR_STOP=1 -d bench -c "CREATE SCHEMA peers" -c "CREATE EXTENSION pgcrypto"
	for f in "$PEERS_DIR"/*.sql; do
		grep -v '^CREATE EXTENSION' "$f" | PGOPTIONS='-c search_path=peers,public' psql -X -q -v ON_ERROR_STOP=1 -d bench ||
			{ say "$f does not load"; exit 1; }
	done
	has() { [ "$(psql -X -At -d bench -c "SELECT count(*) FROM pg_proc WHERE proname = '$1' AND pronamespace = 'peers'::regnamespace")" != 0 ]; }
	has generate_ulid && variants+=("pgulid generate_ulid()|u|peers.generate_ulid()")
	has base32_encode && variants+=("typeid-sql base32_encode(u)|u|peers.base32_encode(x)")
	has base32_decode && variants+=("typeid-sql base32_decode(t)|l|peers.base32_decode(x)")
	has uuid_generate_v7 && variants+=("pure-SQL uuid_generate_v7()|u|peers.uuid_generate_v7()")
fi
if [ -n "${BENCH_VARIANTS:-}" ]; then
	kept=()
	for v in "${variants[@]}"; do
		[[ ${v%%|*} == count ]] || grep -Eq -- "$BENCH_VARIANTS" <<<"${v%%|*}" && kept+=("$v")
	done
	variants=("${kept[@]}")
fi
# the server stops: single-user backends on its data folder from here
as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null

# instructions of standard_ExecutorRun for a query in a fresh backend
instructions() {
	local f=$CLUSTER_DIR/callgrind.out
	echo "$1" | as_cluster_owner valgrind --tool=callgrind --toggle-collect=standard_ExecutorRun \
		--callgrind-out-file="$f" "$("$PG_CONFIG" --bindir)/postgres" --single \
		-D "$CLUSTER_DIR/data" -c search_path=public -c TimeZone=UTC bench >/dev/null 2>&1
	callgrind_annotate "$f" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
	rm -f "$f"
}

raw=$out/sql_edition.tsv
: >"$raw"
for ((r = 1; r <= rounds; r++)); do
	n=${#variants[@]}
	for ((i = 0; i < n; i++)); do
		v=${variants[$(((i + r - 1) % n))]}
		IFS='|' read -r name col expr <<<"$v"
		a=$(instructions "SELECT count($expr) FROM (SELECT x FROM input_$col LIMIT 2000) s")
		b=$(instructions "SELECT count($expr) FROM (SELECT x FROM input_$col LIMIT 12000) s")
		printf '%s\t%s\t%s\n' "$r" "$name" "$(((b - a) / 10000))" | tee -a "$raw"
	done
done

python3 - "$raw" "$("$PG_CONFIG" --version)" ${BASELINES:-} >"$out/sql_edition.md" <<-'PY'
	import statistics, sys
	rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
	per = {}
	for _, name, n in rows:
	    per.setdefault(name, []).append(int(n))
	med = {k: statistics.median(v) for k, v in per.items()}
	base = med.pop("count")
	net = {k: v - base for k, v in med.items()}
	print("# ulid_sql: instructions per call (%s)\n" % sys.argv[2])
	print("callgrind, inside standard_ExecutorRun, median of %d rounds, less count(x) alone (%d a row)\n"
	      % (len(per["count"]), base))
	print("| variant | instructions per call |\n|---|---:|")
	for k, v in net.items():
	    print("| %s | %d |" % (k, v))
	print("\n| aim | ratio | verdict |\n|---|---:|---|")
	for a, b, limit in (("sql gen_ulid()", "pgulid generate_ulid()", 0.25),
	                    ("sql ulid_to_text(u)", "typeid-sql base32_encode(u)", 0.5),
	                    ("sql ulid_from_text(t)", "typeid-sql base32_decode(t)", 0.5),
	                    ("sql gen_random_ulid()", "core gen_random_uuid()", 3),
	                    ("sql gen_random_ulid()", "pure-SQL uuid_generate_v7()", 1e9),
	                    ("sql gen_random_ulid()", "core uuidv7()", 1e9),
	                    ("sql gen_ulid()", "C gen_ulid()", 1e9),
	                    ("sql ulid_to_text(u)", "C ulid text out", 1e9),
	                    ("sql ulid_from_text(t)", "C ulid text in", 1e9)):
	    if a in net and b in net:
	        r = net[a] / net[b]
	        if limit < 1e9:
	            print("| %s / %s, aim at most %g | %.2f | %s |" % (a, b, limit, r, "met" if r <= limit else "missed"))
	        else:
	            print("| %s / %s (for scale) | %.2f | |" % (a, b, r))
	for label in (b.split("=", 1)[0] for b in sys.argv[3:]):
	    for k in [k for k in net if k.startswith("sql ")]:
	        b = label + k[3:]
	        if b in net:
	            print("| %s / %s | %.3f | |" % (k, b, net[k] / net[b]))
	floor = ["core gen_random_uuid()", "floor current_setting()", "floor current_setting()",
	         "floor set_config()", "floor uuid_in"]
	if all(k in net for k in floor) and "pgulid generate_ulid()" in net:
	    print("| floor of sql gen_ulid() (gen_random_uuid(), current_setting twice, set_config, uuid_in:"
	          " %d) / pgulid generate_ulid() | %.2f | |"
	          % (sum(net[k] for k in floor), sum(net[k] for k in floor) / net["pgulid generate_ulid()"]))
PY
cat "$out/sql_edition.md"
