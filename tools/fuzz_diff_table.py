#!/usr/bin/env python3
"""fuzz_diff_table.py -- the table of a `make fuzz-diff` run, from its logs
(build/fuzz-diff-work/<op>.log), as Markdown for fuzz/README.md.

  tools/fuzz_diff_table.py [WORK_DIR] [--note TEXT]

Per op: inputs run, execs/s (libFuzzer's final stats), and the verdicts
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
    stats, verdicts, seconds = {}, None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"stat::(\w+):\s+(\d+)", line)
            if m:
                stats[m.group(1)] = int(m.group(2))
            m = re.match(r"diff_fuzz [\w-]+: (\{.*\})\s*$", line)
            if m:
                verdicts = json.loads(m.group(1))
            m = re.match(r"Done \d+ runs in (\d+) second", line)
            if m:
                seconds = int(m.group(1))
    return stats, verdicts, seconds


def row(op, stats, verdicts, seconds):
    if not stats or verdicts is None:
        return "| %s | (log incomplete) | | | | | | | |" % op
    same = verdicts.get("same output", 0)
    refused = sum(n for k, n in verdicts.items() if k.startswith("both refused"))
    raised = sum(n for k, n in verdicts.items() if k.startswith("the other raised"))
    named = sum(n for k, n in verdicts.items() if k.startswith(("JSON-", "DIV-")))
    other = sum(verdicts.values()) - same - refused - raised - named
    cells = [stats.get("number_of_executed_units", 0), stats.get("average_exec_per_sec", 0), same,
             refused, raised, named, other]
    return "| %s | %s | %s |" % (op, seconds if seconds is not None else "?",
                                 " | ".join("{:,}".format(c) for c in cells))


def main(argv):
    work = argv[1] if len(argv) > 1 and not argv[1].startswith("--") else os.path.join(ROOT, "build", "fuzz-diff-work")
    note = argv[argv.index("--note") + 1] if "--note" in argv else ""
    logs = sorted(f for f in os.listdir(work) if f.endswith(".log")) if os.path.isdir(work) else []
    if not logs:
        sys.stderr.write("fuzz_diff_table: no <op>.log in %s (run make fuzz-diff first)\n" % work)
        return 2
    print("Made by `tools/fuzz_diff_table.py` from the logs of `make fuzz-diff` at hcc %s%s." % (
        commit(), (" " + note) if note else ""))
    print()
    print("| op | seconds | inputs | execs/s | same output | both refused | hermes raised "
          "| explained by a named rule | unexplained |")
    print("|---|---|---|---|---|---|---|---|---|")
    for f in logs:
        print(row(f[:-4], *read_log(os.path.join(work, f))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
