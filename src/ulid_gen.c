/*-------------------------------------------------------------------------
 *
 * ulid_gen.c
 *	  SQL-callable ULID generators over the state machine in
 *	  libulid/generator.c: gen_ulid(), gen_random_ulid() and
 *	  gen_ulid(timestamptz).
 *
 * Each call runs one step on the backend's state (ulid_backend.c), in the
 * layout ulid.uuidv7 asks for (ulid_uuidv7.c).  A call reads the clock with
 * clock_gettime, which Linux serves from the vDSO without a system call
 * where the clock source allows it, and pallocs the 16-byte result; only a
 * call that finds the random pool too short refills it.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/timestamp.h"

#include "compat.h"
#include "ulid.h"
#include "ulid_backend.h"
#include "ulid_time.h"
#include "ulid_uuidv7.h"

/* Either state-machine step: monotonic or fresh random */
typedef UlidGenStatus (*UlidGenerateStep) (UlidGenerator *gen, int64_t owner,
										   uint64_t ms, UlidRandomFill fill,
										   UlidLayout layout,
										   uint8_t out[ULID_BINARY_LEN]);

/*
 * Runs one step of the backend's generator in the layout ulid.uuidv7 asks
 * for; failures become errors.
 */
static pg_ulid *
generate(UlidGenerateStep step, uint64 ms)
{
	pg_ulid    *result = palloc(sizeof(pg_ulid));
	UlidGenStatus status;

	/* (the step asserts that the value is of the layout) */
	status = step(&ulid_backend_generator, ulid_backend_owner, ms, pg_strong_random,
				  ulid_current_layout(), result->data);
	if (unlikely(status != ULID_GEN_OK))
		ulid_report_gen_failure(status);
	return result;
}

/*
 * gen_ulid(): strictly increasing within the backend, also within one
 * millisecond and when the clock steps back.
 */
PG_FUNCTION_INFO_V1(gen_ulid);
Datum
gen_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_ULID_P(generate(ulid_generate_monotonic_in, ulid_backend_now_ms()));
}

/* gen_random_ulid(): the current millisecond and fresh random bits */
PG_FUNCTION_INFO_V1(gen_random_ulid);
Datum
gen_random_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_ULID_P(generate(ulid_generate_random_in, ulid_backend_now_ms()));
}

/* gen_ulid(timestamptz): that millisecond and fresh random bits */
PG_FUNCTION_INFO_V1(gen_ulid_timestamptz);
Datum
gen_ulid_timestamptz(PG_FUNCTION_ARGS)
{
	uint64		ms = ulid_time_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0));

	PG_RETURN_ULID_P(generate(ulid_generate_random_in, ms));
}
