/*-------------------------------------------------------------------------
 *
 * typeid.h
 *	  TypeID text (specification 0.3, github.com/jetify-com/typeid): a
 *	  type prefix, an underscore and a ULID's 26 characters in lower case.
 *
 * A TypeID is "prefix_suffix", or just "suffix" when the prefix is empty.
 * The prefix has at most 63 characters, lower-case a-z and underscores, and
 * neither starts nor ends with an underscore.  The suffix is the 16 bytes in
 * the ULID's base32 (codec.h), lower case only, first character 0-7.  The
 * prefix is what comes before the last underscore, as the suffix has none.
 * No PostgreSQL headers here.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_TYPEID_H
#define ULID_TYPEID_H

#include <stddef.h>
#include <stdint.h>

#include "codec.h"

#define TYPEID_PREFIX_MAX	63
/* the longest TypeID: prefix, separator and suffix */
#define TYPEID_TEXT_MAX		(TYPEID_PREFIX_MAX + 1 + ULID_TEXT_LEN)

/* Why a prefix or a TypeID is invalid; each is one rule of the spec */
typedef enum TypeidStatus
{
	TYPEID_OK,
	TYPEID_PREFIX_TOO_LONG,		/* more than 63 characters */
	TYPEID_PREFIX_BAD_CHAR,		/* a byte other than a-z and _ */
	TYPEID_PREFIX_UNDERSCORE_EDGE,	/* starts or ends with _ */
	TYPEID_EMPTY_PREFIX_SEPARATOR,	/* "_" with nothing before it */
	TYPEID_SUFFIX_BAD_LENGTH,	/* not 26 bytes after the separator */
	TYPEID_SUFFIX_BAD_CHAR,		/* outside the lower-case alphabet */
	TYPEID_SUFFIX_OVERFLOW		/* first character above 7 */
} TypeidStatus;

/*
 * Checks len bytes of prefix against the prefix rules (empty is valid).  On
 * TYPEID_PREFIX_BAD_CHAR, *bad_pos is the offset of the first bad byte.
 */
extern TypeidStatus typeid_check_prefix(const char *prefix, size_t len,
										size_t *bad_pos);

/*
 * Writes the TypeID of prefix (len bytes, already checked) and bin to out,
 * which has room for len + 1 + ULID_TEXT_LEN bytes; returns the length
 * written, adding no terminator.
 */
extern size_t typeid_encode(const char *prefix, size_t len,
							const uint8_t bin[ULID_BINARY_LEN], char *out);

/*
 * Parses len bytes of text as a TypeID: the prefix is text[0..*prefix_len)
 * and the suffix's 16 bytes go to out, both only on TYPEID_OK.  On a bad
 * character (prefix or suffix), *bad_pos is its offset in text.
 */
extern TypeidStatus typeid_decode(const char *text, size_t len,
								  size_t *prefix_len,
								  uint8_t out[ULID_BINARY_LEN],
								  size_t *bad_pos);

#endif							/* ULID_TYPEID_H */
