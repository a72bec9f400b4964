/*-------------------------------------------------------------------------
 *
 * fuzz.h
 *	  What the libFuzzer targets share.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_FUZZ_H
#define ULID_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

/* A failed check aborts: libFuzzer reports a crash and saves the input. */
#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

#endif							/* ULID_FUZZ_H */
