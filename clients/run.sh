#!/usr/bin/env bash
# Tests of the client packages against a database with the extension, in the
# running server that PGHOST/PGPORT/PGUSER name:
#   clients/python (pgulid): pip-installed into a throwaway venv that sees
#     Debian's python3-psycopg, python3-psycopg2, python3-sqlalchemy,
#     python3-django and python3-pytest; pytest runs against that install;
#   clients/node (pg-ulid): npm ci from the committed lock file (pg,
#     drizzle-orm, knex), then node --test.
# Installs what is missing, and prints "clients_python: N passed, N failed"
# and "clients_node: N passed, N failed".

set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../scripts/common.sh"
set +e

# Debian's python3-* packages are for Debian's python, which may not be the
# first python3 on PATH
ensure_packages python3-psycopg python3-psycopg2 python3-sqlalchemy python3-django \
	python3-pytest python3-setuptools python3-venv python3-wheel
command -v node >/dev/null && command -v npm >/dev/null || ensure_packages nodejs npm

db=ulid_clients
PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d postgres \
	-c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS ${db}_other" \
	-c "CREATE DATABASE $db" || exit 1
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION ulid' || exit 1
export PGDATABASE=$db
status=0
tmp=$(mktemp -d /tmp/ulid-clients.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# pip install ./clients/python, offline: Debian's setuptools builds it (no
# build isolation), from a copy so that the build leaves nothing in the tree
say "$(/usr/bin/python3 - <<'PY'
import django, psycopg, psycopg2, sqlalchemy, pytest
print("psycopg %s, psycopg2 %s, SQLAlchemy %s, Django %s, pytest %s" % (
    psycopg.__version__, psycopg2.__version__.split()[0], sqlalchemy.__version__,
    django.get_version(), pytest.__version__))
PY
)"
cp -r "$here/python" "$tmp/src"
if /usr/bin/python3 -m venv --system-site-packages "$tmp/venv" &&
	"$tmp/venv/bin/pip" install -q --no-deps --no-build-isolation --no-index "$tmp/src"; then
	# from another folder, so pgulid comes from the install, not the tree
	(cd "$tmp" && "$tmp/venv/bin/python" -c 'import pgulid; print("pgulid from", pgulid.__file__)' &&
		"$tmp/venv/bin/python" -m pytest -p no:cacheprovider -q "$here/python/tests") || status=1
else
	echo "clients_python: 0 passed, 1 failed"
	status=1
fi

# npm has its own CA list: point it at the system's, which holds any local
# (proxy) certificate authority
if [ -z "${npm_config_cafile:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	export npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
fi
say "node $(node --version), npm ci in clients/node"
if (cd "$here/node" && npm ci --no-audit --no-fund --loglevel=error); then
	say "$(cd "$here/node" && node -p "['pg', 'drizzle-orm', 'knex'].map((p) => p + ' ' + JSON.parse(require('fs').readFileSync('node_modules/' + p + '/package.json')).version).join(', ')")"
	log=$tmp/node.log
	(cd "$here/node" && node --test) | tee "$log"
	[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
	# node --test ends with "# pass N" and "# fail N"
	awk '/^# pass / {p = $3} /^# fail / {f = $3}
		END {print "clients_node: " p + 0 " passed, " f + 0 " failed"}' "$log"
else
	echo "clients_node: 0 passed, 1 failed"
	status=1
fi

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $status
