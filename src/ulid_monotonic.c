/*-------------------------------------------------------------------------
 *
 * ulid_monotonic.c
 *	  gen_monotonic_ulid(): one order for every backend of the server.
 *
 * The shared state is one 64-bit word, the time and counter of the last
 * value handed out (libulid/monotonic.h).  A call reads it, computes the
 * next word with ulid_shared_step_in() and installs it with a
 * compare-and-swap, retrying from the word it finds if another backend got
 * there first.  No lock is taken.  The clock is gen_ulid()'s (clock_gettime,
 * which Linux serves from the vDSO without a system call where the clock
 * source allows it), and the random bits come from this backend's own pool
 * (ulid_backend.c), whose refills call pg_strong_random; a backend's first
 * call also attaches to the shared word, which may make system calls.  As every successful swap raises the
 * word, each value's first 8 bytes exceed those of every value whose swap
 * came earlier, that is of every value handed out before the call began,
 * back to the last time the word was set to zero (below).
 *
 * Each call makes its value in the layout its own session's ulid.uuidv7
 * asks for, from whatever word it finds: the step from a word of the other
 * layout goes to the next word above it in the caller's (libulid/layout.h),
 * so sessions with different settings share one order.
 *
 * Where the word lives: on PostgreSQL 17 and later in a segment of the
 * dynamic shared memory registry, created on first use, whether or not the
 * library is in shared_preload_libraries, so that every backend uses the
 * same word.  Before 17 in the main shared memory, which only a library
 * in shared_preload_libraries can have; without it the function fails.
 * Either way the word starts at zero when shared memory is (re)initialised,
 * at server start and after a crash, and only the clock orders the values
 * after that against those handed out before.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#include "compat.h"
#include "libulid/monotonic.h"
#include "ulid.h"
#include "ulid_backend.h"
#include "ulid_uuidv7.h"
#include "ulid_monotonic.h"

typedef struct UlidSharedState
{
	pg_atomic_uint64 word;		/* time and counter of the last value */
} UlidSharedState;

/* This backend's pointer to the state; NULL until attached */
static UlidSharedState *shared_state;

/* Sets up a new state: nothing handed out yet */
static void
init_shared_state(void *ptr)
{
	UlidSharedState *state = (UlidSharedState *) ptr;

	pg_atomic_init_u64(&state->word, 0);
}

#if PG_VERSION_NUM >= 190000
/* From 19, the DSM registry passes its callback an argument: none here */
static void
init_shared_state_arg(void *ptr, void *arg)
{
	init_shared_state(ptr);
}
#endif

#if PG_VERSION_NUM < 170000

static shmem_startup_hook_type prev_shmem_startup_hook;
static shmem_request_hook_type prev_shmem_request_hook;

static void
ulid_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(UlidSharedState)));
}

/*
 * In the postmaster at startup and after a crash (and in each backend where
 * backends are not forked), finds or creates the state.
 */
static void
ulid_shmem_startup(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared_state = ShmemInitStruct("ulid monotonic generator",
								   sizeof(UlidSharedState), &found);
	if (!found)
		init_shared_state(shared_state);
	LWLockRelease(AddinShmemInitLock);
}

#endif

/*
 * Called from _PG_init.  Before 17, a library loaded through
 * shared_preload_libraries asks for its shared memory; 17+ needs nothing
 * here, as the state comes from the DSM registry on first use.
 */
void
ulid_monotonic_init(void)
{
#if PG_VERSION_NUM < 170000
	if (!process_shared_preload_libraries_in_progress)
		return;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = ulid_shmem_request;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = ulid_shmem_startup;
#endif
}

/* The shared state, attached on first use; an error if there is none */
static inline UlidSharedState *
attach_shared_state(void)
{
	if (likely(shared_state != NULL))
		return shared_state;
#if PG_VERSION_NUM >= 170000
	{
		bool		found;

#if PG_VERSION_NUM >= 190000
		shared_state = GetNamedDSMSegment("ulid_monotonic",
										  sizeof(UlidSharedState),
										  init_shared_state_arg, &found, NULL);
#else
		shared_state = GetNamedDSMSegment("ulid_monotonic",
										  sizeof(UlidSharedState),
										  init_shared_state, &found);
#endif
	}
#else
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("gen_monotonic_ulid() requires ulid in \"shared_preload_libraries\""),
			 errdetail("Before PostgreSQL 17, its state shared by all sessions is allocated at server start."),
			 errhint("Add ulid to \"shared_preload_libraries\" in postgresql.conf and restart the server.")));
#endif
	return shared_state;
}

/*
 * gen_monotonic_ulid(): greater than every value any backend of the server
 * obtained from it before the call began, since shared memory was last
 * initialised (server start, or the restart after a crash).
 */
PG_FUNCTION_INFO_V1(gen_monotonic_ulid);
Datum
gen_monotonic_ulid(PG_FUNCTION_ARGS)
{
	UlidSharedState *state = attach_shared_state();
	pg_ulid    *result = palloc(sizeof(pg_ulid));
	uint8		random[8];
	uint16		start = 0;
	bool		have_start = false;
	uint64		now_ms;
	uint64		last;
	uint64		next = 0;
	UlidLayout	layout = ulid_current_layout();
	UlidGenStatus status;

	/* copied: taking the counter start below may refill the pool */
	memcpy(random, ulid_backend_random(sizeof(random)), sizeof(random));
	now_ms = ulid_backend_now_ms();

	last = pg_atomic_read_u64(&state->word);
	for (;;)
	{
		/* a counter start only when a new millisecond needs one */
		if (!have_start && ulid_shared_new_ms(last, now_ms))
		{
			const uint8 *b = ulid_backend_random(2);

			start = (uint16) ((b[0] << 8) | b[1]);
			have_start = true;
		}
		status = ulid_shared_step_in(last, now_ms, start, layout, &next);
		if (status != ULID_GEN_OK)
			ulid_report_gen_failure(status);
		/*
		 * next > last (the step asserts it); on failure, last becomes the
		 * word another backend installed
		 */
		if (pg_atomic_compare_exchange_u64(&state->word, &last, next))
			break;
	}

	ulid_word_format(next, random, layout, result->data);
	PG_RETURN_ULID_P(result);
}
