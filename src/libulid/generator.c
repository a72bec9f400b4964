/*-------------------------------------------------------------------------
 *
 * generator.c
 *	  The ULID generator's state machine.
 *
 * The state lives in a caller-owned UlidGenerator (in the backend,
 * ulid_backend.c's), so a call allocates nothing.  The first call of a process, and every call
 * that finds fewer random bytes left in the pool than it needs, calls the
 * random source to refill the pool (in the backend pg_strong_random, which
 * may make system calls); the other calls do not call it.
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "generator.h"
#include "layout.h"
#include "ulid_assert.h"

/*
 * The steps below are written once for both layouts and compiled once for
 * each: the public functions pick one by the layout argument, so that within
 * a step the layout is a constant and its tests fold away.
 */
#if defined(__GNUC__) || defined(__clang__)
#define ULID_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ULID_ALWAYS_INLINE inline
#endif

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
 * The next len random bytes of the pool into *bytes, refilled when needed.
 * They stay valid until the next call.  ULID_GEN_NO_RANDOM if the random
 * source failed; ULID_GEN_TOO_MANY_BYTES, taking and fetching nothing, if
 * len is more than a pool holds, which a refill could not satisfy (and without
 * the check pool_left would wrap round below zero).  Every caller but
 * ulid_generate_bytes passes a constant, for which the check folds away.
 *
 * The pool is emptied before a refill: a source that fails may have written
 * over part of the pool, so after a failure no byte of it may be handed out,
 * not even the tail that was left before (a same-millisecond call needs fewer
 * bytes than a new-millisecond one whose refill failed).
 */
static inline UlidGenStatus
take_random(UlidGenerator *gen, UlidRandomFill fill, size_t len,
			const uint8_t **bytes)
{
	ULID_ASSERT(gen->pool_left <= ULID_POOL_BYTES);
	if (len > ULID_POOL_BYTES)
		return ULID_GEN_TOO_MANY_BYTES;
	if (gen->pool_left < len)
	{
		gen->pool_left = 0;
		if (!fill(gen->pool, ULID_POOL_BYTES))
			return ULID_GEN_NO_RANDOM;
		gen->pool_left = ULID_POOL_BYTES;
	}
	*bytes = gen->pool + (ULID_POOL_BYTES - gen->pool_left);
	gen->pool_left -= len;
	return ULID_GEN_OK;
}

static ULID_ALWAYS_INLINE UlidGenStatus
generate_monotonic(UlidGenerator *gen, int64_t owner, uint64_t now_ms,
				   UlidRandomFill fill, UlidLayout layout,
				   uint8_t out[ULID_BINARY_LEN])
{
	const uint8_t *random;
	UlidGenStatus status;

	claim_state(gen, owner);

	if (now_ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;

	if (gen->started && now_ms <= (gen->hi >> 16))
	{
		/*
		 * Same millisecond, or the clock went back: step the counter, whose
		 * overflow carries into the time field, and draw 64 new random bits.
		 */
		uint64_t	next;

		if (!ulid_word_next(gen->hi, layout, &next))
			return ULID_GEN_EXHAUSTED;
		if ((status = take_random(gen, fill, sizeof(uint64_t), &random)) != ULID_GEN_OK)
			return status;
		ULID_ASSERT(next > gen->hi);
		gen->hi = next;
	}
	else
	{
		/* a new millisecond: the counter starts at a random value */
		if ((status = take_random(gen, fill, ULID_RANDOM_LEN, &random)) != ULID_GEN_OK)
			return status;
		gen->hi = ulid_word_start(now_ms, (uint16_t) ((random[8] << 8) | random[9]), layout);
		gen->started = true;
	}
	ulid_word_format(gen->hi, random, layout, out);
	return ULID_GEN_OK;
}

static ULID_ALWAYS_INLINE UlidGenStatus
generate_random(UlidGenerator *gen, int64_t owner, uint64_t ms,
				UlidRandomFill fill, UlidLayout layout,
				uint8_t out[ULID_BINARY_LEN])
{
	const uint8_t *random;
	UlidGenStatus status;

	claim_state(gen, owner);

	if (ms > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;
	if ((status = take_random(gen, fill, ULID_RANDOM_LEN, &random)) != ULID_GEN_OK)
		return status;
	memcpy(out + ULID_TIME_LEN, random, ULID_RANDOM_LEN);
	ulid_set_time_ms(out, ms);
	if (layout == ULID_LAYOUT_UUIDV7)
	{
		ulid_set_v7_version(out);
		ulid_set_v7_variant(out);
	}
	ULID_ASSERT(layout != ULID_LAYOUT_UUIDV7 || ulid_is_uuidv7(out));
	return ULID_GEN_OK;
}

UlidGenStatus
ulid_generate_monotonic_in(UlidGenerator *gen, int64_t owner, uint64_t now_ms,
						   UlidRandomFill fill, UlidLayout layout,
						   uint8_t out[ULID_BINARY_LEN])
{
	if (layout == ULID_LAYOUT_UUIDV7)
		return generate_monotonic(gen, owner, now_ms, fill, ULID_LAYOUT_UUIDV7, out);
	return generate_monotonic(gen, owner, now_ms, fill, ULID_LAYOUT_ULID, out);
}

UlidGenStatus
ulid_generate_random_in(UlidGenerator *gen, int64_t owner, uint64_t ms,
						UlidRandomFill fill, UlidLayout layout,
						uint8_t out[ULID_BINARY_LEN])
{
	if (layout == ULID_LAYOUT_UUIDV7)
		return generate_random(gen, owner, ms, fill, ULID_LAYOUT_UUIDV7, out);
	return generate_random(gen, owner, ms, fill, ULID_LAYOUT_ULID, out);
}

UlidGenStatus
ulid_generate_bytes(UlidGenerator *gen, int64_t owner, UlidRandomFill fill,
					size_t len, const uint8_t **bytes)
{
	claim_state(gen, owner);

	return take_random(gen, fill, len, bytes);
}
