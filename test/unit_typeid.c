/*-------------------------------------------------------------------------
 *
 * unit_typeid.c
 *	  Unit tests of typeid.c: the TypeID specification's (0.3) valid and
 *	  invalid vectors, each rule's status, and round trips.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stdint.h>

#include "typeid.h"
#include "unit.h"

/* spec/valid.yml: TypeID, prefix, UUID */
static const struct
{
	const char *typeid;
	const char *prefix;
	const char *uuid;
}			valid[] = {
	{"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
	{"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
	{"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
	{"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
	{"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
	{"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	{"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
	{"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
	{"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
};

/* spec/invalid.yml, with the status of the rule each one breaks */
static const struct
{
	const char *typeid;
	TypeidStatus status;
}			invalid[] = {
	{"PREFIX_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"12345_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"pre.fix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"pr\xc3\xa9" "fix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"  prefix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000", TYPEID_PREFIX_TOO_LONG},
	{"_00000000000000000000000000", TYPEID_EMPTY_PREFIX_SEPARATOR},
	{"_", TYPEID_EMPTY_PREFIX_SEPARATOR},
	{"prefix_1234567890123456789012345", TYPEID_SUFFIX_BAD_LENGTH},
	{"prefix_123456789012345678901234567", TYPEID_SUFFIX_BAD_LENGTH},
	{"prefix_1234567890123456789012345 ", TYPEID_SUFFIX_BAD_CHAR},
	{"prefix_0123456789ABCDEFGHJKMNPQRS", TYPEID_SUFFIX_BAD_CHAR},
	{"prefix_123456789-123456789-123456", TYPEID_SUFFIX_BAD_CHAR},
	{"prefix_ooooooiiiiiiuuuuuuulllllll", TYPEID_SUFFIX_BAD_CHAR},
	{"prefix_i23456789ol23456789oi23456", TYPEID_SUFFIX_BAD_CHAR},
	{"prefix_123456789-0123456789-0123456", TYPEID_SUFFIX_BAD_LENGTH},
	{"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", TYPEID_SUFFIX_OVERFLOW},
	{"_prefix_00000000000000000000000000", TYPEID_PREFIX_UNDERSCORE_EDGE},
	{"prefix__00000000000000000000000000", TYPEID_PREFIX_UNDERSCORE_EDGE},
};

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static void
test_valid_vectors(void)
{
	size_t		i;

	for (i = 0; i < N_ELEMS(valid); i++)
	{
		uint8_t		want[ULID_BINARY_LEN];
		uint8_t		got[ULID_BINARY_LEN];
		char		text[TYPEID_TEXT_MAX];
		size_t		prefix_len = 999;
		size_t		bad_pos = 0;
		size_t		len;
		size_t		plen = strlen(valid[i].prefix);

		unit_hex_to_bytes(valid[i].uuid, want);
		CHECK(typeid_decode(valid[i].typeid, strlen(valid[i].typeid), &prefix_len,
							got, &bad_pos) == TYPEID_OK, "%s parses", valid[i].typeid);
		CHECK(memcmp(got, want, ULID_BINARY_LEN) == 0, "%s: its UUID", valid[i].typeid);
		CHECK(prefix_len == plen && memcmp(valid[i].typeid, valid[i].prefix, plen) == 0,
			  "%s: its prefix", valid[i].typeid);
		CHECK(typeid_check_prefix(valid[i].prefix, plen, &bad_pos) == TYPEID_OK,
			  "prefix \"%s\" is valid", valid[i].prefix);
		len = typeid_encode(valid[i].prefix, plen, want, text);
		CHECK(len == strlen(valid[i].typeid) && memcmp(text, valid[i].typeid, len) == 0,
			  "%s formats back: %.*s", valid[i].typeid, (int) len, text);
	}
}

static void
test_invalid_vectors(void)
{
	size_t		i;

	for (i = 0; i < N_ELEMS(invalid); i++)
	{
		uint8_t		out[ULID_BINARY_LEN];
		size_t		prefix_len = 999;
		size_t		bad_pos = 999;
		TypeidStatus st;

		memset(out, 0xAB, sizeof(out));
		st = typeid_decode(invalid[i].typeid, strlen(invalid[i].typeid), &prefix_len,
						   out, &bad_pos);
		CHECK(st == invalid[i].status, "\"%s\": status %d, want %d",
			  invalid[i].typeid, (int) st, (int) invalid[i].status);
		CHECK(prefix_len == 999 && out[0] == 0xAB && out[15] == 0xAB,
			  "\"%s\": nothing written", invalid[i].typeid);
		if (st == TYPEID_PREFIX_BAD_CHAR || st == TYPEID_SUFFIX_BAD_CHAR)
			CHECK(bad_pos < strlen(invalid[i].typeid), "\"%s\": a position", invalid[i].typeid);
	}
}

/* The offending byte's position, where the status has one */
static void
test_positions(void)
{
	uint8_t		out[ULID_BINARY_LEN];
	size_t		plen;
	size_t		pos = 999;

	CHECK(typeid_decode("ab1_00000000000000000000000000", 30, &plen, out, &pos) ==
		  TYPEID_PREFIX_BAD_CHAR && pos == 2, "prefix digit at 2: %zu", pos);
	CHECK(typeid_decode("ab_0000000000000000000000000U", 29, &plen, out, &pos) ==
		  TYPEID_SUFFIX_BAD_CHAR && pos == 28, "upper case at 28: %zu", pos);
	CHECK(typeid_decode("ab_000000000000000000000000u0", 29, &plen, out, &pos) ==
		  TYPEID_SUFFIX_BAD_CHAR && pos == 27, "u at 27: %zu", pos);
	CHECK(typeid_decode("0000000000000000000000000l", 26, &plen, out, &pos) ==
		  TYPEID_SUFFIX_BAD_CHAR && pos == 25, "l at 25, no prefix: %zu", pos);
}

/* Prefix rules at their edges */
static void
test_prefix_rules(void)
{
	char		p[TYPEID_PREFIX_MAX + 2];
	size_t		pos = 999;

	memset(p, 'a', sizeof(p));
	CHECK(typeid_check_prefix(p, TYPEID_PREFIX_MAX, &pos) == TYPEID_OK, "63 letters");
	CHECK(typeid_check_prefix(p, TYPEID_PREFIX_MAX + 1, &pos) == TYPEID_PREFIX_TOO_LONG,
		  "64 letters");
	CHECK(typeid_check_prefix("", 0, &pos) == TYPEID_OK, "empty");
	CHECK(typeid_check_prefix("a", 1, &pos) == TYPEID_OK, "one letter");
	CHECK(typeid_check_prefix("_", 1, &pos) == TYPEID_PREFIX_UNDERSCORE_EDGE, "just _");
	CHECK(typeid_check_prefix("a__b", 4, &pos) == TYPEID_OK, "inner __");
	CHECK(typeid_check_prefix("a_", 2, &pos) == TYPEID_PREFIX_UNDERSCORE_EDGE, "trailing _");
	CHECK(typeid_check_prefix("{", 1, &pos) == TYPEID_PREFIX_BAD_CHAR && pos == 0,
		  "the byte after z");
	CHECK(typeid_check_prefix("`", 1, &pos) == TYPEID_PREFIX_BAD_CHAR, "the byte before a");
	/* a bad character wins over the length: the length is then of letters */
	memset(p, 'a', sizeof(p));
	p[TYPEID_PREFIX_MAX] = '-';
	CHECK(typeid_check_prefix(p, TYPEID_PREFIX_MAX + 1, &pos) == TYPEID_PREFIX_BAD_CHAR &&
		  pos == TYPEID_PREFIX_MAX, "64 bytes with a bad one");
}

/* Random values and prefixes format and parse back */
static void
test_round_trips(void)
{
	uint64_t	state = UINT64_C(0x243F6A8885A308D3);
	const char *prefixes[] = {"", "user", "a_b", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk"};
	int			i;
	int			bad = 0;

	for (i = 0; i < 40000; i++)
	{
		uint8_t		bin[ULID_BINARY_LEN];
		uint8_t		back[ULID_BINARY_LEN];
		char		text[TYPEID_TEXT_MAX];
		const char *prefix = prefixes[i % 4];
		size_t		plen = strlen(prefix);
		size_t		len;
		size_t		got_plen = 0;
		size_t		pos;
		uint64_t	a = unit_next_random(&state);
		uint64_t	b = unit_next_random(&state);
		size_t		k;

		ulid_store_be64(bin, a);
		ulid_store_be64(bin + 8, b);
		len = typeid_encode(prefix, plen, bin, text);
		for (k = plen; k < len; k++)
			if (text[k] >= 'A' && text[k] <= 'Z')
				bad++;
		if (len != (plen ? plen + 1 : 0) + ULID_TEXT_LEN ||
			typeid_decode(text, len, &got_plen, back, &pos) != TYPEID_OK ||
			got_plen != plen || memcmp(bin, back, ULID_BINARY_LEN) != 0)
			bad++;
	}
	CHECK(bad == 0, "%d of 40000 round trips failed or had upper case", bad);
}

int
main(void)
{
	test_valid_vectors();
	test_invalid_vectors();
	test_positions();
	test_prefix_rules();
	test_round_trips();
	UNIT_DONE("unit_typeid");
}
