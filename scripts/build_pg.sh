#!/usr/bin/env bash
# Builds PostgreSQL MAJOR (default 18) with assertions from the upstream
# tarball in Debian unstable's source package (through a deb-src entry and
# package lists of its own, naming the system's mirror), into
# $ULID_PG_CACHE (default /var/cache/ulid-pg) as pg-VERSION-HASH, reused
# once complete; prints its pg_config last.  Only what the tests use: src/
# (server, bin/, PL/Python, pg_regress, TAP modules) and the contrib modules
# sql/ and t/ create; no ICU, readline or OpenSSL.
#   scripts/build_pg.sh [MAJOR]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

major=${1:-18}
package=postgresql-$major
cache=${ULID_PG_CACHE:-/var/cache/ulid-pg}
flags=(--enable-cassert --enable-tap-tests --with-python --without-icu --without-readline PYTHON=/usr/bin/python3)
contrib=(amcheck btree_gist postgres_fdw)
ensure_packages gcc make libc6-dev bison flex zlib1g-dev libipc-run-perl python3-dev pkg-config bzip2

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
mirror=$(debian_mirror) || true
[ -n "$mirror" ] || { say "no Debian mirror in the system's apt sources" >&2; exit 1; }
apt=$cache/apt
mkdir -p "$apt/sources" "$apt/lists/partial" "$apt/cache/archives/partial"
rm -f "$apt"/sources/*	# (ours only: a second entry for the same suite is a warning, and fails)
printf 'Types: deb-src\nURIs: %s\nSuites: unstable\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
	"$mirror" >"$apt/sources/unstable-src.sources"
opts=(-q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/sources" -o Dir::State::Lists="$apt/lists"
	-o Dir::Cache="$apt/cache" -o APT::Sandbox::User="$(id -un)")
apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 && ! grep -qE '^(W|E): ' "$apt/update.log" ||
	{ cat "$apt/update.log" >&2; say "could not fetch unstable's source index from $mirror" >&2; exit 1; }
debian_version=$(apt-cache "${opts[@]}" showsrc "$package" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -n 1)
[ -n "$debian_version" ] || { say "unstable has no source package $package" >&2; exit 1; }
version=${debian_version#*:}
version=${version%-*}
prefix=$cache/pg-$version-$(printf '%s\n' "${flags[@]}" "${contrib[@]}" | sha256sum | cut -c1-12)
if [ -f "$prefix/.complete" ]; then
	say "PostgreSQL $version already built in $prefix"
	echo "$prefix/bin/pg_config"
	exit 0
fi

work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get "${opts[@]}" source --download-only "$package=$debian_version") >"$work/source.log" 2>&1 ||
	{ cat "$work/source.log" >&2; say "could not download $package $debian_version's source" >&2; exit 1; }
tar -xf "$work/${package}_$version".orig.tar.* -C "$work"
src=$work/postgresql-$version
rm -rf "$prefix"
start=$(date +%s)
say "building PostgreSQL $version into $prefix: ${flags[*]}; contrib: ${contrib[*]}"
(cd "$src" && ./configure --prefix="$prefix" "${flags[@]}") >"$work/configure.log" 2>&1 ||
	{ tail -n 40 "$work/configure.log" >&2; exit 1; }
build() {
	nice make -C "$src/src" -j"${ULID_PG_JOBS:-2}" -s "$@" &&
		for m in "${contrib[@]}"; do nice make -C "$src/contrib/$m" -s "$@" || return 1; done
}
{ build all && build install; } >"$work/make.log" 2>&1 || { tail -n 60 "$work/make.log" >&2; exit 1; }
echo "$debian_version" >"$prefix/.complete"
say "built PostgreSQL $version in $(($(date +%s) - start)) s"
echo "$prefix/bin/pg_config"
