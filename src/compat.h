/*-------------------------------------------------------------------------
 *
 * compat.h
 *	  Shims for the PostgreSQL versions this extension builds against (15+).
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_COMPAT_H
#define ULID_COMPAT_H

#include "utils/elog.h"

#if PG_VERSION_NUM < 150000
#error "ulid needs PostgreSQL 15 or later"
#endif

/* The varlena macros moved out of postgres.h in 16. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
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

#endif							/* ULID_COMPAT_H */
