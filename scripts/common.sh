# Shared by scripts/demo.sh and scripts/test.sh: installs what the build
# needs, builds and installs the extension, and runs a throwaway cluster.
# Source it; it defines functions and sets no traps of its own.

set -euo pipefail

ULID_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_MAJOR=${PG_MAJOR:-15}
PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}

say() { printf '==> %s\n' "$*"; }

# Installing packages and the extension needs root: run as root, or have sudo
if [ "$(id -u)" -eq 0 ]; then
	SUDO=()
elif command -v sudo >/dev/null; then
	SUDO=(sudo)
else
	say "run this as root, or install sudo: installing needs root" >&2
	exit 1
fi

# apt-get install the named Debian packages that are missing
ensure_packages() {
	local missing=()
	local pkg
	for pkg in "$@"; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$pkg")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	say "installing ${missing[*]}"
	"${SUDO[@]}" apt-get update -q
	"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "${missing[@]}"
}

ensure_build_deps() {
	ensure_packages gcc make libc6-dev "postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR"
}

# Build with warnings as errors, then install into the server's directories
build_and_install() {
	say "building against $("$PG_CONFIG" --version)"
	make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" COPT=-Werror with_llvm=no
	"${SUDO[@]}" make -C "$ULID_ROOT" -s PG_CONFIG="$PG_CONFIG" with_llvm=no install
}

# Runs a server program as the cluster's owner, from the cluster's folder
# (the postgres user may not be able to enter the caller's directory)
as_cluster_owner() {
	(cd "$CLUSTER_DIR" && "${RUN_AS[@]}" "$@")
}

# Start a cluster in a new temporary folder, reachable only by a Unix socket
# there; exports PGHOST, PGPORT and PGUSER for psql and pg_regress, and
# passes CLUSTER_OPTS (extra "-c name=value" settings) to the server.  The
# server cannot run as root, so root runs it as the postgres user.
start_cluster() {
	local bindir
	bindir=$("$PG_CONFIG" --bindir)
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
	as_cluster_owner "$bindir/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w \
		-o "-c listen_addresses='' -k $CLUSTER_DIR -p 5432 ${CLUSTER_OPTS:-}" start >/dev/null ||
		{ cat "$CLUSTER_DIR/server.log"; return 1; }
	export PGHOST=$CLUSTER_DIR PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
}

stop_cluster() {
	[ -n "${CLUSTER_DIR:-}" ] || return 0
	as_cluster_owner "$("$PG_CONFIG" --bindir)/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$CLUSTER_DIR"
	CLUSTER_DIR=
}
