#!/usr/bin/python3
"""Tests bench/report.py on the committed runs in bench/results/, without
running the benchmark:

- on each committed run, report.py writes again the committed results.md
  and inserts.dat, byte for byte (the record the README quotes is what the
  script makes of the raw data);
- in every Targets row, the verdict agrees with the figure printed next to
  it, also for ratios that round onto the limit (a copy of a run with its
  sort medians set to 1003 and 1000 ms must say "1.00 | <= 1.00 | yes";
  1006 and 1000 ms "1.01 | <= 1.00 | no"), and for a leaf density that
  rounds onto its ">= 88.0".

Prints "bench_report: N passed, N failed".
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
INPUTS = ("main.json", "small_buffers.json", "codec.txt", "machine.txt")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok: " + what)
    else:
        failed += 1
        print("FAILED: " + what)


def report(run):
    """Runs report.py on a folder; returns the Targets rows as lists of cells."""
    subprocess.run([sys.executable, os.path.join(HERE, "report.py"), run],
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(run, "results.md"), encoding="utf-8") as fh:
        text = fh.read()
    table = text.split("### Targets\n", 1)[1].split("\n### ", 1)[0]
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in table.splitlines()
            if line.startswith("| ") and not line.startswith("| #")]


def row(rows, what):
    return next(r for r in rows if r[1] == what)


def agrees(r):
    """Whether a row's verdict follows from its printed figure and limit."""
    m = re.fullmatch(r"(<=|>=) ([0-9.]+)", r[3])
    if not m or not re.fullmatch(r"[0-9.]+", r[2]):
        return None     # not a numeric comparison (the allocations row)
    value, limit = float(r[2]), float(m.group(2))
    met = value <= limit if m.group(1) == "<=" else value >= limit
    return r[4] == ("yes" if met else "**no**")


def copy_run(src, dst):
    os.mkdir(dst)
    for f in INPUTS:
        shutil.copy(os.path.join(src, f), dst)


def edit_main(run, change):
    path = os.path.join(run, "main.json")
    with open(path) as fh:
        data = json.load(fh)
    change(data)
    with open(path, "w") as fh:
        json.dump(data, fh)


work = tempfile.mkdtemp(prefix="ulid-bench-report.")
try:
    runs = sorted(d for d in os.listdir(RESULTS)
                  if os.path.isfile(os.path.join(RESULTS, d, "main.json"))
                  and d != "local")
    check(len(runs) > 0, "committed runs in bench/results: %s" % ", ".join(runs))
    for name in runs:
        src = os.path.join(RESULTS, name)
        run = os.path.join(work, name)
        copy_run(src, run)
        rows = report(run)
        for f in ("results.md", "inserts.dat"):
            with open(os.path.join(src, f), encoding="utf-8") as a, \
                    open(os.path.join(run, f), encoding="utf-8") as b:
                check(a.read() == b.read(), "%s: report.py writes the committed %s again" % (name, f))
        bad = [r for r in rows if agrees(r) is False]
        check(len(rows) >= 10 and not bad,
              "%s: %d targets, every verdict agrees with its printed figure%s"
              % (name, len(rows), "".join("; not: " + " | ".join(r) for r in bad)))

    # ratios and a density that round onto their limits
    base = os.path.join(RESULTS, runs[0])
    cases = (
        ("sort 1003/1000 ms", lambda d: d["sorting"]["ms"].update(
            {"ulid shuffled": [1003.0] * 5, "uuid shuffled": [1000.0] * 5}),
         "sort, shuffled ulid / shuffled uuid", ["1.00", "<= 1.00", "yes"]),
        ("sort 1006/1000 ms", lambda d: d["sorting"]["ms"].update(
            {"ulid shuffled": [1006.0] * 5, "uuid shuffled": [1000.0] * 5}),
         "sort, shuffled ulid / shuffled uuid", ["1.01", "<= 1.00", "**no**"]),
        ("leaf density 87.96%", lambda d: [i.update(leaf_density=87.96)
                                           for i in d["primary_keys"]["index"]["ulid"]],
         "ulid index leaf density (%)", ["88.0", ">= 88.0", "yes"]),
        ("leaf density 87.94%", lambda d: [i.update(leaf_density=87.94)
                                           for i in d["primary_keys"]["index"]["ulid"]],
         "ulid index leaf density (%)", ["87.9", ">= 88.0", "**no**"]),
    )
    for i, (label, change, what, want) in enumerate(cases):
        run = os.path.join(work, "case%d" % i)
        copy_run(base, run)
        edit_main(run, change)
        got = row(report(run), what)[2:]
        check(got == want, "%s: \"%s\" gives %s (want %s)" % (label, what, " | ".join(got), " | ".join(want)))
finally:
    shutil.rmtree(work)

print("bench_report: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
