#!/usr/bin/env bash
# The version lives in ulid.control (default_version); META.json (PGXN, whose
# versions are semantic: 1.1 is 1.1.0) and debian/changelog (upstream part
# of its newest entry) must agree with it.  The oldest supported PostgreSQL
# lives in the Makefile (PG_MIN_MAJOR); META.json and src/compat.h must agree.
# Prints "versions: N passed, N failed".

set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/test/counts.sh"

control=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$root/ulid.control")
semver=$control
while [ "$(echo "$semver" | tr -cd . | wc -c)" -lt 2 ]; do semver=$semver.0; done
echo "ulid.control: default_version $control (semantic version $semver)"

meta() {
	/usr/bin/python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print(eval(sys.argv[2], {"m": m}))' "$root/META.json" "$1" 2>&1
}
check "META.json version" "$(meta 'm["version"]')" "$semver"
check "META.json provides.ulid.version" "$(meta 'm["provides"]["ulid"]["version"]')" "$semver"
check "META.json name" "$(meta 'm["name"]')" "ulid"
check "META.json meta-spec version" "$(meta 'm["meta-spec"]["version"]')" "1.0.0"
# the oldest supported major: the Makefile's PG_MIN_MAJOR, also in compat.h
min=$(sed -n 's/^PG_MIN_MAJOR = \([0-9]*\)$/\1/p' "$root/Makefile")
check "META.json PostgreSQL prerequisite" "$(meta 'm["prereqs"]["runtime"]["requires"]["PostgreSQL"]')" "$min.0.0"
check "src/compat.h's oldest major" "$(grep -B1 '^#error "ulid needs PostgreSQL' "$root/src/compat.h" |
	sed -n 's/^#if PG_VERSION_NUM < \([0-9]*\)0000$/\1/p')" "$min"
file=$(meta 'm["provides"]["ulid"]["file"]')
check "META.json provides.ulid.file ($file) exists" "$([ -f "$root/$file" ] && echo yes || echo no)" yes

# "ulid (1.1-1) unstable; ..." -> 1.1
debian=$(sed -n '1s/^ulid (\([^)]*\)).*/\1/p' "$root/debian/changelog")
check "debian/changelog upstream version" "${debian%-*}" "$control"

report versions
