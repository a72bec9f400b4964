/*-------------------------------------------------------------------------
 *
 * unit_generator.c
 *	  Unit tests of generator.c with an injected clock and random source.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stdint.h>

#include "generator.h"
#include "layout.h"
#include "unit.h"
#include "unit_gen.h"

#define T_V7		UINT64_C(1469918176385)

/* Random sources: counting calls, with a chosen byte pattern */
static int	fill_calls;
static int	fill_constant = -1; /* >= 0: every byte this value */

/*
 * Otherwise byte i of the n-th fill (from 1) is pool_byte(n, i): each pool
 * differs from the last, so a test can tell which pool a byte came from.
 */
static uint8_t
pool_byte(int fill, size_t offset)
{
	return (uint8_t) (offset + 37 * fill);
}

static bool
test_fill(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	fill_calls++;
	for (i = 0; i < len; i++)
		p[i] = fill_constant >= 0 ? (uint8_t) fill_constant : pool_byte(fill_calls, i);
	return true;
}

static bool
failing_fill(void *buf, size_t len)
{
	(void) buf;
	(void) len;
	fill_calls++;
	return false;
}

/* A source that fails after writing zeroes over what it was given */
static bool
zeroing_failing_fill(void *buf, size_t len)
{
	memset(buf, 0, len);
	fill_calls++;
	return false;
}

static void
reset_fill(int constant)
{
	fill_calls = 0;
	fill_constant = constant;
}

/* 128-bit big-endian a < b */
static int
ulid_cmp(const uint8_t *a, const uint8_t *b)
{
	return memcmp(a, b, ULID_BINARY_LEN);
}

/* b's time and counter (its first 8 bytes) are a's plus one */
static bool
is_next(const uint8_t *a, const uint8_t *b)
{
	return ulid_load_be64(b) == ulid_load_be64(a) + 1;
}

/* The 16-bit counter after the time field */
static unsigned
counter(const uint8_t *u)
{
	return (unsigned) (ulid_load_be64(u) & 0xFFFF);
}

/* Its last 8 bytes are bytes offset.. of the n-th pool */
static bool
random_from_pool(const uint8_t *u, int fill, size_t offset)
{
	int			i;

	for (i = 0; i < 8; i++)
		if (u[8 + i] != pool_byte(fill, offset + i))
			return false;
	return true;
}

static void
test_new_millisecond(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	int			i;

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 1469918176385, test_fill, out) == ULID_GEN_OK, "first");
	CHECK(ulid_get_time_ms(out) == 1469918176385, "time field");
	/* pool bytes 0-7 are the random bits, 8-9 the counter's start */
	CHECK(random_from_pool(out, 1, 0), "random bits are the pool's first 8 bytes");
	CHECK(counter(out) == (((pool_byte(1, 8) & 0x7Fu) << 8) | pool_byte(1, 9)),
		  "counter starts at pool bytes 8-9 with the top bit cleared, got %04x", counter(out));
	CHECK(fill_calls == 1, "one fill for the pool, got %d", fill_calls);

	/* the next millisecond takes the next 80 bits of the pool */
	CHECK(unit_generate_monotonic(&gen, 1, 1469918176386, test_fill, out) == ULID_GEN_OK, "second");
	CHECK(ulid_get_time_ms(out) == 1469918176386, "time field moves on");
	CHECK(random_from_pool(out, 1, ULID_RANDOM_LEN), "fresh random bits");
	CHECK(counter(out) == (((pool_byte(1, 18) & 0x7Fu) << 8) | pool_byte(1, 19)),
		  "fresh counter start, got %04x", counter(out));
	CHECK(fill_calls == 1, "no new fill while the pool lasts, got %d", fill_calls);

	/* all-one random bytes: the counter starts at 0x7FFF, not higher */
	reset_fill(0xFF);
	gen = (UlidGenerator) {0};
	CHECK(unit_generate_monotonic(&gen, 1, 1, test_fill, out) == ULID_GEN_OK, "all ones");
	CHECK(counter(out) == 0x7FFF, "counter start below 0x8000, got %04x", counter(out));
	for (i = 8; i < 16; i++)
		CHECK(out[i] == 0xFF, "random byte %d", i);
}

static void
test_same_millisecond(void)
{
	UlidGenerator gen = {0};
	uint8_t		prev[16];
	uint8_t		out[16];
	int			i;
	int			failed = 0;
	int			not_next = 0;
	int			not_fresh = 0;
	size_t		offset = 0;

	/* from 0x0000 the counter has 65535 steps before it carries */
	reset_fill(0);
	CHECK(unit_generate_monotonic(&gen, 1, 5000, test_fill, prev) == ULID_GEN_OK, "first");
	reset_fill(-1);
	gen.pool_left = 0;
	for (i = 0; i < 65535; i++)
	{
		failed += unit_generate_monotonic(&gen, 1, 5000, test_fill, out) != ULID_GEN_OK;
		not_next += !is_next(prev, out);
		/* 8 bytes a call; a pool that cannot give 8 more is refilled */
		if (offset + 8 > ULID_POOL_BYTES)
			offset = 0;
		not_fresh += !random_from_pool(out, fill_calls, offset);
		offset += 8;
		memcpy(prev, out, 16);
	}
	CHECK(failed == 0, "%d calls failed", failed);
	CHECK(not_next == 0, "%d counters were not the previous one + 1", not_next);
	CHECK(not_fresh == 0, "%d values did not take the next 8 pool bytes", not_fresh);
	CHECK(ulid_get_time_ms(out) == 5000, "time field unchanged");
	CHECK(counter(out) == 0xFFFF, "counter at its top, got %04x", counter(out));
	CHECK(fill_calls == (65535 * 8 + ULID_POOL_BYTES - 1) / ULID_POOL_BYTES,
		  "a pool lasts %d increments, got %d fills", ULID_POOL_BYTES / 8, fill_calls);
}

static void
test_clock_back(void)
{
	UlidGenerator gen = {0};
	uint8_t		a[16];
	uint8_t		b[16];
	uint8_t		c[16];

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 9000, test_fill, a) == ULID_GEN_OK, "at 9000");
	CHECK(unit_generate_monotonic(&gen, 1, 8000, test_fill, b) == ULID_GEN_OK, "back to 8000");
	CHECK(is_next(a, b), "clock back steps the counter");
	CHECK(ulid_get_time_ms(b) == 9000, "time field stays at the later time");
	CHECK(unit_generate_monotonic(&gen, 1, 0, test_fill, c) == ULID_GEN_OK, "back to 0");
	CHECK(is_next(b, c), "still stepping the counter");
	CHECK(unit_generate_monotonic(&gen, 1, 9001, test_fill, c) == ULID_GEN_OK, "forward");
	CHECK(ulid_get_time_ms(c) == 9001 && ulid_cmp(b, c) < 0, "new millisecond after clock back");
}

/* A counter starting at 0x7FFF carries into the time field 0x8001 steps on */
static void
test_counter_overflow_carries(void)
{
	UlidGenerator gen = {0};
	uint8_t		a[16];
	uint8_t		b[16];
	int			i;
	int			failed = 0;

	reset_fill(0xFF);
	CHECK(unit_generate_monotonic(&gen, 1, 777, test_fill, a) == ULID_GEN_OK, "first");
	for (i = 0; i < 0x8000; i++)
		failed += unit_generate_monotonic(&gen, 1, 777, test_fill, a) != ULID_GEN_OK;
	CHECK(failed == 0, "%d calls failed", failed);
	CHECK(ulid_get_time_ms(a) == 777 && counter(a) == 0xFFFF, "counter at its top");
	CHECK(unit_generate_monotonic(&gen, 1, 777, test_fill, b) == ULID_GEN_OK, "carry");
	CHECK(ulid_get_time_ms(b) == 778, "time field + 1, got %llu",
		  (unsigned long long) ulid_get_time_ms(b));
	CHECK(counter(b) == 0, "counter wrapped to 0, got %04x", counter(b));
	CHECK(ulid_cmp(a, b) < 0 && is_next(a, b), "still increasing");

	/* the clock catching up with the carried time keeps counting up */
	CHECK(unit_generate_monotonic(&gen, 1, 778, test_fill, a) == ULID_GEN_OK, "at 778");
	CHECK(is_next(b, a), "778 is not new: the counter steps");
}

static void
test_limits(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	uint8_t		untouched[16];
	int			steps = 0;

	reset_fill(0xFF);
	memset(out, 0x5A, 16);
	memset(untouched, 0x5A, 16);
	CHECK(unit_generate_monotonic(&gen, 1, ULID_TIME_MAX + 1, test_fill, out) == ULID_GEN_TIME_RANGE,
		  "time beyond 48 bits");
	CHECK(memcmp(out, untouched, 16) == 0, "no output on error");
	CHECK(unit_generate_random(&gen, 1, UINT64_MAX, test_fill, out) == ULID_GEN_TIME_RANGE,
		  "random: time beyond 48 bits");

	CHECK(unit_generate_monotonic(&gen, 1, ULID_TIME_MAX, test_fill, out) == ULID_GEN_OK, "last ms");
	while (unit_generate_monotonic(&gen, 1, ULID_TIME_MAX, test_fill, out) == ULID_GEN_OK)
		steps++;
	CHECK(steps == 0x8000, "0x7FFF counts up 0x8000 times, got %d", steps);
	CHECK(memcmp(out, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 16) == 0,
		  "the last one was the largest ULID");
	CHECK(unit_generate_monotonic(&gen, 1, ULID_TIME_MAX, test_fill, out) == ULID_GEN_EXHAUSTED,
		  "nothing after the largest ULID");
	CHECK(unit_generate_monotonic(&gen, 1, 1, test_fill, out) == ULID_GEN_EXHAUSTED,
		  "still exhausted with the clock back");
}

static void
test_random_failure(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	uint8_t		prev[16];

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 100, failing_fill, out) == ULID_GEN_NO_RANDOM, "monotonic");
	CHECK(unit_generate_random(&gen, 1, 100, failing_fill, out) == ULID_GEN_NO_RANDOM, "random");
	CHECK(!gen.started, "a failed call starts no sequence");
	CHECK(unit_generate_monotonic(&gen, 1, 100, test_fill, out) == ULID_GEN_OK, "recovers");

	/* a failure when stepping the counter leaves the sequence as it was */
	memcpy(prev, out, 16);
	gen.pool_left = 0;
	CHECK(unit_generate_monotonic(&gen, 1, 100, failing_fill, out) == ULID_GEN_NO_RANDOM,
		  "same millisecond");
	CHECK(unit_generate_monotonic(&gen, 1, 100, test_fill, out) == ULID_GEN_OK, "recovers again");
	CHECK(is_next(prev, out), "no counter value was lost or reused");
}

/*
 * A failed refill empties the pool: what a failing source wrote over it is
 * never handed out.  With 8 bytes left, a new millisecond (10 bytes) refills;
 * if that fails, the next same-millisecond call (8 bytes) must not take the
 * 8 bytes the failed fill overwrote, but refill.
 */
static void
test_failed_refill(void)
{
	UlidGenerator gen = {0};
	uint8_t		first[16];
	uint8_t		out[16];
	uint64_t	bits;

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 600, test_fill, first) == ULID_GEN_OK, "first");
	gen.pool_left = 8;
	CHECK(unit_generate_monotonic(&gen, 1, 601, zeroing_failing_fill, out) == ULID_GEN_NO_RANDOM,
		  "a new millisecond whose refill fails");
	CHECK(gen.pool_left == 0, "the failed refill left the pool empty, not %zu bytes",
		  gen.pool_left);
	CHECK(fill_calls == 2, "one fill, one failed fill, got %d", fill_calls);

	CHECK(unit_generate_monotonic(&gen, 1, 600, test_fill, out) == ULID_GEN_OK, "same millisecond");
	bits = ulid_load_be64(out + 8);
	CHECK(bits != 0, "the 64 random bits are not the failed fill's zeroes");
	CHECK(fill_calls == 3, "refilled after the failure, got %d fills", fill_calls);
	CHECK(random_from_pool(out, 3, 0), "the random bits come from the new pool");
	CHECK(is_next(first, out), "the sequence goes on from the last value handed out");
}

/* The pool is refilled once every ULID_POOL_IDS IDs, never mid-ID */
static void
test_pool_refill(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	uint64_t	ms;
	int			failed = 0;

	reset_fill(-1);
	for (ms = 1; ms <= ULID_POOL_IDS; ms++)
		failed += unit_generate_monotonic(&gen, 1, ms, test_fill, out) != ULID_GEN_OK;
	CHECK(failed == 0, "%d calls failed", failed);
	CHECK(fill_calls == 1, "one fill for %d new milliseconds, got %d", ULID_POOL_IDS, fill_calls);
	CHECK(gen.pool_left == 0, "pool used up exactly");
	CHECK(unit_generate_monotonic(&gen, 1, ms, test_fill, out) == ULID_GEN_OK, "one more");
	CHECK(fill_calls == 2, "refilled when empty, got %d", fill_calls);
	CHECK(random_from_pool(out, 2, 0), "the new pool's first bytes are used");
}

/*
 * A state owned by another process (inherited through fork) is dropped:
 * no continuing the parent's sequence, no reusing its pool.
 */
static void
test_owner_change(void)
{
	UlidGenerator gen = {0};
	uint8_t		parent[16];
	uint8_t		child[16];
	uint8_t		child2[16];

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 100, 4242, test_fill, parent) == ULID_GEN_OK, "parent");
	CHECK(fill_calls == 1, "parent filled the pool");

	CHECK(unit_generate_monotonic(&gen, 101, 4242, test_fill, child) == ULID_GEN_OK, "child");
	CHECK(fill_calls == 2, "child refilled the pool, got %d fills", fill_calls);
	CHECK(!is_next(parent, child), "child does not continue the parent's sequence");
	CHECK(random_from_pool(child, 2, 0), "child uses its own random bytes");
	CHECK(ulid_get_time_ms(child) == 4242, "child starts at the current millisecond");

	CHECK(unit_generate_monotonic(&gen, 101, 4242, test_fill, child2) == ULID_GEN_OK, "child again");
	CHECK(is_next(child, child2), "the child's own sequence is monotonic");

	reset_fill(-1);
	CHECK(unit_generate_random(&gen, 102, 4242, test_fill, child2) == ULID_GEN_OK, "random in grandchild");
	CHECK(fill_calls == 1, "random generation also refuses inherited bytes");
}

static void
test_generate_random(void)
{
	UlidGenerator gen = {0};
	uint8_t		mono[16];
	uint8_t		rnd[16];
	uint8_t		next[16];
	int			i;

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 3000, test_fill, mono) == ULID_GEN_OK, "monotonic");
	CHECK(unit_generate_random(&gen, 1, 3000, test_fill, rnd) == ULID_GEN_OK, "random");
	CHECK(ulid_get_time_ms(rnd) == 3000, "time field");
	for (i = 0; i < ULID_RANDOM_LEN; i++)
		CHECK(rnd[ULID_TIME_LEN + i] == pool_byte(1, ULID_RANDOM_LEN + i), "fresh byte %d", i);
	CHECK(unit_generate_random(&gen, 1, 12345, test_fill, rnd) == ULID_GEN_OK, "any time");
	CHECK(ulid_get_time_ms(rnd) == 12345, "given time");
	CHECK(unit_generate_monotonic(&gen, 1, 3000, test_fill, next) == ULID_GEN_OK, "monotonic again");
	CHECK(is_next(mono, next), "random calls leave the monotonic sequence alone");
}

/* Injected clocks for ulid_clock_ms: a reading to return, or a failure */
static int64_t clock_sec;
static int64_t clock_nsec;
static int	clock_calls;

static bool
test_clock(int64_t *sec, int64_t *nsec)
{
	clock_calls++;
	*sec = clock_sec;
	*nsec = clock_nsec;
	return true;
}

static bool
failing_clock(int64_t *sec, int64_t *nsec)
{
	(void) sec;
	(void) nsec;
	clock_calls++;
	return false;
}

/* ulid_clock_ms of a reading of sec and nsec, into *ms */
static UlidGenStatus
clock_at(int64_t sec, int64_t nsec, uint64_t *ms)
{
	clock_sec = sec;
	clock_nsec = nsec;
	return ulid_clock_ms(test_clock, ms);
}

static void
test_clock_ms(void)
{
	const uint64_t untouched = UINT64_C(0x5A5A5A5A5A5A5A5A);
	uint64_t	ms = untouched;

	clock_calls = 0;
	CHECK(ulid_clock_ms(failing_clock, &ms) == ULID_GEN_NO_CLOCK, "a failed reading");
	CHECK(clock_calls == 1, "the clock was read once, got %d", clock_calls);
	CHECK(ms == untouched, "no time after a failed reading");

	CHECK(clock_at(1469918176, 385999999, &ms) == ULID_GEN_OK && ms == 1469918176385,
		  "milliseconds truncated, got %llu", (unsigned long long) ms);
	CHECK(clock_at(0, 0, &ms) == ULID_GEN_OK && ms == 0, "the epoch");
	/* the last millisecond a ULID holds, and one after it */
	CHECK(clock_at((int64_t) (ULID_TIME_MAX / 1000), (int64_t) (ULID_TIME_MAX % 1000) * 1000000,
				   &ms) == ULID_GEN_OK && ms == ULID_TIME_MAX, "the last millisecond");
	ms = untouched;
	CHECK(clock_at((int64_t) (ULID_TIME_MAX / 1000), (int64_t) (ULID_TIME_MAX % 1000 + 1) * 1000000,
				   &ms) == ULID_GEN_TIME_RANGE, "one millisecond past the range");
	CHECK(clock_at((int64_t) (ULID_TIME_MAX / 1000) + 1, 0, &ms) == ULID_GEN_TIME_RANGE,
		  "one second past the range");
	CHECK(clock_at(-1, 999999999, &ms) == ULID_GEN_TIME_RANGE, "before 1970");
	/* 2^64 / 1000 + 1 seconds would wrap round to 384 ms if multiplied */
	CHECK(clock_at((int64_t) (UINT64_MAX / 1000) + 1, 0, &ms) == ULID_GEN_TIME_RANGE,
		  "a reading that wraps round when multiplied");
	CHECK(clock_at(INT64_MAX, 0, &ms) == ULID_GEN_TIME_RANGE, "the largest reading");
	CHECK(clock_at(1, 1000000000, &ms) == ULID_GEN_TIME_RANGE, "nanoseconds of 1e9");
	CHECK(clock_at(1, -1, &ms) == ULID_GEN_TIME_RANGE, "negative nanoseconds");
	CHECK(ms == untouched, "no time after a reading out of range");
}

/* More bytes than a pool holds are refused, the pool left as it was */
static void
test_too_many_bytes(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	const uint8_t *bytes = NULL;
	size_t		left;

	reset_fill(-1);
	CHECK(unit_generate_monotonic(&gen, 1, 100, test_fill, out) == ULID_GEN_OK, "first");
	left = gen.pool_left;
	CHECK(ulid_generate_bytes(&gen, 1, test_fill, ULID_POOL_BYTES + 1, &bytes) ==
		  ULID_GEN_TOO_MANY_BYTES, "a pool and a byte");
	CHECK(gen.pool_left == left, "the pool still has %zu bytes, got %zu", left, gen.pool_left);
	CHECK(fill_calls == 1, "no refill for a request no pool can serve, got %d fills", fill_calls);
	CHECK(ulid_generate_bytes(&gen, 1, test_fill, SIZE_MAX, &bytes) == ULID_GEN_TOO_MANY_BYTES,
		  "SIZE_MAX bytes");
	CHECK(gen.pool_left == left && fill_calls == 1, "still untouched");

	/* a whole pool is served, from a fresh one */
	CHECK(ulid_generate_bytes(&gen, 1, test_fill, ULID_POOL_BYTES, &bytes) == ULID_GEN_OK,
		  "a whole pool");
	CHECK(fill_calls == 2 && gen.pool_left == 0 && bytes == gen.pool,
		  "a refill handed out whole: %d fills, %zu left", fill_calls, gen.pool_left);
	CHECK(ulid_generate_bytes(&gen, 1, test_fill, 2, &bytes) == ULID_GEN_OK &&
		  fill_calls == 3 && gen.pool_left == ULID_POOL_BYTES - 2, "and the next bytes refill");
}

/*
 * The UUIDv7 layout: version nibble 7 and variant bits 10 over the random
 * bytes, a 12-bit counter starting below 0x800, the other bits the pool's.
 */
static void
test_uuidv7_layout(void)
{
	UlidGenerator gen = {0};
	uint8_t		out[16];
	uint8_t		prev[16];
	int			i;
	int			pattern;

	/* all-zero, all-one and varied pools: the fixed bits win over each */
	for (pattern = -1; pattern <= 0xFF; pattern += 0x80)
	{
		int			constant = pattern < 0 ? -1 : (pattern >= 0x80 ? 0xFF : 0);

		reset_fill(constant);
		gen = (UlidGenerator) {0};
		CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
			  ULID_GEN_OK, "v7 monotonic, pattern %d", constant);
		CHECK(ulid_is_uuidv7(out), "a UUIDv7, pattern %d: %02x %02x", constant, out[6], out[8]);
		CHECK(ulid_get_time_ms(out) == T_V7, "time field");
		CHECK((counter(out) & 0x0FFF) < 0x800, "counter start below 0x800, got %03x",
			  counter(out) & 0x0FFF);
		if (constant < 0)
		{
			CHECK((counter(out) & 0x07FF) == (((pool_byte(1, 8) & 0x07u) << 8) | pool_byte(1, 9)),
				  "counter start from pool bytes 8-9");
			CHECK((out[8] & 0x3F) == (pool_byte(1, 0) & 0x3F), "byte 8's low 6 bits random");
			for (i = 9; i < 16; i++)
				CHECK(out[i] == pool_byte(1, i - 8), "random byte %d", i);
		}
		if (constant == 0xFF)
			CHECK(counter(out) == 0x77FF, "all ones: 0x7 and 0x7FF, got %04x", counter(out));

		CHECK(ulid_generate_random_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
			  ULID_GEN_OK, "v7 random");
		CHECK(ulid_is_uuidv7(out) && ulid_get_time_ms(out) == T_V7, "random: a UUIDv7 of T");
		if (constant == 0xFF)
			CHECK(out[6] == 0x7F && out[7] == 0xFF && out[8] == 0xBF && out[15] == 0xFF,
				  "random: only the 6 fixed bits cleared");
	}

	/* within a millisecond: counter plus one, then the carry at 0xFFF */
	reset_fill(0xFF);
	gen = (UlidGenerator) {0};
	CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, prev) ==
		  ULID_GEN_OK, "start at 0x7FF");
	for (i = 0; i < 0x800; i++)
	{
		CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
			  ULID_GEN_OK, "step %d", i);
		if (memcmp(out, prev, 16) <= 0 || !ulid_is_uuidv7(out))
			break;
		memcpy(prev, out, 16);
	}
	CHECK(i == 0x800, "2048 increasing UUIDv7s from 0x7FF, stopped at %d", i);
	CHECK(ulid_get_time_ms(prev) == T_V7 && counter(prev) == 0x7FFF,
		  "the 0x800-th step: counter 0xFFF of T, got %04x", counter(prev));
	CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_OK && ulid_get_time_ms(out) == T_V7 + 1 && counter(out) == 0x7000,
		  "then a carry into T+1 with counter 0, got %04x", counter(out));

	/* the ULID layout after a v7 value: plus one, nibble 7 and all */
	CHECK(unit_generate_monotonic(&gen, 1, T_V7, test_fill, out) == ULID_GEN_OK &&
		  counter(out) == 0x7001, "plain after v7: one step, got %04x", counter(out));

	/* v7 after a plain counter below 0x7000: the same millisecond, 0x7000 */
	gen.hi = ((uint64_t) T_V7 << 16) | 0x1234;
	CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_OK && ulid_get_time_ms(out) == T_V7 && counter(out) == 0x7000,
		  "v7 after plain 0x1234: 0x7000 of T, got %04x", counter(out));
	/* ... above 0x7FFF: the next millisecond */
	gen.hi = ((uint64_t) T_V7 << 16) | 0x8000;
	CHECK(ulid_generate_monotonic_in(&gen, 1, T_V7, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_OK && ulid_get_time_ms(out) == T_V7 + 1 && counter(out) == 0x7000,
		  "v7 after plain 0x8000: 0x7000 of T+1, got %04x", counter(out));

	/* exhaustion: the last millisecond's last v7 word, or any above it */
	gen.hi = (ULID_TIME_MAX << 16) | 0x7FFF;
	CHECK(ulid_generate_monotonic_in(&gen, 1, ULID_TIME_MAX, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_EXHAUSTED, "v7 at the last word");
	gen.hi = (ULID_TIME_MAX << 16) | 0x8000;
	CHECK(ulid_generate_monotonic_in(&gen, 1, ULID_TIME_MAX, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_EXHAUSTED, "v7 above the last v7 word");
	CHECK(unit_generate_monotonic(&gen, 1, ULID_TIME_MAX, test_fill, out) == ULID_GEN_OK,
		  "while the ULID layout goes on");
	gen.hi = (ULID_TIME_MAX << 16) | 0x6FFF;
	CHECK(ulid_generate_monotonic_in(&gen, 1, ULID_TIME_MAX, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_OK && counter(out) == 0x7000, "v7 below the last word: 0x7000");
	CHECK(ulid_generate_random_in(&gen, 1, ULID_TIME_MAX + 1, test_fill, ULID_LAYOUT_UUIDV7, out) ==
		  ULID_GEN_TIME_RANGE, "v7 random past the end of time");
}

int
main(void)
{
	test_new_millisecond();
	test_same_millisecond();
	test_clock_back();
	test_counter_overflow_carries();
	test_limits();
	test_random_failure();
	test_failed_refill();
	test_pool_refill();
	test_owner_change();
	test_generate_random();
	test_clock_ms();
	test_too_many_bytes();
	test_uuidv7_layout();
	UNIT_DONE("unit_generator");
}
