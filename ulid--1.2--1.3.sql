/* ulid--1.2--1.3.sql: ulid as uuid's equal */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.3'" to load this file. \quit

/*
 * A ulid column may reference a uuid key.  A foreign key needs either its
 * operators in the key index's operator family or an implicit cast from the
 * referencing type to the key's type (ATAddForeignKeyConstraint); the family
 * is core's uuid_ops, where an extension's members do not survive pg_upgrade
 * (docs/uuid-interop.md), so the cast from ulid to uuid becomes implicit.
 * The other direction stays assignment-only: implicit casts both ways would
 * leave "ulid_col = uuid_col" ambiguous without the 1.1 operators, and make a
 * mixed CASE or UNION take whichever type came last.
 */
DROP CAST (ulid AS pg_catalog.uuid);
CREATE CAST (ulid AS pg_catalog.uuid) WITHOUT FUNCTION AS IMPLICIT;
COMMENT ON CAST (ulid AS pg_catalog.uuid) IS 'same 16 bytes, no conversion';

/*
 * An index on a uuid column serves ulid values, and an index of ulid's BRIN
 * families serves uuid values: the comparison functions between the two
 * types get a planner support function that turns "uuid_col = ulid_value"
 * into "uuid_col = ulid_value::uuid" for an index whose family lacks the
 * cross-type operator (src/ulid_support.c).
 */
CREATE FUNCTION ulid_uuid_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_uuid_support(pg_catalog.internal) IS 'planner support for comparisons between ulid and uuid';

ALTER FUNCTION ulid_eq_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_support;
ALTER FUNCTION ulid_lt_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_support;
ALTER FUNCTION ulid_le_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_support;
ALTER FUNCTION ulid_ge_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_support;
ALTER FUNCTION ulid_gt_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_support;
ALTER FUNCTION uuid_eq_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_support;
ALTER FUNCTION uuid_lt_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_support;
ALTER FUNCTION uuid_le_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_support;
ALTER FUNCTION uuid_ge_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_support;
ALTER FUNCTION uuid_gt_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_support;

/*
 * The two cross-type = operators no longer merge.  A mergejoinable = puts
 * the two sides of "o.account = a.id" into one equivalence class of ulid's
 * btree family, and the planner then offers the join to no btree index
 * outside that family: the uuid key's index was never probed per row, and a
 * lookup of one order with its account read the whole accounts table.  Not
 * mergejoinable, the clause is an ordinary join clause, which the planner
 * support above turns into an index condition on the uuid side, and ulid's
 * family serves on the ulid side.  A merge join between the two types had to
 * sort the uuid side anyway; hash joins are unchanged.  (sql/uuid_keys.sql)
 *
 * CREATE OPERATOR set MERGES in 1.1, and ALTER OPERATOR cannot clear it on
 * every supported major, so the flag is cleared in the catalog.  The
 * operators are named with their argument types, each qualified or this
 * extension's own.
 */
UPDATE pg_catalog.pg_operator SET oprcanmerge = false
WHERE oid OPERATOR(pg_catalog.=) ANY (ARRAY[
	'=(ulid, pg_catalog.uuid)'::pg_catalog.regoperator,
	'=(pg_catalog.uuid, ulid)'::pg_catalog.regoperator]::pg_catalog.oid[]);
