#!/usr/bin/env python3
"""fuzz_diff_raised.py -- group the inputs where hermes raised (the
HCC_DIFF_RAISED_LOG file of a differential run, tools/diff_oracle.py) by op,
by what hcc did, and by the exception, so each group can be matched to the
spec entry that decides it.

  tools/fuzz_diff_raised.py LOG [--examples N]

The exception is grouped by its type and its message with quoted names,
numbers and hex ids replaced by placeholders ('str' object is not iterable
and 'int' object is not iterable are one group). With --examples N, the
first N requests of each group follow it (the exception as raised, params
and input, for replaying through tools/hermes_adapter.py or build/hcc).
"""
import argparse
import base64
import collections
import json
import re
import sys


def shape(exc):
    exc = re.sub(r"'[^']*'", "'…'", exc)
    exc = re.sub(r"0x[0-9a-f]+|\b\d+\b", "N", exc)
    return exc[:160]


def main(argv):
    ap = argparse.ArgumentParser(prog="fuzz_diff_raised.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("log")
    ap.add_argument("--examples", type=int, default=0, metavar="N")
    a = ap.parse_args(argv[1:])
    groups = collections.OrderedDict()
    try:
        with open(a.log, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    r = json.loads(line)
                    code = r["hcc_err"].split()[-1] if r["hcc"] == "refused" and r["hcc_err"].split() else ""
                    key = (r["op"], r["hcc"] + (" " + code if code else ""), shape(r["exception"]))
                except (ValueError, KeyError, TypeError):
                    sys.stderr.write("fuzz_diff_raised: %s line %d is not a raised-log line\n" % (a.log, n))
                    return 2
                groups.setdefault(key, []).append(r)
    except OSError as e:
        sys.stderr.write("fuzz_diff_raised: cannot read %s (%s)\n" % (a.log, e.strerror))
        return 2
    total = sum(len(v) for v in groups.values())
    print("%d inputs where the other side raised, %d groups" % (total, len(groups)))
    for (op, hcc, exc), rs in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        print("%7d  %s, hcc %s: %s" % (len(rs), op, hcc, exc))
        for r in rs[:a.examples]:
            data = base64.b64decode(r["input_b64"]).decode("utf-8", "replace")
            print("         %s" % r["exception"][:300])
            print("         params %s input %s" % (json.dumps(r["params"]), json.dumps(data[:300], ensure_ascii=False)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
