#!/usr/bin/env bash
# The metadata against PGXN's meta-spec 1.0.0 (pgxn_meta.py) and the tree.
# The version lives in ulid.control
# (default_version); META.json (PGXN, whose versions are semantic: 1.1 is
# 1.1.0) and debian/changelog (upstream part of its newest entry, the
# release tarball's version: also semantic) must agree with it.  The oldest
# supported PostgreSQL lives in the Makefile (PG_MIN_MAJOR); META.json and
# src/compat.h must agree.  META.json provides the extension the Makefile
# installs (ulid_sql/ is built apart, so it is not among them) with the
# control file's comment and the full script of its version; its files and
# folders exist; its prerequisites are the control file's and the ones the
# tests create.  The descriptions in META.json and debian/control (and
# control.in) name each index method the extension has a class of.
# debian/watch, debian/upstream/metadata, debian/copyright's Source and
# debian/control's Homepage point at the release channel, PGXN's page of
# META.json's name.
# Prints "metadata: N passed, N failed".

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
passed=0 failed=0	# this suite's own count, its last line
check() {	# check WHAT GOT WANT: passes when GOT is WANT
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1 is $2"
	else failed=$((failed + 1)); echo "FAILED: $1 is '$2', want '$3'"; fi
}

control_value() { sed -n "s/^$1 = '\(.*\)'$/\1/p" "$root/ulid.control"; }
control=$(control_value default_version)
semver=$control
while [ "$(echo "$semver" | tr -cd . | wc -c)" -lt 2 ]; do semver=$semver.0; done
echo "ulid.control: default_version $control (semantic version $semver)"

# meta EXPR: EXPR of m, META.json's object, in Python; lists print a word each
meta() {
	/usr/bin/python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
v = eval(sys.argv[2], {"m": m})
print("\n".join(sorted(v)) if isinstance(v, (list, dict)) else v)' "$root/META.json" "$1" 2>&1
}
words() { tr ' ' '\n' | sed '/^$/d' | sort -u | paste -sd ' '; }

# PGXN's meta-spec 1.0.0 (pgxn_meta.py): what PGXN Manager refuses; and the
# checker itself refuses a copy with one fault of each kind
faults=$("$root/test/packaging/pgxn_meta.py" "$root/META.json" 2>&1)
check "META.json's faults against PGXN's meta-spec 1.0.0" "${faults:-none}" none
mutant=$(mktemp /tmp/ulid-meta.XXXXXX.json)
while IFS='|' read -r change fault; do
	/usr/bin/python3 -c 'import json, sys
m = json.load(open(sys.argv[1])); exec(sys.argv[2]); json.dump(m, open(sys.argv[3], "w"))' "$root/META.json" "$change" "$mutant"
	check "pgxn_meta.py on META.json with $change" "$("$root/test/packaging/pgxn_meta.py" "$mutant" 2>&1)" "$fault"
done <<'MUTANTS'
m["version"] = "1.5"|version: "1.5" is no semantic version (MAJOR.MINOR.PATCH)
del m["provides"]["ulid"]["file"]|provides.ulid: lacks the required key "file"
m["licence"] = "postgresql"|META.json: has the key "licence", which the spec does not define
m["license"] = "PostgreSQL"|license: "PostgreSQL" is none of the spec's license names
m["meta-spec"]["version"] = "2.0.0"|meta-spec.version: "2.0.0" is not 1.0.x
m["prereqs"]["runtime"]["requires"]["PostgreSQL"] = ">= 15"|prereqs.runtime.requires.PostgreSQL: ">= 15" is no version range
MUTANTS
rm -f "$mutant"

check "META.json name" "$(meta 'm["name"]')" "ulid"
check "META.json meta-spec version" "$(meta 'm["meta-spec"]["version"]')" "1.0.0"
check "META.json version" "$(meta 'm["version"]')" "$semver"
check "META.json abstract" "$(meta 'm["abstract"]')" "$(control_value comment)"

# what it provides: the Makefile's EXTENSION, at the control file's version
extension=$(sed -n 's/^EXTENSION = \(.*\)$/\1/p' "$root/Makefile")
check "META.json provides" "$(meta 'm["provides"]')" "$extension"
check "META.json provides.ulid.version" "$(meta 'm["provides"]["ulid"]["version"]')" "$semver"
check "META.json provides.ulid.abstract" "$(meta 'm["provides"]["ulid"]["abstract"]')" "$(control_value comment)"
check "META.json provides.ulid.file" "$(meta 'm["provides"]["ulid"]["file"]')" "ulid--$control.sql"
for path in "$(meta 'm["provides"]["ulid"]["file"]')" "$(meta 'm["provides"]["ulid"]["docfile"]')"; do
	check "META.json's file $path exists" "$([ -f "$root/$path" ] && echo yes || echo no)" yes
done
for dir in $(meta 'm["no_index"]["directory"]'); do
	check "META.json's no_index directory $dir exists" "$([ -d "$root/$dir" ] && echo yes || echo no)" yes
done

# prerequisites: the oldest major (the Makefile's PG_MIN_MAJOR, also in
# compat.h) and the control file's requires; for the tests, the extensions
# that pg_regress and the TAP tests create, other than ulid: required, or
# recommended (pg_partman: the Makefile leaves t/017 out without it)
min=$(sed -n 's/^PG_MIN_MAJOR = \([0-9]*\)$/\1/p' "$root/Makefile")
check "META.json PostgreSQL prerequisite" "$(meta 'm["prereqs"]["runtime"]["requires"]["PostgreSQL"]')" "$min.0.0"
check "src/compat.h's oldest major" "$(grep -B1 '^#error "ulid needs PostgreSQL' "$root/src/compat.h" |
	sed -n 's/^#if PG_VERSION_NUM < \([0-9]*\)0000$/\1/p')" "$min"
check "META.json runtime prerequisites" \
	"$(meta '[k for k in m["prereqs"]["runtime"]["requires"] if k != "PostgreSQL"]' | words)" \
	"$(control_value requires | tr -d ' ' | tr ',' ' ' | words)"
# (statements, not comments: a name followed by ";" or a clause)
created=$(cat "$root"/sql/*.sql "$root"/t/*.p[lm] | grep -v '^[[:space:]]*\(#\|--\)' |
	sed -n 's/.*CREATE EXTENSION \(IF NOT EXISTS \)\?\([a-z_0-9]*\)\( *;\| VERSION\| SCHEMA\| CASCADE\|$\).*/\2/p' |
	grep -vx "$extension" | words)
check "META.json test prerequisites" \
	"$(meta 'list(m["prereqs"]["test"]["requires"]) + list(m["prereqs"]["test"].get("recommends", {}))' | words)" "$created"

# the index methods of the full script's operator classes, in each description
methods=$(sed -n 's/.* USING \([a-z]*\) .*AS$/\1/p; s/^CREATE OPERATOR CLASS .* USING \([a-z]*\).*/\1/p' \
	"$root/ulid--$control.sql" | words)
check "ulid--$control.sql has operator classes" "$([ -n "$methods" ] && echo yes || echo no)" yes
echo "their index methods: $(echo $methods)"
# (debian/control is made from debian/control.in: pg_buildext fails the
# build when they differ, so both are read)
description=$(meta 'm["description"]')
for method in $methods; do
	check "META.json's description names $method" "$(echo "$description" | grep -qiw "$method" && echo yes || echo no)" yes
	for f in debian/control debian/control.in; do
		check "$f's description names $method" \
			"$(sed -n '/^Description:/,/^$/p' "$root/$f" | grep -qiw "$method" && echo yes || echo no)" yes
	done
done

# "ulid (1.5.0-1) unstable; ..." -> 1.5.0
debian=$(sed -n '1s/^ulid (\([^)]*\)).*/\1/p' "$root/debian/changelog")
check "debian/changelog upstream version" "${debian%-*}" "$semver"

# the release channel: PGXN, under META.json's name.  debian/watch (uscan's
# version 4) watches its page of the distribution, whose download link is
# https://api.pgxn.org/dist/NAME/V/NAME-V.zip (pgxn-site's template: the
# API's URL and the download path); its pattern, anchored as uscan anchors
# it, must take that link's version and no other distribution's zip.
# debian/upstream/metadata names PGXN's entry, debian/copyright that page
# as Source.
name=$(meta 'm["name"]')
page="https://pgxn.org/dist/$name/"
check "debian/watch version" "$(sed -n 's/^version=//p' "$root/debian/watch")" 4
watch=$(grep -v -e '^#' -e '^version=' -e '^$' "$root/debian/watch")
check "debian/watch's page" "${watch%% *}" "$page"
# watch_matches URL: the version the pattern takes from URL, or "none"
watch_matches() { perl -e '$p = shift; print $ARGV[0] =~ m{^$p$} ? $1 : "none"' "${watch#* }" "$1"; }
check "debian/watch's pattern on https://api.pgxn.org/dist/$name/$semver/$name-$semver.zip" \
	"$(watch_matches "https://api.pgxn.org/dist/$name/$semver/$name-$semver.zip")" "$semver"
for other in "https://api.pgxn.org/dist/pgx_$name/0.1.0/pgx_$name-0.1.0.zip" \
	"https://api.pgxn.org/dist/$name/$semver/$name-$semver.tar.gz" "https://pgxn.org/dist/$name/$semver/"; do
	check "debian/watch's pattern on $other" "$(watch_matches "$other")" none
done
check "debian/upstream/metadata" "$(/usr/bin/python3 -c 'import sys, re
t = open(sys.argv[1]).read()
reg = re.search(r"^Registry:\n  - Name: (\S+)\n    Entry: (\S+)$", t, re.M)
doc = re.search(r"^Documentation: (\S+)$", t, re.M)
print(reg and reg.groups(), doc and doc.group(1))' "$root/debian/upstream/metadata")" "('PGXN', '$name') $page"
check "debian/copyright Source" "$(sed -n 's/^Source: //p' "$root/debian/copyright")" "$page"
for f in debian/control debian/control.in; do
	check "$f Homepage" "$(sed -n 's/^Homepage: //p' "$root/$f")" "$page"
done

echo "metadata: $passed passed, $failed failed"; [ "$failed" -eq 0 ]
