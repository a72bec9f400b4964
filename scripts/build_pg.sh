#!/usr/bin/env bash
# Builds PostgreSQL from the upstream tarball in Debian's source package
# postgresql-MAJOR (Debian's unstable suite serves the newest majors), with
# assertions, the TAP test modules, OpenSSL, PL/Python and contrib, and
# installs it into a cache folder; prints that build's pg_config path as its
# last line.  CI (.ci/run) tests the extension against it.
#
# The source comes through a deb-src entry of this script's own, in a file
# and an apt state (package lists) of their own under the cache folder: the
# system's apt sources and lists stay as they are.  The entry names the
# mirror that the system's apt sources name (their first URIs of the Debian
# archive), so no host is written here.  Debian's patches are not applied:
# the build is upstream's release.
#
# The cache: $ULID_PG_CACHE (default /var/cache/ulid-pg) holds one
# installation per version and configure flags, pg-VERSION-HASH, HASH being
# that of the flags; a complete one is reused, an interrupted one is
# rebuilt.  Point ULID_PG_CACHE at an empty folder for a build from
# scratch.
#
# Fails, and says why, when the source package cannot be fetched.
#
# Usage: scripts/build_pg.sh [MAJOR]   (default 18)

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

major=${1:-18}
package=postgresql-$major
suite=${ULID_PG_SUITE:-unstable}
cache=${ULID_PG_CACHE:-/var/cache/ulid-pg}
# PYTHON: Debian's python3, whatever python3 comes first on PATH (say, a
# pyenv one without the development files PL/Python links against)
configure_flags=(--enable-cassert --enable-tap-tests --with-openssl --with-python --with-icu
	PYTHON=/usr/bin/python3)

# the build's own needs (the server's are those of any C build)
ensure_packages gcc make libc6-dev bison flex libreadline-dev zlib1g-dev libssl-dev \
	libipc-run-perl python3-dev libicu-dev pkg-config bzip2 ca-certificates

"${SUDO[@]}" mkdir -p "$cache"
"${SUDO[@]}" chmod 755 "$cache"
if [ -n "${SUDO[*]}" ]; then
	"${SUDO[@]}" chown "$(id -u):$(id -g)" "$cache"
fi
# one build at a time in one cache
exec 9>"$cache/.lock"
flock 9

mirror=$(debian_mirror) || true
if [ -z "$mirror" ]; then
	say "no Debian mirror in /etc/apt/sources.list or /etc/apt/sources.list.d: cannot fetch $package's source" >&2
	exit 1
fi

apt_dir=$cache/apt
mkdir -p "$apt_dir/sources" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
cat >"$apt_dir/sources/ulid-$suite-src.sources" <<EOF
# written by ulid's scripts/build_pg.sh: $package's source, from the system's mirror
Types: deb-src
URIs: $mirror
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt_dir/sources"
	-o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache"
	-o APT::Sandbox::User="$(id -un)" -q)

say "fetching the index of $suite's sources from $mirror"
if ! apt-get "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 ||
	grep -qE '^(W|E): ' "$apt_dir/update.log"; then
	cat "$apt_dir/update.log" >&2
	say "could not fetch the $suite source index from $mirror: no PostgreSQL $major to test against" >&2
	exit 1
fi
debian_version=$(apt-cache "${apt_opts[@]}" showsrc "$package" 2>/dev/null |
	sed -n 's/^Version: //p' | sort -V | tail -n 1)
if [ -z "$debian_version" ]; then
	say "$mirror's $suite suite lists no source package $package" >&2
	exit 1
fi
# 18.6-3 -> 18.6 (an epoch "N:" would go first)
version=${debian_version#*:}
version=${version%-*}

hash=$(printf '%s\n' "${configure_flags[@]}" | sha256sum | cut -c1-12)
prefix=$cache/pg-$version-$hash
if [ -f "$prefix/.complete" ] && [ -x "$prefix/bin/pg_config" ]; then
	say "PostgreSQL $version (${configure_flags[*]}) already built in $prefix"
	echo "$prefix/bin/pg_config"
	exit 0
fi

work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
say "downloading $package $debian_version's source"
if ! (cd "$work" && apt-get "${apt_opts[@]}" source --download-only "$package=$debian_version") \
	>"$work/source.log" 2>&1; then
	cat "$work/source.log" >&2
	say "could not download $package $debian_version's source from $mirror" >&2
	exit 1
fi
orig=$(ls "$work"/"${package}_${version}".orig.tar.* 2>/dev/null | head -n 1)
if [ -z "$orig" ]; then
	say "$package $debian_version's source has no ${package}_${version}.orig.tar.*" >&2
	exit 1
fi
say "unpacking $(basename "$orig") ($(du -h "$orig" | cut -f1))"
tar -xf "$orig" -C "$work"
src=$work/postgresql-$version
[ -x "$src/configure" ] || { say "$(basename "$orig") has no postgresql-$version/configure" >&2; exit 1; }

rm -rf "$prefix"
start=$(date +%s)
say "building PostgreSQL $version into $prefix: configure ${configure_flags[*]}"
(cd "$src" && ./configure --prefix="$prefix" "${configure_flags[@]}") >"$work/configure.log" 2>&1 ||
	{ tail -n 40 "$work/configure.log" >&2; say "configure failed" >&2; exit 1; }
# world-bin: the server, contrib and the TAP test modules, without the docs
(cd "$src" && nice make -j"${ULID_PG_JOBS:-2}" -s world-bin) >"$work/make.log" 2>&1 ||
	{ tail -n 60 "$work/make.log" >&2; say "make world-bin failed" >&2; exit 1; }
(cd "$src" && make -s install-world-bin) >>"$work/make.log" 2>&1 ||
	{ tail -n 40 "$work/make.log" >&2; say "make install-world-bin failed" >&2; exit 1; }
printf '%s\n' "$debian_version" "${configure_flags[@]}" >"$prefix/.complete"
say "built PostgreSQL $version in $(($(date +%s) - start)) s"
echo "$prefix/bin/pg_config"
