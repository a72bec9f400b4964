/*-------------------------------------------------------------------------
 *
 * ulid_monotonic.h
 *	  gen_monotonic_ulid()'s shared state: what _PG_init sets up for it.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_MONOTONIC_MODULE_H
#define ULID_MONOTONIC_MODULE_H

/* The shared memory hooks (before 17), from _PG_init */
extern void ulid_monotonic_init(void);

#endif							/* ULID_MONOTONIC_MODULE_H */
