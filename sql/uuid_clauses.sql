--
-- 1.5: a ulid expression compared with a uuid value (a constant, a
-- parameter, a stable expression) is planned as a comparison with ulid's own
-- operator, the value becoming a ulid, so that a clause on a ulid column
-- stays a clause on the bare column, which predicate proofs want: ON
-- CONFLICT arbiters, partial indexes, constraint exclusion.  A uuid column
-- compared with a ulid value gets uuid's own operator, and a join of the two
-- types stays uuid's (sql/uuid_planner.sql).
--
-- 40000000000000000000000000 is 80000000-0000-0000-0000-000000000000, and
-- 60000000000000000000000000 is c0000000-0000-0000-0000-000000000000
--

-- ON CONFLICT with a partial unique index: the statement's WHERE must imply
-- the index's predicate, each written in either type
CREATE TABLE uc_upsert (id int4, k ulid);
CREATE UNIQUE INDEX uc_upsert_ulid ON uc_upsert (id) WHERE k >= '40000000000000000000000000'::ulid;
INSERT INTO uc_upsert VALUES (1, '60000000000000000000000000')
	ON CONFLICT (id) WHERE k >= '80000000-0000-0000-0000-000000000000'::uuid DO NOTHING;
INSERT INTO uc_upsert VALUES (1, '60000000000000000000000000')
	ON CONFLICT (id) WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid DO NOTHING;
INSERT INTO uc_upsert VALUES (1, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ')
	ON CONFLICT (id) WHERE k >= '80000000-0000-0000-0000-000000000000'::uuid
	DO UPDATE SET k = excluded.k RETURNING id, k;
-- a WHERE that does not imply the predicate finds no arbiter (42P10)
INSERT INTO uc_upsert VALUES (1, '60000000000000000000000000')
	ON CONFLICT (id) WHERE k >= '7fffffff-ffff-ffff-ffff-ffffffffffff'::uuid DO NOTHING;
-- a prepared statement, planned twice and then generically
PREPARE uc_upsert_again(int4, ulid) AS INSERT INTO uc_upsert VALUES ($1, $2)
	ON CONFLICT (id) WHERE k >= '80000000-0000-0000-0000-000000000000'::uuid DO NOTHING;
EXECUTE uc_upsert_again(1, '60000000000000000000000000');
EXECUTE uc_upsert_again(2, '60000000000000000000000000');
SET plan_cache_mode = force_generic_plan;
EXECUTE uc_upsert_again(2, '60000000000000000000000000');
RESET plan_cache_mode;
-- the other way round: the predicate in uuid terms, the statement in ulid's
CREATE TABLE uc_upsert_uuid (id int4, k ulid);
CREATE UNIQUE INDEX uc_upsert_uuid_pred ON uc_upsert_uuid (id)
	WHERE k >= '80000000-0000-0000-0000-000000000000'::uuid;
INSERT INTO uc_upsert_uuid VALUES (1, '60000000000000000000000000')
	ON CONFLICT (id) WHERE k >= '60000000000000000000000000'::ulid DO NOTHING;
INSERT INTO uc_upsert_uuid VALUES (1, '60000000000000000000000000')
	ON CONFLICT (id) WHERE k >= '40000000000000000000000000'::ulid DO NOTHING;
SELECT id, k FROM uc_upsert ORDER BY id;
SELECT id, k FROM uc_upsert_uuid ORDER BY id;

-- a partial index serves a query whose condition implies its predicate, each
-- written in either type
CREATE TABLE uc_partial (id int4, k ulid);
INSERT INTO uc_partial
SELECT i, (lpad(to_hex(i % 256), 2, '0') || repeat('0', 30))::uuid::ulid
FROM generate_series(1, 10000) AS i;
CREATE INDEX uc_partial_ulid ON uc_partial (id) WHERE k >= '40000000000000000000000000'::ulid;
CREATE INDEX uc_partial_uuid ON uc_partial (id) WHERE k < '80000000-0000-0000-0000-000000000000'::uuid;
ANALYZE uc_partial;
EXPLAIN (COSTS OFF)
SELECT * FROM uc_partial WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid AND id < 5;
SELECT count(*), min(k), max(k) FROM uc_partial
WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid AND id < 500;
EXPLAIN (COSTS OFF)
SELECT * FROM uc_partial WHERE k < '20000000000000000000000000'::ulid AND id < 5;
SELECT * FROM uc_partial WHERE k < '20000000000000000000000000'::ulid AND id < 5 ORDER BY id;

-- constraint exclusion: inheritance children whose CHECK is in either type
CREATE TABLE uc_parent (k ulid);
CREATE TABLE uc_low (CHECK (k < '40000000000000000000000000'::ulid)) INHERITS (uc_parent);
CREATE TABLE uc_high (CHECK (k >= '80000000-0000-0000-0000-000000000000'::uuid)) INHERITS (uc_parent);
INSERT INTO uc_low VALUES ('10000000000000000000000000');
INSERT INTO uc_high VALUES ('60000000000000000000000000');
EXPLAIN (COSTS OFF) SELECT * FROM uc_parent WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid;
EXPLAIN (COSTS OFF) SELECT * FROM uc_parent WHERE k < '20000000000000000000000000'::ulid;
EXPLAIN (COSTS OFF) SELECT * FROM uc_parent WHERE k < '20000000-0000-0000-0000-000000000000'::uuid;
SELECT k FROM uc_parent WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid;
SELECT k FROM uc_parent WHERE k < '20000000-0000-0000-0000-000000000000'::uuid;

-- every comparison of either column type with a value of the other type, in
-- both operand orders, as a constant, a generic plan's parameter and a
-- stable expression: the condition is on the bare column, in its type
CREATE TABLE uc_both (k ulid, u uuid);
CREATE INDEX uc_both_k ON uc_both (k);
CREATE INDEX uc_both_u ON uc_both (u);
SET uc.probe = '01M6AQN4400000000000000000';
CREATE FUNCTION uc_condition(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ '(Cond|Filter): ' THEN
			RETURN regexp_replace(line, '^.*(Cond|Filter): ', '');
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;
CREATE TEMP TABLE uc_conditions (col text, op text, order_of text, value text, condition text);
DO $$
DECLARE
	col text;
	op text;
	other text;
	value text;
	expr text;
	q text;
BEGIN
	SET LOCAL enable_seqscan = off;
	SET LOCAL enable_bitmapscan = off;
	SET LOCAL plan_cache_mode = force_generic_plan;
	FOREACH col IN ARRAY ARRAY['k', 'u'] LOOP
		other := CASE col WHEN 'k' THEN 'uuid' ELSE 'ulid' END;
		FOREACH op IN ARRAY ARRAY['<', '<=', '=', '>=', '>'] LOOP
			FOREACH value IN ARRAY ARRAY['constant', 'parameter', 'stable'] LOOP
				expr := CASE value
					WHEN 'constant' THEN quote_literal(CASE other WHEN 'uuid'
						THEN '01a1957a-9080-0000-0000-000000000000' ELSE '01M6AQN4400000000000000000' END)
						|| '::' || other
					WHEN 'parameter' THEN '$1'
					ELSE format('current_setting(''uc.probe'')::ulid::%s', other) END;
				FOREACH q IN ARRAY ARRAY[format('%I %s %s', col, op, expr), format('%s %s %I', expr, op, col)] LOOP
					IF value = 'parameter' THEN
						EXECUTE format('PREPARE uc_query(%s) AS SELECT * FROM uc_both WHERE %s', other, q);
						INSERT INTO uc_conditions VALUES (col, op,
							CASE WHEN q LIKE col || ' %' THEN 'column first' ELSE 'value first' END, value,
							uc_condition(format('EXECUTE uc_query(%L)', CASE other WHEN 'uuid'
								THEN '01a1957a-9080-0000-0000-000000000000' ELSE '01M6AQN4400000000000000000' END)));
						DEALLOCATE uc_query;
					ELSE
						INSERT INTO uc_conditions VALUES (col, op,
							CASE WHEN q LIKE col || ' %' THEN 'column first' ELSE 'value first' END, value,
							uc_condition('SELECT * FROM uc_both WHERE ' || q));
					END IF;
				END LOOP;
			END LOOP;
		END LOOP;
	END LOOP;
END
$$;
SELECT col, value, order_of, string_agg(condition, ', ' ORDER BY array_position(ARRAY['<', '<=', '=', '>=', '>'], op)) AS conditions
FROM uc_conditions GROUP BY col, value, order_of ORDER BY col, value, order_of;
SELECT count(*) AS checks FROM uc_conditions;

-- a declarative partition key of ulid, pruned by uuid values at plan time
-- and at run time
CREATE TABLE uc_range (k ulid) PARTITION BY RANGE (k);
CREATE TABLE uc_range_low PARTITION OF uc_range FOR VALUES FROM (MINVALUE) TO ('40000000000000000000000000');
CREATE TABLE uc_range_high PARTITION OF uc_range FOR VALUES FROM ('40000000000000000000000000') TO (MAXVALUE);
EXPLAIN (COSTS OFF) SELECT * FROM uc_range WHERE k >= 'c0000000-0000-0000-0000-000000000000'::uuid;
PREPARE uc_range_ge(uuid) AS SELECT * FROM uc_range WHERE k >= $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE uc_range_ge('c0000000-0000-0000-0000-000000000000');
RESET plan_cache_mode;

-- what the rule gives up: a uuid value on a ulid key and a join of that key
-- to a uuid column are two equivalence classes, so the value does not reach
-- the uuid side as a constant.  The uuid side is still read through its
-- index, by a parameterised nested loop (an Index Scan here: the Recheck
-- Cond of a bitmap scan prints the clause in another order on 18).
CREATE TABLE uc_orders (id ulid PRIMARY KEY, n int4);
CREATE TABLE uc_notes (order_id uuid, body text);
CREATE INDEX uc_notes_order_id ON uc_notes (order_id);
INSERT INTO uc_orders
SELECT decode(lpad(to_hex(i * 7919), 32, '0'), 'hex')::ulid, i FROM generate_series(1, 1000) AS i;
INSERT INTO uc_notes SELECT id, 'note ' || n FROM uc_orders, generate_series(1, 4);
ANALYZE uc_orders, uc_notes;
SET enable_bitmapscan = off;
PREPARE uc_order_notes(uuid) AS
	SELECT o.n, count(*) FROM uc_orders o JOIN uc_notes n ON n.order_id = o.id WHERE o.id = $1 GROUP BY o.n;
EXPLAIN (COSTS OFF) EXECUTE uc_order_notes('00000000-0000-0000-0000-00000001eef0');
EXECUTE uc_order_notes('00000000-0000-0000-0000-00000001eef0');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE uc_order_notes('00000000-0000-0000-0000-00000001eef0');
EXECUTE uc_order_notes('00000000-0000-0000-0000-00000001eef0');
RESET plan_cache_mode;
RESET enable_bitmapscan;

DEALLOCATE ALL;
RESET uc.probe;
DROP FUNCTION uc_condition(text);
DROP TABLE uc_upsert, uc_upsert_uuid, uc_partial, uc_parent, uc_low, uc_high, uc_both, uc_range,
	uc_orders, uc_notes;
