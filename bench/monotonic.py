#!/usr/bin/python3
"""Benchmarks of gen_monotonic_ulid(), the cluster-wide generator, with
the keys it competes with, in one cluster that bench/monotonic.sh starts.

1. Per-call cost: SELECT count(f()) FROM generate_series(1, 2M); net of
   count(*).  Target: net gen_monotonic_ulid() <= 1.5 x net gen_ulid().
   And the system calls of one backend during 1M calls (strace -c).
2. Single-row inserts: pgbench -c 2 -j 2 -M prepared, each transaction one
   INSERT into a logged table whose key comes from its default (identity,
   gen_random_uuid(), gen_ulid(), gen_monotonic_ulid(), uuidv7() on 18);
   synchronous_commit = off, as a commit's flush (about 4 ms on this disk)
   would hide every difference.  tps, medians of ROUNDS interleaved runs.
3. Scaling: pgbench -c 1 and -c 2, each transaction 10,000 calls;
   count(*) (the floor), gen_ulid() (no shared state) and
   gen_monotonic_ulid() (the compare-and-swap on the shared word).
4. WAL: WAL_ROWS rows by INSERT ... SELECT in batches of 100,000, one
   transaction each, into a logged table of each key, in two shapes:
   narrow (key, an int) and event (key, created_at, a 96-character
   payload); checkpoint_timeout = 30s and max_wal_size = 256MB, so that
   checkpoints come every 30 s or 256MB of WAL, whichever first, several
   in every run.  WAL bytes per row from pg_current_wal_lsn(), full-page
   images from pg_stat_wal, checkpoints from the cumulative statistics.
   Targets: ulid <= 1.1 x identity and <= 0.5 x uuid v4.

Usage: monotonic.py OUT_DIR; writes monotonic.json and monotonic.md there.
PGHOST and friends point at the cluster.  BENCH_ROUNDS (5),
BENCH_PGBENCH_SECONDS (10), BENCH_WAL_ROWS (5000000), BENCH_WAL_ROUNDS (3)
and BENCH_PARTS (percall,syscalls,inserts,scaling,wal) shorten a trial.
"""

import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True     # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sql_bench import Psql, interleaved, has_uuidv7, traced, ROUNDS  # noqa: E402

PGBENCH_SECONDS = int(os.environ.get("BENCH_PGBENCH_SECONDS", "10"))
WAL_ROWS = int(os.environ.get("BENCH_WAL_ROWS", "5000000"))
WAL_ROUNDS = int(os.environ.get("BENCH_WAL_ROUNDS", "3"))
WAL_BATCH = 100000
PARTS = os.environ.get("BENCH_PARTS", "percall,syscalls,inserts,scaling,wal").split(",")

KEYS = {
    "bigint identity": "bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    "gen_random_uuid()": "uuid PRIMARY KEY DEFAULT gen_random_uuid()",
    "gen_ulid()": "ulid PRIMARY KEY DEFAULT gen_ulid()",
    "gen_monotonic_ulid()": "ulid PRIMARY KEY DEFAULT gen_monotonic_ulid()",
}


def keys(db):
    k = dict(KEYS)
    if has_uuidv7(db):
        k["uuidv7()"] = "uuid PRIMARY KEY DEFAULT uuidv7()"
    return k


def pgbench(script, clients, seconds, options=None):
    """tps of a pgbench run of script (SQL text)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as fh:
        fh.write(script + "\n")
    os.chmod(fh.name, 0o644)
    env = dict(os.environ)
    if options:
        env["PGOPTIONS"] = options
    try:
        out = subprocess.run(
            ["pgbench", "-n", "-M", "prepared", "-c", str(clients), "-j", str(clients),
             "-T", str(seconds), "-f", fh.name],
            check=True, capture_output=True, text=True, env=env).stdout
    finally:
        os.unlink(fh.name)
    m = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", out)
    if not m:
        raise RuntimeError("no tps in pgbench output:\n" + out)
    return float(m.group(1))


def per_call(db):
    n = 2000000
    calls = {"count(*)": "*", "gen_random_uuid()": "gen_random_uuid()",
             "gen_ulid()": "gen_ulid()", "gen_monotonic_ulid()": "gen_monotonic_ulid()"}
    db.run("SET work_mem = '256MB'")
    ms = interleaved(list(calls), lambda v: db.timed(
        "SELECT count(%s) FROM generate_series(1, %d)" % (calls[v], n)))
    db.run("RESET work_mem")
    return {"rows": n, "ms": ms}


def syscalls(db):
    """System calls of one backend during 1M calls, from strace -c."""
    n = 1000000
    query = "SELECT count(gen_monotonic_ulid()) FROM generate_series(1, %d)" % n
    db.run("SET work_mem = '256MB'")
    db.run(query)               # warm up: pool filled, catalogs cached
    proc, out = traced(db, lambda pid, o: ["strace", "-c", "-o", o, "-p", pid],
                       "attached", query)
    proc.send_signal(signal.SIGINT)
    proc.wait()
    with open(out) as fh:
        text = fh.read()
    os.unlink(out)
    db.run("RESET work_mem")
    calls = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) >= 5 and f[-1] not in ("syscall", "total") and f[3].isdigit():
            calls[f[-1]] = int(f[3])
    return {"calls": n, "syscalls": calls, "strace": text}


def inserts(db):
    k = keys(db)

    def measure(v):
        db.run("DROP TABLE IF EXISTS ins; CREATE TABLE ins (id %s, v int NOT NULL)" % k[v])
        db.run("CHECKPOINT")
        return pgbench("INSERT INTO ins (v) VALUES (1);", 2, PGBENCH_SECONDS,
                       "-c synchronous_commit=off")
    tps = interleaved(list(k), measure)
    db.run("DROP TABLE ins")
    return {"clients": 2, "seconds": PGBENCH_SECONDS, "synchronous_commit": "off", "tps": tps}


def scaling():
    calls = 10000
    variants = {"count(*)": "*", "gen_ulid()": "gen_ulid()",
                "gen_monotonic_ulid()": "gen_monotonic_ulid()"}
    tps = {v: {"1": [], "2": []} for v in variants}

    def measure(v):
        for c in (1, 2):
            tps[v][str(c)].append(pgbench(
                "SELECT count(%s) FROM generate_series(1, %d);" % (variants[v], calls), c,
                max(1, PGBENCH_SECONDS // 2)))
        return None
    interleaved(list(variants), measure)
    return {"calls_per_transaction": calls, "seconds": max(1, PGBENCH_SECONDS // 2), "tps": tps}


def checkpoints(db):
    if int(db.value("SHOW server_version_num")) >= 170000:
        return int(db.value("SELECT num_timed + num_requested FROM pg_stat_checkpointer"))
    return int(db.value("SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter"))


SHAPES = {
    "narrow": ("v int NOT NULL",
               "INSERT INTO wal_bench (v) SELECT g FROM generate_series(1, %d) g;\n"),
    "event": ("created_at timestamptz NOT NULL DEFAULT now(), payload text NOT NULL",
              "INSERT INTO wal_bench (payload) SELECT repeat(md5(g::text), 3) "
              "FROM generate_series(1, %d) g;\n"),
}


def wal(db):
    k = keys(db)
    batches = max(1, WAL_ROWS // WAL_BATCH)
    result = {shape: {v: [] for v in k} for shape in SHAPES}
    for r in range(WAL_ROUNDS):
        order = list(k)[r % len(k):] + list(k)[:r % len(k)]
        for shape, (columns, insert) in SHAPES.items():
            for v in order:
                db.run("DROP TABLE IF EXISTS wal_bench; "
                       "CREATE TABLE wal_bench (id %s, %s) WITH (autovacuum_enabled = off)"
                       % (k[v], columns))
                db.run("CHECKPOINT")
                lsn0 = db.value("SELECT pg_current_wal_lsn()")
                fpi0 = int(db.value("SELECT wal_fpi FROM pg_stat_wal"))
                ck0 = checkpoints(db)
                started = time.time()
                # its own session, one transaction per batch; its exit
                # flushes its WAL statistics
                subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"],
                               input=(insert % WAL_BATCH) * batches, check=True, text=True,
                               capture_output=True)
                seconds = time.time() - started
                db.run("SELECT pg_sleep(0.5)")
                db.run("SELECT pg_stat_clear_snapshot()")
                wal_bytes = int(db.value("SELECT pg_current_wal_lsn() - '%s'::pg_lsn" % lsn0))
                fpi = int(db.value("SELECT wal_fpi FROM pg_stat_wal")) - fpi0
                rows = int(db.value("SELECT count(*) FROM wal_bench"))
                result[shape][v].append({"rows": rows, "wal_bytes": wal_bytes, "fpi": fpi,
                                         "checkpoints": checkpoints(db) - ck0,
                                         "seconds": seconds})
                print("    %s, %s, round %d: %.1f WAL bytes/row, %.4f FPI/row, %d checkpoints, "
                      "%.0f s" % (shape, v, r + 1, wal_bytes / rows, fpi / rows,
                                  result[shape][v][-1]["checkpoints"], seconds), flush=True)
    db.run("DROP TABLE wal_bench")
    return {"rows": batches * WAL_BATCH, "batch": WAL_BATCH, "rounds": WAL_ROUNDS,
            "checkpoint_timeout": db.value("SHOW checkpoint_timeout"),
            "max_wal_size": db.value("SHOW max_wal_size"),
            "shapes": {shape: "id key, " + SHAPES[shape][0] for shape in SHAPES},
            "runs": result}


def med(xs):
    return statistics.median(xs)


def report(res):
    out = ["%s; shared_preload_libraries = '%s'." % (res["server"].split(",")[0], res["preload"]), ""]
    targets = []

    def target(what, value, limit):
        targets.append("| %s | %.3f | <= %.2f | %s |" % (what, value, limit,
                                                         "yes" if value <= limit else "NO"))

    if "percall" in res:
        pc = res["percall"]
        floor = med(pc["ms"]["count(*)"])
        out += ["**Per-call cost**: `SELECT count(f()) FROM generate_series(1, %d)`, %d rounds" %
                (pc["rows"], len(pc["ms"]["count(*)"])), "",
                "| function | median (ms) | min–max | net of count(*) (ms) | ns per call, net |",
                "|---|---:|---:|---:|---:|"]
        for f, xs in pc["ms"].items():
            net = med(xs) - floor
            out.append("| %s | %.1f | %.1f–%.1f | %s | %s |" % (
                f, med(xs), min(xs), max(xs), "—" if f == "count(*)" else "%.1f" % net,
                "—" if f == "count(*)" else "%.1f" % (net * 1e6 / pc["rows"])))
        target("net gen_monotonic_ulid() / net gen_ulid()",
               (med(pc["ms"]["gen_monotonic_ulid()"]) - floor) / (med(pc["ms"]["gen_ulid()"]) - floor), 1.5)
        out.append("")

    if "syscalls" in res:
        sc = res["syscalls"]
        out += ["**System calls** of one backend during %d calls (`strace -c`): %s." % (
            sc["calls"], ", ".join("%d %s" % (c, name) for name, c in
                                   sorted(sc["syscalls"].items(), key=lambda x: -x[1]))
            or "none"), ""]

    if "inserts" in res:
        ins = res["inserts"]
        base = med(ins["tps"]["bigint identity"])
        out += ["**Single-row inserts**: pgbench -c 2 -j 2 -M prepared -T %d, `INSERT INTO ins (v) "
                "VALUES (1)`, logged table, key from its default, synchronous_commit = off" %
                ins["seconds"], "",
                "| key default | median tps | min–max | / identity |", "|---|---:|---:|---:|"]
        for v, xs in ins["tps"].items():
            out.append("| %s | %.0f | %.0f–%.0f | %.2f |" % (v, med(xs), min(xs), max(xs), med(xs) / base))
        out.append("")

    if "scaling" in res:
        ab = res["scaling"]
        n = ab["calls_per_transaction"]
        out += ["**Scaling**: pgbench -T %d, each transaction "
                "`SELECT count(f()) FROM generate_series(1, %d)`; million calls per second, and "
                "nanoseconds per call in each client net of `count(*)`'s "
                "(clients x 1e9 / (tps x %d), less the same for `count(*)`)" % (ab["seconds"], n, n),
                "",
                "| function | 1 client (M/s) | 2 clients (M/s) | 2 / 1 | net ns per call, 1 client "
                "| net ns per call, 2 clients |", "|---|---:|---:|---:|---:|---:|"]
        m = {v: {c: med(xs) for c, xs in by.items()} for v, by in ab["tps"].items()}

        def ns(v, c):
            return int(c) * 1e9 / (m[v][c] * n)
        for v in m:
            row = "| %s | %.2f | %.2f | %.2f |" % (v, m[v]["1"] * n / 1e6, m[v]["2"] * n / 1e6,
                                                   m[v]["2"] / m[v]["1"])
            if v == "count(*)":
                row += " — | — |"
            else:
                row += " %.1f | %.1f |" % (ns(v, "1") - ns("count(*)", "1"),
                                           ns(v, "2") - ns("count(*)", "2"))
            out.append(row)
        out.append("")

    if "wal" in res:
        w = res["wal"]
        out += ["**WAL**: %d rows by `INSERT ... SELECT` in batches of %d (one transaction each) "
                "into a logged table, checkpoint_timeout = %s, max_wal_size = %s; medians of %d "
                "rounds" % (w["rows"], w["batch"], w["checkpoint_timeout"], w["max_wal_size"],
                            w["rounds"]), ""]
        for shape, runs_by_key in w["runs"].items():
            out += ["Rows %s (%s):" % (shape, w["shapes"][shape]), "",
                    "| key default | WAL bytes/row | FPI per 1000 rows | checkpoints | seconds | "
                    "WAL / identity | WAL / uuid v4 | FPI / identity | FPI / uuid v4 |",
                    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
            per = {}
            for v, runs in runs_by_key.items():
                per[v] = {"wal": med([r["wal_bytes"] / r["rows"] for r in runs]),
                          "fpi": med([r["fpi"] / r["rows"] for r in runs]),
                          "ck": med([r["checkpoints"] for r in runs]),
                          "s": med([r["seconds"] for r in runs])}
            ident, uuid4 = per["bigint identity"], per["gen_random_uuid()"]

            def ratio(a, b):
                return a / b if b else float("nan")
            for v, p in per.items():
                out.append("| %s | %.1f | %.2f | %g | %.0f | %.2f | %.2f | %.2f | %.2f |" % (
                    v, p["wal"], p["fpi"] * 1000, p["ck"], p["s"], ratio(p["wal"], ident["wal"]),
                    ratio(p["wal"], uuid4["wal"]), ratio(p["fpi"], ident["fpi"]),
                    ratio(p["fpi"], uuid4["fpi"])))
            for v in ("gen_ulid()", "gen_monotonic_ulid()"):
                target("%s rows: WAL bytes/row, %s / identity" % (shape, v),
                       ratio(per[v]["wal"], ident["wal"]), 1.1)
                target("%s rows: WAL bytes/row, %s / uuid v4" % (shape, v),
                       ratio(per[v]["wal"], uuid4["wal"]), 0.5)
                target("%s rows: FPIs, %s / identity" % (shape, v),
                       ratio(per[v]["fpi"], ident["fpi"]), 1.1)
                target("%s rows: FPIs, %s / uuid v4" % (shape, v),
                       ratio(per[v]["fpi"], uuid4["fpi"]), 0.5)
            out.append("")

    out = ["| target | measured | target | met |", "|---|---:|---:|---|"] + targets + [""] + out
    return "\n".join(out)


def main():
    out_dir = sys.argv[1]
    db = Psql()
    db.run("SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS ulid")
    res = {"server": db.value("SELECT version()"),
           "preload": db.value("SHOW shared_preload_libraries"), "rounds": ROUNDS}
    steps = {"percall": lambda: per_call(db), "syscalls": lambda: syscalls(db),
             "inserts": lambda: inserts(db), "scaling": scaling,
             "wal": lambda: wal(db)}
    for part in PARTS:
        started = time.time()
        print("==> monotonic: %s" % part, flush=True)
        res[part] = steps[part]()
        print("    %.0f s" % (time.time() - started), flush=True)
    db.close()
    with open(os.path.join(out_dir, "monotonic.json"), "w") as fh:
        json.dump(res, fh, indent=1)
    with open(os.path.join(out_dir, "monotonic.md"), "w") as fh:
        fh.write(report(res) + "\n")
    print(report(res))


if __name__ == "__main__":
    main()
