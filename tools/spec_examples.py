#!/usr/bin/env python3
"""spec_examples.py -- the examples of spec/SPEC.md, executed.

An example is a fenced block tagged `hcc-example` holding one golden case
(id, op, params, input, hermes), followed by a block tagged `hcc-expect`
holding its expectation ({"output": ...}, {"stdout": ...} or
{"error": "HCC_E_..."}).  See spec/SPEC.md, "How to read the examples".

  spec_examples.py --check [--impl CMD] [--exact]   run them (make test)
  spec_examples.py --write-golden                   copy them into golden/
  spec_examples.py --fill-from-hermes               rewrite hcc-expect blocks of
                                                    cases marked agrees from
                                                    the hermes adapter (HERMES_SRC)
  spec_examples.py --list                           ids and rules
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
import conform  # noqa: E402

SPEC_FILES = [os.path.join(casefmt.ROOT, "spec", "SPEC.md")]
BLOCK = re.compile(r"^```hcc-example\n(.*?)^```\n\s*^```hcc-expect\n(.*?)^```\n", re.S | re.M)
RULE_ID = re.compile(r"^([A-Z]+-\d+)")


def extract(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cases = []
    for m in BLOCK.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        try:
            case = json.loads(m.group(1))
            expect = json.loads(m.group(2))
        except ValueError as e:
            sys.exit("%s:%d: example is not JSON: %s" % (path, line, e))
        if "rules" not in case:
            m_id = RULE_ID.match(case["id"])
            if not m_id:
                sys.exit("%s:%d: example id %r does not start with a rule id; give \"rules\" explicitly"
                         % (path, line, case["id"]))
            case["rules"] = [m_id.group(1)]
        case["expect"] = expect
        case["source"] = "spec example (spec/SPEC.md)"
        case["_path"] = "%s:%d" % (os.path.relpath(path, casefmt.ROOT), line)
        case["_span"] = (m.start(2), m.end(2))
        cases.append(case)
    return text, cases


def all_cases():
    out = []
    for p in SPEC_FILES:
        if os.path.exists(p):
            out.extend(extract(p)[1])
    return out


def check(impl, exact):
    runner = conform.ProcessRunner(shlex.split(impl), 10.0)
    passed = failed = 0
    seen = set()
    for case in all_cases():
        if case["id"] in seen:
            print("FAIL %s (%s): duplicate example id" % (case["id"], case["_path"]))
            failed += 1
            continue
        seen.add(case["id"])
        rc, out, err = runner.run(case)
        verdict, detail = conform.judge(case, rc, out, err, exact and case.get("exact", True))
        if verdict == "pass":
            passed += 1
        else:
            failed += 1
            print("%s %s (%s)\n  %s" % (verdict.upper(), case["id"], case["_path"], detail))
    print("spec-examples: %d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


def fill_from_hermes(only=None):
    if not os.environ.get("HERMES_SRC"):
        sys.exit("spec_examples: --fill-from-hermes needs HERMES_SRC (see README.md)")
    adapter = [sys.executable, os.path.join(casefmt.ROOT, "tools", "hermes_adapter.py"), "--protocol"]
    runner = conform.ProcessRunner(adapter, 60.0)
    for path in SPEC_FILES:
        if not os.path.exists(path):
            continue
        if only and not any(os.path.relpath(path, casefmt.ROOT).startswith(o) for o in only):
            continue
        text, cases = extract(path)
        for case in reversed(cases):  # edit from the end so spans stay valid
            if not case.get("hermes", "").startswith("agrees"):
                continue
            rc, out, err = runner.run(case)
            if rc == 0:
                exp = {"stdout": out.decode("utf-8")} if "stdout" in case["expect"] else \
                      {"output": json.loads(out.decode("utf-8", "surrogatepass"))}
            elif rc == 1:
                exp = {"error": err.decode().split()[1]}
            else:
                sys.exit("%s: hermes adapter failed (exit %s): %s" % (case["_path"], rc, err.decode()[:500]))
            body = json.dumps(exp, ensure_ascii=False, indent=1) + "\n"
            a, b = case["_span"]
            text = text[:a] + body + text[b:]
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print("spec_examples: expectations of agreeing examples rewritten from hermes")


def write_golden(only=None):
    n = 0
    for case in all_cases():
        if only and not any(case["_path"].startswith(o) for o in only):
            continue
        case = {k: v for k, v in case.items() if not k.startswith("_")}
        path = os.path.join(casefmt.GOLDEN, case["op"], case["id"] + ".json")
        casefmt.write_case(path, case)
        n += 1
    print("spec_examples: wrote %d golden cases" % n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--impl", default="build/hcc --protocol")
    ap.add_argument("--exact", action="store_true")
    ap.add_argument("--write-golden", action="store_true")
    ap.add_argument("--fill-from-hermes", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--only", action="append", default=[],
                    help="with --write-golden / --fill-from-hermes: only examples from this spec file")
    a = ap.parse_args()
    if a.fill_from_hermes:
        fill_from_hermes(a.only)
    if a.write_golden:
        write_golden(a.only)
    if a.list:
        for c in all_cases():
            print(c["id"], ",".join(c["rules"]), c["_path"])
    if a.check:
        sys.exit(check(a.impl, a.exact))


if __name__ == "__main__":
    main()
