#!/usr/bin/env bash
# The client packages' install steps of their READMEs, word for word, in a
# clean Debian 12 root: debootstrap (minbase) into ROOT, then, in a chroot,
# the apt-get, venv and pip lines of pgulid's README and the npm pack and
# npm install lines of pg-ulid's (Debian's nodejs and npm), and an import or
# require() of each.  Not part of scripts/test.sh: it needs root, the
# network to a Debian mirror and the npm registry, and some minutes.
#   test/docs/clean_root.sh [ROOT]     (default: a new folder under /tmp)
# Prints "docs_clean_root: N passed, N failed".

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root_src=$(cd "$here/../.." && pwd)
source "$root_src/scripts/common.sh"
# every check runs, and the count says how many failed
set +e
ROOT=${1:-$(mktemp -d /tmp/ulid-root.XXXXXX)}
passed=0
failed=0
check() {
	if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $1"; fi
}
in_root() { chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive bash -ec "$1"; }

if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
	command -v debootstrap >/dev/null || apt-get -o DPkg::Lock::Timeout=600 install -y -q debootstrap
	mirror=$(debian_mirror)
	[ -n "$mirror" ] || { echo "no Debian mirror in the system's apt sources" >&2; exit 1; }
	debootstrap --variant=minbase bookworm "$ROOT" "$mirror" || exit 1
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
[ -f /etc/ssl/certs/ca-certificates.crt ] && mkdir -p "$ROOT/usr/local/share/ca-certificates" &&
	cp /etc/ssl/certs/ca-certificates.crt "$ROOT/usr/local/share/ca-certificates/host.crt"
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
trap 'umount "$ROOT/proc" 2>/dev/null' EXIT
# the tree's source files (git's, or a release tree's MANIFEST) as the clone
rm -rf "$ROOT/clone" && mkdir "$ROOT/clone" &&
	(cd "$root_src" && scripts/tree_files.sh | tar -c --verbatim-files-from -T -) | tar -x -C "$ROOT/clone"

# the READMEs' lines, from the clone's READMEs themselves
readme=$ROOT/clone/clients/python/README.md
apt_line=$(grep -m1 '^sudo apt-get install python3-venv' "$readme" | sed 's/^sudo //; s/ *#.*//')
venv_line=$(grep -m1 '^python3 -m venv' "$readme")
pip_line=$(grep -m1 'pip install --no-build-isolation' "$readme" | sed 's#/path/to/clone#/clone#; s/ *#.*//')
readme=$ROOT/clone/clients/node/README.md
pack_line=$(grep -m1 'npm pack' "$readme" | sed 's#/path/to/clone#/clone#; s/ *#.*//')
npm_line=$(grep -m1 '^npm install /tmp/pg-ulid' "$readme" | sed 's/ *#.*//')
echo "README: $apt_line | $venv_line | $pip_line | $pack_line | $npm_line"

check "apt-get update" 'in_root "apt-get update -q >/dev/null && apt-get install -y -q ca-certificates >/dev/null && update-ca-certificates >/dev/null"'
check "$apt_line" 'in_root "apt-get install -y -q ${apt_line#apt-get install } >/dev/null"'
check "$venv_line" 'in_root "$venv_line"'
check "$pip_line" 'in_root "$pip_line"'
check "import pgulid.psycopg from the venv" 'in_root "cd / && ~/venv/bin/python -c \"import pgulid.psycopg, psycopg; print(pgulid.psycopg.__file__)\""'
check "apt-get install nodejs npm" 'in_root "apt-get install -y -q nodejs npm >/dev/null"'
check "$pack_line" 'in_root "$pack_line"'
check "$npm_line, with its peers, in an application folder" 'in_root "mkdir -p /app && cd /app && npm init -y >/dev/null && npm config set cafile /etc/ssl/certs/ca-certificates.crt && $npm_line pg drizzle-orm knex --no-audit --no-fund >/dev/null"'
for entry in pg-ulid pg-ulid/drizzle pg-ulid/knex; do
	check "require('$entry')" "in_root \"cd /app && node -e \\\"require('$entry')\\\"\""
done
check "the clone is as it was" 'in_root "cd /clone && [ -z \"\$(ls -A clients/node | grep -vxE \"README.md|drizzle.d.ts|drizzle.js|index.d.ts|index.js|knex.d.ts|knex.js|package-lock.json|package.json|test\")\" ]"'

echo "docs_clean_root: $passed passed, $failed failed ($ROOT)"
[ "$failed" -eq 0 ]
