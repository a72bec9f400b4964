#!/usr/bin/env bash
# The client tests of one language, against a database with the extension
# (made here, dropped after) in the running server that PGHOST/PGPORT/PGUSER
# name; each language's own test runner prints the counts, and its exit
# status is this script's:
#
#   python  clients/python/tests, by pytest: pgulid (pip-installed into a
#           throwaway venv that sees Debian's python3-psycopg,
#           python3-psycopg2, python3-sqlalchemy, python3-django and
#           python3-pytest), and plain psycopg 3 without it
#   node    clients/node/test, by node --test after npm ci from the
#           committed lock file: pg-ulid with pg, drizzle-orm and knex, and
#           plain node-postgres (with pg-copy-streams) without it
#   go      clients/go/tests, by go test: pgx v4 with oklog/ulid (Debian's
#           Go packages, built offline)
#   java    clients/java/tests, run as one source file: pgjdbc (Debian's
#           libpostgresql-jdbc-java), which prints "java: N passed, N failed"
#
# Go and Java have no client package of ulid's: their tests show the type
# through each language's usual driver.  Installs what is missing.
#
# Usage: clients/run.sh LANGUAGE...   (default: all four)

set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../scripts/common.sh"
set +e

languages=("$@")
[ ${#languages[@]} -gt 0 ] || languages=(python node go java)

# npm has its own CA list: point it at the system's, which holds any local
# (proxy) certificate authority
if [ -z "${npm_config_cafile:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	export npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
fi

tmp=$(mktemp -d /tmp/ulid-clients.XXXXXX)
db=
cleanup() {
	[ -z "$db" ] || psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"
	rm -rf "$tmp"
}
trap cleanup EXIT

# fresh_db NAME: a new database NAME with the extension, as PGDATABASE
fresh_db() {
	[ -z "$db" ] || psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"
	db=$1
	PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d postgres \
		-c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS ${db}_other" \
		-c "CREATE DATABASE $db" &&
		psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION ulid' || return 1
	export PGDATABASE=$db
}

# Debian's python3-* packages are for Debian's python, which may not be the
# first python3 on PATH.  pip installs ./clients/python offline: Debian's
# setuptools builds it (no build isolation), from a copy so that the build
# leaves nothing in the tree; pytest runs from another folder, so pgulid
# comes from the install, not the tree.
run_python() {
	ensure_packages python3-psycopg python3-psycopg2 python3-sqlalchemy python3-django \
		python3-pytest python3-setuptools python3-venv python3-wheel || return 1
	fresh_db ulid_clients || return 1
	say "$(/usr/bin/python3 - <<'PY'
import django, psycopg, psycopg2, sqlalchemy, pytest
print("psycopg %s, psycopg2 %s, SQLAlchemy %s, Django %s, pytest %s" % (
    psycopg.__version__, psycopg2.__version__.split()[0], sqlalchemy.__version__,
    django.get_version(), pytest.__version__))
PY
)"
	rm -rf "$tmp/src" "$tmp/venv"
	cp -r "$here/python" "$tmp/src"
	/usr/bin/python3 -m venv --system-site-packages "$tmp/venv" &&
		"$tmp/venv/bin/pip" install -q --no-deps --no-build-isolation --no-index "$tmp/src" &&
		(cd "$tmp" && "$tmp/venv/bin/python" -c 'import pgulid; print("pgulid from", pgulid.__file__)' &&
			"$tmp/venv/bin/python" -m pytest -p no:cacheprovider -q "$here/python/tests")
}

run_node() {
	command -v node >/dev/null && command -v npm >/dev/null || ensure_packages nodejs npm || return 1
	fresh_db ulid_clients || return 1
	say "node $(node --version), npm ci in clients/node"
	(cd "$here/node" && npm ci --no-audit --no-fund --loglevel=error) || return 1
	say "$(cd "$here/node" && node -p "['pg', 'pg-copy-streams', 'drizzle-orm', 'knex'].map((p) => p + ' ' + JSON.parse(require('fs').readFileSync('node_modules/' + p + '/package.json')).version).join(', ')")"
	(cd "$here/node" && node --test)
}

# Go in GOPATH mode, offline: Debian installs each Go library's source under
# /usr/share/gocode/src by import path, except oklog/ulid v2, which it puts
# at github.com/oklog/ulid; a private GOPATH entry gives it its v2 path
run_go() {
	ensure_packages golang-go golang-github-jackc-pgx-v4-dev golang-github-oklog-ulid-dev || return 1
	fresh_db ulid_clients || return 1
	local gopath=$tmp/gopath
	mkdir -p "$gopath/src/github.com/oklog/ulid"
	ln -sfn /usr/share/gocode/src/github.com/oklog/ulid "$gopath/src/github.com/oklog/ulid/v2"
	say "$(go version), pgx $(dpkg-query -W -f='${Version}' golang-github-jackc-pgx-v4-dev)"
	(cd "$here/go/tests" && GO111MODULE=off GOPATH="$gopath:/usr/share/gocode" GOPROXY=off GOFLAGS= \
		go test -v -count=1 .)
}

# pgjdbc with junixsocket for a socket-directory PGHOST; java compiles and
# runs the one source file
run_java() {
	ensure_packages default-jdk-headless libpostgresql-jdbc-java libjunixsocket-java || return 1
	fresh_db ulid_clients || return 1
	say "$(java -version 2>&1 | head -n 1), pgjdbc $(dpkg-query -W -f='${Version}' libpostgresql-jdbc-java)"
	(cd "$here/java/tests" &&
		java -cp /usr/share/java/postgresql.jar:/usr/share/java/junixsocket-common.jar UlidTest.java)
}

status=0
for lang in "${languages[@]}"; do
	case $lang in
	python | node | go | java) ;;
	*) say "no client tests for $lang: python, node, go or java" >&2; exit 2 ;;
	esac
	say "clients/$lang"
	"run_$lang" || { say "clients/$lang failed"; status=1; }
done
exit $status
