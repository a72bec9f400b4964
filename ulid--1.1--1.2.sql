/* ulid--1.1--1.2.sql: one set of objects on every supported PostgreSQL */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.2'" to load this file. \quit

/*
 * btree skip support (support function 6) exists only on PostgreSQL 18 and
 * later, so 1.0 created it there alone, and a database that pg_upgrade moved
 * from 17 to 18 never got it: one version had two sets of objects.  1.2 has
 * none on any major.  A skip scan works without it (sql/skipscan.sql), and
 * for generated ULIDs, whose 80 low bits are random, stepping to the next
 * possible value never lands on a stored one, so it saved no index search:
 * see docs/skip-support.md for the measurement.
 *
 * Dropped only where this extension created it.  The catalog query uses
 * OPERATOR(pg_catalog.=) so that no operator on the search path can stand in.
 */
DO $$
BEGIN
	IF EXISTS (
		SELECT FROM pg_catalog.pg_depend d
		JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
		JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
		WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
		  AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
		  AND d.deptype OPERATOR(pg_catalog.=) 'e'
		  AND e.extname OPERATOR(pg_catalog.=) 'ulid'
		  AND p.proname OPERATOR(pg_catalog.=) 'ulid_skipsupport') THEN
		ALTER OPERATOR FAMILY ulid_ops USING btree DROP FUNCTION 6 (ulid, ulid);
		DROP FUNCTION ulid_skipsupport(pg_catalog.internal);
	END IF;
END
$$;

--
-- Cluster-wide generator
--

-- VOLATILE: a new value on every call.  PARALLEL SAFE: the time and counter
-- live in shared memory, which parallel workers share with the leader, so a
-- worker's values take their places in the same server-wide order; each
-- process draws the random bits from its own pool.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION gen_monotonic_ulid() IS 'generate ulid, greater than every one this function returned earlier on the server';
