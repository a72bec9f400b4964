/*-------------------------------------------------------------------------
 *
 * generator.h
 *	  The ULID generator's state machine: monotonic and purely random IDs.
 *
 * The caller supplies the clock reading, the identity of the running process
 * and a source of random bytes, so the state machine is deterministic given
 * its inputs and can be tested with an injected clock and random source.
 * The identity must change in a forked child, so that the child never uses
 * the copy of the state it inherited (ulid_backend.c counts forks for it).
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
#include "layout.h"

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
	ULID_GEN_NO_CLOCK,			/* the clock could not be read */
	ULID_GEN_TIME_RANGE,		/* time before 1970 or above ULID_TIME_MAX */
	ULID_GEN_EXHAUSTED,			/* the last ULID's time and counter were the
								 * largest */
	ULID_GEN_TOO_MANY_BYTES		/* more random bytes asked for than a pool
								 * holds */
} UlidGenStatus;

/*
 * Reads the wall clock into seconds and nanoseconds since the Unix epoch
 * (clock_gettime(CLOCK_REALTIME) in the backend); false on failure, with
 * errno saying why.
 */
typedef bool (*UlidClockRead) (int64_t *sec, int64_t *nsec);

/*
 * The clock's reading in milliseconds since the Unix epoch, into *ms:
 * ULID_GEN_NO_CLOCK if clock_read failed (errno says why),
 * ULID_GEN_TIME_RANGE for a reading before 1970, past the last millisecond
 * a ULID can hold, or with nanoseconds outside 0-999999999; *ms is then
 * unchanged.  The seconds are checked before they are multiplied, so that a
 * huge reading cannot wrap round into range.  Inline, as it runs on every
 * call of the generators.
 */
static inline UlidGenStatus
ulid_clock_ms(UlidClockRead clock_read, uint64_t *ms)
{
	int64_t		sec;
	int64_t		nsec;
	uint64_t	value;

	if (!clock_read(&sec, &nsec))
		return ULID_GEN_NO_CLOCK;
	if (sec < 0 || nsec < 0 || nsec >= 1000000000 ||
		(uint64_t) sec > ULID_TIME_MAX / 1000)
		return ULID_GEN_TIME_RANGE;
	value = (uint64_t) sec * 1000 + (uint64_t) nsec / 1000000;
	if (value > ULID_TIME_MAX)
		return ULID_GEN_TIME_RANGE;
	*ms = value;
	return ULID_GEN_OK;
}

/*
 * The next monotonic ULID of process owner at time now_ms, in layout.  In
 * the ULID layout its 80-bit random field is a 16-bit counter followed by 64
 * random bits (RFC 9562's "fixed bit-length dedicated counter", method 1);
 * in the UUIDv7 layout the version nibble, a 12-bit counter, the variant
 * bits and 62 random bits.  In a millisecond later than the last value's:
 * now_ms, a random counter start (ulid_word_start) and fresh random bits.
 * Otherwise (same millisecond, or the clock went back): the word after the
 * last value's (ulid_word_next), an overflow of the counter carrying into the
 * time field, and fresh random bits.  So the values are strictly increasing,
 * whatever layout each call asks for, and successive values differ in their
 * first 8 bytes, which keeps sorts on abbreviated keys fast.  Those 8 bytes
 * can be predicted: within a millisecond they are the last value's plus one.
 * The last 8 bytes (less the variant bits) are fresh random bits in every
 * value, and cannot be predicted from earlier values.
 */
extern UlidGenStatus ulid_generate_monotonic_in(UlidGenerator *gen, int64_t owner,
												uint64_t now_ms, UlidRandomFill fill,
												UlidLayout layout,
												uint8_t out[ULID_BINARY_LEN]);

/*
 * A ULID of time ms with fresh random bits, independent of the monotonic
 * sequence: 80 in the ULID layout, 74 in the UUIDv7 layout.
 */
extern UlidGenStatus ulid_generate_random_in(UlidGenerator *gen, int64_t owner,
											 uint64_t ms, UlidRandomFill fill,
											 UlidLayout layout,
											 uint8_t out[ULID_BINARY_LEN]);

/*
 * len random bytes of process owner from the state's pool, the one the IDs
 * above draw from, into *bytes: valid until the next call on gen.  For
 * gen_monotonic_ulid(), whose time and counter are shared but whose random
 * bits are not.  ULID_GEN_TOO_MANY_BYTES if len is above ULID_POOL_BYTES:
 * no byte is then taken from the pool or fetched into it.
 */
extern UlidGenStatus ulid_generate_bytes(UlidGenerator *gen, int64_t owner,
										 UlidRandomFill fill, size_t len,
										 const uint8_t **bytes);

#endif							/* ULID_GENERATOR_H */
