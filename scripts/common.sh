# Shared by scripts/demo.sh and scripts/test.sh: installs what the build
# needs, builds and installs the extension, and runs a throwaway cluster.
# Source it; it defines functions and sets no traps of its own.

set -euo pipefail

ULID_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '==> %s\n' "$*"; }

# The major of PostgreSQL that this machine's Debian installs as its
# default: the one its postgresql package depends on (what apt-get install
# postgresql would install; 15 on Debian 12, 17 on Debian 13), else the
# newest that postgresql-common supports here; nothing if apt knows neither
debian_default_major() {
	local major
	major=$(apt-cache depends postgresql 2>/dev/null |
		sed -n 's/^ *Depends: postgresql-\([0-9][0-9]*\)$/\1/p' | sort -n | tail -n 1)
	if [ -z "$major" ] && [ -x /usr/share/postgresql-common/supported_versions ]; then
		major=$(/usr/share/postgresql-common/supported_versions 2>/dev/null | sort -n | tail -n 1)
	fi
	echo "$major"
}

# The folder a benchmark writes to, made and printed as an absolute path:
# FOLDER if given (a script's OUT argument); else BENCH_OUT if set; else
# bench/results/NAME with BENCH_RECORD=1 (make bench RECORD=1), to be
# committed; else bench/results/local/NAME, which git ignores, so that a
# trial run leaves the committed records as they are.
#   bench_out NAME [FOLDER]
bench_out() {
	local out
	if [ -n "${2:-}" ]; then
		out=$2
	elif [ -n "${BENCH_OUT:-}" ]; then
		out=$BENCH_OUT
	elif [ "${BENCH_RECORD:-0}" = 1 ]; then
		out=$ULID_ROOT/bench/results/$1
	else
		out=$ULID_ROOT/bench/results/local/$1
	fi
	mkdir -p "$out" && (cd "$out" && pwd)
}

# Installing packages and the extension needs root: run as root, or have sudo
if [ "$(id -u)" -eq 0 ]; then
	SUDO=()
elif command -v sudo >/dev/null; then
	SUDO=(sudo)
else
	say "run this as root, or install sudo: installing needs root" >&2
	exit 1
fi

# The packages ensure_packages installed, for a closing word on what stays
INSTALLED_NOW=()

# Installs the missing ones of the named Debian packages (docs/development.md,
# "The demo").  Before installing, it asks
# apt (apt-get -s) what that changes, and:
#   - refuses, changing nothing, if it would remove a package, or upgrade a
#     postgresql-NN server while a cluster of that major runs (the upgrade
#     restarts it);
#   - names every other upgrade before it happens: on a machine behind on
#     updates the new packages can need newer versions of installed ones
#     (postgresql-server-dev-15's libssl-dev wants the newest libssl3);
#   - keeps a postgresql-NN it installs from creating a main cluster (Debian
#     would create one and start it on port 5432): a createcluster.d file
#     while apt runs, removed after.
ensure_packages() {
	local installed missing=() pkg plan removals upgrades major busy=() conf status=0 made_dir=
	installed=" $(apt-cache policy "$@" 2>/dev/null |
		awk '/^[^ ].*:$/ { p = substr($0, 1, length($0) - 1) } /^  Installed: / && $2 != "(none)" { print p }' |
		tr '\n' ' ') "
	for pkg in "$@"; do
		case $installed in *" $pkg "*) ;; *) missing+=("$pkg") ;; esac
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	say "missing: ${missing[*]}; asking apt what installing them changes"
	apt_get update -q || true
	plan=$(apt-get -s -o Debug::NoLocking=1 install --no-install-recommends "${missing[@]}" 2>&1) || {
		printf '%s\n' "$plan" >&2
		say "apt cannot install ${missing[*]}; nothing was changed" >&2
		return 1
	}
	removals=$(printf '%s\n' "$plan" | sed -n 's/^Remv \([^ ]*\).*/  \1/p')
	if [ -n "$removals" ]; then
		say "refusing: installing ${missing[*]} would remove installed packages; nothing was changed:" >&2
		printf '%s\n' "$removals" >&2
		return 1
	fi
	# "Inst pkg [installed version] (new version ...)" is an upgrade
	upgrades=$(printf '%s\n' "$plan" | sed -n 's/^Inst \([^ ]*\) \[\([^]]*\)\] (\([^ ]*\).*/  \1: \2 -> \3/p')
	for major in $(printf '%s\n' "$upgrades" | sed -n 's/^  postgresql-\([0-9][0-9]*\):.*/\1/p'); do
		if command -v pg_lsclusters >/dev/null &&
			pg_lsclusters -h 2>/dev/null | awk -v m="$major" '$1 == m && $4 ~ /^online/' | grep . >/dev/null; then
			busy+=("postgresql-$major")
		fi
	done
	if [ ${#busy[@]} -gt 0 ]; then
		say "refusing: installing ${missing[*]} would upgrade ${busy[*]}, which restarts the clusters running on it; nothing was changed:" >&2
		printf '%s\n' "$upgrades" >&2
		say "upgrade them yourself first (apt-get install --only-upgrade ...), or point PG_CONFIG at another server" >&2
		return 1
	fi
	say "apt installs $(printf '%s\n' "$plan" | grep -c '^Inst ') packages for ${missing[*]}"
	if [ -n "$upgrades" ]; then
		say "among them, upgrades of installed packages that the new ones depend on in newer versions:"
		printf '%s\n' "$upgrades"
	fi
	conf=/etc/postgresql-common/createcluster.d/ulid-no-main-cluster.conf
	[ -d "$(dirname "$conf")" ] || made_dir=1
	"${SUDO[@]}" mkdir -p "$(dirname "$conf")"
	echo 'create_main_cluster = false' | "${SUDO[@]}" tee "$conf" >/dev/null
	apt_get install -y -q --no-install-recommends "${missing[@]}" || status=$?
	"${SUDO[@]}" rm -f "$conf"
	# the folder, if this made it and no package has it
	if [ -n "$made_dir" ] && ! dpkg -S "$(dirname "$conf")" >/dev/null 2>&1; then
		"${SUDO[@]}" rmdir "$(dirname "$conf")" 2>/dev/null || true
	fi
	[ "$status" -eq 0 ] || return "$status"
	INSTALLED_NOW+=("${missing[@]}")
	# ULID_INSTALLED_LOG: a file that collects them across scripts
	[ -z "${ULID_INSTALLED_LOG:-}" ] || printf '%s\n' "${missing[@]}" >>"$ULID_INSTALLED_LOG"
}

# apt-get as root, waiting for another apt or dpkg to finish: up to
# ULID_APT_WAIT seconds (default 600) for the dpkg lock (DPkg::Lock::Timeout),
# and as long again for the package lists' lock, which that option does not
# cover (apt-get update fails at once on it)
apt_get() {
	local wait=${ULID_APT_WAIT:-600} start log status
	start=$(date +%s)
	log=$(mktemp /tmp/ulid-apt.XXXXXX)
	while :; do
		# shown as it runs (an install of hundreds of packages takes minutes)
		status=0
		"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
			apt-get -o DPkg::Lock::Timeout="$wait" "$@" 2>&1 | tee "$log" || status=$?
		if [ "$status" -ne 0 ] && grep -q 'Could not get lock' "$log" &&
			[ $(($(date +%s) - start)) -lt "$wait" ]; then
			say "apt-get $1: another process holds the lock, waiting"
			sleep 10
			continue
		fi
		rm -f "$log"
		return "$status"
	done
}

# The Debian archive's mirror, from the system's apt sources: deb822 files
# ("URIs: ...") or one-line entries ("deb [opts] URI suite ..."), skipping
# the security archive; prints nothing when there is none
debian_mirror() {
	{
		cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
		cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			sed -n 's/^[[:space:]]*deb\(-src\)\?[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\3/p'
	} | grep -E '^(https?|file|mirror[+a-z]*):' | grep -v -- '-security' | head -n 1
}

# True unless PG_CONFIG names a PostgreSQL that no Debian package installed
# (say, one built from source): Debian's postgresql-NN-* packages serve only
# the former
pg_from_debian() {
	! [ -e "$PG_CONFIG" ] || dpkg -S "$(readlink -f "$PG_CONFIG")" >/dev/null 2>&1
}

# The compiler, and Debian's server packages for a Debian PostgreSQL
ensure_build_deps() {
	local server=("postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR")
	if ! pg_from_debian; then
		say "$PG_CONFIG is not from a Debian package: not installing ${server[*]}"
		server=()
	fi
	ensure_packages gcc make libc6-dev "${server[@]}"
}

# Build with warnings as errors, then install into the server's directories.
# From clean: objects left by a build against another major (PGXS tracks no
# such change) would otherwise be linked into this one.
#   build_and_install [SOURCE]
# SOURCE: the extension's source tree to build, default this checkout (a
# benchmark measures another version from its own tree, BENCH_SOURCE).
build_and_install() {
	local src=${1:-$ULID_ROOT}
	say "building $src against $("$PG_CONFIG" --version)"
	make -C "$src" -s PG_CONFIG="$PG_CONFIG" clean
	make -C "$src" -s PG_CONFIG="$PG_CONFIG" COPT=-Werror with_llvm=no
	"${SUDO[@]}" make -C "$src" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install
}

# Under sudo (root, with SUDO_UID), in a FOLDER that SUDO_UID owns: gives
# every file in it to that owner, who can then remove them.  Every file,
# not root's alone: npm ci as root keeps the owners that a package's tarball
# names (@types/node's files are uid 1001's).
#   give_back FOLDER
give_back() {
	[ "$(id -u)" -eq 0 ] && [ -n "${SUDO_UID:-}" ] || return 0
	[ "$(stat -c %u "$1")" = "$SUDO_UID" ] || return 0
	find "$1" -xdev ! -uid "$SUDO_UID" -exec chown -h "$SUDO_UID:${SUDO_GID:-$SUDO_UID}" {} + 2>/dev/null || true
}

# Runs a server program as the cluster's owner, from the cluster's folder
# (the postgres user may not be able to enter the caller's directory)
as_cluster_owner() {
	(cd "$CLUSTER_DIR" && "${RUN_AS[@]}" "$@")
}

# A port number no server on this machine uses or is set to use: no TCP
# listener on it, no socket for it in the usual socket folders, no Debian
# cluster configured with it.  Drawn from 49152-65535, the range
# PostgreSQL::Test::Cluster draws from.
free_port() {
	local used="" file addr st port
	for file in /proc/net/tcp /proc/net/tcp6; do
		[ -r "$file" ] || continue
		# "sl local_address rem_address st ...": LISTEN is st 0A; the port is hex
		while read -r _ addr _ st _; do
			if [ "$st" = 0A ]; then used+=" $((16#${addr##*:}))"; fi
		done < <(tail -n +2 "$file")
	done
	if command -v pg_lsclusters >/dev/null; then
		used+=" $(pg_lsclusters -h 2>/dev/null | awk '{print $3}' | tr '\n' ' ')"
	fi
	for _ in $(seq 100); do
		port=$((49152 + RANDOM % 16384))
		case "$used " in *" $port "*) continue ;; esac
		if [ -e "/run/postgresql/.s.PGSQL.$port" ] || [ -e "/tmp/.s.PGSQL.$port" ]; then
			continue
		fi
		echo "$port"
		return 0
	done
	say "found no free port" >&2
	return 1
}

# Start a cluster in a new temporary folder, reachable only by a Unix socket
# there, on a port no other server uses (free_port: a child that inherits
# PGPORT and starts a server of its own, as pg_virtualenv does, must not
# collide with one running on the machine), or on CLUSTER_PORT if set (a
# port the caller has reserved); exports PGHOST, PGPORT, PGUSER
# and PGDATABASE for psql and pg_regress until stop_cluster, and passes
# CLUSTER_OPTS (extra "-c name=value" settings) to the server.  The server
# cannot run as root, so root runs it as the postgres user.
start_cluster() {
	local bindir port
	bindir=$("$PG_CONFIG" --bindir)
	port=${CLUSTER_PORT:-}
	[ -n "$port" ] || port=$(free_port) || return 1
	CLUSTER_DIR=$(mktemp -d /tmp/ulid-cluster.XXXXXX)
	RUN_AS=()
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$CLUSTER_DIR"
		RUN_AS=(runuser -u postgres --)
	fi
	say "starting a throwaway cluster in $CLUSTER_DIR"
	as_cluster_owner "$bindir/initdb" -D "$CLUSTER_DIR/data" -U postgres \
		--auth=trust --no-locale -E UTF8 >"$CLUSTER_DIR/initdb.log" 2>&1 ||
		{ cat "$CLUSTER_DIR/initdb.log"; return 1; }
	# PGUSER in the server's environment: the default role of connections it
	# makes itself (postgres_fdw's, to a server with no user in its user
	# mapping) is then the cluster's superuser, not the name of the OS user
	# the server runs as, which is no role here unless it is postgres
	as_cluster_owner env PGUSER=postgres "$bindir/pg_ctl" -D "$CLUSTER_DIR/data" \
		-l "$CLUSTER_DIR/server.log" -w \
		-o "-c listen_addresses='' -k $CLUSTER_DIR -p $port ${CLUSTER_OPTS:-}" start >/dev/null ||
		{ cat "$CLUSTER_DIR/server.log"; return 1; }
	export PGHOST=$CLUSTER_DIR PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

stop_cluster() {
	[ -n "${CLUSTER_DIR:-}" ] || return 0
	as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$CLUSTER_DIR"
	CLUSTER_DIR=
	unset PGHOST PGPORT PGUSER PGDATABASE
}

# PG_CONFIG alone names the server; its major version is PG_MAJOR.  With
# neither, Debian's default major here.
if [ -z "${PG_MAJOR:-}" ] && [ -n "${PG_CONFIG:-}" ] && [ -x "$PG_CONFIG" ]; then
	PG_MAJOR=$("$PG_CONFIG" --version | sed -n 's/^PostgreSQL \([0-9]*\).*/\1/p')
fi
if [ -z "${PG_MAJOR:-}" ]; then
	PG_MAJOR=$(debian_default_major)
	# a machine whose package lists were never fetched (a fresh image)
	if [ -z "$PG_MAJOR" ] && command -v apt-get >/dev/null; then
		say "apt knows no postgresql package yet: fetching the package lists"
		apt_get update -q
		PG_MAJOR=$(debian_default_major)
	fi
	if [ -z "$PG_MAJOR" ]; then
		say "found no PostgreSQL major to use: apt offers no postgresql package; set PG_MAJOR or PG_CONFIG" >&2
		exit 1
	fi
fi
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}
