--
-- The text of a value, and the CONTEXT line of an error: what the edition
-- shows otherwise than the C extension ("What differs" in
-- docs/sql-edition.md; what both show, sql/text.sql)
--

-- a value is a uuid: it prints as one, a literal is read as one, and any
-- uuid is a ulid
SELECT ulid_from_text('01ARYZ6S41TSV4RRFFQ69G5FAV');
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid;
SELECT ulid_to_text('01563df3-6481-d676-4c61-efb99302bd5b');

-- errors raised in PL/pgSQL have a CONTEXT line naming the function (for
-- ulid_from_text, its helper): the function's name, not its line number
CREATE FUNCTION pg_temp.error_context(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE c text;
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS c = PG_EXCEPTION_CONTEXT;
	RETURN substring(c FROM '^PL/pgSQL function [a-z_]+\([a-z, ]*\)');
END$$;
SELECT pg_temp.error_context('SELECT ulid_from_text(''01ARYZ6S41TSV4RRFFQ69G5FA'')') AS from_text,
       pg_temp.error_context('SELECT ulid_from_typeid(''prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'')') AS from_typeid;
