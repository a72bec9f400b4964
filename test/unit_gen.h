/*-------------------------------------------------------------------------
 *
 * unit_gen.h
 *	  The generators and the shared step in the ULID layout, for the unit
 *	  tests written before there were two layouts.
 *
 * Test code only: the extension always passes a layout (the one
 * ulid.uuidv7 asks for), so these live with the tests, not in libulid.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_UNIT_GEN_H
#define ULID_UNIT_GEN_H

#include <stdint.h>

#include "generator.h"
#include "monotonic.h"

static inline UlidGenStatus
unit_generate_monotonic(UlidGenerator *gen, int64_t owner, uint64_t now_ms,
						UlidRandomFill fill, uint8_t out[ULID_BINARY_LEN])
{
	return ulid_generate_monotonic_in(gen, owner, now_ms, fill, ULID_LAYOUT_ULID, out);
}

static inline UlidGenStatus
unit_generate_random(UlidGenerator *gen, int64_t owner, uint64_t ms,
					 UlidRandomFill fill, uint8_t out[ULID_BINARY_LEN])
{
	return ulid_generate_random_in(gen, owner, ms, fill, ULID_LAYOUT_ULID, out);
}

static inline UlidGenStatus
unit_shared_step(uint64_t last, uint64_t now_ms, uint16_t counter_start,
				 uint64_t *next)
{
	return ulid_shared_step_in(last, now_ms, counter_start, ULID_LAYOUT_ULID, next);
}

#endif							/* ULID_UNIT_GEN_H */
