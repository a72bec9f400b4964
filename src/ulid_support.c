/*-------------------------------------------------------------------------
 *
 * ulid_support.c
 *	  Planner support for the comparisons between ulid and uuid.
 *
 * Both types are the same 16 bytes in the same order, so "ulid_expr op
 * uuid_expr" selects the same rows as "ulid_expr::uuid op uuid_expr" with
 * uuid's own operator.  From 1.4 the comparison functions between the two
 * types answer SupportRequestSimplify with exactly that rewrite, which
 * eval_const_expressions makes before the planner looks at any clause.  What
 * the planner then sees is uuid's mergejoinable "=", a member of core's
 * uuid_ops and of ulid's own families, so equivalence classes, join removal,
 * unique joins, merge joins, partition pruning and every index on either
 * type work as they do for uuid alone, with no object added to core's
 * families (which pg_upgrade would lose: docs/uuid-interop.md).
 *
 * Operators are found by operator family and strategy, never by name: a
 * name lookup checks USAGE on a schema, and planning must not fail with a
 * permission error.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/stratnum.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "utils/lsyscache.h"
#include "utils/typcache.h"

#include "compat.h"

/*
 * uuid's btree operators by strategy, looked up once per backend: they are
 * core's pinned objects, so their OIDs never change.
 */
static Oid	uuid_btree_ops[BTMaxStrategyNumber + 1];

static Oid
uuid_btree_operator(int16 strategy)
{
	if (!OidIsValid(uuid_btree_ops[strategy]))
	{
		TypeCacheEntry *tce = lookup_type_cache(UUIDOID, TYPECACHE_BTREE_OPFAMILY);

		uuid_btree_ops[strategy] = get_opfamily_member(tce->btree_opf, UUIDOID,
													   UUIDOID, strategy);
	}
	return uuid_btree_ops[strategy];
}

/* expr as a value of type typid: the types share their bytes */
static Expr *
as_type(Node *expr, Oid typid)
{
	if (exprType(expr) == typid)
		return (Expr *) expr;
	/* a Const gets the new type itself, so that it stays a Const */
	return (Expr *) applyRelabelType(expr, typid, -1, InvalidOid,
									 COERCE_IMPLICIT_CAST, -1, false);
}

/* "a opno b", both sides as values of type typid */
static Expr *
make_comparison(Oid opno, Node *a, Node *b, Oid typid)
{
	OpExpr	   *clause;

	clause = (OpExpr *) make_opclause(opno, BOOLOID, false,
									  as_type(a, typid), as_type(b, typid),
									  InvalidOid, InvalidOid);
	clause->opfuncid = get_opcode(opno);
	return (Expr *) clause;
}

/*
 * SupportRequestSimplify for a comparison function of strategy between a
 * ulid and a uuid (either order): uuid's operator of that strategy over the
 * two arguments, the ulid one relabelled.
 */
static Node *
simplify_to_uuid(Node *rawreq, int16 strategy)
{
	SupportRequestSimplify *req;
	List	   *args;
	Oid			opno;

	if (!IsA(rawreq, SupportRequestSimplify))
		return NULL;
	req = (SupportRequestSimplify *) rawreq;
	args = req->fcall->args;
	if (list_length(args) != 2)
		return NULL;

	opno = uuid_btree_operator(strategy);
	if (!OidIsValid(opno))
		return NULL;

	return (Node *) make_comparison(opno, linitial(args), lsecond(args), UUIDOID);
}

#define ULID_UUID_SUPPORT(name, strategy) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_POINTER(simplify_to_uuid((Node *) PG_GETARG_POINTER(0), strategy)); \
}

ULID_UUID_SUPPORT(ulid_uuid_lt_support, BTLessStrategyNumber)
ULID_UUID_SUPPORT(ulid_uuid_le_support, BTLessEqualStrategyNumber)
ULID_UUID_SUPPORT(ulid_uuid_eq_support, BTEqualStrategyNumber)
ULID_UUID_SUPPORT(ulid_uuid_ge_support, BTGreaterEqualStrategyNumber)
ULID_UUID_SUPPORT(ulid_uuid_gt_support, BTGreaterStrategyNumber)

/*
 * The support function of 1.3, which databases not yet updated to 1.4 still
 * name: SupportRequestIndexCondition for "a op b", a and b one ulid and one
 * uuid, on an index whose family lacks op.  The index column's side keeps its
 * place on the left, the other side is relabelled to the index's input type,
 * and op becomes that type's own operator of the same btree strategy (in
 * ulid's btree family, where op is a member), commuted when the column was on
 * the right.  Nothing is returned unless that operator is in the index's
 * family; then the planner keeps the clause as a filter.
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

	ulid_btree_opf = lookup_type_cache(ulidtype, TYPECACHE_BTREE_OPFAMILY)->btree_opf;
	if (!OidIsValid(ulid_btree_opf))
		PG_RETURN_POINTER(NULL);
	strategy = get_op_opfamily_strategy(crossop, ulid_btree_opf);
	if (strategy == 0)
		PG_RETURN_POINTER(NULL);
	if (target == UUIDOID)
		newop = uuid_btree_operator(strategy);
	else
		newop = get_opfamily_member(ulid_btree_opf, ulidtype, ulidtype, strategy);
	if (!OidIsValid(newop) || !op_in_opfamily(newop, req->opfamily))
		PG_RETURN_POINTER(NULL);

	indexside = (Node *) list_nth(clause->args, req->indexarg);
	otherside = (Node *) list_nth(clause->args, 1 - req->indexarg);

	/* the same rows, so the original clause need not be checked again */
	req->lossy = false;

	PG_RETURN_POINTER(list_make1(make_comparison(newop, indexside, otherside, target)));
}
