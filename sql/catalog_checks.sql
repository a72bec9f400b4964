--
-- Core's own catalog checks over the extension's objects: amvalidate() of
-- every operator class, and the queries of PostgreSQL's
-- src/test/regress/sql/opr_sanity.sql (18) that apply to an extension's
-- functions, casts, operators, aggregates, operator families and classes
-- and their amop and amproc entries, each kept to the rows that involve an
-- object of the extension.  Each query is named after the opr_sanity check
-- it comes from, and finds nothing but the exceptions named, with their
-- reasons, in the comment right above it.
--

-- the objects of the extension (pg_depend deptype 'e'), by catalog
CREATE TEMP VIEW ulid_objects AS
SELECT d.classid, d.objid
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e' AND e.extname = 'ulid';
CREATE TEMP VIEW ulid_proc AS
SELECT objid AS oid FROM ulid_objects WHERE classid = 'pg_proc'::regclass;
CREATE TEMP VIEW ulid_opr AS
SELECT objid AS oid FROM ulid_objects WHERE classid = 'pg_operator'::regclass;
CREATE TEMP VIEW ulid_cast AS
SELECT objid AS oid FROM ulid_objects WHERE classid = 'pg_cast'::regclass;
CREATE TEMP VIEW ulid_opf AS
SELECT objid AS oid FROM ulid_objects WHERE classid = 'pg_opfamily'::regclass;
CREATE TEMP VIEW ulid_opc AS
SELECT objid AS oid FROM ulid_objects WHERE classid = 'pg_opclass'::regclass;

-- what there is to check: 6 classes (btree, hash, three BRIN, GiST) in as
-- many families, 8 casts, 18 operators (6 of ulid, 12 between ulid and
-- uuid), the two aggregates
SELECT (SELECT count(*) FROM ulid_opc) AS opclasses, (SELECT count(*) FROM ulid_opf) AS opfamilies,
       (SELECT count(*) FROM ulid_cast) AS casts, (SELECT count(*) FROM ulid_opr) AS operators,
       (SELECT count(*) FROM pg_proc WHERE prokind = 'a' AND oid IN (SELECT oid FROM ulid_proc)) AS aggregates;

-- opr_sanity uses the regress library's binary_coercible(), which calls the
-- parser's IsBinaryCoercible(); the same in SQL for the types met here: the
-- same type, a target of "any", anyelement or anycompatible, a domain over
-- the target, an array to anyarray, or an implicit cast without function
CREATE FUNCTION pg_temp.binary_coercible(src oid, tgt oid) RETURNS bool
LANGUAGE sql STABLE STRICT AS $$
SELECT src = tgt
    OR tgt IN ('"any"'::regtype, 'anyelement'::regtype, 'anycompatible'::regtype)
    OR (SELECT typbasetype FROM pg_type WHERE oid = src) = tgt
    OR (tgt IN ('anyarray'::regtype, 'anycompatiblearray'::regtype)
        AND EXISTS (SELECT 1 FROM pg_type WHERE oid = src AND typelem <> 0 AND typsubscript = 'array_subscript_handler'::regproc))
    OR EXISTS (SELECT 1 FROM pg_cast
               WHERE castsource = src AND casttarget = tgt AND castmethod = 'b' AND castcontext = 'i')
$$;
-- its answers on a few pairs: the implicit cast without function from ulid
-- to uuid counts, the assignment cast back does not (IsBinaryCoercible
-- takes implicit casts only), and text has no such cast to bytea
SELECT pg_temp.binary_coercible('ulid'::regtype, 'uuid'::regtype) AS ulid_uuid,
       pg_temp.binary_coercible('uuid'::regtype, 'ulid'::regtype) AS uuid_ulid,
       pg_temp.binary_coercible('varchar'::regtype, 'text'::regtype) AS varchar_text,
       pg_temp.binary_coercible('ulid[]'::regtype, 'anyarray'::regtype) AS array_anyarray,
       pg_temp.binary_coercible('ulid'::regtype, '"any"'::regtype) AS any,
       pg_temp.binary_coercible('text'::regtype, 'bytea'::regtype) AS text_bytea;

-- **************** amvalidate ****************

-- "Ask access methods to validate opclasses": every class of the extension
-- (1.4 had the BRIN families' (uuid, uuid) operators without support
-- functions, and its three BRIN classes failed here)
SELECT am.amname, c.opcname, amvalidate(c.oid)
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.oid IN (SELECT oid FROM ulid_opc)
ORDER BY 1, 2;

-- **************** pg_proc ****************

-- "Look for illegal values in pg_proc fields"
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    (p1.prolang = 0 OR p1.prorettype = 0 OR
     p1.pronargs < 0 OR
     p1.pronargdefaults < 0 OR
     p1.pronargdefaults > p1.pronargs OR
     array_lower(p1.proargtypes, 1) != 0 OR
     array_upper(p1.proargtypes, 1) != p1.pronargs-1 OR
     0::oid = ANY (p1.proargtypes) OR
     procost <= 0 OR
     CASE WHEN proretset THEN prorows <= 0 ELSE prorows != 0 END OR
     prokind NOT IN ('f', 'a', 'w', 'p') OR
     provolatile NOT IN ('i', 's', 'v') OR
     proparallel NOT IN ('s', 'r', 'u'));

-- "prosrc should never be null; it can be empty only if prosqlbody isn't null"
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    (prosrc IS NULL OR ((prosrc = '' OR prosrc = '-') AND prosqlbody IS NULL));

-- "proretset should only be set for normal functions"
SELECT p1.oid::regprocedure
FROM pg_proc AS p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND proretset AND prokind != 'f';

-- "currently, no built-in functions should be SECURITY DEFINER"
SELECT p1.oid::regprocedure
FROM pg_proc AS p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND prosecdef;

-- "pronargdefaults should be 0 iff proargdefaults is null"
SELECT p1.oid::regprocedure
FROM pg_proc AS p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    (pronargdefaults <> 0) != (proargdefaults IS NOT NULL);

-- "probin should be non-empty for C functions, null everywhere else"
SELECT p1.oid::regprocedure, l.lanname, p1.probin
FROM pg_proc as p1 JOIN pg_language l ON l.oid = p1.prolang
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    CASE WHEN l.lanname = 'c' THEN probin IS NULL OR probin = '' OR probin = '-'
         ELSE probin IS NOT NULL END;

-- "Look for conflicting proc definitions (same names and input datatypes)",
-- in any schema
SELECT p1.oid::regprocedure, p2.oid::regprocedure
FROM pg_proc AS p1, pg_proc AS p2
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.oid != p2.oid AND
    p1.proname = p2.proname AND
    p1.pronargs = p2.pronargs AND
    p1.proargtypes = p2.proargtypes;

-- "look for multiple uses of the same internal function (ie, matching prosrc
-- fields)": opr_sanity looks at LANGUAGE internal; here the C functions
-- that share one symbol of the library must agree on every label
SELECT p1.oid::regprocedure, p2.oid::regprocedure
FROM pg_proc AS p1, pg_proc AS p2
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.oid < p2.oid AND
    p1.prosrc = p2.prosrc AND p1.probin = p2.probin AND
    p1.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') AND
    p1.prolang = p2.prolang AND
    (p1.prokind != 'a' OR p2.prokind != 'a') AND
    (p1.prokind != p2.prokind OR
     p1.prosecdef != p2.prosecdef OR
     p1.proleakproof != p2.proleakproof OR
     p1.proisstrict != p2.proisstrict OR
     p1.proretset != p2.proretset OR
     p1.provolatile != p2.provolatile OR
     p1.pronargs != p2.pronargs);

-- "Look for uses of different type OIDs in the argument/result type fields
-- for different aliases of the same built-in function ... we make lists of
-- all the types being so treated", for the extension's C symbols.  Two
-- pairs.  ulid and uuid, in the first and in the second argument: they are
-- the same 16 bytes, ordered by memcmp, so ulid's own comparison functions
-- (ulid_eq ... ulid_cmp) are also the C of ulid_eq_uuid ... ulid_cmp_uuid
-- and uuid_eq_ulid ... uuid_cmp_ulid (docs/design.md, "ulid and uuid").
-- timestamp and timestamptz, in the result of ulid_time's C
-- (ulid_to_timestamp) and the argument of ulid_lower's (timestamp_to_ulid):
-- a timestamp read as UTC has the timestamptz's microseconds, as core's
-- timestamptz_eq and timestamp_eq share their C too
SELECT DISTINCT 'result' AS position, p1.prorettype::regtype, p2.prorettype::regtype
FROM pg_proc AS p1, pg_proc AS p2
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.oid != p2.oid AND
    p1.prosrc = p2.prosrc AND p1.probin = p2.probin AND
    p1.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') AND
    p1.prokind != 'a' AND p2.prokind != 'a' AND
    (p1.prorettype < p2.prorettype)
UNION ALL
SELECT DISTINCT 'argument ' || i, p1.proargtypes[i]::regtype, p2.proargtypes[i]::regtype
FROM pg_proc AS p1, pg_proc AS p2, generate_series(0, 7) AS i
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.oid != p2.oid AND
    p1.prosrc = p2.prosrc AND p1.probin = p2.probin AND
    p1.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') AND
    p1.prokind != 'a' AND p2.prokind != 'a' AND
    (p1.proargtypes[i] < p2.proargtypes[i])
ORDER BY 1, 2, 3;

-- "Look for functions that return type "internal" and do not have any
-- "internal" argument.  Such a function would be a security hole"
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.prorettype = 'internal'::regtype AND NOT
    'internal'::regtype = ANY (p1.proargtypes);

-- "Look for functions that return a polymorphic type and do not have any
-- polymorphic argument", with its anyrange and anycompatible variants
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    ((p1.prorettype IN ('anyelement'::regtype, 'anyarray'::regtype, 'anynonarray'::regtype,
                        'anyenum'::regtype)
      AND NOT ('anyelement'::regtype = ANY (p1.proargtypes) OR
               'anyarray'::regtype = ANY (p1.proargtypes) OR
               'anynonarray'::regtype = ANY (p1.proargtypes) OR
               'anyenum'::regtype = ANY (p1.proargtypes) OR
               'anyrange'::regtype = ANY (p1.proargtypes) OR
               'anymultirange'::regtype = ANY (p1.proargtypes)))
     OR (p1.prorettype IN ('anyrange'::regtype, 'anymultirange'::regtype)
         AND NOT ('anyrange'::regtype = ANY (p1.proargtypes) OR
                  'anymultirange'::regtype = ANY (p1.proargtypes)))
     OR (p1.prorettype IN ('anycompatible'::regtype, 'anycompatiblearray'::regtype,
                           'anycompatiblenonarray'::regtype)
         AND NOT ('anycompatible'::regtype = ANY (p1.proargtypes) OR
                  'anycompatiblearray'::regtype = ANY (p1.proargtypes) OR
                  'anycompatiblenonarray'::regtype = ANY (p1.proargtypes) OR
                  'anycompatiblerange'::regtype = ANY (p1.proargtypes)))
     OR (p1.prorettype = 'anycompatiblerange'::regtype
         AND NOT 'anycompatiblerange'::regtype = ANY (p1.proargtypes)));

-- "Look for functions that accept cstring and are neither datatype input
-- functions nor encoding conversion functions"
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    'cstring'::regtype = ANY (p1.proargtypes)
    AND NOT EXISTS(SELECT 1 FROM pg_type WHERE typinput = p1.oid)
    AND NOT EXISTS(SELECT 1 FROM pg_conversion WHERE conproc = p1.oid);

-- "Likewise, look for functions that return cstring and aren't datatype
-- output functions nor typmod output functions"
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.prorettype = 'cstring'::regtype
    AND NOT EXISTS(SELECT 1 FROM pg_type WHERE typoutput = p1.oid)
    AND NOT EXISTS(SELECT 1 FROM pg_type WHERE typmodout = p1.oid);

-- "Check for length inconsistencies between the various argument-info
-- arrays" (its six queries in one)
SELECT p1.oid::regprocedure
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    ((proallargtypes IS NOT NULL AND
      array_length(proallargtypes,1) < array_length(proargtypes,1)) OR
     (proargmodes IS NOT NULL AND
      array_length(proargmodes,1) < array_length(proargtypes,1)) OR
     (proargnames IS NOT NULL AND
      array_length(proargnames,1) < array_length(proargtypes,1)) OR
     (proallargtypes IS NOT NULL AND proargmodes IS NOT NULL AND
      array_length(proallargtypes,1) <> array_length(proargmodes,1)) OR
     (proallargtypes IS NOT NULL AND proargnames IS NOT NULL AND
      array_length(proallargtypes,1) <> array_length(proargnames,1)) OR
     (proargmodes IS NOT NULL AND proargnames IS NOT NULL AND
      array_length(proargmodes,1) <> array_length(proargnames,1)));

-- "Check that proallargtypes matches proargtypes"
SELECT p1.oid::regprocedure, p1.proargtypes, p1.proallargtypes, p1.proargmodes
FROM pg_proc as p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
  proallargtypes IS NOT NULL AND
  ARRAY(SELECT unnest(proargtypes)) <>
  ARRAY(SELECT proallargtypes[i]
        FROM generate_series(1, array_length(proallargtypes, 1)) g(i)
        WHERE proargmodes IS NULL OR proargmodes[i] IN ('i', 'b', 'v'));

-- "Check for type of the variadic array parameter's elements" and "Check
-- that all and only those functions with a variadic type have a variadic
-- argument"
SELECT oid::regprocedure, provariadic::regtype, proargtypes::regtype[], proargmodes
FROM pg_proc
WHERE oid IN (SELECT oid FROM ulid_proc) AND
    ((provariadic != 0
      AND case proargtypes[array_length(proargtypes, 1)-1]
          WHEN '"any"'::regtype THEN '"any"'::regtype
          WHEN 'anyarray'::regtype THEN 'anyelement'::regtype
          WHEN 'anycompatiblearray'::regtype THEN 'anycompatible'::regtype
          ELSE (SELECT t.oid
                FROM pg_type t
                WHERE t.typarray = proargtypes[array_length(proargtypes, 1)-1])
          END != provariadic)
     OR ((proargmodes IS NOT NULL AND 'v' = any(proargmodes))
         IS DISTINCT FROM (provariadic != 0)));

-- "Check for prosupport functions with the wrong signature" (the functions
-- of the ten cross-type operators other than <> have one)
SELECT p1.oid::regprocedure, p2.oid::regprocedure
FROM pg_proc AS p1, pg_proc AS p2
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p2.oid = p1.prosupport AND
    (p2.prorettype != 'internal'::regtype OR p2.proretset OR p2.pronargs != 1
     OR p2.proargtypes[0] != 'internal'::regtype);

-- "Check that functions without argument are not marked as leakproof"
SELECT p1.oid::regprocedure
FROM pg_proc p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND proleakproof AND pronargs = 0;

-- "Check that all immutable functions are marked parallel safe"
SELECT p1.oid::regprocedure
FROM pg_proc AS p1
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND provolatile = 'i' AND proparallel = 'u';

-- **************** pg_cast ****************

-- "Catch bogus values in pg_cast columns"
SELECT c.castsource::regtype, c.casttarget::regtype
FROM pg_cast c
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    (castsource = 0 OR casttarget = 0 OR castcontext NOT IN ('e', 'a', 'i')
     OR castmethod NOT IN ('f', 'b' ,'i'));

-- "Check that castfunc is nonzero only for cast methods that need a
-- function, and zero otherwise"
SELECT c.castsource::regtype, c.casttarget::regtype
FROM pg_cast c
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    ((castmethod = 'f' AND castfunc = 0)
     OR (castmethod IN ('b', 'i') AND castfunc <> 0));

-- "Look for casts to/from the same type that aren't length coercion
-- functions" (its two queries in one)
SELECT c.castsource::regtype, c.casttarget::regtype
FROM pg_cast c LEFT JOIN pg_proc p ON p.oid = c.castfunc
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    castsource = casttarget AND (castfunc = 0 OR p.pronargs < 2);

-- "Look for cast functions that don't have the right signature"
SELECT c.castsource::regtype, c.casttarget::regtype, p.oid::regprocedure
FROM pg_cast c, pg_proc p
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    c.castfunc = p.oid AND
    (p.pronargs < 1 OR p.pronargs > 3
     OR NOT (pg_temp.binary_coercible(c.castsource, p.proargtypes[0])
             OR (c.castsource = 'character'::regtype AND
                 p.proargtypes[0] = 'text'::regtype))
     OR NOT pg_temp.binary_coercible(p.prorettype, c.casttarget));

SELECT c.castsource::regtype, c.casttarget::regtype, p.oid::regprocedure
FROM pg_cast c, pg_proc p
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    c.castfunc = p.oid AND
    ((p.pronargs > 1 AND p.proargtypes[1] != 'int4'::regtype) OR
     (p.pronargs > 2 AND p.proargtypes[2] != 'bool'::regtype));

-- "Look for binary compatible casts that do not have the reverse direction
-- registered as well, or where the reverse direction is not also binary
-- compatible" (ulid to uuid and back are both without function)
SELECT castsource::regtype, casttarget::regtype, castfunc, castcontext
FROM pg_cast c
WHERE c.oid IN (SELECT oid FROM ulid_cast) AND
    c.castmethod = 'b' AND
    NOT EXISTS (SELECT 1 FROM pg_cast k
                WHERE k.castmethod = 'b' AND
                    k.castsource = c.casttarget AND
                    k.casttarget = c.castsource);

-- **************** pg_operator ****************

-- "Look for illegal values in pg_operator fields"
SELECT o1.oid::regoperator
FROM pg_operator as o1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    ((o1.oprkind != 'b' AND o1.oprkind != 'l') OR
     o1.oprresult = 0 OR o1.oprcode = 0);

-- "Look for missing or unwanted operand types"
SELECT o1.oid::regoperator
FROM pg_operator as o1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    ((o1.oprleft = 0 and o1.oprkind != 'l') OR
     (o1.oprleft != 0 and o1.oprkind = 'l') OR
     o1.oprright = 0);

-- "Look for conflicting operator definitions (same names and input
-- datatypes)", in any schema
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oid != o2.oid AND
    o1.oprname = o2.oprname AND
    o1.oprkind = o2.oprkind AND
    o1.oprleft = o2.oprleft AND
    o1.oprright = o2.oprright;

-- "Look for commutative operators that don't commute"
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2
WHERE (o1.oid IN (SELECT oid FROM ulid_opr) OR o2.oid IN (SELECT oid FROM ulid_opr)) AND
    o1.oprcom = o2.oid AND
    (o1.oprkind != 'b' OR
     o1.oprleft != o2.oprright OR
     o1.oprright != o2.oprleft OR
     o1.oprresult != o2.oprresult OR
     o1.oid != o2.oprcom);

-- "Look for negatory operators that don't agree"
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2
WHERE (o1.oid IN (SELECT oid FROM ulid_opr) OR o2.oid IN (SELECT oid FROM ulid_opr)) AND
    o1.oprnegate = o2.oid AND
    (o1.oprkind != o2.oprkind OR
     o1.oprleft != o2.oprleft OR
     o1.oprright != o2.oprright OR
     o1.oprresult != 'bool'::regtype OR
     o2.oprresult != 'bool'::regtype OR
     o1.oid != o2.oprnegate OR
     o1.oid = o2.oid);

-- "Make a list of the names of operators that are claimed to be commutator
-- pairs ... make sure you didn't link the wrong operators": the extension's
-- operators are comparisons, so the only right pairs are those of core's
-- comparisons, = with =, <> with <>, < with >, <= with >=
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator o1, pg_operator o2
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprcom = o2.oid AND
    (o1.oprname, o2.oprname) NOT IN (('=', '='), ('<>', '<>'), ('<', '>'), ('>', '<'),
                                     ('<=', '>='), ('>=', '<='));

-- "Likewise for negator pairs": = with <>, < with >=, > with <=
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator o1, pg_operator o2
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprnegate = o2.oid AND
    (o1.oprname, o2.oprname) NOT IN (('=', '<>'), ('<>', '='), ('<', '>='), ('>=', '<'),
                                     ('>', '<='), ('<=', '>'));

-- "A mergejoinable or hashjoinable operator must be binary, must return
-- boolean, and must have a commutator"
SELECT o1.oid::regoperator
FROM pg_operator AS o1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    (o1.oprcanmerge OR o1.oprcanhash) AND NOT
    (o1.oprkind = 'b' AND o1.oprresult = 'bool'::regtype AND o1.oprcom != 0);

-- "What's more, the commutator had better be mergejoinable/hashjoinable too"
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2
WHERE (o1.oid IN (SELECT oid FROM ulid_opr) OR o2.oid IN (SELECT oid FROM ulid_opr)) AND
    o1.oprcom = o2.oid AND
    (o1.oprcanmerge != o2.oprcanmerge OR
     o1.oprcanhash != o2.oprcanhash);

-- "Mergejoinable operators should appear as equality members of btree index
-- opfamilies"
SELECT o1.oid::regoperator
FROM pg_operator AS o1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprcanmerge AND NOT EXISTS
  (SELECT 1 FROM pg_amop
   WHERE amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree') AND
         amopopr = o1.oid AND amopstrategy = 3);

-- "And the converse": btree equality members of the extension's family, or
-- operators of the extension in a btree family, that are not mergejoinable.
-- Two rows, the cross-type =(ulid,uuid) and =(uuid,ulid), members of ulid's
-- btree family ulid_ops and not MERGES (the full install script, above its
-- comparison functions; docs/uuid-interop.md, item 3):
--  - 1.3 cleared their flag: a mergejoinable = put a join of a ulid column
--    with a uuid key into an equivalence class of ulid's btree family, which
--    no uuid index serves, so the uuid side was read in full;
--  - from 1.4 the planner never meets them in a join clause: their support
--    functions rewrite such a clause into uuid's own =, which is MERGES, so
--    merge joins come from it;
--  - a fresh install must equal a 1.3 database updated to the newest version
--    (t/007_update_path.pl), and on 15 ALTER OPERATOR cannot give the flag
--    back (nor on 16: ulid--1.2--1.3.sql):
--      ALTER OPERATOR = (ulid, uuid) SET (MERGES = true);
--      ERROR:  operator attribute "merges" cannot be changed
--    (18.6 runs it, and SET (MERGES), which 15 refuses as a syntax error;
--    the scripts are the same on every major).
SELECT o1.oid::regoperator, f.opfname
FROM pg_operator AS o1, pg_amop p, pg_opfamily f
WHERE (p.amopfamily IN (SELECT oid FROM ulid_opf) OR o1.oid IN (SELECT oid FROM ulid_opr)) AND
  f.oid = p.amopfamily
  AND amopopr = o1.oid
  AND amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
  AND amopstrategy = 3
  AND NOT o1.oprcanmerge
ORDER BY o1.oid::regoperator::text, f.opfname;

-- "Hashable operators should appear as members of hash index opfamilies"
SELECT o1.oid::regoperator
FROM pg_operator AS o1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprcanhash AND NOT EXISTS
  (SELECT 1 FROM pg_amop
   WHERE amopmethod = (SELECT oid FROM pg_am WHERE amname = 'hash') AND
         amopopr = o1.oid AND amopstrategy = 1);

-- "And the converse"
SELECT o1.oid::regoperator, f.opfname
FROM pg_operator AS o1, pg_amop p, pg_opfamily f
WHERE (p.amopfamily IN (SELECT oid FROM ulid_opf) OR o1.oid IN (SELECT oid FROM ulid_opr)) AND
  f.oid = p.amopfamily
  AND amopopr = o1.oid
  AND amopmethod = (SELECT oid FROM pg_am WHERE amname = 'hash')
  AND NOT o1.oprcanhash;

-- "Check that each operator defined in pg_operator matches its oprcode
-- entry in pg_proc" (binary and prefix operators)
SELECT o1.oid::regoperator, p1.oid::regprocedure
FROM pg_operator AS o1, pg_proc AS p1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprcode = p1.oid AND
    ((o1.oprkind = 'b' AND
      (p1.pronargs != 2
       OR NOT pg_temp.binary_coercible(p1.prorettype, o1.oprresult)
       OR NOT pg_temp.binary_coercible(o1.oprleft, p1.proargtypes[0])
       OR NOT pg_temp.binary_coercible(o1.oprright, p1.proargtypes[1])))
     OR (o1.oprkind = 'l' AND
         (p1.pronargs != 1
          OR NOT pg_temp.binary_coercible(p1.prorettype, o1.oprresult)
          OR NOT pg_temp.binary_coercible(o1.oprright, p1.proargtypes[0])
          OR o1.oprleft != 0)));

-- "If the operator is mergejoinable or hashjoinable, its underlying function
-- should not be volatile"
SELECT o1.oid::regoperator, p1.oid::regprocedure
FROM pg_operator AS o1, pg_proc AS p1
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprcode = p1.oid AND
    (o1.oprcanmerge OR o1.oprcanhash) AND
    p1.provolatile = 'v';

-- "If oprrest is set, the operator must return boolean, and it must link to
-- a proc with the right signature to be a restriction selectivity estimator"
SELECT o1.oid::regoperator, p2.oid::regprocedure
FROM pg_operator AS o1, pg_proc AS p2
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprrest = p2.oid AND
    (o1.oprresult != 'bool'::regtype OR
     p2.prorettype != 'float8'::regtype OR p2.proretset OR
     p2.pronargs != 4 OR
     p2.proargtypes[0] != 'internal'::regtype OR
     p2.proargtypes[1] != 'oid'::regtype OR
     p2.proargtypes[2] != 'internal'::regtype OR
     p2.proargtypes[3] != 'int4'::regtype);

-- "If oprjoin is set, the operator must be a binary boolean op, and it must
-- link to a proc with the right signature to be a join selectivity
-- estimator"
SELECT o1.oid::regoperator, p2.oid::regprocedure
FROM pg_operator AS o1, pg_proc AS p2
WHERE o1.oid IN (SELECT oid FROM ulid_opr) AND
    o1.oprjoin = p2.oid AND
    (o1.oprkind != 'b' OR o1.oprresult != 'bool'::regtype OR
     p2.prorettype != 'float8'::regtype OR p2.proretset OR
     p2.pronargs != 5 OR
     p2.proargtypes[0] != 'internal'::regtype OR
     p2.proargtypes[1] != 'oid'::regtype OR
     p2.proargtypes[2] != 'internal'::regtype OR
     p2.proargtypes[3] != 'int2'::regtype OR
     p2.proargtypes[4] != 'internal'::regtype);

-- "Check that operators' underlying functions have suitable comments, namely
-- 'implementation of XXX operator'", and "Show all the operator-
-- implementation functions that have their own comments"
WITH funcdescs AS (
  SELECT p.oid as p_oid, o.oid as o_oid,
    pd.description as prodesc,
    'implementation of ' || oprname || ' operator' as expecteddesc,
    od.description as oprdesc
  FROM pg_proc p JOIN pg_operator o ON oprcode = p.oid
       LEFT JOIN pg_description pd ON
         (pd.objoid = p.oid and pd.classoid = p.tableoid and pd.objsubid = 0)
       LEFT JOIN pg_description od ON
         (od.objoid = o.oid and od.classoid = o.tableoid and od.objsubid = 0)
  WHERE o.oid IN (SELECT oid FROM ulid_opr)
)
SELECT o_oid::regoperator, p_oid::regprocedure, prodesc, oprdesc FROM funcdescs
  WHERE prodesc IS DISTINCT FROM expecteddesc;

-- "Operators that are commutator pairs should have identical volatility and
-- leakproofness markings on their implementation functions"
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2, pg_proc AS p1, pg_proc AS p2
WHERE (o1.oid IN (SELECT oid FROM ulid_opr) OR o2.oid IN (SELECT oid FROM ulid_opr)) AND
    o1.oprcom = o2.oid AND p1.oid = o1.oprcode AND p2.oid = o2.oprcode AND
    (p1.provolatile != p2.provolatile OR
     p1.proleakproof != p2.proleakproof);

-- "Likewise for negator pairs"
SELECT o1.oid::regoperator, o2.oid::regoperator
FROM pg_operator AS o1, pg_operator AS o2, pg_proc AS p1, pg_proc AS p2
WHERE (o1.oid IN (SELECT oid FROM ulid_opr) OR o2.oid IN (SELECT oid FROM ulid_opr)) AND
    o1.oprnegate = o2.oid AND p1.oid = o1.oprcode AND p2.oid = o2.oprcode AND
    (p1.provolatile != p2.provolatile OR
     p1.proleakproof != p2.proleakproof);

-- "Btree comparison operators' functions should have the same volatility and
-- leakproofness markings as the associated comparison support function", in
-- the extension's btree family
SELECT pp.oid::regprocedure as proc, pp.provolatile as vp, pp.proleakproof as lp,
       po.oid::regprocedure as opr, po.provolatile as vo, po.proleakproof as lo
FROM pg_proc pp, pg_proc po, pg_operator o, pg_amproc ap, pg_amop ao
WHERE ao.amopfamily IN (SELECT oid FROM ulid_opf) AND
    pp.oid = ap.amproc AND po.oid = o.oprcode AND o.oid = ao.amopopr AND
    ao.amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree') AND
    ao.amopfamily = ap.amprocfamily AND
    ao.amoplefttype = ap.amproclefttype AND
    ao.amoprighttype = ap.amprocrighttype AND
    ap.amprocnum = 1 AND
    (pp.provolatile != po.provolatile OR
     pp.proleakproof != po.proleakproof);

-- **************** pg_aggregate ****************

-- "Look for illegal values in pg_aggregate fields"
SELECT aggfnoid::regprocedure
FROM pg_aggregate as a
WHERE aggfnoid IN (SELECT oid FROM ulid_proc) AND
    (aggfnoid = 0 OR aggtransfn = 0 OR
     aggkind NOT IN ('n', 'o', 'h') OR
     aggnumdirectargs < 0 OR
     (aggkind = 'n' AND aggnumdirectargs > 0) OR
     aggfinalmodify NOT IN ('r', 's', 'w') OR
     aggmfinalmodify NOT IN ('r', 's', 'w') OR
     aggtranstype = 0 OR aggtransspace < 0 OR aggmtransspace < 0);

-- "Make sure the matching pg_proc entry is sensible, too"
SELECT a.aggfnoid::regprocedure
FROM pg_aggregate as a, pg_proc as p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    (p.prokind != 'a' OR p.proretset OR p.pronargs < a.aggnumdirectargs);

-- "Make sure there are no prokind = PROKIND_AGGREGATE pg_proc entries
-- without matches"
SELECT oid::regprocedure
FROM pg_proc as p
WHERE p.oid IN (SELECT oid FROM ulid_proc) AND
    p.prokind = 'a' AND
    NOT EXISTS (SELECT 1 FROM pg_aggregate a WHERE a.aggfnoid = p.oid);

-- "If there is no finalfn then the output type must be the transtype"
SELECT a.aggfnoid::regprocedure
FROM pg_aggregate as a, pg_proc as p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggfinalfn = 0 AND p.prorettype != a.aggtranstype;

-- "Cross-check transfn against its entry in pg_proc"
SELECT a.aggfnoid::regprocedure, ptr.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS ptr
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggtransfn = ptr.oid AND
    (ptr.proretset
     OR NOT (ptr.pronargs =
             CASE WHEN a.aggkind = 'n' THEN p.pronargs + 1
             ELSE greatest(p.pronargs - a.aggnumdirectargs, 1) + 1 END)
     OR NOT pg_temp.binary_coercible(ptr.prorettype, a.aggtranstype)
     OR NOT pg_temp.binary_coercible(a.aggtranstype, ptr.proargtypes[0])
     OR (p.pronargs > 0 AND
         NOT pg_temp.binary_coercible(p.proargtypes[0], ptr.proargtypes[1]))
     OR (p.pronargs > 1 AND
         NOT pg_temp.binary_coercible(p.proargtypes[1], ptr.proargtypes[2]))
     OR (p.pronargs > 2 AND
         NOT pg_temp.binary_coercible(p.proargtypes[2], ptr.proargtypes[3]))
     OR (p.pronargs > 3 AND
         NOT pg_temp.binary_coercible(p.proargtypes[3], ptr.proargtypes[4]))
     OR (p.pronargs > 4)
    );

-- "Cross-check finalfn (if present) against its entry in pg_proc"
SELECT a.aggfnoid::regprocedure, pfn.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS pfn
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggfinalfn = pfn.oid AND
    (pfn.proretset OR
     NOT pg_temp.binary_coercible(pfn.prorettype, p.prorettype) OR
     NOT pg_temp.binary_coercible(a.aggtranstype, pfn.proargtypes[0]) OR
     CASE WHEN a.aggfinalextra THEN pfn.pronargs != p.pronargs + 1
          ELSE pfn.pronargs != a.aggnumdirectargs + 1 END
     OR (pfn.pronargs > 1 AND
         NOT pg_temp.binary_coercible(p.proargtypes[0], pfn.proargtypes[1]))
     OR (pfn.pronargs > 2 AND
         NOT pg_temp.binary_coercible(p.proargtypes[1], pfn.proargtypes[2]))
     OR (pfn.pronargs > 3 AND
         NOT pg_temp.binary_coercible(p.proargtypes[2], pfn.proargtypes[3]))
     OR (pfn.pronargs > 4)
    );

-- "If transfn is strict then either initval should be non-NULL, or input
-- type should match transtype so that the first non-null input can be
-- assigned as the state value"
SELECT a.aggfnoid::regprocedure, ptr.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS ptr
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggtransfn = ptr.oid AND ptr.proisstrict AND
    a.agginitval IS NULL AND
    NOT pg_temp.binary_coercible(p.proargtypes[0], a.aggtranstype);

-- "Check for inconsistent specifications of moving-aggregate columns" (its
-- two queries in one)
SELECT aggfnoid::regprocedure
FROM pg_aggregate as a
WHERE aggfnoid IN (SELECT oid FROM ulid_proc) AND
    ((aggmtranstype != 0 AND
      (aggmtransfn = 0 OR aggminvtransfn = 0)) OR
     (aggmtranstype = 0 AND
      (aggmtransfn != 0 OR aggminvtransfn != 0 OR aggmfinalfn != 0 OR
       aggmtransspace != 0 OR aggminitval IS NOT NULL)));

-- "If there is no mfinalfn then the output type must be the mtranstype"
SELECT a.aggfnoid::regprocedure
FROM pg_aggregate as a, pg_proc as p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggmtransfn != 0 AND
    a.aggmfinalfn = 0 AND p.prorettype != a.aggmtranstype;

-- "Cross-check mtransfn (if present) against its entry in pg_proc" and
-- "Cross-check minvtransfn (if present) against its entry in pg_proc"
SELECT a.aggfnoid::regprocedure, ptr.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS ptr
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    ptr.oid IN (a.aggmtransfn, a.aggminvtransfn) AND
    (ptr.proretset
     OR NOT (ptr.pronargs =
             CASE WHEN a.aggkind = 'n' THEN p.pronargs + 1
             ELSE greatest(p.pronargs - a.aggnumdirectargs, 1) + 1 END)
     OR NOT pg_temp.binary_coercible(ptr.prorettype, a.aggmtranstype)
     OR NOT pg_temp.binary_coercible(a.aggmtranstype, ptr.proargtypes[0])
     OR (p.pronargs > 0 AND
         NOT pg_temp.binary_coercible(p.proargtypes[0], ptr.proargtypes[1]))
     OR (p.pronargs > 1 AND
         NOT pg_temp.binary_coercible(p.proargtypes[1], ptr.proargtypes[2]))
     OR (p.pronargs > 2 AND
         NOT pg_temp.binary_coercible(p.proargtypes[2], ptr.proargtypes[3]))
     OR (p.pronargs > 3 AND
         NOT pg_temp.binary_coercible(p.proargtypes[3], ptr.proargtypes[4]))
     OR (p.pronargs > 4)
    );

-- "Cross-check mfinalfn (if present) against its entry in pg_proc"
SELECT a.aggfnoid::regprocedure, pfn.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS pfn
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggmfinalfn = pfn.oid AND
    (pfn.proretset OR
     NOT pg_temp.binary_coercible(pfn.prorettype, p.prorettype) OR
     NOT pg_temp.binary_coercible(a.aggmtranstype, pfn.proargtypes[0]) OR
     CASE WHEN a.aggmfinalextra THEN pfn.pronargs != p.pronargs + 1
          ELSE pfn.pronargs != a.aggnumdirectargs + 1 END
     OR (pfn.pronargs > 1 AND
         NOT pg_temp.binary_coercible(p.proargtypes[0], pfn.proargtypes[1]))
     OR (pfn.pronargs > 2 AND
         NOT pg_temp.binary_coercible(p.proargtypes[1], pfn.proargtypes[2]))
     OR (pfn.pronargs > 3 AND
         NOT pg_temp.binary_coercible(p.proargtypes[2], pfn.proargtypes[3]))
     OR (pfn.pronargs > 4)
    );

-- "If mtransfn is strict then either minitval should be non-NULL, or input
-- type should match mtranstype"
SELECT a.aggfnoid::regprocedure, ptr.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS p, pg_proc AS ptr
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    a.aggmtransfn = ptr.oid AND ptr.proisstrict AND
    a.aggminitval IS NULL AND
    NOT pg_temp.binary_coercible(p.proargtypes[0], a.aggmtranstype);

-- "mtransfn and minvtransfn should have same strictness setting"
SELECT a.aggfnoid::regprocedure, ptr.oid::regprocedure, iptr.oid::regprocedure
FROM pg_aggregate AS a, pg_proc AS ptr, pg_proc AS iptr
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggmtransfn = ptr.oid AND
    a.aggminvtransfn = iptr.oid AND
    ptr.proisstrict != iptr.proisstrict;

-- "Check that all combine functions have signature combine(transtype,
-- transtype) returns transtype"
SELECT a.aggfnoid::regprocedure, p.oid::regprocedure
FROM pg_aggregate as a, pg_proc as p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggcombinefn = p.oid AND
    (p.pronargs != 2 OR
     p.prorettype != p.proargtypes[0] OR
     p.prorettype != p.proargtypes[1] OR
     NOT pg_temp.binary_coercible(a.aggtranstype, p.proargtypes[0]));

-- "Check that no combine function for an INTERNAL transtype is strict"
SELECT a.aggfnoid::regprocedure, p.oid::regprocedure
FROM pg_aggregate as a, pg_proc as p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggcombinefn = p.oid AND
    a.aggtranstype = 'internal'::regtype AND p.proisstrict;

-- "serialize/deserialize functions should be specified only for aggregates
-- with transtype internal and a combine function, and we should have both
-- or neither of them", and the signatures and strictness of both
SELECT a.aggfnoid::regprocedure, aggtranstype::regtype, aggserialfn, aggdeserialfn
FROM pg_aggregate a
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    (((aggserialfn != 0 OR aggdeserialfn != 0)
      AND (aggtranstype != 'internal'::regtype OR aggcombinefn = 0 OR
           aggserialfn = 0 OR aggdeserialfn = 0))
     OR EXISTS (SELECT 1 FROM pg_proc p WHERE p.oid = a.aggserialfn AND
                (p.prorettype != 'bytea'::regtype OR p.pronargs != 1 OR
                 p.proargtypes[0] != 'internal'::regtype OR NOT p.proisstrict))
     OR EXISTS (SELECT 1 FROM pg_proc p WHERE p.oid = a.aggdeserialfn AND
                (p.prorettype != 'internal'::regtype OR p.pronargs != 2 OR
                 p.proargtypes[0] != 'bytea'::regtype OR
                 p.proargtypes[1] != 'internal'::regtype OR NOT p.proisstrict)));

-- "Check that aggregates which have the same transition function also have
-- the same combine, serialization, and deserialization functions"
SELECT a.aggfnoid::regprocedure, b.aggfnoid::regprocedure
FROM pg_aggregate a, pg_aggregate b
WHERE (a.aggfnoid IN (SELECT oid FROM ulid_proc) OR b.aggfnoid IN (SELECT oid FROM ulid_proc)) AND
    a.aggfnoid < b.aggfnoid AND a.aggtransfn = b.aggtransfn AND
    (a.aggcombinefn != b.aggcombinefn OR a.aggserialfn != b.aggserialfn
     OR a.aggdeserialfn != b.aggdeserialfn);

-- "Cross-check aggsortop (if present) against pg_operator.  We expect to
-- find entries for bool_and, bool_or, every, max, and min": of the
-- extension's, min must sort by <, max by >
SELECT a.aggfnoid::regprocedure, a.aggsortop::regoperator
FROM pg_aggregate AS a, pg_proc AS p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND
    (p.proname, (SELECT oprname FROM pg_operator WHERE oid = a.aggsortop))
        NOT IN (('min', '<'), ('max', '>'));

-- "Check datatypes match"
SELECT a.aggfnoid::regprocedure, o.oid::regoperator
FROM pg_operator AS o, pg_aggregate AS a, pg_proc AS p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND a.aggsortop = o.oid AND
    (oprkind != 'b' OR oprresult != 'boolean'::regtype
     OR oprleft != p.proargtypes[0] OR oprright != p.proargtypes[0]);

-- "Check operator is a suitable btree opfamily member"
SELECT a.aggfnoid::regprocedure, o.oid::regoperator
FROM pg_operator AS o, pg_aggregate AS a, pg_proc AS p
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND a.aggsortop = o.oid AND
    NOT EXISTS(SELECT 1 FROM pg_amop
               WHERE amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
                     AND amopopr = o.oid
                     AND amoplefttype = o.oprleft
                     AND amoprighttype = o.oprright);

-- "Check correspondence of btree strategies and names": min's operator is
-- btree strategy 1, max's 5, wherever it is a btree member
SELECT DISTINCT p.proname, o.oprname, amopstrategy
FROM pg_operator AS o, pg_aggregate AS a, pg_proc AS p, pg_amop as ao
WHERE a.aggfnoid IN (SELECT oid FROM ulid_proc) AND
    a.aggfnoid = p.oid AND a.aggsortop = o.oid AND
    amopopr = o.oid AND
    amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree') AND
    (p.proname, amopstrategy) NOT IN (('min', 1), ('max', 5));

-- "Check that there are not aggregates with the same name and different
-- numbers of arguments" (core's min and max beside the extension's)
SELECT p1.oid::regprocedure, p2.oid::regprocedure
FROM pg_proc AS p1, pg_proc AS p2
WHERE p1.oid IN (SELECT oid FROM ulid_proc) AND
    p1.oid != p2.oid AND p1.proname = p2.proname AND
    p1.prokind = 'a' AND p2.prokind = 'a' AND
    array_dims(p1.proargtypes) != array_dims(p2.proargtypes);

-- "For the same reason, built-in aggregates with default arguments are no
-- good", and "we avoid creating built-in variadic aggregates"
SELECT p.oid::regprocedure
FROM pg_proc AS p JOIN pg_aggregate AS a ON a.aggfnoid = p.oid
WHERE p.oid IN (SELECT oid FROM ulid_proc) AND
    prokind = 'a' AND
    (proargdefaults IS NOT NULL OR (provariadic != 0 AND a.aggkind = 'n'));

-- **************** pg_opfamily ****************

-- "Look for illegal values in pg_opfamily fields"
SELECT f.opfname
FROM pg_opfamily as f
WHERE f.oid IN (SELECT oid FROM ulid_opf) AND
    (f.opfmethod = 0 OR f.opfnamespace = 0);

-- "Look for opfamilies having no opclasses"
SELECT f.opfname
FROM pg_opfamily f
WHERE f.oid IN (SELECT oid FROM ulid_opf) AND
    NOT EXISTS (SELECT 1 FROM pg_opclass WHERE opcfamily = f.oid);

-- **************** pg_opclass ****************

-- "Look for illegal values in pg_opclass fields"
SELECT c1.opcname
FROM pg_opclass AS c1
WHERE c1.oid IN (SELECT oid FROM ulid_opc) AND
    (c1.opcmethod = 0 OR c1.opcnamespace = 0 OR c1.opcfamily = 0
     OR c1.opcintype = 0);

-- "opcmethod must match owning opfamily's opfmethod"
SELECT c1.opcname, f1.opfname
FROM pg_opclass AS c1, pg_opfamily AS f1
WHERE c1.oid IN (SELECT oid FROM ulid_opc) AND
    c1.opcfamily = f1.oid AND c1.opcmethod != f1.opfmethod;

-- "There should not be multiple entries in pg_opclass with opcdefault true
-- and the same opcmethod/opcintype combination"
SELECT c1.opcname, c2.opcname
FROM pg_opclass AS c1, pg_opclass AS c2
WHERE c1.oid IN (SELECT oid FROM ulid_opc) AND
    c1.oid != c2.oid AND
    c1.opcmethod = c2.opcmethod AND c1.opcintype = c2.opcintype AND
    c1.opcdefault AND c2.opcdefault;

-- **************** pg_amop ****************

-- "Look for illegal values in pg_amop fields" (its two queries in one)
SELECT f.opfname, a1.amopstrategy, a1.amopopr::regoperator
FROM pg_amop as a1 JOIN pg_opfamily f ON f.oid = a1.amopfamily
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND
    (a1.amopfamily = 0 OR a1.amoplefttype = 0 OR a1.amoprighttype = 0
     OR a1.amopopr = 0 OR a1.amopmethod = 0 OR a1.amopstrategy < 1
     OR NOT ((a1.amoppurpose = 's' AND a1.amopsortfamily = 0) OR
             (a1.amoppurpose = 'o' AND a1.amopsortfamily <> 0)));

-- "amopmethod must match owning opfamily's opfmethod"
SELECT f1.opfname, a1.amopopr::regoperator
FROM pg_amop AS a1, pg_opfamily AS f1
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND
    a1.amopfamily = f1.oid AND a1.amopmethod != f1.opfmethod;

-- "Make a list of all the distinct operator names being used in particular
-- strategy slots ... an effective way of spotting mistakes such as swapping
-- two operators within a family": btree, BRIN minmax and minmax-multi, and
-- GiST (numbered as btree_gist numbers its btree-like classes, 6 being <>)
-- give strategies 1 to 5 to <, <=, =, >=, >; hash and BRIN bloom give 1 to =
SELECT am.amname, f.opfname, a1.amopstrategy, a1.amopopr::regoperator
FROM pg_amop a1 JOIN pg_operator o1 ON amopopr = o1.oid
JOIN pg_opfamily f ON f.oid = a1.amopfamily JOIN pg_am am ON am.oid = a1.amopmethod
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND
    o1.oprname != CASE WHEN am.amname = 'hash' OR f.opfname = 'ulid_bloom_ops' THEN
                            (ARRAY['='])[a1.amopstrategy]
                       ELSE (ARRAY['<', '<=', '=', '>=', '>', '<>'])[a1.amopstrategy] END
    IS NOT FALSE
ORDER BY 1, 2, 3, a1.amopopr::regoperator::text;

-- "Check that all opclass search operators have selectivity estimators"
SELECT f.opfname, a1.amopopr::regoperator
FROM pg_amop AS a1, pg_operator AS o1, pg_opfamily f
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND f.oid = a1.amopfamily AND
    a1.amopopr = o1.oid AND a1.amoppurpose = 's' AND
    (o1.oprrest = 0 OR o1.oprjoin = 0);

-- "Check that each opclass in an opfamily has associated operators, that is
-- ones whose oprleft matches opcintype (possibly by coercion)"
SELECT c1.opcname, c1.opcfamily::regclass
FROM pg_opclass AS c1
WHERE c1.oid IN (SELECT oid FROM ulid_opc) AND
    NOT EXISTS(SELECT 1 FROM pg_amop AS a1
               WHERE a1.amopfamily = c1.opcfamily
                 AND pg_temp.binary_coercible(c1.opcintype, a1.amoplefttype));

-- "Check that each operator listed in pg_amop has an associated opclass,
-- that is one whose opcintype matches oprleft (possibly by coercion)": the
-- uuid members' left type is reached from ulid's classes by the implicit
-- cast without function from ulid to uuid
SELECT f.opfname, a1.amopstrategy, a1.amopopr::regoperator
FROM pg_amop AS a1 JOIN pg_opfamily f ON f.oid = a1.amopfamily
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND
    NOT EXISTS(SELECT 1 FROM pg_opclass AS c1
               WHERE c1.opcfamily = a1.amopfamily
                 AND pg_temp.binary_coercible(c1.opcintype, a1.amoplefttype));

-- "Operators that are primary members of opclasses must be immutable (else
-- it suggests that the index ordering isn't fixed).  Operators that are
-- cross-type members need only be stable"
SELECT f.opfname, a1.amopopr::regoperator, p1.provolatile
FROM pg_amop AS a1, pg_operator AS o1, pg_proc AS p1, pg_opfamily f
WHERE a1.amopfamily IN (SELECT oid FROM ulid_opf) AND f.oid = a1.amopfamily AND
    a1.amopopr = o1.oid AND o1.oprcode = p1.oid AND
    ((a1.amoplefttype = a1.amoprighttype AND p1.provolatile != 'i') OR
     (a1.amoplefttype != a1.amoprighttype AND p1.provolatile = 'v'));

-- **************** pg_amproc ****************

-- "Look for illegal values in pg_amproc fields"
SELECT f.opfname, a1.amprocnum
FROM pg_amproc as a1 JOIN pg_opfamily f ON f.oid = a1.amprocfamily
WHERE a1.amprocfamily IN (SELECT oid FROM ulid_opf) AND
    (a1.amprocfamily = 0 OR a1.amproclefttype = 0 OR a1.amprocrighttype = 0
     OR a1.amprocnum < 0 OR a1.amproc = 0);

-- "Support routines that are primary members of opfamilies must be
-- immutable ... cross-type members need only be stable"
SELECT f.opfname, a1.amprocnum, a1.amproc::regprocedure, p1.provolatile
FROM pg_amproc AS a1, pg_proc AS p1, pg_opfamily f
WHERE a1.amprocfamily IN (SELECT oid FROM ulid_opf) AND f.oid = a1.amprocfamily AND
    a1.amproc = p1.oid AND
    ((a1.amproclefttype = a1.amprocrighttype AND p1.provolatile != 'i') OR
     (a1.amproclefttype != a1.amprocrighttype AND p1.provolatile = 'v'));

-- "Look for opclasses that don't allow deduplication unconditionally" (btree
-- support 4 other than btequalimage), for the btree family's types
SELECT amp.amproc::regproc AS proc, opf.opfname AS opfamily_name,
       opc.opcname AS opclass_name, opc.opcintype::regtype AS opcintype
FROM pg_am AS am
JOIN pg_opclass AS opc ON opc.opcmethod = am.oid
JOIN pg_opfamily AS opf ON opc.opcfamily = opf.oid
LEFT JOIN pg_amproc AS amp ON amp.amprocfamily = opf.oid AND
    amp.amproclefttype = opc.opcintype AND amp.amprocnum = 4
WHERE opc.oid IN (SELECT oid FROM ulid_opc) AND am.amname = 'btree' AND
    amp.amproc IS DISTINCT FROM 'btequalimage'::regproc;
