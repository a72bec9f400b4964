/* ulid--1.7.sql: the ulid type, its operators, index support, generators and uuid interop */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION ulid" to load this file. \quit

--
-- The type
--

CREATE TYPE ulid;

CREATE FUNCTION ulid_in(pg_catalog.cstring) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_out(ulid) RETURNS pg_catalog.cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_recv(pg_catalog.internal) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_send(ulid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ulid (
	INPUT = ulid_in,
	OUTPUT = ulid_out,
	RECEIVE = ulid_recv,
	SEND = ulid_send,
	LIKE = pg_catalog.uuid
);

COMMENT ON TYPE ulid IS 'universally unique lexicographically sortable identifier';
COMMENT ON FUNCTION ulid_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION ulid_out(ulid) IS 'I/O';
COMMENT ON FUNCTION ulid_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION ulid_send(ulid) IS 'I/O';

--
-- Comparison, sorting and hashing
--

CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_le(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_hash(ulid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_hash_extended(ulid, pg_catalog.int8) RETURNS pg_catalog.int8
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION ulid_lt(ulid, ulid) IS 'implementation of < operator';
COMMENT ON FUNCTION ulid_le(ulid, ulid) IS 'implementation of <= operator';
COMMENT ON FUNCTION ulid_eq(ulid, ulid) IS 'implementation of = operator';
COMMENT ON FUNCTION ulid_ne(ulid, ulid) IS 'implementation of <> operator';
COMMENT ON FUNCTION ulid_ge(ulid, ulid) IS 'implementation of >= operator';
COMMENT ON FUNCTION ulid_gt(ulid, ulid) IS 'implementation of > operator';
COMMENT ON FUNCTION ulid_cmp(ulid, ulid) IS 'less-equal-greater';
COMMENT ON FUNCTION ulid_sortsupport(pg_catalog.internal) IS 'sort support';
COMMENT ON FUNCTION ulid_hash(ulid) IS 'hash';
COMMENT ON FUNCTION ulid_hash_extended(ulid, pg_catalog.int8) IS 'hash';
COMMENT ON FUNCTION ulid_smaller(ulid, ulid) IS 'smaller of two';
COMMENT ON FUNCTION ulid_larger(ulid, ulid) IS 'larger of two';

--
-- Operators
--

CREATE OPERATOR = (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel,
	HASHES, MERGES
);

CREATE OPERATOR <> (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel
);

CREATE OPERATOR < (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);

CREATE OPERATOR <= (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);

CREATE OPERATOR >= (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

CREATE OPERATOR > (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);

COMMENT ON OPERATOR = (ulid, ulid) IS 'equal';
COMMENT ON OPERATOR <> (ulid, ulid) IS 'not equal';
COMMENT ON OPERATOR < (ulid, ulid) IS 'less than';
COMMENT ON OPERATOR <= (ulid, ulid) IS 'less than or equal';
COMMENT ON OPERATOR >= (ulid, ulid) IS 'greater than or equal';
COMMENT ON OPERATOR > (ulid, ulid) IS 'greater than';

--
-- Operator classes
--

CREATE OPERATOR CLASS ulid_ops
	DEFAULT FOR TYPE ulid USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 ulid_cmp(ulid, ulid),
		FUNCTION 2 ulid_sortsupport(pg_catalog.internal),
		FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

CREATE OPERATOR CLASS ulid_ops
	DEFAULT FOR TYPE ulid USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 ulid_hash(ulid),
		FUNCTION 2 ulid_hash_extended(ulid, pg_catalog.int8);

CREATE OPERATOR CLASS ulid_minmax_ops
	DEFAULT FOR TYPE ulid USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
		FUNCTION 2 pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 3 pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 4 pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

COMMENT ON OPERATOR CLASS ulid_ops USING btree IS 'default btree operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING btree IS 'btree operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_ops USING hash IS 'default hash operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING hash IS 'hash operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_minmax_ops USING brin IS 'default BRIN minmax operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_minmax_ops USING brin IS 'BRIN minmax operator family for ulid';

-- BRIN minmax-multi and bloom (the same as uuid's, with ulid's hash)

CREATE OPERATOR CLASS ulid_minmax_multi_ops
	FOR TYPE ulid USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(pg_catalog.internal),
		FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
		FUNCTION 4 pg_catalog.brin_minmax_multi_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 5 pg_catalog.brin_minmax_multi_options(pg_catalog.internal),
		FUNCTION 11 pg_catalog.brin_minmax_multi_distance_uuid(pg_catalog.internal, pg_catalog.internal);

CREATE OPERATOR CLASS ulid_bloom_ops
	FOR TYPE ulid USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 pg_catalog.brin_bloom_opcinfo(pg_catalog.internal),
		FUNCTION 2 pg_catalog.brin_bloom_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 3 pg_catalog.brin_bloom_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
		FUNCTION 4 pg_catalog.brin_bloom_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
		FUNCTION 5 pg_catalog.brin_bloom_options(pg_catalog.internal),
		FUNCTION 11 ulid_hash(ulid);

COMMENT ON OPERATOR CLASS ulid_minmax_multi_ops USING brin IS 'BRIN multi minmax operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_minmax_multi_ops USING brin IS 'BRIN multi minmax operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_bloom_ops USING brin IS 'BRIN bloom operator family for ulid';

--
-- Casts
--

/*
 * uuid and ulid are the same 16 bytes.  The cast to uuid is implicit, so a
 * ulid column may reference a uuid key (a foreign key needs its operators in
 * the key index's family, core's uuid_ops, or an implicit cast from the
 * referencing type) and core's functions of uuid take a ulid.  The other
 * direction is assignment-only: implicit casts both ways would leave
 * "ulid_col = uuid_col" ambiguous, and make a mixed CASE or UNION take
 * whichever type came last.
 */
CREATE CAST (ulid AS pg_catalog.uuid) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (pg_catalog.uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;

CREATE CAST (pg_catalog.text AS ulid) WITH INOUT;

CREATE FUNCTION ulid_to_bytea(ulid) RETURNS pg_catalog.bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION bytea_to_ulid(pg_catalog.bytea) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (ulid AS pg_catalog.bytea) WITH FUNCTION ulid_to_bytea(ulid);
CREATE CAST (pg_catalog.bytea AS ulid) WITH FUNCTION bytea_to_ulid(pg_catalog.bytea);

-- time is absolute (UTC milliseconds): independent of the session TimeZone
CREATE FUNCTION ulid_time(ulid) RETURNS pg_catalog.timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_lower(pg_catalog.timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_upper(pg_catalog.timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (ulid AS pg_catalog.timestamptz) WITH FUNCTION ulid_time(ulid);
CREATE CAST (pg_catalog.timestamptz AS ulid) WITH FUNCTION ulid_lower(pg_catalog.timestamptz);

COMMENT ON CAST (ulid AS pg_catalog.uuid) IS 'same 16 bytes, no conversion';
COMMENT ON CAST (pg_catalog.uuid AS ulid) IS 'same 16 bytes, no conversion';
COMMENT ON CAST (pg_catalog.text AS ulid) IS 'parse the type''s input: 26 characters of Crockford base32, or uuid''s text';
COMMENT ON CAST (ulid AS pg_catalog.bytea) IS 'the 16 bytes';
COMMENT ON CAST (pg_catalog.bytea AS ulid) IS 'exactly 16 bytes';
COMMENT ON CAST (ulid AS pg_catalog.timestamptz) IS 'the millisecond of the time field';
COMMENT ON CAST (pg_catalog.timestamptz AS ulid) IS 'smallest ulid of the millisecond';
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'convert ulid to its 16 bytes';
COMMENT ON FUNCTION bytea_to_ulid(pg_catalog.bytea) IS 'convert 16 bytes to ulid';

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

COMMENT ON FUNCTION ulid_time(ulid) IS 'extract timestamp from ulid';
COMMENT ON FUNCTION ulid_lower(pg_catalog.timestamptz) IS 'smallest ulid of the millisecond';
COMMENT ON FUNCTION ulid_upper(pg_catalog.timestamptz) IS 'largest ulid of the millisecond';

--
-- Generators
--

-- RESTRICTED: a parallel worker has its own sequence, which would break the
-- promise that one session's values are strictly increasing
CREATE FUNCTION gen_ulid() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;

CREATE FUNCTION gen_random_ulid() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION gen_ulid(pg_catalog.timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME', 'gen_ulid_timestamptz' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION gen_ulid() IS 'generate ulid, strictly increasing within the session';
COMMENT ON FUNCTION gen_random_ulid() IS 'generate ulid with 80 fresh random bits, 74 and a UUIDv7 under ulid.uuidv7';
COMMENT ON FUNCTION gen_ulid(pg_catalog.timestamptz) IS 'generate ulid of the given time with 80 fresh random bits, 74 and a UUIDv7 under ulid.uuidv7';

--
-- Cluster-wide generator
--

-- VOLATILE: a new value on every call.  PARALLEL SAFE: the time and counter
-- live in shared memory, which parallel workers share with the leader, so a
-- worker's values take their places in the same server-wide order; each
-- process draws the random bits from its own pool.
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION gen_monotonic_ulid() IS 'generate ulid, greater than every one this function returned since the server started or last restarted after a crash';

--
-- Aggregates
--

CREATE AGGREGATE min(ulid) (
	SFUNC = ulid_smaller,
	STYPE = ulid,
	COMBINEFUNC = ulid_smaller,
	SORTOP = <,
	PARALLEL = SAFE
);

CREATE AGGREGATE max(ulid) (
	SFUNC = ulid_larger,
	STYPE = ulid,
	COMBINEFUNC = ulid_larger,
	SORTOP = >,
	PARALLEL = SAFE
);

COMMENT ON AGGREGATE min(ulid) IS 'minimum value of all ulid input values';
COMMENT ON AGGREGATE max(ulid) IS 'maximum value of all ulid input values';

/*
 * Comparison of ulid with uuid, both ways.  Drivers send a uuid-typed
 * parameter for their native uuid value (psycopg's uuid.UUID, JDBC's
 * java.util.UUID), so "WHERE id = $1" on a ulid column needs an operator
 * (ulid, uuid), and "WHERE uuid_col = $1" with a ulid needs (uuid, ulid).
 * uuid and ulid share one 16-byte layout and both order by memcmp, so the C
 * functions of ulid's own comparisons serve both argument orders as they are.
 *
 * Each comparison function has planner support (src/ulid_support.c), which
 * rewrites the comparison before planning.  Against a uuid value (a
 * constant, a parameter, a stable expression) a ulid expression is compared
 * with ulid's own operator, the value becoming a ulid: a clause on a ulid
 * column stays one, for indexes, predicate proofs and equivalence classes.
 * Otherwise (a join, or a ulid value against a uuid column) the ulid side
 * becomes a uuid and the operator uuid's own, which is mergejoinable and a
 * member of core's uuid_ops and of ulid's families: joins between the types
 * get join removal, unique joins and merge joins, a uuid partition key is
 * pruned by ulid values, and an index on either type serves values of the
 * other.  One support function per btree strategy: each knows its operator
 * without looking anything up through a search path.
 *
 * The cross-type "=" operators are not MERGES: the planner never meets them
 * in a join clause, which the rewrite has made uuid's, and 1.2 and 1.3
 * databases have them so (1.3 cleared the flag; ALTER OPERATOR cannot set it
 * on 15 or 16).
 */

--
-- Comparison functions
--

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
COMMENT ON FUNCTION ulid_uuid_lt_support(pg_catalog.internal) IS 'planner support: ulid < uuid as ulid < ulid against a uuid value, else as uuid < uuid';
COMMENT ON FUNCTION ulid_uuid_le_support(pg_catalog.internal) IS 'planner support: ulid <= uuid as ulid <= ulid against a uuid value, else as uuid <= uuid';
COMMENT ON FUNCTION ulid_uuid_eq_support(pg_catalog.internal) IS 'planner support: ulid = uuid as ulid = ulid against a uuid value, else as uuid = uuid';
COMMENT ON FUNCTION ulid_uuid_ge_support(pg_catalog.internal) IS 'planner support: ulid >= uuid as ulid >= ulid against a uuid value, else as uuid >= uuid';
COMMENT ON FUNCTION ulid_uuid_gt_support(pg_catalog.internal) IS 'planner support: ulid > uuid as ulid > ulid against a uuid value, else as uuid > uuid';


CREATE FUNCTION ulid_eq_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_eq_support;

CREATE FUNCTION ulid_ne_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_lt_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_lt_support;

CREATE FUNCTION ulid_le_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_le_support;

CREATE FUNCTION ulid_ge_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_ge_support;

CREATE FUNCTION ulid_gt_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_gt_support;

CREATE FUNCTION ulid_cmp_uuid(ulid, pg_catalog.uuid) RETURNS pg_catalog.int4
	AS 'MODULE_PATHNAME', 'ulid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_eq_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_eq_support;

CREATE FUNCTION uuid_ne_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_lt_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_lt_support;

CREATE FUNCTION uuid_le_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_le_support;

CREATE FUNCTION uuid_ge_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_ge_support;

CREATE FUNCTION uuid_gt_ulid(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool
	AS 'MODULE_PATHNAME', 'ulid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE
	SUPPORT ulid_uuid_gt_support;

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
	HASHES
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
	HASHES
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
 * wants) and an index on a ulid column serves uuid's operators.  A uuid
 * column may reference a ulid key through the (ulid, uuid) members.  Nothing
 * joins core's uuid_ops: members an extension adds to a family of core's are
 * lost by pg_upgrade (docs/uuid-interop.md).  The uuid members are core's own
 * functions and operators, already labelled and commented by core.
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

/*
 * GiST operator class: ulid works in multicolumn GiST indexes,
 * so in exclusion constraints such as EXCLUDE USING gist (id WITH =,
 * during WITH &&) and, on PostgreSQL 18, in temporal keys (PRIMARY KEY
 * (id, valid WITHOUT OVERLAPS), FOREIGN KEY (id, PERIOD valid)), as uuid
 * does with btree_gist, which is not needed.  Temporal keys need support
 * function 12, which only 18 and later accept: it comes with version
 * 1.5-pg18 (ulid--1.5--1.5-pg18.sql).
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
COMMENT ON OPERATOR CLASS ulid_ops USING gist IS 'default GiST operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING gist IS 'GiST operator family for ulid';

/*
 * After the rewrite to uuid's terms a BRIN or GiST index on a ulid column
 * meets uuid's operators, so its family gets them.  BRIN's minmax classes
 * look the operator up again by (column type, value type) when they scan,
 * hence the (ulid, uuid) members beside them; bloom and GiST read the value's
 * 16 bytes as they are.  The BRIN families' (uuid, uuid) groups have the
 * support functions of core's uuid classes of the same kinds, as
 * pg_catalog.amvalidate wants of a complete group; an index calls those of
 * its own class's type, ulid.
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
	OPERATOR 5 > (ulid, pg_catalog.uuid),
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal);

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
	OPERATOR 5 > (ulid, pg_catalog.uuid),
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 5 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_options(pg_catalog.internal),
	FUNCTION 11 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_minmax_multi_distance_uuid(pg_catalog.internal, pg_catalog.internal);

ALTER OPERATOR FAMILY ulid_bloom_ops USING brin ADD
	OPERATOR 1 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	FUNCTION 1 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_opcinfo(pg_catalog.internal),
	FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 3 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
	FUNCTION 4 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
	FUNCTION 5 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.brin_bloom_options(pg_catalog.internal),
	FUNCTION 11 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_hash(pg_catalog.uuid);

ALTER OPERATOR FAMILY ulid_ops USING gist ADD
	OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
	OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid);

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

/*
 * The text of a ulid as text, and back: the spelling the SQL edition
 * (ulid_sql, whose ulid is a domain over uuid and prints as one) offers too,
 * so that portable queries read the same on both.  ulid_from_text reads the
 * 26 characters only, as the edition's does, with the type input's errors
 * (SQLSTATE 22P02, the same details), and is not LEAKPROOF: its error shows
 * its argument.  ulid_to_text writes the 26 characters whatever ulid.output
 * says, and is the cast to text, which is IMMUTABLE and may be indexed.
 */
CREATE FUNCTION ulid_to_text(ulid) RETURNS pg_catalog.text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_text(pg_catalog.text) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_text(ulid) IS 'text of ulid, upper case';
COMMENT ON FUNCTION ulid_from_text(pg_catalog.text) IS 'ulid of its 26-character text';

CREATE CAST (ulid AS pg_catalog.text) WITH FUNCTION ulid_to_text(ulid) AS ASSIGNMENT;
COMMENT ON CAST (ulid AS pg_catalog.text) IS 'canonical 26-character text';
