#!/usr/bin/env bash
# make dist (scripts/dist.sh) against its promises:
#   - reproducible: two clean copies of the tree (two git clones, or in a
#     release tree two copies of its MANIFEST's files), the second made
#     under umask 077 with its files' times moved and built in another time
#     zone, give the same tarball and zip, byte for byte;
#   - without PostgreSQL (PG_CONFIG names nothing), and from the unpacked
#     tarball (no .git) again the same bytes;
#   - one top folder ulid-V/ (V: ulid.control's version made semantic);
#     the tree's source files, MANIFEST and the SQL edition's forms as
#     make -C ulid_sql builds them, nothing else: no .git, no build product;
#     owner 0, one time; gzip without name or time; the zip holds the same
#     files with the same bytes;
#   - make -C ulid_sql without PostgreSQL builds every form and prints no
#     error.
# Prints "dist: N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
passed=0 failed=0	# this suite's own count, its last line
check() {	# check WHAT GOT WANT: passes when GOT is WANT
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1 is $2"
	else failed=$((failed + 1)); echo "FAILED: $1 is '$2', want '$3'"; fi
}
work=$(mktemp -d /tmp/ulid-dist-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
no_pg=$work/no-such-pg_config
# none WHAT GOT: passes when GOT is empty
none() { check "$1" "${2:-none}" none; }

# a clean copy of the tree in $1
clean_copy() {
	if [ -e "$root/.git" ] && command -v git >/dev/null; then
		git clone -q --no-hardlinks "$root" "$1"
	else
		mkdir "$1" && (cd "$root" && { scripts/tree_files.sh; echo MANIFEST; } | tar -c --verbatim-files-from -T -) | tar -x -C "$1"
	fi
}
control=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$root/ulid.control")
version=$control
while [ "$(echo "$version" | tr -cd . | wc -c)" -lt 2 ]; do version=$version.0; done
name=ulid-$version

clean_copy "$work/a" && (cd "$work/a" && make -s dist PG_CONFIG="$no_pg" >"$work/a.log" 2>&1)
check "make dist in a clean copy, PG_CONFIG naming nothing: exit status" "$?" 0
(umask 077 && clean_copy "$work/b" && find "$work/b" -path "$work/b/.git" -prune -o -exec touch -h -d '2001-02-03 04:05:06' {} + &&
	cd "$work/b" && TZ=Pacific/Chatham make -s dist PG_CONFIG="$no_pg" >"$work/b.log" 2>&1)
check "make dist in a second copy (umask 077, other times, TZ=Pacific/Chatham): exit status" "$?" 0
cat "$work/a.log"
for f in "$name.tar.gz" "$name.zip"; do
	check "$f from the two copies is the same bytes" \
		"$(cmp "$work/a/$f" "$work/b/$f" 2>&1 && echo same)" same
done
tgz=$work/a/$name.tar.gz
zip=$work/a/$name.zip

# the gzip header: no file name (flag bit 3) and time 0
check "$name.tar.gz's gzip header: flags, time" "$(od -An -tu1 -j3 -N1 "$tgz" | tr -d ' '), $(od -An -tu4 -j4 -N4 "$tgz" | tr -d ' ')" "0, 0"

# entries: one top folder, owner 0, one time
listing=$(tar --numeric-owner -tvzf "$tgz")
check "entries outside $name/" "$(tar -tzf "$tgz" | grep -cv "^$name/")" 0
check "owners of the entries" "$(echo "$listing" | awk '{print $2}' | sort -u | paste -sd ' ')" "0/0"
check "times of the entries" "$(echo "$listing" | awk '{print $4, $5}' | sort -u | wc -l)" 1
check "modes of the entries" "$(echo "$listing" | awk '{print $1}' | sort -u | paste -sd ' ')" "-rw-r--r-- -rwxr-xr-x drwxr-xr-x"

# the files: the tree's, MANIFEST, and the edition's forms; the forms as
# make -C ulid_sql builds them in the copy, without PostgreSQL and quietly
out=$(make -s -C "$work/a/ulid_sql" PG_CONFIG="$no_pg" 2>&1)
check "make -C ulid_sql without PostgreSQL: its output" "${out:-nothing}" nothing
forms=$(cd "$work/a" && find ulid_sql/dist -type f | LC_ALL=C sort)
check "the forms make -C ulid_sql builds" "$(echo $forms)" \
	"ulid_sql/dist/dbdev/ulid_sql/README.md ulid_sql/dist/dbdev/ulid_sql/ulid_sql--1.0.sql ulid_sql/dist/dbdev/ulid_sql/ulid_sql.control ulid_sql/dist/ulid_sql--pgtle.sql ulid_sql/dist/ulid_sql.sql"
want=$( { (cd "$work/a" && scripts/tree_files.sh); echo MANIFEST; echo "$forms"; } | LC_ALL=C sort)
got=$(tar -tzf "$tgz" | grep -v '/$' | sed "s|^$name/||" | LC_ALL=C sort)
none "$name.tar.gz's files other than the tree's, MANIFEST and the forms (>), or missing (<)" \
	"$(diff <(echo "$want") <(echo "$got") | grep '^[<>]' | paste -sd ' ')"
for f in META.json ulid.control "ulid--$control.sql" ulid_sql/dist/ulid_sql.sql ulid_sql/dist/ulid_sql--pgtle.sql ulid_sql/dist/dbdev/ulid_sql/ulid_sql.control; do
	check "$name.tar.gz holds $f" "$(echo "$got" | grep -cxF "$f")" 1
done
none "entries named .git or built (.o .so .bc, pg_regress's results/ and regression.*, tmp_check/, pg18/, test/unit_*, node_modules/, __pycache__/, ulid_sql's extension script)" \
	"$(tar -tzf "$tgz" | grep -E "(^|/)\.git(/|\$)|\.(o|so|bc)\$|^$name/(ulid_sql/)?(results/|regression\.)|/tmp_check/|^$name/pg18/|^$name/test/unit_[a-z]+\$|/node_modules/|/__pycache__/|^$name/ulid_sql/ulid_sql--[^/]*\.sql\$" | paste -sd ' ')"
mkdir "$work/t" "$work/z" && tar -xzf "$tgz" -C "$work/t" && unzip -q "$zip" -d "$work/z"
differ=$(for f in $forms; do cmp -s "$work/a/$f" "$work/t/$name/$f" || echo "$f"; done)
none "the forms in $name.tar.gz differing from the copy's make -C ulid_sql" "$differ"
none "differences of $name.zip from $name.tar.gz (files and bytes)" "$(diff -r "$work/t" "$work/z" 2>&1)"
check "$name.zip's entries outside $name/" "$(unzip -Z1 "$zip" | grep -cv "^$name/")" 0

# from the unpacked tarball, no .git and no PostgreSQL: the same bytes
(cd "$work/t/$name" && make -s dist PG_CONFIG="$no_pg" >/dev/null 2>&1)
check "make dist in the unpacked $name.tar.gz: exit status" "$?" 0
for f in "$name.tar.gz" "$name.zip"; do
	check "$f from the unpacked tarball is the same bytes" \
		"$(cmp "$work/a/$f" "$work/t/$name/$f" 2>&1 && echo same)" same
done
(cd "$work/a" && sha256sum "$name.tar.gz" "$name.zip")
echo "dist: $passed passed, $failed failed"; [ "$failed" -eq 0 ]
