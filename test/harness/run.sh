#!/usr/bin/env bash
# Tests of the throwaway cluster of scripts/common.sh.  It must not collide
# with any other server on the machine: a child that inherits its PGPORT and
# starts a server of its own there (pg_virtualenv, in the package build)
# failed with "Port conflict" when the system's PostgreSQL ran on 5432, the
# port the cluster always took.  So free_port passes over ports in use
# (a TCP listener, a socket file, a Debian cluster's setting), the cluster
# runs on one of those, and stop_cluster leaves nothing exported.  And
# give_back, which under sudo gives scripts/test.sh's files in the clone
# to the clone's owner.
# Prints "harness: N passed, N failed".

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
set +e
source "$here/../counts.sh"

work=$(mktemp -d /tmp/ulid-harness.XXXXXX)
listener=
sockfile=
trap 'stop_cluster; [ -z "$listener" ] || kill "$listener" 2>/dev/null
	[ -z "$sockfile" ] || rm -f "$sockfile"; rm -rf "$work"' EXIT

# free_port draws from $RANDOM: the same seed gives the same draw, so a
# second call with the seed of the first shows whether the port the first
# gave is now passed over
draw() {	# draw SEED: free_port's answer for that seed
	RANDOM=$1
	free_port
}

# 1. a TCP listener on the port
first=$(draw 4242)
perl -MIO::Socket::INET -e '
	my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => $ARGV[0],
		Listen => 1, ReuseAddr => 1) or die "listen: $!\n";
	open(my $f, ">", $ARGV[1]) or die; close $f;
	sleep 120' "$first" "$work/listening" &
listener=$!
for _ in $(seq 50); do [ -e "$work/listening" ] && break; sleep 0.1; done
if [ ! -e "$work/listening" ]; then
	fail "could not listen on port $first for the test"
elif second=$(draw 4242) && [ -n "$second" ] && [ "$second" != "$first" ]; then
	pass "free_port passes over port $first while a TCP listener holds it (gives $second)"
else
	fail "free_port gave port $first again while a TCP listener holds it"
fi
kill "$listener" 2>/dev/null
wait "$listener" 2>/dev/null
listener=

# 2. a server's socket file in /tmp (listen_addresses = '', say)
first=$(draw 4343)
sockfile=/tmp/.s.PGSQL.$first
: >"$sockfile"
if second=$(draw 4343) && [ -n "$second" ] && [ "$second" != "$first" ]; then
	pass "free_port passes over port $first while $sockfile exists (gives $second)"
else
	fail "free_port gave port $first again while $sockfile exists"
fi
rm -f "$sockfile"
sockfile=

# 3. a Debian cluster configured with the port, even if it is down
first=$(draw 4444)
mkdir "$work/bin"
printf '#!/bin/sh\necho "15 other %s down postgres /nowhere /nowhere.log"\n' "$first" >"$work/bin/pg_lsclusters"
chmod +x "$work/bin/pg_lsclusters"
if second=$(PATH="$work/bin:$PATH" draw 4444) && [ -n "$second" ] && [ "$second" != "$first" ]; then
	pass "free_port passes over port $first while pg_lsclusters lists a cluster on it (gives $second)"
else
	fail "free_port gave port $first again while pg_lsclusters lists a cluster on it"
fi

# 4. the cluster runs on a port free_port gives, then leaves nothing exported
if start_cluster >/dev/null; then
	got=$(psql -X -At -c 'SHOW port' -c 'SHOW listen_addresses' 2>&1 | tr '\n' ' ')
	if [ "$got" = "$PGPORT  " ] && [ "$PGPORT" -ge 49152 ] && [ "$PGPORT" -le 65535 ]; then
		pass "the cluster runs on port $PGPORT (49152-65535), on its socket only"
	else
		fail "the cluster: PGPORT=$PGPORT, SHOW port, listen_addresses gave [$got]"
	fi
	stop_cluster
	left=$(bash -c 'env' | grep -E '^PG(HOST|PORT|USER|DATABASE)=')
	if [ -z "$left" ]; then
		pass "after stop_cluster a child inherits no PGHOST, PGPORT, PGUSER or PGDATABASE"
	else
		fail "after stop_cluster a child inherits $(echo "$left" | tr '\n' ' ')"
	fi
else
	fail "start_cluster"
fi

# 5. give_back: under sudo by the clone's owner, every file of the clone
# goes to that owner, root's and a package's (npm ci as root keeps the
# owners its tarballs name); under sudo by another user, none
owners() { find "$work/clone" -printf '%U:%G\n' | sort -u | paste -sd ' '; }
if [ "$(id -u)" -eq 0 ]; then
	mkdir -p "$work/clone/node_modules"
	touch "$work/clone/own" "$work/clone/built" "$work/clone/node_modules/packaged"
	chown 4321:4321 "$work/clone" "$work/clone/node_modules" "$work/clone/own"
	chown 1001:1001 "$work/clone/node_modules/packaged"
	SUDO_UID=4322 SUDO_GID=4322 give_back "$work/clone"
	check "owners after give_back under sudo by a user who does not own the clone" "$(owners)" \
		"0:0 1001:1001 4321:4321"
	SUDO_UID=4321 SUDO_GID=4321 give_back "$work/clone"
	check "owners after give_back under sudo by the clone's owner" "$(owners)" "4321:4321"
else
	echo "give_back: not tested (changing owners needs root)"
fi

report harness
