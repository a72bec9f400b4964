/*-------------------------------------------------------------------------
 *
 * codec.c
 *	  Crockford base32 encoding and decoding of ULIDs.
 *
 * Both directions work on the ULID as two 64-bit big-endian halves, so each
 * character is one shift and mask; there are no loops over bits and no
 * branches per character on the success path.
 *
 *-------------------------------------------------------------------------
 */
#include "codec.h"

/* Crockford's alphabet: digits and letters without I, L, O and U. */
static const char ulid_alphabet[33] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/*
 * Value of each byte as a base32 digit, upper or lower case; 0xFF for a byte
 * outside the alphabet.  Valid digits are below 32, so OR-ing the values of
 * a whole string tells in one test whether any was invalid.
 */
static const uint8_t ulid_digit_value[256] = {
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	   0,    1,    2,    3,    4,    5,    6,    7,    8,    9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF,   10,   11,   12,   13,   14,   15,   16,   17, 0xFF,   18,   19, 0xFF,   20,   21, 0xFF,
	  22,   23,   24,   25,   26, 0xFF,   27,   28,   29,   30,   31, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF,   10,   11,   12,   13,   14,   15,   16,   17, 0xFF,   18,   19, 0xFF,   20,   21, 0xFF,
	  22,   23,   24,   25,   26, 0xFF,   27,   28,   29,   30,   31, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

#define ULID_INVALID_DIGIT	0xFF

/*
 * Character 0 takes bits 127-125, characters 1-12 the rest of the high half,
 * character 13 straddles the halves (1 bit + 4 bits), and characters 14-25
 * take the 60 remaining bits of the low half.
 */
void
ulid_encode(const uint8_t bin[ULID_BINARY_LEN], char out[ULID_TEXT_LEN])
{
	uint64_t	hi = ulid_load_be64(bin);
	uint64_t	lo = ulid_load_be64(bin + 8);
	int			i;

	out[0] = ulid_alphabet[hi >> 61];
	for (i = 1; i <= 12; i++)
		out[i] = ulid_alphabet[(hi >> (61 - 5 * i)) & 31];
	out[13] = ulid_alphabet[((hi << 4) | (lo >> 60)) & 31];
	for (i = 14; i <= 25; i++)
		out[i] = ulid_alphabet[(lo >> (5 * (25 - i))) & 31];
}

size_t
ulid_find_invalid_char(const char *text, size_t len)
{
	size_t		i;

	for (i = 0; i < len; i++)
		if (ulid_digit_value[(unsigned char) text[i]] == ULID_INVALID_DIGIT)
			break;
	return i;
}

UlidDecodeStatus
ulid_decode(const char *text, size_t len, uint8_t out[ULID_BINARY_LEN],
			size_t *bad_pos)
{
	uint8_t		v[ULID_TEXT_LEN];
	uint8_t		seen = 0;
	uint64_t	hi = 0;
	uint64_t	lo = 0;
	int			i;

	if (len != ULID_TEXT_LEN)
		return ULID_DECODE_BAD_LENGTH;

	for (i = 0; i < ULID_TEXT_LEN; i++)
	{
		v[i] = ulid_digit_value[(unsigned char) text[i]];
		seen |= v[i];
	}

	if (seen >= 32)
	{
		*bad_pos = ulid_find_invalid_char(text, len);
		return ULID_DECODE_BAD_CHAR;
	}

	/* 26 digits hold 130 bits; the top 2 must be zero */
	if (v[0] > 7)
		return ULID_DECODE_OVERFLOW;

	for (i = 0; i <= 12; i++)
		hi = (hi << 5) | v[i];
	hi = (hi << 1) | (v[13] >> 4);
	lo = v[13] & 15;
	for (i = 14; i <= 25; i++)
		lo = (lo << 5) | v[i];

	ulid_store_be64(out, hi);
	ulid_store_be64(out + 8, lo);
	return ULID_DECODE_OK;
}
