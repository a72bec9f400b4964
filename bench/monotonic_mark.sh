#!/usr/bin/env bash
# gen_monotonic_ulid()'s durable mark against the build before it, side by
# side: two PostgreSQL installations, each with its own build of ulid
# installed (make install PG_CONFIG=...), each given by its bin folder.
# Prints, for each, instructions per call under callgrind (single-user
# backend, ulid preloaded, SELECT count(f()) over N rows net of count(*),
# ROUNDS interleaved rounds), then the WAL of one session calling it for
# SECS seconds in read-only batches of 10,000 (pg_current_wal_lsn before and
# after, and pg_waldump's count of the records between).  As root, it runs
# the servers as postgres.
#   bench/monotonic_mark.sh OLD_BINDIR NEW_BINDIR   (N=200000 ROUNDS=3 SECS=20)
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/common.sh"
set -e
[ $# -eq 2 ] || { echo "usage: $0 OLD_BINDIR NEW_BINDIR" >&2; exit 2; }
n=${N:-200000} rounds=${ROUNDS:-3} secs=${SECS:-20}
declare -A bin=([old]=$1 [new]=$2)
as() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
work=$(mktemp -d /tmp/ulid-mark.XXXXXX)
[ "$(id -u)" -ne 0 ] || chown postgres "$work"
trap 'for v in old new; do as "${bin[$v]}/pg_ctl" -D "$work/$v" -m immediate stop >/dev/null 2>&1 || true; done; rm -rf "$work"' EXIT
for v in old new; do
	as "${bin[$v]}/initdb" -D "$work/$v" -A trust >/dev/null
	echo 'CREATE EXTENSION ulid;' | as "${bin[$v]}/postgres" --single -D "$work/$v" \
		-c shared_preload_libraries=ulid postgres >/dev/null 2>&1
done

say "instructions per call (callgrind)"
for round in $(seq "$rounds"); do
	for v in old new; do
		floor=
		for f in '*' 'gen_ulid()' 'gen_monotonic_ulid()'; do
			echo "SELECT count($f) FROM generate_series(1, $n);" |
				as valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
					"${bin[$v]}/postgres" --single -D "$work/$v" -c shared_preload_libraries=ulid \
					-c jit=off postgres >/dev/null 2>&1
			ir=$(callgrind_annotate "$work/cg.out" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
			rm -f "$work/cg.out"
			if [ -z "$floor" ]; then floor=$ir; else
				echo "round $round $v $f $(awk -v a="$ir" -v b="$floor" -v n="$n" 'BEGIN {printf "%.1f", (a - b) / n}')"
			fi
		done
	done
done

say "WAL of $secs s of calls"
for v in old new; do
	port=$(free_port)
	as "${bin[$v]}/pg_ctl" -D "$work/$v" -o "-p $port -k $work -c shared_preload_libraries=ulid -c autovacuum=off" \
		-l "$work/$v.log" -w start >/dev/null
	q() { as "${bin[$v]}/psql" -XAtq -h "$work" -p "$port" -d postgres -c "$1" 2>&1; }
	start=$(q 'SELECT pg_current_wal_lsn()')
	calls=$(q "DO \$\$ DECLARE t0 timestamptz := clock_timestamp(); n bigint := 0; BEGIN
		WHILE clock_timestamp() < t0 + interval '$secs s' LOOP
			PERFORM count(gen_monotonic_ulid()) FROM generate_series(1, 10000); n := n + 10000;
		END LOOP;
		RAISE NOTICE '% calls in % s', n, round(extract(epoch FROM clock_timestamp() - t0), 2); END \$\$")
	end=$(q 'SELECT pg_current_wal_lsn()')
	echo "$v: ${calls#NOTICE:  }; $(q "SELECT pg_wal_lsn_diff('$end', '$start')") bytes of WAL," \
		"$(as "${bin[$v]}/pg_waldump" -p "$work/$v/pg_wal" -s "$start" -e "$end" 2>/dev/null | grep -c 'rmgr: custom128' || true) mark records"
	as "${bin[$v]}/pg_ctl" -D "$work/$v" -m fast -w stop >/dev/null
done
