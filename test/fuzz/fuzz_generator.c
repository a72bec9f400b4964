/*-------------------------------------------------------------------------
 *
 * fuzz_generator.c
 *	  libFuzzer target: the generator's state machine driven by arbitrary
 *	  sequences of calls, checked against a model.
 *
 * Each input byte picks an operation: a monotonic ID at a clock moved by a
 * signed step (so it also goes back), or set near the end of time or past
 * it; a random ID; a change of owning process (a fork); the random source
 * failing or not; the random source giving all ones (to force carries and
 * exhaustion) or pseudo-random bytes; the pool drawn down to its last few
 * bytes (to reach refills without thousands of calls); a switch between
 * the ULID and the UUIDv7 layout (ulid.uuidv7).
 *
 * The checks hold for any design of the 80-bit field (all random bits
 * incremented, or a counter and fresh random bits): every status is the
 * one the inputs call for; monotonic IDs strictly increase within an owner
 * and carry the clock's millisecond when it moved forward; random IDs carry
 * the millisecond asked for; a new owner (a forked child) never continues
 * the old sequence and draws from a fresh fill of the random source, never
 * from bytes its parent drew; after a failed fill (which writes zeroes over
 * the pool) the next call draws from a fresh fill too, never from bytes the
 * failed one may have written; the source is asked at most once per call.
 * In the UUIDv7 layout every ID is a valid UUIDv7, and the sequence is
 * exhausted only when no UUIDv7 is above the last ID; switching layouts
 * never breaks the order.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generator.h"
#include "layout.h"
#include "fuzz.h"

static UlidGenerator gen;

/* the random source */
static bool fill_fails;
static bool fill_ones;
static uint64_t fill_state;
static int	fill_calls;

static bool
fill(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	fill_calls++;
	if (fill_fails)
	{
		/* a failing source may leave anything in the buffer */
		memset(buf, 0, len);
		return false;
	}
	for (i = 0; i < len; i++)
	{
		if (fill_ones)
			p[i] = 0xFF;
		else
		{
			fill_state ^= fill_state << 13;
			fill_state ^= fill_state >> 7;
			fill_state ^= fill_state << 17;
			p[i] = (uint8_t) (fill_state >> 24);
		}
	}
	return true;
}

/* the model */
static int64_t owner;
static int64_t model_owner;
static bool have_last;
static uint8_t last[ULID_BINARY_LEN];
static bool need_fill;			/* the next draw must be from a fresh fill */

/* state claimed by the owner of this call: a new owner starts afresh */
static void
model_claim(void)
{
	if (model_owner != owner)
	{
		model_owner = owner;
		have_last = false;
		need_fill = true;
	}
}

/*
 * Checks the random source's use by a call that needed random bytes and got
 * them (ok) or not.  After a failed fill, the pool may hold what the failed
 * fill wrote: the next call must fill again.
 */
static void
model_random_used(int calls_before, bool ok)
{
	REQUIRE(fill_calls <= calls_before + 1);
	if (need_fill)
		REQUIRE(fill_calls == calls_before + 1);
	if (fill_calls == calls_before + 1)
	{
		REQUIRE(ok == !fill_fails);
		need_fill = !ok;
	}
	else
		REQUIRE(ok);
}

static UlidLayout layout;

/*
 * can the sequence go no further: the last time with a saturated 16 bits,
 * or in the UUIDv7 layout with no UUIDv7 word (nibble 7) above them
 */
static bool
saturated(const uint8_t v[ULID_BINARY_LEN])
{
	unsigned	bits = ((unsigned) v[6] << 8) | v[7];

	if (ulid_get_time_ms(v) != ULID_TIME_MAX)
		return false;
	return layout == ULID_LAYOUT_UUIDV7 ? bits >= 0x7FFF : bits == 0xFFFF;
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	now = UINT64_C(1700000000000);
	size_t		i;

	memset(&gen, 0, sizeof(gen));
	fill_fails = false;
	fill_ones = false;
	fill_state = UINT64_C(0x9E3779B97F4A7C15);
	fill_calls = 0;
	owner = 1;
	model_owner = 0;
	have_last = false;
	need_fill = true;
	layout = ULID_LAYOUT_ULID;

	for (i = 0; i < size; i++)
	{
		uint8_t		op = data[i];
		uint8_t		out[ULID_BINARY_LEN];
		int			calls = fill_calls;
		UlidGenStatus st;

		switch (op & 7)
		{
			case 0:				/* clock step, -32..31 ms, then monotonic */
			case 1:
			case 2:
				now += (int64_t) (op >> 2) - 32;
				/* fall through */
			case 3:				/* monotonic at the same reading */
				st = ulid_generate_monotonic_in(&gen, owner, now, fill, layout, out);
				model_claim();
				if (now > ULID_TIME_MAX)
				{
					REQUIRE(st == ULID_GEN_TIME_RANGE);
					REQUIRE(fill_calls == calls);
				}
				else if (st == ULID_GEN_EXHAUSTED)
				{
					REQUIRE(have_last && saturated(last));
					REQUIRE(now <= ulid_get_time_ms(last));
					REQUIRE(fill_calls == calls);
				}
				else
				{
					model_random_used(calls, st == ULID_GEN_OK);
					if (st != ULID_GEN_OK)
					{
						REQUIRE(st == ULID_GEN_NO_RANDOM);
						break;
					}
					if (have_last)
						REQUIRE(memcmp(out, last, ULID_BINARY_LEN) > 0);
					if (layout == ULID_LAYOUT_UUIDV7)
						REQUIRE(ulid_is_uuidv7(out));
					if (!have_last || now > ulid_get_time_ms(last))
						REQUIRE(ulid_get_time_ms(out) == now);
					memcpy(last, out, ULID_BINARY_LEN);
					have_last = true;
				}
				break;
			case 4:				/* random ID at the current reading */
				st = ulid_generate_random_in(&gen, owner, now, fill, layout, out);
				model_claim();
				if (now > ULID_TIME_MAX)
				{
					REQUIRE(st == ULID_GEN_TIME_RANGE);
					REQUIRE(fill_calls == calls);
				}
				else
				{
					model_random_used(calls, st == ULID_GEN_OK);
					if (st == ULID_GEN_OK)
						REQUIRE(ulid_get_time_ms(out) == now &&
								(layout == ULID_LAYOUT_ULID || ulid_is_uuidv7(out)));
					else
						REQUIRE(st == ULID_GEN_NO_RANDOM);
				}
				break;
			case 5:				/* another process (a fork), or the layout */
				if (op & 8)
					layout = (op & 16) ? ULID_LAYOUT_UUIDV7 : ULID_LAYOUT_ULID;
				else
					owner = 1 + (op >> 4);
				break;
			case 6:				/* the random source fails, or works again */
				fill_fails = (op >> 3) & 1;
				fill_ones = (op >> 4) & 1;

				/*
				 * and the pool down to 4 to 16 bytes, a state that draws of
				 * 8 and 10 bytes reach: near a refill
				 */
				if (op >> 5)
				{
					size_t		left = 2 * ((size_t) (op >> 5) + 1);

					if (gen.pool_left > left)
						gen.pool_left = left;
				}
				break;
			case 7:				/* the clock jumps near the end of time */
				now = ULID_TIME_MAX - 2 + (op >> 6);
				break;
		}
	}
	return 0;
}
