--
-- Temporal keys on ulid (PostgreSQL 18+): PRIMARY KEY (id, valid WITHOUT
-- OVERLAPS) and FOREIGN KEY (id, PERIOD valid) find ulid's GiST equality
-- through support function 12
--

SET TimeZone = 'UTC';

-- on 18 and later the default version is the -pg18 one, the library's
-- version (the control file's, which make compiles in) plus -pg18, whose
-- GiST family has support 12; the class is still valid with it.  (The cast
-- loads the library, which pg_get_loaded_modules() then lists.)
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS loaded;
SELECT e.extversion = m.version || '-pg18' AS pg18_of_library_version
FROM pg_extension e, pg_get_loaded_modules() m
WHERE e.extname = 'ulid' AND m.module_name = 'ulid';
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proisstrict AS strict,
       p.proleakproof AS leakproof, p.proparallel AS par
FROM pg_proc p WHERE p.proname = 'ulid_gist_translate_cmptype';
SELECT amvalidate(c.oid)
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE am.amname = 'gist' AND c.opcintype = 'ulid'::regtype;
SELECT ap.amprocnum, ap.amproclefttype::regtype, ap.amprocrighttype::regtype, ap.amproc::regprocedure
FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE am.amname = 'gist' AND f.opfname = 'ulid_ops' AND ap.amprocnum = 12;

CREATE TABLE gist_product (id ulid, valid tstzrange, price numeric,
	PRIMARY KEY (id, valid WITHOUT OVERLAPS));
INSERT INTO gist_product VALUES
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-01-01, 2026-02-01)', 10),
	-- the same id, right after: accepted
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-02-01, 2026-03-01)', 11),
	-- another id at the same time: accepted
	('01ARYZ6S41TSV4RRFFQ69G5FAW', '[2026-01-01, 2026-03-01)', 20);

\set VERBOSITY sqlstate
-- the same id, overlapping: 23P01 (exclusion_violation)
INSERT INTO gist_product VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-01-31, 2026-02-02)', 12);
-- a NULL id or period: 23502 (not_null_violation), as a primary key must
INSERT INTO gist_product VALUES (NULL, '[2026-04-01, 2026-05-01)', 13);
INSERT INTO gist_product VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV', NULL, 13);
-- an empty period: 23514 (check_violation): WITHOUT OVERLAPS allows none
INSERT INTO gist_product VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAX', 'empty', 14);
\set VERBOSITY default

CREATE TABLE gist_order (n int, product ulid, valid tstzrange,
	FOREIGN KEY (product, PERIOD valid) REFERENCES gist_product (id, PERIOD valid));
-- covered by one row of the product, and by two rows in a row: accepted
INSERT INTO gist_order VALUES
	(1, '01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-01-10, 2026-01-20)'),
	(2, '01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-01-10, 2026-02-20)'),
	(3, '01ARYZ6S41TSV4RRFFQ69G5FAW', '[2026-01-01, 2026-03-01)');
\set VERBOSITY sqlstate
-- past the product's last period: 23503 (foreign_key_violation)
INSERT INTO gist_order VALUES (4, '01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-02-20, 2026-03-10)');
-- an id with no product: 23503
INSERT INTO gist_order VALUES (5, '01ARYZ6S41TSV4RRFFQ69G5FAX', '[2026-01-10, 2026-01-20)');
-- removing the period an order needs: 23503
DELETE FROM gist_product WHERE id = '01ARYZ6S41TSV4RRFFQ69G5FAV' AND valid @> '2026-02-10'::timestamptz;
\set VERBOSITY default
-- the error says which key is missing
INSERT INTO gist_order VALUES (4, '01ARYZ6S41TSV4RRFFQ69G5FAV', '[2026-02-20, 2026-03-10)');
-- a period no order uses can go
INSERT INTO gist_product VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAW', '[2026-05-01, 2026-06-01)', 21);
DELETE FROM gist_product WHERE id = '01ARYZ6S41TSV4RRFFQ69G5FAW' AND valid = '[2026-05-01, 2026-06-01)';
SELECT n, product, valid FROM gist_order ORDER BY n;
SELECT id, valid, price FROM gist_product ORDER BY id, valid;

DROP TABLE gist_order, gist_product;
RESET TimeZone;
