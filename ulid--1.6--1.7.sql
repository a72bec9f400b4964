/* ulid--1.6--1.7.sql: the cast to text through ulid_to_text, for the ulid.output setting */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION ulid UPDATE TO '1.7'" to load this file. \quit

/*
 * From 1.7 the type's output writes uuid's text where ulid.output = uuid
 * (in read-only transactions and logical decoding, for dumps and
 * replication towards the SQL edition), and its input reads uuid's text as
 * well as the 26 characters.  The cast to text, IMMUTABLE and usable in an
 * index, becomes ulid_to_text, which writes the 26 characters whatever the
 * setting; expressions stored before keep the conversion through the
 * output, and take the function when a dump of them is restored.
 */
DROP CAST (ulid AS pg_catalog.text);
CREATE CAST (ulid AS pg_catalog.text) WITH FUNCTION ulid_to_text(ulid) AS ASSIGNMENT;

COMMENT ON CAST (ulid AS pg_catalog.text) IS 'canonical 26-character text';
COMMENT ON CAST (pg_catalog.text AS ulid) IS 'parse the type''s input: 26 characters of Crockford base32, or uuid''s text';
COMMENT ON FUNCTION ulid_from_text(pg_catalog.text) IS 'ulid of its 26-character text';
