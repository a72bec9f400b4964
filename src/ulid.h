/*-------------------------------------------------------------------------
 *
 * ulid.h
 *	  The ulid type as PostgreSQL sees it: 16 bytes, passed by reference.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_H
#define ULID_H

#include "datatype/timestamp.h"
#include "fmgr.h"

#include "libulid/codec.h"
#include "libulid/generator.h"

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

/* The millisecond of ts as a ULID time field; raises 22008 if out of range */
extern uint64 ulid_time_from_timestamptz(TimestampTz ts);

/* ulid_gen.c: the fork handler, from _PG_init */
extern void ulid_generator_init(void);

/* ulid_gen.c, for gen_monotonic_ulid(): the clock and the random pool */
extern uint64 ulid_backend_now_ms(void);
extern const uint8 *ulid_backend_random(size_t len);

/* ulid_gen.c: ulid.uuidv7, and the layout it asks for (inline: every call reads it) */
extern bool ulid_uuidv7;

static inline UlidLayout
ulid_current_layout(void)
{
	return ulid_uuidv7 ? ULID_LAYOUT_UUIDV7 : ULID_LAYOUT_ULID;
}

/* ulid_gen.c: raises the error of a failed generator step (not ULID_GEN_OK) */
extern void ulid_report_gen_failure(UlidGenStatus status);

/* ulid_monotonic.c: shared memory hooks, from _PG_init */
extern void ulid_monotonic_init(void);

#endif							/* ULID_H */
