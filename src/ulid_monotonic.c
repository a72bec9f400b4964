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
 * Where the word lives: where ulid is in shared_preload_libraries (any
 * major), in the main shared memory, with the durable mark below; without
 * it, on PostgreSQL 17 and later, in a segment of the dynamic shared memory
 * registry, created on first use, with no mark, so that the word starts at
 * zero whenever shared memory is (re)initialised and only the clock orders
 * the values after that against those handed out before; before 17,
 * nowhere, and the function fails.
 *
 * The durable mark (preloaded only; docs/monotonic.md): a second word,
 * above every word handed out.  A call whose next word passes it moves it
 * ULID_MARK_AHEAD_MS past that word first, under a lock: a WAL record of
 * this library's resource manager, flushed, so that it reaches a standby,
 * and the file ulid_monotonic.mark in the data directory, rewritten and
 * synced, so that it survives a checkpoint, which no extension can add
 * its state to (crash recovery replays no record from before the
 * checkpoint's redo point).  Only then is the word installed, so every
 * value handed out, committed or not, is below a mark that is in the WAL
 * and in the file.  At start the word and the mark come from the file, redo
 * raises the mark to each record's, and at the end of recovery (crash
 * recovery, promotion) the word is raised to the mark: the values after are
 * above it.  A standby cannot write WAL: there the mark moves in the file
 * only.  The common call reads the mark and compares: nothing more.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <fcntl.h>
#include <unistd.h>

#include "access/rmgr.h"
#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/fd.h"
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
	/* above every word handed out; PG_UINT64_MAX where there is no mark */
	pg_atomic_uint64 mark;
	bool		clock_behind_said;	/* the log said so (under mark_lock) */
	bool		recovery_ended; /* redo's cleanup ran (under mark_lock) */
} UlidSharedState;

/* This backend's pointer to the state; NULL until attached */
static UlidSharedState *shared_state;

/* Whether the state has the durable mark: ulid was preloaded */
static bool durable_mark;

/* Serialises moves of the mark (preloaded only) */
static LWLock *mark_lock;

/*
 * The resource manager of the mark's WAL records.  RM_EXPERIMENTAL_ID is the
 * ID PostgreSQL sets aside for development; an extension released to others
 * should have its own from the list at
 * https://wiki.postgresql.org/wiki/CustomWALResourceManagers, which ulid does
 * not have yet.  A server where another library registers the same ID
 * fails to start, with an error naming both.
 */
#define ULID_RMGR_ID		RM_EXPERIMENTAL_ID
#define XLOG_ULID_MARK		0x00

/* The mark's file, in the data directory, and the file it is written to first */
#define MARK_FILE			"ulid_monotonic.mark"
#define MARK_FILE_TMP		MARK_FILE ".tmp"

/* Sets up a new state without a mark: nothing handed out yet */
static void
init_shared_state(void *ptr)
{
	UlidSharedState *state = (UlidSharedState *) ptr;

	pg_atomic_init_u64(&state->word, 0);
	pg_atomic_init_u64(&state->mark, PG_UINT64_MAX);
	state->clock_behind_said = false;
	state->recovery_ended = false;
}

#if PG_VERSION_NUM >= 190000
/* From 19, the DSM registry passes its callback an argument: none here */
static void
init_shared_state_arg(void *ptr, void *arg)
{
	init_shared_state(ptr);
}
#endif

/* The mark in the file, or 0 where there is none */
static uint64
read_mark_file(void)
{
	FILE	   *f = AllocateFile(MARK_FILE, "r");
	char		line[32];
	char	   *end;
	uint64		mark;

	if (f == NULL)
	{
		if (errno == ENOENT)
			return 0;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\": %m", MARK_FILE)));
	}
	if (fgets(line, sizeof(line), f) == NULL)
		line[0] = '\0';
	FreeFile(f);
	errno = 0;
	mark = strtou64(line, &end, 16);
	if (errno != 0 || end == line || *end != '\n')
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid gen_monotonic_ulid() mark in file \"%s\"", MARK_FILE)));
	return mark;
}

/*
 * Writes mark to the file, durably: a file of its own, synced, then renamed
 * over the old one (durable_rename syncs the folder too).  Under mark_lock.
 */
static void
write_mark_file(uint64 mark)
{
	char		line[32];
	int			len = snprintf(line, sizeof(line), "%016llX\n", (unsigned long long) mark);
	int			fd = OpenTransientFile(MARK_FILE_TMP, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);

	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", MARK_FILE_TMP)));
	errno = 0;
	if (write(fd, line, len) != len)
	{
		/* if write didn't set errno, assume the disk is full */
		if (errno == 0)
			errno = ENOSPC;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", MARK_FILE_TMP)));
	}
	if (pg_fsync(fd) != 0)
		ereport(data_sync_elevel(ERROR),
				(errcode_for_file_access(),
				 errmsg("could not fsync file \"%s\": %m", MARK_FILE_TMP)));
	if (CloseTransientFile(fd) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", MARK_FILE_TMP)));
	durable_rename(MARK_FILE_TMP, MARK_FILE, ERROR);
}

/*
 * Redo of a mark record, in the startup process: the mark rises to the
 * record's, in the file too, so that a standby's restart keeps it.  The word
 * stays: a standby's own values follow its own order until recovery ends.
 */
static void
ulid_rmgr_redo(XLogReaderState *record)
{
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;
	uint64		mark;

	if (info != XLOG_ULID_MARK)
		elog(PANIC, "ulid_rmgr_redo: unknown op code %u", info);
	memcpy(&mark, XLogRecGetData(record), sizeof(mark));
	LWLockAcquire(mark_lock, LW_EXCLUSIVE);
	if (mark > pg_atomic_read_u64(&shared_state->mark))
	{
		write_mark_file(mark);
		pg_atomic_write_u64(&shared_state->mark, mark);
	}
	LWLockRelease(mark_lock);
}

/*
 * At the end of recovery (after a crash, at promotion), before any backend
 * may write: the word rises to the mark, so the values after are above
 * every value the mark covers.  The mark is set to the word, so the first
 * call after logs a new one: one a standby moved in its file only is in no
 * WAL yet.
 */
static void
ulid_rmgr_cleanup(void)
{
	uint64		word;
	uint64		mark;

	LWLockAcquire(mark_lock, LW_EXCLUSIVE);
	mark = pg_atomic_read_u64(&shared_state->mark);
	word = pg_atomic_read_u64(&shared_state->word);
	while (word < mark &&
		   !pg_atomic_compare_exchange_u64(&shared_state->word, &word, mark))
		;
	pg_atomic_write_u64(&shared_state->mark, Max(word, mark));
	shared_state->recovery_ended = true;
	LWLockRelease(mark_lock);
}

static void
ulid_rmgr_desc(StringInfo buf, XLogReaderState *record)
{
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;
	uint64		mark;

	if (info == XLOG_ULID_MARK)
	{
		memcpy(&mark, XLogRecGetData(record), sizeof(mark));
		appendStringInfo(buf, "mark %016llX", (unsigned long long) mark);
	}
}

static const char *
ulid_rmgr_identify(uint8 info)
{
	if ((info & ~XLR_INFO_MASK) == XLOG_ULID_MARK)
		return "MARK";
	return NULL;
}

/* (not const: RegisterCustomRmgr takes a plain pointer on 15) */
static RmgrData ulid_rmgr = {
	.rm_name = "ulid",
	.rm_redo = ulid_rmgr_redo,
	.rm_desc = ulid_rmgr_desc,
	.rm_identify = ulid_rmgr_identify,
	.rm_cleanup = ulid_rmgr_cleanup,
};

static shmem_startup_hook_type prev_shmem_startup_hook;
static shmem_request_hook_type prev_shmem_request_hook;

static void
ulid_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(UlidSharedState)));
	RequestNamedLWLockTranche("ulid_monotonic", 1);
}

/*
 * In the postmaster at startup and after a crash (and in each backend where
 * backends are not forked), finds or creates the state: the word and the
 * mark both at the file's mark, so the first value is above it and its call
 * writes a new mark.
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
	mark_lock = &(GetNamedLWLockTranche("ulid_monotonic"))->lock;
	if (!found)
	{
		uint64		mark = read_mark_file();

		init_shared_state(shared_state);
		pg_atomic_write_u64(&shared_state->word, mark);
		pg_atomic_write_u64(&shared_state->mark, mark);
	}
	LWLockRelease(AddinShmemInitLock);
}

/*
 * Called from _PG_init.  A library loaded through shared_preload_libraries
 * asks for its shared memory and registers the mark's resource manager;
 * otherwise, on 17+, the state comes from the DSM registry on first use.
 */
void
ulid_monotonic_init(void)
{
	if (!process_shared_preload_libraries_in_progress)
		return;
	durable_mark = true;
	RegisterCustomRmgr(ULID_RMGR_ID, &ulid_rmgr);
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = ulid_shmem_request;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = ulid_shmem_startup;
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
 * Moves the mark above next (the slow path, once per ULID_MARK_AHEAD_MS of
 * the values' time): the WAL record, flushed, then the file, then the mark
 * in shared memory, which lets callers hand out words up to it.  Says once
 * in the log when the clock (now_ms) is behind the values by more than the
 * mark runs ahead, as after a restart with the clock set back.
 */
static pg_noinline void
advance_mark(UlidSharedState *state, uint64 next, uint64 now_ms)
{
	Assert(durable_mark);
	LWLockAcquire(mark_lock, LW_EXCLUSIVE);
	if (next > pg_atomic_read_u64(&state->mark))
	{
		uint64		mark = ulid_mark_after(next);

		if (now_ms + ULID_MARK_AHEAD_MS < (next >> 16))
		{
			if (!state->clock_behind_said)
				ereport(LOG,
						(errmsg("the clock is %llu ms behind gen_monotonic_ulid()'s last value",
								(unsigned long long) ((next >> 16) - now_ms)),
						 errdetail("Values go on above it, the counter carrying into the time field, until the clock passes it.")));
			state->clock_behind_said = true;
		}
		else
			state->clock_behind_said = false;
		/*
		 * Between the end of redo and the end of recovery a mark moved in
		 * the file only would be handed out, after promotion, with no WAL
		 * under it: wait for WAL to be allowed, which the startup process
		 * grants without taking mark_lock
		 */
		while (state->recovery_ended && RecoveryInProgress())
			pg_usleep(1000L);
		/* a standby writes no WAL: its mark is in its file only */
		if (!RecoveryInProgress())
		{
			XLogRecPtr	lsn;

			XLogBeginInsert();
			XLogRegisterData((char *) &mark, sizeof(mark));
			lsn = XLogInsert(ULID_RMGR_ID, XLOG_ULID_MARK);
			XLogFlush(lsn);
		}
		write_mark_file(mark);
		pg_atomic_write_u64(&state->mark, mark);
	}
	LWLockRelease(mark_lock);
}

/*
 * gen_monotonic_ulid(): greater than every value any backend of the server
 * obtained from it before the call began: since the server first started
 * where ulid is preloaded (the mark), since shared memory was last
 * initialised otherwise.
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
		 * a word past the mark waits for the mark to move (the mark only
		 * rises, and the swap below is a barrier: no word above a mark read
		 * here is installed); then the step again, from the word as it is
		 */
		if (unlikely(next > pg_atomic_read_u64(&state->mark)))
		{
			advance_mark(state, next, now_ms);
			last = pg_atomic_read_u64(&state->word);
			continue;
		}
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
