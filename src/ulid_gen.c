/*-------------------------------------------------------------------------
 *
 * ulid_gen.c
 *	  SQL-callable ULID generators over the state machine in generator.c.
 *
 * The state and its random pool are static: per backend, never shared.  A
 * call reads the clock with clock_gettime, which Linux serves from the vDSO
 * without a system call where the clock source allows it, and pallocs the
 * 16-byte result.  Random bytes come from pg_strong_random in batches of
 * ULID_POOL_IDS IDs: the first call of a backend and each call that finds
 * the pool too short refill it.
 *
 * A process forked from one that has the library loaded starts with a copy
 * of the state, which it must never use: parent and child would continue
 * the same sequence from the same random bytes, and hand out the same IDs.
 * So a fork handler counts the forks, and the state machine is told that
 * count as the identity of the running process: the first call after a fork
 * finds state that belongs to another process and starts afresh.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#ifndef WIN32
#include <pthread.h>
#endif
#include <time.h>

#include "utils/guc.h"
#include "utils/timestamp.h"

#include "compat.h"
#include "libulid/generator.h"
#include "ulid.h"

static UlidGenerator backend_generator;

/*
 * ulid.uuidv7: whether the generators make values that are also valid
 * UUIDv7s.  Read on every call, so a change applies from the next value.
 */
bool		ulid_uuidv7 = false;

/*
 * How many fork()s separate this process from the one that loaded the
 * library: the identity of the running process for the state machine.  The
 * state's owner is the count of the process that last used it (0 if none
 * did), an ancestor's or this process's own, so in a child, whose count is
 * one more than its parent's, it never matches.
 */
static int64 forks_since_load = 0;

/*
 * Runs in the child of every fork() of a process that has the library
 * loaded (pthread_atfork).  It only increments a counter, which is safe in
 * the child of any fork, even of a multithreaded parent.
 */
static void
count_fork(void)
{
	forks_since_load++;
}

/*
 * Registers the fork handler when the library is loaded (_PG_init), before
 * any ID can be generated.  It then runs in the child of every fork() of this process
 * and of its descendants, which inherit it:
 * - the postmaster's forks of backends, when the library is in
 *   shared_preload_libraries;
 * - forks inside a backend, from PL/Python's os.fork() or any C code;
 * - a child's own forks, and so on down.
 * A library loaded in a process after a fork was not in the memory that was
 * copied, and has fresh state.  Windows has no fork(): there each backend is
 * a new process that loads the library afresh.
 *
 * So no process id is needed.  MyProcPid would not do: PostgreSQL sets it
 * only in the postmaster's children, so a child forked inside a backend
 * keeps its parent's, and the postmaster's children are covered by the
 * handler anyway.  getpid() would do, at the cost of a system call per ID.
 */
void
ulid_generator_init(void)
{
#ifndef WIN32
	if (pthread_atfork(NULL, NULL, count_fork) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("could not register the ulid generator's fork handler")));
#endif

	/*
	 * PGC_USERSET: the layout is a choice of format, not a privilege, so any
	 * role may pick it for its own session, and ALTER DATABASE ... SET or
	 * ALTER ROLE ... SET can make it the default without a superuser.  A
	 * table that must hold UUIDv7s says so with CHECK (ulid_is_uuidv7(id)),
	 * which a session's setting cannot get round.  Parallel workers receive
	 * the leader's value with the rest of its GUC state (the library is
	 * loaded in a worker before that state is restored).
	 */
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
 * Reports a failed step of the state machine (or of the clock) as an error;
 * for gen_monotonic_ulid() (ulid_monotonic.c) as well.  An exhausted
 * generator raises the SQLSTATE of nextval() at a sequence's maximum,
 * 2200H.
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

/* clock_gettime(CLOCK_REALTIME), for ulid_clock_ms */
static bool
read_realtime(int64_t *sec, int64_t *nsec)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return false;
	*sec = ts.tv_sec;
	*nsec = ts.tv_nsec;
	return true;
}

/*
 * Wall-clock time in milliseconds since the Unix epoch.  A clock that cannot
 * be read, or reads before 1970 or past the ULID range, is an error.
 */
static inline uint64
current_unix_ms(void)
{
	uint64_t	ms = 0;
	UlidGenStatus status = ulid_clock_ms(read_realtime, &ms);

	if (unlikely(status != ULID_GEN_OK))
		ulid_report_gen_failure(status);
	return ms;
}

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

	status = step(&backend_generator, forks_since_load, ms, pg_strong_random,
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
	PG_RETURN_ULID_P(generate(ulid_generate_monotonic_in, current_unix_ms()));
}

/* gen_random_ulid(): the current millisecond and fresh random bits */
PG_FUNCTION_INFO_V1(gen_random_ulid);
Datum
gen_random_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_ULID_P(generate(ulid_generate_random_in, current_unix_ms()));
}

/* gen_ulid(timestamptz): that millisecond and fresh random bits */
PG_FUNCTION_INFO_V1(gen_ulid_timestamptz);
Datum
gen_ulid_timestamptz(PG_FUNCTION_ARGS)
{
	uint64		ms = ulid_time_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0));

	PG_RETURN_ULID_P(generate(ulid_generate_random_in, ms));
}

/*
 * For gen_monotonic_ulid() (ulid_monotonic.c): the clock gen_ulid() reads,
 * and len bytes of this backend's random pool, valid until its next call.
 */
uint64
ulid_backend_now_ms(void)
{
	return current_unix_ms();
}

const uint8 *
ulid_backend_random(size_t len)
{
	const uint8 *bytes;
	UlidGenStatus status;

	status = ulid_generate_bytes(&backend_generator, forks_since_load, pg_strong_random,
								 len, &bytes);
	if (unlikely(status != ULID_GEN_OK))
		ulid_report_gen_failure(status);
	return bytes;
}
