#!/usr/bin/python3
"""min(ulid) and max(ulid) with and without a COMBINEFUNC, side by side.

The extension's aggregates have COMBINEFUNC = ulid_smaller (ulid_larger),
which lets PostgreSQL aggregate in parallel workers, but makes Citus send
them to its shards as worker_partial_agg(), which scans every shard in full
instead of reading one end of its index.  This compares them with copies in
schema nocombine that are the same but for the COMBINEFUNC.

Usage: minmax_combine.py single|citus OUT.json

  single  one node: ROWS (default 10,000,000) random ulid values in table
          t (id ulid, g int) without an index, g one of 1000 groups, and the
          same ids in ti with an index; max_parallel_workers_per_gather as
          the server has it.
  citus   PGHOST and friends name a Citus coordinator with its workers
          added: ROWS (default 1,000,000) rows over SHARDS (default 32)
          shards of dt (id ulid PRIMARY KEY, u ulid), u without an index.

ROUNDS (default 7) rounds, interleaved as in sql_bench.py.  Prints the plans
and a table of medians; raw times go to OUT.json.  PGHOST and friends name a
throwaway database: this creates the extension there if it is missing, and
replaces its tables t, ti and dt and its schema nocombine.  Citus is not
packaged for Debian, so make bench does not run this.
"""

import json
import os
import statistics
import sys

import sql_bench
from sql_bench import Psql, interleaved

sql_bench.ROUNDS = int(os.environ.get("ROUNDS", "7"))

NOCOMBINE = """
CREATE SCHEMA IF NOT EXISTS nocombine;
DROP AGGREGATE IF EXISTS nocombine.min(ulid);
DROP AGGREGATE IF EXISTS nocombine.max(ulid);
CREATE AGGREGATE nocombine.min(ulid) (
	SFUNC = ulid_smaller, STYPE = ulid, SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE nocombine.max(ulid) (
	SFUNC = ulid_larger, STYPE = ulid, SORTOP = >, PARALLEL = SAFE);
"""


# the 1000 maxima, summed up in one row
GROUPED = ("SELECT md5(string_agg(g || ' ' || m::text, ',' ORDER BY g)) "
           "FROM (SELECT g, %s(id) AS m FROM t GROUP BY g) s")


def plans(db, queries, options="ANALYZE, TIMING OFF, COSTS OFF"):
    for name, sql in queries.items():
        print("-- %s: %s" % (name, sql))
        for line in db.run("EXPLAIN (%s) %s" % (options, sql)):
            print("   " + line)


def check_same(db, queries):
    """Every query of a group returns the same value."""
    values = {name: db.value(sql) for name, sql in queries.items()}
    if len(set(values.values())) != 1:
        raise RuntimeError("different results: %s" % values)


def medians(results):
    for name, ms in results.items():
        print("| %-40s | %9.1f | %9.1f | %9.1f |"
              % (name, statistics.median(ms), min(ms), max(ms)))


def single(db):
    n = int(os.environ.get("ROWS", "10000000"))
    db.run("DROP TABLE IF EXISTS t, ti")
    db.run("CREATE TABLE t (id ulid, g int)")
    db.run("INSERT INTO t SELECT gen_random_ulid(), g %% 1000 "
           "FROM generate_series(1, %d) g" % n)
    db.run("CREATE TABLE ti AS SELECT id FROM t")
    db.run("CREATE INDEX ON ti (id)")
    db.run("VACUUM ANALYZE t")
    db.run("VACUUM ANALYZE ti")
    db.run(NOCOMBINE)
    workers = db.value("SHOW max_parallel_workers_per_gather")
    print("rows %d, max_parallel_workers_per_gather %s" % (n, workers))
    queries = {
        "min, COMBINEFUNC": "SELECT min(id) FROM t",
        "min, no COMBINEFUNC": "SELECT nocombine.min(id) FROM t",
        "max, COMBINEFUNC": "SELECT max(id) FROM t",
        "max, no COMBINEFUNC": "SELECT nocombine.max(id) FROM t",
        "min, ORDER BY id LIMIT 1": "SELECT id FROM t ORDER BY id LIMIT 1",
        "max, ORDER BY id DESC LIMIT 1": "SELECT id FROM t ORDER BY id DESC LIMIT 1",
        "max by g, COMBINEFUNC": GROUPED % "max",
        "max by g, no COMBINEFUNC": GROUPED % "nocombine.max",
    }
    indexed = {
        "indexed min, COMBINEFUNC": "SELECT min(id) FROM ti",
        "indexed min, no COMBINEFUNC": "SELECT nocombine.min(id) FROM ti",
        "indexed max, COMBINEFUNC": "SELECT max(id) FROM ti",
        "indexed max, no COMBINEFUNC": "SELECT nocombine.max(id) FROM ti",
    }
    for group in ("min", "max"):
        check_same(db, {k: v for k, v in {**queries, **indexed}.items()
                        if group + "," in k.split()})
    check_same(db, {k: v for k, v in queries.items() if " by g," in k})
    plans(db, queries)
    plans(db, indexed)
    # the serial plan of the aggregate that has a COMBINEFUNC: what no
    # COMBINEFUNC would cost if the planner picked the same scan
    serial = "min, COMBINEFUNC, no parallel workers"

    def measure(v):
        if v == serial:
            db.run("SET max_parallel_workers_per_gather = 0")
            try:
                return db.timed(queries["min, COMBINEFUNC"])
            finally:
                db.run("RESET max_parallel_workers_per_gather")
        return db.timed({**queries, **indexed}[v])

    results = interleaved(list(queries) + [serial] + list(indexed), measure)
    return {"rows": n, "max_parallel_workers_per_gather": workers, "ms": results}


def citus(db):
    n = int(os.environ.get("ROWS", "1000000"))
    shards = int(os.environ.get("SHARDS", "32"))
    db.run("DROP TABLE IF EXISTS dt")
    db.run("SET citus.shard_count = %d" % shards)
    db.run("CREATE TABLE dt (id ulid PRIMARY KEY, u ulid)")
    db.run("SELECT create_distributed_table('dt', 'id')")
    db.run("INSERT INTO dt SELECT gen_random_ulid(), gen_random_ulid() "
           "FROM generate_series(1, %d)" % n)
    db.run("VACUUM ANALYZE dt")
    db.run(NOCOMBINE)
    print("citus %s, rows %d, shards %d, workers %s" % (
        db.value("SELECT extversion FROM pg_extension WHERE extname = 'citus'"),
        n, shards, db.value("SELECT count(*) FROM citus_get_active_worker_nodes()")))
    indexed = {
        "min(id), COMBINEFUNC": "SELECT min(id) FROM dt",
        "min(id), no COMBINEFUNC": "SELECT nocombine.min(id) FROM dt",
        "ORDER BY id LIMIT 1": "SELECT id FROM dt ORDER BY id LIMIT 1",
    }
    unindexed = {
        "min(u), COMBINEFUNC": "SELECT min(u) FROM dt",
        "min(u), no COMBINEFUNC": "SELECT nocombine.min(u) FROM dt",
        "ORDER BY u LIMIT 1": "SELECT u FROM dt ORDER BY u LIMIT 1",
    }
    check_same(db, indexed)
    check_same(db, unindexed)
    db.run("SET citus.explain_all_tasks = off")
    # not ANALYZE: Citus 13.2 then fails on worker_partial_agg() ("column
    # "field_0" has pseudo-type cstring")
    plans(db, {**indexed, **unindexed}, "VERBOSE, COSTS OFF")
    results = interleaved(list(indexed) + list(unindexed),
                          lambda v: db.timed({**indexed, **unindexed}[v]))
    return {"rows": n, "shards": shards, "ms": results}


def main():
    mode, out = sys.argv[1], sys.argv[2]
    db = Psql()
    db.run("SET client_min_messages = warning")
    db.run("CREATE EXTENSION IF NOT EXISTS ulid")
    load = os.getloadavg()[0]
    run = {"single": single, "citus": citus}[mode](db)
    run["version"] = db.value("SELECT version()")
    # the machine may be shared: the 1-minute load before and after
    run["load"] = [load, os.getloadavg()[0]]
    print("load average %.1f before, %.1f after" % tuple(run["load"]))
    db.close()
    print("| %-40s | %9s | %9s | %9s |" % ("query (%d rounds)" % sql_bench.ROUNDS,
                                           "median ms", "min ms", "max ms"))
    print("|%s|%s|%s|%s|" % ("-" * 42, "-" * 11, "-" * 11, "-" * 11))
    medians(run["ms"])
    with open(out, "w") as f:
        json.dump(run, f, indent=1)


if __name__ == "__main__":
    main()
