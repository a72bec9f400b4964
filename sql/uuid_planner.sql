--
-- 1.4: comparisons between ulid and uuid are planned as uuid's own.  The
-- planner support of the ten cross-type comparison functions rewrites
-- "ulid_expr op uuid_expr" into "ulid_expr::uuid op uuid_expr" before
-- planning, so join removal, unique joins, merge joins, partition pruning
-- and indexes of either type work as for uuid alone.
--
CREATE TABLE up_orders (id ulid PRIMARY KEY, n int4);
CREATE TABLE up_notes (order_id uuid, body text);
CREATE INDEX up_notes_order_id ON up_notes (order_id);
CREATE TABLE up_accounts (id uuid PRIMARY KEY, n int4);
CREATE TABLE up_logins (account ulid);
CREATE INDEX up_logins_account ON up_logins (account);
INSERT INTO up_orders
SELECT decode(lpad(to_hex(i * 7919), 32, '0'), 'hex')::ulid, i FROM generate_series(1, 1000) AS i;
INSERT INTO up_notes SELECT id, 'note' FROM up_orders, generate_series(1, 4);
INSERT INTO up_accounts SELECT id, n FROM up_orders;
INSERT INTO up_logins SELECT id FROM up_orders, generate_series(1, 4);
ANALYZE up_orders, up_notes, up_accounts, up_logins;

-- join removal: a left join to a unique key of the other type, whose
-- columns the query does not use, is removed, with the key on either side
EXPLAIN (COSTS OFF) SELECT n.* FROM up_notes n LEFT JOIN up_orders o ON o.id = n.order_id;
EXPLAIN (COSTS OFF) SELECT n.* FROM up_notes n LEFT JOIN up_orders o ON n.order_id = o.id;
EXPLAIN (COSTS OFF) SELECT l.* FROM up_logins l LEFT JOIN up_accounts a ON a.id = l.account;
EXPLAIN (COSTS OFF) SELECT l.* FROM up_logins l LEFT JOIN up_accounts a ON l.account = a.id;

-- unique joins: the planner knows each row finds at most one key
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF, VERBOSE) SELECT n.body, o.n FROM up_notes n JOIN up_orders o ON o.id = n.order_id;
EXPLAIN (COSTS OFF, VERBOSE) SELECT n.body, o.n FROM up_notes n JOIN up_orders o ON n.order_id = o.id;
EXPLAIN (COSTS OFF, VERBOSE) SELECT a.n FROM up_logins l JOIN up_accounts a ON a.id = l.account;
RESET enable_mergejoin;
RESET enable_nestloop;

-- merge joins: the uuid index is read in order, with no Sort above it
SET enable_hashjoin = off;
SET enable_nestloop = off;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM up_notes n JOIN up_orders o ON o.id = n.order_id;
EXPLAIN (COSTS OFF) SELECT count(*) FROM up_notes n JOIN up_orders o ON n.order_id = o.id;
EXPLAIN (COSTS OFF) SELECT count(*) FROM up_logins l JOIN up_accounts a ON a.id = l.account;
SELECT count(*) FROM up_notes n JOIN up_orders o ON o.id = n.order_id;
RESET enable_hashjoin;
RESET enable_nestloop;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) FROM up_notes n JOIN up_orders o ON o.id::uuid = n.order_id;

-- partition pruning: RANGE and HASH partitions on a uuid key, ulid values,
-- at plan time (constants) and at run time (a generic plan's parameter)
CREATE TABLE up_range (id uuid) PARTITION BY RANGE (id);
CREATE TABLE up_range_low PARTITION OF up_range
	FOR VALUES FROM (MINVALUE) TO ('00000000-0000-0000-0000-000000100000');
CREATE TABLE up_range_mid PARTITION OF up_range
	FOR VALUES FROM ('00000000-0000-0000-0000-000000100000') TO ('00000000-0000-0000-0000-000000200000');
CREATE TABLE up_range_high PARTITION OF up_range
	FOR VALUES FROM ('00000000-0000-0000-0000-000000200000') TO (MAXVALUE);
CREATE TABLE up_hash (id uuid) PARTITION BY HASH (id);
CREATE TABLE up_hash_0 PARTITION OF up_hash FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE up_hash_1 PARTITION OF up_hash FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE up_hash_2 PARTITION OF up_hash FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO up_range SELECT id FROM up_orders;
INSERT INTO up_hash SELECT id FROM up_orders;
ANALYZE up_range, up_hash;
-- 0000000000000000000007ZZZZ is 00000000-0000-0000-0000-0000007fffff
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE id = '0000000000000000000007ZZZZ'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE '0000000000000000000007ZZZZ'::ulid = id;
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE id < '0000000000000000000007ZZZZ'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE '0000000000000000000007ZZZZ'::ulid >= id;
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE id > '0000000000000000000007ZZZZ'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM up_range WHERE '0000000000000000000007ZZZZ'::ulid <= id;
-- 000000000000000000000FZZR0 is 00000000-0000-0000-0000-000000ffff00, whose
-- 4-byte words read the same backwards: core's hash puts it in the same
-- partition on either byte order (partitions.sql says why)
EXPLAIN (COSTS OFF) SELECT * FROM up_hash WHERE id = '000000000000000000000FZZR0'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM up_hash WHERE '000000000000000000000FZZR0'::ulid = id;
PREPARE up_range_eq(ulid) AS SELECT * FROM up_range WHERE id = $1;
PREPARE up_range_ge(ulid) AS SELECT * FROM up_range WHERE $1 <= id;
PREPARE up_hash_eq(ulid) AS SELECT * FROM up_hash WHERE $1 = id;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE up_range_eq('0000000000000000000007ZZZZ');
EXPLAIN (COSTS OFF) EXECUTE up_range_ge('0000000000000000000010000G');
EXPLAIN (COSTS OFF) EXECUTE up_hash_eq('000000000000000000000FZZR0');
RESET plan_cache_mode;
-- the pruned plans find the rows that no pruning finds
SELECT (SELECT count(*) FROM up_range WHERE id <= '0000000000000000000007ZZZZ'::ulid) AS range_le,
	(SELECT count(*) FROM up_range WHERE id::ulid <= '0000000000000000000007ZZZZ'::ulid) AS unpruned,
	(SELECT count(*) FROM up_hash h JOIN up_orders o ON h.id = o.id) AS hash_eq;

-- every index type on either column type serves every comparison with a
-- value of the other type, in both operand orders, and finds the rows a
-- sequential scan finds.  up_serves() runs a query with scans forced onto
-- indexes, and reports how the plan reads the table and the count.
CREATE TABLE up_both (u uuid, l ulid);
INSERT INTO up_both SELECT id, id FROM up_orders;
ANALYZE up_both;
CREATE EXTENSION btree_gist;
CREATE FUNCTION up_serves(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	how text := 'filter';
	indexed bigint;
	scanned bigint;
BEGIN
	-- SET LOCAL lasts to the end of the caller's transaction: set all four
	SET LOCAL enable_seqscan = off;
	SET LOCAL enable_indexscan = on;
	SET LOCAL enable_indexonlyscan = on;
	SET LOCAL enable_bitmapscan = on;
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line LIKE '%Index Cond%' AND how = 'filter' THEN
			how := 'index';
		END IF;
		IF line LIKE '%Filter:%' THEN
			how := 'filter';
			EXIT;
		END IF;
	END LOOP;
	EXECUTE query INTO indexed;
	SET LOCAL enable_seqscan = on;
	SET LOCAL enable_indexscan = off;
	SET LOCAL enable_indexonlyscan = off;
	SET LOCAL enable_bitmapscan = off;
	EXECUTE query INTO scanned;
	RETURN how || CASE WHEN indexed = scanned THEN ', same rows' ELSE ', different rows' END;
END
$$;
CREATE TABLE up_indexes (col text, how text);
INSERT INTO up_indexes VALUES ('u', 'btree'), ('u', 'hash'), ('u', 'brin'), ('u', 'gist'),
	('l', 'btree'), ('l', 'hash'), ('l', 'brin'), ('l', 'brin_multi'), ('l', 'brin_bloom'), ('l', 'gist');
CREATE TABLE up_ops (op text);
INSERT INTO up_ops VALUES ('<'), ('<='), ('='), ('>='), ('>');
CREATE FUNCTION up_index_ddl(col text, how text) RETURNS text LANGUAGE sql AS $$
SELECT format('CREATE INDEX up_both_idx ON up_both USING %s (%I %s)',
	split_part(how, '_', 1), col,
	CASE how WHEN 'brin_multi' THEN 'ulid_minmax_multi_ops' WHEN 'brin_bloom' THEN 'ulid_bloom_ops' ELSE '' END)
	|| CASE WHEN how LIKE 'brin%' THEN ' WITH (pages_per_range = 1)' ELSE '' END
$$;
CREATE TEMP TABLE up_results (col text, how text, op text, order_of text, result text);
DO $$
DECLARE
	i record;
	o record;
	probe text;
BEGIN
	FOR i IN SELECT * FROM up_indexes LOOP
		EXECUTE up_index_ddl(i.col, i.how);
		-- the probe is of the other type: a ulid for u, a uuid for l
		IF i.col = 'u' THEN
			probe := '''0000000000000000000007ZZZZ''::ulid';
		ELSE
			probe := '''00000000-0000-0000-0000-0000000fffff''::uuid';
		END IF;
		FOR o IN SELECT * FROM up_ops LOOP
			-- hash and bloom indexes serve only =
			CONTINUE WHEN o.op <> '=' AND (i.how = 'hash' OR i.how = 'brin_bloom');
			INSERT INTO up_results VALUES (i.col, i.how, o.op, 'column first',
				up_serves(format('SELECT count(*) FROM up_both WHERE %I %s %s', i.col, o.op, probe)));
			INSERT INTO up_results VALUES (i.col, i.how, o.op, 'value first',
				up_serves(format('SELECT count(*) FROM up_both WHERE %s %s %I', probe, o.op, i.col)));
		END LOOP;
		DROP INDEX up_both_idx;
	END LOOP;
END
$$;
SELECT col, how, string_agg(DISTINCT result, '; ') AS result, count(*) AS checks
FROM up_results GROUP BY col, how ORDER BY col DESC, how;
SELECT count(*) FROM up_results WHERE result <> 'index, same rows';

-- a role without USAGE on the extension's schema plans a query of a view
-- whose ulid BRIN and GiST indexes meet uuid values: planning looks up no
-- operator by name, so it raises no permission error
CREATE SCHEMA up_private;
ALTER EXTENSION ulid SET SCHEMA up_private;
CREATE TABLE up_secret (l up_private.ulid);
INSERT INTO up_secret SELECT id FROM up_orders;
CREATE INDEX up_secret_brin ON up_secret USING brin (l) WITH (pages_per_range = 1);
-- (the view is made with the extension's schema on the search path, so that
-- its condition is the cross-type operator)
SET search_path = public, up_private;
CREATE VIEW up_secret_view AS
SELECT count(*) AS n FROM up_secret WHERE l <= '00000000-0000-0000-0000-0000000fffff'::uuid;
RESET search_path;
SELECT pg_get_viewdef('up_secret_view') LIKE '%OPERATOR(up_private.<=)%' AS cross_type;
CREATE ROLE up_reader;
GRANT SELECT ON up_secret_view TO up_reader;
SET ROLE up_reader;
SET enable_seqscan = off;
SELECT n FROM up_secret_view;
RESET enable_seqscan;
RESET ROLE;
DROP INDEX up_secret_brin;
CREATE INDEX up_secret_gist ON up_secret USING gist (l);
SET ROLE up_reader;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT n FROM up_secret_view;
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET ROLE;
DROP VIEW up_secret_view;
DROP TABLE up_secret;
DROP ROLE up_reader;
ALTER EXTENSION ulid SET SCHEMA public;
DROP SCHEMA up_private;

DEALLOCATE ALL;
DROP FUNCTION up_serves(text), up_index_ddl(text, text);
DROP TABLE up_orders, up_notes, up_accounts, up_logins, up_range, up_hash, up_both,
	up_indexes, up_ops;
DROP EXTENSION btree_gist;
