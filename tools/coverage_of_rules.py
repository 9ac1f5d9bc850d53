#!/usr/bin/env python3
"""coverage_of_rules.py -- the link between spec rules and golden cases.

Fails (exit 1) when a rule of spec/SPEC.md has no golden case, a case names
a rule the spec does not have, an op has no case for rejected input, a case
file is not named after its id, or golden/manifest.json is stale.
`--write-manifest` rewrites the manifest.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
import spec_examples  # noqa: E402

HEADING = re.compile(r"^#{2,4} ([A-Z]+-\d+) — (.*)$", re.M)
DIV_DEF = re.compile(r"^(?:#{3,4} |\*\*)(DIV-[A-Z]+-\d+) — ", re.M)
DIV_REF = re.compile(r"DIV-[A-Z]+-\d+")
MANIFEST = os.path.join(casefmt.GOLDEN, "manifest.json")


def spec_rules():
    rules = {}
    for path in spec_examples.SPEC_FILES:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for m in HEADING.finditer(f.read()):
                    if "withdrawn" not in m.group(2):
                        rules[m.group(1)] = m.group(2)
    return rules


def spec_divergences():
    with open(spec_examples.SPEC_FILES[0], encoding="utf-8") as f:
        return set(DIV_DEF.findall(f.read()))


def manifest(cases):
    return {
        "cases": [{"id": c["id"], "path": c["_path"], "op": c["op"], "rules": c["rules"],
                   "hermes": c.get("hermes", "").split(":")[0]} for c in cases],
    }


def main():
    rules = spec_rules()
    divs = spec_divergences()
    cases = casefmt.load_cases()
    problems = []
    by_rule = {r: 0 for r in rules}
    ops = {}
    for c in cases:
        base = os.path.basename(c["_path"])[:-5]
        if base != c["id"]:
            problems.append("%s: file name does not match id %s" % (c["_path"], c["id"]))
        if not c["_path"].startswith("golden/%s/" % c["op"]):
            problems.append("%s: not under golden/%s/" % (c["_path"], c["op"]))
        for r in c.get("rules", []):
            if r not in by_rule:
                problems.append("%s: names rule %s, which the spec does not have" % (c["_path"], r))
            else:
                by_rule[r] += 1
        rej = "error" in c.get("expect", {})
        ops.setdefault(c["op"], [0, 0])[1 if rej else 0] += 1
        if not c.get("hermes"):
            problems.append("%s: no hermes verdict" % c["_path"])
        for div in DIV_REF.findall(c.get("hermes", "")):
            if div not in divs:
                problems.append("%s: cites %s, which the spec does not define" % (c["_path"], div))
    cli_tests = open(os.path.join(casefmt.ROOT, "tests", "cli", "test_cli.sh"), encoding="utf-8").read()
    for r, n in sorted(by_rule.items()):
        if rules[r].endswith("(CLI)"):
            # command-line rules are pinned by the CLI test, not the corpus
            if r not in cli_tests:
                problems.append("CLI rule %s (%s) is not tested in tests/cli/test_cli.sh" % (r, rules[r]))
        elif n == 0:
            problems.append("rule %s (%s) has no golden case" % (r, rules[r]))
    for op, (ok, rej) in sorted(ops.items()):
        if rej == 0:
            problems.append("op %s has no case for rejected input" % op)
    want = json.dumps(manifest(cases), indent=1, ensure_ascii=False) + "\n"
    if "--write-manifest" in sys.argv:
        with open(MANIFEST, "w", encoding="utf-8") as f:
            f.write(want)
    elif not os.path.exists(MANIFEST) or open(MANIFEST, encoding="utf-8").read() != want:
        problems.append("golden/manifest.json is stale: run tools/coverage_of_rules.py --write-manifest")
    for p in problems:
        print("rule-coverage: " + p)
    agree = sum(1 for c in cases if c.get("hermes", "").startswith("agrees"))
    print("rule-coverage: %d rules, %d cases (%d agree with hermes), %d ops; %d problems"
          % (len(rules), len(cases), agree, len(ops), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
