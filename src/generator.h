/*-------------------------------------------------------------------------
 *
 * generator.h
 *	  The ULID generator's state machine: monotonic and purely random IDs.
 *
 * The caller supplies the clock reading, the identity of the running process
 * and a source of random bytes, so the state machine is deterministic given
 * its inputs and can be tested with an injected clock and random source.
 * The identity must change in a forked child, so that the child never uses
 * the copy of the state it inherited (ulid_gen.c counts forks for it).
 * No PostgreSQL headers here.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_GENERATOR_H
#define ULID_GENERATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec.h"

/* Random bytes are fetched in batches of this many IDs' worth. */
#define ULID_POOL_IDS		2048
#define ULID_POOL_BYTES		(ULID_POOL_IDS * ULID_RANDOM_LEN)

/* Fills buf with len random bytes; false on failure. */
typedef bool (*UlidRandomFill) (void *buf, size_t len);

/*
 * All-zero is the initial state: no process owns it, no value has been
 * handed out and the random pool is empty.  A static UlidGenerator therefore
 * needs no initialiser.
 */
typedef struct UlidGenerator
{
	int64_t		owner;			/* process the state below belongs to */
	bool		started;		/* hi holds the last monotonic ULID's */
	uint64_t	hi;				/* time (48 bits) and counter (16 bits) */
	size_t		pool_left;		/* unused bytes at the end of pool */
	uint8_t		pool[ULID_POOL_BYTES];
} UlidGenerator;

typedef enum UlidGenStatus
{
	ULID_GEN_OK,
	ULID_GEN_NO_RANDOM,			/* the random source failed */
	ULID_GEN_TIME_RANGE,		/* time above ULID_TIME_MAX */
	ULID_GEN_EXHAUSTED			/* the last ULID was the largest one */
} UlidGenStatus;

/*
 * The next monotonic ULID of process owner at time now_ms.  Its 80-bit
 * random field is a 16-bit counter followed by 64 random bits (RFC 9562's
 * "fixed bit-length dedicated counter", method 1).  In a millisecond later
 * than the last value's: now_ms, a random counter start below 0x8000 and 64
 * random bits.  Otherwise (same millisecond, or the clock went back): the
 * last value's time and counter plus one, an overflow of the counter carrying
 * into the time field, and 64 fresh random bits.  So the values are strictly
 * increasing, and successive values differ in their first 8 bytes, which keeps
 * sorts on abbreviated keys fast, and the next value cannot be guessed from
 * the last one.
 */
extern UlidGenStatus ulid_generate_monotonic(UlidGenerator *gen, int64_t owner,
											 uint64_t now_ms, UlidRandomFill fill,
											 uint8_t out[ULID_BINARY_LEN]);

/*
 * A ULID of time ms with 80 fresh random bits, independent of the monotonic
 * sequence.
 */
extern UlidGenStatus ulid_generate_random(UlidGenerator *gen, int64_t owner,
										  uint64_t ms, UlidRandomFill fill,
										  uint8_t out[ULID_BINARY_LEN]);

/*
 * len random bytes (at most ULID_POOL_BYTES) of process owner from the
 * state's pool, the one the IDs above draw from, into *bytes: valid until
 * the next call on gen.  For gen_monotonic_ulid(), whose time and counter
 * are shared but whose random bits are not.
 */
extern UlidGenStatus ulid_generate_bytes(UlidGenerator *gen, int64_t owner,
										 UlidRandomFill fill, size_t len,
										 const uint8_t **bytes);

#endif							/* ULID_GENERATOR_H */
