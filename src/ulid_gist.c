/*-------------------------------------------------------------------------
 *
 * ulid_gist.c
 *	  The GiST operator class for ulid: fmgr glue around libulid/gist_key.c.
 *
 * The index key is a closed range of ULIDs (UlidGistKey, 32 bytes, the
 * SQL type ulid_gist_key): [v, v] on a leaf, the union of the children on
 * an inner page.  Like btree_gist's classes it makes the scalar ulid usable
 * in multicolumn GiST indexes, and so in exclusion constraints with ranges
 * and, from PostgreSQL 18, in temporal primary and foreign keys.
 *
 * The sort support of a sorted build is ulid_sortsupport (ulid_ops.c): it
 * compares the first 16 bytes of its datums, and a leaf key starts with its
 * ULID.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <stddef.h>

#include "access/gist.h"
#include "access/stratnum.h"
#if PG_VERSION_NUM >= 180000
#include "access/cmptype.h"
#endif

#include "compat.h"
#include "libulid/gist_key.h"
#include "ulid.h"

/* the key's lower bound is where ulid_sortsupport and fetch look */
StaticAssertDecl(offsetof(UlidGistKey, lower) == 0,
				 "a GiST key must start with its lower bound");
StaticAssertDecl(sizeof(UlidGistKey) == ULID_GIST_KEY_LEN,
				 "a GiST key is 32 bytes");

/* libulid/gist_key.h numbers its strategies as btree and btree_gist do */
StaticAssertDecl(ULID_GIST_LT == BTLessStrategyNumber &&
				 ULID_GIST_LE == BTLessEqualStrategyNumber &&
				 ULID_GIST_EQ == BTEqualStrategyNumber &&
				 ULID_GIST_GE == BTGreaterEqualStrategyNumber &&
				 ULID_GIST_GT == BTGreaterStrategyNumber &&
				 ULID_GIST_INVALID == InvalidStrategy,
				 "strategy numbers differ from btree's");
#if PG_VERSION_NUM >= 180000
StaticAssertDecl(ULID_COMPARE_LT == COMPARE_LT &&
				 ULID_COMPARE_LE == COMPARE_LE &&
				 ULID_COMPARE_EQ == COMPARE_EQ &&
				 ULID_COMPARE_GE == COMPARE_GE &&
				 ULID_COMPARE_GT == COMPARE_GT &&
				 ULID_COMPARE_NE == COMPARE_NE,
				 "CompareType values differ from access/cmptype.h");
#endif

#define DatumGetUlidGistKey(X)	((UlidGistKey *) DatumGetPointer(X))

/*
 * The key type has no text form: its values exist only inside indexes, and
 * nothing in SQL reaches them.
 */
PG_FUNCTION_INFO_V1(ulid_gist_key_in);
Datum
ulid_gist_key_in(PG_FUNCTION_ARGS)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot accept a value of type %s", "ulid_gist_key")));
	PG_RETURN_VOID();			/* keep compiler quiet */
}

PG_FUNCTION_INFO_V1(ulid_gist_key_out);
Datum
ulid_gist_key_out(PG_FUNCTION_ARGS)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot display a value of type %s", "ulid_gist_key")));
	PG_RETURN_VOID();			/* keep compiler quiet */
}

/*
 * GiST support 1.  Exact on leaves, so never a recheck; the subtype
 * (argument 3) is always ulid, the class's only operand type.
 */
PG_FUNCTION_INFO_V1(ulid_gist_consistent);
Datum
ulid_gist_consistent(PG_FUNCTION_ARGS)
{
	GISTENTRY  *entry = (GISTENTRY *) PG_GETARG_POINTER(0);
	pg_ulid    *query = PG_GETARG_ULID_P(1);
	StrategyNumber strategy = (StrategyNumber) PG_GETARG_UINT16(2);
	bool	   *recheck = (bool *) PG_GETARG_POINTER(4);

	*recheck = false;
	PG_RETURN_BOOL(ulid_gist_key_consistent(DatumGetUlidGistKey(entry->key),
											query->data, strategy));
}

/* GiST support 2: the range covering every entry of the vector */
PG_FUNCTION_INFO_V1(ulid_gist_union);
Datum
ulid_gist_union(PG_FUNCTION_ARGS)
{
	GistEntryVector *entryvec = (GistEntryVector *) PG_GETARG_POINTER(0);
	int		   *size = (int *) PG_GETARG_POINTER(1);
	UlidGistKey *out = palloc(sizeof(UlidGistKey));

	Assert(entryvec->n >= 1);
	*out = *DatumGetUlidGistKey(entryvec->vector[0].key);
	for (int i = 1; i < entryvec->n; i++)
		ulid_gist_key_extend(out, DatumGetUlidGistKey(entryvec->vector[i].key));
	*size = sizeof(UlidGistKey);
	PG_RETURN_POINTER(out);
}

/* GiST support 3: a ULID becomes the range [v, v]; inner keys stay */
PG_FUNCTION_INFO_V1(ulid_gist_compress);
Datum
ulid_gist_compress(PG_FUNCTION_ARGS)
{
	GISTENTRY  *entry = (GISTENTRY *) PG_GETARG_POINTER(0);
	GISTENTRY  *retval;
	UlidGistKey *key;

	if (!entry->leafkey)
		PG_RETURN_POINTER(entry);

	key = palloc(sizeof(UlidGistKey));
	ulid_gist_key_leaf(key, DatumGetUlidP(entry->key)->data);
	retval = palloc(sizeof(GISTENTRY));
	gistentryinit(*retval, PointerGetDatum(key), entry->rel, entry->page,
				  entry->offset, false);
	PG_RETURN_POINTER(retval);
}

/* GiST support 5: see ulid_gist_key_penalty_float */
PG_FUNCTION_INFO_V1(ulid_gist_penalty);
Datum
ulid_gist_penalty(PG_FUNCTION_ARGS)
{
	GISTENTRY  *orig = (GISTENTRY *) PG_GETARG_POINTER(0);
	GISTENTRY  *add = (GISTENTRY *) PG_GETARG_POINTER(1);
	float	   *result = (float *) PG_GETARG_POINTER(2);

	*result = ulid_gist_key_penalty_float(DatumGetUlidGistKey(orig->key),
										  DatumGetUlidGistKey(add->key));
	PG_RETURN_POINTER(result);
}

/* An entry of a page being split, for sorting */
typedef struct
{
	const UlidGistKey *key;
	OffsetNumber offset;
} UlidGistSplitItem;

static int
split_item_cmp(const void *a, const void *b)
{
	return ulid_gist_key_cmp(((const UlidGistSplitItem *) a)->key,
							 ((const UlidGistSplitItem *) b)->key);
}

/*
 * GiST support 6.  The entries sorted by range, the lower half goes left
 * and the upper half right.  On a leaf page, whose keys are single values,
 * the two sides' ranges then share no value but one stored on both sides.
 */
PG_FUNCTION_INFO_V1(ulid_gist_picksplit);
Datum
ulid_gist_picksplit(PG_FUNCTION_ARGS)
{
	GistEntryVector *entryvec = (GistEntryVector *) PG_GETARG_POINTER(0);
	GIST_SPLITVEC *v = (GIST_SPLITVEC *) PG_GETARG_POINTER(1);
	OffsetNumber maxoff = entryvec->n - 1;
	int			nitems = maxoff - FirstOffsetNumber + 1;
	UlidGistSplitItem *items = palloc(nitems * sizeof(UlidGistSplitItem));
	UlidGistKey *left = palloc(sizeof(UlidGistKey));
	UlidGistKey *right = palloc(sizeof(UlidGistKey));
	int			nleft = nitems / 2;

	/* GiST splits a page of at least two entries */
	Assert(nitems >= 2);
	for (int i = 0; i < nitems; i++)
	{
		items[i].offset = FirstOffsetNumber + i;
		items[i].key = DatumGetUlidGistKey(entryvec->vector[FirstOffsetNumber + i].key);
	}
	qsort(items, nitems, sizeof(UlidGistSplitItem), split_item_cmp);

	v->spl_left = palloc(nitems * sizeof(OffsetNumber));
	v->spl_right = palloc(nitems * sizeof(OffsetNumber));
	v->spl_nleft = 0;
	v->spl_nright = 0;
	*left = *items[0].key;
	*right = *items[nleft].key;
	for (int i = 0; i < nitems; i++)
	{
		if (i < nleft)
		{
			ulid_gist_key_extend(left, items[i].key);
			v->spl_left[v->spl_nleft++] = items[i].offset;
		}
		else
		{
			ulid_gist_key_extend(right, items[i].key);
			v->spl_right[v->spl_nright++] = items[i].offset;
		}
	}
	/* a split puts entries on both sides */
	Assert(v->spl_nleft > 0 && v->spl_nright > 0);
	v->spl_ldatum = PointerGetDatum(left);
	v->spl_rdatum = PointerGetDatum(right);
	pfree(items);
	PG_RETURN_POINTER(v);
}

/* GiST support 7 */
PG_FUNCTION_INFO_V1(ulid_gist_same);
Datum
ulid_gist_same(PG_FUNCTION_ARGS)
{
	UlidGistKey *a = (UlidGistKey *) PG_GETARG_POINTER(0);
	UlidGistKey *b = (UlidGistKey *) PG_GETARG_POINTER(1);
	bool	   *result = (bool *) PG_GETARG_POINTER(2);

	*result = ulid_gist_key_same(a, b);
	PG_RETURN_POINTER(result);
}

/*
 * GiST support 9, for index-only scans: a leaf key's lower bound is its
 * ULID, and the key starts with it, so the key's datum is the ULID's.
 */
PG_FUNCTION_INFO_V1(ulid_gist_fetch);
Datum
ulid_gist_fetch(PG_FUNCTION_ARGS)
{
	GISTENTRY  *entry = (GISTENTRY *) PG_GETARG_POINTER(0);
	GISTENTRY  *retval = palloc(sizeof(GISTENTRY));

	gistentryinit(*retval, entry->key, entry->rel, entry->page,
				  entry->offset, false);
	PG_RETURN_POINTER(retval);
}

/*
 * GiST support 12 (PostgreSQL 18 and later): the strategy number of a
 * CompareType, with which temporal primary and foreign keys find the
 * class's equality operator.  From 1.4 only the -pg18 scripts
 * (the crossings ulid--X--X-pg18.sql, from 1.4 on) create it, on 18 and
 * later.
 *
 * On 15 to 17 it is a compatibility entry point (ulid_legacy.c says why
 * such symbols stay): only a database at 1.3 names it there, as
 * ulid--1.2--1.3.sql creates it on every major and ulid--1.3--1.4.sql drops
 * it.  From 2.0, which may drop 1.3, it can be compiled for 18 and later
 * only.
 */
PG_FUNCTION_INFO_V1(ulid_gist_translate_cmptype);
Datum
ulid_gist_translate_cmptype(PG_FUNCTION_ARGS)
{
	PG_RETURN_UINT16((uint16) ulid_gist_cmptype_strategy(PG_GETARG_INT32(0)));
}
