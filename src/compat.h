/*-------------------------------------------------------------------------
 *
 * compat.h
 *	  Shims for the PostgreSQL versions this extension builds against (13+).
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_COMPAT_H
#define ULID_COMPAT_H

#include "utils/elog.h"
#include "utils/sortsupport.h"

/* The varlena macros moved out of postgres.h in 16. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/* fmgr.h declares the module's _PG_init from 16 on. */
#if PG_VERSION_NUM < 160000
extern PGDLLEXPORT void _PG_init(void);
#endif

/*
 * Soft input errors arrived in 16.  Before that, an input function has no
 * error context to save into, so every error is a hard one.
 */
#if PG_VERSION_NUM < 160000
#define ereturn(context, dummy_value, ...) \
	do { \
		(void) (context); \
		ereport(ERROR, __VA_ARGS__); \
		return dummy_value; \
	} while (0)
#endif

/*
 * From 15, tuplesort has a specialised fast path for abbreviated keys
 * compared with ssup_datum_unsigned_cmp; before 15, use an equivalent.
 */
#if PG_VERSION_NUM >= 150000
#define ulid_abbrev_cmp ssup_datum_unsigned_cmp
#else
static inline int
ulid_abbrev_cmp(Datum x, Datum y, SortSupport ssup)
{
	if (x < y)
		return -1;
	if (x > y)
		return 1;
	return 0;
}
#endif

#endif							/* ULID_COMPAT_H */
