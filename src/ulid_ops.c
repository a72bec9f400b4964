/*-------------------------------------------------------------------------
 *
 * ulid_ops.c
 *	  Comparison, sorting, hashing and min/max support for ulid.
 *
 * A ULID's bytes are big-endian, so memcmp order is ULID order and time
 * order, exactly as for uuid; these functions mirror core's uuid.c.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <limits.h>

#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "port/pg_bswap.h"
#include "utils/guc.h"
#include "utils/sortsupport.h"
#if PG_VERSION_NUM >= 180000
#include "utils/skipsupport.h"
#endif

#include "compat.h"
#include "ulid.h"

/* State of the abbreviated-key cardinality check while sorting */
typedef struct
{
	int64		input_count;	/* number of non-null values seen */
	bool		estimating;		/* true if estimating cardinality */
	hyperLogLogState abbr_card; /* cardinality estimator */
} ulid_sortsupport_state;

static inline int
ulid_internal_cmp(const pg_ulid *a, const pg_ulid *b)
{
	return memcmp(a->data, b->data, ULID_BINARY_LEN);
}

PG_FUNCTION_INFO_V1(ulid_lt);
Datum
ulid_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) < 0);
}

PG_FUNCTION_INFO_V1(ulid_le);
Datum
ulid_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) <= 0);
}

PG_FUNCTION_INFO_V1(ulid_eq);
Datum
ulid_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) == 0);
}

PG_FUNCTION_INFO_V1(ulid_ne);
Datum
ulid_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) != 0);
}

PG_FUNCTION_INFO_V1(ulid_ge);
Datum
ulid_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) >= 0);
}

PG_FUNCTION_INFO_V1(ulid_gt);
Datum
ulid_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1)) > 0);
}

/*
 * btree support function 1.  memcmp's magnitude varies with the C library,
 * so the SQL-visible result is folded to -1, 0 or 1.
 */
PG_FUNCTION_INFO_V1(ulid_cmp);
Datum
ulid_cmp(PG_FUNCTION_ARGS)
{
	int			cmp = ulid_internal_cmp(PG_GETARG_ULID_P(0), PG_GETARG_ULID_P(1));

	PG_RETURN_INT32((cmp > 0) - (cmp < 0));
}

/* The smaller and larger of two ULIDs, for min() and max() */
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

/* The authoritative comparator used by sorts */
static int
ulid_fast_cmp(Datum x, Datum y, SortSupport ssup)
{
	return ulid_internal_cmp(DatumGetUlidP(x), DatumGetUlidP(y));
}

/*
 * Abbreviated key: the first sizeof(Datum) bytes (the 48-bit time and the
 * top random bits) as an unsigned integer.  The bytes are counted into a
 * HyperLogLog estimator so that abbreviation can be abandoned when they
 * barely vary.
 */
static Datum
ulid_abbrev_convert(Datum original, SortSupport ssup)
{
	ulid_sortsupport_state *uss = ssup->ssup_extra;
	pg_ulid    *authoritative = DatumGetUlidP(original);
	Datum		res;

	memcpy(&res, authoritative->data, sizeof(Datum));
	uss->input_count += 1;

	if (uss->estimating)
	{
		uint32		tmp;

#if SIZEOF_DATUM == 8
		tmp = (uint32) res ^ (uint32) ((uint64) res >> 32);
#else
		tmp = (uint32) res;
#endif
		addHyperLogLog(&uss->abbr_card, DatumGetUInt32(hash_uint32(tmp)));
	}

	/* so that an unsigned integer comparison gives memcmp order */
	return DatumBigEndianToNative(res);
}

/*
 * Abandons abbreviation when fewer than 1 in ~2000 keys are distinct, with
 * the same thresholds as core's uuid; stops estimating above 100k distinct.
 */
static bool
ulid_abbrev_abort(int memtupcount, SortSupport ssup)
{
	ulid_sortsupport_state *uss = ssup->ssup_extra;
	double		abbr_card;

	if (memtupcount < 10000 || uss->input_count < 10000 || !uss->estimating)
		return false;

	abbr_card = estimateHyperLogLog(&uss->abbr_card);

	if (abbr_card > 100000.0)
	{
		if (trace_sort)
			elog(LOG,
				 "ulid_abbrev: estimation ends at cardinality %f after " INT64_FORMAT " values (%d rows)",
				 abbr_card, uss->input_count, memtupcount);
		uss->estimating = false;
		return false;
	}

	if (abbr_card < uss->input_count / 2000.0 + 0.5)
	{
		if (trace_sort)
			elog(LOG,
				 "ulid_abbrev: aborting abbreviation at cardinality %f below threshold %f after " INT64_FORMAT " values (%d rows)",
				 abbr_card, uss->input_count / 2000.0 + 0.5, uss->input_count,
				 memtupcount);
		return true;
	}

	return false;
}

/*
 * btree support function 2, and GiST support 11 (sorted build) of the GiST
 * class: its keys start with their ULID (ulid_gist.c), and the comparator
 * and the abbreviation read only a datum's first 16 bytes
 */
PG_FUNCTION_INFO_V1(ulid_sortsupport);
Datum
ulid_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = ulid_fast_cmp;
	ssup->ssup_extra = NULL;

	if (ssup->abbreviate)
	{
		ulid_sortsupport_state *uss;
		MemoryContext oldcontext;

		oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);

		uss = palloc(sizeof(ulid_sortsupport_state));
		uss->input_count = 0;
		uss->estimating = true;
		initHyperLogLog(&uss->abbr_card, 10);

		ssup->ssup_extra = uss;
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = ulid_abbrev_convert;
		ssup->abbrev_abort = ulid_abbrev_abort;
		ssup->abbrev_full_comparator = ulid_fast_cmp;

		MemoryContextSwitchTo(oldcontext);
	}

	PG_RETURN_VOID();
}

#if PG_VERSION_NUM >= 180000
/*
 * Skip support (btree support function 6, 18+): lets a skip scan step from
 * one ULID to the next possible one, counting the 16 bytes as one integer.
 * Only databases still at 1.0 or 1.1 on 18+ call it: 1.2 drops it (see
 * ulid--1.1--1.2.sql), but the library must keep serving older versions.
 */
static Datum
ulid_decrement(Relation rel, Datum existing, bool *underflow)
{
	pg_ulid    *ulid = palloc(sizeof(pg_ulid));

	memcpy(ulid, DatumGetUlidP(existing), sizeof(pg_ulid));
	for (int i = ULID_BINARY_LEN - 1; i >= 0; i--)
	{
		if (ulid->data[i] > 0)
		{
			ulid->data[i]--;
			*underflow = false;
			return UlidPGetDatum(ulid);
		}
		ulid->data[i] = UCHAR_MAX;
	}
	pfree(ulid);
	*underflow = true;
	return (Datum) 0;
}

static Datum
ulid_increment(Relation rel, Datum existing, bool *overflow)
{
	pg_ulid    *ulid = palloc(sizeof(pg_ulid));

	memcpy(ulid, DatumGetUlidP(existing), sizeof(pg_ulid));
	for (int i = ULID_BINARY_LEN - 1; i >= 0; i--)
	{
		if (ulid->data[i] < UCHAR_MAX)
		{
			ulid->data[i]++;
			*overflow = false;
			return UlidPGetDatum(ulid);
		}
		ulid->data[i] = 0;
	}
	pfree(ulid);
	*overflow = true;
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(ulid_skipsupport);
Datum
ulid_skipsupport(PG_FUNCTION_ARGS)
{
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0);
	pg_ulid    *min = palloc(sizeof(pg_ulid));
	pg_ulid    *max = palloc(sizeof(pg_ulid));

	memset(min->data, 0x00, ULID_BINARY_LEN);
	memset(max->data, 0xFF, ULID_BINARY_LEN);

	sksup->decrement = ulid_decrement;
	sksup->increment = ulid_increment;
	sksup->low_elem = UlidPGetDatum(min);
	sksup->high_elem = UlidPGetDatum(max);

	PG_RETURN_VOID();
}
#endif

/* hash support functions 1 and 2: the same hashes as uuid on the same bytes */
PG_FUNCTION_INFO_V1(ulid_hash);
Datum
ulid_hash(PG_FUNCTION_ARGS)
{
	pg_ulid    *key = PG_GETARG_ULID_P(0);

	return hash_any(key->data, ULID_BINARY_LEN);
}

PG_FUNCTION_INFO_V1(ulid_hash_extended);
Datum
ulid_hash_extended(PG_FUNCTION_ARGS)
{
	pg_ulid    *key = PG_GETARG_ULID_P(0);

	return hash_any_extended(key->data, ULID_BINARY_LEN, PG_GETARG_INT64(1));
}
