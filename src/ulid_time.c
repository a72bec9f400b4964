/*-------------------------------------------------------------------------
 *
 * ulid_time.c
 *	  A ULID's time field as a timestamptz, both ways: the cast to
 *	  timestamptz, ulid_lower() and ulid_upper(), and the conversion that
 *	  the cast from timestamptz and gen_ulid(timestamptz) share.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/timestamp.h"

#include "compat.h"
#include "ulid.h"
#include "ulid_time.h"

/* Unix epoch in PostgreSQL's timestamp (microseconds since 2000-01-01) */
#define UNIX_EPOCH_TIMESTAMP \
	((TimestampTz) (UNIX_EPOCH_JDATE - POSTGRES_EPOCH_JDATE) * USECS_PER_DAY)

#define USECS_PER_MSEC	INT64CONST(1000)

/* Bounds of a ULID's time field, as timestamps */
#define ULID_MIN_TIMESTAMP	UNIX_EPOCH_TIMESTAMP
#define ULID_MAX_TIMESTAMP \
	(UNIX_EPOCH_TIMESTAMP + (TimestampTz) ULID_TIME_MAX * USECS_PER_MSEC + \
	 (USECS_PER_MSEC - 1))

/*
 * Sub-millisecond parts fall to the millisecond that contains them; ts is
 * not before 1970, so truncating division is flooring division.  Infinite
 * timestamps are outside the bounds too.
 */
uint64
ulid_time_from_timestamptz(TimestampTz ts)
{
	uint64		ms;

	if (ts < ULID_MIN_TIMESTAMP || ts > ULID_MAX_TIMESTAMP)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type ulid"),
				 errdetail("A ULID holds times from 1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC.")));

	ms = (uint64) ((ts - UNIX_EPOCH_TIMESTAMP) / USECS_PER_MSEC);
	Assert(ms <= ULID_TIME_MAX);
	return ms;
}

/* The ULID's time field as a timestamptz; every ULID has one in range. */
PG_FUNCTION_INFO_V1(ulid_time);
Datum
ulid_time(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	uint64		ms = ulid_get_time_ms(ulid->data);

	PG_RETURN_TIMESTAMPTZ(UNIX_EPOCH_TIMESTAMP + (TimestampTz) ms * USECS_PER_MSEC);
}

/*
 * The smallest (random bits all zero) or largest (all one) ULID of a
 * timestamp's millisecond: bounds for range scans over a time window.
 */
static pg_ulid *
ulid_bound(TimestampTz ts, uint8 random_fill)
{
	pg_ulid    *result = palloc(sizeof(pg_ulid));

	ulid_set_time_ms(result->data, ulid_time_from_timestamptz(ts));
	memset(result->data + ULID_TIME_LEN, random_fill, ULID_RANDOM_LEN);
	return result;
}

PG_FUNCTION_INFO_V1(ulid_lower);
Datum
ulid_lower(PG_FUNCTION_ARGS)
{
	PG_RETURN_ULID_P(ulid_bound(PG_GETARG_TIMESTAMPTZ(0), 0x00));
}

PG_FUNCTION_INFO_V1(ulid_upper);
Datum
ulid_upper(PG_FUNCTION_ARGS)
{
	PG_RETURN_ULID_P(ulid_bound(PG_GETARG_TIMESTAMPTZ(0), 0xFF));
}
