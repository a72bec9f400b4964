# A database with ulid_sql in one of its forms, dumped and restored: source
# it (after test/counts.sh), then dump_restore FORM DB SCHEMA, where DB has
# the edition in SCHEMA.  It makes a table
# keyed by the edition's type with rows and the gen_ulid() default, and one
# that refers to it by a foreign key, then restores four ways, each into a
# new database: pg_dump | psql with ON_ERROR_STOP, the same in one
# transaction (psql -1), and a custom-format dump through pg_restore -j 2 and
# pg_restore -1, both with --exit-on-error.  Each restore passes when it
# exits 0 and gives the same rows, defaults, constraints and function
# definitions as DB, and its default still generates values.  Connects as
# PGUSER (a superuser) to the server of PGHOST and PGPORT, with that
# server's pg_dump and pg_restore where PG_CONFIG names it (Debian's wrappers
# in PATH pick a major of their own, and pg_dump refuses a newer server).

dump_bin=${PG_CONFIG:+$("$PG_CONFIG" --bindir)/}

dump_q() { PGOPTIONS="-c client_min_messages=warning -c search_path=$dump_schema,public" psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }

# what must come back: rows, defaults, constraints, and the edition's
# function definitions, each a line
dump_state() {
	dump_q -d "$1" -c "
		SELECT 'keys ' || count(*) || ' ' || md5(string_agg(id::uuid::text || n, ',' ORDER BY id::uuid)) FROM dump_keys
		UNION ALL SELECT 'refs ' || count(*) || ' ' || md5(string_agg(key::uuid::text, ',' ORDER BY key::uuid)) FROM dump_refs
		UNION ALL SELECT 'default ' || a.attname || ' ' || pg_get_expr(d.adbin, d.adrelid)
		FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
		WHERE d.adrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass)
		UNION ALL SELECT 'column ' || attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod)
		FROM pg_attribute WHERE attrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass) AND attnum > 0
		UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
		FROM pg_constraint WHERE conrelid IN ('dump_keys'::regclass, 'dump_refs'::regclass)
		UNION ALL SELECT 'functions ' || count(*) || ' ' || md5(string_agg(pg_get_functiondef(p.oid), ',' ORDER BY p.oid::regprocedure::text))
		FROM pg_proc p WHERE p.pronamespace = '$dump_schema'::regnamespace
		ORDER BY 1"
}

dump_restore() {
	local form=$1 src=$2 dst=${2}_restored dir want got how
	dump_schema=$3
	dir=$(mktemp -d /tmp/ulid-sql-dump.XXXXXX)
	chmod 755 "$dir"
	dump_q -d "$src" -c "
		CREATE TABLE dump_keys (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int NOT NULL);
		CREATE TABLE dump_refs (key ulid NOT NULL REFERENCES dump_keys, at ulid DEFAULT gen_ulid('2026-11-01 00:00+00'));
		INSERT INTO dump_keys (n) SELECT generate_series(1, 1000);
		INSERT INTO dump_refs (key) SELECT id FROM dump_keys WHERE n % 3 = 0;" ||
		{ fail "$form: the tables to dump"; rm -rf "$dir"; return; }
	want=$(dump_state "$src")
	check "$form: the state to compare (rows, default, foreign key, functions)" \
		"$(grep -c '^keys 1000 \|^refs 333 \|^default id .*gen_ulid()$\|^constraint dump_refs_key_fkey FOREIGN KEY\|^functions [1-9][0-9] ' <<<"$want")" 5
	"${dump_bin}pg_dump" -d "$src" -f "$dir/plain.sql" && "${dump_bin}pg_dump" -Fc -d "$src" -f "$dir/custom.dump" ||
		{ fail "$form: pg_dump"; rm -rf "$dir"; return; }
	for how in plain plain-1 custom-j2 custom-1; do
		dump_q -d postgres -c "DROP DATABASE IF EXISTS $dst" -c "CREATE DATABASE $dst"
		case $how in
		plain) psql -X -q -v ON_ERROR_STOP=1 -d "$dst" -f "$dir/plain.sql" >"$dir/out" 2>&1 ;;
		plain-1) psql -X -q -1 -v ON_ERROR_STOP=1 -d "$dst" -f "$dir/plain.sql" >"$dir/out" 2>&1 ;;
		custom-j2) "${dump_bin}pg_restore" -j 2 --exit-on-error -d "$dst" "$dir/custom.dump" >"$dir/out" 2>&1 ;;
		custom-1) "${dump_bin}pg_restore" -1 --exit-on-error -d "$dst" "$dir/custom.dump" >"$dir/out" 2>&1 ;;
		esac
		if [ $? -eq 0 ]; then
			pass "$form: restored ($how)"
		else
			fail "$form: restored ($how): $(grep -m 3 -i 'error' "$dir/out" | paste -sd ' ')"
		fi
		got=$(dump_state "$dst" 2>&1)
		check "$form: rows, default, foreign key and functions the same after restore ($how)" \
			"$(diff <(echo "$want") <(echo "$got") >/dev/null && echo same || diff <(echo "$want") <(echo "$got") | head -4 | paste -sd ' ')" same
		check "$form: the default generates after restore ($how)" "$(dump_q -d "$dst" -c "
			INSERT INTO dump_keys (n) VALUES (-1), (-2) RETURNING ulid_time(id) > now() - interval '1 minute' AND id > ALL (SELECT id FROM dump_keys WHERE n > 0)" 2>&1 | sort -u | paste -sd ' ')" t
		check "$form: the foreign key holds after restore ($how)" \
			"$(dump_q -d "$dst" -c "INSERT INTO dump_refs (key) VALUES ('00000000-0000-0000-0000-000000000000')" 2>&1 | grep -c 'violates foreign key constraint')" 1
	done
	dump_q -d postgres -c "DROP DATABASE IF EXISTS $dst"
	rm -rf "$dir"
}
