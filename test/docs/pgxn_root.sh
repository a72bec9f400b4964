#!/usr/bin/env bash
# PGXN's way in, on a clean Debian 12 root: debootstrap (minbase) into ROOT
# unless it has apt already, then, in a chroot, Debian's postgresql-15,
# postgresql-server-dev-15, build-essential and pgxnclient, `pgxn install`
# of make dist's zip given by path (as PGXN would serve it), a cluster of
# the installed server and CREATE EXTENSION ulid in it.  Not part of
# scripts/test.sh: it needs root, the network to a Debian mirror, and some
# minutes.  No service of the root starts (policy-rc.d; no main cluster);
# the test cluster listens on a socket in the root only.
#   make dist && test/docs/pgxn_root.sh ulid-V.zip [ROOT]   (default ROOT: a new folder under /tmp)
# Prints "docs_pgxn_root: N passed, N failed".

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root_src=$(cd "$here/../.." && pwd)
source "$root_src/scripts/common.sh"
passed=0 failed=0	# this suite's own count, its last line
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
set +e
zip=$(readlink -f "${1:?usage: $0 ulid-V.zip [ROOT]}")
ROOT=${2:-$(mktemp -d /tmp/ulid-root.XXXXXX)}
in_root() { chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive bash -ec "$1"; }
step() {	# step WHAT COMMAND: runs COMMAND in the root, its output shown
	echo "==> $1"
	if in_root "$2"; then pass "$1"; else fail "$1"; fi
}

if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
	command -v debootstrap >/dev/null || apt_get install -y -q debootstrap
	mirror=$(debian_mirror)
	[ -n "$mirror" ] || { echo "no Debian mirror in the system's apt sources" >&2; exit 1; }
	debootstrap --variant=minbase bookworm "$ROOT" "$mirror" || exit 1
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
for m in proc dev dev/pts; do
	mountpoint -q "$ROOT/$m" || mount --bind "/$m" "$ROOT/$m"
done
trap 'for m in dev/pts dev proc; do umount "$ROOT/$m" 2>/dev/null; done' EXIT
# no service starts in the root, and the server package makes no cluster
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d" && chmod 755 "$ROOT/usr/sbin/policy-rc.d"
mkdir -p "$ROOT/etc/postgresql-common" && echo 'create_main_cluster = false' >"$ROOT/etc/postgresql-common/createcluster.conf"
mkdir -p "$ROOT/tmp/pgxn" && cp "$zip" "$ROOT/tmp/pgxn/"
name=$(basename "$zip")
# the full script of the zip's version (ulid-X.Y.Z.zip: ulid--X.Y.sql)
version=$(echo "$name" | sed 's/^ulid-\([0-9]*\.[0-9]*\)\.[0-9]*\.zip$/\1/')

step "apt-get install postgresql-15 postgresql-server-dev-15 build-essential pgxnclient" \
	"apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends postgresql-15 postgresql-server-dev-15 build-essential pgxnclient >/tmp/apt.log 2>&1 || { tail -20 /tmp/apt.log; exit 1; }
	 dpkg-query -W -f='\${Package} \${Version}\n' postgresql-15 pgxnclient"
step "pgxn install ./$name" "cd /tmp/pgxn && pgxn --version && {
	pgxn install --nosudo --pg_config /usr/lib/postgresql/15/bin/pg_config ./$name >/tmp/pgxn/install.log 2>&1; status=\$?
	grep -E '^(INFO|WARNING|ERROR):|warning:|error:' /tmp/pgxn/install.log; tail -n 3 /tmp/pgxn/install.log; exit \$status; }"
step "ulid's files in the server's folders" "ls -l /usr/lib/postgresql/15/lib/ulid.so /usr/share/postgresql/15/extension/ulid.control /usr/share/postgresql/15/extension/ulid--$version.sql"
step "a cluster of the installed 15, and CREATE EXTENSION ulid" "
	rm -rf /tmp/pg && mkdir /tmp/pg && chown postgres /tmp/pg
	su postgres -c '/usr/lib/postgresql/15/bin/initdb -D /tmp/pg/data >/dev/null &&
		/usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pg/data -l /tmp/pg/log -w -o \"-c listen_addresses= -k /tmp/pg -p 5499\" start >/dev/null'
	su postgres -c \"psql -X -h /tmp/pg -p 5499 -d postgres -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION ulid' \
		-c \\\"SELECT extversion, gen_ulid() < gen_ulid() AS increasing, '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid::uuid FROM pg_extension WHERE extname = 'ulid'\\\"\"
	status=\$?
	su postgres -c '/usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pg/data -m fast stop >/dev/null'
	exit \$status"
echo "docs_pgxn_root: $passed passed, $failed failed"; [ "$failed" -eq 0 ]
