/*-------------------------------------------------------------------------
 *
 * typeid.c
 *	  TypeID text: checking a prefix, formatting and parsing.
 *
 * The suffix is the ULID codec's text in lower case.  The codec writes upper
 * case; its alphabet's letters become lower case by setting bit 0x20, which
 * the digits already have.  Its decoder reads either case, so the parser
 * also accepts upper-case letters, which the spec forbids in a suffix: every
 * character of the alphabet has bit 0x20 in lower case (digits included) and
 * none has it in upper case, so one AND over the suffix tells them apart.
 * The parser tries the common case first, a well-formed TypeID whose
 * separator is 27 bytes from the end, and only for text that fails it looks
 * for the rule that failed, so that the errors name the right one.
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "typeid.h"
#include "ulid_assert.h"

TypeidStatus
typeid_check_prefix(const char *prefix, size_t len, size_t *bad_pos)
{
	size_t		i;

	/* characters first, so that a length reported is one of ASCII letters */
	for (i = 0; i < len; i++)
	{
		char		c = prefix[i];

		if (!((c >= 'a' && c <= 'z') || c == '_'))
		{
			*bad_pos = i;
			return TYPEID_PREFIX_BAD_CHAR;
		}
	}
	if (len > TYPEID_PREFIX_MAX)
		return TYPEID_PREFIX_TOO_LONG;
	if (len > 0 && (prefix[0] == '_' || prefix[len - 1] == '_'))
		return TYPEID_PREFIX_UNDERSCORE_EDGE;
	return TYPEID_OK;
}

#define LOWER_BITS	UINT64_C(0x2020202020202020)

/* Sets bit 0x20 of the 26 bytes of s: the alphabet in lower case */
static inline void
suffix_to_lower(char *s)
{
	uint64_t	w[3];

	memcpy(w, s, sizeof(w));
	w[0] |= LOWER_BITS;
	w[1] |= LOWER_BITS;
	w[2] |= LOWER_BITS;
	memcpy(s, w, sizeof(w));
	s[24] |= 0x20;
	s[25] |= 0x20;
}

/* Whether all 26 bytes of s have bit 0x20: for the alphabet, lower case */
static inline int
suffix_is_lower(const char *s)
{
	uint64_t	w[3];

	memcpy(w, s, sizeof(w));
	return ((w[0] & w[1] & w[2]) & LOWER_BITS) == LOWER_BITS &&
		(s[24] & s[25] & 0x20) != 0;
}

size_t
typeid_encode(const char *prefix, size_t len, const uint8_t bin[ULID_BINARY_LEN],
			  char *out)
{
	char	   *suffix = out;

	/* out has room for this much, and the prefix was checked */
	ULID_ASSERT(len <= TYPEID_PREFIX_MAX);
	if (len > 0)
	{
		memcpy(out, prefix, len);
		out[len] = '_';
		suffix = out + len + 1;
	}
	ulid_encode(bin, suffix);
	suffix_to_lower(suffix);
	return (size_t) (suffix - out) + ULID_TEXT_LEN;
}

TypeidStatus
typeid_decode(const char *text, size_t len, size_t *prefix_len,
			  uint8_t out[ULID_BINARY_LEN], size_t *bad_pos)
{
	const char *sep = NULL;
	const char *suffix = text;
	size_t		suffix_len = len;
	size_t		plen = 0;
	size_t		pos = 0;
	TypeidStatus status;
	size_t		i;
	uint8_t		bin[ULID_BINARY_LEN];

	/* the common case: a valid TypeID, with or without a prefix */
	if (len == ULID_TEXT_LEN ||
		(len > ULID_TEXT_LEN + 1 && text[len - ULID_TEXT_LEN - 1] == '_'))
	{
		plen = len == ULID_TEXT_LEN ? 0 : len - ULID_TEXT_LEN - 1;
		suffix = text + len - ULID_TEXT_LEN;
		if (typeid_check_prefix(text, plen, &pos) == TYPEID_OK &&
			ulid_decode(suffix, ULID_TEXT_LEN, bin, &pos) == ULID_DECODE_OK &&
			suffix_is_lower(suffix))
		{
			memcpy(out, bin, ULID_BINARY_LEN);
			*prefix_len = plen;
			return TYPEID_OK;
		}
		plen = 0;
		suffix = text;
	}

	/* which rule failed: the prefix ends at the last underscore */
	for (i = len; i > 0; i--)
	{
		if (text[i - 1] == '_')
		{
			sep = text + i - 1;
			break;
		}
	}
	if (sep != NULL)
	{
		plen = (size_t) (sep - text);
		if (plen == 0)
			return TYPEID_EMPTY_PREFIX_SEPARATOR;
		status = typeid_check_prefix(text, plen, bad_pos);
		if (status != TYPEID_OK)
			return status;
		suffix = sep + 1;
		suffix_len = len - plen - 1;
	}

	if (suffix_len != ULID_TEXT_LEN)
		return TYPEID_SUFFIX_BAD_LENGTH;
	for (i = 0; i < ULID_TEXT_LEN; i++)
	{
		if (suffix[i] >= 'A' && suffix[i] <= 'Z')
		{
			*bad_pos = (size_t) (suffix - text) + i;
			return TYPEID_SUFFIX_BAD_CHAR;
		}
	}
	switch (ulid_decode(suffix, suffix_len, out, &pos))
	{
		case ULID_DECODE_OK:
			break;
		case ULID_DECODE_BAD_CHAR:
			*bad_pos = (size_t) (suffix - text) + pos;
			return TYPEID_SUFFIX_BAD_CHAR;
		case ULID_DECODE_OVERFLOW:
			return TYPEID_SUFFIX_OVERFLOW;
		case ULID_DECODE_BAD_LENGTH:
			return TYPEID_SUFFIX_BAD_LENGTH;
	}
	*prefix_len = plen;
	return TYPEID_OK;
}
