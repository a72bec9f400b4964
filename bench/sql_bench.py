#!/usr/bin/python3
"""SQL workloads of the benchmark, run side by side in one cluster.

Each workload runs every variant ROUNDS times, interleaved: round r runs
all variants, starting from a different one each round so that no variant
always follows the same peer.  Times come from psql's \\timing (server
round trip, no connection set-up).  Raw times go to a JSON file; report.py
turns them into tables.

Usage: sql_bench.py PART OUT.json, PART being "main" (workloads 1, 2, 4,
5, 6) or "small_buffers" (workload 3, in a cluster with shared_buffers =
16MB).  PGHOST and friends must point at a throwaway cluster.
"""

import json
import os
import re
import signal
import subprocess
import sys
import time

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SCALE = float(os.environ.get("BENCH_SCALE", "1"))  # < 1 for a quick try


def rows(n):
    return max(1000, int(n * SCALE))


class Psql:
    """One psql session fed through a pipe, so every timing of a workload
    shares the backend's warm caches."""

    END = "__bench_end__"

    def __init__(self):
        self.proc = subprocess.Popen(
            ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)

    def run(self, sql):
        """Runs sql; returns its output lines."""
        sql = sql.rstrip()
        # psql sends a statement at its semicolon
        if not sql.endswith(";") and not sql.splitlines()[-1].startswith("\\"):
            sql += ";"
        self.proc.stdin.write(sql + "\n\\echo " + self.END + "\n")
        self.proc.stdin.flush()
        out = []
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            if line == self.END:
                return out
            out.append(line)
        raise RuntimeError("psql ended while running:\n%s\n%s" % (sql, "\n".join(out)))

    def value(self, sql):
        return self.run(sql)[-1]

    def timed(self, sql):
        """Milliseconds psql's \\timing reports for sql (one statement)."""
        out = self.run("\\timing on\n" + sql.rstrip().rstrip(";") + ";\n\\timing off")
        times = [float(m.group(1)) for m in
                 (re.match(r"Time: ([0-9.]+) ms", l) for l in out) if m]
        if len(times) != 1:
            raise RuntimeError("expected one timing for %s, got %s" % (sql, out))
        return times[0]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def interleaved(variants, measure):
    """{variant: [ROUNDS results]}, each round rotating the start."""
    results = {v: [] for v in variants}
    for r in range(ROUNDS):
        order = variants[r % len(variants):] + variants[:r % len(variants)]
        for v in order:
            results[v].append(measure(v))
    return results


def has_uuidv7(db):
    """PostgreSQL 18 has uuidv7(): it then joins the comparisons."""
    return int(db.value("SHOW server_version_num")) >= 180000


def generation(db):
    n = rows(2000000)
    calls = {
        "count(*)": "*",
        "clock_timestamp()": "clock_timestamp()",
        "gen_random_uuid()": "gen_random_uuid()",
        "gen_ulid()": "gen_ulid()",
        "gen_random_ulid()": "gen_random_ulid()",
    }
    if has_uuidv7(db):
        calls["uuidv7()"] = "uuidv7()"
    # keep generate_series's 2M rows in memory
    db.run("SET work_mem = '256MB'")
    return {"rows": n, "ms": interleaved(list(calls), lambda v: db.timed(
        "SELECT count(%s) FROM generate_series(1, %d)" % (calls[v], n)))}


PK_TYPES = {
    "bigint identity": "bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
    "uuid": "uuid PRIMARY KEY DEFAULT gen_random_uuid()",
    "ulid": "ulid PRIMARY KEY DEFAULT gen_ulid()",
}


def pk_types(db):
    """The keys to compare, uuidv7() among them where there is one."""
    types = dict(PK_TYPES)
    if has_uuidv7(db):
        types["uuid v7"] = "uuid PRIMARY KEY DEFAULT uuidv7()"
    return types


def create_pk_table(db, key):
    db.run("DROP TABLE IF EXISTS pk_bench; "
           "CREATE UNLOGGED TABLE pk_bench (id %s, v int)" % key)


def timed_insert(db, n):
    """Milliseconds to insert n rows into pk_bench, keys from its default."""
    return db.timed("INSERT INTO pk_bench (v) SELECT g FROM generate_series(1, %d) g" % n)


def primary_keys(db):
    n = rows(1000000)
    types = pk_types(db)
    index = {v: [] for v in types}

    def measure(v):
        create_pk_table(db, types[v])
        ms = timed_insert(db, n)
        density, size = db.value(
            "SELECT avg_leaf_density || '|' || pg_relation_size('pk_bench_pkey') "
            "FROM pgstatindex('pk_bench_pkey')").split("|")
        index[v].append({"leaf_density": float(density), "bytes": int(size)})
        return ms

    ms = interleaved(list(types), measure)
    db.run("DROP TABLE pk_bench")
    return {"rows": n, "ms": ms, "index": index}


def primary_keys_growing(db):
    """Workload 3: inserts in chunks, each timed, to see the rate fall as the
    index outgrows shared_buffers."""
    chunk = rows(100000)
    chunks = 30
    types = pk_types(db)

    def measure(v):
        create_pk_table(db, types[v])
        return [timed_insert(db, chunk) for _ in range(chunks)]

    ms = interleaved(list(types), measure)
    db.run("DROP TABLE pk_bench")
    return {"rows": chunk * chunks, "chunk_rows": chunk,
            "shared_buffers": db.value("SHOW shared_buffers"), "chunk_ms": ms}


def text_io(db, datadir):
    n = rows(1000000)
    db.run("""
        DROP TABLE IF EXISTS io_uuid, io_ulid, load_uuid, load_ulid;
        CREATE TABLE io_uuid AS SELECT gen_random_uuid() AS id FROM generate_series(1, %d);
        CREATE TABLE io_ulid AS SELECT gen_ulid() AS id FROM generate_series(1, %d);
        CREATE UNLOGGED TABLE load_uuid (id uuid);
        CREATE UNLOGGED TABLE load_ulid (id ulid);
        VACUUM ANALYZE io_uuid, io_ulid""" % (n, n))
    for t in ("uuid", "ulid"):
        for fmt in ("text", "binary"):
            db.run("COPY io_%s TO '%s/%s.%s' (FORMAT %s)" % (t, datadir, t, fmt, fmt))

    def copy_to(fmt):
        return lambda v: db.timed(
            "COPY (SELECT id FROM io_%s) TO '/dev/null' (FORMAT %s)" % (v, fmt))

    def copy_from(fmt):
        def measure(v):
            db.run("TRUNCATE load_%s" % v)
            return db.timed("COPY load_%s FROM '%s/%s.%s' (FORMAT %s)"
                            % (v, datadir, v, fmt, fmt))
        return measure

    result = {"rows": n}
    for fmt in ("text", "binary"):
        result["copy_to_" + fmt] = interleaved(["uuid", "ulid"], copy_to(fmt))
        result["copy_from_" + fmt] = interleaved(["uuid", "ulid"], copy_from(fmt))
    db.run("DROP TABLE io_uuid, io_ulid, load_uuid, load_ulid")
    return result


def sorting(db):
    n = rows(1000000)
    db.run("""
        DROP TABLE IF EXISTS s_ulid, s_ulid_shuffled, s_random_ulid, s_random_ulid_shuffled,
                             s_uuid_shuffled, s_uuid;
        CREATE TABLE s_ulid AS SELECT gen_ulid() AS id FROM generate_series(1, %(n)d);
        CREATE TABLE s_ulid_shuffled AS SELECT id FROM s_ulid ORDER BY random();
        CREATE TABLE s_random_ulid AS SELECT gen_random_ulid() AS id FROM generate_series(1, %(n)d);
        -- from a table: the planner would call a volatile function after the
        -- sort, in the sorted order
        CREATE TABLE s_random_ulid_shuffled AS SELECT id FROM s_random_ulid ORDER BY random();
        CREATE TABLE s_uuid_shuffled AS SELECT gen_random_uuid() AS id FROM generate_series(1, %(n)d);
        CREATE TABLE s_uuid AS SELECT id FROM s_uuid_shuffled ORDER BY id;
        VACUUM ANALYZE""" % {"n": n})
    tables = {
        "ulid shuffled": "s_ulid_shuffled",
        "uuid shuffled": "s_uuid_shuffled",
        "gen_random_ulid shuffled": "s_random_ulid_shuffled",
        "ulid ordered": "s_ulid",
        "uuid ordered": "s_uuid",
    }
    if has_uuidv7(db):
        db.run("CREATE TEMP TABLE s_uuidv7 AS SELECT uuidv7() AS id FROM generate_series(1, %d); "
               "CREATE TABLE s_uuidv7_shuffled AS SELECT id FROM s_uuidv7 ORDER BY random(); "
               "DROP TABLE s_uuidv7; VACUUM ANALYZE s_uuidv7_shuffled" % n)
        tables["uuid v7 shuffled"] = "s_uuidv7_shuffled"
    # a plain in-memory sort in this backend: no parallel workers
    db.run("SET work_mem = '1GB'; SET max_parallel_workers_per_gather = 0")
    # OFFSET past the end: the whole sort runs, no row reaches the client
    ms = interleaved(list(tables), lambda v: db.timed(
        "SELECT id FROM %s ORDER BY id OFFSET %d" % (tables[v], n)))
    db.run("DROP TABLE s_ulid, s_ulid_shuffled, s_random_ulid, s_random_ulid_shuffled, "
           "s_uuid_shuffled, s_uuid; DROP TABLE IF EXISTS s_uuidv7_shuffled; "
           "RESET work_mem; RESET max_parallel_workers_per_gather")
    return {"rows": n, "ms": ms}


def traced(db, tracer, ready, query):
    """Runs query in db's backend once tracer (a command taking the pid and
    an output file) has said ready on stderr; returns it and the file."""
    pid = db.value("SELECT pg_backend_pid()")
    out = "/tmp/ulid-bench-trace.%d" % os.getpid()
    proc = subprocess.Popen(tracer(pid, out), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        if ready in line:
            break
    db.run(query)
    return proc, out


def syscalls(db):
    """System calls the backend makes during 1M calls, from strace -c."""
    n = 1000000
    funcs = ["*", "gen_ulid()", "gen_random_ulid()", "gen_random_uuid()"]
    db.run("SET work_mem = '256MB'")
    counts = {}
    for f in funcs:
        query = "SELECT count(%s) FROM generate_series(1, %d)" % (f, n)
        db.run(query)           # warm up: pool filled, catalogs cached
        proc, out = traced(db, lambda pid, o: ["strace", "-c", "-o", o, "-p", pid],
                            "attached", query)
        proc.send_signal(signal.SIGINT)
        proc.wait()
        with open(out) as fh:
            text = fh.read()
        os.unlink(out)
        # "% time, seconds, usecs/call, calls, [errors,] total"
        total = [l.split() for l in text.splitlines() if l.endswith(" total")]
        counts[f] = {"calls": int(total[0][3]), "table": text}
    return {"calls_per_query": n, "strace": counts}


# allocator: the register holding the size (the second argument, if the
# first is a memory context or a pointer)
ALLOCATORS = {"palloc": "$rdi", "palloc0": "$rdi", "palloc_extended": "$rdi",
              "MemoryContextAlloc": "$rsi", "MemoryContextAllocZero": "$rsi",
              "MemoryContextAllocZeroAligned": "$rsi",
              "MemoryContextAllocExtended": "$rsi", "MemoryContextAllocHuge": "$rsi",
              "repalloc": "$rsi", "malloc": "$rdi", "calloc": "$rdi*$rsi",
              "realloc": "$rsi"}


def traced_allocations(db, query):
    """{"allocator(size)": calls} in db's backend while it runs query, from
    gdb dprintf breakpoints on every allocator."""
    def gdb(pid, out):
        script = out + ".gdb"
        with open(script, "w") as fh:
            fh.write("set pagination off\n"
                     "set logging file %s\n"
                     "set logging redirect on\n"
                     "set logging overwrite on\n"
                     "set logging on\n" % out)
            for a, size in ALLOCATORS.items():
                fh.write('dprintf %s,"ALLOC %s %%lu\\n",%s\n' % (a, a, size))
            # the next pg_backend_pid() call ends the trace
            fh.write("break pg_backend_pid\n"
                     "commands\n"
                     "detach\n"
                     "quit\n"
                     "end\n"
                     "shell echo ready >&2\n"
                     "continue\n")
        return ["gdb", "-q", "-nx", "-batch", "-p", pid, "-x", script]

    db.run(query)               # warm up
    proc, out = traced(db, gdb, "ready", query)
    db.run("SELECT pg_backend_pid()")
    proc.wait()
    sizes = {}
    with open(out) as fh:
        for line in fh:
            m = re.match(r"ALLOC (\w+) (\d+)", line)
            if m:
                key = "%s(%s)" % m.groups()
                sizes[key] = sizes.get(key, 0) + 1
    os.unlink(out)
    os.unlink(out + ".gdb")
    return sizes


def allocations(db):
    """Allocations per call: the same query with 1000 and with 2000 calls,
    so that parsing, planning and start-up cancel out, less the same for
    count(*), which takes out generate_series's own."""
    result = {}
    for f in ["*", "gen_ulid()", "gen_random_ulid()"]:
        result[f] = [traced_allocations(
            db, "SELECT count(%s) FROM generate_series(1, %d)" % (f, n)) for n in (1000, 2000)]
    return {"extra_calls": 1000, "allocations": result}


def main():
    part, out = sys.argv[1], sys.argv[2]
    db = Psql()
    db.run("SET client_min_messages = warning; "
           "CREATE EXTENSION IF NOT EXISTS ulid; CREATE EXTENSION IF NOT EXISTS pgstattuple")
    result = {"server": db.value("SELECT version()"), "rounds": ROUNDS,
              "shared_buffers": db.value("SHOW shared_buffers")}
    if part == "main":
        steps = [("generation", lambda: generation(db)),
                 ("primary_keys", lambda: primary_keys(db)),
                 ("text_io", lambda: text_io(db, os.environ["BENCH_DATA_DIR"])),
                 ("sorting", lambda: sorting(db)),
                 ("syscalls", lambda: syscalls(db)),
                 ("allocations", lambda: allocations(db))]
    else:
        steps = [("primary_keys_growing", lambda: primary_keys_growing(db))]
    for name, step in steps:
        started = time.time()
        print("==> %s" % name, flush=True)
        result[name] = step()
        print("    %.0f s" % (time.time() - started), flush=True)
    db.close()
    with open(out, "w") as fh:
        json.dump(result, fh, indent=1)


if __name__ == "__main__":
    main()
