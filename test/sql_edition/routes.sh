# The routes from a form of ulid_sql to the C extension that
# docs/sql-edition.md gives as blocks marked "tested-by": source it (after
# test/counts.sh), then route_to_c FORM DB BLOCK, where DB has the edition
# in FORM and BLOCK names the guide's block.  It makes the tables of the
# guide's extension route, runs the block as written, with ON_ERROR_STOP,
# and checks that no table was rewritten, the rows and foreign keys are
# there, the columns and defaults are the C extension's, and nothing of the
# edition is left.  Connects as PGUSER (a superuser) to the server of
# PGHOST and PGPORT, with the schemas of ROUTE_SEARCH_PATH (default public).

# the sql block after "<!-- name: NAME -->" in the guide
guide_block() {
	awk -v mark="<!-- name: $1 -->" '$0 == mark { f = 1; next } f && /^```sql$/ { g = 1; next } g && /^```$/ { exit } g' \
		"$(dirname "${BASH_SOURCE[0]}")/../../docs/sql-edition.md"
}

# each table's file and a digest of its rows
route_files="
	SELECT 'customers' AS relname, pg_relation_filenode('customers') AS filenode,
	       (SELECT md5(string_agg(id::uuid::text || name, ',' ORDER BY id::uuid)) FROM customers) AS rows
	UNION ALL SELECT 'orders', pg_relation_filenode('orders'),
	       (SELECT md5(string_agg(id::uuid::text || customer::uuid::text, ',' ORDER BY id::uuid)) FROM orders)"

route_q() { PGOPTIONS="-c client_min_messages=warning -c search_path=${ROUTE_SEARCH_PATH:-public}" psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }

route_to_c() {
	local form=$1 db=$2 block
	block=$(guide_block "$3")
	check "$form route: the guide's block $3" "$(grep -c '^COMMIT;$' <<<"$block")" 1
	route_q -d "$db" -c "
		CREATE TABLE customers (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text);
		CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), customer ulid NOT NULL REFERENCES customers);
		CREATE TABLE order_lines (order_id ulid NOT NULL REFERENCES orders, item int);
		INSERT INTO customers (name) SELECT 'c' || n FROM generate_series(1, 100) n;
		INSERT INTO orders (customer) SELECT id FROM customers, generate_series(1, 10);
		INSERT INTO order_lines SELECT id, 1 FROM orders;
		CREATE TABLE public.route_files AS $route_files" ||
		{ fail "$form route: the tables"; return; }
	if route_q -d "$db" <<<"$block"; then pass "$form route: the guide's block runs"; else fail "$form route: the guide's block runs"; fi
	check "$form route: tables not rewritten, rows the same" \
		"$(route_q -d "$db" -c "SELECT count(*) FROM ($route_files) n JOIN public.route_files f USING (relname, filenode, rows)")" 2
	check "$form route: rows joined" "$(route_q -d "$db" -c "SELECT count(*) FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN customers c ON c.id = o.customer")" 1000
	check "$form route: columns of the C type" "$(route_q -d "$db" -c "
		SELECT count(*) FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
		WHERE a.attrelid IN ('customers'::regclass, 'orders'::regclass, 'order_lines'::regclass) AND t.typname = 'ulid'
		  AND t.typtype = 'b' AND t.typnamespace = 'public'::regnamespace")" 4
	check "$form route: defaults" "$(route_q -d "$db" -c "SELECT string_agg(DISTINCT pg_get_expr(adbin, adrelid), ', ') FROM pg_attrdef WHERE adrelid IN ('customers'::regclass, 'orders'::regclass)")" "gen_ulid()"
	check "$form route: a new key is the C extension's" "$(route_q -d "$db" -c "INSERT INTO customers (name) VALUES ('new') RETURNING id::text ~ '^[0-7][0-9A-Z]{25}\$' AND ulid_time(id) > now() - interval '1 minute'")" t
	check "$form route: the foreign keys hold" "$(route_q -d "$db" -c "INSERT INTO order_lines VALUES (gen_ulid(), 0)" 2>&1 | grep -c 'violates foreign key constraint')" 1
	check "$form route: nothing of the edition left" "$(route_q -d "$db" -c "
		SELECT (SELECT count(*) FROM pg_type WHERE typname = 'ulid') || ' ' || (SELECT count(*) FROM pg_proc WHERE proname LIKE 'ulid\_sql\_%')
		       || ' ' || (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'ulid%')")" "1 0 ulid"
}
