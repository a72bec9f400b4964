#!/usr/bin/python3
"""Benchmarks of gen_monotonic_ulid(), the cluster-wide generator, with
the keys it competes with, in one cluster that bench/monotonic.sh starts.

1. Per-call cost: SELECT count(f()) FROM generate_series(1, 2M); net of
   count(*).  Target: net gen_monotonic_ulid() <= 1.5 x net gen_ulid().
2. Single-row inserts: pgbench -c 2 -j 2 -M prepared, each transaction one
   INSERT into a logged table whose key comes from its default (identity,
   gen_random_uuid(), gen_ulid(), gen_monotonic_ulid(), uuidv7() on 18);
   synchronous_commit = off, as a commit's flush (about 4 ms on this disk)
   would hide every difference.  tps, medians of ROUNDS interleaved runs.
3. Scaling and its ablation: pgbench -c 1 and -c 2, each transaction 1000
   calls; gen_ulid() (no shared state), gen_monotonic_ulid() with the
   compare-and-swap, and the same built with -DULID_MONOTONIC_LWLOCK (an
   LWLock in exclusive mode), swapped in by a server restart.
4. WAL: WAL_ROWS rows into a logged table (key, created_at, a 96-character
   payload) by INSERT ... SELECT in batches of 100,000, one transaction
   each, with checkpoint_timeout = 30s; WAL bytes per row from
   pg_current_wal_lsn(), full-page images from pg_stat_wal, checkpoints
   from the cumulative statistics.  Targets: ulid <= 1.1 x identity and
   <= 0.5 x uuid v4.

Usage: monotonic.py OUT_DIR; writes monotonic.json and monotonic.md there.
PGHOST and friends point at the cluster.  BENCH_PG_CTL (a pg_ctl command
with -D), BENCH_LIB (the installed ulid.so) and BENCH_LIB_CAS,
BENCH_LIB_LWLOCK (the two builds) drive part 3.  BENCH_ROUNDS (5),
BENCH_PGBENCH_SECONDS (10), BENCH_WAL_ROWS (5000000), BENCH_WAL_ROUNDS (3)
and BENCH_PARTS (percall,inserts,ablation,wal) shorten a trial.
"""

import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sql_bench import Psql, interleaved, has_uuidv7, ROUNDS  # noqa: E402

PGBENCH_SECONDS = int(os.environ.get("BENCH_PGBENCH_SECONDS", "10"))
WAL_ROWS = int(os.environ.get("BENCH_WAL_ROWS", "5000000"))
WAL_ROUNDS = int(os.environ.get("BENCH_WAL_ROUNDS", "3"))
WAL_BATCH = 100000
PARTS = os.environ.get("BENCH_PARTS", "percall,inserts,ablation,wal").split(",")

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


class Library:
    """Swaps the installed ulid.so (atomic rename) and restarts the server."""

    def __init__(self):
        self.pg_ctl = shlex.split(os.environ["BENCH_PG_CTL"])
        self.lib = os.environ["BENCH_LIB"]
        self.builds = {"cas": os.environ["BENCH_LIB_CAS"],
                       "lwlock": os.environ["BENCH_LIB_LWLOCK"]}
        self.current = None

    def use(self, build):
        if build == self.current:
            return
        tmp = self.lib + ".bench-tmp"
        shutil.copyfile(self.builds[build], tmp)
        os.chmod(tmp, 0o755)
        os.rename(tmp, self.lib)
        subprocess.run(self.pg_ctl + ["-w", "-m", "fast", "restart"], check=True, cwd="/tmp",
                       capture_output=True)
        self.current = build


def ablation(lib):
    calls = 1000
    variants = {"gen_ulid()": ("cas", "gen_ulid()"),
                "gen_monotonic_ulid(), CAS": ("cas", "gen_monotonic_ulid()"),
                "gen_monotonic_ulid(), LWLock": ("lwlock", "gen_monotonic_ulid()")}
    tps = {v: {"1": [], "2": []} for v in variants}

    def measure(v):
        build, f = variants[v]
        lib.use(build)
        for c in (1, 2):
            tps[v][str(c)].append(pgbench(
                "SELECT count(%s) FROM generate_series(1, %d);" % (f, calls), c,
                max(1, PGBENCH_SECONDS // 2)))
        return None
    interleaved(list(variants), measure)
    lib.use("cas")
    return {"calls_per_transaction": calls, "seconds": max(1, PGBENCH_SECONDS // 2), "tps": tps}


def checkpoints(db):
    if int(db.value("SHOW server_version_num")) >= 170000:
        return int(db.value("SELECT num_timed + num_requested FROM pg_stat_checkpointer"))
    return int(db.value("SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter"))


def wal(db):
    k = keys(db)
    batches = max(1, WAL_ROWS // WAL_BATCH)
    insert = ("INSERT INTO wal_bench (payload) SELECT repeat(md5(g::text), 3) "
              "FROM generate_series(1, %d) g;\n" % WAL_BATCH)
    result = {v: [] for v in k}
    for r in range(WAL_ROUNDS):
        order = list(k)[r % len(k):] + list(k)[:r % len(k)]
        for v in order:
            db.run("DROP TABLE IF EXISTS wal_bench; "
                   "CREATE TABLE wal_bench (id %s, created_at timestamptz NOT NULL DEFAULT now(), "
                   "payload text NOT NULL) WITH (autovacuum_enabled = off)" % k[v])
            db.run("CHECKPOINT")
            lsn0 = db.value("SELECT pg_current_wal_lsn()")
            fpi0 = int(db.value("SELECT wal_fpi FROM pg_stat_wal"))
            ck0 = checkpoints(db)
            started = time.time()
            # its own session, one transaction per batch; its exit flushes
            # its WAL statistics
            subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"],
                           input=insert * batches, check=True, text=True,
                           capture_output=True)
            seconds = time.time() - started
            db.run("SELECT pg_sleep(0.5)")
            db.run("SELECT pg_stat_clear_snapshot()")
            wal_bytes = int(db.value("SELECT pg_current_wal_lsn() - '%s'::pg_lsn" % lsn0))
            fpi = int(db.value("SELECT wal_fpi FROM pg_stat_wal")) - fpi0
            rows = int(db.value("SELECT count(*) FROM wal_bench"))
            result[v].append({"rows": rows, "wal_bytes": wal_bytes, "fpi": fpi,
                              "checkpoints": checkpoints(db) - ck0, "seconds": seconds})
            print("    %s round %d: %.1f WAL bytes/row, %.4f FPI/row, %d checkpoints, %.0f s"
                  % (v, r + 1, wal_bytes / rows, fpi / rows, result[v][-1]["checkpoints"], seconds),
                  flush=True)
    db.run("DROP TABLE wal_bench")
    return {"rows": batches * WAL_BATCH, "batch": WAL_BATCH, "rounds": WAL_ROUNDS,
            "checkpoint_timeout": db.value("SHOW checkpoint_timeout"),
            "max_wal_size": db.value("SHOW max_wal_size"), "runs": result}


def med(xs):
    return statistics.median(xs)


def report(res):
    out = ["%s; shared_preload_libraries = '%s'." % (res["server"].split(",")[0], res["preload"]), ""]
    targets = []

    def target(what, value, limit):
        targets.append("| %s | %.2f | <= %.2f | %s |" % (what, value, limit,
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

    if "ablation" in res:
        ab = res["ablation"]
        n = ab["calls_per_transaction"]
        out += ["**Scaling, CAS against an LWLock**: pgbench -T %d, each transaction "
                "`SELECT count(f()) FROM generate_series(1, %d)`; million calls per second" %
                (ab["seconds"], n), "",
                "| function | 1 client | 2 clients | 2 clients / 1 client |", "|---|---:|---:|---:|"]
        m = {}
        for v, by in ab["tps"].items():
            m[v] = {c: med(xs) * n / 1e6 for c, xs in by.items()}
            out.append("| %s | %.2f | %.2f | %.2f |" % (v, m[v]["1"], m[v]["2"], m[v]["2"] / m[v]["1"]))
        out.append("")
        out.append("CAS / LWLock: %.2f with 1 client, %.2f with 2 clients." % (
            m["gen_monotonic_ulid(), CAS"]["1"] / m["gen_monotonic_ulid(), LWLock"]["1"],
            m["gen_monotonic_ulid(), CAS"]["2"] / m["gen_monotonic_ulid(), LWLock"]["2"]))
        out.append("")

    if "wal" in res:
        w = res["wal"]
        out += ["**WAL**: %d rows by `INSERT ... SELECT` in batches of %d into a logged table "
                "(key, created_at, 96-character payload), checkpoint_timeout = %s, max_wal_size = %s; "
                "medians of %d rounds" % (w["rows"], w["batch"], w["checkpoint_timeout"],
                                          w["max_wal_size"], w["rounds"]), "",
                "| key default | WAL bytes/row | FPI per 1000 rows | checkpoints | seconds | "
                "WAL / identity | WAL / uuid v4 | FPI / identity | FPI / uuid v4 |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        per = {}
        for v, runs in w["runs"].items():
            per[v] = {"wal": med([r["wal_bytes"] / r["rows"] for r in runs]),
                      "fpi": med([r["fpi"] / r["rows"] for r in runs]),
                      "ck": med([r["checkpoints"] for r in runs]),
                      "s": med([r["seconds"] for r in runs])}
        ident, uuid4 = per["bigint identity"], per["gen_random_uuid()"]
        for v, p in per.items():
            out.append("| %s | %.1f | %.2f | %g | %.0f | %.2f | %.2f | %.2f | %.2f |" % (
                v, p["wal"], p["fpi"] * 1000, p["ck"], p["s"], p["wal"] / ident["wal"],
                p["wal"] / uuid4["wal"], p["fpi"] / ident["fpi"] if ident["fpi"] else float("nan"),
                p["fpi"] / uuid4["fpi"]))
        for v in ("gen_ulid()", "gen_monotonic_ulid()"):
            target("WAL bytes/row, %s / identity" % v, per[v]["wal"] / ident["wal"], 1.1)
            target("WAL bytes/row, %s / uuid v4" % v, per[v]["wal"] / uuid4["wal"], 0.5)
            if ident["fpi"]:
                target("FPIs, %s / identity" % v, per[v]["fpi"] / ident["fpi"], 1.1)
            target("FPIs, %s / uuid v4" % v, per[v]["fpi"] / uuid4["fpi"], 0.5)
        out.append("")

    out = ["| target | measured | target | met |", "|---|---:|---:|---|"] + targets + [""] + out
    return "\n".join(out)


def main():
    out_dir = sys.argv[1]
    db = Psql()
    db.run("SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS ulid")
    res = {"server": db.value("SELECT version()"),
           "preload": db.value("SHOW shared_preload_libraries"), "rounds": ROUNDS}
    steps = {"percall": lambda: per_call(db), "inserts": lambda: inserts(db),
             "wal": lambda: wal(db)}
    for part in PARTS:
        started = time.time()
        print("==> monotonic: %s" % part, flush=True)
        if part == "ablation":
            db.close()
            res[part] = ablation(Library())
            db = Psql()
        else:
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
