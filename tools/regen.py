#!/usr/bin/env python3
"""regen.py -- rewrites golden expectations from the pinned hermes code.

  HERMES_SRC=... tools/regen.py [--select GLOB]... [--check]

For every golden case marked `"hermes": "agrees"`, runs the hermes adapter
and writes its answer into "expect".  Cases marked `diverges` keep the
expectation the spec's Divergences section decides.  --check only reports
cases whose stored expectation differs from hermes (exit 1 if any), which is
how `make conform IMPL=hermes` is cross-checked.  Review the git diff of a
regeneration like code.
"""
import argparse
import fnmatch
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
import conform  # noqa: E402


def hermes_expect(runner, case):
    rc, out, err = runner.run(case)
    if rc == 0:
        if "stdout" in case.get("expect", {}):
            return {"stdout": out.decode("utf-8")}
        return {"output": json.loads(out.decode("utf-8", "surrogatepass"))}
    if rc == 1:
        return {"error": err.decode().split()[1]}
    raise RuntimeError("hermes adapter exit %s on %s: %s" % (rc, case["id"], err.decode()[:800]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--select", action="append", default=[])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if not os.environ.get("HERMES_SRC"):
        sys.exit("regen: needs HERMES_SRC=<folder with the pinned hermes-agent files> (see README.md)")
    adapter = [sys.executable, os.path.join(casefmt.ROOT, "tools", "hermes_adapter.py")]
    runner = conform.ServeRunner(adapter, 120.0)
    changed = same = 0
    for case in casefmt.load_cases():
        if a.select and not conform.matches(case, a.select):
            continue
        if not case.get("hermes", "").startswith("agrees"):
            continue
        exp = hermes_expect(runner, case)
        if casefmt.dumps(exp) == casefmt.dumps(case.get("expect")):
            same += 1
            continue
        changed += 1
        if a.check:
            print("DIFFERS %s (%s)" % (case["id"], case["_path"]))
            continue
        case["expect"] = exp
        casefmt.write_case(os.path.join(casefmt.ROOT, case["_path"]), case)
    runner.close()
    print("regen: %d unchanged, %d %s" % (same, changed, "differ" if a.check else "rewritten"))
    sys.exit(1 if a.check and changed else 0)


if __name__ == "__main__":
    main()
