/*-------------------------------------------------------------------------
 *
 * fuzz_monotonic.c
 *	  libFuzzer target: the step of gen_monotonic_ulid() (monotonic.h)
 *	  driven by backends racing on one shared word, checked against a model.
 *
 * The input's first 8 bytes are the starting word, the next 8 the starting
 * clock; then each 4 bytes are one call: which of 4 backends (its reading
 * of the word may be stale), a signed step of the clock, and a counter
 * start.  A call steps from the backend's reading and installs the result
 * with a simulated compare-and-swap, which fails, handing back the current
 * word, when another backend changed it.
 *
 * Each call's bit 6 picks its layout (ULID or UUIDv7, as each backend's
 * ulid.uuidv7 may differ).
 *
 * Checks: each status is the one the inputs call for; a successful step
 * gives exactly the model's word (the clock's millisecond and the start's
 * low 15 bits in a new millisecond, else the last word plus one; in the
 * UUIDv7 layout 0x7 and the start's low 11 bits, else the smallest word
 * with version nibble 7 above the last), never below the caller's clock;
 * every installed word is above the one before.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "layout.h"
#include "monotonic.h"
#include "fuzz.h"

#define BACKENDS 4

static uint64_t
load64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* a word of the UUIDv7 layout: version nibble 7 */
static bool
is_v7_word(uint64_t w)
{
	return ((w >> 12) & 0xF) == 7;
}

/* the UUIDv7 word before w (one of them), or 0 if there is none */
static uint64_t
prev_v7_word(uint64_t w)
{
	if ((w & 0xFFF) != 0)
		return w - 1;
	if ((w >> 16) == 0)
		return 0;
	return (((w >> 16) - 1) << 16) | 0x7FFF;
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t	word;
	uint64_t	clock;
	uint64_t	seen[BACKENDS];
	size_t		i;
	int			b;

	if (size < 16)
		return 0;
	word = load64(data);
	/* near the end of time often, past it sometimes */
	clock = load64(data + 8) % (ULID_TIME_MAX + 4);
	for (b = 0; b < BACKENDS; b++)
		seen[b] = word;

	for (i = 16; i + 4 <= size; i += 4)
	{
		int			who = data[i] % BACKENDS;
		bool		fresh = (data[i] & 0x80) != 0;
		bool		v7 = (data[i] & 0x40) != 0;
		int8_t		delta = (int8_t) data[i + 1];
		uint16_t	start = (uint16_t) ((data[i + 2] << 8) | data[i + 3]);
		uint64_t	last;
		uint64_t	next = 0x5555;
		UlidGenStatus status;

		clock = (delta < 0 && clock < (uint64_t) -delta) ? 0 : clock + delta;
		if (fresh)
			seen[who] = word;
		last = seen[who];
		status = ulid_shared_step_in(last, clock, start,
									 v7 ? ULID_LAYOUT_UUIDV7 : ULID_LAYOUT_ULID, &next);

		if (clock > ULID_TIME_MAX)
		{
			REQUIRE(status == ULID_GEN_TIME_RANGE && next == 0x5555);
			continue;
		}
		if (clock > (last >> 16))
		{
			REQUIRE(status == ULID_GEN_OK);
			if (v7)
				REQUIRE(next == ((clock << 16) | 0x7000 | (start & 0x7FF)));
			else
				REQUIRE(next == ((clock << 16) | (start & 0x7FFF)));
		}
		else if (v7 && last >= ((ULID_TIME_MAX << 16) | 0x7FFF))
		{
			REQUIRE(status == ULID_GEN_EXHAUSTED && next == 0x5555);
			continue;
		}
		else if (v7)
		{
			/* the smallest UUIDv7 word above last */
			REQUIRE(status == ULID_GEN_OK);
			REQUIRE(next > last && is_v7_word(next) && prev_v7_word(next) <= last);
		}
		else if (last == UINT64_MAX)
		{
			REQUIRE(status == ULID_GEN_EXHAUSTED && next == 0x5555);
			continue;
		}
		else
		{
			REQUIRE(status == ULID_GEN_OK);
			REQUIRE(next == last + 1);
		}
		REQUIRE(next > last);
		REQUIRE((next >> 16) >= clock);

		/* the compare-and-swap */
		if (word == last)
		{
			REQUIRE(next > word);
			word = next;
		}
		seen[who] = word;
	}
	return 0;
}
