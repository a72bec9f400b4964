#!/usr/bin/env bash
# scripts/test.sh on Debian's PostgreSQL MAJOR of another suite, in a chroot:
# a debootstrap --variant=minbase root of SUITE from the system's mirror,
# cached in $ULID_ROOT_CACHE (default /var/cache/ulid-root) as SUITE-pgMAJOR
# with the packages of the TARGETs (default all) in it; remove it to start
# afresh.  For 19 experimental is added, the PostgreSQL packages pinned to it
# (the rest of it conflicts on perl).  With FROM, the extension goes into the
# root's PostgreSQL FROM too, and t/006 upgrades from it.  --prepare makes
# the root only.  Release files past their Valid-Until are taken (sid's and
# experimental's can be).  /proc, /dev, /dev/pts, /dev/shm: mounted for a run.
# With --arch ARCH, a root of Debian's ARCH (cached as SUITE-ARCH-pgMAJOR),
# run under qemu-user-static where the kernel cannot run ARCH itself.
#   scripts/root.sh [--prepare] [--arch ARCH] SUITE MAJOR [FROM] [TARGET ...]
#   (CI: trixie 17; sid 19 18; --arch i386 bookworm 15)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
prepare= arch=
[ "${1:-}" != --prepare ] || { prepare=1; shift; }
[ "${1:-}" != --arch ] || { arch=${2:?ARCH}; shift 2; }
suite=${1:?usage: $0 [--prepare] [--arch ARCH] SUITE MAJOR [FROM] [TARGET ...]} major=${2:?MAJOR} from=
shift 2
case ${1:-} in [0-9]*) from=$1; shift ;; esac
[ "$(id -u)" -eq 0 ] || { say "run this as root: it uses debootstrap and chroot" >&2; exit 1; }
cache=${ULID_ROOT_CACHE:-/var/cache/ulid-root}
root=$cache/$suite${arch:+-$arch}-pg$major
mkdir -p "$cache"
exec 9>"$root.lock"
flock 9

# ARCH's binaries run natively or through binfmt_misc and qemu-user-static.
# That package registers no i386 interpreter on amd64 (whose kernels mostly
# run i386 themselves): here its magic and mask are qemu's own.
if [ -n "$arch" ]; then
	ensure_packages arch-test
	if ! arch-test "$arch" >/dev/null; then
		ensure_packages qemu-user-static binfmt-support
		mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
		update-binfmts --enable >/dev/null 2>&1 || true
		if [ "$arch" = i386 ] && ! [ -e /proc/sys/fs/binfmt_misc/qemu-i386 ]; then
			update-binfmts --install qemu-i386 /usr/bin/qemu-i386-static --offset 0 --credentials yes --fix-binary yes \
				--magic '\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00' \
				--mask '\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
		fi
		arch-test "$arch" || { say "this machine cannot run $arch binaries, even under qemu-user-static" >&2; exit 1; }
	fi
fi

mounted=()
unmount_all() { for m in $(printf '%s\n' "${mounted[@]}" | tac); do umount "$m" || umount -l "$m"; done; mounted=(); }
trap unmount_all EXIT
mount_all() {
	local m
	mount -t proc proc "$root/proc" && mounted+=("$root/proc")
	for m in /dev /dev/pts; do mount --bind "$m" "$root$m" && mount --make-private "$root$m" && mounted+=("$root$m"); done
	mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm" && mounted+=("$root/dev/shm")
}
in_root() {	# bash -c COMMAND in the root, in a clean environment
	chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 ${CI:+CI=$CI} bash -ec "$1" 9>&-
}
copy_tree() {
	rm -rf "$root/ulid" && mkdir "$root/ulid"
	(cd "$ULID_ROOT" && scripts/tree_files.sh | tar -c --verbatim-files-from -T -) | tar -x -C "$root/ulid"
}

if [ ! -f "$root/.complete" ]; then
	mirror=$(debian_mirror)
	[ -n "$mirror" ] || { say "no Debian mirror in the system's apt sources" >&2; exit 1; }
	ensure_packages debootstrap
	rm -rf "$root"
	start=$SECONDS
	debootstrap --variant=minbase ${arch:+--arch=$arch} "$suite" "$root" "$mirror" >"$root.log" 2>&1 || { tail -n 20 "$root.log"; exit 1; }
	echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99ulid"
	if [ "$major" -ge 19 ]; then
		echo "deb $mirror experimental main" >>"$root/etc/apt/sources.list"
		printf 'Package: %s\nPin: release a=experimental\nPin-Priority: 990\n' "postgresql-$major postgresql-client-$major \
postgresql-server-dev-$major postgresql-plpython3-$major libpq5 libpq-dev postgresql-common postgresql-client-common \
postgresql-common-dev" >"$root/etc/apt/preferences.d/ulid"
	fi
	mkdir -p "$root/etc/postgresql-common/createcluster.d"
	echo 'create_main_cluster = false' >"$root/etc/postgresql-common/createcluster.d/ulid.conf"
	cp /etc/resolv.conf "$root/etc/"
	mount_all
	copy_tree
	in_root "cd /ulid && PG_MAJOR=$major ./scripts/test.sh packages $* ${from:+&& apt-get install -y -q --no-install-recommends postgresql-$from postgresql-server-dev-$from}"
	unmount_all
	touch "$root/.complete"
	say "made the $suite${arch:+ $arch} root with PostgreSQL $major in $((SECONDS - start)) s"
fi
[ -z "$prepare" ] || exit 0

cp /etc/resolv.conf "$root/etc/"
mount_all
copy_tree
in_root "rm -rf /usr/lib/postgresql/*/lib/ulid* /usr/share/postgresql/*/extension/ulid*"
[ -z "$from" ] || in_root "cd /ulid && export PG_CONFIG=/usr/lib/postgresql/$from/bin/pg_config && make -s clean &&
	make -s with_llvm=no all install >/dev/null && make -s clean"
in_root "cd /ulid && PG_MAJOR=$major ${from:+ULID_UPGRADE_FROM=/usr/lib/postgresql/$from} ./scripts/test.sh $*"
