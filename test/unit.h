/*-------------------------------------------------------------------------
 *
 * unit.h
 *	  A minimal harness for the C unit tests of the pure ULID code.
 *
 * Each CHECK counts one assertion; a failing one prints where and why.  The
 * test program ends with UNIT_DONE(), which prints "name: N passed, N failed"
 * and exits non-zero on any failure.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_UNIT_H
#define ULID_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int	unit_passed;
static int	unit_failed;

#define CHECK(cond, ...) \
	do { \
		if (cond) \
			unit_passed++; \
		else \
		{ \
			unit_failed++; \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__); \
			fputc('\n', stderr); \
		} \
	} while (0)

#define UNIT_DONE(name) \
	do { \
		printf("%s: %d passed, %d failed\n", (name), unit_passed, unit_failed); \
		return unit_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE; \
	} while (0)

/* Parses 32 hex digits (hyphens skipped, as in a uuid) into 16 bytes. */
static inline void
unit_hex_to_bytes(const char *hex, unsigned char out[16])
{
	int			n = 0;

	for (; *hex && n < 32; hex++)
	{
		int			c = *hex;
		int			v;

		if (c == '-')
			continue;
		v = (c >= '0' && c <= '9') ? c - '0' :
			(c >= 'a' && c <= 'f') ? c - 'a' + 10 : c - 'A' + 10;
		if (n % 2 == 0)
			out[n / 2] = (unsigned char) (v << 4);
		else
			out[n / 2] |= (unsigned char) v;
		n++;
	}
}

/* xorshift64*: a deterministic pseudo-random stream for test inputs */
static inline uint64_t
unit_next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

#endif							/* ULID_UNIT_H */
