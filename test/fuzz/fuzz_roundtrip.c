/*-------------------------------------------------------------------------
 *
 * fuzz_roundtrip.c
 *	  libFuzzer target: encode/decode round trips of arbitrary 16-byte
 *	  values, and sort order.
 *
 * The input is cut into 16-byte values (zero-padded).  Each must encode to
 * 26 alphabet characters with a first digit 0-7, decode back to the same
 * bytes, also from lower case; and two consecutive values must compare as
 * bytes exactly as their texts compare as strings (the point of a ULID).
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "fuzz.h"

static int
sign(int v)
{
	return (v > 0) - (v < 0);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		prev_bin[ULID_BINARY_LEN];
	char		prev_text[ULID_TEXT_LEN];
	size_t		off;

	for (off = 0; off == 0 || off < size; off += ULID_BINARY_LEN)
	{
		uint8_t		bin[ULID_BINARY_LEN] = {0};
		uint8_t		back[ULID_BINARY_LEN];
		char		text[ULID_TEXT_LEN];
		char		lower[ULID_TEXT_LEN];
		size_t		n = size - off < ULID_BINARY_LEN ? size - off : ULID_BINARY_LEN;
		size_t		bad_pos;
		int			i;

		if (size > 0)
			memcpy(bin, data + off, n);

		ulid_encode(bin, text);
		REQUIRE(text[0] >= '0' && text[0] <= '7');
		REQUIRE(ulid_find_invalid_char(text, ULID_TEXT_LEN) == ULID_TEXT_LEN);
		REQUIRE(ulid_decode(text, ULID_TEXT_LEN, back, &bad_pos) == ULID_DECODE_OK);
		REQUIRE(memcmp(back, bin, ULID_BINARY_LEN) == 0);

		for (i = 0; i < ULID_TEXT_LEN; i++)
			lower[i] = (text[i] >= 'A' && text[i] <= 'Z') ? (char) (text[i] - 'A' + 'a') : text[i];
		memset(back, 0, sizeof(back));
		REQUIRE(ulid_decode(lower, ULID_TEXT_LEN, back, &bad_pos) == ULID_DECODE_OK);
		REQUIRE(memcmp(back, bin, ULID_BINARY_LEN) == 0);

		REQUIRE(ulid_get_time_ms(bin) <= ULID_TIME_MAX);

		if (off > 0)
			REQUIRE(sign(memcmp(prev_bin, bin, ULID_BINARY_LEN)) ==
					sign(memcmp(prev_text, text, ULID_TEXT_LEN)));
		memcpy(prev_bin, bin, sizeof(bin));
		memcpy(prev_text, text, sizeof(text));
	}
	return 0;
}
