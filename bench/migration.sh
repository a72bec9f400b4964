#!/usr/bin/env bash
# Workload 9, the migration of a uuid key to ulid and back (issue 10):
# ALTER COLUMN ... TYPE on a table of 10M rows (BENCH_SCALE times that)
# with foreign keys in both directions and btree, hash and BRIN indexes,
# 3 rounds; then the ways around the lock, each there and back once:
#   (a) no migration: a uuid column with DEFAULT gen_ulid()::uuid;
#   (c) ALTER TYPE with only the primary key rebuilt under the lock, the
#       other indexes built concurrently and the foreign key validated after;
#   (b) a new column filled in batches, indexed concurrently, and swapped in
#       by a short transaction.
#
# For every measured step it records, in a throwaway cluster (JIT and
# autovacuum off, everything else PostgreSQL's defaults):
#   - its time: clock_timestamp() before and after, in the session running it;
#   - readers' waits: two more sessions probe t and c by key through an
#     index (SELECT ... WHERE id = key, one transaction per probe, one per
#     millisecond) from before the step starts until it ends; the longest
#     probe of each is the longest a reader of that table waited;
#   - the locks: a fourth session samples pg_locks every 2 ms and keeps the
#     modes the step held on p, t and c, and how long it held ACCESS
#     EXCLUSIVE on the target table (t, or c for c's steps);
#   - relfilenode, size and operator class of p, t, c and each of their
#     indexes, before and after;
#   - seq_scan counts of p, t and c (pg_stat_user_tables) before and after,
#     and the foreign-key checks the step ran (auto_explain with
#     log_nested_statements: RI_Initial_Check's query and its duration).
# Writes migration.json (raw) and migration.md (bench/migration_report.py)
# to OUT.
#
# Usage: bench/migration.sh [OUT]   (make bench runs it; BENCH_SCALE=0.01
# makes a trial of 100,000 rows)

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"

out=$(bench_out "$(date -u +%Y-%m-%d)-migration" "${1:-}")

scale=${BENCH_SCALE:-1}
rows=$(awk -v s="$scale" 'BEGIN {printf "%d", 10000000 * s}')
parents=1000
rounds=3
# rows per batch of the online backfill
batch=$(awk -v r="$rows" 'BEGIN {b = int(r / 200); printf "%d", (b < 1000 ? 1000 : b)}')

ensure_build_deps
ensure_packages python3
build_and_install

work=$(mktemp -d /tmp/ulid-bench-mig.XXXXXX)
cleanup() {
	stop_cluster
	rm -rf "$work"
}
trap cleanup EXIT

CLUSTER_OPTS="-c jit=off -c autovacuum=off"
start_cluster
PATH="$("$PG_CONFIG" --bindir):$PATH"
export PGDATABASE=mig
psql -X -q -d postgres -c 'CREATE DATABASE mig'

# psql on the benchmark's database, quiet, rows unaligned, stop on errors
q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
# the results, one JSON object per step, in the postgres database
q -d postgres -c 'CREATE TABLE mig_result (n serial, step json NOT NULL)'

say "workload 9: loading $rows rows (scale $scale)"
q -v rows="$rows" -v parents="$parents" -f - <<'SQL'
CREATE EXTENSION ulid;
CREATE TABLE p (id uuid PRIMARY KEY, name text NOT NULL);
INSERT INTO p SELECT gen_ulid()::uuid, 'parent ' || g FROM generate_series(1, :parents) g;
CREATE TABLE t (id uuid NOT NULL, parent_id uuid NOT NULL, created_at timestamptz NOT NULL,
                payload text NOT NULL);
WITH ps AS (SELECT array_agg(id ORDER BY id) AS a FROM p)
INSERT INTO t SELECT gen_ulid()::uuid, ps.a[1 + g % :parents], clock_timestamp(), md5(g::text)
  FROM ps, generate_series(1, :rows) g;
ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (id);
ALTER TABLE t ADD CONSTRAINT t_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES p (id);
CREATE INDEX t_id_hash ON t USING hash (id);
CREATE INDEX t_id_brin ON t USING brin (id);
CREATE INDEX t_parent_id_idx ON t (parent_id);
-- a child with a row for about one t row in ten
CREATE TABLE c (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, t_id uuid NOT NULL,
                note text NOT NULL);
INSERT INTO c (t_id, note) SELECT id, 'child' FROM t TABLESAMPLE BERNOULLI (10) REPEATABLE (1);
ALTER TABLE c ADD CONSTRAINT c_t_id_fkey FOREIGN KEY (t_id) REFERENCES t (id);
CREATE INDEX c_t_id_idx ON c (t_id);
VACUUM ANALYZE p, t, c;
CHECKPOINT;
-- the control row of the three sessions of a measurement
CREATE TABLE mig_ctl (key uuid, target regclass, done bool, probing int, monitoring bool,
                      apid int, probe jsonb, locks json);
INSERT INTO mig_ctl (key) SELECT t_id FROM c ORDER BY id LIMIT 1;
SQL

# p, t, c and their indexes: relfilenode, size, operator classes
snapshot_sql="SELECT json_object_agg(r.relname, json_build_object(
	'filenode', r.relfilenode, 'bytes', pg_relation_size(r.oid),
	'opclass', (SELECT string_agg(o.opcname, ',') FROM pg_index i, unnest(i.indclass) k
	            JOIN pg_opclass o ON o.oid = k WHERE i.indexrelid = r.oid))
	ORDER BY r.relname)
	FROM pg_class r
	WHERE r.oid IN ('p'::regclass, 't'::regclass, 'c'::regclass)
	   OR r.oid IN (SELECT indexrelid FROM pg_index
	                WHERE indrelid IN ('p'::regclass, 't'::regclass, 'c'::regclass))"
stats_sql="SELECT json_object_agg(relname, json_build_object('seq_scan', seq_scan,
	'seq_tup_read', seq_tup_read) ORDER BY relname)
	FROM pg_stat_user_tables WHERE relname IN ('p', 't', 'c')"

# A reader: probes the table mig.probe (t or c) by key through an index,
# one transaction a probe, until mig_ctl.done; keeps its longest probe
probe_sql=$(cat <<'SQL'
DO $$
DECLARE
	k uuid := (SELECT key FROM mig_ctl);
	tbl text := current_setting('mig.probe');
	on_c bool := tbl = 'c';
	t0 timestamptz;
	d float8;
	n int := 0;
	mx float8 := 0;
BEGIN
	UPDATE mig_ctl SET probing = probing + 1;
	COMMIT;
	LOOP
		t0 := clock_timestamp();
		IF on_c THEN
			PERFORM 1 FROM c WHERE t_id = k;
		ELSE
			PERFORM 1 FROM t WHERE id = k;
		END IF;
		d := 1000 * extract(epoch FROM clock_timestamp() - t0);
		COMMIT;
		n := n + 1;
		mx := greatest(mx, d);
		EXIT WHEN (SELECT done FROM mig_ctl);
		PERFORM pg_sleep(0.001);
	END LOOP;
	UPDATE mig_ctl SET probe = coalesce(probe, '{}')
		|| jsonb_build_object(tbl, jsonb_build_object('probes', n, 'max_ms', round(mx::numeric, 1)));
	COMMIT;
END $$;
SQL
)

# The lock sampler: the modes the step's backend (mig_ctl.apid) holds on
# p, t and c, and from when to when it holds ACCESS EXCLUSIVE on the target
monitor_sql=$(cat <<'SQL'
DO $$
DECLARE
	a int;
	rels oid[] := ARRAY['p'::regclass, 't'::regclass, 'c'::regclass];
	tgt oid := (SELECT target FROM mig_ctl);
	seen text[] := '{}';
	s text;
	t0 timestamptz := clock_timestamp();
	now_ms float8;
	first_x float8;
	last_x float8;
BEGIN
	UPDATE mig_ctl SET monitoring = true;
	COMMIT;
	LOOP
		SELECT apid INTO a FROM mig_ctl;
		IF a IS NOT NULL THEN
			now_ms := 1000 * extract(epoch FROM clock_timestamp() - t0);
			FOR s IN SELECT l.relation::regclass::text || ': ' || l.mode FROM pg_locks l
			          WHERE l.pid = a AND l.locktype = 'relation' AND l.granted
			            AND l.relation = ANY (rels) LOOP
				IF NOT s = ANY (seen) THEN
					seen := seen || s;
				END IF;
			END LOOP;
			IF EXISTS (SELECT FROM pg_locks l WHERE l.pid = a AND l.locktype = 'relation'
			           AND l.granted AND l.relation = tgt AND l.mode = 'AccessExclusiveLock') THEN
				first_x := coalesce(first_x, now_ms);
				last_x := now_ms;
			END IF;
		END IF;
		EXIT WHEN (SELECT done FROM mig_ctl);
		COMMIT;
		PERFORM pg_sleep(0.002);
	END LOOP;
	UPDATE mig_ctl SET locks = json_build_object('modes', (SELECT array_agg(x ORDER BY x) FROM unnest(seen) x),
		'exclusive_ms', round((last_x - first_x)::numeric, 1));
	COMMIT;
END $$;
SQL
)

# measure PART LABEL ROUND TARGET SQL: runs SQL (one or more statements) in
# a session of its own, with a reader probing t and another probing c, and
# the lock sampler watching TARGET (t or c), and stores a step in
# mig_result.  A failing
# step is recorded with its error and does not stop the run.
measure() {
	local part=$1 label=$2 round=$3 target=$4 sql=$5
	local before after sbefore safter logoff ms status=0 err probe locks fk
	say "$label (round $round)"
	q -c "UPDATE mig_ctl SET target = '$target', done = false, probing = 0,
		monitoring = false, apid = NULL, probe = NULL, locks = NULL"
	before=$(q -c "$snapshot_sql")
	sbefore=$(q -c "$stats_sql")
	logoff=$(stat -c %s "$CLUSTER_DIR/server.log")
	q -c 'SET enable_seqscan = off' -c 'SET mig.probe = t' -c "$probe_sql" &
	local probe_t=$!
	q -c 'SET enable_seqscan = off' -c 'SET mig.probe = c' -c "$probe_sql" &
	local probe_c=$!
	q -c "$monitor_sql" &
	local mon_pid=$!
	until [ "$(q -c 'SELECT probing = 2 AND monitoring FROM mig_ctl')" = t ]; do sleep 0.05; done
	# the step; its time is taken on the server, in its own session
	q -f - >"$work/a.out" 2>"$work/a.err" <<SQL || status=$?
UPDATE mig_ctl SET apid = pg_backend_pid();
LOAD 'auto_explain';
SET auto_explain.log_min_duration = 0;
SET auto_explain.log_nested_statements = on;
SELECT clock_timestamp() AS mig_t0 \gset
$sql
SELECT /* mig-timer */ round(1000 * extract(epoch FROM clock_timestamp() - :'mig_t0'::timestamptz), 1);
SET auto_explain.log_min_duration = -1;
SELECT pg_stat_force_next_flush() \gset
SQL
	q -c 'UPDATE mig_ctl SET done = true'
	wait "$probe_t" "$probe_c" "$mon_pid"
	ms=$(tail -n 1 "$work/a.out")
	err=
	if [ "$status" -ne 0 ]; then
		ms=
		err=$(grep -E '(ERROR|DETAIL): ' "$work/a.err" | sed 's/^psql:[^ ]* //' | tr '\n' ' ')
		say "failed: $err"
	fi
	after=$(q -c "$snapshot_sql")
	safter=$(q -c "$stats_sql")
	probe=$(q -c 'SELECT probe FROM mig_ctl')
	locks=$(q -c 'SELECT locks FROM mig_ctl')
	# the foreign-key checks the step ran: auto_explain's entries of
	# RI_Initial_Check's query ("... LEFT OUTER JOIN ONLY ...")
	fk=$(tail -c +$((logoff + 1)) "$CLUSTER_DIR/server.log" | awk '
		/ LOG:  duration: .* plan:/ {flush(); e = $0 "\n"; keep = 0; next}
		/^[0-9][0-9][0-9][0-9]-/ {flush(); e = ""; next}
		e != "" {e = e $0 "\n"; if ($0 ~ /LEFT OUTER JOIN ONLY/) keep = 1}
		function flush() {if (keep) printf "%s", e; keep = 0}
		END {flush()}')
	q -d postgres -v part="$part" -v label="$label" -v round="$round" -v target="$target" \
		-v ms="$ms" -v err="$err" -v before="$before" -v after="$after" -v sbefore="$sbefore" \
		-v safter="$safter" -v probe="$probe" -v locks="$locks" -v fk="$fk" -v sql="$sql" -f - <<'SQL'
INSERT INTO mig_result (step) SELECT json_build_object(
	'part', :'part', 'label', :'label', 'round', :'round'::int, 'target', :'target',
	'sql', :'sql', 'ms', nullif(:'ms', '')::numeric, 'error', nullif(:'err', ''),
	'relations_before', :'before'::json, 'relations_after', :'after'::json,
	'stats_before', :'sbefore'::json, 'stats_after', :'safter'::json,
	'probe', nullif(:'probe', '')::json, 'locks', nullif(:'locks', '')::json,
	'fk_checks', nullif(:'fk', ''));
SQL
}

# explain LABEL SQL: stores the plan of a query (EXPLAIN (COSTS OFF))
explain() {
	local plan
	plan=$(q -c "EXPLAIN (COSTS OFF) $2" 2>&1) || true
	q -d postgres -v label="$1" -v sql="$2" -v plan="$plan" -f - <<'SQL'
INSERT INTO mig_result (step) SELECT json_build_object('part', 'plan', 'label', :'label',
	'sql', :'sql', 'plan', :'plan');
SQL
}

# Part 1: ALTER COLUMN ... TYPE, there and back, 3 rounds.  The key first,
# then the column referencing it (a uuid column may reference a ulid key,
# not the reverse); back in the reverse order.  t.parent_id to ulid makes a
# ulid column reference the uuid key p.id: recorded whether it works or not.
for round in $(seq "$rounds"); do
	measure alter "t.id to ulid" "$round" t 'ALTER TABLE t ALTER COLUMN id TYPE ulid USING id::ulid;'
	measure alter "c.t_id to ulid" "$round" c 'ALTER TABLE c ALTER COLUMN t_id TYPE ulid USING t_id::ulid;'
	measure alter "t.parent_id to ulid" "$round" t 'ALTER TABLE t ALTER COLUMN parent_id TYPE ulid USING parent_id::ulid;'
	if [ "$(q -c "SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 't'::regclass AND attname = 'parent_id'")" = ulid ]; then
		measure alter "t.parent_id to uuid" "$round" t 'ALTER TABLE t ALTER COLUMN parent_id TYPE uuid USING parent_id::uuid;'
	fi
	measure alter "c.t_id to uuid" "$round" c 'ALTER TABLE c ALTER COLUMN t_id TYPE uuid USING t_id::uuid;'
	measure alter "t.id to uuid" "$round" t 'ALTER TABLE t ALTER COLUMN id TYPE uuid USING id::uuid;'
done

# Part 2 (a): no migration: the uuid column takes ULID values from now on
key_text=$(q -c 'SELECT key::ulid FROM mig_ctl')
measure online_a "uuid column, DEFAULT gen_ulid()::uuid" 1 t \
	'ALTER TABLE t ALTER COLUMN id SET DEFAULT gen_ulid()::uuid;'
explain "uuid column, ulid value" "SELECT * FROM t WHERE id = '$key_text'::ulid"
explain "uuid column, ulid value cast to uuid" "SELECT * FROM t WHERE id = '$key_text'::ulid::uuid"
q -c 'ALTER TABLE t ALTER COLUMN id DROP DEFAULT'

# check LABEL: stores the type of t.id and whether c's foreign key still
# rejects a missing key
check() {
	local fk type
	fk=$(q -c "DO \$\$BEGIN INSERT INTO c (t_id, note) VALUES (gen_random_uuid(), 'x');
		RAISE EXCEPTION 'a missing key was accepted';
		EXCEPTION WHEN foreign_key_violation THEN NULL; END\$\$" 2>&1 && echo rejected) || true
	type=$(q -c "SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 't'::regclass AND attname = 'id'")
	q -d postgres -v label="$1" -v fk="$fk" -v type="$type" -f - <<'SQL'
INSERT INTO mig_result (step) SELECT json_build_object('part', 'check', 'label', :'label',
	't.id type', :'type', 'missing key in c', :'fk');
SQL
}

# Part 2 (c): ALTER COLUMN TYPE rebuilding the primary key only, under the
# lock: the hash and BRIN indexes are dropped in the same transaction and
# built again concurrently after it, and the foreign key comes back NOT
# VALID and is validated after it.  ROUND 1 to ulid, 2 back to uuid.
pk_only() {
	local round=$1 type=$2
	measure online_c "transaction: drop hash, BRIN and FK, ALTER TYPE, FK NOT VALID" "$round" t "$(cat <<SQL
BEGIN;
DROP INDEX t_id_hash;
DROP INDEX t_id_brin;
ALTER TABLE c DROP CONSTRAINT c_t_id_fkey;
ALTER TABLE t ALTER COLUMN id TYPE $type USING id::$type;
ALTER TABLE c ADD CONSTRAINT c_t_id_fkey FOREIGN KEY (t_id) REFERENCES t (id) NOT VALID;
COMMIT;
SQL
)"
	measure online_c "validate the foreign key" "$round" c 'ALTER TABLE c VALIDATE CONSTRAINT c_t_id_fkey;'
	measure online_c "CREATE INDEX CONCURRENTLY (hash)" "$round" t \
		'CREATE INDEX CONCURRENTLY t_id_hash ON t USING hash (id);'
	measure online_c "CREATE INDEX CONCURRENTLY (BRIN)" "$round" t \
		'CREATE INDEX CONCURRENTLY t_id_brin ON t USING brin (id);'
	check "(c) after round $round"
}
pk_only 1 ulid
pk_only 2 uuid

# Part 2 (b): a new column of the other type, filled in batches by key
# range (a trigger keeps new and updated rows in step), indexed
# concurrently, made NOT NULL through a CHECK validated online, referenced
# by a NOT VALID foreign key validated online, then swapped in by one short
# transaction; VACUUM last.  ROUND 1 to ulid, 2 back to uuid.
new_column() {
	local round=$1 type=$2
	measure online_b "add column id_new and a trigger that fills it" "$round" t "$(cat <<SQL
ALTER TABLE t ADD COLUMN id_new $type;
CREATE FUNCTION t_id_new_sync() RETURNS trigger LANGUAGE plpgsql AS
	\$\$BEGIN NEW.id_new := NEW.id; RETURN NEW; END\$\$;
CREATE TRIGGER t_id_new_sync BEFORE INSERT OR UPDATE OF id ON t
	FOR EACH ROW EXECUTE FUNCTION t_id_new_sync();
SQL
)"
	measure online_b "backfill, $batch rows a transaction" "$round" t "$(cat <<SQL
DO \$\$
DECLARE
	lo t.id%TYPE;
	hi t.id%TYPE;
BEGIN
	SELECT id INTO lo FROM t ORDER BY id LIMIT 1;
	UPDATE t SET id_new = id WHERE id = lo;
	COMMIT;
	LOOP
		-- the last key of the next batch; none: the rest is the last batch
		SELECT id INTO hi FROM t WHERE id > lo ORDER BY id OFFSET $batch - 1 LIMIT 1;
		IF hi IS NULL THEN
			UPDATE t SET id_new = id WHERE id > lo AND id_new IS NULL;
			COMMIT;
			EXIT;
		END IF;
		UPDATE t SET id_new = id WHERE id > lo AND id <= hi AND id_new IS NULL;
		COMMIT;
		lo := hi;
	END LOOP;
END \$\$;
SQL
)"
	measure online_b "NOT NULL check, NOT VALID" "$round" t \
		'ALTER TABLE t ADD CONSTRAINT t_id_new_not_null CHECK (id_new IS NOT NULL) NOT VALID;'
	measure online_b "validate the check" "$round" t 'ALTER TABLE t VALIDATE CONSTRAINT t_id_new_not_null;'
	measure online_b "CREATE UNIQUE INDEX CONCURRENTLY (btree)" "$round" t \
		'CREATE UNIQUE INDEX CONCURRENTLY t_id_new_key ON t (id_new);'
	measure online_b "CREATE INDEX CONCURRENTLY (hash)" "$round" t \
		'CREATE INDEX CONCURRENTLY t_id_new_hash ON t USING hash (id_new);'
	measure online_b "CREATE INDEX CONCURRENTLY (BRIN)" "$round" t \
		'CREATE INDEX CONCURRENTLY t_id_new_brin ON t USING brin (id_new);'
	measure online_b "foreign key c.t_id to t.id_new, NOT VALID" "$round" c \
		'ALTER TABLE c ADD CONSTRAINT c_t_id_new_fkey FOREIGN KEY (t_id) REFERENCES t (id_new) NOT VALID;'
	measure online_b "validate the foreign key" "$round" c 'ALTER TABLE c VALIDATE CONSTRAINT c_t_id_new_fkey;'
	measure online_b "swap transaction" "$round" t "$(cat <<'SQL'
BEGIN;
ALTER TABLE t ALTER COLUMN id_new SET NOT NULL;
ALTER TABLE c DROP CONSTRAINT c_t_id_fkey;
ALTER TABLE t DROP CONSTRAINT t_pkey;
ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY USING INDEX t_id_new_key;
ALTER TABLE t DROP CONSTRAINT t_id_new_not_null;
DROP TRIGGER t_id_new_sync ON t;
DROP FUNCTION t_id_new_sync();
ALTER TABLE t DROP COLUMN id;
ALTER TABLE t RENAME COLUMN id_new TO id;
ALTER INDEX t_id_new_hash RENAME TO t_id_hash;
ALTER INDEX t_id_new_brin RENAME TO t_id_brin;
ALTER TABLE c RENAME CONSTRAINT c_t_id_new_fkey TO c_t_id_fkey;
COMMIT;
SQL
)"
	check "(b) after round $round"
	measure online_b "VACUUM t" "$round" t 'VACUUM t;'
}
new_column 1 ulid
explain "ulid column after (b)" "SELECT * FROM t WHERE id = '$key_text'"
new_column 2 uuid

q -d postgres -At -v rows="$rows" -v parents="$parents" -v scale="$scale" -v batch="$batch" \
	-v c_rows="$(q -c 'SELECT count(*) FROM c')" -f - >"$out/migration.json" <<'SQL'
SELECT jsonb_pretty(jsonb_build_object(
	'server', version(), 'scale', :'scale'::numeric, 'rows', :'rows'::bigint,
	'parents', :'parents'::int, 'child_rows', :'c_rows'::bigint, 'batch', :'batch'::int,
	'settings', (SELECT jsonb_object_agg(name, setting) FROM pg_settings
	             WHERE name IN ('shared_buffers', 'maintenance_work_mem', 'work_mem',
	                            'max_parallel_maintenance_workers', 'max_wal_size')),
	'steps', (SELECT jsonb_agg(step ORDER BY n) FROM mig_result)));
SQL
python3 "$ULID_ROOT/bench/migration_report.py" "$out"
say "results in $out/migration.md"
