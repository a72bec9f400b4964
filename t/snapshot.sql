-- Every object of the ulid extension with what defines it, one line each,
-- sorted, free of OIDs: two databases with the same objects print the same
-- text.  t/007_update_path.pl and t/006_pg_upgrade.pl compare the output.

-- members of the extension, with their comments
SELECT 'member ' || pg_describe_object(d.classid, d.objid, d.objsubid)
       || ' comment=' || coalesce(obj_description(d.objid, d.classid::regclass::name), '<none>')
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE d.deptype = 'e'
UNION ALL
-- functions and aggregates: every property
SELECT 'function ' || p.oid::regprocedure || ' returns ' || p.prorettype::regtype
       || ' kind=' || p.prokind::text || ' vol=' || p.provolatile::text || ' strict=' || p.proisstrict
       || ' leakproof=' || p.proleakproof || ' parallel=' || p.proparallel::text
       || ' secdef=' || p.prosecdef || ' cost=' || p.procost || ' rows=' || p.prorows
       || ' lang=' || l.lanname || ' src=' || p.prosrc || ' bin=' || coalesce(p.probin, '-')
       || ' config=' || coalesce(p.proconfig::text, '-') || ' acl=' || coalesce(p.proacl::text, '-')
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
SELECT 'aggregate ' || a.aggfnoid::regprocedure || ' sfunc=' || a.aggtransfn::regprocedure
       || ' combine=' || a.aggcombinefn::regproc || ' final=' || a.aggfinalfn::regproc
       || ' sortop=' || a.aggsortop::regoperator || ' stype=' || a.aggtranstype::regtype
       || ' kind=' || a.aggkind::text || ' init=' || coalesce(a.agginitval, '-')
FROM pg_aggregate a
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = a.aggfnoid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
-- operators
SELECT 'operator ' || o.oid::regoperator || ' returns ' || o.oprresult::regtype
       || ' code=' || o.oprcode::regprocedure || ' com=' || o.oprcom::regoperator
       || ' neg=' || o.oprnegate::regoperator || ' rest=' || o.oprrest::regproc
       || ' join=' || o.oprjoin::regproc || ' hashes=' || o.oprcanhash || ' merges=' || o.oprcanmerge
FROM pg_operator o
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
-- operator classes
SELECT 'opclass ' || am.amname || ' ' || c.opcname || ' family=' || f.opfname
       || ' type=' || c.opcintype::regtype || ' default=' || c.opcdefault
       || ' key=' || coalesce(c.opckeytype::regtype::text, '-')
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
-- every operator and support function of the extension's operator families
SELECT 'amop ' || am.amname || ' ' || f.opfname || ' (' || o.amoplefttype::regtype || ','
       || o.amoprighttype::regtype || ') ' || o.amopstrategy || ' ' || o.amopopr::regoperator
       || ' purpose=' || o.amoppurpose::text || ' sortfamily=' || o.amopsortfamily
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_depend d ON d.classid = 'pg_opfamily'::regclass AND d.objid = f.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
SELECT 'amproc ' || am.amname || ' ' || f.opfname || ' (' || p.amproclefttype::regtype || ','
       || p.amprocrighttype::regtype || ') ' || p.amprocnum || ' ' || p.amproc::regprocedure
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_depend d ON d.classid = 'pg_opfamily'::regclass AND d.objid = f.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
-- the extension's operators and functions in a family not its own, such as
-- core's uuid_ops: a fresh install puts none there, and pg_upgrade would
-- lose a loose member of a pg_catalog family (docs/uuid-interop.md)
SELECT 'foreign amop ' || am.amname || ' ' || f.opfnamespace::regnamespace || '.' || f.opfname
       || ' (' || o.amoplefttype::regtype || ',' || o.amoprighttype::regtype || ') '
       || o.amopstrategy || ' ' || o.amopopr::regoperator
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.amopopr AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE NOT EXISTS (SELECT FROM pg_depend fd
                  WHERE fd.classid = 'pg_opfamily'::regclass AND fd.objid = f.oid
                    AND fd.deptype = 'e' AND fd.refobjid = e.oid)
UNION ALL
SELECT 'foreign amproc ' || am.amname || ' ' || f.opfnamespace::regnamespace || '.' || f.opfname
       || ' (' || p.amproclefttype::regtype || ',' || p.amprocrighttype::regtype || ') '
       || p.amprocnum || ' ' || p.amproc::regprocedure
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.amproc AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE NOT EXISTS (SELECT FROM pg_depend fd
                  WHERE fd.classid = 'pg_opfamily'::regclass AND fd.objid = f.oid
                    AND fd.deptype = 'e' AND fd.refobjid = e.oid)
UNION ALL
-- casts
SELECT 'cast ' || c.castsource::regtype || ' -> ' || c.casttarget::regtype
       || ' func=' || CASE WHEN c.castfunc = 0 THEN '-' ELSE c.castfunc::regprocedure::text END
       || ' context=' || c.castcontext::text || ' method=' || c.castmethod::text
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
UNION ALL
-- the type
SELECT 'type ' || t.oid::regtype || ' len=' || t.typlen || ' byval=' || t.typbyval
       || ' align=' || t.typalign::text || ' storage=' || t.typstorage::text || ' category=' || t.typcategory::text
       || ' preferred=' || t.typispreferred || ' in=' || t.typinput::regproc
       || ' out=' || t.typoutput::regproc || ' recv=' || t.typreceive::regproc
       || ' send=' || t.typsend::regproc || ' array=' || t.typarray::regtype
       || ' comment=' || coalesce(obj_description(t.oid, 'pg_type'), '<none>')
FROM pg_type t WHERE t.oid = 'ulid'::regtype
UNION ALL
SELECT 'extension ' || e.extname || ' version=' || e.extversion || ' relocatable=' || e.extrelocatable
       || ' schema=' || e.extnamespace::regnamespace
FROM pg_extension e WHERE e.extname = 'ulid'
ORDER BY 1;
