/*-------------------------------------------------------------------------
 *
 * layout.h
 *	  The two layouts of the 80 bits after a ULID's time field: the ULID's
 *	  own and the UUIDv7 one (RFC 9562).
 *
 * ULID_LAYOUT_ULID: all 80 are the generator's (a 16-bit counter and 64
 * random bits in a monotonic value).  ULID_LAYOUT_UUIDV7: the value is also
 * a valid UUIDv7, with the version nibble 7 in the top of byte 6 and the
 * variant bits 10 in the top of byte 8, leaving 74: a 12-bit counter
 * ("rand_a") and 62 random bits in a monotonic value.  The time fields of
 * the two formats are the same 48 bits of milliseconds.
 *
 * The monotonic generators keep a value's first 8 bytes, time and counter,
 * as one big-endian word; in the UUIDv7 layout its 16 bits after the time
 * are 0x7 and the 12-bit counter.  Everything that knows where the version
 * and variant bits are is here.  No PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_LAYOUT_H
#define ULID_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "codec.h"
#include "ulid_assert.h"

typedef enum UlidLayout
{
	ULID_LAYOUT_ULID,
	ULID_LAYOUT_UUIDV7
} UlidLayout;

/* The version nibble 7 in a word, above the 12-bit counter */
#define ULID_V7_VERSION_BITS	UINT64_C(0x7000)

/* Whether word w has the version nibble of the UUIDv7 layout */
static inline bool
ulid_word_is_v7(uint64_t w)
{
	return ((w >> 12) & 0xF) == 7;
}

/*
 * Whether bin is also a valid UUIDv7: version nibble 7 in byte 6 and
 * variant bits 10 in byte 8.
 */
static inline int
ulid_is_uuidv7(const uint8_t bin[ULID_BINARY_LEN])
{
	return (bin[6] >> 4) == 7 && (bin[8] & 0xC0) == 0x80;
}

/*
 * The smallest word of the UUIDv7 layout at or above w, into *ceil: w if its
 * version nibble is 7; w's time and counter 0 if the nibble is below; the
 * next millisecond with counter 0 if above.  False if that would be past the
 * last millisecond.
 */
static inline bool
ulid_v7_word_ceil(uint64_t w, uint64_t *ceil)
{
	unsigned	nibble = (unsigned) (w >> 12) & 0xF;

	if (nibble == 7)
		*ceil = w;
	else if (nibble < 7)
		*ceil = (w & ~UINT64_C(0xFFFF)) | ULID_V7_VERSION_BITS;
	else if ((w >> 16) == ULID_TIME_MAX)
		return false;
	else
		*ceil = (((w >> 16) + 1) << 16) | ULID_V7_VERSION_BITS;
	ULID_ASSERT(*ceil >= w && ulid_word_is_v7(*ceil));
	return true;
}

/*
 * The word that follows last in layout, into *next: last plus one in the
 * ULID layout; in the UUIDv7 layout the smallest UUIDv7 word above last, so
 * that a full 12-bit counter carries into the time field and a word of the
 * other layout (a session that changed its setting, or another backend's
 * word in gen_monotonic_ulid()'s shared state) is followed by a greater one.
 * False, *next unchanged, if there is no such word.
 */
static inline bool
ulid_word_next(uint64_t last, UlidLayout layout, uint64_t *next)
{
	if (last == UINT64_MAX)
		return false;
	if (layout == ULID_LAYOUT_UUIDV7)
		return ulid_v7_word_ceil(last + 1, next);
	*next = last + 1;
	return true;
}

/*
 * The first word of millisecond ms (at most ULID_TIME_MAX) with counter
 * start r: in the ULID layout r's low 15 bits (below 0x8000, at least 32768
 * steps before the counter carries into the time), in the UUIDv7 layout r's
 * low 11 bits (below 0x800, at least 2048 steps before it carries).
 */
static inline uint64_t
ulid_word_start(uint64_t ms, uint16_t r, UlidLayout layout)
{
	ULID_ASSERT(ms <= ULID_TIME_MAX);
	if (layout == ULID_LAYOUT_UUIDV7)
		return (ms << 16) | ULID_V7_VERSION_BITS | (r & 0x07FF);
	return (ms << 16) | (r & 0x7FFF);
}

/* Sets the version nibble 7 in the top of byte 6 */
static inline void
ulid_set_v7_version(uint8_t out[ULID_BINARY_LEN])
{
	out[6] = (uint8_t) ((out[6] & 0x0F) | 0x70);
}

/* Sets the RFC 9562 variant bits, 10, in the top of byte 8 */
static inline void
ulid_set_v7_variant(uint8_t out[ULID_BINARY_LEN])
{
	out[8] = (uint8_t) ((out[8] & 0x3F) | 0x80);
}

/*
 * The ULID of word (a word of layout) and 8 random bytes: word big-endian,
 * then the bytes, the variant bits set over them in the UUIDv7 layout.  The
 * one place where the monotonic generators' values are made, so the one
 * check that each is of its layout.
 */
static inline void
ulid_word_format(uint64_t word, const uint8_t random[8], UlidLayout layout,
				 uint8_t out[ULID_BINARY_LEN])
{
	ulid_store_be64(out, word);
	memcpy(out + 8, random, 8);
	if (layout == ULID_LAYOUT_UUIDV7)
		ulid_set_v7_variant(out);
	ULID_ASSERT(layout != ULID_LAYOUT_UUIDV7 || ulid_is_uuidv7(out));
}

#endif							/* ULID_LAYOUT_H */
