--
-- Every object of the extension: its labels and its comment
--

-- functions: volatility, strictness, leakproofness, parallel safety (but
-- GiST's support 12, which only the -pg18 versions, on 18 and later, have:
-- sql/gist_temporal.sql shows it there)
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proisstrict AS strict,
       p.proleakproof AS leakproof, p.proparallel AS par
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE p.proname <> 'ulid_gist_translate_cmptype'
ORDER BY p.oid::regprocedure::text;

-- the type is like uuid
SELECT typlen, typbyval, typalign, typstorage, typcategory
FROM pg_type WHERE oid = 'ulid'::regtype;

-- operator families and their support functions (but GiST's 12, which
-- only 18 and later have: sql/gist_temporal.sql shows it there)
SELECT am.amname, f.opfname, ap.amproclefttype::regtype AS left,
       ap.amprocrighttype::regtype AS right, ap.amprocnum, ap.amproc::regprocedure
FROM pg_opfamily f
JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_amproc ap ON ap.amprocfamily = f.oid
WHERE f.opfname LIKE 'ulid%' AND NOT (am.amname = 'gist' AND ap.amprocnum = 12)
ORDER BY 1, 2, ap.amproclefttype::regtype::text, ap.amprocrighttype::regtype::text, 5;

-- operator classes: which are the defaults
SELECT am.amname, c.opcname, c.opcdefault
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcintype = 'ulid'::regtype
ORDER BY 1, 2;

-- objects without a comment (none expected; 18 lists the array types as
-- members, which core never comments)
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS uncommented
FROM pg_depend d
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE d.deptype = 'e'
  AND obj_description(d.objid, d.classid::regclass::name) IS NULL
  AND NOT (d.classid = 'pg_type'::regclass
           AND d.objid IN ('ulid[]'::regtype, 'ulid_gist_key[]'::regtype))
ORDER BY 1;
