#!/usr/bin/env bash
# Driver tests: psycopg 3 (Debian's python3-psycopg), node-postgres (npm
# "pg", pinned by node/package-lock.json), pgx v4 with oklog/ulid (Debian's
# Go packages, built offline) and pgjdbc (Debian's libpostgresql-jdbc-java)
# against a database with the extension, in the running server that
# PGHOST/PGPORT/PGUSER name.  Installs what is missing, and prints
# "python: N passed, N failed", "node: ...", "go: ..." and "java: ...".

set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
set +e

# Debian's psycopg is for Debian's python, which may not be the first python3
# on PATH
ensure_packages python3-psycopg
ensure_packages golang-go golang-github-jackc-pgx-v4-dev golang-github-oklog-ulid-dev \
	default-jdk-headless libpostgresql-jdbc-java libjunixsocket-java
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

# Go in GOPATH mode, offline: Debian installs each Go library's source under
# /usr/share/gocode/src by import path, except oklog/ulid v2, which it puts
# at github.com/oklog/ulid; a private GOPATH entry gives it its v2 path
gopath=$(mktemp -d /tmp/ulid-gopath.XXXXXX)
mkdir -p "$gopath/src/github.com/oklog/ulid"
ln -s /usr/share/gocode/src/github.com/oklog/ulid "$gopath/src/github.com/oklog/ulid/v2"
say "$(go version), pgx $(dpkg-query -W -f='${Version}' golang-github-jackc-pgx-v4-dev)"
log=$(mktemp /tmp/ulid-go.XXXXXX)
(cd "$here/go" && GO111MODULE=off GOPATH="$gopath:/usr/share/gocode" GOPROXY=off GOFLAGS= \
	go test -v -count=1 .) 2>&1 | tee "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
# go test -v prints "--- PASS: name" or "--- FAIL: name" per test; a build
# failure prints neither, and counts as one failure
awk '/^--- PASS: / {p++} /^--- FAIL: / {f++} END {if (p + f == 0) f = 1; print "go: " p + 0 " passed, " f + 0 " failed"}' "$log"
rm -rf "$log" "$gopath"

# Java: the test is one source file, which java compiles and runs
say "$(java -version 2>&1 | head -n 1), pgjdbc $(dpkg-query -W -f='${Version}' libpostgresql-jdbc-java)"
log=$(mktemp /tmp/ulid-java.XXXXXX)
(cd "$here/java" && java -cp /usr/share/java/postgresql.jar:/usr/share/java/junixsocket-common.jar UlidTest.java) 2>&1 |
	tee "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
grep -q '^java: [0-9]* passed, [0-9]* failed$' "$log" || echo "java: 0 passed, 1 failed"
rm -f "$log"

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $status
