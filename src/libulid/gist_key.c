/*-------------------------------------------------------------------------
 *
 * gist_key.c
 *	  Ranges of ULIDs for the GiST operator class: consistency, union,
 *	  penalty and ordering, with no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#include <float.h>
#include <string.h>

#include "gist_key.h"
#include "ulid_assert.h"

static inline int
bytes_cmp(const uint8_t *a, const uint8_t *b)
{
	return memcmp(a, b, ULID_BINARY_LEN);
}

/* The contract of every key: a range, lower <= upper */
#define ASSERT_KEY_ORDERED(key) \
	ULID_ASSERT(bytes_cmp((key)->lower, (key)->upper) <= 0)

void
ulid_gist_key_leaf(UlidGistKey *key, const uint8_t value[ULID_BINARY_LEN])
{
	memcpy(key->lower, value, ULID_BINARY_LEN);
	memcpy(key->upper, value, ULID_BINARY_LEN);
}

void
ulid_gist_key_extend(UlidGistKey *into, const UlidGistKey *key)
{
	ASSERT_KEY_ORDERED(into);
	ASSERT_KEY_ORDERED(key);
	if (bytes_cmp(key->lower, into->lower) < 0)
		memcpy(into->lower, key->lower, ULID_BINARY_LEN);
	if (bytes_cmp(key->upper, into->upper) > 0)
		memcpy(into->upper, key->upper, ULID_BINARY_LEN);
}

bool
ulid_gist_key_same(const UlidGistKey *a, const UlidGistKey *b)
{
	return memcmp(a, b, ULID_GIST_KEY_LEN) == 0;
}

/*
 * Whether some v with lower <= v <= upper satisfies "v op query".  The
 * range is closed and every value in it may be present below an inner
 * entry, so each answer only looks at the bound that can satisfy it.
 */
bool
ulid_gist_key_consistent(const UlidGistKey *key,
						 const uint8_t query[ULID_BINARY_LEN],
						 int strategy)
{
	ASSERT_KEY_ORDERED(key);
	switch (strategy)
	{
		case ULID_GIST_LT:
			return bytes_cmp(key->lower, query) < 0;
		case ULID_GIST_LE:
			return bytes_cmp(key->lower, query) <= 0;
		case ULID_GIST_EQ:
			return bytes_cmp(key->lower, query) <= 0 &&
				bytes_cmp(key->upper, query) >= 0;
		case ULID_GIST_GE:
			return bytes_cmp(key->upper, query) >= 0;
		case ULID_GIST_GT:
			return bytes_cmp(key->upper, query) > 0;
		case ULID_GIST_NE:
			/* only a range holding query alone has no other value */
			return bytes_cmp(key->lower, query) != 0 ||
				bytes_cmp(key->upper, query) != 0;
		default:
			return false;
	}
}

/* A ULID as a 128-bit unsigned integer, in two native halves */
typedef struct
{
	uint64_t	hi;
	uint64_t	lo;
} u128;

static inline u128
u128_load(const uint8_t *p)
{
	u128		v = {ulid_load_be64(p), ulid_load_be64(p + 8)};

	return v;
}

static inline bool
u128_lt(u128 a, u128 b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* a - b for b <= a, subtracted exactly, then rounded to a double */
static inline double
u128_distance(u128 a, u128 b)
{
	uint64_t	lo = a.lo - b.lo;
	uint64_t	hi = a.hi - b.hi - (a.lo < b.lo ? 1 : 0);

	return (double) hi * 18446744073709551616.0 + (double) lo;
}

/*
 * GiST calls this for every entry of every page on an insert's way down, so
 * it loads each bound once and works on native integers.
 */
double
ulid_gist_key_penalty(const UlidGistKey *orig, const UlidGistKey *add)
{
	u128		olower = u128_load(orig->lower),
				oupper = u128_load(orig->upper),
				alower = u128_load(add->lower),
				aupper = u128_load(add->upper);
	double		grow = 0.0;

	ASSERT_KEY_ORDERED(orig);
	ASSERT_KEY_ORDERED(add);
	if (u128_lt(oupper, aupper))
		grow += u128_distance(aupper, oupper);
	if (u128_lt(alower, olower))
		grow += u128_distance(olower, alower);
	if (grow == 0.0)
		return 0.0;
	return grow / (grow + u128_distance(oupper, olower));
}

float
ulid_gist_key_penalty_float(const UlidGistKey *orig, const UlidGistKey *add)
{
	double		share = ulid_gist_key_penalty(orig, add);

	if (share == 0.0)
		return 0.0f;
	ULID_ASSERT(share > 0.0 && share <= 1.0);
	return FLT_MIN + (float) share;
}

int
ulid_gist_key_cmp(const UlidGistKey *a, const UlidGistKey *b)
{
	int			c = bytes_cmp(a->lower, b->lower);

	return c != 0 ? c : bytes_cmp(a->upper, b->upper);
}

int
ulid_gist_cmptype_strategy(int cmptype)
{
	switch (cmptype)
	{
		case ULID_COMPARE_LT:
			return ULID_GIST_LT;
		case ULID_COMPARE_LE:
			return ULID_GIST_LE;
		case ULID_COMPARE_EQ:
			return ULID_GIST_EQ;
		case ULID_COMPARE_GE:
			return ULID_GIST_GE;
		case ULID_COMPARE_GT:
			return ULID_GIST_GT;
		case ULID_COMPARE_NE:
			return ULID_GIST_NE;
		default:
			return ULID_GIST_INVALID;
	}
}
