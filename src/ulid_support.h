/*-------------------------------------------------------------------------
 *
 * ulid_support.h
 *	  What ulid_support.c's planner support shares with 1.3's
 *	  (ulid_legacy.c): the catalog lookups and the clause they build.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_SUPPORT_H
#define ULID_SUPPORT_H

#include "nodes/primnodes.h"

/*
 * The family of the default btree operator class of ulidtype, or InvalidOid;
 * kept for the backend
 */
extern Oid	ulid_btree_family(Oid ulidtype);

/* uuid's btree operator of strategy (1-5): core's pinned OID */
extern Oid	ulid_uuid_btree_operator(int strategy);

/* "a opno b", both sides as values of type typid, opno's function funcid */
extern Expr *ulid_make_comparison(Oid opno, Oid funcid, Node *a, Node *b, Oid typid);

#endif							/* ULID_SUPPORT_H */
