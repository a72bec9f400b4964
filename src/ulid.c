/*-------------------------------------------------------------------------
 *
 * ulid.c
 *	  The ulid type's text and binary I/O, and the casts that are the same
 *	  work: to and from text and bytea.
 *
 * Text is 26 characters of Crockford base32, read case-insensitively and
 * written upper-case; binary is the 16 raw bytes, as for uuid.  The input
 * also reads uuid's text of the same bytes, which the output writes where
 * ulid.output asks for it, so that a dump taken for the SQL edition (whose
 * values are uuids) restores here too.  The codec itself is in
 * libulid/codec.c; this file reports its verdicts as PostgreSQL errors.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xact.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "nodes/nodes.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/snapmgr.h"

#include "compat.h"
#include "ulid.h"

typedef enum UlidOutput
{
	ULID_OUTPUT_ULID,
	ULID_OUTPUT_UUID
} UlidOutput;

static const struct config_enum_entry ulid_output_options[] = {
	{"ulid", ULID_OUTPUT_ULID, false},
	{"uuid", ULID_OUTPUT_UUID, false},
	{NULL, 0, false}
};

/* ulid.output: see ulid_output_as_uuid */
static int	ulid_output = ULID_OUTPUT_ULID;

/*
 * PGC_USERSET, like bytea_output: the role that dumps or subscribes picks
 * it for its own connection (PGOPTIONS, or a conninfo's options).
 */
void
ulid_output_init(void)
{
	DefineCustomEnumVariable("ulid.output",
							 "Sets the text form of ulid values written where nothing can be stored.",
							 "Valid values are \"ulid\" (26 characters of Crockford base32) and \"uuid\" (uuid's text of the same bytes); \"uuid\" applies in read-only transactions and logical decoding only.",
							 &ulid_output,
							 ULID_OUTPUT_ULID,
							 ulid_output_options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
}

/*
 * Whether ulid_out writes uuid's text.  ulid.output = uuid is for pg_dump
 * and logical replication towards the SQL edition, whose input reads uuid's
 * text only; it must never change what is stored, as an index on
 * (col::varchar), a generated column or a default written before 1.7 as
 * (col)::text reach this function too, and the type's output is IMMUTABLE.
 * So it applies only where nothing is written: a read-only transaction
 * that has touched no temporary table (pg_dump's, and a subscription's
 * initial copy, are such) and logical decoding (a walsender's changes, under
 * a historic snapshot).
 */
static inline bool
ulid_output_as_uuid(void)
{
	if (likely(ulid_output == ULID_OUTPUT_ULID))
		return false;
	if (HistoricSnapshotActive())
		return true;
	return XactReadOnly && !(MyXactFlags & XACT_FLAGS_ACCESSEDTEMPNAMESPACE);
}

/*
 * Reports why str is not a ULID, softly where escontext allows it.  The
 * detail names the length, the offending character or the overflow, each in
 * an errdetail() of its own, so that every message can be translated.
 * Length is counted in characters: a 26-character string with a multibyte
 * character in it is reported for that character.
 */
static void
report_bad_ulid_text(const char *str, UlidDecodeStatus status, size_t bad_pos,
					 Node *escontext)
{
	int			len = strlen(str);
	int			nchars = 0;

	if (status == ULID_DECODE_BAD_LENGTH)
	{
		nchars = pg_mbstrlen_with_len(str, len);
		if (nchars == ULID_TEXT_LEN)
		{
			status = ULID_DECODE_BAD_CHAR;
			bad_pos = ulid_find_invalid_char(str, len);
		}
	}

	switch (status)
	{
		case ULID_DECODE_BAD_LENGTH:
			ereturn(escontext,,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type %s: \"%s\"", "ulid", str),
					 errdetail("A ULID has %d characters, but this value has %d.",
							   ULID_TEXT_LEN, nchars)));
			break;
		case ULID_DECODE_BAD_CHAR:
			Assert(bad_pos < (size_t) len);
			{
				int			position = pg_mbstrlen_with_len(str, (int) bad_pos) + 1;
				unsigned char c = (unsigned char) str[bad_pos];

				if (c < 0x20 || c == 0x7F)
					ereturn(escontext,,
							(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
							 errmsg("invalid input syntax for type %s: \"%s\"", "ulid", str),
							 errdetail("Byte 0x%02x at position %d is not a Crockford base32 digit.",
									   c, position),
							 errhint("Crockford base32 digits are 0-9 and A-Z except I, L, O and U.")));
				else
					ereturn(escontext,,
							(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
							 errmsg("invalid input syntax for type %s: \"%s\"", "ulid", str),
							 errdetail("Character \"%.*s\" at position %d is not a Crockford base32 digit.",
									   pg_mblen(str + bad_pos), str + bad_pos, position),
							 errhint("Crockford base32 digits are 0-9 and A-Z except I, L, O and U.")));
			}
			break;
		case ULID_DECODE_OVERFLOW:
			ereturn(escontext,,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type %s: \"%s\"", "ulid", str),
					 errdetail("The value is above the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ: its first character must be 0-7.")));
			break;
		case ULID_DECODE_OK:
			break;
	}
}

PG_FUNCTION_INFO_V1(ulid_in);
Datum
ulid_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	pg_ulid    *result = palloc(sizeof(pg_ulid));
	size_t		len = strlen(str);
	size_t		bad_pos = 0;
	UlidDecodeStatus status;

	status = ulid_decode(str, len, result->data, &bad_pos);
	if (status == ULID_DECODE_OK)
		PG_RETURN_ULID_P(result);

	if (len == ULID_UUID_TEXT_LEN && ulid_decode_uuid(str, len, result->data))
		PG_RETURN_ULID_P(result);
	if (status == ULID_DECODE_BAD_LENGTH &&
		pg_mbstrlen_with_len(str, len) == ULID_UUID_TEXT_LEN)
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: \"%s\"", "ulid", str),
				 errdetail("A ULID of 36 characters is read as uuid's text: 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by hyphens.")));
	report_bad_ulid_text(str, status, bad_pos, fcinfo->context);
	PG_RETURN_NULL();			/* reached only for a soft error */
}

PG_FUNCTION_INFO_V1(ulid_out);
Datum
ulid_out(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	char	   *buf;

	if (unlikely(ulid_output_as_uuid()))
	{
		buf = palloc(ULID_UUID_TEXT_LEN + 1);
		ulid_encode_uuid(ulid->data, buf);
		buf[ULID_UUID_TEXT_LEN] = '\0';
		PG_RETURN_CSTRING(buf);
	}
	buf = palloc(ULID_TEXT_LEN + 1);
	ulid_encode(ulid->data, buf);
	buf[ULID_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(buf);
}

/*
 * Every 16 bytes are a valid ULID, so the only thing to check is the length;
 * it is checked exactly, not just for enough bytes.  Having checked it, the
 * bytes are copied straight from the buffer, and the cursor moved past them
 * as pq_copymsgbytes would (a record's or an array's recv, and COPY, check
 * that an element's bytes were all read): a constant-length memcpy the
 * compiler inlines, rather than a call to pq_copymsgbytes and its memcpy of
 * a variable length.
 */
PG_FUNCTION_INFO_V1(ulid_recv);
Datum
ulid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			nbytes = buf->len - buf->cursor;
	pg_ulid    *result;

	if (nbytes != ULID_BINARY_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length in external ulid value"),
				 errdetail("A binary ULID has %d bytes, but this value has %d.",
						   ULID_BINARY_LEN, nbytes)));

	result = palloc(sizeof(pg_ulid));
	memcpy(result->data, buf->data + buf->cursor, ULID_BINARY_LEN);
	buf->cursor += ULID_BINARY_LEN;
	PG_RETURN_ULID_P(result);
}

/*
 * The 16 bytes as a bytea of exactly their size, built directly:
 * pq_begintypsend would allocate a 1 kB StringInfo for them and copy them
 * through pq_sendbytes.  The bytes are the same.
 */
PG_FUNCTION_INFO_V1(ulid_send);
Datum
ulid_send(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	bytea	   *result = palloc(VARHDRSZ + ULID_BINARY_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_BINARY_LEN);
	memcpy(VARDATA(result), ulid->data, ULID_BINARY_LEN);
	PG_RETURN_BYTEA_P(result);
}

/*
 * The cast to bytea: the binary output's bytes, so its function.  The symbol
 * stays, as the catalog names it (pg_proc.prosrc).
 */
PG_FUNCTION_INFO_V1(ulid_to_bytea);
Datum
ulid_to_bytea(PG_FUNCTION_ARGS)
{
	return ulid_send(fcinfo);
}

/* Any 16 bytes are a ULID; any other length is an error, never truncated. */
PG_FUNCTION_INFO_V1(bytea_to_ulid);
Datum
bytea_to_ulid(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	int			len = VARSIZE_ANY_EXHDR(bytes);
	pg_ulid    *result;

	if (len != ULID_BINARY_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid length for conversion of bytea to ulid"),
				 errdetail("A ULID has %d bytes, but this value has %d.",
						   ULID_BINARY_LEN, len)));

	result = palloc(sizeof(pg_ulid));
	memcpy(result->data, VARDATA_ANY(bytes), ULID_BINARY_LEN);
	PG_RETURN_ULID_P(result);
}

/*
 * The text of a ulid as a text value, and a ulid from a text value: the
 * input and output functions' work without the cstring in between, under
 * names that the SQL edition, whose ulid is a domain over uuid, offers too.
 */
PG_FUNCTION_INFO_V1(ulid_to_text);
Datum
ulid_to_text(PG_FUNCTION_ARGS)
{
	pg_ulid    *ulid = PG_GETARG_ULID_P(0);
	text	   *result = palloc(VARHDRSZ + ULID_TEXT_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_TEXT_LEN);
	ulid_encode(ulid->data, VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(ulid_from_text);
Datum
ulid_from_text(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	pg_ulid    *result = palloc(sizeof(pg_ulid));
	size_t		bad_pos = 0;
	UlidDecodeStatus status;

	status = ulid_decode(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), result->data, &bad_pos);
	if (status != ULID_DECODE_OK)
		report_bad_ulid_text(text_to_cstring(t), status, bad_pos, NULL);
	PG_RETURN_ULID_P(result);
}
