#!/usr/bin/env python3
"""Runs a program that reads a transcript on stdin and writes its strip
repair on stdout (tests/install/repair_stdin.c, built against an installed
hcc) over every golden repair case of the strip policy with an expected
output, and compares as the conformance runner does (casefmt.structural).

    tests/install/check_repair.py PROGRAM [ARG...]

Prints "check_repair: N cases, N agree" and exits 1 on any difference (the
first one named) or when no case was found.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import casefmt  # noqa: E402


def main(argv):
    if len(argv) < 2:
        print("usage: check_repair.py PROGRAM [ARG...]", file=sys.stderr)
        return 2
    cases = [c for c in casefmt.load_cases() if c["op"] == "repair"
             and c.get("params", {}).get("policy", "strip") == "strip"
             and len(c.get("params", {})) <= 1 and "output" in c["expect"]]
    agree = 0
    for c in cases:
        r = subprocess.run(argv[1:], input=casefmt.input_bytes(c), capture_output=True)
        want = casefmt.dumps(c["expect"]["output"])
        try:
            why = (r.stderr.decode("utf-8", "replace").strip() if r.returncode != 0
                   else casefmt.first_difference(want, r.stdout))
        except ValueError as e:
            why = "output is not JSON: %s" % e
        if why:
            print("check_repair: %s differs (exit %d): %s" % (c["id"], r.returncode, why),
                  file=sys.stderr)
            return 1
        agree += 1
    print("check_repair: %d cases, %d agree" % (len(cases), agree))
    return 0 if cases else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
