/*-------------------------------------------------------------------------
 *
 * ulid_uuidv7.h
 *	  The ulid.uuidv7 setting, and the layout it asks the generators for.
 *
 * The layouts themselves are libulid's (libulid/layout.h); this module is
 * the setting that picks one, and the SQL tests of a value's UUIDv7 bits.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_UUIDV7_H
#define ULID_UUIDV7_H

#include "libulid/layout.h"

/* ulid.uuidv7: whether the generators make values that are valid UUIDv7s */
extern bool ulid_uuidv7;

/* The layout ulid.uuidv7 asks for (inline: every generator call reads it) */
static inline UlidLayout
ulid_current_layout(void)
{
	return ulid_uuidv7 ? ULID_LAYOUT_UUIDV7 : ULID_LAYOUT_ULID;
}

/* Defines ulid.uuidv7, from _PG_init */
extern void ulid_uuidv7_init(void);

#endif							/* ULID_UUIDV7_H */
