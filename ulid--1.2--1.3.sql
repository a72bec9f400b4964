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
 * cross-type operator (src/ulid_compat.c).
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
 * CREATE OPERATOR set MERGES in 1.1, and ALTER OPERATOR cannot clear it (15
 * and 16 cannot change it at all; from 17, "operator attribute "merges"
 * cannot be changed if it has already been set"), so the flag is cleared in
 * the catalog.  The operators are named with their argument types, each
 * qualified or this extension's own.
 */
UPDATE pg_catalog.pg_operator SET oprcanmerge = false
WHERE oid OPERATOR(pg_catalog.=) ANY (ARRAY[
	'=(ulid, pg_catalog.uuid)'::pg_catalog.regoperator,
	'=(pg_catalog.uuid, ulid)'::pg_catalog.regoperator]::pg_catalog.oid[]);

/*
 * GiST operator class (issue 10): ulid works in multicolumn GiST indexes,
 * so in exclusion constraints such as EXCLUDE USING gist (id WITH =,
 * during WITH &&) and, on PostgreSQL 18, in temporal keys (PRIMARY KEY
 * (id, valid WITHOUT OVERLAPS), FOREIGN KEY (id, PERIOD valid)), as uuid
 * does with btree_gist, which is not needed.
 *
 * The index key is a closed range of ULIDs, [v, v] on a leaf and the
 * union of its children above: 32 bytes of the type ulid_gist_key
 * (src/libulid/gist_key.h), which has no text form, like btree_gist's
 * gbtreekey32.  A varlena key such as bytea would take 48 bytes an index
 * tuple instead of 40.  The sorted build (support 11) uses
 * ulid_sortsupport, btree's, unchanged: a leaf key starts with its ULID.
 */

CREATE TYPE ulid_gist_key;

CREATE FUNCTION ulid_gist_key_in(pg_catalog.cstring) RETURNS ulid_gist_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_key_out(ulid_gist_key) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ulid_gist_key (
	INPUT = ulid_gist_key_in,
	OUTPUT = ulid_gist_key_out,
	INTERNALLENGTH = 32,
	ALIGNMENT = char,
	STORAGE = plain
);

CREATE FUNCTION ulid_gist_consistent(pg_catalog.internal, ulid, pg_catalog.int2, pg_catalog.oid, pg_catalog.internal)
	RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_union(pg_catalog.internal, pg_catalog.internal) RETURNS ulid_gist_key
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_compress(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_penalty(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal)
	RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_picksplit(pg_catalog.internal, pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_same(ulid_gist_key, ulid_gist_key, pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_fetch(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_gist_translate_cmptype(pg_catalog.int4) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR CLASS ulid_ops
	DEFAULT FOR TYPE ulid USING gist AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		OPERATOR 6 <>,
		FUNCTION 1 ulid_gist_consistent(pg_catalog.internal, ulid, pg_catalog.int2, pg_catalog.oid, pg_catalog.internal),
		FUNCTION 2 ulid_gist_union(pg_catalog.internal, pg_catalog.internal),
		FUNCTION 3 ulid_gist_compress(pg_catalog.internal),
		FUNCTION 5 ulid_gist_penalty(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 6 ulid_gist_picksplit(pg_catalog.internal, pg_catalog.internal),
		FUNCTION 7 ulid_gist_same(ulid_gist_key, ulid_gist_key, pg_catalog.internal),
		FUNCTION 9 ulid_gist_fetch(pg_catalog.internal),
		FUNCTION 11 ulid_sortsupport(pg_catalog.internal),
		STORAGE ulid_gist_key;

COMMENT ON TYPE ulid_gist_key IS 'GiST index key of ulid: a range of ULIDs, not for use in tables';
COMMENT ON FUNCTION ulid_gist_key_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION ulid_gist_key_out(ulid_gist_key) IS 'I/O';
COMMENT ON FUNCTION ulid_gist_consistent(pg_catalog.internal, ulid, pg_catalog.int2, pg_catalog.oid, pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_union(pg_catalog.internal, pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_compress(pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_penalty(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_picksplit(pg_catalog.internal, pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_same(ulid_gist_key, ulid_gist_key, pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_fetch(pg_catalog.internal) IS 'GiST support';
COMMENT ON FUNCTION ulid_gist_translate_cmptype(pg_catalog.int4) IS 'GiST support';
COMMENT ON OPERATOR CLASS ulid_ops USING gist IS 'default GiST operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING gist IS 'GiST operator family for ulid';

/*
 * GiST support function 12 (translate a CompareType to a strategy number),
 * which temporal primary and foreign keys need, exists from PostgreSQL 18;
 * 15 to 17 refuse a support number above 11.  So this member alone breaks
 * the rule that one version of ulid has one set of objects on every major:
 * the function is created everywhere, but it joins the family on 18 and
 * later only.  A database that pg_upgrade moves from 15-17 to 18 keeps the
 * family without it, and temporal keys on ulid fail there until this is
 * run by hand (or by a later update script):
 *   ALTER OPERATOR FAMILY ulid_ops USING gist
 *       ADD FUNCTION 12 ("any", "any") ulid_gist_translate_cmptype(int4);
 */
DO $$
BEGIN
	IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 180000 THEN
		EXECUTE $sql$
			ALTER OPERATOR FAMILY ulid_ops USING gist
				ADD FUNCTION 12 (pg_catalog."any", pg_catalog."any") ulid_gist_translate_cmptype(pg_catalog.int4)
		$sql$;
	END IF;
END
$$;
