/*-------------------------------------------------------------------------
 *
 * ulid_backend.h
 *	  What the generators share in a backend: the state machine's state and
 *	  random pool, the identity of the running process, and the clock.
 *
 * gen_ulid()'s family (ulid_gen.c) runs its steps on this state;
 * gen_monotonic_ulid() (ulid_monotonic.c), whose time and counter are
 * shared by the server, takes its random bits from the same pool and its
 * time from the same clock.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_BACKEND_H
#define ULID_BACKEND_H

#include <time.h>

#include "libulid/generator.h"

/*
 * The backend's state machine and random pool (ulid_backend.c), and the
 * owner to pass with it: the count of forks since the library was loaded.
 * Variables, not functions, as every generator call reads them.
 */
extern UlidGenerator ulid_backend_generator;
extern int64 ulid_backend_owner;

/* Registers the fork handler that keeps ulid_backend_owner, from _PG_init */
extern void ulid_backend_init(void);

/*
 * Raises the error of a failed generator or clock step (not ULID_GEN_OK);
 * gen_ulid()'s family (ulid_gen.c) and gen_monotonic_ulid() share them
 */
extern void ulid_report_gen_failure(UlidGenStatus status);

/* clock_gettime(CLOCK_REALTIME), for ulid_clock_ms */
static inline bool
ulid_backend_read_clock(int64_t *sec, int64_t *nsec)
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
 * Inline, as every generator call reads it.
 */
static inline uint64
ulid_backend_now_ms(void)
{
	uint64_t	ms = 0;
	UlidGenStatus status = ulid_clock_ms(ulid_backend_read_clock, &ms);

	if (unlikely(status != ULID_GEN_OK))
		ulid_report_gen_failure(status);
	return ms;
}

/*
 * len bytes of the backend's random pool, valid until its next use; for
 * gen_monotonic_ulid(), whose random bits are the backend's own.
 */
extern const uint8 *ulid_backend_random(size_t len);

#endif							/* ULID_BACKEND_H */
