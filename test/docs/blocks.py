#!/usr/bin/python3
"""Runs the SQL blocks of README.md and of the user guides in docs/ in psql.

Each ```sql block runs as written, with ON_ERROR_STOP, in a database of
its own made for it, against the server that PG* name.  The database has
the extension already, unless the block creates it, or the SQL edition
ulid_sql (docs/sql-edition.md), itself.  HTML comments
just before a block (invisible on the rendered page) say more:

  <!-- name: orders -->      other blocks can name this one as a prerequisite
  <!-- needs: orders -->     runs the named blocks first, in the same database
  <!-- major: 18 -->         runs only on that major or later (else skipped)
  <!-- preload -->           needs ulid in shared_preload_libraries before 17
                             (skipped where the server lacks it)
  <!-- tested-by: FILE -->   not run here: it needs what a database made
                             here lacks (a form of ulid_sql installed by a
                             script, pg_tle, a second server), and FILE,
                             which must name the block, runs it as written;
                             a block of another language (```sh) is checked
                             only so, and only when it has this mark

A statement whose last line ends in "-- → X" is checked: its result rows,
each as psql -At prints it (columns joined by "|"), joined by ", ", must
equal X; "-- → … X …" asks only that X occur in them, and "-- → ERROR
22P02" that the statement fail with that SQLSTATE (the block then goes on).

Prints "docs_blocks: N passed, N failed".
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FILES = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
# docs/ holds the user guides and the maintainers' documents; only the former
# are meant to be run (the latter quote SQL as part of an argument)
GUIDES = ("applications.md", "migrating.md", "monotonic.md", "partitioning.md", "reference.md", "sql-edition.md",
          "uuidv7-typeid.md")
FILES = [f for f in FILES if os.path.basename(f) in GUIDES or f.endswith("README.md")]

passed = failed = skipped = elsewhere = 0
# the README shows times in UTC
ENV = dict(os.environ, PGOPTIONS="-c client_min_messages=warning", PGTZ="UTC")


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED: " + what)
        if detail:
            print("  " + detail.rstrip().replace("\n", "\n  "))


def psql(db, sql, check_rc=True):
    r = subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", db],
                       input=sql, capture_output=True, text=True, env=ENV)
    if check_rc and r.returncode:
        raise RuntimeError(r.stderr)
    return r


def blocks(path):
    """The ```sql blocks of a file, and the others marked tested-by: (line,
    text, {marker: value})."""
    out, marks, lines = [], {}, open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.fullmatch(r"\s*<!-- (name|needs|major|preload|tested-by)(?:: (.*?))? -->\s*", line)
        if m:
            marks[m.group(1)] = (m.group(2) or "").strip()
        elif re.fullmatch(r"\s*```sql\s*", line) or (re.fullmatch(r"\s*```\w+\s*", line) and "tested-by" in marks):
            indent = len(line) - len(line.lstrip())
            start, body = i + 1, []
            i += 1
            while not lines[i].strip().startswith("```"):
                body.append(lines[i][indent:])
                i += 1
            out.append((start, "\n".join(body) + "\n", marks))
            marks = {}
        elif line.strip():
            marks = {} if not line.lstrip().startswith("<!--") else marks
        i += 1
    return out


def statements(text):
    """Splits a block into statements (a list of lines each), keeping
    dollar-quoted bodies and psql's backslash commands whole."""
    stmts, cur, dollar = [], [], False
    for line in text.splitlines():
        cur.append(line)
        code = line.split("--", 1)[0] if not dollar else line
        dollar ^= line.count("$$") % 2 == 1
        if dollar:
            continue
        if line.lstrip().startswith("\\") or code.rstrip().endswith(";"):
            stmts.append(cur)
            cur = []
    if any(s.strip() for s in cur):
        stmts.append(cur)
    return stmts


def instrument(text):
    """The block with each checked statement framed by markers; returns the
    script and the list of expectations."""
    out, expect = [], []
    for stmt in statements(text):
        m = re.search(r"--\s*→\s*(.*?)\s*$", stmt[-1])
        if not m:
            out.extend(stmt)
            continue
        n = len(expect)
        expect.append((m.group(1), " ".join(s.strip() for s in stmt)))
        err = m.group(1).startswith("ERROR")
        out.append("\\echo @@BEGIN %d" % n)
        if err:
            out.append("\\set ON_ERROR_STOP 0")
        out.extend(stmt)
        if err:
            out.append("\\set ON_ERROR_STOP 1")
            out.append("\\echo ERROR :SQLSTATE")
        out.append("\\echo @@END %d" % n)
    return "\n".join(out) + "\n", expect


major = int(psql("postgres", "SHOW server_version_num").stdout.strip()) // 10000
preloaded = "ulid" in psql("postgres", "SHOW shared_preload_libraries").stdout
named = {}
count = 0
for path in FILES:
    rel = os.path.relpath(path, ROOT)
    for line, text, marks in blocks(path):
        where = "%s:%d" % (rel, line)
        if "name" in marks:
            named[marks["name"]] = text
        if "tested-by" in marks:
            runner = os.path.join(ROOT, marks["tested-by"])
            check("name" in marks and os.path.isfile(runner) and marks["name"] in open(runner).read(),
                  "%s: %s runs no block of that name" % (where, marks["tested-by"]))
            elsewhere += 1
            continue
        if "major" in marks and major < int(marks["major"]):
            skipped += 1
            continue
        if "preload" in marks and major < 17 and not preloaded:
            skipped += 1
            continue
        count += 1
        db = "ulid_docs_block_%d" % count
        psql("postgres", "DROP DATABASE IF EXISTS %s;\nCREATE DATABASE %s;\n" % (db, db))
        try:
            pre = ""
            for name in marks.get("needs", "").split():
                if name not in named:
                    check(False, "%s: needs %r, which no earlier block is named" % (where, name))
                    continue
                pre += named[name]
            # a block that creates ulid, or the SQL edition ulid_sql, gets neither from here
            if not re.search(r"^CREATE EXTENSION (IF NOT EXISTS )?ulid(_sql)?\b", pre + text, re.M):
                psql(db, "CREATE EXTENSION ulid;\n")
            if pre:
                r = psql(db, pre, check_rc=False)
                check(r.returncode == 0, "%s: its prerequisites fail" % where, r.stderr)
            script, expect = instrument(text)
            r = psql(db, script, check_rc=False)
            check(r.returncode == 0, "%s: the block fails in psql" % where, r.stderr)
            got = {}
            for m in re.finditer(r"^@@BEGIN (\d+)\n(.*?)^@@END \1$", r.stdout, re.S | re.M):
                got[int(m.group(1))] = ", ".join(m.group(2).splitlines())
            for n, (want, stmt) in enumerate(expect):
                have = got.get(n)
                if want.startswith("…") and want.endswith("…"):
                    ok = have is not None and want.strip("… ") in have
                else:
                    ok = have == want
                check(ok, "%s: %s" % (where, stmt[:100]), "want: %s\nhave: %s" % (want, have))
        finally:
            psql("postgres", "DROP DATABASE IF EXISTS %s;\n" % db, check_rc=False)

print("docs_blocks: ran %d blocks of %s on PostgreSQL %d (%d skipped there, %d run by other suites)"
      % (count, ", ".join(os.path.relpath(f, ROOT) for f in FILES), major, skipped, elsewhere))
print("docs_blocks: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
