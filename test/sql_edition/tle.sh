#!/usr/bin/env bash
# The pg_tle form of ulid_sql (ulid_sql/dist/ulid_sql--pgtle.sql), as RDS,
# Aurora and Supabase users install it: in a cluster of its own with
# shared_preload_libraries = 'pg_tle', CREATE EXTENSION pg_tle, the script
# (pgtle.install_extension), CREATE EXTENSION ulid_sql, then the edition's
# regression cases but catalog (a TLE is not relocatable, and its objects
# hang on pg_tle's) against it, a check that no file of the server
# provides it, a database with it dumped and restored
# (test/sql_edition/dump.sh), and the guide's route from it to the C
# extension (test/sql_edition/routes.sh).  pg_tle refuses a name that the server has a control file
# for, so ulid_sql's files are uninstalled for the run (make uninstall)
# and installed again after.  Needs pg_tle built and installed into the
# server of PG_CONFIG (it is not in Debian): scripts/test.sh skips the suite
# without it.  Prints "ulid_sql_tle: N passed, N failed".

set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$ULID_ROOT/test/counts.sh"
source "$ULID_ROOT/test/sql_edition/dump.sh"
source "$ULID_ROOT/test/sql_edition/routes.sh"
set +e

make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" all || fail "make -C ulid_sql"
"${SUDO[@]}" make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" uninstall
trap '"${SUDO[@]}" make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" install; stop_cluster' EXIT
CLUSTER_OPTS="-c shared_preload_libraries=pg_tle" start_cluster || { fail "a cluster with pg_tle preloaded"; report ulid_sql_tle; exit; }
q() { psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }

q -d postgres -c "CREATE DATABASE ulid_sql_tle"
check "pg_tle" "$(q -d ulid_sql_tle -c "CREATE EXTENSION pg_tle" -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_tle'" | grep -c '^[0-9]')" 1
echo "pg_tle $(q -d ulid_sql_tle -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_tle'"), $(q -d postgres -c 'SELECT version()')"
check "ulid_sql's control file absent from the server" \
	"$(ls "$("$PG_CONFIG" --sharedir)/extension/ulid_sql.control" 2>/dev/null | wc -l)" 0
check "pgtle.install_extension" "$(q -d ulid_sql_tle -f "$ULID_ROOT/ulid_sql/dist/ulid_sql--pgtle.sql")" t
check "the TLE's versions" "$(q -d ulid_sql_tle -c "SELECT string_agg(version, ',') FROM pgtle.available_extension_versions() WHERE name = 'ulid_sql'")" 1.0
# a role that is no superuser creates it, as on RDS
q -d ulid_sql_tle -c "CREATE ROLE ulid_sql_tle_user; GRANT CREATE ON DATABASE ulid_sql_tle TO ulid_sql_tle_user; GRANT CREATE ON SCHEMA public TO ulid_sql_tle_user"
check "CREATE EXTENSION ulid_sql by a non-superuser" \
	"$(q -d ulid_sql_tle -c "SET ROLE ulid_sql_tle_user" -c "CREATE EXTENSION ulid_sql" -c "SELECT extversion, extrelocatable FROM pg_extension WHERE extname = 'ulid_sql'")" "1.0|f"
check "its functions" "$(q -d ulid_sql_tle -c "SELECT ulid_to_text(ulid_from_typeid(ulid_to_typeid(ulid_lower('2026-11-01 00:00+00'), 'x'), 'x')), ulid_time(gen_ulid()) > now() - interval '1 minute'")" "01M6A6FT000000000000000000|t"

# the regression cases, in that database
make -C "$ULID_ROOT/ulid_sql" -s PG_CONFIG="$PG_CONFIG" installcheck \
	REGRESS='$(SHARED_REGRESS) $(EDITION_REGRESS)' REGRESS_OPTS="--use-existing --dbname=ulid_sql_tle" &&
	pass "pg_regress on the TLE: the shared cases and the edition's own but catalog" ||
	{ fail "pg_regress on the TLE"; cat "$ULID_ROOT/ulid_sql/regression.diffs" 2>/dev/null; }

# a database with the TLE, dumped and restored: pg_tle's own objects and the
# TLE's registration come back with it
q -d postgres -c "CREATE DATABASE ulid_sql_tle_dump"
q -d ulid_sql_tle_dump -c "CREATE EXTENSION pg_tle" -f "$ULID_ROOT/ulid_sql/dist/ulid_sql--pgtle.sql" -c "CREATE EXTENSION ulid_sql" >/dev/null ||
	fail "the TLE in database ulid_sql_tle_dump"
dump_restore pg_tle ulid_sql_tle_dump public

# the way to the C extension: not the extension form's (not relocatable),
# the guide's own
q -d postgres -c "CREATE DATABASE ulid_sql_tle_route"
q -d ulid_sql_tle_route -c "CREATE EXTENSION pg_tle" -f "$ULID_ROOT/ulid_sql/dist/ulid_sql--pgtle.sql" -c "CREATE EXTENSION ulid_sql" >/dev/null ||
	fail "the TLE in database ulid_sql_tle_route"
check "ALTER EXTENSION ulid_sql SET SCHEMA on the TLE" "$(q -d ulid_sql_tle_route -c "CREATE SCHEMA ulid_sql_old" -c "
	DO \$\$BEGIN ALTER EXTENSION ulid_sql SET SCHEMA ulid_sql_old;
	EXCEPTION WHEN OTHERS THEN RAISE NOTICE '%: %', SQLSTATE, SQLERRM; END\$\$" -c "DROP SCHEMA ulid_sql_old" 2>&1)" \
	'NOTICE:  0A000: extension "ulid_sql" does not support SET SCHEMA'
route_to_c pg_tle ulid_sql_tle_route tle_to_c
check "the TLE drops" "$(q -d ulid_sql_tle -c "DROP EXTENSION ulid_sql" -c "SELECT count(*) FROM pg_extension WHERE extname = 'ulid_sql'")" 0
report ulid_sql_tle
