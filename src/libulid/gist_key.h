/*-------------------------------------------------------------------------
 *
 * gist_key.h
 *	  The key of ulid's GiST operator class: a closed range of ULIDs.
 *
 * A leaf entry holds one ULID as the range [value, value]; an inner entry
 * holds the smallest range that covers every entry below it.  Bounds are
 * the 16 big-endian ULID bytes, so memcmp order is ULID order.
 *
 * This file and gist_key.c use no PostgreSQL headers, so the unit tests
 * (test/unit_gist.c) drive them directly; src/ulid_gist.c is the fmgr glue.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_GIST_KEY_H
#define ULID_GIST_KEY_H

#include <stdbool.h>
#include <stdint.h>

#include "codec.h"

/* 32 bytes, no padding: the STORAGE type ulid_gist_key of the SQL script */
typedef struct UlidGistKey
{
	uint8_t		lower[ULID_BINARY_LEN];
	uint8_t		upper[ULID_BINARY_LEN];
} UlidGistKey;

#define ULID_GIST_KEY_LEN	(2 * ULID_BINARY_LEN)

/*
 * Strategy numbers of the operator class: btree's 1-5 and btree_gist's 6
 * for <>, so the same numbers mean the same operators in both extensions.
 */
#define ULID_GIST_LT		1
#define ULID_GIST_LE		2
#define ULID_GIST_EQ		3
#define ULID_GIST_GE		4
#define ULID_GIST_GT		5
#define ULID_GIST_NE		6
#define ULID_GIST_INVALID	0

/*
 * PostgreSQL 18's CompareType values (access/cmptype.h), which GiST support
 * function 12 translates to strategy numbers; ulid_gist.c checks them
 * against the server's header where it has one.
 */
#define ULID_COMPARE_LT		1
#define ULID_COMPARE_LE		2
#define ULID_COMPARE_EQ		3
#define ULID_COMPARE_GE		4
#define ULID_COMPARE_GT		5
#define ULID_COMPARE_NE		6

/* The leaf key of one ULID: [value, value] */
extern void ulid_gist_key_leaf(UlidGistKey *key, const uint8_t value[ULID_BINARY_LEN]);

/* Widens *into to cover key as well */
extern void ulid_gist_key_extend(UlidGistKey *into, const UlidGistKey *key);

/* True when both keys have the same bounds */
extern bool ulid_gist_key_same(const UlidGistKey *a, const UlidGistKey *b);

/*
 * True when some ULID v in [key->lower, key->upper] may satisfy
 * "v <strategy> query"; for a leaf key (lower = upper) that is exactly the
 * operator's answer, so the index needs no recheck.  An unknown strategy
 * is never satisfied.
 */
extern bool ulid_gist_key_consistent(const UlidGistKey *key,
									 const uint8_t query[ULID_BINARY_LEN],
									 int strategy);

/*
 * The cost of adding key add to the subtree of key orig: 0 when orig
 * already covers add, else the share of the widened range that is new,
 * in (0, 1].  The bounds are subtracted as exact 128-bit integers before
 * any rounding, so ULIDs of one millisecond that differ only in their low
 * random bits still get different, non-zero penalties.
 */
extern double ulid_gist_key_penalty(const UlidGistKey *orig, const UlidGistKey *add);

/*
 * The same as GiST's float penalty: 0 when orig already covers add, else
 * FLT_MIN plus the share rounded to a float, as btree_gist's penalty_num
 * does.  So any growth costs at least FLT_MIN, the smallest normal float.
 * A share below FLT_MIN (down to 2^-128, for one value added to the whole
 * range) would otherwise round to a subnormal float, and to zero, "no
 * growth", when flush-to-zero is on, as a library built with -ffast-math
 * can turn it on for the whole process.
 */
extern float ulid_gist_key_penalty_float(const UlidGistKey *orig, const UlidGistKey *add);

/* Order for sorting keys before a split: by lower bound, then upper */
extern int	ulid_gist_key_cmp(const UlidGistKey *a, const UlidGistKey *b);

/* The strategy number of a CompareType, or ULID_GIST_INVALID */
extern int	ulid_gist_cmptype_strategy(int cmptype);

#endif							/* ULID_GIST_KEY_H */
