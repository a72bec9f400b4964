# Sourced by scripts/, bench/, clients/ and test/ scripts: installs missing
# Debian packages safely, builds and installs the extension, and runs a
# throwaway cluster.  Sets no traps of its own.
set -euo pipefail
ULID_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
say() { printf '==> %s\n' "$*"; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { say "run this as root, or install sudo: installing needs root" >&2; exit 1; }
	SUDO=(sudo)
fi
INSTALLED_NOW=()	# what ensure_packages installed, for a closing word

apt_get() { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@"; }

# Installs the missing ones of the named packages.  Refuses, changing
# nothing, when apt (asked first with -s) would remove a package or upgrade
# a postgresql-NN whose cluster runs (the upgrade restarts it); names the
# other upgrades; and keeps a postgresql-NN it installs from creating and
# starting a main cluster (a createcluster.d file while apt runs).
ensure_packages() {
	local missing plan busy conf=/etc/postgresql-common/createcluster.d/ulid-no-main-cluster.conf status=0
	missing=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null | awk '$1 == "ii" { print $2 }') || true
	missing=$(printf '%s\n' "$@" | grep -vxF -e "${missing:- }") || true
	[ -n "$missing" ] || return 0
	missing=$(echo $missing)
	say "missing: $missing"
	apt_get update -q >/dev/null || true
	plan=$(apt-get -s -o Debug::NoLocking=1 install --no-install-recommends $missing 2>&1) ||
		{ echo "$plan" >&2; say "apt cannot install $missing; nothing was changed" >&2; return 1; }
	if echo "$plan" | grep '^Remv ' >&2; then
		say "refusing: that would remove the packages above; nothing was changed" >&2
		return 1
	fi
	for busy in $(echo "$plan" | sed -n 's/^Inst postgresql-\([0-9]*\) \[.*/\1/p'); do
		if pg_lsclusters -h 2>/dev/null | awk -v m="$busy" '$1 == m && $4 ~ /^online/' | grep -q .; then
			say "refusing: that would upgrade postgresql-$busy, restarting its running clusters; nothing was changed" >&2
			return 1
		fi
	done
	say "apt installs $(echo "$plan" | grep -c '^Inst ') packages; upgrades: $(echo "$plan" | sed -n 's/^Inst \([^ ]*\) \[.*/\1/p' | paste -sd ' ')"
	"${SUDO[@]}" mkdir -p "${conf%/*}"
	echo 'create_main_cluster = false' | "${SUDO[@]}" tee "$conf" >/dev/null
	apt_get install -y -q --no-install-recommends $missing || status=$?
	"${SUDO[@]}" rm -f "$conf"
	[ "$status" -eq 0 ] || return "$status"
	INSTALLED_NOW+=($missing)
}

# The Debian archive's mirror in the system's apt sources (not -security)
debian_mirror() {
	cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		sed -n 's/^URIs:[[:space:]]*//p; s/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' |
		tr ' ' '\n' | grep -E '^(https?|file):' | grep -v -- -security | head -n 1 || true
}

# True unless PG_CONFIG is a PostgreSQL no Debian package installed
pg_from_debian() { ! [ -e "$PG_CONFIG" ] || dpkg -S "$(readlink -f "$PG_CONFIG")" >/dev/null 2>&1; }

# the compiler, and the server's packages for a Debian PostgreSQL
ensure_build_deps() {
	pg_from_debian || say "$PG_CONFIG is not from a Debian package: installing no postgresql-$PG_MAJOR packages"
	ensure_packages gcc make libc6-dev $(! pg_from_debian || echo "postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR")
}

# From clean (PGXS does not notice a change of major), with -Werror, then
# installed into PG_CONFIG's server.  build_and_install [SOURCE-TREE]
build_and_install() {
	local src=${1:-$ULID_ROOT}
	say "building $src against $("$PG_CONFIG" --version)"
	make -C "$src" -s PG_CONFIG="$PG_CONFIG" clean
	make -C "$src" -s PG_CONFIG="$PG_CONFIG" COPT=-Werror with_llvm=no
	"${SUDO[@]}" make -C "$src" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install
}

# A benchmark's output folder, made, printed absolute: FOLDER, else
# BENCH_OUT, else bench/results/NAME with BENCH_RECORD=1 (to be committed),
# else bench/results/local/NAME (ignored by git).  bench_out NAME [FOLDER]
bench_out() {
	local out=${2:-${BENCH_OUT:-$ULID_ROOT/bench/results/local/$1}}
	[ -n "${2:-}${BENCH_OUT:-}" ] || [ "${BENCH_RECORD:-0}" != 1 ] || out=$ULID_ROOT/bench/results/$1
	mkdir -p "$out" && (cd "$out" && pwd)
}

# A server program as the cluster's owner, from its folder
as_cluster_owner() { (cd "$CLUSTER_DIR" && "${RUN_AS[@]}" "$@"); }

# A port in 49152-65535 with no TCP listener, socket file or Debian cluster
free_port() {
	local used=" " addr st port
	while read -r _ addr _ st _; do	# LISTEN is st 0A; the port is hex
		[ "$st" != 0A ] || used+="$((16#${addr##*:})) "
	done < <(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null)
	used+="$(pg_lsclusters -h 2>/dev/null | awk '{ printf "%s ", $3 }')"
	for _ in $(seq 100); do
		port=$((49152 + RANDOM % 16384))
		case $used in *" $port "*) continue ;; esac
		[ -e "/run/postgresql/.s.PGSQL.$port" ] || [ -e "/tmp/.s.PGSQL.$port" ] || { echo "$port"; return 0; }
	done
	say "found no free port" >&2
	return 1
}

# A cluster in a new temporary folder, on its socket there only, on a free
# port (a child starting a server of its own, as pg_virtualenv does, must
# not collide) or CLUSTER_PORT, with CLUSTER_OPTS ("-c name=value ...");
# run as postgres when root.  Exports PGHOST, PGPORT, PGUSER, PGDATABASE
# until stop_cluster.
start_cluster() {
	local bindir port
	bindir=$("$PG_CONFIG" --bindir)
	port=${CLUSTER_PORT:-$(free_port)}
	CLUSTER_DIR=$(mktemp -d /tmp/ulid-cluster.XXXXXX)
	RUN_AS=()
	[ "$(id -u)" -ne 0 ] || { chown postgres: "$CLUSTER_DIR" && RUN_AS=(runuser -u postgres --); }
	say "starting a throwaway cluster in $CLUSTER_DIR"
	as_cluster_owner "$bindir/initdb" -D data -U postgres --auth=trust --no-locale -E UTF8 >"$CLUSTER_DIR/initdb.log" 2>&1 ||
		{ cat "$CLUSTER_DIR/initdb.log"; return 1; }
	# PGUSER: the role of the server's own connections (postgres_fdw's)
	as_cluster_owner env PGUSER=postgres "$bindir/pg_ctl" -D data -l server.log -w \
		-o "-c listen_addresses='' -k $CLUSTER_DIR -p $port ${CLUSTER_OPTS:-}" start >/dev/null ||
		{ cat "$CLUSTER_DIR/server.log"; return 1; }
	export PGHOST=$CLUSTER_DIR PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

stop_cluster() {
	[ -n "${CLUSTER_DIR:-}" ] || return 0
	as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D data -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$CLUSTER_DIR" && CLUSTER_DIR=
	unset PGHOST PGPORT PGUSER PGDATABASE
}

# PG_MAJOR: PG_CONFIG's major, else the one Debian's postgresql package
# depends on here (15 on Debian 12, 17 on 13)
if [ -z "${PG_MAJOR:-}" ] && [ -x "${PG_CONFIG:-}" ]; then
	PG_MAJOR=$("$PG_CONFIG" --version | sed -n 's/^PostgreSQL \([0-9]*\).*/\1/p')
fi
if [ -z "${PG_MAJOR:-}" ]; then
	apt-cache show postgresql >/dev/null 2>&1 || apt_get update -q >/dev/null
	PG_MAJOR=$(apt-cache depends postgresql 2>/dev/null | sed -n 's/^ *Depends: postgresql-\([0-9]*\)$/\1/p' | sort -n | tail -n 1)
	[ -n "$PG_MAJOR" ] || { say "apt offers no postgresql package: set PG_MAJOR or PG_CONFIG" >&2; exit 1; }
fi
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}
