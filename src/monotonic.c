/*-------------------------------------------------------------------------
 *
 * monotonic.c
 *	  The state step of gen_monotonic_ulid(), the cluster-wide generator.
 *
 * Pure: the caller supplies the last word, the clock and the random counter
 * start, and does the compare-and-swap (ulid_monotonic.c).
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "monotonic.h"

UlidGenStatus
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

void
ulid_shared_format(uint64_t word, const uint8_t random[8],
				   uint8_t out[ULID_BINARY_LEN])
{
	ulid_store_be64(out, word);
	memcpy(out + 8, random, 8);
}
