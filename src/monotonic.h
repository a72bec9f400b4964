/*-------------------------------------------------------------------------
 *
 * monotonic.h
 *	  The state step of gen_monotonic_ulid(), the cluster-wide generator.
 *
 * The server's state is one 64-bit word: the first 8 bytes of the last ULID
 * handed out, a 48-bit time and a 16-bit counter, the same layout as
 * gen_ulid()'s.  Zero means nothing has been handed out.  A backend reads
 * the word, computes the next one with ulid_shared_step() and installs it
 * with a compare-and-swap (ulid_monotonic.c).  Here is only the step,
 * deterministic given its inputs, with no PostgreSQL headers; it is inline
 * because it runs on every call, between the read and the swap.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_MONOTONIC_H
#define ULID_MONOTONIC_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "generator.h"

/*
 * Whether the step from word last at now_ms starts a new millisecond, the
 * only case in which it needs a counter start.
 */
static inline bool
ulid_shared_new_ms(uint64_t last, uint64_t now_ms)
{
	return now_ms > (last >> 16);
}

/*
 * The word that follows last at time now_ms, into *next.  In a millisecond
 * later than last's: now_ms and counter_start's low 15 bits (a random start
 * below 0x8000, as gen_ulid() takes).  Otherwise (same millisecond, or the
 * clock went back): last plus one, an overflow of the counter carrying into
 * the time field.  So *next > last whatever the clock says.  Fails with
 * ULID_GEN_TIME_RANGE if now_ms is above ULID_TIME_MAX and with
 * ULID_GEN_EXHAUSTED if last is the largest word; *next is then unchanged.
 */
static inline UlidGenStatus
ulid_shared_step(uint64_t last, uint64_t now_ms, uint16_t counter_start,
				 uint64_t *next)
{
	if (now_ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;
	if (ulid_shared_new_ms(last, now_ms))
	{
		/* a new millisecond: at least 32768 steps before the counter carries */
		*next = (now_ms << 16) | (counter_start & 0x7FFF);
		return ULID_GEN_OK;
	}
	/* same millisecond, or the clock went back: one step on, carrying */
	if (last == UINT64_MAX)
		return ULID_GEN_EXHAUSTED;
	*next = last + 1;
	return ULID_GEN_OK;
}

/* The ULID of word and 8 random bytes: word big-endian, then the bytes. */
static inline void
ulid_shared_format(uint64_t word, const uint8_t random[8],
				   uint8_t out[ULID_BINARY_LEN])
{
	ulid_store_be64(out, word);
	memcpy(out + 8, random, 8);
}

#endif							/* ULID_MONOTONIC_H */
