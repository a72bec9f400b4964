/*-------------------------------------------------------------------------
 *
 * ulid.h
 *	  The ulid type as PostgreSQL sees it: 16 bytes, passed by reference.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_H
#define ULID_H

#include "fmgr.h"

#include "libulid/codec.h"

/* The same 16 bytes as a uuid; byte order is ULID order is time order. */
typedef struct pg_ulid
{
	uint8		data[ULID_BINARY_LEN];
} pg_ulid;

static inline Datum
UlidPGetDatum(const pg_ulid *X)
{
	return PointerGetDatum(X);
}

static inline pg_ulid *
DatumGetUlidP(Datum X)
{
	return (pg_ulid *) DatumGetPointer(X);
}

#define PG_GETARG_ULID_P(X)		DatumGetUlidP(PG_GETARG_DATUM(X))
#define PG_RETURN_ULID_P(X)		return UlidPGetDatum(X)

/* Defines the ulid.output setting (ulid.c), at the library's load */
extern void ulid_output_init(void);

#endif							/* ULID_H */
