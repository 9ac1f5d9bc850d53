#!/usr/bin/env python3
"""fuzz_throughput_table.py -- the throughput table of fuzz/README.md from
the logs of `make fuzz-throughput` ($(B)/fuzz-throughput/<target>.log and
the COMMIT file the target writes beside them).

  tools/fuzz_throughput_table.py DIR                 one column: DIR's run
  tools/fuzz_throughput_table.py DIR --before OLD    OLD's run, then DIR's, and the ratio

Per harness: the inputs the seed corpus holds when libFuzzer has loaded it
(its "INITED ... corp: N" line), the inputs run and the execs/s of the
final stats.  A harness whose log lacks the final stats is reported as
incomplete, never left out; a harness in one run only gets empty cells on
the other side.  Exit 2 when DIR holds no log.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz_diff_table import read_log  # noqa: E402  (one parser of libFuzzer's final stats)

TARGET = 2000  # execs/s every harness must reach (issue #27)


def corpus_size(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.search(r"\bINITED\b.*\bcorp: (\d+)/", line)
            if m:
                return int(m.group(1))
    return None


def run_of(folder):
    """{target: (corpus, inputs, execs_per_s) or None}, and the commit."""
    logs = sorted(f for f in os.listdir(folder) if f.endswith(".log")) if os.path.isdir(folder) else []
    out = {}
    for f in logs:
        path = os.path.join(folder, f)
        stats = read_log(path)[0]
        if "average_exec_per_sec" not in stats:
            out[f[:-4]] = None
        else:
            out[f[:-4]] = (corpus_size(path), stats.get("number_of_executed_units", 0),
                           stats["average_exec_per_sec"])
    try:
        with open(os.path.join(folder, "COMMIT"), encoding="utf-8") as f:
            commit = f.read().strip() or "unknown"
    except OSError:
        commit = "unknown"
    return out, commit


def cells(r):
    if r is None:  # [corpus, inputs, execs/s]: the marker where the inputs go
        return ["", "(log incomplete)", ""]
    corp, inputs, eps = r
    return ["?" if corp is None else "{:,}".format(corp), "{:,}".format(inputs), "{:,}".format(eps)]


def main(argv):
    args = [a for a in argv[1:]]
    before = None
    if "--before" in args:
        i = args.index("--before")
        if i + 1 >= len(args):
            sys.stderr.write("fuzz_throughput_table: --before needs a folder\n")
            return 2
        before = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    after, commit = run_of(args[0])
    if not after:
        sys.stderr.write("fuzz_throughput_table: no <target>.log in %s (run make fuzz-throughput first)\n" % args[0])
        return 2
    if before is None:
        print("Made by `tools/fuzz_throughput_table.py` from `make fuzz-throughput` at hcc %s." % commit)
        print()
        print("| harness | corpus | inputs | execs/s |")
        print("|---|---|---|---|")
        for t in sorted(after):
            print("| %s | %s |" % (t, " | ".join(cells(after[t]))))
        return 0
    old, old_commit = run_of(before)
    print("Made by `tools/fuzz_throughput_table.py` from two runs of `make fuzz-throughput`: "
          "before at hcc %s, after at hcc %s." % (old_commit, commit))
    print()
    print("| harness | corpus | before: inputs | before: execs/s | after: inputs | after: execs/s | after/before |")
    print("|---|---|---|---|---|---|---|")
    for t in sorted(set(after) | set(old)):
        a, b = after.get(t, None), old.get(t, None)
        ca = cells(a) if t in after else ["", "", ""]
        cb = cells(b) if t in old else ["", "", ""]
        ratio = "%.2f" % (a[2] / b[2]) if a and b and b[2] else ""
        corp = ca[0] if t in after and a else cb[0]
        print("| %s | %s | %s | %s | %s | %s | %s |" % (t, corp, cb[1], cb[2], ca[1], ca[2], ratio))
    slow = sorted(t for t, r in after.items() if r and r[2] < TARGET)
    print()
    print("Under %s execs/s after: %s." % ("{:,}".format(TARGET), ", ".join(slow) if slow else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
