/*-------------------------------------------------------------------------
 *
 * unit_gist.c
 *	  Unit tests of gist_key.c: consistency against a brute-force oracle,
 *	  union, penalty on exact 128-bit distances, ordering, and the
 *	  CompareType translation.
 *
 *-------------------------------------------------------------------------
 */
#include <float.h>
#include <stdint.h>
#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "gist_key.h"
#include "unit.h"

/*
 * A small ordered domain of ULIDs: value i has byte 0 = i / 4 and byte 15 =
 * i % 4, the rest zero, so the high and the low byte both decide order.
 */
#define DOMAIN 16

static void
domain_value(int i, uint8_t out[ULID_BINARY_LEN])
{
	memset(out, 0, ULID_BINARY_LEN);
	out[0] = (uint8_t) (i / 4);
	out[15] = (uint8_t) (i % 4);
}

/* The operator itself, on two domain indexes (their order is the ULIDs') */
static int
op_holds(int v, int q, int strategy)
{
	switch (strategy)
	{
		case ULID_GIST_LT:
			return v < q;
		case ULID_GIST_LE:
			return v <= q;
		case ULID_GIST_EQ:
			return v == q;
		case ULID_GIST_GE:
			return v >= q;
		case ULID_GIST_GT:
			return v > q;
		case ULID_GIST_NE:
			return v != q;
		default:
			return 0;
	}
}

static void
test_consistent(void)
{
	int			mismatches = 0;
	int			leaf_mismatches = 0;

	/*
	 * Every range of the domain, every query, every strategy (and two that
	 * do not exist): consistent must say whether some value of the range
	 * satisfies the operator.  The bounds are in the domain and each
	 * operator holds at a bound if it holds anywhere in a range, so the
	 * domain's values are enough of an oracle.
	 */
	for (int lo = 0; lo < DOMAIN; lo++)
		for (int hi = lo; hi < DOMAIN; hi++)
			for (int q = 0; q < DOMAIN; q++)
				for (int s = 0; s <= 7; s++)
				{
					UlidGistKey key;
					uint8_t		query[ULID_BINARY_LEN];
					int			want = 0;
					bool		got;

					domain_value(lo, key.lower);
					domain_value(hi, key.upper);
					domain_value(q, query);
					for (int v = lo; v <= hi; v++)
						want |= op_holds(v, q, s);
					got = ulid_gist_key_consistent(&key, query, s);
					if (got != (want != 0))
					{
						mismatches++;
						if (mismatches <= 5)
							fprintf(stderr, "range [%d,%d] query %d strategy %d: got %d, want %d\n",
									lo, hi, q, s, got, want);
					}
					/* a leaf is exact: recheck = false relies on it */
					if (lo == hi && got != (op_holds(lo, q, s) != 0))
						leaf_mismatches++;
				}
	CHECK(mismatches == 0, "%d range/query/strategy cases disagree with the oracle", mismatches);
	CHECK(leaf_mismatches == 0, "%d leaf cases are not the operator's answer", leaf_mismatches);
}

static void
test_leaf_and_extend(void)
{
	uint64_t	state = UINT64_C(0x9E3779B97F4A7C15);
	int			bad_leaf = 0,
				bad_union = 0,
				bad_cover = 0,
				bad_same = 0;

	for (int n = 0; n < 10000; n++)
	{
		uint8_t		a[ULID_BINARY_LEN],
					b[ULID_BINARY_LEN],
					c[ULID_BINARY_LEN];
		UlidGistKey ka,
					kb,
					u;
		const uint8_t *vals[3] = {a, b, c};
		const uint8_t *min,
				   *max;

		ulid_store_be64(a, unit_next_random(&state));
		ulid_store_be64(a + 8, unit_next_random(&state));
		ulid_store_be64(b, unit_next_random(&state) >> (n % 64));
		ulid_store_be64(b + 8, unit_next_random(&state));
		memcpy(c, a, ULID_BINARY_LEN);
		c[15] ^= (uint8_t) (1 + n % 255);

		ulid_gist_key_leaf(&ka, a);
		if (memcmp(ka.lower, a, 16) != 0 || memcmp(ka.upper, a, 16) != 0)
			bad_leaf++;
		/* union of three leaves, in the order a, b, c */
		ulid_gist_key_leaf(&u, a);
		ulid_gist_key_leaf(&kb, b);
		ulid_gist_key_extend(&u, &kb);
		ulid_gist_key_leaf(&kb, c);
		ulid_gist_key_extend(&u, &kb);
		min = max = vals[0];
		for (int i = 1; i < 3; i++)
		{
			if (memcmp(vals[i], min, 16) < 0)
				min = vals[i];
			if (memcmp(vals[i], max, 16) > 0)
				max = vals[i];
		}
		if (memcmp(u.lower, min, 16) != 0 || memcmp(u.upper, max, 16) != 0)
			bad_union++;
		/* the union covers each of them: penalty 0, and = finds each */
		for (int i = 0; i < 3; i++)
		{
			ulid_gist_key_leaf(&kb, vals[i]);
			if (ulid_gist_key_penalty(&u, &kb) != 0.0 ||
				!ulid_gist_key_consistent(&u, vals[i], ULID_GIST_EQ))
				bad_cover++;
		}
		kb = u;
		kb.upper[15] ^= 1;
		if (!ulid_gist_key_same(&u, &u) || ulid_gist_key_same(&u, &kb))
			bad_same++;
	}
	CHECK(bad_leaf == 0, "%d of 10000 leaves are not [v, v]", bad_leaf);
	CHECK(bad_union == 0, "%d of 10000 unions of three leaves are not [min, max]", bad_union);
	CHECK(bad_cover == 0, "%d of 30000 values are not covered by their union", bad_cover);
	CHECK(bad_same == 0, "%d of 10000 same() answers are not byte equality", bad_same);
}

/* a ULID whose 128-bit value is hi * 2^64 + lo */
static void
value128(uint8_t out[ULID_BINARY_LEN], uint64_t hi, uint64_t lo)
{
	ulid_store_be64(out, hi);
	ulid_store_be64(out + 8, lo);
}

static void
test_penalty(void)
{
	UlidGistKey orig,
				add;
	double		p,
				p_near,
				p_far;
	/* a millisecond of 2026 in the high 48 bits, some random bits below */
	uint64_t	hi = (UINT64_C(1795000000000) << 16) | 0x1234;

	/*
	 * Each wanted share is cast to double: where double arithmetic runs in
	 * a wider format (i386's x87, FLT_EVAL_METHOD 2), 5.0 / 15.0 alone is
	 * nearer 1/3 than the double that p holds.
	 */

	/* [10, 20] taking 25: grows by 5 to a width of 15 */
	value128(orig.lower, 0, 10);
	value128(orig.upper, 0, 20);
	value128(add.lower, 0, 25);
	add.upper[0] = 0;
	memcpy(add.upper, add.lower, 16);
	p = ulid_gist_key_penalty(&orig, &add);
	CHECK(p == (double) (5.0 / 15.0), "penalty of 25 on [10,20] is %g, want 1/3", p);
	/* below the range: 4 grows it by 6 to 16 */
	value128(add.lower, 0, 4);
	memcpy(add.upper, add.lower, 16);
	p = ulid_gist_key_penalty(&orig, &add);
	CHECK(p == (double) (6.0 / 16.0), "penalty of 4 on [10,20] is %g, want 3/8", p);
	/* on both sides: [5, 22] grows it by 5 + 2 to 17 */
	value128(add.lower, 0, 5);
	value128(add.upper, 0, 22);
	p = ulid_gist_key_penalty(&orig, &add);
	CHECK(p == (double) (7.0 / 17.0), "penalty of [5,22] on [10,20] is %g, want 7/17", p);
	/* inside, and on the bounds: nothing to pay */
	value128(add.lower, 0, 10);
	value128(add.upper, 0, 20);
	CHECK(ulid_gist_key_penalty(&orig, &add) == 0.0, "penalty of [10,20] on itself is 0");

	/*
	 * One millisecond, a monotonic run: the values differ in the low bits
	 * only, far below a double's 53 bits of the whole 128-bit value.  A
	 * penalty computed on rounded values would be 0 for all of them.
	 */
	value128(orig.lower, hi, UINT64_C(0xFFFFFFFFFFFFFFF0));
	value128(orig.upper, hi + 1, 2);	/* crosses the 64-bit boundary */
	value128(add.lower, hi + 1, 3);
	memcpy(add.upper, add.lower, 16);
	p_near = ulid_gist_key_penalty(&orig, &add);
	/* the range is 16 + 2 wide: 1 more is 1/19 of the new width */
	CHECK(p_near == (double) (1.0 / 19.0), "penalty across the 64-bit halves is %g, want 1/19", p_near);
	value128(add.lower, hi + 1, 12);
	memcpy(add.upper, add.lower, 16);
	p_far = ulid_gist_key_penalty(&orig, &add);
	CHECK(p_far == (double) (10.0 / 28.0), "penalty of a farther value is %g, want 10/28", p_far);
	CHECK(p_near > 0.0 && p_near < p_far, "nearer values cost less: %g < %g", p_near, p_far);

	/* a single-value range pays all of any growth */
	value128(orig.lower, hi, 7);
	memcpy(orig.upper, orig.lower, 16);
	value128(add.lower, hi, 8);
	memcpy(add.upper, add.lower, 16);
	CHECK(ulid_gist_key_penalty(&orig, &add) == 1.0, "growing a point costs 1");

	/* the extremes: no overflow, a tiny but non-zero share */
	value128(orig.lower, 0, 0);
	value128(orig.upper, UINT64_MAX, UINT64_MAX - 1);
	value128(add.lower, UINT64_MAX, UINT64_MAX);
	memcpy(add.upper, add.lower, 16);
	p = ulid_gist_key_penalty(&orig, &add);
	CHECK(p > 0.0 && p < 1e-37, "one more value on the whole range costs %g, want (0, 1e-37)", p);
	value128(add.lower, 0, 0);
	memcpy(add.upper, add.lower, 16);
	CHECK(ulid_gist_key_penalty(&add, &orig) == 1.0, "growing [0,0] to everything costs 1");
}

/* The penalty of one value above [0, 2^128 - 1 - width_less]: a tiny share */
static float
tiny_penalty(uint64_t width_less, uint64_t grow)
{
	UlidGistKey orig,
				add;

	value128(orig.lower, 0, 0);
	value128(orig.upper, UINT64_MAX, UINT64_MAX - width_less);
	value128(add.lower, UINT64_MAX, UINT64_MAX - width_less + grow);
	memcpy(add.upper, add.lower, 16);
	return ulid_gist_key_penalty_float(&orig, &add);
}

/*
 * What GiST gets: 0 for no growth, else at least FLT_MIN, so that no growth
 * ever rounds to the float 0, whatever the floating-point mode.
 */
static void
test_penalty_float(void)
{
	UlidGistKey orig,
				add;
	float		p,
				p1,
				p2;

	/* covered: exactly 0 */
	value128(orig.lower, 0, 10);
	value128(orig.upper, 0, 20);
	value128(add.lower, 0, 12);
	memcpy(add.upper, add.lower, 16);
	CHECK(ulid_gist_key_penalty_float(&orig, &add) == 0.0f, "a covered value costs 0");
	/* ordinary shares: the float of the share, FLT_MIN absorbed */
	value128(add.lower, 0, 25);
	memcpy(add.upper, add.lower, 16);
	p = ulid_gist_key_penalty_float(&orig, &add);
	CHECK(p == (float) (5.0 / 15.0), "penalty of 25 on [10,20] is %g, want 1/3", p);
	value128(orig.lower, 0, 7);
	memcpy(orig.upper, orig.lower, 16);
	CHECK(ulid_gist_key_penalty_float(&orig, &add) == 1.0f, "growing a point costs 1");

	/*
	 * One value more on the whole range: a share of 2^-128, below FLT_MIN.
	 * Cast to a float alone it would be a subnormal.
	 */
	p1 = tiny_penalty(1, 1);
	p2 = tiny_penalty(2, 2);
	CHECK(p1 >= FLT_MIN, "one more value on the whole range costs %g, want >= FLT_MIN %g",
		  p1, FLT_MIN);
	CHECK(p1 < 1e-37f, "and still a tiny cost, got %g", p1);
	CHECK(p1 < p2, "twice the growth costs more: %g < %g", p1, p2);

#if defined(__SSE__) || defined(__x86_64__)
	{
		/* flush-to-zero and denormals-are-zero, as -ffast-math sets them */
		unsigned int saved = _mm_getcsr();
		volatile double subnormal_share = 0x1p-128;
		float		flushed;

		_mm_setcsr(saved | 0x8040);
		flushed = (float) subnormal_share;
		p1 = tiny_penalty(1, 1);
		_mm_setcsr(saved);
		CHECK(flushed == 0.0f, "with flush-to-zero on, (float) 2^-128 is 0, got %g", flushed);
		CHECK(p1 >= FLT_MIN, "with flush-to-zero on, one more value costs %g, want >= FLT_MIN",
			  p1);
	}
#endif
}

static void
test_cmp(void)
{
	UlidGistKey a,
				b;

	value128(a.lower, 1, 0);
	value128(a.upper, 1, 5);
	b = a;
	CHECK(ulid_gist_key_cmp(&a, &b) == 0, "equal keys compare 0");
	value128(b.upper, 1, 6);
	CHECK(ulid_gist_key_cmp(&a, &b) < 0 && ulid_gist_key_cmp(&b, &a) > 0, "upper breaks a tie");
	value128(b.lower, 0, UINT64_MAX);
	CHECK(ulid_gist_key_cmp(&a, &b) > 0 && ulid_gist_key_cmp(&b, &a) < 0, "lower decides first");
}

static void
test_translate(void)
{
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_LT) == ULID_GIST_LT, "LT");
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_LE) == ULID_GIST_LE, "LE");
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_EQ) == ULID_GIST_EQ, "EQ");
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_GE) == ULID_GIST_GE, "GE");
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_GT) == ULID_GIST_GT, "GT");
	CHECK(ulid_gist_cmptype_strategy(ULID_COMPARE_NE) == ULID_GIST_NE, "NE");
	/* COMPARE_INVALID, COMPARE_OVERLAP, COMPARE_CONTAINED_BY, nonsense */
	CHECK(ulid_gist_cmptype_strategy(0) == ULID_GIST_INVALID, "invalid");
	CHECK(ulid_gist_cmptype_strategy(7) == ULID_GIST_INVALID, "overlap");
	CHECK(ulid_gist_cmptype_strategy(8) == ULID_GIST_INVALID, "contained by");
	CHECK(ulid_gist_cmptype_strategy(-1) == ULID_GIST_INVALID, "negative");
}

int
main(void)
{
	CHECK(sizeof(UlidGistKey) == ULID_GIST_KEY_LEN, "the key is %zu bytes", sizeof(UlidGistKey));
	test_consistent();
	test_leaf_and_extend();
	test_penalty();
	test_penalty_float();
	test_cmp();
	test_translate();
	UNIT_DONE("unit_gist");
}
