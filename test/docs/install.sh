#!/usr/bin/env bash
# The install steps of README.md (make) and of the client packages'
# READMEs, outside the checkout, against the running
# server that PGHOST/PGPORT/PGUSER name (with the extension installed):
#   - make without a usable pg_config names what to install;
#   - pgulid: python3 -m venv --system-site-packages, pip from the venv,
#     --no-build-isolation, from a copy of clients/python (the source
#     files: git's, or a release tree's MANIFEST); imported from
#     elsewhere and its psycopg example run;
#   - pg-ulid: npm pack, then npm install of the tarball into an empty
#     application folder with its peers; require() of each entry point
#     from there;
#   - Knex and Django bootstrapping in the README's order;
#   - and the checkout left as it was.
# Prints "docs_install: N passed, N failed".

set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
passed=0
failed=0
check() {
	if eval "$2"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAILED: $1"
	fi
}
tmp=$(mktemp -d /tmp/ulid-install.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# the checkout's state (every file's name, size and time, without .git):
# nothing below may write into it
tree_state() { find "$root" -path "$root/.git" -prune -o -printf '%P %s %T@\n' | LC_ALL=C sort; }
before=$(tree_state)

# make: a missing pg_config, and one without the server headers
out=$(make -C "$root" -s PG_CONFIG="$tmp/no-such-pg_config" 2>&1)
check "make without pg_config names the package" \
	'[[ $out == *"not found: install PostgreSQL'"'"'s server headers (Debian: postgresql-server-dev-NN"* ]]'
printf '#!/bin/sh\ncase "$1" in --version) echo "PostgreSQL 15.20";; --pgxs) echo %s/none.mk;; esac\n' "$tmp" >"$tmp/pg_config"
chmod +x "$tmp/pg_config"
out=$(make -C "$root" -s PG_CONFIG="$tmp/pg_config" 2>&1)
check "make with a pg_config but no server headers names postgresql-server-dev-15" \
	'[[ $out == *"(Debian: postgresql-server-dev-15)"* ]]'

# Python, by the README's words (the clone's clients/python, here a copy)
db=ulid_docs_install
PGOPTIONS='-c client_min_messages=warning' psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION ulid' \
	-c 'CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric)' \
	-c 'INSERT INTO orders (total) VALUES (1)'
# (the source files of clients/, from git or a release's MANIFEST)
mkdir "$tmp/clone" && (cd "$root" && scripts/tree_files.sh clients | tar -c --verbatim-files-from -T -) | tar -x -C "$tmp/clone"
check "python3 -m venv --system-site-packages" '/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"'
check "pip install --no-build-isolation clients/python" \
	'"$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$tmp/clone/clients/python"'
check "the README's psycopg example, from another folder" '(cd "$tmp" && PGDATABASE=$db "$tmp/venv/bin/python" - <<'"'"'PY'"'"'
import uuid, psycopg, pgulid
assert "/venv/" in pgulid.__file__, pgulid.__file__
with psycopg.connect() as conn:
    some_uuid = conn.execute("SELECT id::uuid FROM orders").fetchone()[0]
    from pgulid.psycopg import register_ulid
    register_ulid(conn)
    row = conn.execute("SELECT id FROM orders WHERE id = %s", [some_uuid]).fetchone()  # row[0].datetime
    assert row[0].uuid == some_uuid and row[0].datetime.year >= 2026, row
PY
)'
psql -X -q -d postgres -c "DROP DATABASE $db"

# Node: npm pack, and the tarball into an application of its own
if [ -z "${npm_config_cafile:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	export npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
fi
mkdir "$tmp/app" "$tmp/packs"
check "npm pack" '(cd "$tmp/clone/clients/node" && npm pack -q --pack-destination "$tmp/packs" >/dev/null)'
tgz=$(ls "$tmp"/packs/pg-ulid-*.tgz 2>/dev/null | head -1)
check "npm install of the tarball with its peers" '(cd "$tmp/app" && npm init -y >/dev/null &&
	npm install --no-audit --no-fund --loglevel=error --prefer-offline "$tgz" pg drizzle-orm knex >/dev/null)'
for entry in pg-ulid pg-ulid/drizzle pg-ulid/knex; do
	check "require('$entry') from the application" "(cd \"\$tmp/app\" && node -e \"require('$entry')\")"
done
# Knex, in the README's order: the extension first through a knex without
# the hook (which fails every connection of a database without it), then
# the knex with afterCreate
kdb=ulid_docs_knex
PGOPTIONS='-c client_min_messages=warning' psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $kdb" -c "CREATE DATABASE $kdb"
check "Knex: the extension first, then afterCreate and the README's createTable" '(cd "$tmp/app" && PGDATABASE=$kdb node - <<'"'"'JS'"'"'
const Knex = require("knex")
const { ulid, genUlid, afterCreate } = require("pg-ulid/knex")
const connection = { host: process.env.PGHOST, port: process.env.PGPORT, user: process.env.PGUSER, database: process.env.PGDATABASE }
;(async () => {
  // (tarn retries a failed connection until the acquire timeout)
  const early = Knex({ client: "pg", connection, pool: { afterCreate }, acquireConnectionTimeout: 2000,
    log: { warn () {}, error () {}, debug () {}, deprecate () {} } })
  const refused = await early.raw("SELECT 1").then(() => false, () => true)
  early.destroy()
  if (!refused) throw new Error("afterCreate connected to a database without the extension")
  const plain = Knex({ client: "pg", connection })
  await plain.raw("CREATE EXTENSION IF NOT EXISTS ulid")
  await plain.destroy()
  const knex = Knex({ client: "pg", connection, pool: { afterCreate } })
  await knex.schema.createTable("orders", (t) => { ulid(t, "id").primary().defaultTo(genUlid(knex)) })
  const [{ id }] = await knex("orders").insert({}).returning("id")
  await knex.destroy()
  if (!/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(id)) throw new Error("not a ULID: " + id)
  process.exit(0)
})().catch((e) => { console.error(e); process.exit(1) })
JS
)'
psql -X -q -d postgres -c "DROP DATABASE $kdb"

# Django, in the README's order: DEFAULT_AUTO_FIELD left alone, and the
# app's first migration creates the extension before its ULIDAutoField model
ddb=ulid_docs_django
PGOPTIONS='-c client_min_messages=warning' psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $ddb" -c "CREATE DATABASE $ddb"
mkdir -p "$tmp/dj/shop/migrations"
touch "$tmp/dj/shop/__init__.py" "$tmp/dj/shop/migrations/__init__.py"
cat >"$tmp/dj/shop/models.py" <<'PY'
from django.db import models
from pgulid.django import ULIDAutoField
class Order(models.Model):
    id = ULIDAutoField(primary_key=True)
PY
cat >"$tmp/dj/shop/migrations/0001_initial.py" <<'PY'
from django.contrib.postgres.operations import CreateExtension
from django.db import migrations
from pgulid.django import ULIDAutoField
class Migration(migrations.Migration):
    initial = True
    operations = [
        CreateExtension("ulid"),
        migrations.CreateModel("Order", [("id", ULIDAutoField(primary_key=True))]),
    ]
PY
check "Django: the first migrate creates the extension, then the ULIDAutoField table" '(cd "$tmp/dj" && PGDATABASE=$ddb "$tmp/venv/bin/python" - <<'"'"'PY'"'"'
import os, django
from django.conf import settings
settings.configure(
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "shop"],
    DATABASES={"default": {"ENGINE": "django.db.backends.postgresql", "NAME": os.environ["PGDATABASE"],
                           "HOST": os.environ["PGHOST"], "PORT": os.environ["PGPORT"], "USER": os.environ["PGUSER"]}})
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from shop.models import Order
from pgulid import ULID
o = Order.objects.create()
assert isinstance(o.id, ULID), o.id
PY
)'
psql -X -q -d postgres -c "DROP DATABASE $ddb"

check "the checkout is as it was" '[ "$(tree_state)" = "$before" ] || diff <(echo "$before") <(tree_state)'

echo "docs_install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
