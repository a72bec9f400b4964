/* ulid--1.3--1.4.sql: comparisons with uuid become uuid's own */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.4'" to load this file. \quit

/*
 * The comparison functions between ulid and uuid get planner support that
 * rewrites "ulid_expr op uuid_expr" into "ulid_expr::uuid op uuid_expr" with
 * uuid's own operator, before planning (src/ulid_support.c).  uuid's "=" is
 * mergejoinable and a member of core's uuid_ops and of ulid's btree and hash
 * families, so joins between the types get join removal, unique joins and
 * merge joins, a uuid partition key is pruned by ulid values, and an index on
 * either type serves values of the other.  One support function per btree
 * strategy: each knows its operator without looking anything up by name.
 */
CREATE FUNCTION ulid_uuid_lt_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_le_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_eq_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_ge_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_gt_support(pg_catalog.internal) RETURNS pg_catalog.internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_uuid_lt_support(pg_catalog.internal) IS 'planner support: ulid < uuid as uuid < uuid';
COMMENT ON FUNCTION ulid_uuid_le_support(pg_catalog.internal) IS 'planner support: ulid <= uuid as uuid <= uuid';
COMMENT ON FUNCTION ulid_uuid_eq_support(pg_catalog.internal) IS 'planner support: ulid = uuid as uuid = uuid';
COMMENT ON FUNCTION ulid_uuid_ge_support(pg_catalog.internal) IS 'planner support: ulid >= uuid as uuid >= uuid';
COMMENT ON FUNCTION ulid_uuid_gt_support(pg_catalog.internal) IS 'planner support: ulid > uuid as uuid > uuid';

ALTER FUNCTION ulid_lt_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_lt_support;
ALTER FUNCTION ulid_le_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_le_support;
ALTER FUNCTION ulid_eq_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_eq_support;
ALTER FUNCTION ulid_ge_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_ge_support;
ALTER FUNCTION ulid_gt_uuid(ulid, pg_catalog.uuid) SUPPORT ulid_uuid_gt_support;
ALTER FUNCTION uuid_lt_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_lt_support;
ALTER FUNCTION uuid_le_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_le_support;
ALTER FUNCTION uuid_eq_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_eq_support;
ALTER FUNCTION uuid_ge_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_ge_support;
ALTER FUNCTION uuid_gt_ulid(pg_catalog.uuid, ulid) SUPPORT ulid_uuid_gt_support;

DROP FUNCTION ulid_uuid_support(pg_catalog.internal);

/*
 * After the rewrite a BRIN or GiST index on a ulid column meets uuid's
 * operators, so its family gets them.  BRIN's minmax classes look the
 * operator up again by (column type, value type) when they scan, hence the
 * (ulid, uuid) members beside them; bloom and GiST read the value's 16 bytes
 * as they are.
 */
ALTER OPERATOR FAMILY ulid_minmax_ops USING brin ADD
	OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 1 < (ulid, pg_catalog.uuid),
	OPERATOR 2 <= (ulid, pg_catalog.uuid),
	OPERATOR 3 = (ulid, pg_catalog.uuid),
	OPERATOR 4 >= (ulid, pg_catalog.uuid),
	OPERATOR 5 > (ulid, pg_catalog.uuid);

ALTER OPERATOR FAMILY ulid_minmax_multi_ops USING brin ADD
	OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 1 < (ulid, pg_catalog.uuid),
	OPERATOR 2 <= (ulid, pg_catalog.uuid),
	OPERATOR 3 = (ulid, pg_catalog.uuid),
	OPERATOR 4 >= (ulid, pg_catalog.uuid),
	OPERATOR 5 > (ulid, pg_catalog.uuid);

ALTER OPERATOR FAMILY ulid_bloom_ops USING brin ADD
	OPERATOR 1 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid);

ALTER OPERATOR FAMILY ulid_ops USING gist ADD
	OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid);

/*
 * Version 1.4 has no GiST support function 12, on any major: PostgreSQL 15
 * to 17 refuse it.  On 18 and later the extension's default version is
 * 1.4-pg18, which adds it (ulid--1.4--1.4-pg18.sql), so that a database
 * pg_upgrade moved from 15-17 is brought to a fresh 18 install's objects by
 * ALTER EXTENSION ulid UPDATE.  A 1.3 database made on 18 has the function;
 * it leaves here and comes back in that next step.
 */
DO $$
BEGIN
	IF EXISTS (
		SELECT FROM pg_catalog.pg_amproc
		WHERE amproc OPERATOR(pg_catalog.=) 'ulid_gist_translate_cmptype(pg_catalog.int4)'::pg_catalog.regprocedure) THEN
		EXECUTE $sql$
			ALTER OPERATOR FAMILY ulid_ops USING gist
				DROP FUNCTION 12 (pg_catalog."any", pg_catalog."any")
		$sql$;
	END IF;
END
$$;
DROP FUNCTION ulid_gist_translate_cmptype(pg_catalog.int4);

/*
 * Core's uuid functions take a ulid through the implicit cast to uuid, and
 * two of them would read its bits as a UUID's version and time fields: a
 * ULID's time is 48 bits of milliseconds, and the version nibble holds
 * random bits.  These overloads are chosen over core's for a ulid argument
 * (an exact match beats a cast).
 */
CREATE FUNCTION uuid_extract_timestamp(ulid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_extract_version(ulid) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME', 'ulid_extract_version' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_timestamp(ulid) IS 'extract timestamp from ulid';
COMMENT ON FUNCTION uuid_extract_version(ulid) IS '7 if the ulid is also a valid UUIDv7, else null';

-- the order holds back to the last (re)initialisation of shared memory
COMMENT ON FUNCTION gen_monotonic_ulid() IS 'generate ulid, greater than every one this function returned since the server started or last restarted after a crash';

-- under ulid.uuidv7 = on the generators make UUIDv7s, with 74 random bits
COMMENT ON FUNCTION gen_random_ulid() IS 'generate ulid with 80 fresh random bits, 74 and a UUIDv7 under ulid.uuidv7';
COMMENT ON FUNCTION gen_ulid(pg_catalog.timestamptz) IS 'generate ulid of the given time with 80 fresh random bits, 74 and a UUIDv7 under ulid.uuidv7';

/*
 * ulid.uuidv7 = on makes the generators' values valid UUIDv7s too; this
 * checks that a value is one, for CHECK constraints.
 */
CREATE FUNCTION ulid_is_uuidv7(ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_is_uuidv7_sql' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
COMMENT ON FUNCTION ulid_is_uuidv7(ulid) IS 'whether the ulid is also a valid UUIDv7';

/*
 * TypeID text (specification 0.3): a type prefix, "_" and the ULID's text in
 * lower case.  Not LEAKPROOF: bad input raises an error that shows it.
 */
CREATE FUNCTION ulid_to_typeid(ulid, prefix pg_catalog.text) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_typeid(pg_catalog.text) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_typeid(pg_catalog.text, prefix pg_catalog.text) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_from_typeid_prefix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_prefix(pg_catalog.text) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_typeid(ulid, pg_catalog.text) IS 'TypeID text of ulid with the given prefix';
COMMENT ON FUNCTION ulid_from_typeid(pg_catalog.text) IS 'ulid of a TypeID';
COMMENT ON FUNCTION ulid_from_typeid(pg_catalog.text, pg_catalog.text) IS 'ulid of a TypeID, which must have the given prefix';
COMMENT ON FUNCTION typeid_prefix(pg_catalog.text) IS 'prefix of a TypeID';
