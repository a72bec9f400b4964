#!/usr/bin/env bash
# Driver tests: psycopg 3 (Debian's python3-psycopg) and node-postgres (npm
# "pg", pinned by node/package-lock.json) against a database with the
# extension, in the running server that PGHOST/PGPORT/PGUSER name.
# Installs what is missing, and prints "python: N passed, N failed" and
# "node: N passed, N failed".

set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
set +e

# Debian's psycopg is for Debian's python, which may not be the first python3
# on PATH
ensure_packages python3-psycopg
command -v node >/dev/null && command -v npm >/dev/null || ensure_packages nodejs npm

db=ulid_drivers
PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d postgres \
	-c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || exit 1
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION ulid' || exit 1
export PGDATABASE=$db
status=0

say "psycopg $(/usr/bin/python3 -c 'import psycopg; print(psycopg.__version__)')"
/usr/bin/python3 "$here/python/test_psycopg.py" || status=1

# npm has its own CA list: point it at the system's, which holds any local
# (proxy) certificate authority
if [ -z "${npm_config_cafile:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	export npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
fi
say "node $(node --version), npm ci"
if (cd "$here/node" && npm ci --no-audit --no-fund --loglevel=error); then
	say "node-postgres $(node -p "require('$here/node/node_modules/pg/package.json').version")"
	log=$(mktemp /tmp/ulid-node.XXXXXX)
	(cd "$here/node" && node --test) | tee "$log"
	[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
	# node --test ends with "# pass N" and "# fail N" ("# todo N" apart)
	awk '/^# pass / {p = $3} /^# fail / {f = $3} /^# todo / {t = $3}
		END {print "node: " p + 0 " passed, " f + 0 " failed"; if (t) print "(node: " t " todo, see ulid.test.mjs)"}' \
		"$log"
	rm -f "$log"
else
	echo "node: 0 passed, 1 failed"
	status=1
fi

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $status
