#!/usr/bin/env bash
# Shows the extension at work in a throwaway cluster on a free port,
# touching nothing of the machine's PostgreSQL: missing packages through
# ensure_packages (scripts/common.sh), the extension in a folder only the
# demo's cluster reads (extension_destdir) where the server has that
# setting, and a closing word on what it installed and left.

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

destdir=
cleanup() {
	stop_cluster
	[ -z "$destdir" ] || rm -rf "$destdir"
}
trap cleanup EXIT

ensure_build_deps || exit 1

say "building against $("$PG_CONFIG" --version)"
make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" COPT=-Werror with_llvm=no
# not grep -q: its early exit can kill postgres with SIGPIPE first, which
# fails the pipe (pipefail), and the demo would install into the server's
# folders on a server that has the setting
if "$("$PG_CONFIG" --bindir)/postgres" --describe-config 2>/dev/null | grep '^extension_destdir' >/dev/null; then
	destdir=$(mktemp -d /tmp/ulid-demo-ext.XXXXXX)
	make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install DESTDIR="$destdir"
	chmod -R a+rX "$destdir"
	CLUSTER_OPTS="-c extension_destdir=$destdir"
	where="in $destdir, which only the demo's cluster reads (removed with it)"
else
	"${SUDO[@]}" make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install
	where="into $("$PG_CONFIG" --sharedir)/extension and $("$PG_CONFIG" --pkglibdir), which stays (this server has no extension_destdir)"
fi
say "installed the extension $where"
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
\echo '-- and a malformed value is an error:'
\set ON_ERROR_STOP 0
SELECT 'not-a-ulid'::ulid;
SQL

stop_cluster
if [ ${#INSTALLED_NOW[@]} -gt 0 ]; then
	say "left installed: the packages ${INSTALLED_NOW[*]} (apt-get remove them if you like)"
else
	say "installed no packages"
fi
say "done: the demo's cluster and its folder are gone${destdir:+, and so is the extension it installed}"
