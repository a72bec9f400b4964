/*-------------------------------------------------------------------------
 *
 * ulid_backend.c
 *	  The generators' state in a backend: the state machine's state and its
 *	  random pool, the fork handler that tells it which process runs, and
 *	  the errors of a failed step.
 *
 * The state is per backend, never shared.  Random bytes come from
 * pg_strong_random in batches of ULID_POOL_IDS IDs: the first call of a
 * backend and each call that finds the pool too short refill it.
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

#include "compat.h"
#include "ulid_backend.h"

UlidGenerator ulid_backend_generator;

/*
 * How many fork()s separate this process from the one that loaded the
 * library: the identity of the running process for the state machine.  The
 * state's owner is the count of the process that last used it (0 if none
 * did), an ancestor's or this process's own, so in a child, whose count is
 * one more than its parent's, it never matches.
 */
int64		ulid_backend_owner = 0;

/*
 * Runs in the child of every fork() of a process that has the library
 * loaded (pthread_atfork).  It only increments a counter, which is safe in
 * the child of any fork, even of a multithreaded parent.
 */
static void
count_fork(void)
{
	ulid_backend_owner++;
}

/*
 * Registers the fork handler when the library is loaded (_PG_init), before
 * any ID can be generated.  It then runs in the child of every fork() of
 * this process and of its descendants, which inherit it:
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
ulid_backend_init(void)
{
#ifndef WIN32
	if (pthread_atfork(NULL, NULL, count_fork) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("could not register the ulid generator's fork handler")));
#endif
}

const uint8 *
ulid_backend_random(size_t len)
{
	const uint8 *bytes;
	UlidGenStatus status;

	status = ulid_generate_bytes(&ulid_backend_generator, ulid_backend_owner,
								 pg_strong_random, len, &bytes);
	if (unlikely(status != ULID_GEN_OK))
		ulid_report_gen_failure(status);
	return bytes;
}

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
