#!/usr/bin/python3
"""Checks the reference tables of README.md and docs/reference.md against
the catalog.

Every function, aggregate, operator, cast and operator class of the
extension must have a row in one of them, and every row must match the
catalog of a fresh install (a row whose description says "on PostgreSQL
NN and later only" is skipped on older majors): labels
(volatility, parallel, strict, leakproof), return type, operator function
hash and merge flags, cast context, default opclass, and "Since": the first
version (of the ulid--*.sql scripts) whose install has the object.  Uses
psql against the running server that PG* name.  Prints
"docs: N passed, N failed".
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TYPES = {"timestamptz": "timestamp with time zone", "timestamp": "timestamp without time zone",
         "int8": "bigint", "int4": "integer",
         "bool": "boolean"}

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED: " + what)


def psql(db, sql):
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-d", db, "-c", sql],
                         check=True, capture_output=True, text=True,
                         env=dict(os.environ, PGOPTIONS="-c client_min_messages=warning")).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def vkey(v):
    """1.4 < 1.4-pg18 < 1.5: a suffix names a variant of its version"""
    num, _, variant = v.partition("-")
    return tuple(int(x) for x in num.split(".")) + (variant,)


def norm_type(t):
    t = t.strip().strip("`")
    return TYPES.get(t, t)


def signature(cell):
    m = re.fullmatch(r"`([a-z_][a-z0-9_]*)\((.*)\)`", cell.strip())
    if not m:
        return None
    args = [norm_type(a) for a in m.group(2).split(",") if a.strip()]
    return "%s(%s)" % (m.group(1), ",".join(args))


# the tables of the README's Reference section (by their ### heading) and
# of docs/reference.md (by their ## heading); a heading may hold several
# tables with the same header row, and both files the same heading
readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
sections = [(readme.split("\n## Reference\n", 1)[1].split("\n## ", 1)[0], "### "),
            (open(os.path.join(ROOT, "docs", "reference.md"), encoding="utf-8").read(), "## ")]
rows = {}
for text, mark in sections:
    heading, header = None, None
    for line in text.splitlines():
        if line.startswith(mark):
            heading, header = line[len(mark):].strip(), None
        elif line.startswith("| ") and not line.startswith("| ---") and heading:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None or cells == header:
                header = cells
            else:
                rows.setdefault(heading, []).append(dict(zip(header, cells)))
        elif not line.startswith("|"):
            header = None

# one database per version, then the newest by a plain CREATE EXTENSION
versions = set()
for f in glob.glob(os.path.join(ROOT, "ulid--*.sql")) + glob.glob(os.path.join(ROOT, "pg18", "ulid--*.sql")):
    versions.update(os.path.basename(f)[len("ulid--"):-len(".sql")].split("--"))
# only those this server has (the -pg18 ones, built into pg18/, are installed
# on 18 and later only)
available = {r[0] for r in psql("postgres", "SELECT version FROM pg_available_extension_versions WHERE name = 'ulid'")}
versions = sorted(versions & available, key=vkey)
major = int(psql("postgres", "SHOW server_version_num")[0][0]) // 10000


def elsewhere(r):
    """whether a row documents an object of later majors only"""
    m = re.search(r"on PostgreSQL (\d+) and later only", r.get("Description", ""))
    return m is not None and major < int(m.group(1))

MEMBERS = """
SELECT %s FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'ulid'
WHERE d.deptype = 'e' AND d.classid = '%s'::regclass"""
FUNCS = ("SELECT p.oid::regprocedure, p.prokind, p.provolatile, p.proparallel, p.proisstrict, "
         "p.proleakproof, p.prorettype::regtype FROM pg_proc p WHERE p.oid IN (%s)"
         % (MEMBERS % ("d.objid", "pg_proc")))
OPS = ("SELECT o.oid::regoperator, o.oprcode, o.oprcanhash, o.oprcanmerge FROM pg_operator o "
       "WHERE o.oid IN (%s)" % (MEMBERS % ("d.objid", "pg_operator")))
CASTS = ("SELECT c.castsource::regtype, c.casttarget::regtype, c.castcontext FROM pg_cast c "
         "WHERE c.oid IN (%s)" % (MEMBERS % ("d.objid", "pg_cast")))
OPCLASSES = ("SELECT am.amname, c.opcname, c.opcdefault FROM pg_opclass c "
             "JOIN pg_am am ON am.oid = c.opcmethod WHERE c.oid IN (%s)"
             % (MEMBERS % ("d.objid", "pg_opclass")))

since = {}      # object key -> first version that has it
for v in versions:
    db = "ulid_docs_" + re.sub(r"\W", "_", v)
    psql("postgres", "DROP DATABASE IF EXISTS %s" % db)
    psql("postgres", "CREATE DATABASE %s" % db)
    psql(db, "CREATE EXTENSION ulid VERSION '%s'" % v)
    keys = ([("f", r[0]) for r in psql(db, FUNCS)] + [("o", r[0]) for r in psql(db, OPS)]
            + [("c", r[0], r[1]) for r in psql(db, CASTS)] + [("k", r[0], r[1]) for r in psql(db, OPCLASSES)])
    for k in keys:
        since.setdefault(k, v)
    psql("postgres", "DROP DATABASE %s" % db)

psql("postgres", "DROP DATABASE IF EXISTS ulid_docs")
psql("postgres", "CREATE DATABASE ulid_docs")
psql("ulid_docs", "CREATE EXTENSION ulid")
funcs = {r[0]: r for r in psql("ulid_docs", FUNCS)}
ops = {r[0]: r for r in psql("ulid_docs", OPS)}
casts = {(r[0], r[1]): r for r in psql("ulid_docs", CASTS)}
opclasses = {(r[0], r[1]): r for r in psql("ulid_docs", OPCLASSES)}
psql("postgres", "DROP DATABASE ulid_docs")

yn = {"yes": "t", "no": "f"}

# functions and aggregates
documented = set()
for table, kind in (("Functions", "f"), ("Aggregates", "a")):
    col = "Function" if kind == "f" else "Aggregate"
    for r in rows.get(table, []):
        sig = signature(r[col])
        check(sig is not None, "%s row %r: not a signature" % (table, r[col]))
        if sig is None:
            continue
        documented.add(sig)
        if elsewhere(r):
            continue
        if sig not in funcs:
            check(False, "%s: %s is not in the catalog" % (table, sig))
            continue
        _, prokind, vol, par, strict, leak, ret = funcs[sig]
        check(prokind == kind, "%s: %s is of kind %s" % (table, sig, prokind))
        check(r["Volatility"] == vol, "%s: volatility %s, catalog %s" % (sig, r["Volatility"], vol))
        check(r["Parallel"] == par, "%s: parallel %s, catalog %s" % (sig, r["Parallel"], par))
        if kind == "f":
            check(yn.get(r["Strict"]) == strict, "%s: strict %s, catalog %s" % (sig, r["Strict"], strict))
            check(yn.get(r["Leakproof"]) == leak, "%s: leakproof %s, catalog %s" % (sig, r["Leakproof"], leak))
            check(norm_type(r["Returns"]) == ret, "%s: returns %s, catalog %s" % (sig, r["Returns"], ret))
        check(r["Since"] == since.get(("f", sig)), "%s: since %s, first in %s" % (sig, r["Since"], since.get(("f", sig))))
for sig in funcs:
    check(sig in documented, "function %s has no row in README.md or docs/reference.md" % sig)

# operators: "ulid = uuid" is =(ulid,uuid)
documented = set()
for r in rows.get("Operators", []):
    m = re.fullmatch(r"`(\w+) (\S+) (\w+)`", r["Operator"])
    check(m is not None, "Operators row %r" % r["Operator"])
    if not m:
        continue
    key = "%s(%s,%s)" % (m.group(2), m.group(1), m.group(3))
    documented.add(key)
    check(key in ops, "operator %s is not in the catalog" % key)
    if key not in ops:
        continue
    _, code, hashes, merges = ops[key]
    check(r["Function"] == "`%s`" % code, "%s: function %s, catalog %s" % (key, r["Function"], code))
    check(yn.get(r["Hashes"]) == hashes, "%s: hashes %s, catalog %s" % (key, r["Hashes"], hashes))
    check(yn.get(r["Merges"]) == merges, "%s: merges %s, catalog %s" % (key, r["Merges"], merges))
    check(r["Since"] == since.get(("o", key)), "%s: since %s, first in %s" % (key, r["Since"], since.get(("o", key))))
for key in ops:
    check(key in documented, "operator %s has no row in README.md or docs/reference.md" % key)

# casts
contexts = {"explicit": "e", "assignment": "a", "implicit": "i"}
documented = set()
for r in rows.get("Casts", []):
    key = (norm_type(r["From"]), norm_type(r["To"]))
    documented.add(key)
    check(key in casts, "cast %s -> %s is not in the catalog" % key)
    if key in casts:
        check(contexts.get(r["Context"]) == casts[key][2], "cast %s -> %s: context %s" % (key + (r["Context"],)))
        check(r["Since"] == since.get(("c",) + key), "cast %s -> %s: since %s" % (key + (r["Since"],)))
for key in casts:
    check(key in documented, "cast %s -> %s has no row in README.md or docs/reference.md" % key)

# operator classes
documented = set()
for r in rows.get("Operator classes", []):
    key = (r["Index"].lower(), r["Class"].strip("`"))
    documented.add(key)
    if key not in opclasses:
        check(False, "opclass %s %s is not in the catalog" % key)
        continue
    check(yn.get(r["Default"]) == opclasses[key][2], "opclass %s %s: default %s" % (key + (r["Default"],)))
    check(r["Since"] == since.get(("k",) + key), "opclass %s %s: since %s" % (key + (r["Since"],)))
for key in opclasses:
    check(key in documented, "opclass %s %s has no row in README.md or docs/reference.md" % key)

print("docs: checked %d functions, %d operators, %d casts, %d operator classes over versions %s"
      % (len(funcs), len(ops), len(casts), len(opclasses), ", ".join(versions)))
print("docs: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
