/* ulid--1.5--1.5-pg18.sql: GiST support function 12, on PostgreSQL 18 and later */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.5-pg18'" to load this file. \quit

/*
 * Temporal primary and foreign keys (WITHOUT OVERLAPS, PERIOD), new in
 * PostgreSQL 18, find the equality operator of a GiST class through its
 * support function 12, which translates a CompareType into a strategy
 * number; PostgreSQL 15 to 17 refuse that support number.  So 1.5-pg18 is
 * the default version on 18 and later, and 1.5 on earlier majors: each
 * version has one set of objects wherever it installs.  A 1.5 database
 * that pg_upgrade moved from 15-17 to 18 reaches 1.5-pg18 with ALTER
 * EXTENSION ulid UPDATE, which pg_upgrade lists in its update_extensions.sql
 * for the superuser who ran it (pg_upgrade makes that role the owner of
 * every extension).
 */
CREATE FUNCTION ulid_gist_translate_cmptype(pg_catalog.int4) RETURNS pg_catalog.int2
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_gist_translate_cmptype(pg_catalog.int4) IS 'GiST support';

ALTER OPERATOR FAMILY ulid_ops USING gist
	ADD FUNCTION 12 (pg_catalog."any", pg_catalog."any") ulid_gist_translate_cmptype(pg_catalog.int4);
