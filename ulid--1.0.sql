/* ulid--1.0.sql: the ulid type, its operators, index support and generators */

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

/*
 * Support that not every server version has: btree skip support (18+), and
 * the BRIN minmax-multi and bloom classes (14+).  The statements run through
 * EXECUTE so that older servers never parse them; every core object they
 * name is schema-qualified.
 */
DO $$
BEGIN
	IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 180000 THEN
		EXECUTE $sql$
			CREATE FUNCTION ulid_skipsupport(pg_catalog.internal) RETURNS pg_catalog.void
				AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
		$sql$;
		EXECUTE $sql$
			COMMENT ON FUNCTION ulid_skipsupport(pg_catalog.internal) IS 'skip support'
		$sql$;
		EXECUTE $sql$
			ALTER OPERATOR FAMILY ulid_ops USING btree
				ADD FUNCTION 6 (ulid, ulid) ulid_skipsupport(pg_catalog.internal)
		$sql$;
	END IF;

	IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 140000 THEN
		EXECUTE $sql$
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
					FUNCTION 11 pg_catalog.brin_minmax_multi_distance_uuid(pg_catalog.internal, pg_catalog.internal)
		$sql$;
		EXECUTE $sql$
			CREATE OPERATOR CLASS ulid_bloom_ops
				FOR TYPE ulid USING brin AS
					OPERATOR 1 =,
					FUNCTION 1 pg_catalog.brin_bloom_opcinfo(pg_catalog.internal),
					FUNCTION 2 pg_catalog.brin_bloom_add_value(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
					FUNCTION 3 pg_catalog.brin_bloom_consistent(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal, pg_catalog.int4),
					FUNCTION 4 pg_catalog.brin_bloom_union(pg_catalog.internal, pg_catalog.internal, pg_catalog.internal),
					FUNCTION 5 pg_catalog.brin_bloom_options(pg_catalog.internal),
					FUNCTION 11 ulid_hash(ulid)
		$sql$;
		EXECUTE $sql$
			COMMENT ON OPERATOR CLASS ulid_minmax_multi_ops USING brin IS 'BRIN multi minmax operator class for ulid'
		$sql$;
		EXECUTE $sql$
			COMMENT ON OPERATOR FAMILY ulid_minmax_multi_ops USING brin IS 'BRIN multi minmax operator family for ulid'
		$sql$;
		EXECUTE $sql$
			COMMENT ON OPERATOR CLASS ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid'
		$sql$;
		EXECUTE $sql$
			COMMENT ON OPERATOR FAMILY ulid_bloom_ops USING brin IS 'BRIN bloom operator family for ulid'
		$sql$;
	END IF;
END
$$;

--
-- Casts
--

-- uuid and ulid are the same 16 bytes
CREATE CAST (ulid AS pg_catalog.uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (pg_catalog.uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;

CREATE CAST (ulid AS pg_catalog.text) WITH INOUT AS ASSIGNMENT;
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
COMMENT ON CAST (ulid AS pg_catalog.text) IS 'canonical 26-character text';
COMMENT ON CAST (pg_catalog.text AS ulid) IS 'parse 26 characters of Crockford base32';
COMMENT ON CAST (ulid AS pg_catalog.bytea) IS 'the 16 bytes';
COMMENT ON CAST (pg_catalog.bytea AS ulid) IS 'exactly 16 bytes';
COMMENT ON CAST (ulid AS pg_catalog.timestamptz) IS 'the millisecond of the time field';
COMMENT ON CAST (pg_catalog.timestamptz AS ulid) IS 'smallest ulid of the millisecond';
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'convert ulid to its 16 bytes';
COMMENT ON FUNCTION bytea_to_ulid(pg_catalog.bytea) IS 'convert 16 bytes to ulid';
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
COMMENT ON FUNCTION gen_random_ulid() IS 'generate ulid with 80 fresh random bits';
COMMENT ON FUNCTION gen_ulid(pg_catalog.timestamptz) IS 'generate ulid of the given time with 80 fresh random bits';

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
