--
-- A way in from pgx_ulid (docs/migrating.md#from-pgx_ulid), whose type is
-- also named ulid and written as the same 26 characters.
--
-- data/pgx_ulid-0.1.5*.sql are plain dumps, as pg_dump 15.20 writes them
-- with --no-owner --no-privileges, of databases that use pgx_ulid 0.1.5's
-- names as its README does (CREATE EXTENSION ulid, gen_ulid(),
-- gen_monotonic_ulid(), id::timestamp, '...'::timestamp::ulid).  pgx_ulid is
-- Rust (pgrx) and cannot be built here, so they were dumped from a stand-in
-- extension with pgx_ulid's object names; a dump depends on those names
-- only.  Each is restored as pg_dump's documentation says, with psql and
-- ON_ERROR_STOP, into a database of its own.
--

-- pgx_ulid's own test vectors (its src/lib.rs) through the casts both have
SET timezone = 'UTC';
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::uuid AS to_uuid,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea AS to_bytea,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamptz AS to_timestamptz,
       '0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid::ulid AS from_uuid,
       '2023-03-10 12:00:49.111'::timestamptz::ulid AS from_timestamptz,
       lower('01GV5PA9EQG7D82Q3Y4PKBZSYV')::ulid AS from_lower_case;
RESET timezone;

-- pgx_ulid's functions (0.1.0 to 0.2.2, besides its type's support
-- functions) and casts: which this extension has
SELECT f AS pgx_ulid_function, to_regprocedure(f) IS NOT NULL AS here
FROM unnest(ARRAY['gen_ulid()', 'gen_monotonic_ulid()', 'ulid_to_bytea(ulid)',
                  'ulid_from_uuid(uuid)', 'ulid_to_uuid(ulid)',
                  'ulid_to_timestamp(ulid)', 'timestamp_to_ulid(timestamp)',
                  'ulid_to_timestamptz(ulid)', 'timestamptz_to_ulid(timestamptz)']) f;
SELECT s::regtype AS source, t::regtype AS target,
       (SELECT castcontext FROM pg_cast
        WHERE castsource = s::regtype AND casttarget = t::regtype) AS context
FROM (VALUES ('uuid', 'ulid'), ('ulid', 'uuid'), ('ulid', 'bytea'),
             ('ulid', 'timestamp'), ('timestamp', 'ulid'),
             ('ulid', 'timestamptz'), ('timestamptz', 'ulid')) c(s, t);

SELECT current_database() AS regress_db \gset
-- the default version, as pg_regress's CREATE EXTENSION (--load-extension)
-- made it here; pg_available_extensions does not list a ulid found only in
-- Debian's extension_destdir (a package's build-time check)
SELECT extversion AS default_version FROM pg_extension WHERE extname = 'ulid' \gset
-- (left by a run that stopped half-way)
SET client_min_messages = warning;
DROP DATABASE IF EXISTS pgx_ulid_restore;
RESET client_min_messages;

--
-- (a) A dump restores into an empty database: rows, defaults, constraints,
-- indexes and the view
--
CREATE DATABASE pgx_ulid_restore;
\c pgx_ulid_restore
\set ON_ERROR_STOP 1
\set ECHO none
\i data/pgx_ulid-0.1.5.sql
\set ECHO all
\set ON_ERROR_STOP 0
RESET search_path;

SELECT extname, extversion = :'default_version' AS this_version,
       obj_description(oid, 'pg_extension') AS comment_from_the_dump
FROM pg_extension WHERE extname = 'ulid';
SELECT id, name, legacy_id FROM users ORDER BY id;
SELECT id, user_id, parent_ids, kind FROM events ORDER BY id;
SELECT * FROM user_keys ORDER BY id;

SELECT a.attrelid::regclass AS "table", a.attname, pg_get_expr(d.adbin, d.adrelid) AS "default"
FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid IN ('users'::regclass, 'events'::regclass) ORDER BY 1, 2;
-- the defaults call this extension's functions
SELECT DISTINCT p.oid::regprocedure AS called, e.extname
FROM pg_attrdef a
JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid
                AND d.refclassid = 'pg_proc'::regclass
JOIN pg_proc p ON p.oid = d.refobjid
JOIN pg_depend x ON x.classid = 'pg_proc'::regclass AND x.objid = p.oid AND x.deptype = 'e'
JOIN pg_extension e ON e.oid = x.refobjid
WHERE a.adrelid IN ('users'::regclass, 'events'::regclass) ORDER BY 1;
SELECT conrelid::regclass AS "table", conname, pg_get_constraintdef(oid)
FROM pg_constraint WHERE conrelid IN ('users'::regclass, 'events'::regclass)
    AND contype <> 'n' ORDER BY 1, 2;   -- (18 records NOT NULL there too)
SELECT indexrelid::regclass AS index, pg_get_indexdef(indexrelid)
FROM pg_index WHERE indrelid IN ('users'::regclass, 'events'::regclass) ORDER BY indexrelid::regclass::text;

-- each index finds what a scan of the table finds
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM events WHERE user_id = '01HYN9XCX46NK54PF7FZ7VK16V';
SELECT count(*) FROM events WHERE id >= '01HYN9XCX46NK54PF7FZ7VK16V';
SELECT user_id, array_agg(id ORDER BY id DESC) FROM events
WHERE user_id IN (SELECT id FROM users) GROUP BY user_id ORDER BY user_id;
SET enable_indexscan = off;
SET enable_bitmapscan = on;
SELECT count(*) FROM events WHERE user_id = '01HABXQ2W92ZN4WDJGHR6NXRVM';
RESET enable_seqscan;
RESET enable_indexscan;
RESET enable_bitmapscan;

-- the default still generates, and the keys and the foreign key still hold
INSERT INTO users (name) VALUES ('new')
RETURNING ulid_time(id) > now() - interval '1 minute' AS fresh;
INSERT INTO users (id, name) VALUES ('01HABXQ2W92ZN4WDJGHR6NXRVM', 'twin');
INSERT INTO events (id, user_id, kind) VALUES (gen_ulid(), '01HABXQ2W92ZN4WDJGHR6NXRVX', 'orphan');
DELETE FROM users WHERE name = 'ada';
SELECT count(*) AS events_left FROM events;

\c :regress_db
DROP DATABASE pgx_ulid_restore;

--
-- (a') pgx_ulid's README casts a ulid to and from timestamp, and its
-- conversion functions have names of their own: this extension has both,
-- so a dump that uses them restores as it is
--
CREATE DATABASE pgx_ulid_restore;
\c pgx_ulid_restore
\set ON_ERROR_STOP 1
\set ECHO none
\i data/pgx_ulid-0.1.5-timestamp.sql
\set ECHO all
\set ON_ERROR_STOP 0
RESET search_path;

SELECT id, name, created_at FROM users ORDER BY id;
SELECT id, name FROM users_2023_09_15 ORDER BY id;
SELECT pg_get_indexdef('users_created_idx'::regclass);
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'users'::regclass ORDER BY adnum;
INSERT INTO users (name) VALUES ('new')
RETURNING created_at = ulid_time(id) AT TIME ZONE 'UTC' AS created_at_matches;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT name FROM users WHERE ulid_to_timestamp(id) >= '2023-09-15';
SELECT count(*) FROM users WHERE ulid_to_timestamp(id) >= '2023-09-15';
RESET enable_seqscan;
SELECT count(*) FROM users WHERE created_at >= '2023-09-15';

-- pgx_ulid's test vectors; a timestamp is UTC whatever the session's zone
SET timezone = 'America/New_York';
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp AS to_timestamp,
       '2023-03-10 12:00:49.111'::timestamp::ulid AS from_timestamp,
       ulid_to_timestamptz('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS to_timestamptz,
       timestamptz_to_ulid('2023-03-10 12:00:49.111+00') AS from_timestamptz,
       ulid_to_uuid('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS to_uuid,
       ulid_from_uuid('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS from_uuid;
-- each function gives what this extension's own casts give, for values
-- across the time field's range (sub-millisecond parts included)
SELECT count(*) AS ulids,
       count(*) FILTER (WHERE ulid_to_timestamp(u) = ulid_time(u) AT TIME ZONE 'UTC'
                          AND u::timestamp = ulid_to_timestamp(u)
                          AND ulid_to_timestamptz(u) = u::timestamptz
                          AND ulid_to_uuid(u) = u::uuid
                          AND ulid_from_uuid(u::uuid) = u) AS from_ulid_agree,
       count(*) FILTER (WHERE timestamp_to_ulid(ulid_time(u) AT TIME ZONE 'UTC' + interval '0.7 ms')
                                = ulid_lower(ulid_time(u))
                          AND (ulid_time(u) AT TIME ZONE 'UTC')::ulid = timestamp_to_ulid(ulid_time(u) AT TIME ZONE 'UTC')
                          AND timestamptz_to_ulid(ulid_time(u)) = ulid_time(u)::ulid) AS to_ulid_agree
FROM (SELECT gen_ulid(timestamptz '1970-01-01 00:00:00+00' + n * interval '11 years 3 days 7.123 s')
      FROM generate_series(0, 800) n) v(u);
-- the time field's bounds, read as UTC
SELECT '1970-01-01 00:00:00'::timestamp::ulid AS first,
       '10889-08-02 05:31:50.655'::timestamp::ulid AS last,
       '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid::timestamp AS last_time;
SELECT '1969-12-31 23:59:59.999'::timestamp::ulid;
SELECT 'infinity'::timestamp::ulid;
RESET timezone;

\c :regress_db
DROP DATABASE pgx_ulid_restore;

--
-- (a'') pgx_ulid 0.2.x's extension is named pgx_ulid.  In a database where
-- this one was made first, only the two statements that name pgx_ulid fail
-- (the first, as ON_ERROR_STOP would stop there); 0.2.2's casts between ulid
-- and timestamptz are this extension's too
--
CREATE DATABASE pgx_ulid_restore;
\c pgx_ulid_restore
CREATE EXTENSION ulid;
\set VERBOSITY terse
\set ECHO none
\i data/pgx_ulid-0.2.2.sql
\set ECHO all
\set VERBOSITY default
RESET search_path;

SELECT id, name, created_at = ulid_time(id) AS created_at_matches FROM items ORDER BY id;
SELECT id, name FROM items_since_2025 ORDER BY id;
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'items'::regclass ORDER BY adnum;
SELECT indexrelid::regclass AS index, pg_get_indexdef(indexrelid)
FROM pg_index WHERE indrelid = 'items'::regclass ORDER BY indexrelid::regclass::text;

\c :regress_db
DROP DATABASE pgx_ulid_restore;

--
-- (b) In place, from pgx_ulid 0.2.x installed as extension pgx_ulid in a
-- schema of its own.  Its type is a varlena; the stand-in below is one too,
-- whose text is the value's 26 characters and whose order is theirs.
--
CREATE SCHEMA pgx;
CREATE TYPE pgx.ulid;
SET client_min_messages = warning;   -- (notices that the type is a shell yet)
CREATE FUNCTION pgx.ulid_in(cstring) RETURNS pgx.ulid
    LANGUAGE internal IMMUTABLE STRICT AS 'textin';
CREATE FUNCTION pgx.ulid_out(pgx.ulid) RETURNS cstring
    LANGUAGE internal IMMUTABLE STRICT AS 'textout';
RESET client_min_messages;
CREATE TYPE pgx.ulid (INPUT = pgx.ulid_in, OUTPUT = pgx.ulid_out,
                      INTERNALLENGTH = variable, STORAGE = extended);
CREATE FUNCTION pgx.ulid_eq(pgx.ulid, pgx.ulid) RETURNS bool
    LANGUAGE internal IMMUTABLE STRICT AS 'byteaeq';
CREATE FUNCTION pgx.ulid_lt(pgx.ulid, pgx.ulid) RETURNS bool
    LANGUAGE internal IMMUTABLE STRICT AS 'bytealt';
CREATE FUNCTION pgx.ulid_le(pgx.ulid, pgx.ulid) RETURNS bool
    LANGUAGE internal IMMUTABLE STRICT AS 'byteale';
CREATE FUNCTION pgx.ulid_ge(pgx.ulid, pgx.ulid) RETURNS bool
    LANGUAGE internal IMMUTABLE STRICT AS 'byteage';
CREATE FUNCTION pgx.ulid_gt(pgx.ulid, pgx.ulid) RETURNS bool
    LANGUAGE internal IMMUTABLE STRICT AS 'byteagt';
CREATE FUNCTION pgx.ulid_cmp(pgx.ulid, pgx.ulid) RETURNS int4
    LANGUAGE internal IMMUTABLE STRICT AS 'byteacmp';
CREATE OPERATOR pgx.= (FUNCTION = pgx.ulid_eq, LEFTARG = pgx.ulid, RIGHTARG = pgx.ulid);
CREATE OPERATOR pgx.< (FUNCTION = pgx.ulid_lt, LEFTARG = pgx.ulid, RIGHTARG = pgx.ulid);
CREATE OPERATOR pgx.<= (FUNCTION = pgx.ulid_le, LEFTARG = pgx.ulid, RIGHTARG = pgx.ulid);
CREATE OPERATOR pgx.>= (FUNCTION = pgx.ulid_ge, LEFTARG = pgx.ulid, RIGHTARG = pgx.ulid);
CREATE OPERATOR pgx.> (FUNCTION = pgx.ulid_gt, LEFTARG = pgx.ulid, RIGHTARG = pgx.ulid);
CREATE OPERATOR CLASS pgx.ulid_btree_ops DEFAULT FOR TYPE pgx.ulid USING btree AS
    OPERATOR 1 pgx.<, OPERATOR 2 pgx.<=, OPERATOR 3 pgx.=, OPERATOR 4 pgx.>=,
    OPERATOR 5 pgx.>, FUNCTION 1 pgx.ulid_cmp(pgx.ulid, pgx.ulid);
CREATE FUNCTION pgx.gen_ulid() RETURNS pgx.ulid
    LANGUAGE sql VOLATILE RETURN gen_ulid()::text::pgx.ulid;

CREATE TABLE accounts (id pgx.ulid PRIMARY KEY DEFAULT pgx.gen_ulid(), name text);
CREATE TABLE sessions (account_id pgx.ulid NOT NULL REFERENCES accounts, n int);
INSERT INTO accounts VALUES ('01HABXQ2W92ZN4WDJGHR6NXRVM', 'ada'), ('01GV5PA9EQG7D82Q3Y4PKBZSYV', 'pgx');
INSERT INTO accounts (name) SELECT 'a' || n FROM generate_series(1, 100) n;
INSERT INTO sessions SELECT id, n FROM accounts, generate_series(1, 3) n;
CREATE TABLE accounts_before AS SELECT id::text AS id, name FROM accounts;
SELECT pg_column_size(id) AS pgx_size FROM accounts LIMIT 1;
SELECT pg_relation_filenode('accounts') AS table_file,
       pg_relation_filenode('accounts_pkey') AS index_file \gset

-- the old default has no cast to the new type, nor has the foreign key
-- (terse: 18 words the foreign key's detail otherwise)
\set VERBOSITY terse
ALTER TABLE accounts ALTER COLUMN id TYPE ulid USING id::text::ulid;
ALTER TABLE accounts ALTER COLUMN id DROP DEFAULT,
    ALTER COLUMN id TYPE ulid USING id::text::ulid;
\set VERBOSITY default

BEGIN;
ALTER TABLE sessions DROP CONSTRAINT sessions_account_id_fkey;
ALTER TABLE accounts ALTER COLUMN id DROP DEFAULT,
    ALTER COLUMN id TYPE ulid USING id::text::ulid,
    ALTER COLUMN id SET DEFAULT gen_ulid();
ALTER TABLE sessions ALTER COLUMN account_id TYPE ulid USING account_id::text::ulid;
ALTER TABLE sessions ADD CONSTRAINT sessions_account_id_fkey
    FOREIGN KEY (account_id) REFERENCES accounts;
COMMIT;

-- rewritten: new files for the table and its index
SELECT pg_relation_filenode('accounts') <> :table_file AS table_rewritten,
       pg_relation_filenode('accounts_pkey') <> :index_file AS index_rebuilt,
       pg_column_size(id) AS ulid_size
FROM accounts LIMIT 1;
-- every value, and its order, as before
SELECT (SELECT array_agg(id ORDER BY id) FROM accounts_before)
     = (SELECT array_agg(id::text ORDER BY id) FROM accounts) AS same_values_same_order;
SELECT id, name FROM accounts WHERE name IN ('ada', 'pgx') ORDER BY id;
SELECT count(*) AS joined FROM sessions s JOIN accounts a ON a.id = s.account_id;
INSERT INTO accounts (name) VALUES ('new') RETURNING pg_typeof(id), ulid_time(id) > now() - interval '1 minute' AS fresh;
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid IN ('accounts'::regclass, 'sessions'::regclass) AND attname IN ('id', 'account_id');

DROP TABLE sessions, accounts, accounts_before;
SET client_min_messages = warning;
DROP SCHEMA pgx CASCADE;
RESET client_min_messages;

--
-- (c) pgx_ulid declares all its casts AS IMPLICIT: ulid to and from uuid and
-- timestamp, to bytea (from 0.1.5), to and from timestamptz (0.2.x).  This
-- extension's are explicit, but for ulid to uuid (implicit) and uuid to ulid
-- (assignment).  PostgreSQL prints no implicit cast at the top of a column's
-- default or generation expression, inside EXTRACT and AT TIME ZONE, or in
-- the branch of a UNION, so pg_dump writes none there; nor in a function's
-- body, which it writes as it was written (a SQL-standard one as PostgreSQL
-- prints it).  data/pgx_ulid-0.1.5-implicit.sql is the dump of a database
-- relying on each (from the stand-in, its casts in pgx_ulid 0.1.5's
-- contexts); data/pgx_ulid-0.1.5-implicit-fixed.sql the dump of the same
-- after the step of docs/migrating.md#pgx_ulids-implicit-casts: its block
-- run on the stand-in, the views and functions it lists written with the
-- cast, and the generated column's line edited (before 17, PostgreSQL cannot
-- change a generation expression).  (terse: 19 words a missing function
-- with a DETAIL, and the contexts are the server's)
--
CREATE DATABASE pgx_ulid_restore;
\c pgx_ulid_restore
-- every failing statement, each with its error; ON_ERROR_STOP stops at the first.
-- The rows of a COPY whose table is missing: psql 15.20 (and 18, 19) skips
-- them; Debian 12's 15.18 (CI's i386 root, the s390x check) reads them as
-- commands and reports each, which expected/pgx_ulid_1.out holds
\set VERBOSITY terse
\set ECHO none
\i data/pgx_ulid-0.1.5-implicit.sql
\set ECHO all
RESET search_path;

-- what is left: neither the tables with such a default or generated column
-- (nor their rows), nor the views over them or with such an expression
SELECT relname, relkind FROM pg_class
WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'v') ORDER BY 1;
SELECT p.oid::regprocedure AS function FROM pg_proc p
WHERE pronamespace = 'public'::regnamespace AND NOT EXISTS
    (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
ORDER BY 1;
-- the functions with a body that relies on a cast restored, and fail when called
SELECT user_created(id) FROM orders;
\echo :SQLSTATE
SELECT order_time(id) FROM orders;
\echo :SQLSTATE
SELECT user_created_pl(id) FROM orders;
\echo :SQLSTATE
-- pgx_ulid 0.2.x's casts to and from timestamptz: what its dump writes
CREATE TABLE at_now (id public.ulid DEFAULT now() NOT NULL);
CREATE TABLE at_ulid (at timestamp with time zone DEFAULT public.gen_ulid());
-- with the casts written, they are what the casts make
CREATE TABLE at_now (id public.ulid DEFAULT (now())::public.ulid NOT NULL, n int);
CREATE TABLE at_ulid (at timestamp with time zone DEFAULT (public.gen_ulid())::timestamp with time zone, n int);
INSERT INTO at_now (n) VALUES (1) RETURNING id = ulid_lower(now()) AS lowest_of_now;
INSERT INTO at_ulid (n) VALUES (1)
RETURNING at BETWEEN date_trunc('milliseconds', now()) AND clock_timestamp() AS generated_now;
\set VERBOSITY default

\c :regress_db
DROP DATABASE pgx_ulid_restore;

-- the dump after the step restores with ON_ERROR_STOP: every table, row,
-- view and function
CREATE DATABASE pgx_ulid_restore;
\c pgx_ulid_restore
\set ON_ERROR_STOP 1
\set ECHO none
\i data/pgx_ulid-0.1.5-implicit-fixed.sql
\set ECHO all
\set ON_ERROR_STOP 0
RESET search_path;

SELECT relname, relkind FROM pg_class
WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'v') ORDER BY 1;
SELECT id, name, created_at, created_at = ulid_to_timestamp(id) AS created_at_matches FROM users ORDER BY id;
SELECT * FROM users_2024;
SELECT * FROM audit ORDER BY id;
SELECT key, body FROM blobs ORDER BY key;
SELECT * FROM ticks ORDER BY id;
SELECT * FROM orders_by_year ORDER BY year;
SELECT id, at = id::timestamptz AS at_matches FROM orders_in_utc ORDER BY id;
SELECT * FROM all_keys ORDER BY key;
SELECT id, user_created(id), user_created_pl(id), order_time(id), order_year(id) FROM orders ORDER BY id;
-- the defaults and the generated column give what the casts make
INSERT INTO users (name) VALUES ('new') RETURNING created_at = ulid_to_timestamp(id) AS created_at_matches;
INSERT INTO audit (what) VALUES ('new')
RETURNING at BETWEEN date_trunc('milliseconds', now() AT TIME ZONE 'UTC')
             AND clock_timestamp() AT TIME ZONE 'UTC' AS at_now;
INSERT INTO blobs (body) VALUES ('new')
RETURNING length(key) AS bytes,
          ulid_time(key::ulid) BETWEEN date_trunc('milliseconds', now()) AND clock_timestamp() AS key_now;
INSERT INTO ticks (n) VALUES (3) RETURNING id = localtimestamp::ulid AS lowest_of_localtimestamp;

\c :regress_db
DROP DATABASE pgx_ulid_restore;
