/*-------------------------------------------------------------------------
 *
 * ulid_support.c
 *	  Planner support for the comparisons between ulid and uuid.
 *
 * Both types are the same 16 bytes in the same order, so a comparison of a
 * ulid with a uuid selects the same rows as the same comparison of the two
 * as values of either type.  The comparison functions between the two types
 * answer SupportRequestSimplify, which eval_const_expressions makes before
 * the planner looks at a clause, and before a relation's index predicates
 * and CHECK constraints are matched against it, with one of two rewrites:
 *
 * - When the uuid side is a pseudo-constant (no Var of the query level, no
 *   volatile function: a Const, a Param, a stable expression), it becomes a
 *   ulid, and the operator ulid's own (1.5).  So "ulid_col op uuid_value" is
 *   a clause on the bare column with an operator of the column's type, as
 *   predicate proofs (partial indexes, ON CONFLICT arbiters, constraint
 *   exclusion), equivalence classes and extensions that read clauses expect.
 * - Otherwise (a join, or a ulid constant against a uuid column) the ulid
 *   side becomes a uuid, and the operator uuid's own (1.4).  uuid's "=" is
 *   mergejoinable and a member of core's uuid_ops and of ulid's own
 *   families, so joins between the types get join removal, unique joins and
 *   merge joins, and a uuid column keeps its clause in its own type.
 *
 * Nothing is looked up by name through a search path, and nothing checks a
 * permission: planning a query must not fail with a permission error.
 * uuid's operators are core's pinned objects; ulid's are found in the
 * family of ulid's default btree operator class, which is looked up in the
 * catalog cache by its name in the type's own schema.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/stratnum.h"
#include "catalog/pg_am.h"
#include "catalog/pg_opclass.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "optimizer/clauses.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "compat.h"

/*
 * uuid's btree operators by strategy, and their functions: core's pinned
 * objects (src/include/catalog/pg_operator.dat, pg_proc.dat), whose OIDs
 * never change.
 */
static const Oid uuid_btree_ops[BTMaxStrategyNumber + 1] = {
	[BTLessStrategyNumber] = 2974,
	[BTLessEqualStrategyNumber] = 2976,
	[BTEqualStrategyNumber] = 2972,
	[BTGreaterEqualStrategyNumber] = 2977,
	[BTGreaterStrategyNumber] = 2975,
};
static const Oid uuid_btree_funcs[BTMaxStrategyNumber + 1] = {
	[BTLessStrategyNumber] = 2954,
	[BTLessEqualStrategyNumber] = 2955,
	[BTEqualStrategyNumber] = 2956,
	[BTGreaterEqualStrategyNumber] = 2957,
	[BTGreaterStrategyNumber] = 2958,
};

/*
 * The family of the default btree operator class of ulidtype, or InvalidOid.
 * The class is found by its name, ulid_ops, in the type's own schema, which
 * is where the install script made both (and where ALTER EXTENSION SET
 * SCHEMA moves both): two catalog cache lookups, with no search path and no
 * permission check.  lookup_type_cache would find the same class, but its
 * first call in a backend tries a binary-coercion lookup against every
 * default btree class, some 520,000 instructions.  A family found is kept
 * for the backend: the class and its family live as long as the type.
 */
static Oid
ulid_btree_family(Oid ulidtype)
{
	static Oid	cached_type = InvalidOid;
	static Oid	cached_family = InvalidOid;
	HeapTuple	tuple;
	Oid			namespace;
	Oid			family = InvalidOid;

	if (ulidtype == cached_type)
		return cached_family;

	tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(ulidtype));
	if (!HeapTupleIsValid(tuple))
		return InvalidOid;
	namespace = ((Form_pg_type) GETSTRUCT(tuple))->typnamespace;
	ReleaseSysCache(tuple);

	tuple = SearchSysCache3(CLAAMNAMENSP, ObjectIdGetDatum(BTREE_AM_OID),
							CStringGetDatum("ulid_ops"), ObjectIdGetDatum(namespace));
	if (HeapTupleIsValid(tuple))
	{
		Form_pg_opclass opclass = (Form_pg_opclass) GETSTRUCT(tuple);

		if (opclass->opcintype == ulidtype && opclass->opcdefault)
			family = opclass->opcfamily;
		ReleaseSysCache(tuple);
	}

	/* not found (say, mid-install): ask again next time */
	if (OidIsValid(family))
	{
		cached_type = ulidtype;
		cached_family = family;
	}
	return family;
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

/* "a opno b", both sides as values of type typid, opno's function funcid */
static Expr *
make_comparison(Oid opno, Oid funcid, Node *a, Node *b, Oid typid)
{
	OpExpr	   *clause;

	clause = (OpExpr *) make_opclause(opno, BOOLOID, false,
									  as_type(a, typid), as_type(b, typid),
									  InvalidOid, InvalidOid);
	clause->opfuncid = funcid;
	return (Expr *) clause;
}

/*
 * ulid's own btree operator of strategy for ulidtype, and its function into
 * *funcid, or InvalidOid; kept for the backend, for the type they were
 * found for.
 */
static Oid
ulid_btree_operator(Oid ulidtype, int16 strategy, Oid *funcid)
{
	static Oid	cached_type = InvalidOid;
	static Oid	ops[BTMaxStrategyNumber + 1];
	static Oid	funcs[BTMaxStrategyNumber + 1];
	Oid			family;

	if (cached_type != ulidtype)
	{
		memset(ops, 0, sizeof(ops));
		cached_type = ulidtype;
	}
	if (!OidIsValid(ops[strategy]))
	{
		family = ulid_btree_family(ulidtype);
		if (!OidIsValid(family))
			return InvalidOid;
		ops[strategy] = get_opfamily_member(family, ulidtype, ulidtype, strategy);
		if (!OidIsValid(ops[strategy]))
			return InvalidOid;
		funcs[strategy] = get_opcode(ops[strategy]);
	}
	*funcid = funcs[strategy];
	return ops[strategy];
}

/*
 * SupportRequestSimplify for a comparison function of strategy between a
 * ulid and a uuid (either order): the same comparison in ulid's terms when
 * the uuid side is a pseudo-constant, else in uuid's.  The operands keep
 * their places.
 */
static Node *
simplify_comparison(Node *rawreq, int16 strategy)
{
	SupportRequestSimplify *req;
	List	   *args;
	Node	   *uuidside;
	Node	   *ulidside;
	Oid			ulidtype;
	Oid			opno;
	Oid			funcid;

	if (!IsA(rawreq, SupportRequestSimplify))
		return NULL;
	req = (SupportRequestSimplify *) rawreq;
	args = req->fcall->args;
	if (list_length(args) != 2)
		return NULL;

	if (exprType(linitial(args)) == UUIDOID)
	{
		uuidside = linitial(args);
		ulidside = lsecond(args);
	}
	else
	{
		uuidside = lsecond(args);
		ulidside = linitial(args);
	}
	ulidtype = exprType(ulidside);
	if (ulidtype == UUIDOID)
		return NULL;

	if (is_pseudo_constant_clause(uuidside))
	{
		opno = ulid_btree_operator(ulidtype, strategy, &funcid);
		if (!OidIsValid(opno))
			return NULL;
		return (Node *) make_comparison(opno, funcid, linitial(args), lsecond(args), ulidtype);
	}

	return (Node *) make_comparison(uuid_btree_ops[strategy], uuid_btree_funcs[strategy],
									linitial(args), lsecond(args), UUIDOID);
}

#define ULID_UUID_SUPPORT(name, strategy) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_POINTER(simplify_comparison((Node *) PG_GETARG_POINTER(0), strategy)); \
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

	ulid_btree_opf = ulid_btree_family(ulidtype);
	if (!OidIsValid(ulid_btree_opf))
		PG_RETURN_POINTER(NULL);
	strategy = get_op_opfamily_strategy(crossop, ulid_btree_opf);
	if (strategy == 0)
		PG_RETURN_POINTER(NULL);
	if (target == UUIDOID)
		newop = uuid_btree_ops[strategy];
	else
		newop = get_opfamily_member(ulid_btree_opf, ulidtype, ulidtype, strategy);
	if (!OidIsValid(newop) || !op_in_opfamily(newop, req->opfamily))
		PG_RETURN_POINTER(NULL);

	indexside = (Node *) list_nth(clause->args, req->indexarg);
	otherside = (Node *) list_nth(clause->args, 1 - req->indexarg);

	/* the same rows, so the original clause need not be checked again */
	req->lossy = false;

	PG_RETURN_POINTER(list_make1(make_comparison(newop, get_opcode(newop), indexside, otherside, target)));
}
