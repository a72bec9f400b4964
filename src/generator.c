/*-------------------------------------------------------------------------
 *
 * generator.c
 *	  The ULID generator's state machine.
 *
 * The state lives in a caller-owned UlidGenerator (a static in the backend),
 * so a call allocates nothing and makes no system call unless the random
 * pool runs dry.
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "generator.h"

/*
 * State inherited through fork() must never be used: a child continuing its
 * parent's sequence or pool would hand out the same IDs as its siblings.  So
 * every call names the running process, and a state that belongs to another
 * one is forgotten.
 */
static inline void
claim_state(UlidGenerator *gen, int64_t owner)
{
	if (gen->owner != owner)
	{
		gen->owner = owner;
		gen->started = false;
		gen->pool_left = 0;
	}
}

/*
 * The next len random bytes of the pool, refilled when needed; NULL if the
 * random source failed.  They stay valid until the next call.
 *
 * The pool is emptied before a refill: a source that fails may have written
 * over part of the pool, so after a failure no byte of it may be handed out,
 * not even the tail that was left before (a same-millisecond call needs fewer
 * bytes than a new-millisecond one whose refill failed).
 */
static inline const uint8_t *
take_random(UlidGenerator *gen, UlidRandomFill fill, size_t len)
{
	const uint8_t *bytes;

	if (gen->pool_left < len)
	{
		gen->pool_left = 0;
		if (!fill(gen->pool, ULID_POOL_BYTES))
			return NULL;
		gen->pool_left = ULID_POOL_BYTES;
	}
	bytes = gen->pool + (ULID_POOL_BYTES - gen->pool_left);
	gen->pool_left -= len;
	return bytes;
}

UlidGenStatus
ulid_generate_monotonic(UlidGenerator *gen, int64_t owner, uint64_t now_ms,
						UlidRandomFill fill, uint8_t out[ULID_BINARY_LEN])
{
	const uint8_t *random;

	claim_state(gen, owner);

	if (now_ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;

	if (gen->started && now_ms <= (gen->hi >> 16))
	{
		/*
		 * Same millisecond, or the clock went back: step the counter, whose
		 * overflow carries into the time field, and draw 64 new random bits.
		 */
		if (gen->hi == UINT64_MAX)
			return ULID_GEN_EXHAUSTED;
		if ((random = take_random(gen, fill, sizeof(uint64_t))) == NULL)
			return ULID_GEN_NO_RANDOM;
		gen->hi++;
	}
	else
	{
		/*
		 * A new millisecond: the counter starts at a random value below
		 * 0x8000, leaving at least 32768 steps before it carries.
		 */
		if ((random = take_random(gen, fill, ULID_RANDOM_LEN)) == NULL)
			return ULID_GEN_NO_RANDOM;
		gen->hi = (now_ms << 16) | ((uint64_t) (random[8] & 0x7F) << 8) | random[9];
		gen->started = true;
	}
	ulid_store_be64(out, gen->hi);
	memcpy(out + 8, random, sizeof(uint64_t));
	return ULID_GEN_OK;
}

UlidGenStatus
ulid_generate_random(UlidGenerator *gen, int64_t owner, uint64_t ms,
					 UlidRandomFill fill, uint8_t out[ULID_BINARY_LEN])
{
	const uint8_t *random;

	claim_state(gen, owner);

	if (ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;
	if ((random = take_random(gen, fill, ULID_RANDOM_LEN)) == NULL)
		return ULID_GEN_NO_RANDOM;
	memcpy(out + ULID_TIME_LEN, random, ULID_RANDOM_LEN);
	ulid_set_time_ms(out, ms);
	return ULID_GEN_OK;
}

UlidGenStatus
ulid_generate_bytes(UlidGenerator *gen, int64_t owner, UlidRandomFill fill,
					size_t len, const uint8_t **bytes)
{
	claim_state(gen, owner);

	if ((*bytes = take_random(gen, fill, len)) == NULL)
		return ULID_GEN_NO_RANDOM;
	return ULID_GEN_OK;
}
