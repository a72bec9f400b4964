/*-------------------------------------------------------------------------
 *
 * fuzz_typeid.c
 *	  libFuzzer target: typeid_decode on arbitrary bytes, checked against a
 *	  model of the specification's grammar, and formatting back.
 *
 * The model: a TypeID is 26 characters of "0123456789abcdefghjkmnpqrstvwxyz"
 * starting with 0-7, optionally after a prefix matching
 * ^[a-z]([a-z_]{0,61}[a-z])?$ and "_".  Checks: typeid_decode accepts
 * exactly what the model accepts; an accepted text formats back (prefix and
 * 16 bytes) to the same bytes, as the suffix has one spelling per value;
 * a rejected one writes nothing.
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "typeid.h"
#include "fuzz.h"

static bool
model_suffix(const uint8_t *s, size_t len)
{
	static const char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
	size_t		i;

	if (len != 26 || s[0] < '0' || s[0] > '7')
		return false;
	for (i = 0; i < len; i++)
		if (s[i] == 0 || memchr(alphabet, s[i], 32) == NULL)
			return false;
	return true;
}

static bool
model_prefix(const uint8_t *p, size_t len)
{
	size_t		i;

	if (len < 1 || len > 63)
		return false;
	if (p[0] < 'a' || p[0] > 'z' || p[len - 1] < 'a' || p[len - 1] > 'z')
		return false;
	for (i = 0; i < len; i++)
		if (!((p[i] >= 'a' && p[i] <= 'z') || p[i] == '_'))
			return false;
	return true;
}

static bool
model_valid(const uint8_t *data, size_t size, size_t *prefix_len)
{
	size_t		i;

	/* the suffix has no "_": a TypeID with a prefix is prefix_ + 26 */
	if (size == 26)
	{
		*prefix_len = 0;
		return model_suffix(data, size);
	}
	if (size < 28)
		return false;
	i = size - 27;
	*prefix_len = i;
	return data[i] == '_' && model_prefix(data, i) && model_suffix(data + i + 1, 26);
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		bin[ULID_BINARY_LEN];
	char		text[TYPEID_TEXT_MAX];
	size_t		prefix_len = 12345;
	size_t		model_len = 0;
	size_t		bad_pos = 0;
	TypeidStatus st;
	bool		valid;

	memset(bin, 0xA5, sizeof(bin));
	st = typeid_decode((const char *) data, size, &prefix_len, bin, &bad_pos);
	valid = model_valid(data, size, &model_len);
	REQUIRE((st == TYPEID_OK) == valid);
	if (st == TYPEID_OK)
	{
		size_t		len;

		REQUIRE(prefix_len == model_len);
		len = typeid_encode((const char *) data, prefix_len, bin, text);
		REQUIRE(len == size && memcmp(text, data, size) == 0);
	}
	else
	{
		REQUIRE(prefix_len == 12345);
		if (st == TYPEID_PREFIX_BAD_CHAR || st == TYPEID_SUFFIX_BAD_CHAR)
			REQUIRE(bad_pos < size);
	}
	return 0;
}
