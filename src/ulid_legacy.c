/*-------------------------------------------------------------------------
 *
 * ulid_legacy.c
 *	  Entry points that only databases at an older version of the
 *	  extension call.
 *
 * A C function named by an older version's SQL must stay in the library as
 * long as a database can be at that version: the server calls it there,
 * and CREATE FUNCTION looks its symbol up whenever it is made (a script of
 * that version, run by CREATE EXTENSION ... VERSION or by an update that
 * passes through it, and pg_upgrade, which recreates each object of the
 * extension as it was).  Each says which release may drop it.  A minor
 * release (1.x) still serves every 1.x version, so the first that may is
 * 2.0, which would also drop the scripts that name them.
 *
 * One entry point of that kind lives elsewhere: ulid_gist_translate_cmptype
 * (ulid_gist.c) is current on PostgreSQL 18 and later, and is compat only on
 * 15 to 17, where only 1.3 names it.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/stratnum.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"

#include "compat.h"
#include "ulid_support.h"

#if PG_VERSION_NUM >= 180000
/*
 * Skip support (btree support function 6, 18+): core's uuid_skipsupport,
 * the same bytes in the same order.  Only databases still at 1.0 or 1.1 on
 * 18+ call it: 1.2 drops it (see ulid--1.1--1.2.sql).
 *
 * Can go in 2.0, with ulid--1.0.sql and the update scripts up to
 * ulid--1.1--1.2.sql: until then a database can be at 1.0 or 1.1, whose
 * scripts create the function on 18 and later.
 */
PG_FUNCTION_INFO_V1(ulid_skipsupport);
Datum
ulid_skipsupport(PG_FUNCTION_ARGS)
{
	return uuid_skipsupport(fcinfo);
}
#endif

/*
 * ulid_uuid_support: the planner support of 1.3's ulid-uuid comparisons,
 * which databases not yet updated to 1.4 still name:
 * SupportRequestIndexCondition for "a op b", a and b one ulid and one
 * uuid, on an index whose family lacks op.  The index column's side keeps its
 * place on the left, the other side is relabelled to the index's input type,
 * and op becomes that type's own operator of the same btree strategy (in
 * ulid's btree family, where op is a member), commuted when the column was on
 * the right.  Nothing is returned unless that operator is in the index's
 * family; then the planner keeps the clause as a filter.
 *
 * Can go in 2.0, with the update scripts up to ulid--1.3--1.4.sql: until
 * then a database can be at 1.3 (CREATE EXTENSION ulid VERSION '1.3' runs
 * ulid--1.2--1.3.sql, which creates the function, and CREATE FUNCTION looks
 * its symbol up).
 */
PG_FUNCTION_INFO_V1(ulid_uuid_support);
Datum
ulid_uuid_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestIndexCondition *req;
	OpExpr	   *clause;
	Oid			crossop;
	Oid			lefttype;
	Oid			righttype;
	Oid			ulidtype;
	Oid			target;
	Oid			ulid_btree_opf;
	int			strategy;
	Oid			newop;
	Node	   *indexside;
	Node	   *otherside;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestIndexCondition *) rawreq;

	if (!is_opclause(req->node))
		PG_RETURN_POINTER(NULL);
	clause = (OpExpr *) req->node;
	if (list_length(clause->args) != 2 || req->indexarg < 0 || req->indexarg > 1)
		PG_RETURN_POINTER(NULL);

	/* the operator as the index column sees it: on the left */
	crossop = clause->opno;
	if (req->indexarg == 1)
		crossop = get_commutator(crossop);
	if (!OidIsValid(crossop))
		PG_RETURN_POINTER(NULL);
	op_input_types(crossop, &lefttype, &righttype);
	if (lefttype == UUIDOID)
		ulidtype = righttype;
	else if (righttype == UUIDOID)
		ulidtype = lefttype;
	else
		PG_RETURN_POINTER(NULL);

	/* the index compares values of its input type, one of the two */
	target = req->index->opcintype[req->indexcol];
	if (target != lefttype && target != righttype)
		PG_RETURN_POINTER(NULL);

	ulid_btree_opf = ulid_btree_family(ulidtype);
	if (!OidIsValid(ulid_btree_opf))
		PG_RETURN_POINTER(NULL);
	strategy = get_op_opfamily_strategy(crossop, ulid_btree_opf);
	if (strategy == 0)
		PG_RETURN_POINTER(NULL);
	Assert(strategy >= BTLessStrategyNumber && strategy <= BTGreaterStrategyNumber);
	if (target == UUIDOID)
		newop = ulid_uuid_btree_operator(strategy);
	else
		newop = get_opfamily_member(ulid_btree_opf, ulidtype, ulidtype, strategy);
	if (!OidIsValid(newop) || !op_in_opfamily(newop, req->opfamily))
		PG_RETURN_POINTER(NULL);

	indexside = (Node *) list_nth(clause->args, req->indexarg);
	otherside = (Node *) list_nth(clause->args, 1 - req->indexarg);

	/* the same rows, so the original clause need not be checked again */
	req->lossy = false;

	PG_RETURN_POINTER(list_make1(ulid_make_comparison(newop, get_opcode(newop), indexside, otherside, target)));
}
