#!/usr/bin/env bash
# The SQL edition (ulid_sql/) against the running server that PGHOST, PGPORT
# and PGUSER name (a superuser), with both ulid and ulid_sql installed into
# it from this tree.  Prints "sql_edition: N passed, N failed".
#
#   install       the psql -f script as a role with only CREATE on a schema;
#                 CREATE EXTENSION as a non-superuser (trusted), with her
#                 look-alikes of core's functions and operators first in
#                 search_path, none of which may run; the C extension's
#                 README examples that the edition supports, as written
#   lookalikes    another role's look-alikes of all of pg_catalog's operators
#                 (and of collation "C") in a schema that a caller's
#                 search_path names before pg_catalog: every function of
#                 both the extension and the psql -f script, called as in
#                 test/sql_edition/lookalikes.sql, runs none of them and
#                 prints what it prints without them
#   differential  ulid_sql and ulid in one database, in schemas of their
#                 own: text, time, bounds, TypeID and UUIDv7 checks of
#                 ULID_SQL_VALUES (default 100,000) random values and
#                 timestamps, and the errors of some 5,000 bad texts and
#                 TypeIDs: no difference
#   migration     ULID_SQL_ROWS (default 1,000,000) rows with indexes,
#                 foreign keys both ways and a partitioned table: uuid
#                 columns into ulid_sql, then ulid_sql to the C type (no
#                 table rewritten: relfilenodes kept, every row kept), and
#                 char(26) ULIDs (Laravel's HasUlids) into either edition
#   dump          a database with the script form, and one with the
#                 extension, dumped and restored (test/sql_edition/dump.sh)
#   routes        the guide's route from the script form to the C
#                 extension, as written (test/sql_edition/routes.sh)
#
# Usage: test/sql_edition/run.sh [install|lookalikes|differential|migration|dump|routes ...]

set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/test/counts.sh"
source "$here/dump.sh"
source "$here/routes.sh"

values=${ULID_SQL_VALUES:-100000}
rows=${ULID_SQL_ROWS:-1000000}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(install lookalikes differential migration dump routes)
dist=$root/ulid_sql/dist

q() { PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }
fresh_db() { q -d postgres -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"; }

install() {
	echo "== install"
	# the roles are the cluster's: drop what a run before left
	q -d postgres -c "DROP DATABASE IF EXISTS ulid_sql_hostile" -c "DROP DATABASE IF EXISTS ulid_sql_install"
	fresh_db ulid_sql_install
	q -d ulid_sql_install <<-'SQL'
		DROP ROLE IF EXISTS ulid_sql_app;
		DROP ROLE IF EXISTS ulid_sql_owner;
		CREATE ROLE ulid_sql_app LOGIN;
		CREATE ROLE ulid_sql_owner LOGIN;
		CREATE SCHEMA app AUTHORIZATION ulid_sql_owner;
		GRANT CREATE ON DATABASE ulid_sql_install TO ulid_sql_owner;
		-- ulid_sql_app: USAGE and CREATE on schema app, on the database only what PUBLIC has (CONNECT, TEMP)
		REVOKE ALL ON SCHEMA public FROM PUBLIC;
		GRANT USAGE, CREATE ON SCHEMA app TO ulid_sql_app;
	SQL
	# 1. psql -f, as the role with CREATE on one schema
	if PGUSER=ulid_sql_app PGOPTIONS='-c search_path=app' psql -X -q -d ulid_sql_install -f "$dist/ulid_sql.sql" >/dev/null; then
		pass "psql -f ulid_sql.sql as a role with only CREATE on schema app"
	else
		fail "psql -f ulid_sql.sql as a role with only CREATE on schema app"
	fi
	check "superuser of the role that installed it" \
		"$(q -d ulid_sql_install -c "SELECT rolsuper FROM pg_roles WHERE rolname = 'ulid_sql_app'")" f
	check "objects in schema app owned by ulid_sql_app" \
		"$(q -d ulid_sql_install -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'app'::regnamespace AND proowner = 'ulid_sql_app'::regrole")" 20
	check "the script's values, read by the role" \
		"$(PGUSER=ulid_sql_app q -d ulid_sql_install -c "SET search_path = app; CREATE TABLE t (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int); INSERT INTO t (n) SELECT generate_series(1, 1000); SELECT count(*), count(*) FILTER (WHERE ulid_from_text(ulid_to_text(id)) = id), bool_and(ulid_time(id) > now() - interval '1 minute') FROM t")" "1000|1000|t"
	check "a second run of the script fails and changes nothing" \
		"$(PGUSER=ulid_sql_app PGOPTIONS='-c search_path=app' psql -X -q -d ulid_sql_install -f "$dist/ulid_sql.sql" >/dev/null 2>&1; echo $?; q -d ulid_sql_install -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'app'::regnamespace")" "3
20"

	# 2. CREATE EXTENSION by a non-superuser, her look-alikes first in search_path
	fresh_db ulid_sql_hostile
	q -d ulid_sql_hostile <<-'SQL'
		GRANT CREATE ON DATABASE ulid_sql_hostile TO ulid_sql_owner;
		CREATE TABLE public.hijacks (what text);
		GRANT INSERT ON public.hijacks TO PUBLIC;
	SQL
	q -d ulid_sql_hostile -f /dev/stdin <<-'SQL' || fail "setting up the look-alikes"
		SET ROLE ulid_sql_owner;
		CREATE SCHEMA evil;
		-- look-alikes of what the edition calls, each recording its call
		DO $do$
		DECLARE f record;
		BEGIN
			FOR f IN SELECT * FROM (VALUES
				('substr', 'text, int, int', 'text'), ('substr', 'text, int', 'text'),
				('lpad', 'text, int, text', 'text'), ('to_hex', 'bigint', 'text'), ('to_hex', 'int', 'text'),
				('format', 'text, text, text', 'text'), ('uuid_out', 'uuid', 'cstring'),
				('encode', 'bytea, text', 'text'), ('substring', 'bytea, int, int', 'bytea'),
				('get_byte', 'bytea, int', 'int'), ('convert_to', 'text, name', 'bytea'),
				('current_setting', 'text, boolean', 'text'), ('set_config', 'text, text, boolean', 'text'),
				('gen_random_uuid', '', 'uuid'), ('clock_timestamp', '', 'timestamptz'),
				('lower', 'text', 'text'), ('right', 'text, int', 'text'), ('left', 'text, int', 'text'),
				('strpos', 'text, text', 'int'), ('floor', 'numeric', 'numeric'), ('char_length', 'text', 'int'),
				('octet_length', 'text', 'int'), ('reverse', 'text', 'text'),
				('timestamptz_send', 'timestamptz', 'bytea'), ('int8send', 'bigint', 'bytea'),
				('uuid_send', 'uuid', 'bytea')) v(name, args, ret)
			LOOP
				IF f.ret = 'cstring' THEN CONTINUE; END IF;
				EXECUTE format($f$CREATE FUNCTION evil.%I(%s) RETURNS %s LANGUAGE plpgsql AS
					$b$BEGIN INSERT INTO public.hijacks VALUES (%L); RAISE WARNING 'hijacked: %s'; RETURN NULL; END$b$$f$,
					f.name, f.args, f.ret, f.name, f.name);
			END LOOP;
		END $do$;
		-- operators on the argument types the edition uses, and casts' look-alikes
		CREATE FUNCTION evil.op(bigint, integer) RETURNS bigint LANGUAGE plpgsql AS
			$b$BEGIN INSERT INTO public.hijacks VALUES ('operator'); RETURN 0; END$b$;
		CREATE OPERATOR evil.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
		CREATE OPERATOR evil.| (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
		CREATE OPERATOR evil.>> (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
		CREATE OPERATOR evil.+ (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
		CREATE OPERATOR evil.<< (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = evil.op);
		CREATE TYPE evil.int8 AS (x int);
		CREATE TYPE evil.text AS (x int);
		CREATE TYPE evil.uuid AS (x int);
		CREATE TYPE evil.bit AS (x int);
	SQL
	if q -d ulid_sql_hostile -c "SET ROLE ulid_sql_owner" -c "SET search_path = evil, public" \
		-c "CREATE EXTENSION ulid_sql SCHEMA evil" 2>&1; then
		pass "CREATE EXTENSION ulid_sql by a non-superuser into her schema"
	else
		fail "CREATE EXTENSION ulid_sql by a non-superuser into her schema"
	fi
	check "calls of look-alikes during CREATE EXTENSION" "$(q -d ulid_sql_hostile -c "SELECT count(*) FROM public.hijacks")" 0
	# the functions called with her search_path, pg_catalog searched first as always
	check "ulid_sql's functions under that search_path" "$(q -d ulid_sql_hostile -c "SET ROLE ulid_sql_owner" -c "SET search_path = evil, public" -c "
		SELECT ulid_to_text(ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV')), ulid_time(ulid_lower('2026-11-01 00:00+00')),
		       ulid_to_typeid(ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user'), 'user'),
		       typeid_prefix('a_b_01h455vb4pex5vsknk084sn02q'), ulid_is_uuidv7(gen_ulid()) IS NOT NULL,
		       gen_random_ulid() < gen_ulid('10889-08-02 05:31:50+00'), gen_ulid() < gen_ulid()")" \
		"01ARYZ6S41TSV4RRFFQ69G5FAV|2026-11-01 00:00:00+00|user_01h455vb4pex5vsknk084sn02q|a_b|t|t|t"
	check "the generators in UUIDv7 mode under that search_path" "$(q -d ulid_sql_hostile -c "SET ROLE ulid_sql_owner" -c "SET search_path = evil, public" -c "SET ulid.uuidv7 = on" -c "
		SELECT gen_ulid() < gen_ulid(), ulid_is_uuidv7(gen_ulid()), ulid_is_uuidv7(gen_random_ulid()), ulid_is_uuidv7(gen_ulid('2026-11-01 00:00+00'))")" "t|t|t|t"
	check "calls of look-alikes while they ran" "$(q -d ulid_sql_hostile -c "SELECT count(*) FROM public.hijacks")" 0
	check "the extension's objects are the superuser-run script's" \
		"$(q -d ulid_sql_hostile -c "SELECT extrelocatable, (SELECT count(*) FROM pg_depend d WHERE refobjid = e.oid AND deptype = 'e' AND NOT (classid = 'pg_type'::regclass AND (SELECT typcategory FROM pg_type WHERE oid = d.objid) = 'A')) FROM pg_extension e WHERE extname = 'ulid_sql'")" "t|21"

	# 3. the C extension's README examples that the edition supports, as written
	fresh_db ulid_sql_readme
	check "README examples of the C extension, unchanged, on ulid_sql" "$(q -d ulid_sql_readme <<-'SQL'
		CREATE EXTENSION ulid_sql;
		CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric);
		INSERT INTO orders (total) VALUES (9.99);
		SELECT count(*) FROM orders WHERE id >= ulid_lower(now() - interval '1 day');
		CREATE TABLE events (id ulid PRIMARY KEY DEFAULT gen_ulid(), payload jsonb);
		INSERT INTO events (payload) VALUES ('{}'), ('{}');
		SELECT count(*) FROM events
		 WHERE id >= ulid_lower(date_trunc('day', now())) AND id < ulid_lower(date_trunc('day', now()) + interval '1 day');
		INSERT INTO events (id, payload) VALUES (gen_ulid('2024-03-01 12:00+00'), '{"old": true}');
		CREATE INDEX ON events USING brin (id);
		CREATE TABLE p_events (id ulid NOT NULL DEFAULT gen_ulid(), payload jsonb) PARTITION BY RANGE (id);
		CREATE TABLE p_events_2026_11 PARTITION OF p_events
		    FOR VALUES FROM (ulid_lower('2026-11-01 00:00+00')) TO (ulid_lower('2026-12-01 00:00+00'));
		CREATE TABLE p_events_default PARTITION OF p_events DEFAULT;
		INSERT INTO p_events (id, payload) VALUES (gen_ulid('2026-11-15 00:00+00'), '{}');
		SELECT tableoid::regclass FROM p_events;
		CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
		CREATE TABLE payments (account ulid NOT NULL REFERENCES accounts, amount numeric);
		INSERT INTO accounts DEFAULT VALUES;
		INSERT INTO payments SELECT id, 9.99 FROM accounts;
		SELECT count(*) FROM payments p JOIN accounts a ON a.id = p.account;
		CREATE TABLE v7_keys (id ulid PRIMARY KEY DEFAULT gen_ulid() CHECK (ulid_is_uuidv7(id)));
		SET ulid.uuidv7 = on;
		INSERT INTO v7_keys DEFAULT VALUES;
		SELECT ulid_to_typeid(id, 'user') LIKE 'user\_%' FROM v7_keys;
	SQL
	)" "1
2
p_events_2026_11
1
t"
}

lookalikes() {
	echo "== lookalikes"
	local db=ulid_sql_lookalikes form out
	q -d postgres -c "DROP DATABASE IF EXISTS $db"
	q -d postgres <<-'SQL'
		DROP ROLE IF EXISTS ulid_sql_mallory;
		DROP ROLE IF EXISTS ulid_sql_victim;
		CREATE ROLE ulid_sql_mallory LOGIN;
		CREATE ROLE ulid_sql_victim LOGIN;
	SQL
	fresh_db $db
	q -d $db <<-'SQL'
		GRANT CREATE ON DATABASE ulid_sql_lookalikes TO ulid_sql_mallory;
		CREATE SCHEMA ext;
		CREATE EXTENSION ulid_sql SCHEMA ext;
		CREATE SCHEMA script;
		GRANT USAGE ON SCHEMA ext, script TO PUBLIC;
	SQL
	PGOPTIONS='-c search_path=script' psql -X -q -d $db -f "$dist/ulid_sql.sql" >/dev/null || fail "psql -f ulid_sql.sql into schema script"
	# mallory's schema: for each operator of pg_catalog, one of the same
	# name and operand types that counts its call (a sequence: a statement
	# that fails keeps the count) and returns what the original does
	PGUSER=ulid_sql_mallory q -d $db <<-'SQL'
		SET search_path = pg_catalog;
		CREATE SCHEMA evil;
		GRANT USAGE ON SCHEMA evil TO PUBLIC;
		CREATE SEQUENCE evil.calls;
		GRANT USAGE ON SEQUENCE evil.calls TO PUBLIC;
		CREATE TABLE evil.called (op text);
		GRANT INSERT ON evil.called TO PUBLIC;
		DO $do$
		DECLARE
			o record;
		BEGIN
			FOR o IN SELECT op.oid, op.oprname, op.oprleft, op.oprright, op.oprresult, p.proname
				FROM pg_operator op JOIN pg_proc p ON p.oid = op.oprcode
				WHERE op.oprnamespace = 'pg_catalog'::regnamespace
			LOOP
				EXECUTE format('CREATE FUNCTION evil.op%s(%s) RETURNS %s LANGUAGE plpgsql AS %L', o.oid,
					concat_ws(', ', CASE WHEN o.oprleft <> 0 THEN format_type(o.oprleft, NULL) END, format_type(o.oprright, NULL)),
					format_type(o.oprresult, NULL),
					format('BEGIN PERFORM pg_catalog.nextval(%L::pg_catalog.regclass); INSERT INTO evil.called VALUES (%L); RETURN pg_catalog.%I(%s); END',
						   'evil.calls', concat_ws(' ', format_type(nullif(o.oprleft, 0), NULL), o.oprname, format_type(o.oprright, NULL)),
						   o.proname, CASE WHEN o.oprleft <> 0 THEN '$1, $2' ELSE '$1' END));
				EXECUTE format('CREATE OPERATOR evil.%s (%s RIGHTARG = %s, FUNCTION = evil.op%s)', o.oprname,
					CASE WHEN o.oprleft <> 0 THEN format('LEFTARG = %s,', format_type(o.oprleft, NULL)) END,
					format_type(o.oprright, NULL), o.oid);
			END LOOP;
		END
		$do$;
		-- and a "C" that ignores case, where the server has ICU
		DO $do$
		BEGIN
			IF EXISTS (SELECT FROM pg_collation WHERE collprovider = 'i') THEN
				CREATE COLLATION evil."C" (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
			END IF;
		END
		$do$;
	SQL
	check "look-alikes of pg_catalog's operators" "$(q -d $db -c "SELECT (SELECT count(*) FROM pg_operator WHERE oprnamespace = 'evil'::regnamespace) = count(*) AND count(*) > 700 FROM pg_operator WHERE oprnamespace = 'pg_catalog'::regnamespace")" t
	echo "look-alike operators: $(q -d $db -c "SELECT count(*) FROM pg_operator WHERE oprnamespace = 'evil'::regnamespace"), collations: $(q -d $db -c "SELECT count(*) FROM pg_collation WHERE collnamespace = 'evil'::regnamespace")"
	calls() { q -d $db -c "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM evil.calls"; }
	victim() { PGUSER=ulid_sql_victim PGOPTIONS="-c search_path=$1" psql -X -At -d $db -f "$here/lookalikes.sql" 2>&1; }
	for form in ext script; do
		out=$(victim "$form")
		check "$form: look-alike calls with search_path $form" "$(calls)" 0
		check "$form: results" "$(grep -c -e '^01ARYZ6S41TSV4RRFFQ69G5FAV|7ZZZZZZZZZZZZZZZZZZZZZZZZZ|00000000000000000000000000$' \
			-e '^user_01h455vb4pex5vsknk084sn02q|01h455vb4pex5vsknk084sn02q|01H455VB4PEX5VSKNK084SN02Q|01H455VB4PEX5VSKNK084SN02Q|a_b|$' \
			-e '^2016-07-30 22:36:16.385+00|01M6A6FT000000000000000000|01M6A6FT00ZZZZZZZZZZZZZZZZ$' -e '^t|f$' \
			-e '^2026-11-01 00:00:00+00|t|t$' -e '^2026-11-01 00:00:00+00|t|t|t$' -e '^999$' -e '^99$' \
			-e '^1d8fda4ce0000124$' -e '^1d8fda4ce0007000$' -e '^1d8fda4ce0007006$' -e '^1d8fda4ce0017000$' <<<"$out") $(grep -c ERROR <<<"$out")" "13 19"
		q -d $db -c "TRUNCATE evil.called" -c "SELECT setval('evil.calls', 1, false)" >/dev/null
		check "$form: the same with search_path evil, pg_catalog, $form" \
			"$(diff <(echo "$out") <(victim "evil,pg_catalog,$form") && echo same)" same
		check "$form: look-alike calls with search_path evil, pg_catalog, $form" "$(calls)" 0
		q -d $db -c "SELECT op || ': ' || count(*) FROM evil.called GROUP BY op ORDER BY count(*) DESC, op" | sed 's/^/  called: /'
		q -d $db -c "TRUNCATE evil.called" -c "SELECT setval('evil.calls', 1, false)" >/dev/null
	done
	# the look-alikes are within the victim's reach, and the inlined SQL
	# functions are inlined under that search_path
	check "a query's own bigint + bigint with search_path evil, pg_catalog" \
		"$(PGUSER=ulid_sql_victim PGOPTIONS="-c search_path=evil,pg_catalog" psql -X -At -d $db -c "SELECT 2::bigint + 2::bigint") calls: $(calls)" "4 calls: 1"
	check "gen_ulid() and ulid_from_text inlined with search_path evil, pg_catalog, ext" \
		"$(PGUSER=ulid_sql_victim PGOPTIONS="-c search_path=evil,pg_catalog,ext" psql -X -At -d $db -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT gen_ulid(), ulid_from_text(pg_catalog.repeat('0', n)) FROM pg_catalog.generate_series(26, 26) n" | grep -o 'ulid_sql_next(\|ulid_sql_from_text(' | sort | tr '\n' ' ')" "ulid_sql_from_text( ulid_sql_next( "
}

differential() {
	echo "== differential ($values values)"
	fresh_db ulid_sql_diff
	q -d ulid_sql_diff <<-'SQL'
		CREATE SCHEMA c;
		CREATE EXTENSION ulid SCHEMA c;
		CREATE SCHEMA s;
		CREATE EXTENSION ulid_sql SCHEMA s;
		-- an error's SQLSTATE, message, detail and hint, or 'ok'
		CREATE FUNCTION err(q text, arg text) RETURNS text LANGUAGE plpgsql AS $$
		DECLARE m text; d text; h text;
		BEGIN
			EXECUTE q USING arg;
			RETURN 'ok';
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
			RETURN SQLSTATE || ' | ' || m || ' | ' || d || ' | ' || h;
		END $$;
	SQL
	# the C extension's text, and ulid_to_text/ulid_from_text when it has them
	if [ "$(q -d ulid_sql_diff -c "SELECT count(*) FROM pg_proc WHERE proname = 'ulid_to_text' AND pronamespace = 'c'::regnamespace")" = 1 ]; then
		c_text='c.ulid_to_text(u::c.ulid)'
		c_from='c.ulid_from_text($1)'
	else
		c_text='(u::c.ulid)::text'
		c_from='$1::c.ulid'
	fi
	echo "C extension's text: $c_text, $c_from"
	q -d ulid_sql_diff -c "
		CREATE TABLE v AS
			SELECT gen_random_uuid() AS u FROM generate_series(1, $values)
			UNION ALL SELECT (lpad(to_hex(1::int8 << k), 16, '0') || repeat('0', 16))::uuid FROM generate_series(0, 62) k
			UNION ALL SELECT ('0000000000000000' || lpad(to_hex(1::int8 << k), 16, '0'))::uuid FROM generate_series(0, 62) k
			UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
			                 ('80000000-0000-0000-8000-000000000000'), ('7fffffff-ffff-ffff-7fff-ffffffffffff');
		CREATE TABLE ts AS
			SELECT 'epoch'::timestamptz + random() * ('10889-08-02 05:31:50.655999+00'::timestamptz - 'epoch'::timestamptz) AS t
			FROM generate_series(1, $values)
			UNION ALL SELECT now() + n * interval '0.37 ms' FROM generate_series(1, $values / 10) n
			UNION ALL VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('1970-01-01 00:00:00.000999+00'),
			                 ('10889-08-02 05:31:50.655+00'), ('10889-08-02 05:31:50.655999+00'), ('2038-01-19 03:14:08+00');"
	check "values compared" "$(q -d ulid_sql_diff -c "SELECT count(*) >= $values FROM v")" t
	check "text differences" "$(q -d ulid_sql_diff -c "SELECT count(*) FROM v WHERE s.ulid_to_text(u) IS DISTINCT FROM $c_text")" 0
	check "text-input differences (upper and lower case)" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM (SELECT s.ulid_to_text(u) AS t FROM v) x
		WHERE s.ulid_from_text(t)::uuid IS DISTINCT FROM (t::c.ulid)::uuid
		   OR s.ulid_from_text(lower(t))::uuid IS DISTINCT FROM (lower(t)::c.ulid)::uuid")" 0
	check "time differences" "$(q -d ulid_sql_diff -c "SELECT count(*) FROM v WHERE s.ulid_time(u) IS DISTINCT FROM c.ulid_time(u::c.ulid)")" 0
	check "bounds differences" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM ts WHERE s.ulid_lower(t)::uuid IS DISTINCT FROM c.ulid_lower(t)::uuid
		                           OR s.ulid_upper(t)::uuid IS DISTINCT FROM c.ulid_upper(t)::uuid
		                           OR s.ulid_time(s.ulid_lower(t)) IS DISTINCT FROM c.ulid_time(c.ulid_lower(t))")" 0
	check "bounds errors differing (out of range)" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM (VALUES ('1969-12-31 23:59:59.999999+00'), ('10889-08-02 05:31:50.656+00'), ('infinity'), ('-infinity')) x(t)
		WHERE err('SELECT s.ulid_lower(\$1::timestamptz)', t) <> err('SELECT c.ulid_lower(\$1::timestamptz)', t)
		   OR err('SELECT s.gen_ulid(\$1::timestamptz)', t) <> err('SELECT c.gen_ulid(\$1::timestamptz)', t)
		   OR err('SELECT s.ulid_lower(\$1::timestamptz)', t) NOT LIKE '22008 | %'")" 0
	check "TypeID differences" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM v
		WHERE s.ulid_to_typeid(u, 'pre_fix') IS DISTINCT FROM c.ulid_to_typeid(u::c.ulid, 'pre_fix')
		   OR s.ulid_to_typeid(u, '') IS DISTINCT FROM c.ulid_to_typeid(u::c.ulid, '')
		   OR s.ulid_from_typeid(c.ulid_to_typeid(u::c.ulid, 'user'), 'user')::uuid IS DISTINCT FROM u
		   OR s.typeid_prefix(c.ulid_to_typeid(u::c.ulid, 'a_b')) IS DISTINCT FROM 'a_b'")" 0
	check "UUIDv7 differences" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM (SELECT u FROM v UNION ALL
		                      SELECT overlay(u::text placing '7' from 15 for 1)::uuid FROM v) x
		WHERE s.ulid_is_uuidv7(u) IS DISTINCT FROM c.ulid_is_uuidv7(u::c.ulid)")" 0
	# bad text: every length 0-40, every ASCII byte and some multibyte
	# characters at 6 positions, every first character, and mixtures
	q -d ulid_sql_diff -c "
		CREATE TABLE bad AS
			SELECT repeat('1', n) AS t FROM generate_series(0, 40) n
			UNION ALL SELECT overlay('01ARYZ6S41TSV4RRFFQ69G5FAV' placing chr(b) from p for 1)
			FROM generate_series(1, 127) b, unnest(ARRAY[1, 2, 11, 14, 25, 26]) p
			UNION ALL SELECT overlay('01ARYZ6S41TSV4RRFFQ69G5FAV' placing c from p for 1)
			FROM unnest(ARRAY['é', '€', '𝄞', 'ı', 'ß']) c, unnest(ARRAY[1, 13, 26]) p
			UNION ALL SELECT c || repeat('Z', 25) FROM regexp_split_to_table('0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz', '') c
			UNION ALL VALUES ('ééééééééééééé'), ('é' || repeat('0', 24)), (repeat('0', 24) || 'é'), ('8' || repeat('U', 25)),
			                 ('01ARYZ6S41TSV4RRFFQ69G5FAV '), ('{01ARYZ6S41TSV4RRFFQ69G5FAV}'), ('01563df3-6481-d676-4c61-efb99302bd5b');"
	check "bad texts compared" "$(q -d ulid_sql_diff -c "SELECT count(*) > 800 FROM bad")" t
	local diffs
	diffs=$(q -d ulid_sql_diff -c "
		SELECT t || ': ' || a || ' <> ' || b FROM (
			SELECT t, err('SELECT s.ulid_from_text(\$1)', t) a, err('SELECT $c_from', t) b FROM bad) x
		WHERE a <> b LIMIT 5")
	check "text-input error differences" "$diffs" ""
	check "text-input errors that are not 22P02" "$(q -d ulid_sql_diff -c "SELECT count(*) FROM bad WHERE err('SELECT s.ulid_from_text(\$1)', t) NOT LIKE '22P02 | %' AND err('SELECT s.ulid_from_text(\$1)', t) <> 'ok'")" 0
	# bad TypeIDs: the C extension's vectors and mutations of valid ones at
	# every position, with prefixes of 0, 1, 62, 63 and 64 letters
	q -d ulid_sql_diff -c "
		CREATE TABLE badtid AS
			WITH base(t) AS (VALUES ('01h455vb4pex5vsknk084sn02q'), ('a_01h455vb4pex5vsknk084sn02q'),
			                        ('pre_fix_01h455vb4pex5vsknk084sn02q'), (repeat('a', 62) || '_01h455vb4pex5vsknk084sn02q'),
			                        (repeat('a', 63) || '_01h455vb4pex5vsknk084sn02q'), (repeat('a', 64) || '_01h455vb4pex5vsknk084sn02q'))
			SELECT t FROM base
			UNION ALL SELECT overlay(t placing c from p for 1)
			FROM base, unnest(ARRAY['A', 'Z', '_', '-', ' ', '8', 'o', 'u', 'é', '0', 'z']) c, generate_series(1, length(t)) p
			UNION ALL SELECT substr(t, 2) FROM base UNION ALL SELECT t || 'x' FROM base UNION ALL SELECT '_' || t FROM base
			UNION ALL VALUES (''), ('_'), ('__'), ('a_'), ('_a'), ('PREFIX_00000000000000000000000000'), ('préfix_00000000000000000000000000'),
			                 ('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'), ('prefix_0123456789ABCDEFGHJKMNPQRS'), ('prefix__00000000000000000000000000');"
	check "bad TypeIDs compared" "$(q -d ulid_sql_diff -c "SELECT count(*) > 3000 FROM badtid")" t
	diffs=$(q -d ulid_sql_diff -c "
		SELECT t || ': ' || a || ' <> ' || b FROM (
			SELECT t, err('SELECT s.ulid_from_typeid(\$1)', t) || err('SELECT s.typeid_prefix(\$1)', t)
			          || err('SELECT s.ulid_from_typeid(\$1, ''pre_fix'')', t) a,
			          err('SELECT c.ulid_from_typeid(\$1)', t) || err('SELECT c.typeid_prefix(\$1)', t)
			          || err('SELECT c.ulid_from_typeid(\$1, ''pre_fix'')', t) b FROM badtid) x
		WHERE a <> b LIMIT 5")
	check "TypeID error differences" "$diffs" ""
	diffs=$(q -d ulid_sql_diff -c "
		SELECT p || ': ' || a || ' <> ' || b FROM (
			SELECT p, err('SELECT s.ulid_to_typeid(''01563df3-6481-d676-4c61-efb99302bd5b'', \$1)', p) a,
			          err('SELECT c.ulid_to_typeid(''01ARYZ6S41TSV4RRFFQ69G5FAV'', \$1)', p) b
			FROM (SELECT left(t, greatest(strpos(t, '_') - 1, 0)) AS p FROM badtid UNION SELECT t FROM badtid) x) y
		WHERE a <> b LIMIT 5")
	check "TypeID prefix error differences" "$diffs" ""
	# ulid.uuidv7: the C extension refuses a value at SET (its library
	# defines the setting), the edition when a generator reads it; the same
	# values are taken, and read alike (20 values of each generator all
	# UUIDv7s or not), but '', which the edition cannot tell from a reset
	# placeholder and reads as off
	q -d ulid_sql_diff <<-'SQL'
		CREATE FUNCTION v7(gen text, v text) RETURNS text LANGUAGE plpgsql AS $$
		DECLARE r text;
		BEGIN
			PERFORM set_config('ulid.uuidv7', v, false);
			EXECUTE 'SELECT ' || gen INTO r;
			RETURN r;
		EXCEPTION WHEN OTHERS THEN
			RETURN SQLSTATE || ' ' || SQLERRM;
		END $$;
		CREATE TABLE v7_values AS SELECT unnest(ARRAY['onn', '2', ' on', 'on ', '', 'o', 'of', 'off', 'on', 'ON', 'true', 'T', 'tr',
			'truee', 'False', 'fals', 'yes', 'y', 'ye', 'yess', 'no', 'N', 'non', '1', '0', '01', 'maybe', ' ']) AS v;
	SQL
	check "ulid.uuidv7 values compared" "$(q -d ulid_sql_diff -c "SELECT count(*) FROM v7_values")" 28
	# the edition in a session without the C library, which would define the setting
	q -d ulid_sql_diff -c "
		CREATE TABLE v7_sql AS SELECT v, v7('bool_and(s.ulid_is_uuidv7(s.gen_ulid())) FROM generate_series(1, 20)', v) AS a, v7('bool_and(s.ulid_is_uuidv7(s.gen_random_ulid())) FROM generate_series(1, 20)', v) AS b,
		                              v7('bool_and(s.ulid_is_uuidv7(s.gen_ulid(now()))) FROM generate_series(1, 20)', v) AS c FROM v7_values"
	q -d ulid_sql_diff -c "LOAD 'ulid'" -c "
		CREATE TABLE v7_c AS SELECT v, v7('bool_and(c.ulid_is_uuidv7(c.gen_ulid())) FROM generate_series(1, 20)', v) AS a, v7('bool_and(c.ulid_is_uuidv7(c.gen_random_ulid())) FROM generate_series(1, 20)', v) AS b,
		                            v7('bool_and(c.ulid_is_uuidv7(c.gen_ulid(now()))) FROM generate_series(1, 20)', v) AS c FROM v7_values"
	check "ulid.uuidv7 values refused by the C extension at SET (22023)" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM v7_c WHERE a = '22023 parameter \"ulid.uuidv7\" requires a Boolean value' AND b = a AND c = a")" 12
	check "ulid.uuidv7 differences from the C extension, but ''" "$(q -d ulid_sql_diff -c "
		SELECT string_agg(quote_literal(v) || ': ' || s.a || ',' || s.b || ',' || s.c || ' <> ' || c.a, '; ')
		FROM v7_sql s JOIN v7_c c USING (v) WHERE (s.a, s.b, s.c) IS DISTINCT FROM (c.a, c.b, c.c) AND v <> ''")" ""
	check "ulid.uuidv7 = '': the C extension refuses it, the edition reads off" \
		"$(q -d ulid_sql_diff -c "SELECT s.a || ',' || s.b || ',' || s.c || '|' || c.a FROM v7_sql s JOIN v7_c c USING (v) WHERE v = ''")" \
		'false,false,false|22023 parameter "ulid.uuidv7" requires a Boolean value'
	check "ulid.uuidv7 values the edition reads as on" "$(q -d ulid_sql_diff -c "SELECT string_agg(quote_literal(v), ' ' ORDER BY v COLLATE \"C\") FROM v7_sql WHERE a = 'true' AND b = a AND c = a")" \
		"'1' 'ON' 'T' 'on' 'tr' 'true' 'y' 'ye' 'yes'"

	# generators: ulid_sql's values are ULIDs the C type reads alike
	check "generated values read by the C type" "$(q -d ulid_sql_diff -c "
		SELECT count(*) FROM (SELECT s.gen_ulid() AS a, s.gen_random_ulid() AS b FROM generate_series(1, 10000)) x
		WHERE (a::c.ulid)::text <> s.ulid_to_text(a) OR c.ulid_time(b::c.ulid) <> s.ulid_time(b)")" 0
}

migration() {
	echo "== migration ($rows rows)"
	fresh_db ulid_sql_mig
	# the uuid schema: customers <- orders <- order_lines, orders <- order_events (partitioned)
	q -d ulid_sql_mig -c "
		CREATE EXTENSION ulid_sql;
		CREATE EXTENSION amcheck;
		CREATE TABLE customers (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text);
		CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
		                     customer uuid NOT NULL REFERENCES customers, total numeric);
		CREATE INDEX orders_customer ON orders (customer);
		CREATE INDEX orders_brin ON orders USING brin (id);
		CREATE TABLE order_lines (order_id uuid NOT NULL REFERENCES orders, item int);
		CREATE INDEX order_lines_order ON order_lines (order_id);
		CREATE TABLE order_events (id uuid NOT NULL DEFAULT gen_random_uuid(), order_id uuid NOT NULL REFERENCES orders,
		                           at date NOT NULL) PARTITION BY RANGE (at);
		CREATE TABLE order_events_old PARTITION OF order_events FOR VALUES FROM (MINVALUE) TO ('2026-01-01');
		CREATE TABLE order_events_new PARTITION OF order_events FOR VALUES FROM ('2026-01-01') TO (MAXVALUE);
		CREATE INDEX order_events_order ON order_events (order_id);
		INSERT INTO customers (name) SELECT 'c' || n FROM generate_series(1, 10000) n;
		INSERT INTO orders (customer, total) SELECT id, n FROM (SELECT id, row_number() OVER () AS n FROM customers) c,
		                                                       generate_series(1, $rows / 10000);
		INSERT INTO order_lines SELECT id, 1 FROM orders WHERE total < 3;
		INSERT INTO order_events (order_id, at) SELECT id, date '2025-06-01' + (total::int % 365) FROM orders WHERE total < 5;" &&
		q -d ulid_sql_mig -c 'VACUUM ANALYZE' || fail "the uuid tables"
	check "orders rows" "$(q -d ulid_sql_mig -c "SELECT count(*) FROM orders")" "$rows"
	snapshot() {	# relfilenodes and row digests, one line a relation
		q -d ulid_sql_mig -c "
			SELECT c.relname || ' ' || c.relfilenode FROM pg_class c
			WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i') ORDER BY 1" >"$1.files"
		q -d ulid_sql_mig -c "
			SELECT 'customers ' || md5(string_agg(id::uuid::text || name, ',' ORDER BY id::uuid)) FROM customers
			UNION ALL SELECT 'orders ' || md5(string_agg(id::uuid::text || customer::uuid::text || total, ',' ORDER BY id::uuid)) FROM orders
			UNION ALL SELECT 'order_lines ' || md5(string_agg(order_id::uuid::text, ',' ORDER BY order_id::uuid)) FROM order_lines
			UNION ALL SELECT 'order_events ' || md5(string_agg(id::uuid::text || order_id::uuid::text || at, ',' ORDER BY id::uuid)) FROM order_events" >"$1.rows"
		check "$(basename "$1"): relations and digests" "$(grep -c '' "$1.files") $(grep -c '^[a-z_]* [0-9a-f]\{32\}$' "$1.rows")" "12 4"
	}
	tables='^(customers|orders|order_lines|order_events_old|order_events_new) '
	work=$(mktemp -d /tmp/ulid-sql-mig.XXXXXX)
	snapshot "$work/uuid"

	# way in 1: uuid columns to ulid_sql's domain
	q -d ulid_sql_mig -c "
		BEGIN;
		ALTER TABLE customers ALTER COLUMN id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE orders ALTER COLUMN id TYPE ulid, ALTER COLUMN customer TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid;
		ALTER TABLE order_events ALTER COLUMN id TYPE ulid, ALTER COLUMN order_id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		COMMIT;" || fail "uuid columns to ulid_sql"
	snapshot "$work/sql"
	check "uuid -> ulid_sql: rows" "$(diff "$work/uuid.rows" "$work/sql.rows" && echo same)" same
	check "uuid -> ulid_sql: tables rewritten" "$(diff <(grep -E "$tables" "$work/uuid.files") <(grep -E "$tables" "$work/sql.files") | grep -c '^>')" 0
	echo "indexes rebuilt (new relfilenode):"
	diff <(grep -vE "$tables" "$work/uuid.files") <(grep -vE "$tables" "$work/sql.files") | sed -n 's/^> /  /p'
	# the domain has uuid's operator classes: indexes are kept, but those of
	# the partitions of a partitioned index, which PostgreSQL builds again
	check "uuid -> ulid_sql: indexes rebuilt" "$(diff <(grep -vE "$tables" "$work/uuid.files") <(grep -vE "$tables" "$work/sql.files") | sed -n 's/^> \([a-z_]*\) .*/\1/p' | paste -sd ' ')" \
		"order_events_new_order_id_idx order_events_old_order_id_idx"
	check "uuid -> ulid_sql: columns of the domain" "$(q -d ulid_sql_mig -c "SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relkind IN ('r', 'p') AND atttypid = 'ulid'::regtype AND attnum > 0")" 10
	q -d ulid_sql_mig -c "INSERT INTO orders (customer, total) SELECT id, -1 FROM customers LIMIT 1"
	check "uuid -> ulid_sql: a new row's key from gen_ulid()" "$(q -d ulid_sql_mig -c "SELECT ulid_time(id) > now() - interval '1 minute' FROM orders WHERE total = -1")" t
	q -d ulid_sql_mig -c "DELETE FROM orders WHERE total = -1"

	# the way to the C type: the edition moves out of the way, the C
	# extension comes in, every column changes type, defaults change, the
	# edition goes
	local start=$SECONDS
	q -d ulid_sql_mig -c "SELECT pg_stat_reset()" >/dev/null
	if q -d ulid_sql_mig <<-'SQL'
		BEGIN;
		CREATE SCHEMA ulid_sql_old;
		ALTER EXTENSION ulid_sql SET SCHEMA ulid_sql_old;
		CREATE EXTENSION ulid;
		ALTER TABLE customers ALTER COLUMN id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE orders ALTER COLUMN id TYPE ulid, ALTER COLUMN customer TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid;
		ALTER TABLE order_events ALTER COLUMN id TYPE ulid, ALTER COLUMN order_id TYPE ulid, ALTER COLUMN id SET DEFAULT gen_ulid();
		DROP EXTENSION ulid_sql;
		DROP SCHEMA ulid_sql_old;
		COMMIT;
	SQL
	then pass "ulid_sql -> ulid ($((SECONDS - start)) s)"; else fail "ulid_sql -> ulid"; fi
	q -d ulid_sql_mig -c "SELECT pg_stat_force_next_flush()" >/dev/null 2>&1 || true
	echo "scans during the change (index builds and foreign-key checks; no other query since pg_stat_reset): $(q -d ulid_sql_mig -c "SELECT string_agg(relname || ' seq ' || seq_scan || ' idx ' || coalesce(idx_scan, 0), '; ' ORDER BY relname) FROM pg_stat_user_tables WHERE relname IN ('customers', 'orders', 'order_lines', 'order_events_old', 'order_events_new')")"
	snapshot "$work/c"
	check "ulid_sql -> ulid: rows" "$(diff "$work/sql.rows" "$work/c.rows" && echo same)" same
	check "ulid_sql -> ulid: tables rewritten" "$(diff <(grep -E "$tables" "$work/sql.files") <(grep -E "$tables" "$work/c.files") | grep -c '^>')" 0
	echo "indexes rebuilt (new relfilenode):"
	diff <(grep -vE "$tables" "$work/sql.files") <(grep -vE "$tables" "$work/c.files") | sed -n 's/^> /  /p'
	check "ulid_sql -> ulid: indexes rebuilt" "$(diff <(grep -vE "$tables" "$work/sql.files") <(grep -vE "$tables" "$work/c.files") | grep -c '^>')" 7
	check "ulid_sql -> ulid: columns of the C type" "$(q -d ulid_sql_mig -c "SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relkind IN ('r', 'p') AND atttypid = 'public.ulid'::regtype AND attnum > 0")" 10
	check "ulid_sql -> ulid: defaults" "$(q -d ulid_sql_mig -c "SELECT string_agg(DISTINCT pg_get_expr(adbin, adrelid), ', ') FROM pg_attrdef WHERE adrelid::regclass::text IN ('customers', 'orders', 'order_events')")" "gen_ulid()"
	check "ulid_sql -> ulid: extensions" "$(q -d ulid_sql_mig -c "SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension")" "amcheck,plpgsql,ulid"
	check "ulid_sql -> ulid: foreign keys valid" "$(q -d ulid_sql_mig -c "SELECT count(*), bool_and(convalidated) FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('orders', 'order_lines', 'order_events')")" "3|t"
	check "ulid_sql -> ulid: btree indexes pass amcheck" "$(q -d ulid_sql_mig -c "SELECT count(*) FROM (SELECT bt_index_check(c.oid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace) x")" 6
	check "ulid_sql -> ulid: foreign keys enforced" "$(q -d ulid_sql_mig -c "INSERT INTO order_lines VALUES (gen_ulid(), 0)" 2>&1 | grep -c 'violates foreign key constraint')" 1
	check "ulid_sql -> ulid: a new row's key" "$(q -d ulid_sql_mig -c "INSERT INTO orders (customer, total) SELECT id, -1 FROM customers LIMIT 1 RETURNING id::text ~ '^[0-7][0-9A-Z]{25}\$' AND ulid_time(id) > now() - interval '1 minute'")" t

	# way in 2: char(26) ULIDs in lower case (Laravel's HasUlids) to either edition
	for target in ulid_sql ulid; do
		fresh_db ulid_sql_char
		if [ $target = ulid_sql ]; then
			conv='ulid_from_text(%s)' gen='lower(ulid_to_text(gen_random_ulid()))'
		else
			conv='%s::text::ulid' gen='lower(gen_random_ulid()::text)'
		fi
		q -d ulid_sql_char -c "
			CREATE EXTENSION $target;
			CREATE TABLE customers (id char(26) PRIMARY KEY, name text);
			CREATE TABLE orders (id char(26) PRIMARY KEY, customer char(26) NOT NULL REFERENCES customers, total numeric);
			CREATE INDEX orders_customer ON orders (customer);
			CREATE TABLE order_lines (order_id char(26) NOT NULL REFERENCES orders, item int);
			CREATE TABLE order_events (order_id char(26) NOT NULL REFERENCES orders, at date NOT NULL) PARTITION BY RANGE (at);
			CREATE TABLE order_events_old PARTITION OF order_events FOR VALUES FROM (MINVALUE) TO ('2026-01-01');
			CREATE TABLE order_events_new PARTITION OF order_events FOR VALUES FROM ('2026-01-01') TO (MAXVALUE);
			INSERT INTO customers SELECT $gen, 'c' || n FROM generate_series(1, 10000) n;
			INSERT INTO orders SELECT $gen, id, n
			FROM (SELECT id, row_number() OVER () AS n FROM customers) c, generate_series(1, $rows / 10000);
			INSERT INTO order_lines SELECT id, 1 FROM orders WHERE total < 3;
			INSERT INTO order_events SELECT id, date '2025-06-01' + (total::int % 365) FROM orders WHERE total < 5;" >/dev/null
		check "char(26) ULIDs in lower case in $target's database" "$(q -d ulid_sql_char -c "SELECT count(*) FILTER (WHERE id ~ '^[0-7][0-9a-z]{25}\$') FROM orders")" "$rows"
		before=$(q -d ulid_sql_char -c "SELECT md5(string_agg(upper(o.id) || upper(o.customer) || o.total, ',' ORDER BY upper(o.id) COLLATE \"C\")) FROM orders o")
		[ -n "$before" ] || fail "char(26) -> $target: digest before"

		start=$SECONDS
		if q -d ulid_sql_char -c "
			BEGIN;
			ALTER TABLE order_events DROP CONSTRAINT order_events_order_id_fkey;
			ALTER TABLE order_lines DROP CONSTRAINT order_lines_order_id_fkey;
			ALTER TABLE orders DROP CONSTRAINT orders_customer_fkey;
			ALTER TABLE customers ALTER COLUMN id TYPE ulid USING $(printf "$conv" id), ALTER COLUMN id SET DEFAULT gen_ulid();
			ALTER TABLE orders ALTER COLUMN id TYPE ulid USING $(printf "$conv" id), ALTER COLUMN customer TYPE ulid USING $(printf "$conv" customer),
			                   ALTER COLUMN id SET DEFAULT gen_ulid();
			ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid USING $(printf "$conv" order_id);
			ALTER TABLE order_events ALTER COLUMN order_id TYPE ulid USING $(printf "$conv" order_id);
			ALTER TABLE orders ADD FOREIGN KEY (customer) REFERENCES customers;
			ALTER TABLE order_lines ADD FOREIGN KEY (order_id) REFERENCES orders;
			ALTER TABLE order_events ADD FOREIGN KEY (order_id) REFERENCES orders;
			COMMIT;"; then
			pass "char(26) -> $target ($((SECONDS - start)) s)"
		else
			fail "char(26) -> $target"
		fi
		if [ $target = ulid_sql ]; then txt='ulid_to_text(%s)'; else txt='%s::text'; fi
		check "char(26) -> $target: rows" "$(q -d ulid_sql_char -c "SELECT md5(string_agg($(printf "$txt" o.id) || $(printf "$txt" o.customer) || o.total, ',' ORDER BY o.id)) FROM orders o")" "$before"
		check "char(26) -> $target: foreign keys" "$(q -d ulid_sql_char -c "SELECT count(*), bool_and(convalidated) FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('orders', 'order_lines', 'order_events')")" "3|t"
		check "char(26) -> $target: rows of the partitions" "$(q -d ulid_sql_char -c "SELECT count(*) FROM order_events e JOIN orders o ON o.id = e.order_id")" "$(q -d ulid_sql_char -c "SELECT count(*) FROM orders WHERE total < 5")"
	done
	rm -rf "$work"
}

# a new database with the psql -f script in schema app
script_db() {
	fresh_db "$1"
	q -d "$1" -c "CREATE SCHEMA app" &&
		PGOPTIONS='-c search_path=app' psql -X -q -d "$1" -f "$dist/ulid_sql.sql" >/dev/null ||
		fail "psql -f ulid_sql.sql into schema app of $1"
}

dump() {
	echo "== dump"
	script_db ulid_sql_dump_script
	dump_restore script ulid_sql_dump_script app
	fresh_db ulid_sql_dump_ext
	q -d ulid_sql_dump_ext -c "CREATE EXTENSION ulid_sql" || fail "CREATE EXTENSION ulid_sql"
	dump_restore extension ulid_sql_dump_ext public
}

routes() {
	echo "== routes"
	script_db ulid_sql_route_script
	ROUTE_SEARCH_PATH=app,public route_to_c script ulid_sql_route_script script_to_c
}

for p in "${parts[@]}"; do
	"$p"
done
report sql_edition
