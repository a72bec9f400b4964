/*-------------------------------------------------------------------------
 *
 * ulid_assert.h
 *	  ULID_ASSERT: the contracts of the PostgreSQL-free code, checked.
 *
 * libulid cannot use PostgreSQL's Assert, so it has its own.  It is
 * compiled in when ULID_USE_ASSERT is defined: always in the unit tests and
 * fuzz targets (Makefile, test/fuzz/fuzz.mk), and in the extension only
 * against a server built with assertions (--enable-cassert: the Makefile
 * reads USE_ASSERT_CHECKING from the server's pg_config.h), so a release
 * build is unchanged.  A build given -DUSE_ASSERT_CHECKING gets them too,
 * as it gets PostgreSQL's Assert.  A failed one prints the condition and
 * aborts, as PostgreSQL's does.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_ASSERT_H
#define ULID_ASSERT_H

#if defined(ULID_USE_ASSERT) || defined(USE_ASSERT_CHECKING)

#include <stdio.h>
#include <stdlib.h>

#define ULID_ASSERT(cond) \
	((cond) ? (void) 0 : ulid_assert_failed(#cond, __FILE__, __LINE__))

static inline void
ulid_assert_failed(const char *cond, const char *file, int line)
{
	fprintf(stderr, "ULID_ASSERT(%s) failed, at %s:%d\n", cond, file, line);
	abort();
}

#else

#define ULID_ASSERT(cond)	((void) 0)

#endif							/* ULID_USE_ASSERT */

#endif							/* ULID_ASSERT_H */
