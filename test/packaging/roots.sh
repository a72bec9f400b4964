#!/usr/bin/env bash
# The Debian package in a clean Debian root, built as the Debian PostgreSQL
# team builds extensions: the source package, 3.0 (quilt), from the release
# tarball (make dist's) as orig and this tree's debian/, with debian/control
# made from control.in for the majors of the root (pg_buildext
# updatecontrol); dpkg-buildpackage, whose build runs the regression suite
# (debian/rules); lintian on the .changes; uscan with debian/watch on a
# copy of PGXN's page; the binary packages installed;
# their autopkgtest (debian/tests) run against them.
#
#   test/packaging/roots.sh SUITE ROOT TARBALL
#     SUITE    bookworm, trixie, sid, or experimental: sid with
#              experimental's postgresql-19 beside sid's own major
#     ROOT     a copy of a pristine debootstrap root of SUITE (of sid for
#              experimental); it is changed, and the results land in
#              ROOT/build
#     TARBALL  ulid-VERSION.tar.gz
#
# Needs root and the Debian mirror that ROOT's own apt sources name; not
# run by scripts/test.sh.  Exits non-zero at the first step that fails.

set -euo pipefail
[ $# -eq 3 ] || { sed -n '11,17p' "$0"; exit 2; }
suite=$1
root=$(realpath "$2")
tarball=$(realpath "$3")
tree=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
version=$(basename "$tarball" .tar.gz)
version=${version#ulid-}
say() { printf '\n=== roots.sh %s: %s\n' "$suite" "$*"; }

mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
trap 'umount "$root/dev/pts" "$root/dev" "$root/proc"' EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
# (the build and the tests run "offline": in a network namespace of their
# own with only a loopback, as on a buildd, since pg_virtualenv's clusters
# take port 5432 and up, which the host or another root may hold)
offline=()
in_root() {
	"${offline[@]}" chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
as_builder() { in_root runuser -u builder -- env HOME=/home/builder sh -exc "cd /build; $1"; }
apt() { in_root apt-get -q -y -o DPkg::Lock::Timeout=600 "$@"; }

say "apt sources"
# the mirror of the root's own first "deb URI SUITE main" line
mirror=$(awk '$1 == "deb" { print $2; exit }' "$root/etc/apt/sources.list")
dist=$suite
if [ "$suite" = experimental ]; then
	dist=sid
	echo "deb $mirror experimental main" >"$root/etc/apt/sources.list.d/experimental.list"
	# experimental's server, not the rest of experimental (whose perl
	# conflicts with sid's)
	cat >"$root/etc/apt/preferences.d/postgresql-19" <<-EOF
		Package: postgresql-19 postgresql-client-19 postgresql-server-dev-19 libpq5 libpq-dev postgresql-common postgresql-client-common postgresql-common-dev
		Pin: release a=experimental
		Pin-Priority: 990
	EOF
	# pg_buildext builds for postgresql-common's supported majors, sid's 18
	# alone by default; "installed": every major whose
	# postgresql-server-dev-NN is installed, here 18 and 19
	mkdir -p "$root/etc/postgresql-common"
	echo installed >"$root/etc/postgresql-common/supported_versions"
fi
echo "deb-src $mirror $dist main" >"$root/etc/apt/sources.list.d/deb-src.list"
if [ "$dist" = sid ]; then
	# sid's and experimental's Release files are past their Valid-Until
	echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99valid-until"
fi
apt update
apt install --no-install-recommends build-essential dpkg-dev debhelper fakeroot lintian autopkgtest \
	postgresql-server-dev-all
if [ "$suite" = experimental ]; then
	apt install --no-install-recommends postgresql-19 postgresql-server-dev-19
fi

say "the source tree: the tarball as orig, this tree's debian/"
in_root id builder >/dev/null 2>&1 || in_root useradd -m builder
rm -rf "$root/build"
mkdir "$root/build"
cp "$tarball" "$root/build/ulid_$version.orig.tar.gz"
tar -C "$root/build" -xzf "$tarball"
rm -rf "$root/build/ulid-$version/debian"
cp -a "$tree/debian" "$root/build/ulid-$version/debian"
in_root chown -R builder: /build
as_builder "cd ulid-$version && pg_buildext updatecontrol && grep '^Package:' debian/control"
apt build-dep "/build/ulid-$version"

say "versions"
in_root dpkg-query -W -f '${Package} ${Version}\n' 'postgresql*' 'libpq5' | grep -v ' $'
as_builder "cd ulid-$version && echo supported-versions: \$(pg_buildext supported-versions)"

say "dpkg-buildpackage -us -uc (source and binaries; the regression suite runs in the build)"
offline=(unshare --net -- sh -c 'ip link set lo up && exec "$@"' sh)
as_builder "cd ulid-$version && dpkg-buildpackage -us -uc"
offline=()
ls -l "$root/build"

say "lintian"
as_builder "lintian -I --pedantic --show-overrides --fail-on error ulid_*.changes" || {
	echo "lintian: errors" >&2
	exit 1
}

say "uscan: debian/watch on a copy of PGXN's page of the distribution"
# PGXN is not reached from here: a page with the links pgxn-site's template
# gives the distribution's page (the newest release's zip and source
# folder, the older releases' pages), served on the loopback of a network
# namespace of its own, and the watch file with that server in place of
# https://pgxn.org; uscan must find this version's zip there
mkdir -p "$root/build/pgxn/dist/ulid"
printf '%s\n' \
	"<div class=\"controls\"><span class=\"download\"><a class=\"url\" href=\"http://127.0.0.1:8000/dist/ulid/$version/ulid-$version.zip\" title=\"Download ulid $version\">Download</a></span>" \
	"<span class=\"browse\"><a class=\"url\" href=\"http://127.0.0.1:8000/src/ulid/ulid-$version/\" title=\"Browse ulid $version\">Browse</a></span></div>" \
	'<a href="/dist/ulid/1.5.0/">1.5.0</a> <a href="/dist/ulid/1.4.0/">1.4.0</a>' >"$root/build/pgxn/dist/ulid/index.html"
sed 's|^https://pgxn.org/dist/ulid/ |http://127.0.0.1:8000/dist/ulid/ |' "$tree/debian/watch" >"$root/build/pgxn/watch"
apt install --no-install-recommends devscripts libwww-perl python3
offline=(unshare --net -- sh -c 'ip link set lo up && exec "$@"' sh)
in_root sh -c 'cd /build/pgxn || exit 1
	python3 -m http.server --bind 127.0.0.1 8000 >http.log 2>&1 & server=$!
	until python3 -c "import socket; socket.create_connection((\"127.0.0.1\", 8000))" 2>/dev/null; do
		kill -0 $server || exit 1; sleep 1; done
	uscan --no-conf --report --watchfile watch --package ulid --upstream-version 0 >uscan.log 2>&1; status=$?
	kill $server; cat uscan.log; exit $status'
offline=()
grep -qx "Newest version of ulid on remote site is $version, local version is 0" "$root/build/pgxn/uscan.log" || {
	echo "uscan: debian/watch found no $version" >&2
	exit 1
}

say "install the binary packages"
in_root sh -c 'apt-get -q -y -o DPkg::Lock::Timeout=600 install /build/postgresql-*-ulid_*.deb'
in_root dpkg-query -W -f '${Package} ${Version} ${Status}\n' 'postgresql-*-ulid'

say "autopkgtest against the installed packages"
# (its test dependencies are installed by now; offline, its closing "apt-get
# update", which restores the root's apt sources, prints resolver warnings)
offline=(unshare --net -- sh -c 'ip link set lo up && exec "$@"' sh)
in_root sh -c "cd /build && autopkgtest --output-dir /build/autopkgtest ulid_*.dsc postgresql-*-ulid_*.deb -- null"
