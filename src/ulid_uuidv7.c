/*-------------------------------------------------------------------------
 *
 * ulid_uuidv7.c
 *	  The ulid.uuidv7 setting, and the SQL tests of a value's UUIDv7 bits:
 *	  uuid_extract_version(ulid) and ulid_is_uuidv7(ulid).
 *
 * Where the version and variant bits are is libulid/layout.h's; this file
 * is the PostgreSQL side of it.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/guc.h"

#include "compat.h"
#include "ulid.h"
#include "ulid_uuidv7.h"

/*
 * ulid.uuidv7: whether the generators make values that are also valid
 * UUIDv7s.  Read on every call, so a change applies from the next value.
 */
bool		ulid_uuidv7 = false;

/*
 * Defines the setting when the library is loaded (_PG_init).
 *
 * PGC_USERSET: the layout is a choice of format, not a privilege, so any
 * role may pick it for its own session, and ALTER DATABASE ... SET or ALTER
 * ROLE ... SET can make it the default without a superuser.  A table that
 * must hold UUIDv7s says so with CHECK (ulid_is_uuidv7(id)), which a
 * session's setting cannot get round.  Parallel workers receive the
 * leader's value with the rest of its GUC state (the library is loaded in a
 * worker before that state is restored).
 */
void
ulid_uuidv7_init(void)
{
	DefineCustomBoolVariable("ulid.uuidv7",
							 "Makes generated ULIDs valid UUIDv7s too.",
							 "Sets the version nibble to 7 and the RFC 9562 variant bits, leaving 74 of the 80 bits after the time to the counter and the random bits.",
							 &ulid_uuidv7,
							 false,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	MarkGUCPrefixReserved("ulid");
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
 * The C name has a suffix: libulid/layout.h's ulid_is_uuidv7 is the test
 * itself.
 */
PG_FUNCTION_INFO_V1(ulid_is_uuidv7_sql);
Datum
ulid_is_uuidv7_sql(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);

	PG_RETURN_BOOL(ulid_is_uuidv7(ulid->data) != 0);
}
