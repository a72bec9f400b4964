/*-------------------------------------------------------------------------
 *
 * codec.c
 *	  Crockford base32 encoding and decoding of ULIDs.
 *
 * Both directions work on the ULID as two 64-bit big-endian halves, so each
 * character is one shift and mask; there are no loops over bits and no
 * branches per character on the success path.
 *
 * uuid's text form, which the SQL edition's values print as, is at the end.
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "codec.h"
#include "ulid_assert.h"

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
 * take the 60 remaining bits of the low half.  Written out, since compilers
 * at -O2 keep a loop over variable shifts as a loop: 26 shift-mask-load-store
 * groups and nothing else.
 */
void
ulid_encode(const uint8_t bin[ULID_BINARY_LEN], char out[ULID_TEXT_LEN])
{
	const char *a = ulid_alphabet;
	uint64_t	hi = ulid_load_be64(bin);
	uint64_t	lo = ulid_load_be64(bin + 8);

	out[0] = a[hi >> 61];
	out[1] = a[(hi >> 56) & 31];
	out[2] = a[(hi >> 51) & 31];
	out[3] = a[(hi >> 46) & 31];
	out[4] = a[(hi >> 41) & 31];
	out[5] = a[(hi >> 36) & 31];
	out[6] = a[(hi >> 31) & 31];
	out[7] = a[(hi >> 26) & 31];
	out[8] = a[(hi >> 21) & 31];
	out[9] = a[(hi >> 16) & 31];
	out[10] = a[(hi >> 11) & 31];
	out[11] = a[(hi >> 6) & 31];
	out[12] = a[(hi >> 1) & 31];
	out[13] = a[((hi << 4) | (lo >> 60)) & 31];
	out[14] = a[(lo >> 55) & 31];
	out[15] = a[(lo >> 50) & 31];
	out[16] = a[(lo >> 45) & 31];
	out[17] = a[(lo >> 40) & 31];
	out[18] = a[(lo >> 35) & 31];
	out[19] = a[(lo >> 30) & 31];
	out[20] = a[(lo >> 25) & 31];
	out[21] = a[(lo >> 20) & 31];
	out[22] = a[(lo >> 15) & 31];
	out[23] = a[(lo >> 10) & 31];
	out[24] = a[(lo >> 5) & 31];
	out[25] = a[lo & 31];
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

/*
 * Adds the digit text[i] to acc, and its value to seen (an invalid digit's
 * 0xFF shows there however acc turns out).
 */
#define ULID_DIGIT(acc, i) \
	(d = ulid_digit_value[(unsigned char) text[i]], seen |= d, \
	 (acc) = ((acc) << 5) | d)

/*
 * One pass over the text, written out like the encoder: each character is a
 * load, a table lookup, and an OR into both seen and the accumulator.
 * Validity is tested once at the end; a bad input only wasted the work.
 */
UlidDecodeStatus
ulid_decode(const char *text, size_t len, uint8_t out[ULID_BINARY_LEN],
			size_t *bad_pos)
{
	uint64_t	hi = 0;
	uint64_t	lo = 0;
	uint64_t	d;
	uint8_t		seen = 0;

	if (len != ULID_TEXT_LEN)
		return ULID_DECODE_BAD_LENGTH;

	/*
	 * Characters 0-12 carry 65 bits and 13 one more: the top 2 fall off the
	 * high half, and the overflow test below makes sure they were 0.
	 */
	ULID_DIGIT(hi, 0);
	ULID_DIGIT(hi, 1);
	ULID_DIGIT(hi, 2);
	ULID_DIGIT(hi, 3);
	ULID_DIGIT(hi, 4);
	ULID_DIGIT(hi, 5);
	ULID_DIGIT(hi, 6);
	ULID_DIGIT(hi, 7);
	ULID_DIGIT(hi, 8);
	ULID_DIGIT(hi, 9);
	ULID_DIGIT(hi, 10);
	ULID_DIGIT(hi, 11);
	ULID_DIGIT(hi, 12);
	/* character 13: 1 bit for the high half, 4 for the low */
	ULID_DIGIT(lo, 13);
	hi = (hi << 1) | (lo >> 4);
	lo &= 15;
	ULID_DIGIT(lo, 14);
	ULID_DIGIT(lo, 15);
	ULID_DIGIT(lo, 16);
	ULID_DIGIT(lo, 17);
	ULID_DIGIT(lo, 18);
	ULID_DIGIT(lo, 19);
	ULID_DIGIT(lo, 20);
	ULID_DIGIT(lo, 21);
	ULID_DIGIT(lo, 22);
	ULID_DIGIT(lo, 23);
	ULID_DIGIT(lo, 24);
	ULID_DIGIT(lo, 25);

	if (seen >= 32)
	{
		*bad_pos = ulid_find_invalid_char(text, len);
		ULID_ASSERT(*bad_pos < len);
		return ULID_DECODE_BAD_CHAR;
	}

	/* 26 digits hold 130 bits; the top 2 must be zero */
	if (ulid_digit_value[(unsigned char) text[0]] > 7)
		return ULID_DECODE_OVERFLOW;

	ulid_store_be64(out, hi);
	ulid_store_be64(out + 8, lo);
	return ULID_DECODE_OK;
}

static const char ulid_hex_digits[17] = "0123456789abcdef";

/* Where uuid's text has a hyphen: after 8, 12, 16 and 20 digits */
#define ULID_UUID_HYPHEN(i)	((i) == 8 || (i) == 13 || (i) == 18 || (i) == 23)

void
ulid_encode_uuid(const uint8_t bin[ULID_BINARY_LEN], char out[ULID_UUID_TEXT_LEN])
{
	int			i;
	int			o = 0;

	for (i = 0; i < ULID_BINARY_LEN; i++)
	{
		if (ULID_UUID_HYPHEN(o))
			out[o++] = '-';
		out[o++] = ulid_hex_digits[bin[i] >> 4];
		out[o++] = ulid_hex_digits[bin[i] & 15];
	}
	ULID_ASSERT(o == ULID_UUID_TEXT_LEN);
}

/* The value of a hexadecimal digit in either case, or -1 */
static int
ulid_hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
ulid_decode_uuid(const char *text, size_t len, uint8_t out[ULID_BINARY_LEN])
{
	uint8_t		bin[ULID_BINARY_LEN];
	int			i;
	int			n = 0;

	if (len != ULID_UUID_TEXT_LEN)
		return 0;
	for (i = 0; i < ULID_UUID_TEXT_LEN; i++)
	{
		int			d;

		if (ULID_UUID_HYPHEN(i))
		{
			if (text[i] != '-')
				return 0;
			continue;
		}
		d = ulid_hex_value(text[i]);
		if (d < 0)
			return 0;
		if (n % 2 == 0)
			bin[n / 2] = (uint8_t) (d << 4);
		else
			bin[n / 2] |= (uint8_t) d;
		n++;
	}
	ULID_ASSERT(n == 2 * ULID_BINARY_LEN);
	memcpy(out, bin, ULID_BINARY_LEN);
	return 1;
}
