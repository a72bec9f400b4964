--
-- Every object of the edition: its labels and comment, and the C
-- extension's functions that it has, by name and argument types
--
SELECT p.oid::regprocedure AS function, pg_get_function_result(p.oid) AS returns, l.lanname,
       p.provolatile, p.proisstrict, p.proparallel, p.proleakproof, p.prosecdef, p.proconfig,
       obj_description(p.oid, 'pg_proc') AS comment
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
ORDER BY p.oid::regprocedure::text;

SELECT t.typname, t.typtype, format_type(t.typbasetype, NULL) AS base, obj_description(t.oid, 'pg_type') AS comment
FROM pg_type t
JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
WHERE t.typcategory <> 'A';

-- the extension's own objects: nothing but functions and the domain (18
-- records the domain's array type as a member too)
SELECT classid::regclass, count(*)
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
WHERE d.deptype = 'e'
  AND NOT (d.classid = 'pg_type'::regclass AND (SELECT typcategory FROM pg_type WHERE oid = d.objid) = 'A')
GROUP BY 1 ORDER BY 1::text;

-- restorable: pg_dump writes a SQL-standard body as PostgreSQL prints it,
-- which spells an unnamed parameter "" when another one has a name
SELECT p.oid::regprocedure AS unnamed_parameter_in_body
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
WHERE p.prosqlbody IS NOT NULL AND '' = ANY (p.proargnames) AND EXISTS (SELECT FROM unnest(p.proargnames) n WHERE n <> '');
SELECT count(*) AS bodies_printed_with_empty_names
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
WHERE p.prosqlbody IS NOT NULL AND pg_get_functiondef(p.oid) LIKE '%""%';

-- no library: the control file names none, and no function is in C
SELECT count(*) AS c_functions
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid_sql'
WHERE p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c');
SELECT extname, extversion, extrelocatable FROM pg_extension WHERE extname = 'ulid_sql';

-- relocatable: the functions keep working in another schema, and from a
-- search_path without it, as their SQL bodies are bound to their objects
CREATE SCHEMA moved;
ALTER EXTENSION ulid_sql SET SCHEMA moved;
SET search_path = pg_catalog;
SELECT moved.ulid_to_text(moved.ulid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user')) AS text,
       moved.ulid_time(moved.ulid_lower('2026-11-01 00:00+00')) AS time,
       moved.ulid_to_typeid(moved.gen_ulid('2026-11-01 00:00+00'), 'x') LIKE 'x\_01m6a6ft%' AS typeid;
RESET search_path;
ALTER EXTENSION ulid_sql SET SCHEMA public;
DROP SCHEMA moved;
