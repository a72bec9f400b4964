#!/usr/bin/python3
"""Turns workload 9's raw results (migration.json, from bench/migration.sh)
into markdown: migration.md in the same folder.  bench/report.py appends
the same text to results.md when the run has a migration.json.

Usage: migration_report.py RUN_DIR
"""

import json
import os
import re
import statistics
import sys


def median(xs):
    return statistics.median(xs)


def fmt_ms(x):
    return "—" if x is None else "%.1f" % x


def span(xs):
    return "%.1f–%.1f" % (min(xs), max(xs)) if xs else "—"


def fk_checks(step):
    """RI_Initial_Check's runs in a step: [(ms, first plan line)]."""
    text = step.get("fk_checks") or ""
    out = []
    for entry in re.split(r"\n(?=\S)", text):
        m = re.search(r"duration: ([0-9.]+) ms", entry)
        if not m:
            continue
        plan = [l.strip() for l in entry.splitlines()[1:] if l.strip() and "Query Text" not in l]
        top = re.sub(r"\s+\(cost=[^)]*\)", "", plan[0]) if plan else ""
        out.append((float(m.group(1)), top))
    return out


def relation_changes(step):
    before, after = step["relations_before"], step["relations_after"]
    rows = []
    for name in sorted(set(before) | set(after)):
        b, a = before.get(name), after.get(name)
        rows.append((name, b, a))
    return rows


def kept(b, a):
    if b is None:
        return "new"
    if a is None:
        return "gone"
    return "kept" if b["filenode"] == a["filenode"] else "**new**"


def seq_delta(step, rel):
    b = step["stats_before"].get(rel, {})
    a = step["stats_after"].get(rel, {})
    return a.get("seq_scan", 0) - b.get("seq_scan", 0)


def lines(run):
    with open(os.path.join(run, "migration.json")) as fh:
        d = json.load(fh)
    steps = d["steps"]
    alter = [s for s in steps if s["part"] == "alter"]
    out = []
    st = d["settings"]
    out += ["%s; p %d rows, t %d rows, c %d rows (BENCH_SCALE %s); JIT and autovacuum off, "
            "shared_buffers %d MB, maintenance_work_mem %d MB, max_parallel_maintenance_workers %s."
            % (d["server"].split(",")[0], d["parents"], d["rows"], d["child_rows"], d["scale"],
               int(st["shared_buffers"]) * 8 // 1024, int(st["maintenance_work_mem"]) // 1024,
               st["max_parallel_maintenance_workers"])]
    out += ["", "Schema: `p(id uuid PRIMARY KEY, name)`; `t(id uuid PRIMARY KEY, parent_id uuid NOT NULL "
            "REFERENCES p, created_at, payload)` with a hash and a BRIN index on `id` and a btree "
            "index on `parent_id`; `c(id bigint PRIMARY KEY, t_id uuid NOT NULL REFERENCES t, note)` "
            "with a btree index on `t_id`. Keys are `gen_ulid()::uuid`."]

    # summary: the longest wait of a reader of t, for each way
    def way(part, rnd):
        ss = [s for s in steps if s["part"] == part and s["round"] == rnd]
        if not ss or any(s["ms"] is None for s in ss):
            return None
        return (max(s["probe"]["t"]["max_ms"] for s in ss),
                max(s["probe"]["c"]["max_ms"] for s in ss), sum(s["ms"] for s in ss))

    def alter_way(label):
        ok = [s for s in alter if s["label"] == label and s["ms"] is not None]
        if not ok:
            return None
        return (median([s["probe"]["t"]["max_ms"] for s in ok]),
                median([s["probe"]["c"]["max_ms"] for s in ok]), median([s["ms"] for s in ok]))

    base = {1: alter_way("t.id to ulid"), 2: alter_way("t.id to uuid")}
    out += ["", "**Summary**: the longest a reader of t (and of c) waited, in ms, during each way of "
            "moving t.id, and its ratio to the wait during ALTER COLUMN TYPE in the same direction "
            "(medians of its rounds); and the way's total time. All from this run.", ""]
    out += ["| way | to ulid: t waited | / ALTER | c waited | total (ms) "
            "| back to uuid: t waited | / ALTER | c waited | total (ms) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, got in (
            ("ALTER COLUMN TYPE", {1: base[1], 2: base[2]}),
            ("(a) no migration: SET DEFAULT gen_ulid()::uuid", {1: way("online_a", 1), 2: None}),
            ("(c) ALTER TYPE, the primary key only under the lock", {1: way("online_c", 1),
                                                                     2: way("online_c", 2)}),
            ("(b) a new column, swapped in", {1: way("online_b", 1), 2: way("online_b", 2)})):
        row = "| %s |" % name
        for r in (1, 2):
            g = got[r]
            if g is None or base[r] is None:
                row += " — | | | |"
            else:
                row += " %.1f | %.3f | %.1f | %.1f |" % (g[0], g[0] / base[r][0], g[1], g[2])
        out.append(row)

    # ALTER COLUMN TYPE
    labels = []
    for s in alter:
        if s["label"] not in labels:
            labels.append(s["label"])
    rounds = max(s["round"] for s in alter)
    out += ["", "**ALTER COLUMN ... TYPE**, %d rounds, in this order in each round (medians, "
            "min–max). *Reader waited*: the longest probe of a session reading t (or c) by key, "
            "one probe a millisecond from before the statement to its end. *ACCESS EXCLUSIVE*: "
            "how long the statement's backend held it on the altered table, sampled from pg_locks "
            "every 2 ms. *FK check*: auto_explain's duration of RI_Initial_Check's query, the "
            "re-validation of the foreign key." % rounds, ""]
    out += ["| statement | time (ms) | min–max | reader of t waited (ms) | reader of c waited (ms) "
            "| longer reader's wait / time | ACCESS EXCLUSIVE held (ms) | FK check (ms) | heap "
            "| indexes of the column |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for label in labels:
        ss = [s for s in alter if s["label"] == label]
        ok = [s for s in ss if s["ms"] is not None]
        if not ok:
            err = re.sub(r"\s+DETAIL:\s+", ": ", ss[0]["error"].replace("ERROR:  ", "")).strip()
            out.append("| %s | fails in all %d rounds: %s | | | | | | | | |" % (label, len(ss), err))
            continue
        ms = [s["ms"] for s in ok]
        wt = [s["probe"]["t"]["max_ms"] for s in ok]
        wc = [s["probe"]["c"]["max_ms"] for s in ok]
        ex = [s["locks"]["exclusive_ms"] for s in ok if s["locks"]["exclusive_ms"] is not None]
        fk = [sum(x for x, _ in fk_checks(s)) for s in ok if fk_checks(s)]
        table = label.split(".")[0]
        heap = {kept(b, a) for s in ok for n, b, a in relation_changes(s) if n == table}
        # the column's indexes: those whose operator class changed
        idx = {n for s in ok for n, b, a in relation_changes(s)
               if b and a and n != table and b["opclass"] != a["opclass"]}
        rebuilt = [sum(1 for n, b, a in relation_changes(s) if n in idx and kept(b, a) != "kept")
                   for s in ok]
        ratio = median([max(s["probe"]["t"]["max_ms"], s["probe"]["c"]["max_ms"]) / s["ms"] for s in ok])
        out.append("| `%s` | %.1f | %s | %.1f | %.1f | %.3f | %s | %s | %s | %s of %d rebuilt%s |" % (
            label, median(ms), span(ms), median(wt), median(wc), ratio,
            fmt_ms(median(ex)) if ex else "—", fmt_ms(median(fk)) if fk else "none",
            "kept" if heap == {"kept"} else "rewritten",
            "/".join(str(r) for r in sorted(set(rebuilt))), len(idx),
            " in every round" if len(set(rebuilt)) == 1 else ""))

    # locks and foreign-key checks
    out += ["", "**Locks and foreign-key checks, round 1**: the lock modes the statement's backend "
            "was seen holding (pg_locks, every 2 ms); seq_scan counts it added "
            "(pg_stat_user_tables); the plan of each RI_Initial_Check query (auto_explain).", ""]
    out += ["| statement | locks seen | seq scans of p, t, c | FK check plans |", "|---|---|---|---|"]
    for s in [s for s in alter if s["round"] == 1]:
        modes = ", ".join((s["locks"] or {}).get("modes") or [])
        checks = "; ".join("%s (%.1f ms)" % (p, ms) for ms, p in fk_checks(s)) or "none"
        out.append("| `%s`%s | %s | %d, %d, %d | %s |" % (
            s["label"], " (fails)" if s["ms"] is None else "", modes,
            seq_delta(s, "p"), seq_delta(s, "t"), seq_delta(s, "c"), checks))

    # the online ways
    out += ["", "**(a) No migration**: the uuid column takes ULID values from now on.", ""]
    out += ["| step | time (ms) | reader of t waited (ms) | locks seen |", "|---|---:|---:|---|"]
    for s in [s for s in steps if s["part"] == "online_a"]:
        out.append("| `%s` | %s | %.1f | %s |" % (
            s["sql"].strip(), fmt_ms(s["ms"]), s["probe"]["t"]["max_ms"],
            ", ".join((s["locks"] or {}).get("modes") or []) or "none seen"))
    plans = [s for s in steps if s["part"] == "plan"]
    out += ["", "Plans (`EXPLAIN (COSTS OFF)`):", ""]
    out += ["| | query | plan |", "|---|---|---|"]
    for s in plans:
        out.append("| %s | `%s` | %s |" % (s["label"], s["sql"], " ".join(
            "`%s`" % l.strip() for l in s["plan"].splitlines() if l.strip())))

    checks = {s["label"]: s for s in steps if s["part"] == "check"}
    for part, title in (
            ("online_c", "**(c) ALTER COLUMN TYPE with the primary key only under the lock**: in one "
             "transaction, drop the hash and BRIN indexes and the foreign key of c, ALTER TYPE "
             "(which then rebuilds the primary key only), add the foreign key back NOT VALID; then "
             "validate it and build the two indexes concurrently."),
            ("online_b", "**(b) A new column, swapped in**: add a column of the other type and a "
             "trigger that fills it, backfill it in batches by key range (a transaction each), "
             "CHECK (id_new IS NOT NULL) NOT VALID then validated, the three indexes built "
             "concurrently, a NOT VALID foreign key from c to it then validated, then one swap "
             "transaction (SET NOT NULL, which the validated check makes a catalog change; the "
             "primary key moved to the new unique index; the old column dropped; names moved "
             "over), then VACUUM.")):
        ss = [s for s in steps if s["part"] == part]
        if not ss:
            continue
        out += ["", title + " Round 1 to ulid, round 2 back to uuid, one run each.", ""]
        for rnd in sorted({s["round"] for s in ss}):
            rs = [s for s in ss if s["round"] == rnd]
            total = sum(s["ms"] for s in rs if s["ms"] is not None)
            failed = [s["label"] for s in rs if s["ms"] is None]
            chk = checks.get("(%s) after round %d" % (part[-1], rnd), {})
            tb = rs[0]["relations_before"]["t"]["bytes"]
            ta = rs[-1]["relations_after"]["t"]["bytes"]
            out.append("- Round %d: total %.1f ms; table t %.1f MB before, %.1f MB after; then "
                       "`t.id` is %s, and a missing key inserted into c is %s.%s"
                       % (rnd, total, tb / 2**20, ta / 2**20, chk.get("t.id type", "?"),
                          chk.get("missing key in c", "?"),
                          " Failed steps: %s." % ", ".join(failed) if failed else ""))
        out += ["", "ACCESS EXCLUSIVE held: on t, on c for the foreign-key steps, sampled every "
                "2 ms; 0.0 is one sample, — none seen (a step shorter than 2 ms can hold it "
                "unseen). Locks seen: round 1.", ""]
        rnds = sorted({s["round"] for s in ss})
        head = "| step |" + "".join(
            " time, round %d (ms) | reader of t waited (ms) | reader of c waited (ms) "
            "| ACCESS EXCLUSIVE held (ms) |" % r for r in rnds) + " locks seen |"
        out += [head, "|---|" + "---:|---:|---:|---:|" * len(rnds) + "---|"]
        labels = []
        for s in ss:
            if s["label"] not in labels:
                labels.append(s["label"])
        for label in labels:
            row = "| %s |" % label
            modes = ""
            for r in rnds:
                s = next((x for x in ss if x["label"] == label and x["round"] == r), None)
                if s is None:
                    row += " | | | |"
                    continue
                if r == rnds[0]:
                    modes = ", ".join((s["locks"] or {}).get("modes") or []) or "none seen"
                row += " %s | %.1f | %.1f | %s |" % (
                    fmt_ms(s["ms"]) if s["ms"] is not None else "fails: " + s["error"],
                    s["probe"]["t"]["max_ms"], s["probe"]["c"]["max_ms"],
                    fmt_ms((s["locks"] or {}).get("exclusive_ms")))
            out.append(row + " " + modes + " |")
    return out


def main():
    run = sys.argv[1]
    text = "\n".join(lines(run)) + "\n"
    with open(os.path.join(run, "migration.md"), "w") as fh:
        fh.write(text)
    print(text)


if __name__ == "__main__":
    main()
