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
 * exhaustion) or pseudo-random bytes.  The model checks every status and
 * value: monotonic IDs strictly increase within an owner, take the new
 * millisecond with fresh random bits when the clock moved forward, else are
 * the last plus one; a new owner never continues the old state or pool;
 * the pool is refilled exactly when it runs dry.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generator.h"

#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

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
		return false;
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
static size_t model_pool_left;

/* state claimed by the owner of this call: a new owner starts afresh */
static void
model_claim(void)
{
	if (model_owner != owner)
	{
		model_owner = owner;
		have_last = false;
		model_pool_left = 0;
	}
}

/* takes 10 random bytes as the generator would: is a fill due, does it work */
static bool
model_take_random(int calls_before)
{
	if (model_pool_left < ULID_RANDOM_LEN)
	{
		REQUIRE(fill_calls == calls_before + 1);
		if (fill_fails)
			return false;
		model_pool_left = ULID_POOL_BYTES;
	}
	else
		REQUIRE(fill_calls == calls_before);
	model_pool_left -= ULID_RANDOM_LEN;
	return true;
}

static void
add_one(uint8_t v[ULID_BINARY_LEN])
{
	int			i;

	for (i = ULID_BINARY_LEN - 1; i >= 0; i--)
		if (++v[i] != 0)
			break;
}

static bool
all_ones(const uint8_t v[ULID_BINARY_LEN])
{
	int			i;

	for (i = 0; i < ULID_BINARY_LEN; i++)
		if (v[i] != 0xFF)
			return false;
	return true;
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
	model_pool_left = 0;

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
				st = ulid_generate_monotonic(&gen, owner, now, fill, out);
				model_claim();
				if (now > ULID_TIME_MAX)
				{
					REQUIRE(st == ULID_GEN_TIME_RANGE);
					REQUIRE(fill_calls == calls);
				}
				else if (have_last && now <= ulid_get_time_ms(last))
				{
					if (all_ones(last))
						REQUIRE(st == ULID_GEN_EXHAUSTED);
					else
					{
						REQUIRE(st == ULID_GEN_OK);
						add_one(last);
						REQUIRE(memcmp(out, last, ULID_BINARY_LEN) == 0);
					}
					REQUIRE(fill_calls == calls);
				}
				else if (!model_take_random(calls))
					REQUIRE(st == ULID_GEN_NO_RANDOM);
				else
				{
					REQUIRE(st == ULID_GEN_OK);
					REQUIRE(ulid_get_time_ms(out) == now);
					if (have_last)
						REQUIRE(memcmp(out, last, ULID_BINARY_LEN) > 0);
					memcpy(last, out, ULID_BINARY_LEN);
					have_last = true;
				}
				break;
			case 4:				/* random ID at the current reading */
				st = ulid_generate_random(&gen, owner, now, fill, out);
				model_claim();
				if (now > ULID_TIME_MAX)
					REQUIRE(st == ULID_GEN_TIME_RANGE);
				else if (!model_take_random(calls))
					REQUIRE(st == ULID_GEN_NO_RANDOM);
				else
				{
					REQUIRE(st == ULID_GEN_OK);
					REQUIRE(ulid_get_time_ms(out) == now);
				}
				break;
			case 5:				/* another process: a fork */
				owner = 1 + (op >> 3);
				break;
			case 6:				/* the random source fails, or works again */
				fill_fails = (op >> 3) & 1;
				fill_ones = (op >> 4) & 1;
				break;
			case 7:				/* the clock jumps near the end of time */
				now = ULID_TIME_MAX - 2 + (op >> 6);
				break;
		}
	}
	return 0;
}
