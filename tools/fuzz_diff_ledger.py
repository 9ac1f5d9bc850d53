#!/usr/bin/env python3
"""fuzz_diff_ledger.py -- the record of every differential fuzzing campaign
(fuzz/differential/campaigns.json) and its totals per op family.

  tools/fuzz_diff_ledger.py record LEDGER [WORK_DIR] --when TEXT [--only OP,OP] [--hcc COMMIT]
  tools/fuzz_diff_ledger.py totals LEDGER

`record` appends one run per complete <op>.log of WORK_DIR (default
build/fuzz-diff-work): the op, libFuzzer's seconds and inputs, the CPU the
harness process was charged (its "diff_fuzz <op> cpu:" line), the verdicts,
and the hcc commit the binaries were built at (--hcc; default HEAD). A log
without its final lines is refused, not skipped: a campaign must not be
counted from a run that did not finish.

`totals` prints, per op family of issue #27, the runs, inputs and
CPU-minutes. Issue #27 asks an hour per family; it counts measured CPU only
("cpu_seconds"). Earlier runs whose CPU was not measured keep their wall
seconds in "seconds" and are shown apart, never added to the hour. A run
marked "approximate" (a figure from a stop note whose logs were not kept)
is counted and flagged with "~".
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_diff_table  # noqa: E402 (the log reader and the verdict kinds, shared)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = "hcc-fuzz-diff-campaigns 1"
HOUR = 3600

# The nine families issue #27 names, then the ops it does not name.
FAMILIES = [
    ("align", ["align", "align_at"]),
    ("truncate-args", ["truncate_args"]),
    ("prefix ops", ["strip_prefix", "with_prefix", "classify_summary"]),
    ("repair (both policies)", ["repair"]),
    ("prune", ["prune"]),
    ("prune-only", ["prune_only"]),
    ("compress", ["compress"]),
    ("trajectory", ["trajectory"]),
    ("trajectory-snap", ["trajectory_snap"]),
]
OTHERS = [("strip-media", ["strip_media"]), ("redact", ["redact"])]


class LedgerError(Exception):
    pass


def read_log(path, op):
    """The run a log describes, or LedgerError naming what it lacks."""
    stats, verdicts, seconds, cpu = fuzz_diff_table.read_log(path)
    missing = [name for name, v in (("libFuzzer's 'Done' line", seconds),
                                    ("its final stats", stats.get("number_of_executed_units")),
                                    ("the verdict line", verdicts), ("the cpu line", cpu)) if v is None]
    if missing:
        raise LedgerError("%s: the run did not finish (no %s)" % (path, ", ".join(missing)))
    return {"ops": [op], "seconds": seconds, "cpu_seconds": round(cpu, 1),
            "inputs": stats["number_of_executed_units"], "unexplained": fuzz_diff_table.columns(verdicts)[4],
            "verdicts": verdicts}


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise LedgerError("%s: cannot read (%s)" % (path, e.strerror))
    except ValueError as e:
        raise LedgerError("%s: not JSON (%s)" % (path, e))
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("runs"), list):
        raise LedgerError("%s: not a campaign ledger (want an object with format %r and a list runs)" % (path, FORMAT))
    known = {op for _, ops in FAMILIES + OTHERS for op in ops}
    for i, run in enumerate(data["runs"]):
        ok = (isinstance(run, dict) and isinstance(run.get("ops"), list) and run["ops"]
              and all(op in known for op in run["ops"])
              and all(isinstance(run.get(k), int) and run[k] >= 0 for k in ("seconds", "inputs", "unexplained"))
              and (run.get("cpu_seconds") is None or isinstance(run["cpu_seconds"], (int, float)) and run["cpu_seconds"] >= 0)
              and isinstance(run.get("when"), str) and isinstance(run.get("hcc"), str))
        if not ok:
            raise LedgerError("%s: run %d is malformed (ops of known names, seconds/inputs/unexplained "
                              "non-negative integers, cpu_seconds a number or null, when and hcc strings)" % (path, i))
    return data


def record(ledger, work, when, only, hcc=None):
    data = load(ledger)
    logs = sorted(f[:-4] for f in os.listdir(work) if f.endswith(".log")) if os.path.isdir(work) else []
    if only:
        logs = [op for op in logs if op in only]
        absent = sorted(set(only) - set(logs))
        if absent:
            raise LedgerError("%s: no log for %s" % (work, ", ".join(absent)))
    if not logs:
        raise LedgerError("%s: no <op>.log (run make fuzz-diff first)" % work)
    runs = []
    for op in logs:
        run = read_log(os.path.join(work, op + ".log"), op)
        run.update(when=when, hcc=hcc or fuzz_diff_table.commit())
        runs.append(run)
    data["runs"].extend(runs)
    tmp = ledger + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, ledger)
    return runs


def totals(data):
    out = ["| op family | ops | runs | inputs | CPU-minutes measured | wall minutes, CPU not measured "
           "| an hour of measured CPU |", "|---|---|---|---|---|---|---|"]
    for group, families in (("", FAMILIES), (" (not named by #27)", OTHERS)):
        for name, ops in families:
            runs = [r for r in data["runs"] if set(r["ops"]) <= set(ops)]
            cpu = sum(r["cpu_seconds"] for r in runs if r.get("cpu_seconds") is not None)
            wall = sum(r["seconds"] for r in runs if r.get("cpu_seconds") is None)
            approx = any(r.get("approximate") for r in runs if r.get("cpu_seconds") is not None)
            done = "yes" if cpu >= HOUR else "no (%.1f to go)" % ((HOUR - cpu) / 60)
            out.append("| %s%s | %s | %d | %s | %s%.1f | %.1f | %s |" % (
                name, group, ", ".join(ops), len(runs), "{:,}".format(sum(r["inputs"] for r in runs)),
                "~" if approx else "", cpu / 60, wall / 60, done))
    unexplained = sum(r["unexplained"] for r in data["runs"])
    hccs = sorted({r["hcc"] for r in data["runs"]})
    out.append("")
    out.append("%d runs at hcc %s; %d stopped on an unexplained difference (fuzz/README.md says what became of each)."
               % (len(data["runs"]), ", ".join(hccs), unexplained))
    return "\n".join(out)


def main(argv):
    ap = argparse.ArgumentParser(prog="fuzz_diff_ledger.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="verb", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("ledger")
    rec.add_argument("work", nargs="?", default=os.path.join(ROOT, "build", "fuzz-diff-work"))
    rec.add_argument("--when", required=True, help="when the runs were made, e.g. 2026-12-07T12:20Z")
    rec.add_argument("--only", type=lambda v: v.split(","), help="OP,OP: only these logs")
    rec.add_argument("--hcc", help="the commit the binaries were built at (default HEAD)")
    tot = sub.add_parser("totals")
    tot.add_argument("ledger")
    a = ap.parse_args(argv[1:])
    try:
        if a.verb == "totals":
            print("Made by `tools/fuzz_diff_ledger.py totals` from `%s`." % os.path.relpath(a.ledger, ROOT))
            print()
            print(totals(load(a.ledger)))
            return 0
        for run in record(a.ledger, a.work, a.when, a.only, a.hcc):
            print("recorded %s: %d s, %.1f CPU-s, %s inputs" % (run["ops"][0], run["seconds"],
                                                                run["cpu_seconds"], "{:,}".format(run["inputs"])))
        return 0
    except LedgerError as e:
        sys.stderr.write("fuzz_diff_ledger: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
