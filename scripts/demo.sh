#!/usr/bin/env bash
# Shows the extension at work: installs missing Debian packages, builds and
# installs ulid, starts a throwaway cluster, creates a table keyed by
# DEFAULT gen_ulid() and queries it.  The cluster is removed on exit.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ensure_build_deps
build_and_install
trap stop_cluster EXIT
start_cluster

psql -X -q -v ON_ERROR_STOP=1 -e <<'SQL'
CREATE EXTENSION ulid;
CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric);
INSERT INTO orders (total) VALUES (9.99), (25.00), (3.50) RETURNING id;
SELECT id, id::uuid AS as_uuid, id::timestamptz AS created_at FROM orders ORDER BY id;
SELECT count(*) AS this_month FROM orders
 WHERE id >= ulid_lower(date_trunc('month', now()))
   AND id <  ulid_lower(date_trunc('month', now()) + interval '1 month');
SELECT '01aryz6s41tsv4rrffq69g5fav'::ulid AS parsed, gen_random_ulid() AS random,
       gen_ulid('2026-01-01 00:00:00+00') AS backfill;
\set ON_ERROR_STOP 0
SELECT 'not-a-ulid'::ulid;
SQL
