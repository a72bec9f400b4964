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
 *   ulid, and the operator ulid's own.  So "ulid_col op uuid_value" is
 *   a clause on the bare column with an operator of the column's type, as
 *   predicate proofs (partial indexes, ON CONFLICT arbiters, constraint
 *   exclusion), equivalence classes and extensions that read clauses expect.
 * - Otherwise (a join, or a ulid constant against a uuid column) the ulid
 *   side becomes a uuid, and the operator uuid's own.  uuid's "=" is
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
 * 1.3's support function, SupportRequestIndexCondition, is in ulid_legacy.c.
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
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "compat.h"
#include "ulid_support.h"

/*
 * uuid's btree operators, core's pinned objects, whose OIDs never change.
 * pg_operator.dat gives them no oid_symbol, so they are named here.
 */
#define UUID_EQ_OP		2972
#define UUID_LT_OP		2974
#define UUID_GT_OP		2975
#define UUID_LE_OP		2976
#define UUID_GE_OP		2977

/* uuid's btree operators by strategy, and their functions */
static const Oid uuid_btree_ops[BTMaxStrategyNumber + 1] = {
	[BTLessStrategyNumber] = UUID_LT_OP,
	[BTLessEqualStrategyNumber] = UUID_LE_OP,
	[BTEqualStrategyNumber] = UUID_EQ_OP,
	[BTGreaterEqualStrategyNumber] = UUID_GE_OP,
	[BTGreaterStrategyNumber] = UUID_GT_OP,
};
static const Oid uuid_btree_funcs[BTMaxStrategyNumber + 1] = {
	[BTLessStrategyNumber] = F_UUID_LT,
	[BTLessEqualStrategyNumber] = F_UUID_LE,
	[BTEqualStrategyNumber] = F_UUID_EQ,
	[BTGreaterEqualStrategyNumber] = F_UUID_GE,
	[BTGreaterStrategyNumber] = F_UUID_GT,
};

/*
 * The family of the default btree operator class of ulidtype, or InvalidOid.
 * The class is found by its name, ulid_ops, in the type's own schema, which
 * is where the install script made both (and where ALTER EXTENSION SET
 * SCHEMA moves both): two catalog cache lookups, with no search path and no
 * permission check.  lookup_type_cache would find the same class, but its
 * first call in a backend tries a binary-coercion lookup against every
 * default btree class.  A family found is kept
 * for the backend: the class and its family live as long as the type.
 */
Oid
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
Expr *
ulid_make_comparison(Oid opno, Oid funcid, Node *a, Node *b, Oid typid)
{
	OpExpr	   *clause;

	Assert(OidIsValid(opno) && OidIsValid(funcid));

	clause = (OpExpr *) make_opclause(opno, BOOLOID, false,
									  as_type(a, typid), as_type(b, typid),
									  InvalidOid, InvalidOid);
	clause->opfuncid = funcid;
	return (Expr *) clause;
}

/* uuid's btree operator of strategy */
Oid
ulid_uuid_btree_operator(int strategy)
{
	Assert(strategy >= BTLessStrategyNumber && strategy <= BTGreaterStrategyNumber);
	return uuid_btree_ops[strategy];
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

	Assert(strategy >= BTLessStrategyNumber && strategy <= BTGreaterStrategyNumber);
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
	/* the function compares a ulid with a uuid, either way round */
	Assert(exprType(uuidside) == UUIDOID);
	Assert(req->fcall->funcresulttype == BOOLOID);
	ulidtype = exprType(ulidside);
	if (ulidtype == UUIDOID)
		return NULL;

	if (is_pseudo_constant_clause(uuidside))
	{
		opno = ulid_btree_operator(ulidtype, strategy, &funcid);
		if (!OidIsValid(opno))
			return NULL;
		return (Node *) ulid_make_comparison(opno, funcid, linitial(args), lsecond(args), ulidtype);
	}

	return (Node *) ulid_make_comparison(uuid_btree_ops[strategy], uuid_btree_funcs[strategy],
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
