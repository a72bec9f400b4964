#!/usr/bin/python3
"""ulid.uuidv7 and TypeID, side by side in one session (bench/uuidv7.sh).

Per-call costs, each the median of ROUNDS (default 7) interleaved rounds
of SELECT count(f) FROM generate_series(1, N), less the same query's
count(*) alone (the loop):
  - gen_ulid(), gen_random_ulid() and gen_monotonic_ulid() with ulid.uuidv7
    off and on, and core's uuidv7() where the server has it (18+);
  - over a table of N random ulids (and their texts and TypeIDs): ulid_out
    (id::text) against ulid_to_typeid(id, 'user'), and ulid_in (t::ulid)
    against ulid_from_typeid(t) and ulid_from_typeid(t, 'user'), less
    count(*) over the same table.
Writes a Markdown report to stdout.  PGHOST and friends must point at a
throwaway cluster with ulid installed; gen_monotonic_ulid() needs 17+ or
ulid preloaded.
"""

import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sql_bench import Psql  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
N = int(os.environ.get("BENCH_CALLS", "2000000"))


def interleaved(psql, variants):
    """{name: [ms per round]}; round r starts from variant r."""
    names = list(variants)
    times = {n: [] for n in names}
    for r in range(ROUNDS):
        for n in names[r % len(names):] + names[:r % len(names)]:
            setup, sql = variants[n]
            psql.run(setup)
            times[n].append(psql.timed(sql))
    return times


def main():
    p = Psql()
    p.run("CREATE EXTENSION IF NOT EXISTS ulid")
    version = int(p.value("SHOW server_version_num"))
    has_monotonic = p.value(
        "SELECT pg_catalog.current_setting('server_version_num')::int >= 170000 "
        "OR 'ulid' = ANY (pg_catalog.string_to_array(pg_catalog.current_setting("
        "'shared_preload_libraries'), ','))") == "t"
    p.run("SET max_parallel_workers_per_gather = 0")
    p.run("SET jit = off")
    loop = "SELECT count(*) FROM generate_series(1, %d)" % N
    gen = lambda f: "SELECT count(%s) FROM generate_series(1, %d)" % (f, N)
    off, on = "SET ulid.uuidv7 = off", "SET ulid.uuidv7 = on"
    variants = {
        "loop": (off, loop),
        "gen_ulid() plain": (off, gen("gen_ulid()")),
        "gen_ulid() v7": (on, gen("gen_ulid()")),
        "gen_random_ulid() plain": (off, gen("gen_random_ulid()")),
        "gen_random_ulid() v7": (on, gen("gen_random_ulid()")),
    }
    if has_monotonic:
        variants["gen_monotonic_ulid() plain"] = (off, gen("gen_monotonic_ulid()"))
        variants["gen_monotonic_ulid() v7"] = (on, gen("gen_monotonic_ulid()"))
    if version >= 180000:
        variants["core uuidv7()"] = (off, gen("pg_catalog.uuidv7()"))
    gen_times = interleaved(p, variants)

    p.run("DROP TABLE IF EXISTS bench_typeid")
    p.run("CREATE TABLE bench_typeid AS SELECT id, id::text AS t, "
          "ulid_to_typeid(id, 'user') AS tid "
          "FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, %d)) s" % N)
    p.run("VACUUM ANALYZE bench_typeid")
    tab = lambda e: "SELECT count(%s) FROM bench_typeid" % e
    text_variants = {
        "scan": (off, "SELECT count(*) FROM bench_typeid"),
        "ulid_out": (off, tab("id::text")),
        "ulid_to_typeid": (off, tab("ulid_to_typeid(id, 'user')")),
        "ulid_in": (off, tab("t::ulid")),
        "ulid_from_typeid": (off, tab("ulid_from_typeid(tid)")),
        "ulid_from_typeid, prefix": (off, tab("ulid_from_typeid(tid, 'user')")),
        "typeid_prefix": (off, tab("typeid_prefix(tid)")),
    }
    text_times = interleaved(p, text_variants)
    sizes = p.run("SELECT pg_column_size(id), pg_column_size(tid) FROM bench_typeid LIMIT 1")[-1]
    rel = p.value("SELECT pg_size_pretty(pg_relation_size('bench_typeid'))")
    p.run("DROP TABLE bench_typeid")
    p.close()

    med = {n: statistics.median(t) for n, t in {**gen_times, **text_times}.items()}
    ns = lambda n, base: (med[n] - med[base]) * 1e6 / N

    print("# ulid.uuidv7 and TypeID: %d calls a query, medians of %d rounds, server %d\n"
          % (N, ROUNDS, version))
    print("| generator | median ms | ns a call, net of the loop | v7 / plain |")
    print("| --- | ---: | ---: | ---: |")
    for n in gen_times:
        if n == "loop":
            print("| count(*) alone (the loop) | %.1f | | |" % med[n])
            continue
        ratio = ""
        if n.endswith(" v7"):
            ratio = "%.3f" % (ns(n, "loop") / ns(n[:-3] + " plain", "loop"))
        print("| %s | %.1f | %.1f | %s |" % (n, med[n], ns(n, "loop"), ratio))
    if "core uuidv7()" in med:
        print("\ncore uuidv7() / gen_ulid() v7, net of the loop: %.2f"
              % (ns("core uuidv7()", "loop") / ns("gen_ulid() v7", "loop")))
    print("\n| text | median ms | ns a value, net of the scan | / ulid_out or ulid_in |")
    print("| --- | ---: | ---: | ---: |")
    for n in text_times:
        if n == "scan":
            print("| count(*) over the table (the scan) | %.1f | | |" % med[n])
            continue
        base = "ulid_out" if n in ("ulid_out", "ulid_to_typeid") else "ulid_in"
        print("| %s | %.1f | %.1f | %.2f |"
              % (n, med[n], ns(n, "scan"), ns(n, "scan") / ns(base, "scan")))
    print("\nbytes a value stored: ulid %s, TypeID text %s; the table (id, text, TypeID): %s"
          % (tuple(sizes.split("|")) + (rel,)))
    print("\nraw ms per round:")
    for n, t in {**gen_times, **text_times}.items():
        print("- %s: %s" % (n, " ".join("%.1f" % x for x in t)))


if __name__ == "__main__":
    main()
