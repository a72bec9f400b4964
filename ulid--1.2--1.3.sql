/* ulid--1.2--1.3.sql: ulid as uuid's equal */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.3'" to load this file. \quit

/*
 * GiST operator class (issue 10): ulid works in multicolumn GiST indexes,
 * so in exclusion constraints such as EXCLUDE USING gist (id WITH =,
 * during WITH &&) and, on PostgreSQL 18, in temporal keys (PRIMARY KEY
 * (id, valid WITHOUT OVERLAPS), FOREIGN KEY (id, PERIOD valid)), as uuid
 * does with btree_gist, which is not needed.
 *
 * The index key is a closed range of ULIDs, [v, v] on a leaf and the
 * union of its children above: 32 bytes of the type ulid_gist_key
 * (src/gist_key.h), which has no text form, like btree_gist's gbtreekey32.
 * A varlena key such as bytea would take 48 bytes an index tuple instead
 * of 40.  The sorted build (support 11) uses ulid_sortsupport, btree's,
 * unchanged: a leaf key starts with its ULID.
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
