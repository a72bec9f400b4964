/* ulid--1.0--1.1.sql: comparison of ulid with uuid, indexable both ways */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.1'" to load this file. \quit

/*
 * Drivers send a uuid-typed parameter for their native uuid value (psycopg's
 * uuid.UUID, JDBC's java.util.UUID), and "WHERE id = $1" then found no
 * operator: the casts between ulid and uuid are assignment-only, on purpose,
 * because implicit casts both ways would make = ambiguous.  Cross-type
 * operators fix that without any cast, and being members of ulid's btree and
 * hash families they let an index on a ulid column serve a uuid key.
 *
 * uuid and ulid share one 16-byte layout, both order by memcmp, and ulid_hash
 * is the same hash_any as uuid_hash, so the 1.0 C functions serve both
 * argument orders as they are: new SQL signatures, no new C.
 */

--
-- Comparison functions
--

CREATE FUNCTION ulid_eq_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_ne_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_lt_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_le_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_ge_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_gt_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_cmp_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'ulid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_eq_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_ne_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_lt_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_le_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_ge_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_gt_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_cmp_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'ulid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

COMMENT ON FUNCTION ulid_eq_uuid(ulid, pg_catalog.uuid) IS 'implementation of = operator';
COMMENT ON FUNCTION ulid_ne_uuid(ulid, pg_catalog.uuid) IS 'implementation of <> operator';
COMMENT ON FUNCTION ulid_lt_uuid(ulid, pg_catalog.uuid) IS 'implementation of < operator';
COMMENT ON FUNCTION ulid_le_uuid(ulid, pg_catalog.uuid) IS 'implementation of <= operator';
COMMENT ON FUNCTION ulid_ge_uuid(ulid, pg_catalog.uuid) IS 'implementation of >= operator';
COMMENT ON FUNCTION ulid_gt_uuid(ulid, pg_catalog.uuid) IS 'implementation of > operator';
COMMENT ON FUNCTION ulid_cmp_uuid(ulid, pg_catalog.uuid) IS 'less-equal-greater';
COMMENT ON FUNCTION uuid_eq_ulid(pg_catalog.uuid, ulid) IS 'implementation of = operator';
COMMENT ON FUNCTION uuid_ne_ulid(pg_catalog.uuid, ulid) IS 'implementation of <> operator';
COMMENT ON FUNCTION uuid_lt_ulid(pg_catalog.uuid, ulid) IS 'implementation of < operator';
COMMENT ON FUNCTION uuid_le_ulid(pg_catalog.uuid, ulid) IS 'implementation of <= operator';
COMMENT ON FUNCTION uuid_ge_ulid(pg_catalog.uuid, ulid) IS 'implementation of >= operator';
COMMENT ON FUNCTION uuid_gt_ulid(pg_catalog.uuid, ulid) IS 'implementation of > operator';
COMMENT ON FUNCTION uuid_cmp_ulid(pg_catalog.uuid, ulid) IS 'less-equal-greater';

--
-- Operators
--

CREATE OPERATOR = (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_eq_uuid,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel,
	HASHES, MERGES
);

CREATE OPERATOR <> (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_ne_uuid,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);

CREATE OPERATOR < (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_lt_uuid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);

CREATE OPERATOR <= (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_le_uuid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);

CREATE OPERATOR >= (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_ge_uuid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR > (
	LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_gt_uuid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);

CREATE OPERATOR = (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_eq_ulid,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel,
	HASHES, MERGES
);

CREATE OPERATOR <> (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ne_ulid,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);

CREATE OPERATOR < (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_lt_ulid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);

CREATE OPERATOR <= (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_le_ulid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);

CREATE OPERATOR >= (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ge_ulid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR > (
	LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_gt_ulid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);

COMMENT ON OPERATOR = (ulid, pg_catalog.uuid) IS 'equal';
COMMENT ON OPERATOR <> (ulid, pg_catalog.uuid) IS 'not equal';
COMMENT ON OPERATOR < (ulid, pg_catalog.uuid) IS 'less than';
COMMENT ON OPERATOR <= (ulid, pg_catalog.uuid) IS 'less than or equal';
COMMENT ON OPERATOR >= (ulid, pg_catalog.uuid) IS 'greater than or equal';
COMMENT ON OPERATOR > (ulid, pg_catalog.uuid) IS 'greater than';
COMMENT ON OPERATOR = (pg_catalog.uuid, ulid) IS 'equal';
COMMENT ON OPERATOR <> (pg_catalog.uuid, ulid) IS 'not equal';
COMMENT ON OPERATOR < (pg_catalog.uuid, ulid) IS 'less than';
COMMENT ON OPERATOR <= (pg_catalog.uuid, ulid) IS 'less than or equal';
COMMENT ON OPERATOR >= (pg_catalog.uuid, ulid) IS 'greater than or equal';
COMMENT ON OPERATOR > (pg_catalog.uuid, ulid) IS 'greater than';

--
-- Index support
--

/*
 * btree: the cross-type operators with their comparison functions, and
 * uuid's own operators and support functions, so that the family is complete
 * (every operator for every pair of its types, as pg_catalog.amvalidate
 * wants): the planner may then merge-join ulid with uuid.  This family is
 * ulid's, not core's uuid_ops: an index or key on a uuid column cannot use a
 * ulid-typed value, and a ulid column cannot reference a uuid key (see
 * sql/crosstype.sql).  The uuid members are core's own functions and
 * operators, already labelled and commented by core.
 */
ALTER OPERATOR FAMILY ulid_ops USING btree ADD
	OPERATOR 1 < (ulid, pg_catalog.uuid),
	OPERATOR 2 <= (ulid, pg_catalog.uuid),
	OPERATOR 3 = (ulid, pg_catalog.uuid),
	OPERATOR 4 >= (ulid, pg_catalog.uuid),
	OPERATOR 5 > (ulid, pg_catalog.uuid),
	FUNCTION 1 (ulid, pg_catalog.uuid) ulid_cmp_uuid(ulid, pg_catalog.uuid),
	OPERATOR 1 < (pg_catalog.uuid, ulid),
	OPERATOR 2 <= (pg_catalog.uuid, ulid),
	OPERATOR 3 = (pg_catalog.uuid, ulid),
	OPERATOR 4 >= (pg_catalog.uuid, ulid),
	OPERATOR 5 > (pg_catalog.uuid, ulid),
	FUNCTION 1 (pg_catalog.uuid, ulid) uuid_cmp_ulid(pg_catalog.uuid, ulid),
	OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid),
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_cmp(pg_catalog.uuid, pg_catalog.uuid),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_sortsupport(pg_catalog.internal),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.btequalimage(pg_catalog.oid);

/*
 * hash: the cross-type equalities need a hash function for each input type;
 * uuid's are core's uuid_hash and uuid_hash_extended, which give the same
 * values as ulid_hash and ulid_hash_extended on the same bytes.
 */
ALTER OPERATOR FAMILY ulid_ops USING hash ADD
	OPERATOR 1 = (ulid, pg_catalog.uuid),
	OPERATOR 1 = (pg_catalog.uuid, ulid),
	OPERATOR 1 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_hash(pg_catalog.uuid),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_hash_extended(pg_catalog.uuid, pg_catalog.int8);
