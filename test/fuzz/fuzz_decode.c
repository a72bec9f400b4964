/*-------------------------------------------------------------------------
 *
 * fuzz_decode.c
 *	  libFuzzer target: ulid_decode() and ulid_find_invalid_char() on
 *	  arbitrary bytes.
 *
 * Besides not crashing (ASan, UBSan), each verdict must be the right one:
 * a wrong length is reported only for a length other than 26; a bad
 * character at the first byte outside the alphabet, every byte before it
 * being a digit; an overflow only for a first digit above 7; and an
 * accepted string encodes back to itself in upper case.  A failed check
 * aborts, which libFuzzer reports as a crash with the input saved.
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "fuzz.h"

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* The digit value of c, upper or lower case, or -1 (independent oracle) */
static int
digit_value(unsigned char c)
{
	const char *p;

	if (c == 0)
		return -1;
	if (c >= 'a' && c <= 'z')
		c = (unsigned char) (c - 'a' + 'A');
	p = strchr(alphabet, c);
	return p ? (int) (p - alphabet) : -1;
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	uint8_t		out[ULID_BINARY_LEN];
	uint8_t		canary[ULID_BINARY_LEN];
	size_t		bad_pos = (size_t) -1;
	size_t		first_invalid = size;
	size_t		i;
	UlidDecodeStatus status;

	for (i = 0; i < size; i++)
		if (digit_value(data[i]) < 0)
		{
			first_invalid = i;
			break;
		}
	REQUIRE(ulid_find_invalid_char(text, size) == first_invalid);

	memset(out, 0xA5, sizeof(out));
	memcpy(canary, out, sizeof(out));
	status = ulid_decode(text, size, out, &bad_pos);

	switch (status)
	{
		case ULID_DECODE_BAD_LENGTH:
			REQUIRE(size != ULID_TEXT_LEN);
			REQUIRE(memcmp(out, canary, sizeof(out)) == 0);
			break;
		case ULID_DECODE_BAD_CHAR:
			REQUIRE(size == ULID_TEXT_LEN);
			REQUIRE(first_invalid < size);
			REQUIRE(bad_pos == first_invalid);
			REQUIRE(memcmp(out, canary, sizeof(out)) == 0);
			break;
		case ULID_DECODE_OVERFLOW:
			REQUIRE(size == ULID_TEXT_LEN);
			REQUIRE(first_invalid == size);
			REQUIRE(digit_value(data[0]) > 7);
			REQUIRE(memcmp(out, canary, sizeof(out)) == 0);
			break;
		case ULID_DECODE_OK:
			{
				char		again[ULID_TEXT_LEN];

				REQUIRE(size == ULID_TEXT_LEN);
				REQUIRE(first_invalid == size);
				REQUIRE(digit_value(data[0]) <= 7);
				ulid_encode(out, again);
				for (i = 0; i < ULID_TEXT_LEN; i++)
					REQUIRE(again[i] == alphabet[digit_value(data[i])]);
			}
			break;
		default:
			REQUIRE(!"unknown status");
	}
	return 0;
}
