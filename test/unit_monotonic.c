/*-------------------------------------------------------------------------
 *
 * unit_monotonic.c
 *	  Unit tests of monotonic.h, the cluster-wide generator's state step, of
 *	  the value layout.h's ulid_word_format makes of its word, and of the
 *	  random bytes it takes from generator.c's pool.
 *
 * The step is checked case by case (new millisecond, same millisecond,
 * clock back, carry, limits), then in a model of several backends that
 * share one word through a simulated compare-and-swap while their clocks
 * jump forward and back.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stdint.h>

#include "layout.h"
#include "monotonic.h"
#include "unit.h"
#include "unit_gen.h"

#define T0			UINT64_C(1469918176385)
#define WORD(ms, counter)	(((uint64_t) (ms) << 16) | (counter))

/* the durable mark: ULID_MARK_AHEAD_MS past the word, its last counter */
static void
test_mark_after(void)
{
	CHECK(ulid_mark_after(WORD(T0, 0x1234)) == WORD(T0 + ULID_MARK_AHEAD_MS, 0xFFFF),
		  "mark after a word, got %016llx",
		  (unsigned long long) ulid_mark_after(WORD(T0, 0x1234)));
	CHECK(ulid_mark_after(WORD(T0, 0xFFFF)) > WORD(T0, 0xFFFF), "above the word");
	CHECK(ulid_mark_after(0) == WORD(ULID_MARK_AHEAD_MS, 0xFFFF), "mark after zero");
	/* near the end of time it stops at the last word */
	CHECK(ulid_mark_after(WORD(ULID_TIME_MAX - 1, 0)) == WORD(ULID_TIME_MAX, 0xFFFF),
		  "mark near the end of time");
	CHECK(ulid_mark_after(WORD(ULID_TIME_MAX - ULID_MARK_AHEAD_MS, 7)) == WORD(ULID_TIME_MAX, 0xFFFF),
		  "mark at exactly ahead of the end");
	CHECK(ulid_mark_after(WORD(ULID_TIME_MAX, 0xFFFF)) == WORD(ULID_TIME_MAX, 0xFFFF),
		  "the last word is its own mark");
}

static void
test_first_value(void)
{
	uint64_t	next = 0;

	/* the zero word: nothing handed out, any clock reading is later */
	CHECK(ulid_shared_new_ms(0, T0), "zero word: a new millisecond");
	CHECK(unit_shared_step(0, T0, 0x1234, &next) == ULID_GEN_OK, "first");
	CHECK(next == WORD(T0, 0x1234), "time and counter start, got %016llx",
		  (unsigned long long) next);

	/* the counter starts below 0x8000: the top bit of the start is dropped */
	CHECK(unit_shared_step(0, T0, 0xFFFF, &next) == ULID_GEN_OK, "all ones");
	CHECK(next == WORD(T0, 0x7FFF), "counter start 0x7FFF, got %016llx",
		  (unsigned long long) next);
	CHECK(unit_shared_step(0, T0, 0x8000, &next) == ULID_GEN_OK, "top bit only");
	CHECK(next == WORD(T0, 0), "counter start 0, got %016llx", (unsigned long long) next);

	/* a clock at the epoch: the zero word's millisecond, so one step on */
	CHECK(!ulid_shared_new_ms(0, 0), "epoch: not a new millisecond");
	CHECK(unit_shared_step(0, 0, 0x1234, &next) == ULID_GEN_OK, "epoch");
	CHECK(next == 1, "epoch: the word after zero, got %016llx", (unsigned long long) next);
}

static void
test_new_millisecond(void)
{
	uint64_t	next = 0;
	uint64_t	last = WORD(T0, 0x7000);

	CHECK(ulid_shared_new_ms(last, T0 + 1), "a later millisecond is new");
	CHECK(unit_shared_step(last, T0 + 1, 0x0042, &next) == ULID_GEN_OK, "next ms");
	CHECK(next == WORD(T0 + 1, 0x0042), "the clock's time and a fresh start, got %016llx",
		  (unsigned long long) next);
	/* a fresh start may be below the last counter: the time field decides */
	CHECK(next > last, "greater");
	CHECK(unit_shared_step(last, T0 + 1000, 0x7FFF, &next) == ULID_GEN_OK, "a second later");
	CHECK(next == WORD(T0 + 1000, 0x7FFF), "got %016llx", (unsigned long long) next);
}

static void
test_same_millisecond(void)
{
	uint64_t	next = 0;
	uint64_t	last = WORD(T0, 0x7000);
	int			i;
	int			wrong = 0;

	CHECK(!ulid_shared_new_ms(last, T0), "the same millisecond is not new");
	/* the start is ignored: one step on */
	CHECK(unit_shared_step(last, T0, 0x0001, &next) == ULID_GEN_OK, "same ms");
	CHECK(next == last + 1, "last plus one, got %016llx", (unsigned long long) next);
	for (i = 0; i < 1000; i++)
	{
		uint64_t	prev = next;

		wrong += unit_shared_step(prev, T0, (uint16_t) i, &next) != ULID_GEN_OK || next != prev + 1;
	}
	CHECK(wrong == 0, "1000 steps in one millisecond: %d not one step on", wrong);
}

static void
test_clock_back(void)
{
	uint64_t	next = 0;
	uint64_t	last = WORD(T0, 0x0100);

	CHECK(!ulid_shared_new_ms(last, T0 - 1), "an earlier millisecond is not new");
	CHECK(unit_shared_step(last, T0 - 1, 0x7FFF, &next) == ULID_GEN_OK, "1 ms back");
	CHECK(next == last + 1, "keeps the time, one step on, got %016llx", (unsigned long long) next);
	CHECK(unit_shared_step(next, 1000, 0x7FFF, &next) == ULID_GEN_OK, "decades back");
	CHECK(next == last + 2, "still one step on, got %016llx", (unsigned long long) next);
	/* the clock coming back to the word's millisecond: still not new */
	CHECK(unit_shared_step(next, T0, 0x7FFF, &next) == ULID_GEN_OK, "back to T0");
	CHECK(next == last + 3, "one step on, got %016llx", (unsigned long long) next);
}

static void
test_carry(void)
{
	uint64_t	next = 0;

	/* the counter's overflow carries into the time field */
	CHECK(unit_shared_step(WORD(T0, 0xFFFF), T0, 0, &next) == ULID_GEN_OK, "carry");
	CHECK(next == WORD(T0 + 1, 0), "next millisecond, counter 0, got %016llx",
		  (unsigned long long) next);
	/* the word now runs ahead of the clock: T0 + 1 is not a new millisecond */
	CHECK(unit_shared_step(next, T0 + 1, 0x4000, &next) == ULID_GEN_OK, "clock catches up");
	CHECK(next == WORD(T0 + 1, 1), "one step on, not a new start, got %016llx",
		  (unsigned long long) next);
	CHECK(unit_shared_step(next, T0 + 2, 0x4000, &next) == ULID_GEN_OK, "clock passes");
	CHECK(next == WORD(T0 + 2, 0x4000), "a new start, got %016llx", (unsigned long long) next);
}

static void
test_limits(void)
{
	uint64_t	next = 42;

	/* the clock above the largest time field */
	CHECK(unit_shared_step(0, ULID_TIME_MAX + 1, 0, &next) == ULID_GEN_TIME_RANGE, "time range");
	CHECK(unit_shared_step(WORD(T0, 5), UINT64_MAX, 0, &next) == ULID_GEN_TIME_RANGE,
		  "time range, clock as PG_UINT64_MAX (before 1970)");
	CHECK(next == 42, "next untouched on failure");
	CHECK(unit_shared_step(0, ULID_TIME_MAX, 0x7FFF, &next) == ULID_GEN_OK, "largest time");
	CHECK(next == WORD(ULID_TIME_MAX, 0x7FFF), "got %016llx", (unsigned long long) next);

	/* the largest word ends the sequence, whatever the clock */
	next = 42;
	CHECK(unit_shared_step(UINT64_MAX, ULID_TIME_MAX, 0, &next) == ULID_GEN_EXHAUSTED, "exhausted");
	CHECK(unit_shared_step(UINT64_MAX, T0, 0, &next) == ULID_GEN_EXHAUSTED, "exhausted, clock back");
	CHECK(next == 42, "next untouched on failure");
	CHECK(unit_shared_step(UINT64_MAX - 1, ULID_TIME_MAX, 0, &next) == ULID_GEN_OK, "last one");
	CHECK(next == UINT64_MAX, "the largest word");
}

static void
test_format(void)
{
	const uint8_t random[8] = {0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7};
	uint8_t		out[ULID_BINARY_LEN];
	int			i;

	ulid_word_format(WORD(T0, 0xBEEF), random, ULID_LAYOUT_ULID, out);
	CHECK(ulid_get_time_ms(out) == T0, "time field");
	CHECK(out[6] == 0xBE && out[7] == 0xEF, "counter big-endian in bytes 7-8");
	for (i = 0; i < 8; i++)
		CHECK(out[8 + i] == random[i], "random byte %d", i);
}

/*
 * Several backends share one word.  Each reads it (possibly long before it
 * swaps: its view goes stale), steps at its own clock, and installs the
 * result only if the word is still what it read; otherwise it retries from
 * the word it found, as pg_atomic_compare_exchange_u64 returns it.  The
 * clocks jump forward and back.  Every installed word is above the one
 * before, and at or above its caller's clock.
 */
#define BACKENDS	5

static uint64_t rng = 88172645463325252ULL;

static uint64_t
next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void
test_shared_word_model(void)
{
	uint64_t	word = 0;
	uint64_t	seen[BACKENDS] = {0};	/* each backend's last read */
	uint64_t	clock = T0;
	long		swaps = 0;
	long		retries = 0;
	long		clock_backs = 0;
	long		not_above = 0;
	long		below_clock = 0;
	long		failures = 0;
	long		i;

	for (i = 0; i < 1000000; i++)
	{
		int			b = (int) (next_rand() % BACKENDS);
		uint64_t	r = next_rand();
		uint64_t	now;
		uint64_t	next;

		/* the clock: mostly still, sometimes on, now and then back */
		switch (r % 16)
		{
			case 0:
				clock += 1 + (r >> 8) % 3;
				break;
			case 1:
				clock -= (r >> 8) % 5;
				clock_backs++;
				break;
			default:
				break;
		}
		/* a backend's own reading may lag the others' by a millisecond */
		now = clock - ((r >> 16) & 1);

		/* half the time it reads the word afresh, else it works from its last read */
		if ((r >> 20) & 1)
			seen[b] = word;
		if (unit_shared_step(seen[b], now, (uint16_t) (r >> 32), &next) != ULID_GEN_OK)
		{
			failures++;
			continue;
		}
		if (word != seen[b])
		{
			/* the swap fails and hands back the current word */
			seen[b] = word;
			retries++;
			continue;
		}
		not_above += next <= word;
		below_clock += (next >> 16) < now;
		word = next;
		seen[b] = word;
		swaps++;
	}
	CHECK(failures == 0, "%ld steps failed", failures);
	CHECK(not_above == 0, "%ld of %ld installed words not above the last", not_above, swaps);
	CHECK(below_clock == 0, "%ld installed words below their caller's clock", below_clock);
	/* the model exercised what it claims */
	CHECK(swaps > 100000 && retries > 100000 && clock_backs > 10000,
		  "swaps %ld, retries %ld, clock steps back %ld", swaps, retries, clock_backs);
}

/* generator.c's pool, which gen_ulid() and gen_monotonic_ulid() share */
static int	fill_calls;
static bool fill_fails;

static bool
test_fill(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	fill_calls++;
	if (fill_fails)
		return false;
	for (i = 0; i < len; i++)
		p[i] = (uint8_t) (i + 37 * fill_calls);
	return true;
}

static void
test_pool_bytes(void)
{
	static UlidGenerator gen;
	uint8_t		a[16];
	uint8_t		b[16];
	const uint8_t *bytes = NULL;
	int			i;

	fill_calls = 0;
	fill_fails = false;
	CHECK(unit_generate_monotonic(&gen, 1, T0, test_fill, a) == ULID_GEN_OK, "gen_ulid");
	CHECK(ulid_generate_bytes(&gen, 1, test_fill, 8, &bytes) == ULID_GEN_OK, "8 bytes");
	/* a new-millisecond ID took the pool's first 10 bytes: these are next */
	for (i = 0; i < 8; i++)
		CHECK(bytes[i] == (uint8_t) (10 + i + 37), "pool byte %d", 10 + i);
	CHECK(unit_generate_monotonic(&gen, 1, T0, test_fill, b) == ULID_GEN_OK, "gen_ulid again");
	CHECK(ulid_load_be64(b) == ulid_load_be64(a) + 1,
		  "taking bytes leaves gen_ulid()'s sequence alone");
	CHECK(b[8] == (uint8_t) (18 + 37), "and its random bits follow the bytes taken");
	CHECK(fill_calls == 1, "one fill so far, got %d", fill_calls);

	/* the pool runs dry: refilled */
	for (i = 0; i < ULID_POOL_BYTES / 8; i++)
		(void) ulid_generate_bytes(&gen, 1, test_fill, 8, &bytes);
	CHECK(fill_calls == 2, "refilled once, got %d", fill_calls);

	/* another process (a fork): a fresh fill, never the parent's bytes */
	CHECK(ulid_generate_bytes(&gen, 2, test_fill, 8, &bytes) == ULID_GEN_OK, "new owner");
	CHECK(fill_calls == 3 && bytes[0] == (uint8_t) (37 * 3), "fresh fill, got %d calls", fill_calls);

	/* the random source failing */
	fill_fails = true;
	CHECK(ulid_generate_bytes(&gen, 3, test_fill, 8, &bytes) == ULID_GEN_NO_RANDOM, "no random");
}

/* The step in the UUIDv7 layout, and from words of the other layout */
static void
test_uuidv7_layout(void)
{
	uint64_t	next = 0x5555;
	uint8_t		random[8];
	uint8_t		out[16];

	CHECK(ulid_shared_step_in(0, T0, 0xFFFF, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0, 0x77FF), "new ms: 0x7 and 11 bits of the start, got %016llx",
		  (unsigned long long) next);
	CHECK(ulid_shared_step_in(WORD(T0, 0x7123), T0, 0, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0, 0x7124), "same ms: plus one");
	CHECK(ulid_shared_step_in(WORD(T0, 0x7FFF), T0 - 5, 0, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0 + 1, 0x7000), "full counter: carry, got %016llx", (unsigned long long) next);
	/* another backend's plain words */
	CHECK(ulid_shared_step_in(WORD(T0, 0x0042), T0, 0, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0, 0x7000), "after plain 0x0042: 0x7000");
	CHECK(ulid_shared_step_in(WORD(T0, 0x9000), T0, 0, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0 + 1, 0x7000), "after plain 0x9000: the next ms");
	CHECK(ulid_shared_step_in(WORD(T0, 0x6FFF), T0, 0, ULID_LAYOUT_UUIDV7, &next) == ULID_GEN_OK &&
		  next == WORD(T0, 0x7000), "after plain 0x6FFF: 0x7000");
	/* and a plain backend after a v7 word: plus one */
	CHECK(ulid_shared_step_in(WORD(T0, 0x7FFF), T0, 0, ULID_LAYOUT_ULID, &next) == ULID_GEN_OK &&
		  next == WORD(T0, 0x8000), "plain after v7 0x7FFF: 0x8000");
	/* limits */
	next = 0x5555;
	CHECK(ulid_shared_step_in(WORD(ULID_TIME_MAX, 0x7FFF), T0, 0, ULID_LAYOUT_UUIDV7, &next) ==
		  ULID_GEN_EXHAUSTED && next == 0x5555, "last v7 word: exhausted, unchanged");
	CHECK(ulid_shared_step_in(UINT64_MAX, T0, 0, ULID_LAYOUT_UUIDV7, &next) ==
		  ULID_GEN_EXHAUSTED && next == 0x5555, "largest word: exhausted");
	CHECK(ulid_shared_step_in(0, ULID_TIME_MAX + 1, 0, ULID_LAYOUT_UUIDV7, &next) ==
		  ULID_GEN_TIME_RANGE && next == 0x5555, "past the end of time");

	memset(random, 0xFF, sizeof(random));
	ulid_word_format(WORD(T0, 0x7ABC), random, ULID_LAYOUT_UUIDV7, out);
	CHECK(ulid_is_uuidv7(out) && out[8] == 0xBF && out[9] == 0xFF, "format: variant over 0xFF");
	memset(random, 0, sizeof(random));
	ulid_word_format(WORD(T0, 0x7ABC), random, ULID_LAYOUT_UUIDV7, out);
	CHECK(ulid_is_uuidv7(out) && out[8] == 0x80, "format: variant over 0x00");
	ulid_word_format(WORD(T0, 0x7ABC), random, ULID_LAYOUT_ULID, out);
	CHECK(out[8] == 0x00, "plain format: the bytes as they are");
}

int
main(void)
{
	test_first_value();
	test_mark_after();
	test_new_millisecond();
	test_same_millisecond();
	test_clock_back();
	test_carry();
	test_limits();
	test_format();
	test_shared_word_model();
	test_pool_bytes();
	test_uuidv7_layout();
	UNIT_DONE("unit_monotonic");
}
