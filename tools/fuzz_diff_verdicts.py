#!/usr/bin/env python3
"""fuzz_diff_verdicts.py -- count the verdicts of a differential replay
(the HCC_DIFF_VERDICT_LOG file of tools/diff_oracle.py) by the value of one
op parameter, in the five kinds of fuzz/README.md's tables.

  tools/fuzz_diff_verdicts.py LOG --by PARAM [--absent LABEL]

Made to show that a campaign exercised every value of a parameter: e.g.
repair's "policy" (strip and stub, spec PAIRS-*), by replaying the grown
corpus once (-runs=0) with the log set. Inputs whose params lack PARAM (the
harness leaves a parameter out where the op's default applies) are counted
under LABEL, "(absent)" unless given: --absent strip for repair.
"""
import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_diff_table  # noqa: E402 (the five verdict kinds and their headings, shared)


def main(argv):
    ap = argparse.ArgumentParser(prog="fuzz_diff_verdicts.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("log")
    ap.add_argument("--by", required=True, metavar="PARAM")
    ap.add_argument("--absent", default="(absent)", metavar="LABEL")
    a = ap.parse_args(argv[1:])
    by = collections.defaultdict(collections.Counter)
    try:
        with open(a.log, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    r = json.loads(line)
                    value = r["params"].get(a.by, a.absent)  # AttributeError: params not an object
                    if not isinstance(r["verdict"], str):
                        raise TypeError
                    by[(r["op"], json.dumps(value))][r["verdict"]] += 1
                except (ValueError, KeyError, TypeError, AttributeError):
                    sys.stderr.write("fuzz_diff_verdicts: %s line %d is not a verdict-log line\n" % (a.log, n))
                    return 2
    except OSError as e:
        sys.stderr.write("fuzz_diff_verdicts: cannot read %s (%s)\n" % (a.log, e.strerror))
        return 2
    print("| op | %s | inputs | %s |" % (a.by, " | ".join(fuzz_diff_table.KINDS)))
    print("|---|---|---:|%s" % ("---:|" * len(fuzz_diff_table.KINDS)))
    for (op, value), verdicts in sorted(by.items()):
        cols = fuzz_diff_table.columns(verdicts)
        print("| %s | %s | %d | %s |" % (op, value, sum(verdicts.values()), " | ".join(str(c) for c in cols)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
