/* ulid--1.4--1.5.sql: a comparison with a uuid value is a clause on the ulid column; complete BRIN families; text functions */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.5'" to load this file. \quit

/*
 * The planner support of the comparisons between ulid and uuid keeps a
 * comparison of a ulid column with a uuid value (a constant, a parameter, a
 * stable expression) on the bare column, with ulid's own operator, and makes
 * the other comparisons uuid's, as 1.4 did (src/ulid_support.c).  The
 * functions are the same; what they do is told by their comments.
 */
COMMENT ON FUNCTION ulid_uuid_lt_support(pg_catalog.internal) IS 'planner support: ulid < uuid as ulid < ulid against a uuid value, else as uuid < uuid';
COMMENT ON FUNCTION ulid_uuid_le_support(pg_catalog.internal) IS 'planner support: ulid <= uuid as ulid <= ulid against a uuid value, else as uuid <= uuid';
COMMENT ON FUNCTION ulid_uuid_eq_support(pg_catalog.internal) IS 'planner support: ulid = uuid as ulid = ulid against a uuid value, else as uuid = uuid';
COMMENT ON FUNCTION ulid_uuid_ge_support(pg_catalog.internal) IS 'planner support: ulid >= uuid as ulid >= ulid against a uuid value, else as uuid >= uuid';
COMMENT ON FUNCTION ulid_uuid_gt_support(pg_catalog.internal) IS 'planner support: ulid > uuid as ulid > ulid against a uuid value, else as uuid > uuid';

/*
 * 1.4 gave the BRIN families uuid's operators without the support functions
 * of their (uuid, uuid) group, and pg_catalog.amvalidate reported each family
 * incomplete.  These are the functions of core's uuid classes of the same
 * kinds.  A BRIN index calls the support functions of its own class's type,
 * ulid, so they complete the families' declarations and change no scan.
 */
ALTER OPERATOR FAMILY ulid_minmax_ops USING brin ADD
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

ALTER OPERATOR FAMILY ulid_minmax_multi_ops USING brin ADD
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 5 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_options(pg_catalog.internal),
	FUNCTION 11 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_distance_uuid(pg_catalog.internal, pg_catalog.internal);

ALTER OPERATOR FAMILY ulid_bloom_ops USING brin ADD
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 5 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_options(pg_catalog.internal),
	FUNCTION 11 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_hash(pg_catalog.uuid);

/*
 * The text of a ulid as text, and back: the spelling the SQL edition
 * (ulid_sql, whose ulid is a domain over uuid and prints as one) offers too,
 * so that portable queries read the same on both.  ulid_from_text is strict
 * as the type's input is (SQLSTATE 22P02, with the same details), and not
 * LEAKPROOF: its error shows its argument.
 */
CREATE FUNCTION ulid_to_text(ulid) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_text(pg_catalog.text) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_text(ulid) IS 'text of ulid, upper case';
COMMENT ON FUNCTION ulid_from_text(pg_catalog.text) IS 'ulid of its text, read as the type''s input reads it';
