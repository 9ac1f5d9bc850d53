#!/usr/bin/env python3
"""coverage_gate.py -- line and branch coverage of ref/src from an lcov
tracefile, with a gate.

  coverage_gate.py [--line PCT] [--branch PCT] [--json FILE] LCOV_INFO

Prints one row per source file (lines hit/found, branches hit/found) and
the totals, then `coverage: lines N.N% (gate L%), branches N.N% (gate B%)`.
Exit status 1 when a total is under its gate.  `make coverage` runs it on
build/cv/lcov.info (the library built with gcc --coverage, exercised by the
unit tests, the golden corpus and the fuzz corpus replay).
"""
import argparse
import json
import os
import sys


def parse(path):
    files = {}
    cur = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("SF:"):
                cur = files.setdefault(line[3:], {"lf": 0, "lh": 0, "brf": 0, "brh": 0})
            elif cur is None:
                continue
            elif line.startswith("LF:"):
                cur["lf"] += int(line[3:])
            elif line.startswith("LH:"):
                cur["lh"] += int(line[3:])
            elif line.startswith("BRF:"):
                cur["brf"] += int(line[4:])
            elif line.startswith("BRH:"):
                cur["brh"] += int(line[4:])
            elif line == "end_of_record":
                cur = None
    return files


def pct(hit, found):
    return 100.0 * hit / found if found else 100.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("info")
    ap.add_argument("--line", type=float, default=95.0)
    ap.add_argument("--branch", type=float, default=90.0)
    ap.add_argument("--json", help="also write the numbers as JSON here")
    args = ap.parse_args()
    files = parse(args.info)
    if not files:
        sys.exit("coverage_gate: no source files in %s" % args.info)
    tot = {"lf": 0, "lh": 0, "brf": 0, "brh": 0}
    rows = []
    for path in sorted(files):
        c = files[path]
        for k in tot:
            tot[k] += c[k]
        rows.append((os.path.relpath(path), c))
    width = max(len(r[0]) for r in rows)
    print("%-*s %16s %18s" % (width, "file", "lines", "branches"))
    for name, c in rows:
        print("%-*s %5d/%-5d %5.1f%% %6d/%-6d %5.1f%%" % (
            width, name, c["lh"], c["lf"], pct(c["lh"], c["lf"]), c["brh"], c["brf"], pct(c["brh"], c["brf"])))
    lp, bp = pct(tot["lh"], tot["lf"]), pct(tot["brh"], tot["brf"])
    print("%-*s %5d/%-5d %5.1f%% %6d/%-6d %5.1f%%" % (
        width, "total", tot["lh"], tot["lf"], lp, tot["brh"], tot["brf"], bp))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"lines": lp, "branches": bp, "totals": tot,
                       "files": {n: c for n, c in rows}}, f, indent=1)
    ok = lp >= args.line and bp >= args.branch
    print("coverage: lines %.1f%% (gate %g%%), branches %.1f%% (gate %g%%): %s" % (
        lp, args.line, bp, args.branch, "ok" if ok else "BELOW THE GATE"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
