#!/usr/bin/env bash
# The extension's suites on a fresh Debian 12 or 13: installs the missing
# packages they need (scripts/common.sh's ensure_packages: no removal, no
# upgrade of a running server, no main cluster), builds with -Werror,
# installs into PG_CONFIG's server (default: Debian's default major), and
# runs each PGXS target, each printing its own runner's summary:
#   unittest             C unit tests of the pure code
#   unittest-sanitize    the same under ASan and UBSan (clang)
#   fuzz                 each libFuzzer target for FUZZ_TIME s (default 10)
#   installcheck         pg_regress, in a throwaway cluster on a free port
#   prove_installcheck   the TAP tests, t/*.pl (as postgres when root)
#   ulid_sql-installcheck, ulid_sql-prove_installcheck (if ulid_sql has it)
# Ends with "N passed, N failed" over the targets.  Under CI=true a TAP
# script that skips as a whole fails its target: CI installs every
# prerequisite.  "packages" first: install what the targets need, and stop.
#   scripts/test.sh [packages] [TARGET ...]   (default: all)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ULID_ROOT"

only_packages=
[ "${1:-}" != packages ] || { only_packages=1; shift; }
targets=("$@")
[ $# -gt 0 ] || targets=(unittest unittest-sanitize fuzz installcheck prove_installcheck
	ulid_sql-installcheck ulid_sql-prove_installcheck)
wanted() { case " ${targets[*]} " in *" $1 "*) return 0 ;; esac; return 1; }

clang=
packages=(gcc make libc6-dev perl libipc-run-perl)
pg_from_debian && packages+=("postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR" "postgresql-plpython3-$PG_MAJOR")
! grep -qs faketime t/*.pl ulid_sql/t/*.pl || packages+=(faketime)
# t/017's pg_partman where Debian packages it for this major (15, 17; not
# 19): the Makefile leaves the test out where it is not installed
if pg_from_debian && grep -qs pg_partman t/*.pl && apt-cache show "postgresql-$PG_MAJOR-partman" >/dev/null 2>&1; then
	packages+=("postgresql-$PG_MAJOR-partman")
fi
if wanted unittest-sanitize || wanted fuzz; then
	# the clang Debian's clang package names (14 on Debian 12, 19 on 13)
	clang=$(apt-cache depends clang 2>/dev/null | sed -n 's/^ *Depends: \(clang-[0-9]*\)$/\1/p' | head -n 1)
	packages+=("${clang:=clang-14}" "libclang-rt-${clang#clang-}-dev")
fi
ensure_packages "${packages[@]}"
[ -z "$only_packages" ] || exit 0

# under sudo, what root makes in the clone goes to the clone's owner
give_back() {
	[ -z "${SUDO_UID:-}" ] || [ "$(stat -c %u .)" != "$SUDO_UID" ] || chown -R "$SUDO_UID:${SUDO_GID:-$SUDO_UID}" .
}
tap=
trap 'stop_cluster; [ -z "$tap" ] || rm -rf "$tap"; give_back' EXIT
build_and_install
make -C ulid_sql -s PG_CONFIG="$PG_CONFIG" all
"${SUDO[@]}" make -C ulid_sql -s PG_CONFIG="$PG_CONFIG" install
export PG_CONFIG

# TAP as postgres when root (initdb refuses root), in a copy it owns
prove() {	# prove DIR
	local status=0 log
	if [ "$(id -u)" -ne 0 ]; then
		make -C "$1" -s prove_installcheck || status=$?
	else
		[ -n "$tap" ] || { tap=$(mktemp -d /tmp/ulid-tap.XXXXXX) && tar -c --exclude=./.git --exclude=node_modules . | tar -x -C "$tap" && chown -R postgres: "$tap"; }
		(cd "$tap/$1" && runuser -u postgres -- make -s prove_installcheck) 2>&1 | tee "$tap/prove.log" || status=$?
		log=$tap/$1/tmp_check/log
		[ "$status" -eq 0 ] || tail -n 30 "$log"/regress_log_* 2>/dev/null || true
		if [ "${CI:-}" = true ] && grep -E '^t/\S+ \.+ skipped' "$tap/prove.log"; then status=1; fi
	fi
	return "$status"
}

passed=0 failed=0 summary=()
run() {		# run NAME COMMAND...
	local start=$SECONDS status=0
	wanted "$1" || return 0
	say "$1"
	"${@:2}" || status=$?
	[ "$status" -eq 0 ] && passed=$((passed + 1)) || failed=$((failed + 1))
	summary+=("$(printf '%-28s %-6s %4d s' "$1" "$([ "$status" -eq 0 ] && echo passed || echo FAILED)" $((SECONDS - start)))")
}
regress() {	# regress DIR: pg_regress, its diffs on failure
	make -C "$1" -s with_llvm=no installcheck || { cat "$1/regression.diffs" 2>/dev/null; return 1; }
}
run unittest make -s unittest
run unittest-sanitize make -s FUZZ_CC="$clang" unittest-sanitize
run fuzz make -s FUZZ_CC="$clang" FUZZ_TIME="${FUZZ_TIME:-10}" fuzz
run prove_installcheck prove .
! grep -q '^prove_installcheck' ulid_sql/Makefile || run ulid_sql-prove_installcheck prove ulid_sql
# (after the TAP tests, whose clusters need no PGHOST or PGPORT of ours)
if wanted installcheck || wanted ulid_sql-installcheck; then start_cluster; fi
run installcheck regress .
run ulid_sql-installcheck regress ulid_sql

say "$("$PG_CONFIG" --version) ($PG_CONFIG): the extension stays installed there"
[ ${#INSTALLED_NOW[@]} -eq 0 ] || say "installed and left: ${INSTALLED_NOW[*]}"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
