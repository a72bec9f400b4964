/*-------------------------------------------------------------------------
 *
 * monotonic.h
 *	  The state step of gen_monotonic_ulid(), the cluster-wide generator.
 *
 * The server's state is one 64-bit word: the first 8 bytes of the last ULID
 * handed out, a 48-bit time and a 16-bit counter, the same layout as
 * gen_ulid()'s (layout.h).  Zero means nothing has been handed out.  A
 * backend reads the word, computes the next one with ulid_shared_step_in()
 * and installs it with a compare-and-swap (ulid_monotonic.c), then makes
 * its value of the word with ulid_word_format().  Here is only the step,
 * deterministic given its inputs, with no PostgreSQL headers; it is inline
 * because it runs on every call, between the read and the swap.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_MONOTONIC_H
#define ULID_MONOTONIC_H

#include <stdbool.h>
#include <stdint.h>

#include "generator.h"
#include "layout.h"
#include "ulid_assert.h"

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
 * The word that follows last at time now_ms in layout, into *next.  In a
 * millisecond later than last's: now_ms and a counter start taken from
 * counter_start (ulid_word_start: its low 15 bits in the ULID layout, its
 * low 11 in the UUIDv7 layout, random starts as gen_ulid() takes).
 * Otherwise (same millisecond, or the clock went back): the word after last
 * (ulid_word_next), an overflow of the counter carrying into the time field.
 * So *next > last whatever the clock says, and whatever layout the backend
 * that installed last asked for.  Fails with ULID_GEN_TIME_RANGE if now_ms
 * is above ULID_TIME_MAX and with ULID_GEN_EXHAUSTED if no word of layout is
 * above last; *next is then unchanged.
 */
static inline UlidGenStatus
ulid_shared_step_in(uint64_t last, uint64_t now_ms, uint16_t counter_start,
					UlidLayout layout, uint64_t *next)
{
	if (now_ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;
	if (ulid_shared_new_ms(last, now_ms))
		*next = ulid_word_start(now_ms, counter_start, layout);
	/* same millisecond, or the clock went back: one step on, carrying */
	else if (!ulid_word_next(last, layout, next))
		return ULID_GEN_EXHAUSTED;
	ULID_ASSERT(*next > last);
	ULID_ASSERT(layout != ULID_LAYOUT_UUIDV7 || ulid_word_is_v7(*next));
	return ULID_GEN_OK;
}

/*
 * How far the durable high-water mark runs ahead of the values, in
 * milliseconds of their time field (ulid_monotonic.c): the mark is written
 * once per this much of the values' time, and after a restart the values go
 * on from it, at most this far ahead of the last value handed out before.
 */
#define ULID_MARK_AHEAD_MS 1000

/*
 * The mark that covers word next and every word up to ULID_MARK_AHEAD_MS
 * later: the last word of that millisecond, or of ULID_TIME_MAX's.  Above
 * next whatever next is, but for the last word of ULID_TIME_MAX, which
 * it equals.
 */
static inline uint64_t
ulid_mark_after(uint64_t next)
{
	uint64_t	ms = next >> 16;

	ms = ms > ULID_TIME_MAX - ULID_MARK_AHEAD_MS ? ULID_TIME_MAX : ms + ULID_MARK_AHEAD_MS;
	return (ms << 16) | 0xFFFF;
}

#endif							/* ULID_MONOTONIC_H */
