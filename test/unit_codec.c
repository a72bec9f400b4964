/*-------------------------------------------------------------------------
 *
 * unit_codec.c
 *	  Unit tests of codec.c: published vectors, every invalid byte, overflow,
 *	  and random round trips checked against a reference encoder; uuid's
 *	  text form; and layout.h's UUIDv7 test.
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>

#include "codec.h"
#include "layout.h"
#include "unit.h"

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/*
 * Published text/binary pairs, each from another implementation's tests or
 * documentation (uuid form where the source gave a uuid).
 */
static const struct
{
	const char *text;
	const char *hex;
	const char *source;
}			vectors[] = {
	{"00000000000000000000000000", "00000000000000000000000000000000", "skeeto/ulid-c tests/tests.c; mdomke/python-ulid tests/test_ulid.py"},
	{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffffffffffffffffffffffffffff", "ulid/spec README.md; skeeto/ulid-c tests/tests.c; dylanhart/ulid-rs src/lib.rs"},
	{"01ARYZ6S41TSV4RRFFQ69G5FAV", "01563DF3-6481-D676-4C61-EFB99302BD5B", "ulid/javascript test/node/uuid.spec.ts"},
	{"01JQ4T23H220KM7X0B3V1109DQ", "0195C9A1-0E22-1027-43F4-0B1EC21025B7", "ulid/javascript test/node/uuid.spec.ts"},
	{"01JQ4T8BHJR0A5YKX7SVTVX0YN", "0195C9A4-2E32-C014-5F4F-A7CEF5BE83D5", "ulid/javascript test/node/uuid.spec.ts"},
	{"01JQ4T8X6CA54VSH0AANN0SWCX", "0195C9A4-74CC-5149-BCC4-0A556A0CF19D", "ulid/javascript test/node/uuid.spec.ts"},
	{"3Q38XWW0Q98GMAD3NHWZM2PZWZ", "771a3bce-02e9-4428-a68e-b1e7e82b7f9f", "dylanhart/ulid-rs src/uuid.rs"},
	{"01DW6SF6P70000000000000000", "016f0d97-9ac7-0000-0000-000000000000", "sudhirj/uulid.go uulid_test.go"},
	{"01FGB414J8PPBVHBMHGSXGS21C", "017c1640-9248-b597-b8ae-91867b0c882c", "scoville/pgsql-ulid README.md"},
	{"01BTGNYV6HRNK8K8VKZASZCFPE", "015ea15f6cd1c56689a373fab3f63ece", "mdomke/python-ulid README.rst"},
	{"01HASFKBN8SKZTSVVS03K5AMMS", "018ab2f9aea8ccffacef7900e6555299", "mdomke/python-ulid README.rst"},
	{"21850M2GA1850M2GA1850M2GA1", "41414141414141414141414141414141", "dylanhart/ulid-rs src/base32.rs"},
	{"2D9RW50MA499CMAGHM6DD42DTP", "4d4e385051444a59454234335a413756", "dylanhart/ulid-rs src/base32.rs"},
};

/* Published text/timestamp pairs */
static const struct
{
	const char *text;
	uint64_t	ms;
	const char *source;
}			times[] = {
	{"01ARYZ6S410000000000000000", UINT64_C(1469918176385), "ulid/javascript test.js; oklog/ulid ulid_test.go"},
	{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", UINT64_C(281474976710655), "ulid/spec README.md"},
	{"0000XSNJG0MQJHBF4QX1EFD6Y3", UINT64_C(1000000000), "oklog/ulid ulid_test.go"},
	{"01DW6SF6P70000000000000000", UINT64_C(1576481036999), "sudhirj/uulid.go uulid_test.go"},
	{"01BTGNYV6HRNK8K8VKZASZCFPE", UINT64_C(1505945939153), "mdomke/python-ulid README.rst"},
	{"01HASFKBN8SKZTSVVS03K5AMMS", UINT64_C(1695219822248), "mdomke/python-ulid README.rst"},
};

/* Strings other implementations' tests reject, and why we must too */
static const struct
{
	const char *text;
	UlidDecodeStatus status;
	size_t		bad_pos;
}			rejects[] = {
	{"", ULID_DECODE_BAD_LENGTH, 0},
	{"2D9RW50MA499CMAGHM6DD42DT", ULID_DECODE_BAD_LENGTH, 0},
	{"2D9RW50MA499CMAGHM6DD42DTPP", ULID_DECODE_BAD_LENGTH, 0},
	{"0123456789ABCDEFGHJKMNPQZZZ", ULID_DECODE_BAD_LENGTH, 0},
	{"80000000000000000000000000", ULID_DECODE_OVERFLOW, 0},
	{"80000000000000000000000001", ULID_DECODE_OVERFLOW, 0},
	{"ZZZZZZZZZZZZZZZZZZZZZZZZZZ", ULID_DECODE_OVERFLOW, 0},
	{"8ZZZZZZZZZABCDEFGHJKMNPQRS", ULID_DECODE_OVERFLOW, 0},
	{"2D9RW50[A499CMAGHM6DD42DTP", ULID_DECODE_BAD_CHAR, 7},
	{"2D9RW50LA499CMAGHM6DD42DTP", ULID_DECODE_BAD_CHAR, 7},
	{"2D9RW50IA499CMAGHM6DD42DTP", ULID_DECODE_BAD_CHAR, 7},
	{"u123456789ABCDEFGHJKMNPQRS", ULID_DECODE_BAD_CHAR, 0},
	{"0123456789ABCDEFGHJKMNPQR#", ULID_DECODE_BAD_CHAR, 25},
	{"01BX73KC0TNH409RTFD1UXKM00", ULID_DECODE_BAD_CHAR, 20},
	{"01ARYZ6S41DUADBUUFDUADBUUF", ULID_DECODE_BAD_CHAR, 11},
	{"notavalidulidnotavalidulid", ULID_DECODE_BAD_CHAR, 1},
	/* Crockford's I/L -> 1 and O -> 0 aliases are rejected, not folded */
	{"1IiLl0Ooabcdefghijklmnopqr", ULID_DECODE_BAD_CHAR, 1},
	{"01BX73KC0TNH409RTFD1JXKmO0", ULID_DECODE_BAD_CHAR, 24},
	/* an invalid character outranks an overflowing first character */
	{"8ZZZZZZZZZZZZZZZZZZZZZZZZU", ULID_DECODE_BAD_CHAR, 25},
};

/*
 * Reference encoder: repeated division of the 128-bit big-endian number by
 * 32, by long division over its bytes (no 128-bit integer type: 32-bit
 * targets have none)
 */
static void
reference_encode(const unsigned char bin[16], char out[26])
{
	unsigned char v[16];
	int			i;
	int			j;

	memcpy(v, bin, 16);
	for (i = 25; i >= 0; i--)
	{
		unsigned int rem = 0;

		for (j = 0; j < 16; j++)
		{
			unsigned int cur = rem * 256 + v[j];

			v[j] = (unsigned char) (cur / 32);
			rem = cur % 32;
		}
		out[i] = alphabet[rem];
	}
}

static void
test_vectors(void)
{
	size_t		i;

	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
	{
		unsigned char expected[16];
		uint8_t		decoded[16];
		char		encoded[26];
		size_t		pos = 0;

		unit_hex_to_bytes(vectors[i].hex, expected);
		ulid_encode(expected, encoded);
		CHECK(memcmp(encoded, vectors[i].text, 26) == 0,
			  "encode %s (%s)", vectors[i].text, vectors[i].source);
		CHECK(ulid_decode(vectors[i].text, 26, decoded, &pos) == ULID_DECODE_OK &&
			  memcmp(decoded, expected, 16) == 0,
			  "decode %s (%s)", vectors[i].text, vectors[i].source);
	}

	for (i = 0; i < sizeof(times) / sizeof(times[0]); i++)
	{
		uint8_t		decoded[16];
		size_t		pos = 0;

		CHECK(ulid_decode(times[i].text, 26, decoded, &pos) == ULID_DECODE_OK &&
			  ulid_get_time_ms(decoded) == times[i].ms,
			  "time of %s (%s)", times[i].text, times[i].source);
	}
}

static void
test_case_insensitive(void)
{
	uint8_t		upper[16];
	uint8_t		lower[16];
	uint8_t		mixed[16];
	size_t		pos = 0;

	CHECK(ulid_decode("2D9RW50MA499CMAGHM6DD42DTP", 26, upper, &pos) == ULID_DECODE_OK, "upper");
	CHECK(ulid_decode("2d9rw50ma499cmaghm6dd42dtp", 26, lower, &pos) == ULID_DECODE_OK, "lower");
	CHECK(ulid_decode("2D9rW50Ma499cMaGHm6Dd42dTP", 26, mixed, &pos) == ULID_DECODE_OK, "mixed");
	CHECK(memcmp(upper, lower, 16) == 0 && memcmp(upper, mixed, 16) == 0,
		  "case changes the value");
}

static void
test_rejects(void)
{
	size_t		i;

	for (i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++)
	{
		uint8_t		out[16];
		uint8_t		untouched[16];
		size_t		pos = 999;
		UlidDecodeStatus status;

		memset(out, 0xA5, 16);
		memset(untouched, 0xA5, 16);
		status = ulid_decode(rejects[i].text, strlen(rejects[i].text), out, &pos);
		CHECK(status == rejects[i].status, "status of \"%s\": %d", rejects[i].text, (int) status);
		if (rejects[i].status == ULID_DECODE_BAD_CHAR)
			CHECK(pos == rejects[i].bad_pos, "position in \"%s\": %zu", rejects[i].text, pos);
		CHECK(memcmp(out, untouched, 16) == 0, "output written for \"%s\"", rejects[i].text);
	}
}

/* Every byte value at several positions: accepted exactly when in the alphabet */
static void
test_every_byte(void)
{
	static const size_t positions[] = {0, 1, 12, 13, 14, 25};
	int			b;
	size_t		p;

	for (b = 0; b < 256; b++)
	{
		int			in_alphabet = b != 0 && (strchr(alphabet, b) != NULL ||
											 (b >= 'a' && b <= 'z' && strchr(alphabet, b - 32) != NULL));

		for (p = 0; p < sizeof(positions) / sizeof(positions[0]); p++)
		{
			char		text[26];
			uint8_t		out[16];
			size_t		pos = 999;
			UlidDecodeStatus status;

			memset(text, '0', 26);
			text[positions[p]] = (char) b;
			status = ulid_decode(text, 26, out, &pos);
			if (!in_alphabet)
				CHECK(status == ULID_DECODE_BAD_CHAR && pos == positions[p],
					  "byte 0x%02x at %zu: status %d pos %zu", b, positions[p], (int) status, pos);
			else if (positions[p] == 0 && (b < '0' || b > '7'))
				CHECK(status == ULID_DECODE_OVERFLOW, "byte '%c' first: status %d", b, (int) status);
			else
				CHECK(status == ULID_DECODE_OK, "byte '%c' at %zu: status %d", b, positions[p], (int) status);
		}
	}
}

/* The largest value and its successor in text */
static void
test_overflow_boundary(void)
{
	uint8_t		out[16];
	size_t		pos = 0;
	int			i;

	CHECK(ulid_decode("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", 26, out, &pos) == ULID_DECODE_OK, "max");
	for (i = 0; i < 16; i++)
		CHECK(out[i] == 0xFF, "max byte %d", i);
	CHECK(ulid_decode("80000000000000000000000000", 26, out, &pos) == ULID_DECODE_OVERFLOW, "max + 1");
}

static void
test_random_round_trips(void)
{
	uint64_t	state = UINT64_C(0x9E3779B97F4A7C15);
	int			n;
	int			bad_encode = 0;
	int			bad_decode = 0;
	int			bad_lower = 0;

	for (n = 0; n < 200000; n++)
	{
		unsigned char bin[16];
		uint8_t		back[16];
		char		text[26];
		char		expected[26];
		size_t		pos = 0;
		uint64_t	a = unit_next_random(&state);
		uint64_t	b = unit_next_random(&state);
		int			i;

		ulid_store_be64(bin, a);
		ulid_store_be64(bin + 8, b);
		ulid_encode(bin, text);
		reference_encode(bin, expected);
		bad_encode += memcmp(text, expected, 26) != 0;
		bad_decode += ulid_decode(text, 26, back, &pos) != ULID_DECODE_OK ||
			memcmp(back, bin, 16) != 0;
		for (i = 0; i < 26; i++)
			if (text[i] >= 'A' && text[i] <= 'Z')
				text[i] += 32;
		bad_lower += ulid_decode(text, 26, back, &pos) != ULID_DECODE_OK ||
			memcmp(back, bin, 16) != 0;
	}
	CHECK(bad_encode == 0, "%d encodings differ from the reference", bad_encode);
	CHECK(bad_decode == 0, "%d round trips failed", bad_decode);
	CHECK(bad_lower == 0, "%d lower-case round trips failed", bad_lower);
}

/* Text order is byte order: encoding preserves comparisons */
static void
test_order_preserved(void)
{
	uint64_t	state = 12345;
	int			n;
	int			bad = 0;

	for (n = 0; n < 100000; n++)
	{
		unsigned char x[16];
		unsigned char y[16];
		char		tx[26];
		char		ty[26];
		int			cb;
		int			ct;

		ulid_store_be64(x, unit_next_random(&state) >> (n % 64));
		ulid_store_be64(x + 8, unit_next_random(&state));
		memcpy(y, x, 16);
		y[n % 16] ^= (unsigned char) (1 << (n % 8));
		ulid_encode(x, tx);
		ulid_encode(y, ty);
		cb = memcmp(x, y, 16);
		ct = memcmp(tx, ty, 26);
		bad += (cb < 0) != (ct < 0) || (cb > 0) != (ct > 0);
	}
	CHECK(bad == 0, "%d pairs ordered differently as text", bad);
}

/*
 * ulid_compare is memcmp's order as -1, 0 or 1: pairs that differ in one bit
 * of any byte (each half, both directions) and equal pairs
 */
static void
test_compare(void)
{
	uint64_t	state = 6789;
	int			n;
	int			bad = 0;
	int			seen[3] = {0, 0, 0};

	for (n = 0; n < 100000; n++)
	{
		unsigned char x[16];
		unsigned char y[16];
		int			want;
		int			got;

		ulid_store_be64(x, unit_next_random(&state) >> (n % 64));
		ulid_store_be64(x + 8, unit_next_random(&state));
		memcpy(y, x, 16);
		if (n % 17 != 0)
			y[n % 16] ^= (unsigned char) (1 << (n % 8));
		want = memcmp(x, y, 16);
		want = (want > 0) - (want < 0);
		got = ulid_compare(x, y);
		bad += got != want || ulid_compare(y, x) != -want;
		seen[got + 1]++;
	}
	CHECK(bad == 0, "%d pairs ordered differently from memcmp", bad);
	CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > 0,
		  "less, equal and greater all met: %d, %d, %d", seen[0], seen[1], seen[2]);
}

/* the UUIDv7 test reads exactly the version nibble and the variant bits */
static void
test_is_uuidv7(void)
{
	unsigned char b[16];
	int			accepted = 0;

	memset(b, 0, sizeof(b));
	b[6] = 0x70;
	b[8] = 0x80;
	CHECK(ulid_is_uuidv7(b), "version 7, variant 10 is a UUIDv7");
	b[8] = 0xBF;
	b[6] = 0x7F;
	CHECK(ulid_is_uuidv7(b), "the other bits of bytes 6 and 8 do not matter");
	/* every value of byte 6's high nibble and byte 8's two high bits */
	for (int v = 0; v < 16; v++)
		for (int var = 0; var < 4; var++)
		{
			b[6] = (unsigned char) (v << 4);
			b[8] = (unsigned char) (var << 6);
			accepted += ulid_is_uuidv7(b) ? 1 : 0;
			CHECK(ulid_is_uuidv7(b) == (v == 7 && var == 2),
				  "version %d, variant %d", v, var);
		}
	CHECK(accepted == 1, "one combination of 64 accepted, got %d", accepted);
}

/*
 * uuid's text: against snprintf's lower-case hex with hyphens after bytes 4,
 * 6, 8 and 10, both ways and in upper case; and every single-character
 * change that leaves the form (a non-digit for a digit, a digit for a
 * hyphen), and every other length, refused with out untouched.
 */
static void
test_uuid_text(void)
{
	uint64_t	state = UINT64_C(0x2545F4914F6CDD1D);
	int			n;
	int			bad_encode = 0;
	int			bad_decode = 0;
	int			accepted_bad = 0;
	int			touched = 0;

	for (n = 0; n < 20000; n++)
	{
		unsigned char bin[16];
		uint8_t		back[16];
		uint8_t		canary[16];
		char		text[ULID_UUID_TEXT_LEN];
		char		expected[ULID_UUID_TEXT_LEN + 1];
		char	   *e = expected;
		int			i;

		ulid_store_be64(bin, unit_next_random(&state));
		ulid_store_be64(bin + 8, unit_next_random(&state));
		for (i = 0; i < 16; i++)
		{
			if (i == 4 || i == 6 || i == 8 || i == 10)
				*e++ = '-';
			snprintf(e, 3, "%02x", bin[i]);
			e += 2;
		}
		ulid_encode_uuid(bin, text);
		bad_encode += memcmp(text, expected, ULID_UUID_TEXT_LEN) != 0;
		bad_decode += !ulid_decode_uuid(text, ULID_UUID_TEXT_LEN, back) ||
			memcmp(back, bin, 16) != 0;
		for (i = 0; i < ULID_UUID_TEXT_LEN; i++)
			if (text[i] >= 'a' && text[i] <= 'f')
				text[i] -= 32;
		bad_decode += !ulid_decode_uuid(text, ULID_UUID_TEXT_LEN, back) ||
			memcmp(back, bin, 16) != 0;

		i = n % ULID_UUID_TEXT_LEN;
		text[i] = (text[i] == '-') ? "0123456789abcdef"[n % 16] : "-gG/:@`{ "[n % 9];
		memset(canary, 0xA5, 16);
		memcpy(back, canary, 16);
		accepted_bad += ulid_decode_uuid(text, ULID_UUID_TEXT_LEN, back);
		touched += memcmp(back, canary, 16) != 0;
		accepted_bad += ulid_decode_uuid(expected, n % ULID_UUID_TEXT_LEN, back);
		accepted_bad += ulid_decode_uuid(expected, ULID_UUID_TEXT_LEN + 1, back);
	}
	CHECK(bad_encode == 0, "%d uuid texts differ from snprintf's", bad_encode);
	CHECK(bad_decode == 0, "%d uuid text round trips failed", bad_decode);
	CHECK(accepted_bad == 0, "%d texts off uuid's form accepted", accepted_bad);
	CHECK(touched == 0, "%d refusals wrote out", touched);
}

int
main(void)
{
	test_vectors();
	test_case_insensitive();
	test_rejects();
	test_every_byte();
	test_overflow_boundary();
	test_random_round_trips();
	test_order_preserved();
	test_compare();
	test_uuid_text();
	test_is_uuidv7();
	UNIT_DONE("unit_codec");
}
