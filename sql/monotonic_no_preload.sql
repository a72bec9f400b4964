--
-- gen_monotonic_ulid() before PostgreSQL 17 without shared_preload_libraries
-- (as in the regress cluster): a clear error, SQLSTATE 55000, on every call
-- and in every session; never a crash, never a per-session fallback.  The
-- TAP tests t/011_monotonic.pl and t/012_monotonic_restart.pl run it with
-- the library preloaded.
--

SELECT provolatile, proparallel, proisstrict
FROM pg_proc WHERE oid = 'gen_monotonic_ulid()'::regprocedure;

SELECT gen_monotonic_ulid();
\set VERBOSITY sqlstate
SELECT gen_monotonic_ulid();
\set VERBOSITY default

-- the session is fine, and a new one gets the same error
SELECT count(gen_ulid()) AS gen_ulid_still_works FROM generate_series(1, 10);
\c
SELECT gen_monotonic_ulid() FROM generate_series(1, 3);
SELECT 1 AS still_connected;
