/* ulid--1.5--1.6.sql: pgx_ulid's conversion functions and its casts to and from timestamp */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.6'" to load this file. \quit

/*
 * pgx_ulid's names for the conversions (docs/migrating.md#from-pgx_ulid),
 * so that a restored dump of a database that used them finds them.  A
 * timestamp (without time zone) is read and written as UTC, whatever the
 * session's TimeZone: its microseconds since 2000-01-01 are then those of
 * the timestamptz, so ulid_time's and ulid_lower's C code serves it too.
 */
CREATE FUNCTION ulid_to_timestamp(ulid) RETURNS pg_catalog.timestamp
	AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION timestamp_to_ulid(pg_catalog.timestamp) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_timestamptz(ulid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME', 'ulid_time' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION timestamptz_to_ulid(pg_catalog.timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_uuid(id ulid) RETURNS pg_catalog.uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN id::pg_catalog.uuid;
CREATE FUNCTION ulid_from_uuid(id pg_catalog.uuid) RETURNS ulid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN id::ulid;

CREATE CAST (ulid AS pg_catalog.timestamp) WITH FUNCTION ulid_to_timestamp(ulid);
CREATE CAST (pg_catalog.timestamp AS ulid) WITH FUNCTION timestamp_to_ulid(pg_catalog.timestamp);

COMMENT ON FUNCTION ulid_to_timestamp(ulid) IS 'the millisecond of the time field, in UTC';
COMMENT ON FUNCTION timestamp_to_ulid(pg_catalog.timestamp) IS 'smallest ulid of the millisecond, read as UTC';
COMMENT ON FUNCTION ulid_to_timestamptz(ulid) IS 'the millisecond of the time field';
COMMENT ON FUNCTION timestamptz_to_ulid(pg_catalog.timestamptz) IS 'smallest ulid of the millisecond';
COMMENT ON FUNCTION ulid_to_uuid(ulid) IS 'same 16 bytes, no conversion';
COMMENT ON FUNCTION ulid_from_uuid(pg_catalog.uuid) IS 'same 16 bytes, no conversion';
COMMENT ON CAST (ulid AS pg_catalog.timestamp) IS 'the millisecond of the time field, in UTC';
COMMENT ON CAST (pg_catalog.timestamp AS ulid) IS 'smallest ulid of the millisecond, read as UTC';
