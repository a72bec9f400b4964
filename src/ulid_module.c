/*-------------------------------------------------------------------------
 *
 * ulid_module.c
 *	  The library's module magic and its _PG_init.
 *
 * Apart from the type's modules, so that no module that uses the type
 * depends on the one that starts the others.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "fmgr.h"

#include "compat.h"
#include "ulid.h"
#include "ulid_backend.h"
#include "ulid_uuidv7.h"
#include "ulid_monotonic.h"

/* From 16, fmgr.h declares a library's _PG_init; before, each library did. */
#if PG_VERSION_NUM < 160000
extern PGDLLEXPORT void _PG_init(void);
#endif

#if PG_VERSION_NUM >= 180000
PG_MODULE_MAGIC_EXT(.name = "ulid",.version = ULID_VERSION);
#else
PG_MODULE_MAGIC;
#endif

/*
 * Module load: the generators' fork handler, the ulid.output and
 * ulid.uuidv7 settings (ulid.uuidv7's reserves the prefix, so it comes
 * last of the two), and,
 * when loaded through shared_preload_libraries, the cluster-wide
 * generator's request for shared memory (PostgreSQL 15 and 16).
 */
void
_PG_init(void)
{
	ulid_backend_init();
	ulid_output_init();
	ulid_uuidv7_init();
	ulid_monotonic_init();
}
