/*-------------------------------------------------------------------------
 *
 * codec.h
 *	  The ULID's binary layout and its Crockford base32 text form.
 *
 * A ULID is 16 bytes: a 48-bit big-endian count of milliseconds since the
 * Unix epoch, then 80 random bits.  Its text form is 26 characters of
 * Crockford base32, most significant first; 26 * 5 = 130 bits, so the first
 * character carries only 3 bits and must be 0-7.
 *
 * This file and codec.c use no PostgreSQL headers, so that unit tests,
 * fuzzers and callgrind can drive them directly.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_CODEC_H
#define ULID_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "ulid_assert.h"

#define ULID_BINARY_LEN		16
#define ULID_TEXT_LEN		26
#define ULID_TIME_LEN		6	/* bytes of the timestamp field */
#define ULID_RANDOM_LEN		10	/* bytes of the random field */
#define ULID_TIME_MAX		((UINT64_C(1) << 48) - 1)
#define ULID_UUID_TEXT_LEN	36	/* uuid's text: 8-4-4-4-12 hex digits */

typedef enum UlidDecodeStatus
{
	ULID_DECODE_OK,
	ULID_DECODE_BAD_LENGTH,		/* not exactly 26 bytes */
	ULID_DECODE_BAD_CHAR,		/* a byte outside the alphabet */
	ULID_DECODE_OVERFLOW		/* first character above '7' */
} UlidDecodeStatus;

/* Offset of the first byte of text[0..len) outside the alphabet, or len */
extern size_t ulid_find_invalid_char(const char *text, size_t len);

/* Writes the 26 upper-case characters of bin to out; adds no terminator. */
extern void ulid_encode(const uint8_t bin[ULID_BINARY_LEN], char out[ULID_TEXT_LEN]);

/*
 * Parses len bytes of text into out.  On ULID_DECODE_BAD_CHAR, *bad_pos is
 * the 0-based offset of the first byte outside the alphabet; out is only
 * written on success.
 */
extern UlidDecodeStatus ulid_decode(const char *text, size_t len,
									uint8_t out[ULID_BINARY_LEN],
									size_t *bad_pos);

/*
 * uuid's text of the same 16 bytes, as core's uuid_out writes it: 32
 * lower-case hexadecimal digits in groups of 8, 4, 4, 4 and 12 joined by
 * hyphens.  Adds no terminator.
 */
extern void ulid_encode_uuid(const uint8_t bin[ULID_BINARY_LEN],
							 char out[ULID_UUID_TEXT_LEN]);

/*
 * Parses exactly that form, digits in either case, into out: 1 on success,
 * 0 (out unwritten) for anything else.
 */
extern int	ulid_decode_uuid(const char *text, size_t len,
							 uint8_t out[ULID_BINARY_LEN]);

/* Big-endian loads and stores of the two 64-bit halves of a ULID. */
static inline uint64_t
ulid_load_be64(const uint8_t *p)
{
	return ((uint64_t) p[0] << 56) | ((uint64_t) p[1] << 48) |
		((uint64_t) p[2] << 40) | ((uint64_t) p[3] << 32) |
		((uint64_t) p[4] << 24) | ((uint64_t) p[5] << 16) |
		((uint64_t) p[6] << 8) | (uint64_t) p[7];
}

static inline void
ulid_store_be64(uint8_t *p, uint64_t v)
{
	p[0] = (uint8_t) (v >> 56);
	p[1] = (uint8_t) (v >> 48);
	p[2] = (uint8_t) (v >> 40);
	p[3] = (uint8_t) (v >> 32);
	p[4] = (uint8_t) (v >> 24);
	p[5] = (uint8_t) (v >> 16);
	p[6] = (uint8_t) (v >> 8);
	p[7] = (uint8_t) v;
}

/*
 * The order of a and b, which is memcmp's, as -1, 0 or 1: the big-endian
 * halves compared as integers, inline (fewer instructions than a call of
 * memcmp and a fold of its result).
 */
static inline int
ulid_compare(const uint8_t a[ULID_BINARY_LEN], const uint8_t b[ULID_BINARY_LEN])
{
	uint64_t	x = ulid_load_be64(a);
	uint64_t	y = ulid_load_be64(b);

	if (x == y)
	{
		x = ulid_load_be64(a + 8);
		y = ulid_load_be64(b + 8);
	}
	return (x > y) - (x < y);
}

/* The timestamp field, in milliseconds since the Unix epoch. */
static inline uint64_t
ulid_get_time_ms(const uint8_t bin[ULID_BINARY_LEN])
{
	return ulid_load_be64(bin) >> 16;
}

/* Stores ms (at most ULID_TIME_MAX) in the timestamp field. */
static inline void
ulid_set_time_ms(uint8_t bin[ULID_BINARY_LEN], uint64_t ms)
{
	ULID_ASSERT(ms <= ULID_TIME_MAX);
	bin[0] = (uint8_t) (ms >> 40);
	bin[1] = (uint8_t) (ms >> 32);
	bin[2] = (uint8_t) (ms >> 24);
	bin[3] = (uint8_t) (ms >> 16);
	bin[4] = (uint8_t) (ms >> 8);
	bin[5] = (uint8_t) ms;
}

#endif							/* ULID_CODEC_H */
