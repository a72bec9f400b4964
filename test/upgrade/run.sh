#!/usr/bin/env bash
# Upgrade test: for every version of ulid the repository ships (named by the
# ulid--*.sql scripts), install that version in a database, store data and
# indexes in it, ALTER EXTENSION ulid UPDATE to the newest, and check that
#   - the extension's objects equal those of a fresh CREATE EXTENSION of the
#     newest version (test/upgrade/snapshot.sql, diffed line by line), and
#   - the data and indexes made under the old version still answer right;
# and that no released script has changed (released.sha256).
# Needs a running server (PGHOST, PGPORT, PGUSER) with the extension
# installed from this tree.  Prints "upgrade: N passed, N failed".

set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/ulid-upgrade.XXXXXX)
trap 'rm -rf "$work"' EXIT

source "$root/test/counts.sh"

psql_db() { PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d "$@"; }

# the catalog snapshot of a database into a file; an empty one is a failure
snapshot() {
	psql_db "$1" -At -f "$here/snapshot.sql" >"$2" && [ -s "$2" ]
}

# Released scripts are never edited (a database at a version has run them
# as they were; a change reaches none of them): released.sha256 records
# each released ulid--V.sql and ulid--A--B.sql (a release appends its own,
# docs/development.md).  A script whose version (its last one) is released
# must be recorded and match; a recorded update script must be there (a
# recorded full script goes when a newer one replaces it); scripts of a
# version not yet released are free.
released=$(sed 's/^[0-9a-f]*  //' "$here/released.sha256")
released_versions=$(echo "$released" | sed 's/^ulid--\(.*--\)\?\(.*\)\.sql$/\2/' | sort -u)
for f in "$root"/ulid--*.sql; do
	script=$(basename "$f")
	version=$(echo "$script" | sed 's/^ulid--\(.*--\)\?\(.*\)\.sql$/\2/')
	echo "$released_versions" | grep -qxF "$version" || continue
	want=$(grep "  $script\$" "$here/released.sha256" | cut -d' ' -f1)
	if [ -z "$want" ]; then
		fail "$script, of the released version $version, is not in test/upgrade/released.sha256: a released version gets no new script"
	elif [ "$(sha256sum <"$f" | cut -d' ' -f1)" = "$want" ]; then
		pass "$script is as released"
	else
		fail "$script differs from its release (test/upgrade/released.sha256): released scripts are never edited; write an update script"
	fi
done
for script in $(echo "$released" | grep -- '--.*--'); do
	[ -f "$root/$script" ] || fail "the released update script $script is gone"
done

# versions named by the scripts: ulid--V.sql and ulid--A--B.sql, and the
# -pg18 ones that make built into pg18/ (on 18 and later, where they install
# and the newest is the default)
major=$(psql -X -At -d postgres -c "SELECT current_setting('server_version_num')::int / 10000")
versions=$(for f in "$root"/ulid--*.sql "$root"/pg18/ulid--*.sql; do
	[ -e "$f" ] || continue
	basename "$f" .sql | sed 's/^ulid--//; s/--/\n/g'
done | { if [ "$major" -ge 18 ]; then cat; else grep -v -- '-pg18$'; fi; } | sort -uV)
newest=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$root/ulid.control")
[ "$major" -ge 18 ] && newest="$newest-pg18"
echo "versions: $(echo $versions) (default $newest)"

if [ "$(echo "$versions" | tail -n 1)" = "$newest" ]; then
	pass "default_version $newest is the newest version scripted"
else
	fail "default_version $newest is not the newest version scripted ($(echo "$versions" | tail -n 1))"
fi

# every scripted version is installed (a script missing from DATA shows here)
available=$(psql -X -At -d postgres -c \
	"SELECT version FROM pg_available_extension_versions WHERE name = 'ulid'" | sort -V)
if [ "$available" = "$versions" ]; then
	pass "installed versions match the scripts: $(echo $available)"
else
	fail "installed versions ($(echo $available)) differ from the scripts ($(echo $versions))"
fi

# a fresh install of the newest version
psql_db postgres -c 'DROP DATABASE IF EXISTS ulid_upgrade_fresh' -c 'CREATE DATABASE ulid_upgrade_fresh'
psql_db ulid_upgrade_fresh -c 'CREATE EXTENSION ulid'
snapshot ulid_upgrade_fresh "$work/fresh.txt" || fail "catalog snapshot of a fresh $newest"
echo "fresh $newest: $(grep -c '' "$work/fresh.txt") catalog lines"

# data and indexes made under an old version
setup_sql="
CREATE EXTENSION amcheck;
CREATE TABLE items (id ulid PRIMARY KEY, n int4 NOT NULL);
INSERT INTO items
SELECT ulid_lower('2026-01-01 00:00+00'::timestamptz + n * interval '1 minute'), n
FROM generate_series(1, 5000) AS n;
CREATE INDEX items_hash ON items USING hash (id);
CREATE INDEX items_brin ON items USING brin (id);
"
# the same questions, answered through each index and by a sequential scan
check_sql="
SET enable_bitmapscan = off;
SELECT bt_index_check('items_pkey', true);
SET enable_seqscan = off;
SELECT 'btree', count(*), sum(n) FROM items
 WHERE id >= ulid_lower('2026-01-02 00:00+00') AND id < ulid_lower('2026-01-03 00:00+00');
SELECT 'btree=', n FROM items WHERE id = ulid_lower('2026-01-01 01:00+00');
DROP INDEX items_hash;
"
hash_sql="
SET enable_seqscan = off;
SET enable_bitmapscan = off;
ALTER TABLE items DROP CONSTRAINT items_pkey;
SELECT 'hash=', n FROM items WHERE id = ulid_lower('2026-01-01 01:00+00');
"
seq_sql="
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT 'btree', count(*), sum(n) FROM items
 WHERE id >= ulid_lower('2026-01-02 00:00+00') AND id < ulid_lower('2026-01-03 00:00+00');
SELECT 'btree=', n FROM items WHERE id = ulid_lower('2026-01-01 01:00+00');
SELECT 'hash=', n FROM items WHERE id = ulid_lower('2026-01-01 01:00+00');
"

for from in $versions; do
	[ "$from" = "$newest" ] && continue
	db="ulid_upgrade_from_${from//[.-]/_}"
	psql_db postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
	if ! psql_db "$db" -c "CREATE EXTENSION ulid VERSION '$from'" -c "$setup_sql"; then
		fail "install $from and store data"
		continue
	fi
	# 1.3's planner support, which the library keeps for databases not yet
	# updated: a uuid value against the BRIN index of a ulid column
	if [ "$from" = 1.3 ]; then
		brin_sql="BEGIN;
SET LOCAL enable_seqscan = off;
ALTER TABLE items DROP CONSTRAINT items_pkey;
DROP INDEX items_hash;
EXPLAIN (COSTS OFF) SELECT count(*) FROM items WHERE id < ulid_lower('2026-01-02 00:00+00')::uuid;
SELECT count(*) FROM items WHERE id < ulid_lower('2026-01-02 00:00+00')::uuid;
ROLLBACK;"
		out=$(psql_db "$db" -At -c "$brin_sql" 2>&1)
		if echo "$out" | grep -q 'Index Cond: (id < ' && [ "$(echo "$out" | tail -n 1)" = 1439 ]; then
			pass "$from before the update: its BRIN index serves a uuid value through 1.3's support function"
		else
			fail "$from before the update: BRIN with a uuid value gave [$out]"
		fi
	fi
	if psql_db "$db" -c 'ALTER EXTENSION ulid UPDATE'; then
		pass "ALTER EXTENSION ulid UPDATE from $from"
	else
		fail "ALTER EXTENSION ulid UPDATE from $from"
		continue
	fi
	if ! snapshot "$db" "$work/from_$from.txt"; then
		fail "catalog snapshot of $from updated to $newest"
	elif diff -u "$work/fresh.txt" "$work/from_$from.txt" >"$work/diff_$from.txt"; then
		pass "$from updated to $newest has the objects of a fresh $newest ($(grep -c '' "$work/fresh.txt") lines)"
	else
		fail "$from updated to $newest differs from a fresh $newest (- fresh, + updated):"
		cat "$work/diff_$from.txt"
	fi
	# the index answers, then the sequential scan's; they must agree and
	# find the 1440 minutes of 2026-01-02 and the 60th row
	idx=$(psql_db "$db" -At -c "$check_sql" -c "$hash_sql" 2>&1)
	seq=$(psql_db "$db" -At -c "$seq_sql" 2>&1)
	want=$(printf 'btree|1440|%s\nbtree=|60\nhash=|60' $(( (1440 + 2879) * 1440 / 2 )))
	if [ "$(echo "$idx" | grep -v '^$' | grep -v '^t*$')" = "$want" ] && [ "$seq" = "$want" ]; then
		pass "$from data and indexes (btree with amcheck, hash) answer right after the update"
	else
		fail "$from data after the update: indexes gave [$idx], seq scan [$seq], want [$want]"
	fi
	psql_db postgres -c "DROP DATABASE $db"
done

psql_db postgres -c 'DROP DATABASE ulid_upgrade_fresh'
report upgrade
