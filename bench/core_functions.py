#!/usr/bin/python3
"""ulid's own comparison, sort support and hash functions against core's
uuid functions called on the same 16 bytes, side by side in one cluster.

Two databases hold the same rows (COPY BINARY from one file):

  ours  CREATE EXTENSION ulid, as released;
  core  the same, then every ulid function that core's uuid.c has an equal
        of made LANGUAGE internal by CREATE OR REPLACE FUNCTION (CORE_SQL
        below): the operators, btree, hash and BRIN classes are the same
        catalog objects, now running core's code.

The classes stay the defaults, so every workload is the same query text in
both databases; a non-default class could not serve GROUP BY, which always
takes the type's default classes.

Part 1 writes facts.txt: the catalog rows of both sides, then whether each
ulid function gives what its core equal gives over random and edge values,
and the trace_sort lines of one sort in each database.  Part 2 times the
workloads, ROUNDS rounds interleaved (each round alternates which database
goes first), and writes times.json and core_functions.md (medians, ranges,
ours / core).

Part 3 (core_functions.py callgrind OUT_DIR, with the server stopped)
counts the instructions of the main queries with callgrind, in a
single-user backend (BENCH_POSTGRES: the command that starts one on the
cluster, without the database name; BENCH_RUN_AS: what runs it as the
cluster's owner) and appends them to core_functions.md.

Usage: core_functions.py OUT_DIR.  PGHOST and friends must point at a
throwaway cluster; BENCH_DATA_DIR is a folder the server can write (for the
COPY file).  BENCH_ROUNDS (5) and BENCH_SCALE (1) shorten a trial.
"""

import json
import os
import statistics
import subprocess
import sys

sys.dont_write_bytecode = True     # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sql_bench import Psql, interleaved, rows, ROUNDS  # noqa: E402

DBS = ["ours", "core"]

# ulid function -> the core function computing the same thing on the same
# bytes; the 1.1 cross-type functions name the same C symbols as 1.0's
CORE_EQUALS = [
    ("ulid_lt(ulid, ulid)", "uuid_lt"),
    ("ulid_le(ulid, ulid)", "uuid_le"),
    ("ulid_eq(ulid, ulid)", "uuid_eq"),
    ("ulid_ne(ulid, ulid)", "uuid_ne"),
    ("ulid_ge(ulid, ulid)", "uuid_ge"),
    ("ulid_gt(ulid, ulid)", "uuid_gt"),
    ("ulid_cmp(ulid, ulid)", "uuid_cmp"),
    ("ulid_sortsupport(internal)", "uuid_sortsupport"),
    ("ulid_hash(ulid)", "uuid_hash"),
    ("ulid_hash_extended(ulid, int8)", "uuid_hash_extended"),
] + [
    ("%s_%s_%s(%s, %s)" % (a, op, b, a, b), "uuid_" + op)
    for a, b in (("ulid", "uuid"), ("uuid", "ulid"))
    for op in ("lt", "le", "eq", "ne", "ge", "gt", "cmp")
]


def core_sql():
    """CREATE OR REPLACE FUNCTION for every pair of CORE_EQUALS, keeping
    each function's result type and labels (LEAKPROOF where it had it)."""
    stmts = []
    for sig, core in CORE_EQUALS:
        name, args = sig.split("(")
        ret = {"sortsupport": "void", "hash": "int4", "hash_extended": "int8",
               "cmp": "int4"}.get(core[len("uuid_"):], "bool")
        leak = " LEAKPROOF" if ret in ("bool",) or core == "uuid_cmp" else ""
        stmts.append(
            "CREATE OR REPLACE FUNCTION %s(%s RETURNS pg_catalog.%s LANGUAGE internal "
            "IMMUTABLE STRICT%s PARALLEL SAFE AS '%s';" % (name, args, ret, leak, core))
    return "\n".join(stmts)


class Db(Psql):
    """A psql session on one database."""

    def __init__(self, dbname):
        self.dbname = dbname
        self.proc = subprocess.Popen(
            ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", dbname],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)


SESSION = """
SET jit = off;
SET max_parallel_workers_per_gather = 0;
SET max_parallel_maintenance_workers = 0;
SET maintenance_work_mem = '1GB';
SET work_mem = '1GB';
"""


def setup(data_dir):
    n5, n1, nprobe = rows(5000000), rows(1000000), rows(200000)
    admin = Db("postgres")
    for db in DBS:
        admin.run("DROP DATABASE IF EXISTS %s" % db)
        admin.run("CREATE DATABASE %s" % db)
    admin.close()
    dbs = {db: Db(db) for db in DBS}
    for db in DBS:
        dbs[db].run("CREATE EXTENSION ulid")
    dbs["core"].run(core_sql())
    # the rows, made once in ours and copied: gen_ulid() order, and
    # shuffled orders of the same values (setseed: the same shuffle each run)
    o = dbs["ours"]
    o.run("SELECT setseed(0.5)")
    o.run("CREATE UNLOGGED TABLE src (n int8, id ulid)")
    o.run("INSERT INTO src SELECT g, gen_ulid() FROM generate_series(1, %d) g" % n5)
    o.run("ALTER TABLE src ADD COLUMN r1 float8, ADD COLUMN r2 float8, ADD COLUMN r3 float8")
    o.run("UPDATE src SET r1 = random(), r2 = random(), r3 = random()")
    o.run("COPY src TO '%s/src.bin' WITH (FORMAT binary)" % data_dir)
    for db in DBS:
        d = dbs[db]
        if db != "ours":
            d.run("CREATE UNLOGGED TABLE src (n int8, id ulid, r1 float8, r2 float8, r3 float8)")
            d.run("COPY src FROM '%s/src.bin' WITH (FORMAT binary)" % data_dir)
        d.run("""
CREATE UNLOGGED TABLE gen5m AS SELECT id FROM src ORDER BY n;
CREATE UNLOGGED TABLE shuf5m AS SELECT id FROM src ORDER BY r1;
CREATE UNLOGGED TABLE shuf1m AS SELECT id FROM src WHERE n <= %d ORDER BY r2;
CREATE UNLOGGED TABLE shuf1m_b AS SELECT id FROM src WHERE n <= %d ORDER BY r3;
CREATE UNLOGGED TABLE probes AS SELECT id FROM src ORDER BY r3 LIMIT %d;
DROP TABLE src;
CREATE INDEX gen5m_lookup ON gen5m (id);
VACUUM ANALYZE;""" % (n1, n1, nprobe))
        d.run("CHECKPOINT")
    os.remove(os.path.join(data_dir, "src.bin"))
    return dbs


def equivalence(d):
    """Lines of facts: each ulid function against its core equal."""
    out = []
    # edge values: the extremes and one byte set at each position, all
    # pairs of them; random pairs; generated ULIDs, which share prefixes
    d.run("""
CREATE TEMP TABLE edge (u uuid);
INSERT INTO edge VALUES ('00000000-0000-0000-0000-000000000000'),
                        ('ffffffff-ffff-ffff-ffff-ffffffffffff');
INSERT INTO edge
  SELECT encode(set_byte('\\x00000000000000000000000000000000'::bytea, pos, val), 'hex')::uuid
  FROM generate_series(0, 15) pos, (VALUES (1), (127), (128), (255)) v(val);
INSERT INTO edge
  SELECT encode(set_byte('\\xffffffffffffffffffffffffffffffff'::bytea, pos, val), 'hex')::uuid
  FROM generate_series(0, 15) pos, (VALUES (0), (127), (128), (254)) v(val);
CREATE TEMP TABLE pairs (a uuid, b uuid);
INSERT INTO pairs SELECT x.u, y.u FROM edge x, edge y;
INSERT INTO pairs SELECT gen_random_uuid(), gen_random_uuid() FROM generate_series(1, 1000000);
INSERT INTO pairs SELECT a, a FROM pairs WHERE a IS NOT NULL LIMIT 100000;
INSERT INTO pairs SELECT g.id::uuid, lead(g.id::uuid) OVER (ORDER BY g.id)
  FROM (SELECT id FROM gen5m LIMIT 1000000) g;
DELETE FROM pairs WHERE b IS NULL;
""")
    out.append("pairs compared: %s (of them equal: %s, a < b: %s)" % tuple(
        d.value("SELECT count(*) || '|' || count(*) FILTER (WHERE a = b) || '|' || "
                "count(*) FILTER (WHERE a < b) FROM pairs").split("|")))
    checks = []
    for op, sym in (("lt", "<"), ("le", "<="), ("eq", "="), ("ne", "<>"), ("ge", ">="), ("gt", ">")):
        checks.append(("ulid_%s(a, b) = uuid_%s(a, b)" % (op, op),
                       "ulid_%s(a::ulid, b::ulid) IS DISTINCT FROM uuid_%s(a, b)" % (op, op)))
        checks.append(("ulid_%s_uuid, uuid_%s_ulid = uuid_%s" % (op, op, op),
                       "ulid_%s_uuid(a::ulid, b) IS DISTINCT FROM uuid_%s(a, b) OR "
                       "uuid_%s_ulid(a, b::ulid) IS DISTINCT FROM uuid_%s(a, b)" % (op, op, op, op)))
        checks.append(("a::ulid %s b::ulid = a %s b" % (sym, sym),
                       "(a::ulid %s b::ulid) IS DISTINCT FROM (a %s b)" % (sym, sym)))
    checks.append(("sign(ulid_cmp) = sign(uuid_cmp)",
                   "ulid_cmp(a::ulid, b::ulid) <> sign(uuid_cmp(a, b))"))
    checks.append(("sign(ulid_cmp_uuid), sign(uuid_cmp_ulid) = sign(uuid_cmp)",
                   "ulid_cmp_uuid(a::ulid, b) <> sign(uuid_cmp(a, b)) OR "
                   "uuid_cmp_ulid(a, b::ulid) <> sign(uuid_cmp(a, b))"))
    checks.append(("ulid_cmp = uuid_cmp (the value, not its sign)",
                   "ulid_cmp(a::ulid, b::ulid) <> uuid_cmp(a, b)"))
    checks.append(("ulid_hash(a) = uuid_hash(a)", "ulid_hash(a::ulid) <> uuid_hash(a)"))
    # 0; 42; -1; the extremes; hash partitioning's seed (HASH_PARTITION_SEED)
    for seed in ("0", "42", "-1", "9223372036854775807", "-9223372036854775808",
                 "8816678312871386365"):
        checks.append(("ulid_hash_extended(a, %s) = uuid_hash_extended(a, %s)" % (seed, seed),
                       "ulid_hash_extended(a::ulid, %s) <> uuid_hash_extended(a, %s)" % (seed, seed)))
    # outside the classes: the binary output and the bytea cast
    checks.append(("ulid_send(a) = uuid_send(a)", "ulid_send(a::ulid) <> uuid_send(a)"))
    checks.append(("ulid_to_bytea(a) = uuid_send(a)", "ulid_to_bytea(a::ulid) <> uuid_send(a)"))
    sql = "SELECT " + ", ".join("count(*) FILTER (WHERE %s)" % c for _, c in checks) + " FROM pairs"
    counts = d.value(sql).split("|")
    out.append("")
    out.append("| check | pairs that differ |")
    out.append("|---|---:|")
    for (label, _), n in zip(checks, counts):
        out.append("| %s | %s |" % (label, n))
    out.append("")
    out.append("uuid_cmp's values over the pairs: %s" % d.value(
        "SELECT 'min ' || min(c) || ', max ' || max(c) || ', distinct ' || count(DISTINCT c) "
        "FROM (SELECT uuid_cmp(a, b) c FROM pairs) s"))
    out.append("ulid_cmp's values over the pairs: %s" % d.value(
        "SELECT string_agg(c::text, ', ' ORDER BY c) FROM (SELECT DISTINCT ulid_cmp(a::ulid, b::ulid) c FROM pairs) s"))
    out.append("NULL arguments: %s" % d.value(
        "SELECT 'ulid_cmp(NULL, x) IS NULL: ' || (ulid_cmp(NULL, '00000000000000000000000000') IS NULL) "
        "|| ', uuid_cmp(NULL, x) IS NULL: ' || (uuid_cmp(NULL, gen_random_uuid()) IS NULL)"))
    d.run("DROP TABLE pairs, edge")
    return out


def catalog(d):
    """The catalog rows of ulid's functions and their core equals."""
    lines = ["| ulid function | language, symbol | leakproof, strict, volatility, parallel "
             "| core equal | language | leakproof, strict, volatility, parallel |",
             "|---|---|---|---|---|---|"]
    for sig, core in CORE_EQUALS:
        ours = d.value(
            "SELECT l.lanname || ', ' || p.prosrc || '|' || p.proleakproof || ', ' || p.proisstrict "
            "|| ', ' || p.provolatile::text || ', ' || p.proparallel::text FROM pg_proc p "
            "JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = '%s'::regprocedure" % sig)
        theirs = d.value(
            "SELECT l.lanname || '|' || p.proleakproof || ', ' || p.proisstrict "
            "|| ', ' || p.provolatile::text || ', ' || p.proparallel::text FROM pg_proc p "
            "JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = '%s' "
            "AND p.pronamespace = 'pg_catalog'::regnamespace" % core)
        lines.append("| %s | %s | %s | %s |" % (sig, ours.replace("|", " | "), core,
                                                 theirs.replace("|", " | ")))
    return lines


def sort_trace(d):
    """The trace_sort lines of the abbreviated-key check during one sort."""
    d.run("SET trace_sort = on; SET client_min_messages = log")
    out = d.run("SELECT id FROM shuf1m ORDER BY id OFFSET %d" % rows(1000000))
    d.run("RESET trace_sort; RESET client_min_messages")
    return [l for l in out if "abbrev" in l]


def facts(dbs, out_dir):
    lines = ["# Facts: ulid's functions and core's uuid functions",
             "", "Server: " + dbs["ours"].value("SELECT version()"), "",
             "## Catalog (database ours, as released)", ""]
    lines += catalog(dbs["ours"])
    lines += ["", "## Catalog (database core, after CORE_SQL)", ""]
    lines += catalog(dbs["core"])
    lines += ["", "## Same results on the same bytes (database ours)", ""]
    lines += equivalence(dbs["ours"])
    lines += ["", "## Sorts give the same order", ""]
    sums = {db: dbs[db].value(
        "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM shuf1m") for db in DBS}
    for db in DBS:
        lines.append("md5 of shuf1m in ORDER BY id, database %s: %s" % (db, sums[db]))
    lines += ["", "## Abbreviated keys (trace_sort, one in-memory sort of shuf1m)", ""]
    for db in DBS:
        for l in sort_trace(dbs[db]):
            lines.append("%s: %s" % (db, l))
    with open(os.path.join(out_dir, "facts.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")


# name -> (settings, query); every query runs in both databases
WORKLOADS = {
    "CREATE INDEX, 5M generated": (
        "", "CREATE INDEX bench_idx ON gen5m (id)"),
    "CREATE INDEX, 5M shuffled": (
        "", "CREATE INDEX bench_idx ON shuf5m (id)"),
    "ORDER BY, 1M shuffled, work_mem 1GB": (
        "SET work_mem = '1GB'", "SELECT id FROM shuf1m ORDER BY id OFFSET %d"),
    "ORDER BY, 1M shuffled, work_mem 4MB": (
        "SET work_mem = '4MB'", "SELECT id FROM shuf1m ORDER BY id OFFSET %d"),
    "point lookups, 200k probes (nested loop)": (
        "SET enable_hashjoin = off; SET enable_mergejoin = off; SET enable_bitmapscan = off",
        "SELECT count(*) FROM probes p JOIN gen5m t ON t.id = p.id"),
    "hash join, 1M x 1M": (
        "SET enable_mergejoin = off; SET enable_nestloop = off",
        "SELECT count(*) FROM shuf1m a JOIN shuf1m_b b ON a.id = b.id"),
    "hash aggregate, 1M": (
        "SET enable_sort = off",
        "SELECT count(*) FROM (SELECT id FROM shuf1m GROUP BY id) s"),
}
# the same two with JIT, inlining forced: core's functions have bitcode in
# the server's bitcode folder, ulid's have none (its package ships none)
JIT = "SET jit = on; SET jit_above_cost = 0; SET jit_inline_above_cost = 0; " \
      "SET jit_optimize_above_cost = 0"
WORKLOADS["hash join, 1M x 1M, JIT inlining"] = (
    WORKLOADS["hash join, 1M x 1M"][0] + "; " + JIT, WORKLOADS["hash join, 1M x 1M"][1])
WORKLOADS["hash aggregate, 1M, JIT inlining"] = (
    WORKLOADS["hash aggregate, 1M"][0] + "; " + JIT, WORKLOADS["hash aggregate, 1M"][1])
RESET = "RESET enable_hashjoin; RESET enable_mergejoin; RESET enable_bitmapscan; " \
        "RESET enable_nestloop; RESET enable_sort; SET work_mem = '1GB'; SET jit = off; " \
        "RESET jit_above_cost; RESET jit_inline_above_cost; RESET jit_optimize_above_cost"


def query(w):
    q = WORKLOADS[w][1]
    return q % rows(1000000) if "%d" in q else q


def plans(dbs, out_dir):
    lines = []
    for w, (settings, _) in WORKLOADS.items():
        if w.startswith("CREATE INDEX"):
            continue
        for db in DBS:
            d = dbs[db]
            if settings:
                d.run(settings)
            plan = d.run("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) " + query(w))
            d.run(RESET)
            lines += ["## %s: %s" % (w, db), ""] + ["    " + l for l in plan] + [""]
    with open(os.path.join(out_dir, "plans.txt"), "w") as fh:
        fh.write("\n".join(lines))


def timings(dbs):
    results = {}
    for w, (settings, _) in WORKLOADS.items():
        def measure(db):
            d = dbs[db]
            if settings:
                d.run(settings)
            ms = d.timed(query(w))
            d.run(RESET)
            if w.startswith("CREATE INDEX"):
                d.run("DROP INDEX bench_idx")
            return ms
        results[w] = interleaved(DBS, measure)
        print("  %s: ours %.1f, core %.1f ms (medians)" % (
            w, statistics.median(results[w]["ours"]), statistics.median(results[w]["core"])),
            flush=True)
    return results


def report(results, out_dir, version):
    lines = ["# ulid's functions against core's uuid functions", "",
             "Server: %s. %d rounds, interleaved; ms are medians of psql's `\\timing`; "
             "ratio = median ours / median core." % (version, ROUNDS), "",
             "| workload | ours (ms) | min–max | core (ms) | min–max | ours / core |",
             "|---|---:|---:|---:|---:|---:|"]
    for w, r in results.items():
        mo, mc = statistics.median(r["ours"]), statistics.median(r["core"])
        lines.append("| %s | %.1f | %.1f–%.1f | %.1f | %.1f–%.1f | %.3f |" % (
            w, mo, min(r["ours"]), max(r["ours"]), mc, min(r["core"]), max(r["core"]), mo / mc))
    with open(os.path.join(out_dir, "core_functions.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")


# Part 3: instructions, which the machine's load does not change.  The
# server is stopped; a single-user backend under callgrind runs each query
# once in each database, at 1M rows where the timed workload has 5M.
CALLGRIND = {
    "CREATE INDEX, 1M shuffled": (
        "", "CREATE INDEX bench_idx ON shuf1m (id)"),
    "ORDER BY, 1M shuffled, work_mem 1GB": WORKLOADS["ORDER BY, 1M shuffled, work_mem 1GB"],
    "ORDER BY, 1M shuffled, work_mem 4MB": WORKLOADS["ORDER BY, 1M shuffled, work_mem 4MB"],
    "point lookups, 200k probes (nested loop)": WORKLOADS["point lookups, 200k probes (nested loop)"],
    "hash join, 1M x 1M": WORKLOADS["hash join, 1M x 1M"],
    "hash aggregate, 1M": WORKLOADS["hash aggregate, 1M"],
}


def callgrind(out_dir):
    """Instructions of each CALLGRIND query in each database: the whole
    single-user session (start, settings, query, exit), whose start and exit
    are the same in both databases."""
    run_as = os.environ.get("BENCH_RUN_AS", "").split()
    backend = os.environ["BENCH_POSTGRES"].split()
    work = os.environ["BENCH_DATA_DIR"]
    totals, top = {}, []
    for w, (settings, q) in CALLGRIND.items():
        q = q % rows(1000000) if "%d" in q else q
        totals[w] = {}
        for db in DBS:
            stmts = [l.strip() for l in (SESSION + settings).replace(";", ";\n").split("\n") if l.strip()]
            stmts.append(q + ";")
            if w.startswith("CREATE INDEX"):
                stmts.append("DROP INDEX bench_idx;")
            cg = os.path.join(work, "callgrind.out")
            subprocess.run(run_as + ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg]
                           + backend + [db], input="\n".join(stmts) + "\n", text=True, cwd=work,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            ann = subprocess.run(["callgrind_annotate", cg], capture_output=True, text=True,
                                 check=True).stdout.splitlines()
            os.remove(cg)
            total = next(int(l.split()[0].replace(",", "")) for l in ann if "PROGRAM TOTALS" in l)
            totals[w][db] = total
            # the ten functions with the most instructions of their own
            i = next(n for n, l in enumerate(ann) if "file:function" in l)
            top += ["## %s: %s" % (w, db), ""] + ["    " + l for l in ann[i + 2:i + 12]] + [""]
            print("  %s, %s: %d instructions" % (w, db, total), flush=True)
    with open(os.path.join(out_dir, "callgrind.txt"), "w") as fh:
        fh.write("\n".join(top))
    with open(os.path.join(out_dir, "callgrind.json"), "w") as fh:
        json.dump(totals, fh, indent=1)
    lines = ["", "Instructions (callgrind, a single-user backend per query and database, "
             "the whole session; the ten costliest functions of each are in callgrind.txt):", "",
             "| workload | ours | core | ours / core |", "|---|---:|---:|---:|"]
    for w, t in totals.items():
        lines.append("| %s | %s | %s | %.4f |" % (w, format(t["ours"], ","), format(t["core"], ","),
                                                  t["ours"] / t["core"]))
    with open(os.path.join(out_dir, "core_functions.md"), "a") as fh:
        fh.write("\n".join(lines) + "\n")


def main():
    if sys.argv[1] == "callgrind":
        callgrind(sys.argv[2])
        return
    out_dir = sys.argv[1]
    data_dir = os.environ["BENCH_DATA_DIR"]
    print("  setting up the databases ours and core", flush=True)
    dbs = setup(data_dir)
    for d in dbs.values():
        d.run(SESSION)
    print("  part 1: facts", flush=True)
    facts(dbs, out_dir)
    plans(dbs, out_dir)
    print("  part 2: %d interleaved rounds" % ROUNDS, flush=True)
    results = timings(dbs)
    version = dbs["ours"].value("SELECT version()")
    with open(os.path.join(out_dir, "times.json"), "w") as fh:
        json.dump({"version": version, "rounds": ROUNDS, "scale": float(os.environ.get("BENCH_SCALE", "1")),
                   "core_sql": core_sql(), "ms": results}, fh, indent=1)
    report(results, out_dir, version)
    for d in dbs.values():
        d.close()


if __name__ == "__main__":
    main()
