/* ulid--1.1--1.2.sql: one set of objects on every supported PostgreSQL */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.2'" to load this file. \quit

-- Cluster-wide generator

-- VOLATILE: a new value on every call.  PARALLEL SAFE: the time and counter
-- live in shared memory, which parallel workers share with the leader, so a
-- worker's values take their places in the same server-wide order; each
-- process draws the random bits from its own pool.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION gen_monotonic_ulid() IS 'generate ulid, greater than every one this function returned earlier on the server';
