/*-------------------------------------------------------------------------
 *
 * ulid_ops.c
 *	  Comparison, sorting, hashing and min/max support for ulid.
 *
 * A ULID's bytes are big-endian, so memcmp order is ULID order and time
 * order, exactly as for uuid, and ulid hashes as uuid does.  So where core's
 * uuid.c has the function, these call it with their own arguments: both
 * types pass a pointer to 16 bytes (docs/core-functions.md).  The symbols
 * stay: the catalog names them, in every version so far.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/fmgrprotos.h"

#include "compat.h"
#include "ulid.h"

/* -1, 0 or 1 (libulid/codec.h): btree's comparisons of a ulid key cost no more than uuid's */
static inline int
ulid_internal_cmp(const pg_ulid *a, const pg_ulid *b)
{
	return ulid_compare(a->data, b->data);
}

PG_FUNCTION_INFO_V1(ulid_lt);
Datum
ulid_lt(PG_FUNCTION_ARGS)
{
	return uuid_lt(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_le);
Datum
ulid_le(PG_FUNCTION_ARGS)
{
	return uuid_le(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_eq);
Datum
ulid_eq(PG_FUNCTION_ARGS)
{
	return uuid_eq(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_ne);
Datum
ulid_ne(PG_FUNCTION_ARGS)
{
	return uuid_ne(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_ge);
Datum
ulid_ge(PG_FUNCTION_ARGS)
{
	return uuid_ge(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_gt);
Datum
ulid_gt(PG_FUNCTION_ARGS)
{
	return uuid_gt(fcinfo);
}

/*
 * btree support function 1.  Not uuid_cmp: that returns memcmp's result,
 * whose magnitude varies with the C library, and the SQL-visible result here
 * is -1, 0 or 1.
 */
PG_FUNCTION_INFO_V1(ulid_cmp);
Datum
ulid_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)));
}

/* The smaller and larger of two ULIDs, for min() and max(): core has none */
PG_FUNCTION_INFO_V1(ulid_smaller);
Datum
ulid_smaller(PG_FUNCTION_ARGS)
{
	pg_ulid    *a = PG_GETARG_ULID_P(0);
	pg_ulid    *b = PG_GETARG_ULID_P(1);

	PG_RETURN_ULID_P(ulid_internal_cmp(a, b) <= 0 ? a : b);
}

PG_FUNCTION_INFO_V1(ulid_larger);
Datum
ulid_larger(PG_FUNCTION_ARGS)
{
	pg_ulid    *a = PG_GETARG_ULID_P(0);
	pg_ulid    *b = PG_GETARG_ULID_P(1);

	PG_RETURN_ULID_P(ulid_internal_cmp(a, b) >= 0 ? a : b);
}

/*
 * btree support function 2: uuid's abbreviated keys (the first 8 bytes as
 * an unsigned integer, abandoned when they barely vary).  Also GiST support
 * 11 (sorted build) of the GiST class: its keys start with their ULID
 * (ulid_gist.c), and uuid's comparator and abbreviation read only a datum's
 * first 16 bytes.
 */
PG_FUNCTION_INFO_V1(ulid_sortsupport);
Datum
ulid_sortsupport(PG_FUNCTION_ARGS)
{
	return uuid_sortsupport(fcinfo);
}

/* hash support functions 1 and 2: uuid's, so ulid = uuid can hash-join */
PG_FUNCTION_INFO_V1(ulid_hash);
Datum
ulid_hash(PG_FUNCTION_ARGS)
{
	return uuid_hash(fcinfo);
}

PG_FUNCTION_INFO_V1(ulid_hash_extended);
Datum
ulid_hash_extended(PG_FUNCTION_ARGS)
{
	return uuid_hash_extended(fcinfo);
}
