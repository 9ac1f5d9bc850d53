#!/usr/bin/env python3
"""fuzz_diff_table.py -- the table of a `make fuzz-diff` run, from its logs
(build/fuzz-diff-work/<op>.log), as Markdown for fuzz/README.md.

  tools/fuzz_diff_table.py [WORK_DIR] [--note TEXT] [--hcc COMMIT]

(--hcc: the commit the binaries were built at; default HEAD)

Per op: seconds, the CPU-minutes the harness was charged (its "diff_fuzz
<op> cpu:" line; "?" in logs older than that line), inputs run, execs/s
(libFuzzer's final stats), and the verdicts
tools/diff_oracle.py counted (its last "diff_fuzz <op>: {...}" line):
same output, both refused, the other side raised, explained by a named
rule (JSON-*, DIV-*), unexplained (a run that stopped on a difference).
An op whose log lacks either line is reported as such, not left out.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def read_log(path):
    """libFuzzer's final stats, the oracle's verdicts, the seconds and the
    CPU seconds the harness was charged (None where the log lacks them)."""
    stats, verdicts, seconds, cpu = {}, None, None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"stat::(\w+):\s+(\d+)", line)
            if m:
                stats[m.group(1)] = int(m.group(2))
            m = re.match(r"diff_fuzz [\w-]+: (\{.*\})\s*$", line)
            if m:
                verdicts = json.loads(m.group(1))
            m = re.match(r"diff_fuzz [\w-]+ cpu: ([0-9.]+) s\s*$", line)
            if m:
                cpu = float(m.group(1))
            m = re.match(r"Done \d+ runs in (\d+) second", line)
            if m:
                seconds = int(m.group(1))
    return stats, verdicts, seconds, cpu


# The headings of columns()'s five kinds, in its order.
KINDS = ("same output", "both refused", "hermes raised", "explained by a named rule", "unexplained")


def columns(verdicts):
    """The verdicts as the table's five kinds: same output, both refused,
    the other raised, explained by a named rule, unexplained."""
    same = verdicts.get("same output", 0)
    refused = sum(n for k, n in verdicts.items() if k.startswith("both refused"))
    raised = sum(n for k, n in verdicts.items() if k.startswith("the other raised"))
    named = sum(n for k, n in verdicts.items() if k.startswith(("JSON-", "DIV-")))
    return same, refused, raised, named, sum(verdicts.values()) - same - refused - raised - named


def row(op, stats, verdicts, seconds, cpu):
    if not stats or verdicts is None:
        return "| %s | (log incomplete) | | | | | | | | |" % op
    cells = [stats.get("number_of_executed_units", 0), stats.get("average_exec_per_sec", 0)] + list(columns(verdicts))
    return "| %s | %s | %s | %s |" % (op, seconds if seconds is not None else "?",
                                      "%.1f" % (cpu / 60) if cpu is not None else "?",
                                      " | ".join("{:,}".format(c) for c in cells))


def main(argv):
    work = argv[1] if len(argv) > 1 and not argv[1].startswith("--") else os.path.join(ROOT, "build", "fuzz-diff-work")
    note = argv[argv.index("--note") + 1] if "--note" in argv else ""
    hcc = argv[argv.index("--hcc") + 1] if "--hcc" in argv else commit()
    logs = sorted(f for f in os.listdir(work) if f.endswith(".log")) if os.path.isdir(work) else []
    if not logs:
        sys.stderr.write("fuzz_diff_table: no <op>.log in %s (run make fuzz-diff first)\n" % work)
        return 2
    print("Made by `tools/fuzz_diff_table.py` from the logs of `make fuzz-diff` at hcc %s%s." % (
        hcc, (" " + note) if note else ""))
    print()
    print("| op | seconds | CPU-minutes | inputs | execs/s | %s |" % " | ".join(KINDS))
    print("|---|---|---|---|---|---|---|---|---|---|")
    for f in logs:
        print(row(f[:-4], *read_log(os.path.join(work, f))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
