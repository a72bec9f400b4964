/*-------------------------------------------------------------------------
 *
 * ulid_gen_error.c
 *	  The errors of the generators, gen_ulid()'s family (ulid_gen.c) and
 *	  gen_monotonic_ulid() (ulid_monotonic.c), and of the clock they read.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "compat.h"
#include "ulid_gen_error.h"

/*
 * Reports a failed step of the state machine (or of the clock) as an error.
 * An exhausted generator raises the SQLSTATE of nextval() at a sequence's
 * maximum, 2200H.
 */
void
ulid_report_gen_failure(UlidGenStatus status)
{
	switch (status)
	{
		case ULID_GEN_OK:
			break;
		case ULID_GEN_NO_RANDOM:
			ereport(ERROR,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("could not generate random values")));
			break;
		case ULID_GEN_NO_CLOCK:
			ereport(ERROR,
					(errcode(ERRCODE_SYSTEM_ERROR),
					 errmsg("could not read the system clock: %m")));
			break;
		case ULID_GEN_TIME_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("current time is out of range for type ulid")));
			break;
		case ULID_GEN_EXHAUSTED:
			ereport(ERROR,
					(errcode(ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
					 errmsg("ulid generator reached its maximum value"),
					 errdetail("The last ULID it generated has the largest time and counter a ULID can hold.")));
			break;
		case ULID_GEN_TOO_MANY_BYTES:
			elog(ERROR, "ulid generator asked for more random bytes than its pool holds");
			break;
	}
}
