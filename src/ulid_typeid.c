/*-------------------------------------------------------------------------
 *
 * ulid_typeid.c
 *	  TypeID text of ulid values: ulid_to_typeid(), ulid_from_typeid() and
 *	  typeid_prefix().
 *
 * The rules are in libulid/typeid.c; this file reports their verdicts as
 * errors, with SQLSTATE 22P02 and a detail naming the rule that failed.  The
 * text arguments are read in place (no copy, no terminator needed); a copy
 * is made only for an error message.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "mb/pg_wchar.h"
#include "utils/builtins.h"

#include "compat.h"
#include "libulid/typeid.h"
#include "ulid.h"

/* The message of an invalid TypeID, or of an invalid prefix alone */
static int
errmsg_invalid_typeid(bool is_prefix, const char *value)
{
	if (is_prefix)
		return errmsg("invalid TypeID prefix: \"%s\"", value);
	return errmsg("invalid TypeID: \"%s\"", value);
}

/*
 * Reports why str (len bytes) is not a TypeID, or, if is_prefix, not a
 * TypeID prefix.  bad_pos is the offset of the offending byte for the
 * *_BAD_CHAR statuses.
 */
static void
report_bad_typeid(bool is_prefix, const char *str, size_t len,
				  TypeidStatus status, size_t bad_pos)
{
	char	   *value = pnstrdup(str, len);
	int			position = 0;
	int			charlen = 0;

	if (status == TYPEID_PREFIX_BAD_CHAR || status == TYPEID_SUFFIX_BAD_CHAR)
	{
		position = pg_mbstrlen_with_len(value, (int) bad_pos) + 1;
		charlen = pg_mblen(value + bad_pos);
	}

	switch (status)
	{
		case TYPEID_PREFIX_TOO_LONG:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("A TypeID prefix has at most %d characters.",
							   TYPEID_PREFIX_MAX)));
			break;
		case TYPEID_PREFIX_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("Character \"%.*s\" at position %d is not allowed in a TypeID prefix, which has only lower-case letters a-z and underscores.",
							   charlen, value + bad_pos, position)));
			break;
		case TYPEID_PREFIX_UNDERSCORE_EDGE:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("A TypeID prefix cannot start or end with an underscore.")));
			break;
		case TYPEID_EMPTY_PREFIX_SEPARATOR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("A TypeID with an empty prefix has no separator \"_\".")));
			break;
		case TYPEID_SUFFIX_BAD_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("A TypeID suffix has %d characters.", ULID_TEXT_LEN)));
			break;
		case TYPEID_SUFFIX_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("Character \"%.*s\" at position %d is not allowed in a TypeID suffix.",
							   charlen, value + bad_pos, position),
					 errhint("A TypeID suffix has only the characters 0-9 and a-z except i, l, o and u, in lower case.")));
			break;
		case TYPEID_SUFFIX_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg_invalid_typeid(is_prefix, value),
					 errdetail("The first character of a TypeID suffix must be 0-7, as it encodes 128 bits.")));
			break;
		case TYPEID_OK:
			break;
	}
	elog(ERROR, "unexpected TypeID status %d", (int) status);
}

/*
 * The ulid of TypeID t, its prefix's length into *prefix_len; an error if t
 * is not a TypeID.
 */
static pg_ulid *
parse_typeid(text *t, size_t *prefix_len)
{
	const char *str = VARDATA_ANY(t);
	size_t		len = VARSIZE_ANY_EXHDR(t);
	pg_ulid    *result = palloc(sizeof(pg_ulid));
	size_t		bad_pos = 0;
	TypeidStatus status;

	status = typeid_decode(str, len, prefix_len, result->data, &bad_pos);
	if (unlikely(status != TYPEID_OK))
		report_bad_typeid(false, str, len, status, bad_pos);
	return result;
}

/* ulid_to_typeid(ulid, prefix text): the TypeID of the value with prefix */
PG_FUNCTION_INFO_V1(ulid_to_typeid);
Datum
ulid_to_typeid(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	text	   *prefix = PG_GETARG_TEXT_PP(1);
	const char *pstr = VARDATA_ANY(prefix);
	size_t		plen = VARSIZE_ANY_EXHDR(prefix);
	size_t		bad_pos = 0;
	TypeidStatus status;
	text	   *result;
	size_t		len;

	status = typeid_check_prefix(pstr, plen, &bad_pos);
	if (unlikely(status != TYPEID_OK))
		report_bad_typeid(true, pstr, plen, status, bad_pos);

	result = palloc(VARHDRSZ + plen + 1 + ULID_TEXT_LEN);
	len = typeid_encode(pstr, plen, ulid->data, VARDATA(result));
	Assert(len <= plen + 1 + ULID_TEXT_LEN);
	SET_VARSIZE(result, VARHDRSZ + len);
	PG_RETURN_TEXT_P(result);
}

/* ulid_from_typeid(text): the ulid of a TypeID of any prefix */
PG_FUNCTION_INFO_V1(ulid_from_typeid);
Datum
ulid_from_typeid(PG_FUNCTION_ARGS)
{
	size_t		prefix_len;

	PG_RETURN_ULID_P(parse_typeid(PG_GETARG_TEXT_PP(0), &prefix_len));
}

/*
 * ulid_from_typeid(text, prefix text): the ulid of a TypeID, which must have
 * that prefix (an empty one: none)
 */
PG_FUNCTION_INFO_V1(ulid_from_typeid_prefix);
Datum
ulid_from_typeid_prefix(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	text	   *want = PG_GETARG_TEXT_PP(1);
	size_t		prefix_len;
	pg_ulid    *result = parse_typeid(t, &prefix_len);
	size_t		want_len = VARSIZE_ANY_EXHDR(want);

	if (prefix_len != want_len ||
		memcmp(VARDATA_ANY(t), VARDATA_ANY(want), want_len) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid TypeID: \"%s\"", text_to_cstring(t)),
				 errdetail("Its prefix is \"%.*s\", but \"%s\" is required.",
						   (int) prefix_len, VARDATA_ANY(t), text_to_cstring(want))));
	PG_RETURN_ULID_P(result);
}

/* typeid_prefix(text): the prefix of a TypeID, empty if it has none */
PG_FUNCTION_INFO_V1(typeid_prefix);
Datum
typeid_prefix(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	size_t		prefix_len;

	(void) parse_typeid(t, &prefix_len);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(t), (int) prefix_len));
}
