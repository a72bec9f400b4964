/*-------------------------------------------------------------------------
 *
 * ulid_cast.c
 *	  Conversions between ulid and bytea or timestamptz.
 *
 * (ulid and uuid share their bytes, so those casts need no function, and the
 * text casts go through ulid_in and ulid_out.)
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/timestamp.h"

#include "compat.h"
#include "ulid.h"

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
	if (ts < ULID_MIN_TIMESTAMP || ts > ULID_MAX_TIMESTAMP)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type ulid"),
				 errdetail("A ULID holds times from 1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC.")));

	return (uint64) ((ts - UNIX_EPOCH_TIMESTAMP) / USECS_PER_MSEC);
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
 * uuid_extract_version(ulid): 7 where the ULID's bits also make a valid
 * UUIDv7, else null.  Core's function would report whatever random bits stand
 * in the version field.
 */
PG_FUNCTION_INFO_V1(ulid_extract_version);
Datum
ulid_extract_version(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);

	if (!ulid_is_uuidv7(ulid->data))
		PG_RETURN_NULL();
	PG_RETURN_INT16(7);
}

/*
 * ulid_is_uuidv7(ulid): whether the value is also a valid UUIDv7, for CHECK
 * constraints on columns that must hold UUIDv7s (ulid.uuidv7 makes them).
 * The C name has a suffix: codec.h's ulid_is_uuidv7 is the test itself.
 */
PG_FUNCTION_INFO_V1(ulid_is_uuidv7_sql);
Datum
ulid_is_uuidv7_sql(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);

	PG_RETURN_BOOL(ulid_is_uuidv7(ulid->data) != 0);
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

PG_FUNCTION_INFO_V1(ulid_to_bytea);
Datum
ulid_to_bytea(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	bytea	   *result = palloc(VARHDRSZ + ULID_BINARY_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_BINARY_LEN);
	memcpy(VARDATA(result), ulid->data, ULID_BINARY_LEN);
	PG_RETURN_BYTEA_P(result);
}

/* Any 16 bytes are a ULID; any other length is an error, never truncated. */
PG_FUNCTION_INFO_V1(bytea_to_ulid);
Datum
bytea_to_ulid(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	int			len = VARSIZE_ANY_EXHDR(bytes);
	pg_ulid    *result;

	if (len != ULID_BINARY_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for conversion of bytea to ulid"),
				 errdetail("A ULID has %d bytes, but this value has %d.",
						   ULID_BINARY_LEN, len)));

	result = palloc(sizeof(pg_ulid));
	memcpy(result->data, VARDATA_ANY(bytes), ULID_BINARY_LEN);
	PG_RETURN_ULID_P(result);
}
