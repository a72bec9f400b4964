--
-- postgres_fdw: with the server option extensions 'ulid', predicates on a
-- ulid column of a foreign table are sent to the remote server
--

CREATE EXTENSION postgres_fdw;

-- loopback servers to this database, through this cluster's socket; the
-- DO block keeps the directory and port (they vary) out of the output
DO $d$
BEGIN
	EXECUTE pg_catalog.format(
		'CREATE SERVER ulid_remote FOREIGN DATA WRAPPER postgres_fdw
		 OPTIONS (dbname %L, host %L, port %L, extensions %L)',
		current_database(),
		split_part(current_setting('unix_socket_directories'), ',', 1),
		current_setting('port'), 'ulid');
	EXECUTE pg_catalog.format(
		'CREATE SERVER ulid_remote_plain FOREIGN DATA WRAPPER postgres_fdw
		 OPTIONS (dbname %L, host %L, port %L)',
		current_database(),
		split_part(current_setting('unix_socket_directories'), ',', 1),
		current_setting('port'));
END
$d$;
CREATE USER MAPPING FOR CURRENT_USER SERVER ulid_remote;
CREATE USER MAPPING FOR CURRENT_USER SERVER ulid_remote_plain;

-- the remote table: one row per hour of 2026-11-01, ids made for that hour
CREATE SCHEMA fdw_remote;
CREATE TABLE fdw_remote.events (id ulid PRIMARY KEY, n int4 NOT NULL);
INSERT INTO fdw_remote.events
SELECT ulid_lower('2026-11-01 00:00+00'::timestamptz + n * interval '1 hour'), n
FROM generate_series(0, 23) AS n;

CREATE FOREIGN TABLE fdw_events (id ulid, n int4)
	SERVER ulid_remote OPTIONS (schema_name 'fdw_remote', table_name 'events');
CREATE FOREIGN TABLE fdw_events_plain (id ulid, n int4)
	SERVER ulid_remote_plain OPTIONS (schema_name 'fdw_remote', table_name 'events');

-- equality with a ulid constant
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events WHERE id = '01M6AGSCW00000000000000000';
SELECT n FROM fdw_events WHERE id = '01M6AGSCW00000000000000000';

-- ranges with ulid_lower bounds: the planner folds ulid_lower(constant) to
-- a ulid constant before postgres_fdw sees it
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events
WHERE id >= ulid_lower('2026-11-01 06:00+00') AND id < ulid_lower('2026-11-01 09:00+00');
SELECT n FROM fdw_events
WHERE id >= ulid_lower('2026-11-01 06:00+00') AND id < ulid_lower('2026-11-01 09:00+00')
ORDER BY n;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events
WHERE id BETWEEN ulid_lower('2026-11-01 20:00+00') AND ulid_upper('2026-11-01 21:00+00');
SELECT n FROM fdw_events
WHERE id BETWEEN ulid_lower('2026-11-01 20:00+00') AND ulid_upper('2026-11-01 21:00+00')
ORDER BY n;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events WHERE id > '01M6A6FT000000000000000000' AND id <= '01M6AGSCW00000000000000000';
SELECT n FROM fdw_events WHERE id > '01M6A6FT000000000000000000' AND id <= '01M6AGSCW00000000000000000'
ORDER BY n;

-- the extension's functions go too: a time window on ulid_time, and
-- ulid_lower applied to a column
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events WHERE ulid_time(id) >= '2026-11-01 22:00+00';
SELECT n FROM fdw_events WHERE ulid_time(id) >= '2026-11-01 22:00+00' ORDER BY n;
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events WHERE id = ulid_lower(ulid_time(id));
SELECT count(*) FROM fdw_events WHERE id = ulid_lower(ulid_time(id));

-- a uuid-typed key, as drivers send it: the planner makes it a ulid, and
-- the comparison ulid's own =, which is shipped schema-qualified
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events WHERE id = '01a1957a-9080-0000-0000-000000000000'::uuid;
SELECT n FROM fdw_events WHERE id = '01a1957a-9080-0000-0000-000000000000'::uuid;

-- sorting by id is sent too
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events ORDER BY id DESC LIMIT 3;
SELECT n FROM fdw_events ORDER BY id DESC LIMIT 3;

-- without extensions 'ulid' no operator or function of ulid is shipped: the
-- remote sends every row and the filter runs here (same rows, more traffic)
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events_plain WHERE id = '01M6AGSCW00000000000000000';
SELECT n FROM fdw_events_plain WHERE id = '01M6AGSCW00000000000000000';
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events_plain
WHERE id >= ulid_lower('2026-11-01 06:00+00') AND id < ulid_lower('2026-11-01 09:00+00');
SELECT n FROM fdw_events_plain
WHERE id >= ulid_lower('2026-11-01 06:00+00') AND id < ulid_lower('2026-11-01 09:00+00')
ORDER BY n;
-- and so does a comparison with a uuid value, which the planner makes
-- ulid's own =
EXPLAIN (VERBOSE, COSTS OFF)
SELECT n FROM fdw_events_plain WHERE id = '01a1957a-9080-0000-0000-000000000000'::uuid;
SELECT n FROM fdw_events_plain WHERE id = '01a1957a-9080-0000-0000-000000000000'::uuid;

DROP FOREIGN TABLE fdw_events, fdw_events_plain;
DROP SCHEMA fdw_remote CASCADE;
DROP USER MAPPING FOR CURRENT_USER SERVER ulid_remote;
DROP USER MAPPING FOR CURRENT_USER SERVER ulid_remote_plain;
DROP SERVER ulid_remote, ulid_remote_plain;
DROP EXTENSION postgres_fdw;
