/*-------------------------------------------------------------------------
 *
 * codec_bench.c
 *	  Drives one operation of the pure code CALLS times, for callgrind to
 *	  count the instructions each call takes.
 *
 * Usage: codec_bench encode|decode|gen_same_ms|gen_new_ms|gen_random
 *        |gen_same_ms_v7|gen_new_ms_v7|gen_random_v7|typeid_encode|typeid_decode
 *
 * The _v7 generator operations are the same in the UUIDv7 layout (the
 * ulid.uuidv7 setting); the typeid ones format and parse TypeIDs of prefix
 * "user" (bench/uuidv7.sh compares them with encode and decode).
 *
 * Inputs vary from call to call (a fixed xorshift sequence), so every run
 * counts the same instructions.  The random source is a copy of bytes made
 * in advance: what pg_strong_random costs is PostgreSQL's, and the SQL
 * benchmark measures it; what is counted here is the state machine.
 *
 *-------------------------------------------------------------------------
 */
#include <stdio.h>
#include <string.h>

#include "codec.h"
#include "generator.h"
#include "typeid.h"

#define CALLS 100000

static uint64_t xorshift_state = UINT64_C(0x9E3779B97F4A7C15);

static uint64_t
xorshift64(void)
{
	xorshift_state ^= xorshift_state << 13;
	xorshift_state ^= xorshift_state >> 7;
	xorshift_state ^= xorshift_state << 17;
	return xorshift_state;
}

/*
 * The random source: copies of one pool of xorshift bytes made in advance,
 * so that what is counted is the state machine, not the source.
 */
static uint8_t random_pool[ULID_POOL_BYTES];

static bool
pool_fill(void *buf, size_t len)
{
	memcpy(buf, random_pool, len < sizeof(random_pool) ? len : sizeof(random_pool));
	return true;
}

/* inputs are prepared before the measured loop, so it holds the calls only */
static uint8_t bins[CALLS][ULID_BINARY_LEN];
static char texts[CALLS][ULID_TEXT_LEN];
static char typeids[CALLS][TYPEID_TEXT_MAX];
static UlidGenerator generator;

/*
 * The measured loop: callgrind counts only inside this function, which must
 * therefore stay a function of its own
 */
__attribute__((noinline)) static int
measure(const char *op)
{
	int			i;
	size_t		oplen = strlen(op);
	UlidLayout	layout = ULID_LAYOUT_ULID;
	char		base[32];

	/* a _v7 suffix: the same operation in the UUIDv7 layout */
	if (oplen > 3 && oplen < sizeof(base) && strcmp(op + oplen - 3, "_v7") == 0)
	{
		memcpy(base, op, oplen - 3);
		base[oplen - 3] = '\0';
		op = base;
		layout = ULID_LAYOUT_UUIDV7;
	}

	if (strcmp(op, "encode") == 0)
	{
		for (i = 0; i < CALLS; i++)
			ulid_encode(bins[i], texts[i]);
	}
	else if (strcmp(op, "decode") == 0)
	{
		size_t		bad_pos;

		for (i = 0; i < CALLS; i++)
			if (ulid_decode(texts[i], ULID_TEXT_LEN, bins[i], &bad_pos) != ULID_DECODE_OK)
				return 1;
	}
	else if (strcmp(op, "gen_same_ms") == 0 || strcmp(op, "gen_new_ms") == 0)
	{
		uint64_t	step = strcmp(op, "gen_new_ms") == 0;

		for (i = 0; i < CALLS; i++)
			if (ulid_generate_monotonic_in(&generator, 1, UINT64_C(1764460800000) + i * step,
										   pool_fill, layout, bins[i]) != ULID_GEN_OK)
				return 1;
	}
	else if (strcmp(op, "gen_random") == 0)
	{
		for (i = 0; i < CALLS; i++)
			if (ulid_generate_random_in(&generator, 1, UINT64_C(1764460800000),
										pool_fill, layout, bins[i]) != ULID_GEN_OK)
				return 1;
	}
	else if (strcmp(op, "typeid_encode") == 0)
	{
		for (i = 0; i < CALLS; i++)
			typeid_encode("user", 4, bins[i], typeids[i]);
	}
	else if (strcmp(op, "typeid_decode") == 0)
	{
		size_t		prefix_len;
		size_t		bad_pos;

		for (i = 0; i < CALLS; i++)
			if (typeid_decode(typeids[i], 4 + 1 + ULID_TEXT_LEN, &prefix_len, bins[i],
							  &bad_pos) != TYPEID_OK)
				return 1;
	}
	else
	{
		fprintf(stderr, "usage: codec_bench encode|decode|gen_same_ms|gen_new_ms|gen_random"
				"|gen_same_ms_v7|gen_new_ms_v7|gen_random_v7|typeid_encode|typeid_decode\n");
		return 2;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";
	uint64_t	check = 0;
	int			status;
	int			i;

	for (i = 0; i < (int) sizeof(random_pool); i++)
		random_pool[i] = (uint8_t) xorshift64();
	for (i = 0; i < CALLS; i++)
	{
		ulid_store_be64(bins[i], xorshift64() & ~(UINT64_C(0xFF) << 56));
		ulid_store_be64(bins[i] + 8, xorshift64());
		ulid_encode(bins[i], texts[i]);
		typeid_encode("user", 4, bins[i], typeids[i]);
	}

	status = measure(op);
	if (status != 0)
		return status;

	/* use the results, so the calls cannot be optimised away */
	for (i = 0; i < CALLS; i++)
		check += bins[i][15] + (uint8_t) texts[i][25];
	printf("%s: %d calls (check %llu)\n", op, CALLS, (unsigned long long) check);
	return 0;
}
