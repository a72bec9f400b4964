/*-------------------------------------------------------------------------
 *
 * ulid_support.c
 *	  Planner support for the comparisons between ulid and uuid: an index
 *	  on either type serves a value of the other.
 *
 * The cross-type operators (ulid--1.0--1.1.sql) belong to ulid's own
 * operator families, not to core's uuid families: members added to a family
 * that PostgreSQL owns are lost by pg_upgrade (docs/uuid-interop.md).  So an
 * index on a uuid column knows "uuid_col = ulid_value" as an operator outside
 * its family, and the planner asks this function whether the clause can
 * become one the index knows.  It can, exactly: both types are the same 16
 * bytes in the same order, so the value relabelled to the index's type and
 * compared with that type's own operator selects the same rows.
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/namespace.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

#include "compat.h"

/*
 * The operator named opname between two values of type typid: core's for
 * uuid, and for ulid the one in the schema of the cross-type operator being
 * replaced, which is the extension's schema.
 */
static Oid
same_type_operator(const char *opname, Oid typid, Oid crossop)
{
	const char *nspname;
	HeapTuple	tup;
	Oid			nspid;

	if (typid == UUIDOID)
		nspname = "pg_catalog";
	else
	{
		tup = SearchSysCache1(OPEROID, ObjectIdGetDatum(crossop));
		if (!HeapTupleIsValid(tup))
			return InvalidOid;
		nspid = ((Form_pg_operator) GETSTRUCT(tup))->oprnamespace;
		ReleaseSysCache(tup);
		nspname = get_namespace_name(nspid);
		if (nspname == NULL)
			return InvalidOid;
	}

	return OpernameGetOprid(list_make2(makeString(pstrdup(nspname)),
									   makeString(pstrdup(opname))),
							typid, typid);
}

/* expr as a value of type typid: the types share their bytes */
static Expr *
as_type(Node *expr, Oid typid)
{
	if (exprType(expr) == typid)
		return (Expr *) expr;
	return (Expr *) applyRelabelType(expr, typid, -1, InvalidOid,
									 COERCE_IMPLICIT_CAST, -1, false);
}

/*
 * SupportRequestIndexCondition for "a op b", with a and b one ulid and one
 * uuid, op one of = < <= >= >: the index column's side keeps its place on the
 * left, the other side is relabelled to the index's input type, and op
 * becomes that type's own operator (commuted when the column was on the
 * right).  Nothing is returned unless that operator is in the index's
 * operator family; then the planner keeps the clause as a filter.
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
	Oid			target;
	Oid			newop;
	char	   *opname;
	Node	   *indexside;
	Node	   *otherside;
	Expr	   *newclause;

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

	/*
	 * The index compares values of its input type; it must be one of the two
	 * types of the clause (and so uuid or ulid: this function serves only the
	 * operators between them).
	 */
	target = req->index->opcintype[req->indexcol];
	if (target != lefttype && target != righttype)
		PG_RETURN_POINTER(NULL);

	opname = get_opname(crossop);
	if (opname == NULL)
		PG_RETURN_POINTER(NULL);
	newop = same_type_operator(opname, target, crossop);
	if (!OidIsValid(newop) || !op_in_opfamily(newop, req->opfamily))
		PG_RETURN_POINTER(NULL);

	indexside = (Node *) list_nth(clause->args, req->indexarg);
	otherside = (Node *) list_nth(clause->args, 1 - req->indexarg);

	newclause = make_opclause(newop, BOOLOID, false,
							  as_type(indexside, target),
							  as_type(otherside, target),
							  InvalidOid, InvalidOid);
	((OpExpr *) newclause)->opfuncid = get_opcode(newop);

	/* the same rows, so the original clause need not be checked again */
	req->lossy = false;

	PG_RETURN_POINTER(list_make1(newclause));
}
