#!/usr/bin/env bash
# The whole suite on Debian's own PostgreSQL 19 binaries, which Debian
# serves only in its experimental suite, built for unstable: so in a Debian
# unstable root, in a chroot.  CI (.ci/run) runs it as its third half.
#
# The root: debootstrap --variant=minbase sid, from the mirror the system's
# apt sources name (read when this runs; no host is written here), with
# experimental added and apt pinning the PostgreSQL packages below to it
# (pulling all of experimental conflicts on perl), and
# Acquire::Check-Valid-Until off (unstable's and experimental's Release files
# are past their Valid-Until).  It is cached in $ULID_ROOT_CACHE (default
# /var/cache/ulid-root) as sid-pg19, kept with the packages the suite
# installs into it, so that a rerun installs nothing; a complete one is
# reused, an interrupted one made again.  Remove the folder to start afresh
# (say, when experimental serves a newer 19).  One run at a time per cache.
#
# A run: removes ulid's files that the last run installed into the root's
# servers, copies this tree in (with its .git if a clone's), installs the
# extension into the root's PostgreSQL 18 too (unstable's postgresql-18),
# so that t/006 upgrades from 18 to 19 (ULID_UPGRADE_FROM), and runs
# scripts/test.sh with PG_MAJOR=19 and the suites below inside, as root;
# /proc, /dev, /dev/pts and /dev/shm (the server's shared memory) are
# mounted in the root for the run and unmounted on exit, however it ends.
# Its output ends with scripts/test.sh's summary; ULID_SUMMARY_LABEL and CI
# pass through.
#
# The suites: all of scripts/test.sh's but packaging (the Debian package is
# built and tested for 19 in a root of its own by test/packaging),
# ulid_sql_tle (pg_tle is not in Debian: it skips anyway), and the clients_*
# and docs_install suites, which test the client libraries, Node.js and npm
# of the machine's Debian rather than the server (the README's are Debian
# 12's and 13's; npm in such a chroot here could not verify the registry's
# certificate) and run in CI's other parts.
#
# Usage: scripts/test_pg19.sh [SUITE ...]   (default: the suites above)

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

major=19
cache=${ULID_ROOT_CACHE:-/var/cache/ulid-root}
root=$cache/sid-pg$major
pinned=(postgresql-$major postgresql-client-$major postgresql-server-dev-$major libpq5 libpq-dev
	postgresql-common postgresql-client-common postgresql-common-dev)
# the servers, the build's and t/006's needs; the runners install the rest
base_packages=(ca-certificates git gcc make libc6-dev perl libipc-run-perl python3
	postgresql-$major postgresql-server-dev-$major postgresql-plpython3-$major
	postgresql-18 postgresql-server-dev-18)
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(unit bench_report unit_sanitize fuzz tap harness regress upgrade ulid_sql
	docs docs_blocks)

if [ "$(id -u)" -ne 0 ]; then
	say "run this as root: it makes a root with debootstrap and runs the suite in it with chroot" >&2
	exit 1
fi

mkdir -p "$cache"
exec 9>"$cache/.lock-sid-pg$major"
flock 9

mounted=()
unmount_all() {
	local i
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null ||
			say "could not unmount ${mounted[i]}" >&2
	done
	mounted=()
}
trap unmount_all EXIT

# mount_in TARGET MOUNT-ARGS...: mounted until exit; a bind mount is made
# private, so that what is mounted below it stays out of the system's /dev
mount_in() {
	local target=$root$1
	shift
	mount "$@" "$target"
	mounted+=("$target")
	case " $* " in *" --bind "*) mount --make-private "$target" ;; esac
}
mount_all() {
	mount_in /proc -t proc proc
	mount_in /dev --bind /dev
	mount_in /dev/pts --bind /dev/pts
	mount_in /dev/shm -t tmpfs -o mode=1777,nosuid,nodev shm
}

# in_root COMMAND: bash -c COMMAND in the root, as root, with a clean
# environment but for the variables named, and without the lock's file
# descriptor, which a server left running would otherwise hold
in_root() {
	chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive ${CI:+CI="$CI"} \
		${ULID_SUMMARY_LABEL:+ULID_SUMMARY_LABEL="$ULID_SUMMARY_LABEL"} bash -ec "$1" 9>&-
}

# the system's DNS and certificate authorities, for apt and npm in the root
host_files() {
	cp /etc/resolv.conf "$root/etc/resolv.conf"
	if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
		mkdir -p "$root/usr/local/share/ca-certificates"
		cp /etc/ssl/certs/ca-certificates.crt "$root/usr/local/share/ca-certificates/host.crt"
	fi
}

if [ ! -f "$root/.complete" ]; then
	mirror=$(debian_mirror) || true
	if [ -z "$mirror" ]; then
		say "no Debian mirror in /etc/apt/sources.list or /etc/apt/sources.list.d: cannot make an unstable root" >&2
		exit 1
	fi
	ensure_packages debootstrap
	rm -rf "$root"
	start=$(date +%s)
	say "making a Debian unstable root in $root (debootstrap --variant=minbase sid, from $mirror)"
	debootstrap --variant=minbase sid "$root" "$mirror" || { say "debootstrap failed" >&2; exit 1; }
	cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror sid main
deb $mirror experimental main
EOF
	{
		echo "# PostgreSQL $major from experimental (the rest of experimental conflicts on perl)"
		echo "Package: ${pinned[*]}"
		echo "Pin: release a=experimental"
		echo "Pin-Priority: 990"
	} >"$root/etc/apt/preferences.d/ulid-postgresql-$major"
	# unstable's and experimental's Release files are past their Valid-Until
	echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99ulid-valid-until"
	host_files
	mount_all
	say "installing PostgreSQL $major from experimental and 18 from unstable into the root"
	in_root "mkdir -p /etc/postgresql-common/createcluster.d &&
		echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/ulid.conf &&
		apt-get update -q && apt-get install -y -q --no-install-recommends ${base_packages[*]} &&
		update-ca-certificates >/dev/null"
	unmount_all
	# the pinned packages and the base ones, as installed (not every pinned
	# one is: postgresql-common-dev, say); then the root is complete
	dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Package} ${Version}\n' "${pinned[@]}" "${base_packages[@]}" \
		2>/dev/null >"$root/.packages" || true
	grep -q "^postgresql-$major " "$root/.packages" || { say "no postgresql-$major in the root" >&2; exit 1; }
	mv "$root/.packages" "$root/.complete"
	say "made the root in $(($(date +%s) - start)) s"
else
	say "reusing the Debian unstable root in $root"
	host_files
fi
say "in the root: $(grep -E "^(postgresql-$major|postgresql-18) " "$root/.complete" | paste -sd ',' | sed 's/,/, /g')"

mount_all
# what the last run installed into the servers, and its copy of the tree
in_root "rm -rf /ulid /usr/lib/postgresql/*/lib/ulid.so /usr/lib/postgresql/*/lib/bitcode/ulid* \
	/usr/share/postgresql/*/extension/ulid*"
mkdir "$root/ulid"
# a clone's .git too (a worktree's .git file would point outside the root)
git_dir=(--exclude=./.git)
[ ! -d "$ULID_ROOT/.git" ] || git_dir=()
tar -c -C "$ULID_ROOT" "${git_dir[@]}" . | tar -x -C "$root/ulid"
say "installing the extension into the root's PostgreSQL 18, the old side of t/006's pg_upgrade"
in_root "cd /ulid && make -s PG_CONFIG=/usr/lib/postgresql/18/bin/pg_config with_llvm=no clean all install >/dev/null &&
	make -s PG_CONFIG=/usr/lib/postgresql/18/bin/pg_config clean"
status=0
in_root "cd /ulid && PG_MAJOR=$major ULID_UPGRADE_FROM=/usr/lib/postgresql/18 ./scripts/test.sh ${suites[*]}" || status=$?
in_root "rm -rf /ulid"
exit "$status"
