#!/usr/bin/env bash
# Packaging test: the metadata agrees with the tree and PGXN's meta-spec
# (metadata.sh), and so do the licence and maintainer (licence.sh); make
# dist is reproducible and complete (dist.sh); debian/ builds postgresql-NN-ulid with
# dpkg-buildpackage from a copy of the tree (so no artefacts land in it),
# running the regression suite under pg_virtualenv during the build; the
# package holds every file the extension needs and its copyright file, and
# no LLVM bitcode, nor does the zip's build (pgxn install's make); and the
# installed package gives a working CREATE EXTENSION ulid.
#
# Installing the package, two ways (ULID_PACKAGE_INSTALL):
#   system   apt-get install the .deb into this machine's PostgreSQL, test,
#            dpkg -r it, then make install again, so the system ends as it
#            began.  The default on a CI machine (CI=true, root, system
#            pg_config): those are throwaway.
#   extract  dpkg -x the .deb into a private copy of this machine's
#            PostgreSQL (binaries find their files relative to themselves)
#            and test there; the system is never touched.  The default
#            elsewhere, e.g. a shared development machine.
# Each of metadata.sh, licence.sh, dist.sh prints its own count and is one
# check here; the last line is "packaging: N passed, N failed".

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
set +e

passed=0 failed=0	# this suite's own count, its last line
check() {	# check WHAT GOT WANT: passes when GOT is WANT
	if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1 is $2"
	else failed=$((failed + 1)); echo "FAILED: $1 is '$2', want '$3'"; fi
}
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
finish() { echo "packaging: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

system_pg_config=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
if [ -z "${ULID_PACKAGE_INSTALL:-}" ]; then
	if [ "${CI:-}" = true ] && [ "$(id -u)" -eq 0 ] && [ "$PG_CONFIG" = "$system_pg_config" ]; then
		ULID_PACKAGE_INSTALL=system
	else
		ULID_PACKAGE_INSTALL=extract
	fi
fi

ensure_packages python3 build-essential dpkg-dev debhelper postgresql-all postgresql-server-dev-all zip unzip
work=$(mktemp -d /tmp/ulid-packaging.XXXXXX)
trap 'stop_cluster; rm -rf "$work"' EXIT
# the test clusters run as the postgres user, and read the package's files here
chmod 755 "$work"

# 1. the metadata, one licence and maintainer everywhere, and make dist:
# each prints its own count; here each is one check, its exit status
for part in metadata licence dist; do
	"$here/$part.sh" && pass "$part.sh" || fail "$part.sh"
done

# 2. build from a copy of the sources the package needs (no build products:
# the tree has been built by now; and no git needed, CI may lack it)
say "dpkg-buildpackage (tests run under pg_virtualenv during the build)"
tree_state() { find "$ULID_ROOT" -path "$ULID_ROOT/.git" -prune -o -printf '%P %s %T@\n' | sort; }
state_before=$(tree_state)
mkdir "$work/src"
(cd "$ULID_ROOT" && tar -c debian Makefile ulid.control ulid--*.sql ulid-pg18.sql.in META.json README.md sql expected data \
	$(find src -name '*.[ch]')) | tar -x -C "$work/src"
# the build makes its own throwaway clusters (pg_virtualenv): nothing of the
# caller's connection settings may reach it.  Under scripts/test.sh PGHOST,
# PGPORT, PGUSER and PGDATABASE name the test cluster, and pg_virtualenv
# would create its cluster on that PGPORT (a port conflict if another server
# listens there, such as a system cluster on 5432).  So every PG* variable
# libpq or postgresql-common reads (PGHOST, PGPORT, PGCLUSTER, ...) goes, and
# PG_CONFIG: pg_buildext picks each version's pg_config itself.
build_env=(env -u PG_CONFIG)
for v in $(compgen -e); do
	[[ $v =~ ^PG[A-Z]*$ ]] && build_env+=(-u "$v")
done
# under scripts/test.sh the caller has PGHOST, PGPORT, PGUSER, PGDATABASE
leaked=$("${build_env[@]}" env | grep -oE '^PG([A-Z]*|_CONFIG)=' | tr -d = | tr '\n' ' ')
if [ -z "$leaked" ]; then
	pass "the package build gets none of the caller's $(compgen -e | grep -E '^PG([A-Z]*|_CONFIG)$' | tr '\n' ' ')"
else
	fail "the package build gets the caller's $leaked"
fi
# debian/control is control.in made for unstable's majors; pg_buildext
# updatecontrol makes it for this machine's (supported-versions), as a
# backport's build does, or the build stops at its check
if (cd "$work/src" && "${build_env[@]}" pg_buildext updatecontrol) >"$work/updatecontrol.log" 2>&1 &&
	grep -qx "Package: postgresql-$PG_MAJOR-ulid" "$work/src/debian/control"; then
	pass "pg_buildext updatecontrol: $(grep '^Package:' "$work/src/debian/control" | cut -d' ' -f2 | paste -sd ' ')"
else
	cat "$work/updatecontrol.log"
	fail "pg_buildext updatecontrol gives no postgresql-$PG_MAJOR-ulid"
fi
start=$(date +%s)
if (cd "$work/src" && "${build_env[@]}" dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
	pass "dpkg-buildpackage -us -uc -b in $(($(date +%s) - start)) s"
else
	tail -n 60 "$work/build.log"
	fail "dpkg-buildpackage -us -uc -b"
	finish
fi
grep -E '^test |^ok [0-9]|^not ok|tests passed|failed' "$work/build.log"
if grep -qE 'All [0-9]+ tests passed|^# All [0-9]+ tests passed' "$work/build.log" &&
	! grep -qE 'FAILED|^not ok' "$work/build.log"; then
	pass "the regression suite passed inside the package build"
else
	fail "the regression suite in the package build"
fi
state_after=$(tree_state)
if [ "$state_before" = "$state_after" ]; then
	pass "the build left the repository as it was"
else
	fail "the build changed the repository: $(diff <(echo "$state_before") <(echo "$state_after"))"
fi

deb=$(ls "$work"/postgresql-"$PG_MAJOR"-ulid_*.deb 2>/dev/null | head -n 1)
if [ -n "$deb" ]; then
	pass "built $(basename "$deb")"
else
	fail "no postgresql-$PG_MAJOR-ulid_*.deb"
	finish
fi

# 3. the package holds the library, the control file and every script (on
# 18 and later also the -pg18 ones, which make builds into pg18/)
missing=
dpkg-deb -c "$deb" >"$work/contents.txt"
scripts=$(cd "$ULID_ROOT" && ls ulid--*.sql && if [ "$PG_MAJOR" -ge 18 ]; then (cd "$ULID_ROOT/pg18" && ls ulid--*.sql); fi)
for f in usr/lib/postgresql/$PG_MAJOR/lib/ulid.so usr/share/postgresql/$PG_MAJOR/extension/ulid.control \
	usr/share/doc/postgresql-$PG_MAJOR-ulid/copyright \
	$(echo "$scripts" | sed "s|^|usr/share/postgresql/$PG_MAJOR/extension/|"); do
	grep -q " \./$f\$" "$work/contents.txt" || missing="$missing $f"
done
if [ -z "$missing" ]; then
	pass "the package holds ulid.so, ulid.control, $(echo "$scripts" | tr '\n' ' ')and its copyright file"
else
	fail "missing from the package:$missing"
fi

# no LLVM bitcode (debian/rules builds with with_llvm=no), hence no
# dependency on the JIT package, which pg_buildext adds when the package
# has a bitcode directory
bitcode=$(grep -E '/bitcode(/|$)' "$work/contents.txt")
if [ -z "$bitcode" ]; then
	pass "the package has no LLVM bitcode"
else
	fail "the package has LLVM bitcode: $(echo "$bitcode" | awk '{print $NF}' | tr '\n' ' ')"
fi
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
if echo "$depends" | grep -Eq "(^|, )postgresql-$PG_MAJOR( \([^)]*\))?(,|$)" && ! echo "$depends" | grep -q jit; then
	pass "it depends on postgresql-$PG_MAJOR and on no JIT package"
else
	fail "Depends: $depends; want postgresql-$PG_MAJOR and no JIT package"
fi

# the zip's build, as pgxn install runs it (make PG_CONFIG=... all, then
# make PG_CONFIG=... install): no bitcode either, by the Makefile's
# default, where the server's PGXS says with_llvm = yes; make
# with_llvm=yes builds and installs it
pgxs_llvm=$(sed -n 's/^with_llvm[[:space:]]*=[[:space:]]*//p' "$(dirname "$("$PG_CONFIG" --pgxs)")/../Makefile.global")
echo "PGXS of $PG_CONFIG: with_llvm = $pgxs_llvm"
mkdir "$work/zip"
(cd "$ULID_ROOT" && tar -c Makefile ulid.control ulid--*.sql ulid-pg18.sql.in $(find src -name '*.[ch]')) | tar -x -C "$work/zip"
zip_build() {	# zip_build [with_llvm=yes]: the bitcode files make install puts in $work/zipdest
	rm -rf "$work/zipdest"
	make -C "$work/zip" -s clean >/dev/null 2>&1
	if make -C "$work/zip" -s PG_CONFIG="$PG_CONFIG" "$@" all >"$work/zip.log" 2>&1 &&
		make -C "$work/zip" -s PG_CONFIG="$PG_CONFIG" "$@" install DESTDIR="$work/zipdest" >>"$work/zip.log" 2>&1 &&
		[ -f "$work/zipdest$("$PG_CONFIG" --pkglibdir)/ulid.so" ]; then
		find "$work/zipdest" -path '*/bitcode/*' -type f | wc -l
	else
		tail -n 20 "$work/zip.log"; echo "build failed"
	fi
}
check "bitcode files that make and make install (as pgxn install runs them) install" "$(zip_build)" 0
if [ "$pgxs_llvm" = yes ]; then
	got=$(zip_build with_llvm=yes)
	if [ "$got" -gt 0 ] 2>/dev/null; then
		pass "make with_llvm=yes installs $got bitcode files"
	else
		fail "make with_llvm=yes: $got bitcode files"
	fi
fi

# 4. install it, CREATE EXTENSION ulid, use it
smoke_sql="
CREATE EXTENSION ulid;
SELECT extversion FROM pg_extension WHERE extname = 'ulid';
SELECT gen_ulid() < gen_ulid(), '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid = '01563df3-6481-d676-4c61-efb99302bd5b'::uuid;
"
want=$(printf '%s\nt|t' "$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$ULID_ROOT/ulid.control")")
jit_sql="
SET jit = on; SET jit_above_cost = 0; SET jit_inline_above_cost = 0; SET jit_optimize_above_cost = 0;
CREATE TABLE t AS SELECT gen_ulid() AS id FROM generate_series(1, 1000);
EXPLAIN (ANALYZE, TIMING OFF) SELECT count(*) FROM t WHERE id > ulid_lower('2000-01-01+00');
SELECT count(*), count(*) FILTER (WHERE id > ulid_lower('2000-01-01+00')),
       count(*) FILTER (WHERE id::uuid::ulid = id), count(DISTINCT id) FROM t;
"
jit_want='1000|1000|1000|1000'
smoke() {	# smoke DESCRIPTION: CREATE EXTENSION in a fresh cluster of $PG_CONFIG
	start_cluster || { fail "$1: start a cluster"; return; }
	got=$(psql -X -q -At -v ON_ERROR_STOP=1 -c "$smoke_sql" 2>&1)
	if [ "$got" = "$want" ]; then
		pass "$1: CREATE EXTENSION ulid gives version $(echo "$got" | head -n 1) and works"
	else
		fail "$1: CREATE EXTENSION ulid gave [$got], want [$want]"
	fi
	# JIT with inlining forced (EXPLAIN shows its options only with costs):
	# without bitcode of its own, ulid's functions are called, not inlined,
	# and the results are right
	got=$(psql -X -q -At -v ON_ERROR_STOP=1 -c "$jit_sql" 2>&1)
	if echo "$got" | grep -q 'Inlining true' && [ "$(echo "$got" | tail -n 1)" = "$jit_want" ]; then
		pass "$1: a query on ulid values JIT-compiled with inlining gives [$jit_want]"
	else
		fail "$1: the JIT-compiled query gave [$got], want 'Inlining true' and [$jit_want]"
	fi
	stop_cluster
}

if [ "$ULID_PACKAGE_INSTALL" = system ]; then
	say "installing $(basename "$deb") into the system (a CI machine), removing it after"
	if apt_get install -y -q --no-install-recommends "$deb" >"$work/install.log" 2>&1 &&
		dpkg-query -W -f='${Status}' "postgresql-$PG_MAJOR-ulid" | grep -q 'install ok installed'; then
		pass "apt-get install $(basename "$deb")"
		owner=$(dpkg -S "$("$PG_CONFIG" --pkglibdir)/ulid.so" 2>/dev/null | cut -d: -f1)
		[ "$owner" = "postgresql-$PG_MAJOR-ulid" ] && pass "ulid.so belongs to the package" ||
			fail "ulid.so belongs to '$owner'"
		smoke "installed package"
	else
		cat "$work/install.log"
		fail "apt-get install $(basename "$deb")"
	fi
	# leave the system as it was: package gone, make-installed files back
	"${SUDO[@]}" dpkg -r "postgresql-$PG_MAJOR-ulid" >/dev/null 2>&1
	if dpkg-query -W -f='${Status}' "postgresql-$PG_MAJOR-ulid" 2>/dev/null | grep -q 'install ok installed'; then
		fail "dpkg -r postgresql-$PG_MAJOR-ulid"
	else
		pass "dpkg -r postgresql-$PG_MAJOR-ulid"
	fi
	# built again first: the tree's objects may be another major's (CI's
	# part 18 builds in the same clone), which make would take as up to date
	"${SUDO[@]}" make -C "$ULID_ROOT" -s clean
	"${SUDO[@]}" make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install
	if cmp -s "$ULID_ROOT/ulid.so" "$("$PG_CONFIG" --pkglibdir)/ulid.so" &&
		cmp -s "$ULID_ROOT/ulid.control" "$("$PG_CONFIG" --sharedir)/extension/ulid.control"; then
		pass "make install put this tree's ulid.so and ulid.control back"
	else
		fail "the make-installed files are not back"
	fi
else
	say "extracting $(basename "$deb") into a private copy of PostgreSQL $PG_MAJOR"
	root=$work/root
	bindir=$("$system_pg_config" --bindir)
	mkdir -p "$root/usr/lib/postgresql" "$root/usr/share/postgresql"
	cp -a "/usr/lib/postgresql/$PG_MAJOR" "$root/usr/lib/postgresql/" &&
		cp -a "/usr/share/postgresql/$PG_MAJOR" "$root/usr/share/postgresql/"
	# whatever ulid files the system has (make install) are not the package's
	rm -f "$root/usr/lib/postgresql/$PG_MAJOR/lib/ulid.so" "$root/usr/share/postgresql/$PG_MAJOR/extension/ulid"*
	rm -rf "$root/usr/lib/postgresql/$PG_MAJOR/lib/bitcode/ulid"*
	if dpkg -x "$deb" "$root"; then
		pass "dpkg -x $(basename "$deb")"
		PG_CONFIG=$root/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
		[ "$("$PG_CONFIG" --pkglibdir)" = "$root/usr/lib/postgresql/$PG_MAJOR/lib" ] &&
			pass "the private copy finds its files under $root" ||
			fail "the private copy's pkglibdir is $("$PG_CONFIG" --pkglibdir)"
		smoke "extracted package"
	else
		fail "dpkg -x $(basename "$deb")"
	fi
fi

finish
