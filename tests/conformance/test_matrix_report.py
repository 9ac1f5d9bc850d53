#!/usr/bin/env python3
"""The matrix report generator (tools/matrix_report.py) on a fixed verdict
file, tests/conformance/fixture/: three implementations, five cases, a
triage file and a bugs file written by hand.  Every expected figure below is
counted by hand from the fixture (its cases' rules and verdicts), not taken
from the generator's output."""
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIX = os.path.join(ROOT, "tests", "conformance", "fixture")
REPORT = os.path.join(ROOT, "tools", "matrix_report.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import matrix_report  # noqa: E402


class Cells(html.parser.HTMLParser):
    """The td.cell elements of table#matrix: (impl, row) -> (classes, text)."""

    def __init__(self):
        super().__init__()
        self.cells, self.cur, self.rows, self.in_matrix = {}, None, 0, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.in_matrix = a.get("id") == "matrix"
        if self.in_matrix and tag == "tr":
            self.rows += 1
        if self.in_matrix and tag == "td" and "cell" in a.get("class", "").split():
            self.cur = (a["data-impl"], a["data-row"])
            self.cells[self.cur] = [a["class"].split(), ""]

    def handle_endtag(self, tag):
        if tag == "td":
            self.cur = None
        if tag == "table":
            self.in_matrix = False

    def handle_data(self, data):
        if self.cur:
            self.cells[self.cur][1] += data


def run_report(out, *extra):
    return subprocess.run([sys.executable, REPORT, os.path.join(FIX, "verdicts.json"),
                           "--triage", os.path.join(FIX, "triage.json"), "--bugs", os.path.join(FIX, "bugs.json"),
                           "--out", out] + list(extra), capture_output=True, text=True)


class ReportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.proc = run_report(cls.tmp)
        with open(os.path.join(cls.tmp, "results.json"), encoding="utf-8") as f:
            cls.res = json.load(f)
        with open(os.path.join(cls.tmp, "RESULTS.md"), encoding="utf-8") as f:
            cls.md = f.read()
        with open(os.path.join(cls.tmp, "results.html"), encoding="utf-8") as f:
            cls.html = f.read()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def result(self, name):
        return next(p for p in self.res["results"] if p["name"] == name)

    def test_exit_and_closing_lines(self):
        # two untriaged failures of "port" and bug #2 not caught: exit 1
        self.assertEqual(self.proc.returncode, 1, self.proc.stdout + self.proc.stderr)
        self.assertIn("matrix: port: 2 untriaged failures, e.g. ARGS-8-all", self.proc.stdout)
        self.assertIn("matrix: bug #2 is not caught", self.proc.stdout)
        self.assertIn("matrix: bug #4 is not caught", self.proc.stdout)
        self.assertIn("matrix: triage entries that named no failure: [3]", self.proc.stdout)
        self.assertIn("matrix: 3 implementations: 7 passed, 6 failed, 2 skipped", self.proc.stdout)

    def test_cells_counted_per_rule_and_family(self):
        want = {  # (passed, failed, skipped), counted from the fixture
            "ref": {"ARGS": (2, 0, 0), "ARGS-2": (1, 0, 0), "PAIRS": (3, 0, 0), "PAIRS-1": (2, 0, 0)},
            "hermes-old": {"ARGS": (0, 2, 0), "ARGS-8": (0, 1, 0), "PAIRS": (2, 1, 0), "PAIRS-1": (1, 1, 0),
                           "PAIRS-3": (0, 1, 0), "PAIRS-4": (1, 0, 0)},
            "port": {"ARGS": (0, 1, 1), "ARGS-2": (0, 0, 1), "ARGS-8": (0, 1, 0), "PAIRS": (0, 2, 1),
                     "PAIRS-1": (0, 2, 0), "PAIRS-4": (0, 0, 1)},
        }
        for name, rows in want.items():
            cells = self.result(name)["cells"]
            for row, (p, f, s) in rows.items():
                c = cells[row]
                self.assertEqual((c.get("passed", 0), c.get("failed", 0), c.get("skipped", 0)), (p, f, s),
                                 "%s %s" % (name, row))
        self.assertEqual(self.res["families"], ["ARGS", "PAIRS"])  # spec order, not alphabetical by chance
        self.assertEqual(self.res["rules"], ["ARGS-2", "ARGS-5", "ARGS-8", "PAIRS-1", "PAIRS-3", "PAIRS-4"])

    def test_triage_labels(self):
        old = self.result("hermes-old")["verdicts"]
        self.assertEqual(old["ARGS-2-cut"]["triage"]["kind"], "difference")
        self.assertEqual(old["ARGS-8-all"]["triage"]["kind"], "crash")  # the glob hermes-* and the detail regex
        # a hermes version failing a case the corpus marks diverges: the documented divergence
        self.assertEqual(old["PAIRS-1-b"]["triage"], {
            "kind": "divergence", "rule": "DIV-PAIRS-2",
            "words": "documented divergence DIV-PAIRS-2 (SPEC.md): hcc differs from hermes here on purpose"})
        port = self.result("port")
        # not a hermes version: the same case needs an entry of its own, and has one
        self.assertEqual(port["verdicts"]["PAIRS-1-b"]["triage"]["rule"], "PAIRS-3")
        self.assertEqual(sorted(port["untriaged"]), ["ARGS-8-all", "PAIRS-1-a"])
        self.assertEqual(port["skip_reasons"][0]["cases"], 1)
        self.assertEqual(self.res["unused_triage_entries"], [3])

    def test_divergence_before_entries(self):
        # a hermes version failing a case the corpus marks diverges is that divergence even when a
        # triage entry's globs also match it; another implementation gets the entry
        case = {"hermes": "diverges: DIV-PAIRS-2 ids must be strings", "rules": ["PAIRS-1"]}
        entry = {"impls": ["*"], "cases": ["PAIRS-*"], "kind": "difference", "rule": "PAIRS-1", "words": "w"}
        rec = {"verdict": "fail"}
        self.assertEqual(matrix_report.label({"name": "hermes-x", "kind": "hermes"}, "PAIRS-1-b", case, rec, [entry]), -1)
        self.assertEqual(matrix_report.label({"name": "port", "kind": "other"}, "PAIRS-1-b", case, rec, [entry]), 0)
        self.assertEqual(matrix_report.label({"name": "hermes-x", "kind": "hermes"}, "PAIRS-1-b", dict(case, hermes="agrees"),
                                             rec, [entry]), 0)

    def test_families_in_the_specs_order(self):
        # An older results.json listed FALLBACK and REDACT after CHECK; the
        # report orders families as the spec does, whatever the file says.
        res = {"families": ["CHECK", "REDACT", "FALLBACK", "TRAJ", "COMPRESS", "JSON"],
               "rules": ["CHECK-1", "REDACT-2", "FALLBACK-1", "TRAJ-1", "COMPRESS-2", "COMPRESS-1", "JSON-1"]}
        self.assertEqual(matrix_report.families_in_order(res), ["JSON", "COMPRESS", "FALLBACK", "TRAJ", "CHECK", "REDACT"])
        self.assertEqual(matrix_report.ordered_rows(res)[:5], ["JSON", "JSON-1", "COMPRESS", "COMPRESS-2", "COMPRESS-1"])

    def test_bugs(self):
        rows = {b["bug"]: b for b in self.res["bugs"]}
        self.assertIs(rows["#11762"]["caught"], True)
        self.assertEqual((rows["#11762"]["before_verdict"], rows["#11762"]["after_verdict"]), ("fail", "pass"))
        self.assertIsNone(rows["#1"]["caught"])
        self.assertIs(rows["#2"]["caught"], False)
        # fixed after the pin: the pinned side (before) passes, the fixed side fails
        self.assertIs(rows["#3"]["caught"], True)
        self.assertIs(rows["#4"]["caught"], False)

    def test_markdown(self):
        for line in [
            "Made by `make matrix` from hcc commit `0123456789abcdef0123456789abcdef01234567`, golden corpus "
            "hcc-golden 9.9.9 (5 cases), on 2026-01-02.",
            "| rule | ref | hermes-old | port |",
            "| **ARGS** | 2/0/0 | 0/2/0 | 0/1/1 |",
            "| PAIRS-1 | 2/0/0 | 1/1/0 | 0/2/0 |",
            "| port | Python | a port \\| with a bar | repository not named by the code index: p.py @ id 123 | 0 | 3 | 2 | 0 % |",
            "| hermes-old | Python | an old hermes | NousResearch/hermes-agent: agent/context_compressor.py @ abcdef01 "
            "| 2 | 3 | 0 | 40 % |",
            "- port: `PAIRS-1-a`",
            "| #11762 | arguments cut mid-string | hermes-old (fail) | ref (pass) | `ARGS-2-cut` | yes |",
            "| #2 | a bug the corpus misses | port (skip) | hermes-old (pass) | `PAIRS-4-stub` | **no** |",
            "| #3 | fixed after the pin (after the pin) | ref (pass) | port (fail) | `PAIRS-1-a` | yes |",
            "| #4 | after the pin, wrong way round (after the pin) | hermes-old (fail) | ref (pass) | `ARGS-2-cut` | **no** |",
            "- ARGS-2 (difference, 1 case, e.g. `ARGS-2-cut`): cuts arguments mid-string (args[:200] + "
            "\"...[truncated]\"): the result is not JSON",
            "Pass rate by family (of the cases it ran): ARGS 0 % (0/2/0), PAIRS 67 % (2/1/0).",
        ]:
            self.assertIn(line + "\n", self.md)

    def test_html_cells(self):
        p = Cells()
        p.feed(self.html)
        # 2 families + 6 rules, 3 implementations, and the header row
        self.assertEqual(len(p.cells), 8 * 3)
        self.assertEqual(p.rows, 9)
        self.assertIn("pass", p.cells[("ref", "PAIRS")][0])
        self.assertIn("fail", p.cells[("hermes-old", "ARGS")][0])  # every failure named
        self.assertIn("untriaged", p.cells[("port", "PAIRS-1")][0])
        self.assertIn("skip", p.cells[("port", "PAIRS-4")][0])
        self.assertTrue(p.cells[("port", "PAIRS")][1].startswith("0/2/1"))
        # the failing cell opens to its cases with the first differing path, expected and actual
        text = p.cells[("hermes-old", "ARGS-2")][1]
        self.assertIn("ARGS-2-cut", text)
        self.assertIn("$[0].tool_calls[0].function.arguments", text)
        self.assertIn("cuts arguments mid-string", text)
        self.assertNotIn("<script", self.html)  # self-contained, no framework
        self.assertNotIn("http", self.html.replace("http-equiv", ""))

    def test_check_and_render(self):
        out = subprocess.run([sys.executable, REPORT, "--check", self.tmp], capture_output=True, text=True)
        self.assertEqual(out.returncode, 1)  # untriaged failures stay a failure of the check
        self.assertNotIn("is not what its results.json renders to", out.stdout)
        copy = tempfile.mkdtemp()
        try:
            for n in ("results.json", "RESULTS.md", "results.html"):
                shutil.copy(os.path.join(self.tmp, n), copy)
            with open(os.path.join(copy, "RESULTS.md"), "a", encoding="utf-8") as f:
                f.write("edited by hand\n")
            out = subprocess.run([sys.executable, REPORT, "--check", copy], capture_output=True, text=True)
            self.assertIn("RESULTS.md is not what its results.json renders to", out.stdout)
            subprocess.run([sys.executable, REPORT, "--render", os.path.join(copy, "results.json")], check=True,
                           capture_output=True)
            with open(os.path.join(copy, "RESULTS.md"), encoding="utf-8") as f:
                self.assertEqual(f.read(), self.md)
        finally:
            shutil.rmtree(copy)

    def test_readme_summary(self):
        # README.md's table between the markers: passed/failed per family (skips left out) and the
        # totals, counted from the fixture: ref passes all five; hermes-old fails both ARGS cases and
        # PAIRS-1-b (a crash); port's ARGS-8-all timed out, both PAIRS-1 cases fail, two skips
        d = tempfile.mkdtemp()
        try:
            readme = os.path.join(d, "README.md")
            with open(readme, "w", encoding="utf-8") as f:
                f.write("# x\n\n%s\nold table\n%s\n\nafter\n" % (matrix_report.README_BEGIN, matrix_report.README_END))
            run_report(os.path.join(d, "out"), "--readme", readme)
            with open(readme, encoding="utf-8") as f:
                text = f.read()
            for line in ["| implementation | ARGS | PAIRS | passed/failed (pass rate) |",
                         "| ref | 2/0 | 3/0 | 5/0 (100 %) |",
                         "| hermes-old | 0/2 | 2/1 | 2/3 (40 %) |",
                         "| port | 0/1 | 0/2 | 0/3 (0 %) |"]:
                self.assertIn(line + "\n", text)
            self.assertNotIn("old table", text)
            self.assertTrue(text.startswith("# x\n\n" + matrix_report.README_BEGIN + "\n"))
            self.assertTrue(text.endswith(matrix_report.README_END + "\n\nafter\n"))
            check = [sys.executable, REPORT, "--check", os.path.join(d, "out"), "--readme", readme]
            out = subprocess.run(check, capture_output=True, text=True)
            self.assertNotIn("summary table", out.stdout)
            with open(readme, "w", encoding="utf-8") as f:
                f.write(text.replace("| ref | 2/0 |", "| ref | 9/0 |"))
            out = subprocess.run(check, capture_output=True, text=True)
            self.assertEqual(out.returncode, 1)
            self.assertIn("the summary table of %s is not what" % readme, out.stdout)
            with open(readme, "w", encoding="utf-8") as f:
                f.write("no markers\n")
            out = subprocess.run(check, capture_output=True, text=True)
            self.assertIn("has no summary markers", out.stdout)
            self.assertEqual(run_report(os.path.join(d, "out2"), "--readme", readme).returncode, 2)
        finally:
            shutil.rmtree(d)

    def test_bad_inputs(self):
        tmp = tempfile.mkdtemp()
        try:
            bad = os.path.join(tmp, "bad.json")
            for text, words in [("not json", "is not readable JSON"),
                                ('{"entries": [{"impls": ["x"]}]}', "triage entry 0 lacks cases, kind, rule, words"),
                                ('{"entries": [{"impls": ["x"], "cases": ["*"], "kind": "guess", "rule": "R-1", '
                                 '"words": "w"}]}', "kind must be difference or crash"),
                                ('{"entries": [{"impls": ["x"], "cases": ["*"], "kind": "crash", "rule": "R-1", '
                                 '"words": "w", "detail": "("}]}', "detail is not a regular expression")]:
                with open(bad, "w", encoding="utf-8") as f:
                    f.write(text)
                out = subprocess.run([sys.executable, REPORT, os.path.join(FIX, "verdicts.json"), "--triage", bad,
                                      "--out", os.path.join(tmp, "o")], capture_output=True, text=True)
                self.assertEqual(out.returncode, 2, text)
                self.assertIn(words, out.stdout)
                self.assertIn("no report written", out.stdout)
                self.assertFalse(os.path.exists(os.path.join(tmp, "o", "RESULTS.md")))
            with open(bad, "w", encoding="utf-8") as f:
                f.write('{"bugs": [{"bug": "#9", "what": "w", "case": "NO-SUCH-case"}]}')
            out = subprocess.run([sys.executable, REPORT, os.path.join(FIX, "verdicts.json"), "--bugs", bad,
                                  "--out", os.path.join(tmp, "o")], capture_output=True, text=True)
            self.assertIn("names case NO-SUCH-case, which the run did not have", out.stdout)
            out = subprocess.run([sys.executable, REPORT, os.path.join(tmp, "none.json"), "--out",
                                  os.path.join(tmp, "o")], capture_output=True, text=True)
            self.assertIn("does not exist", out.stdout)
            self.assertEqual(out.returncode, 2)
        finally:
            shutil.rmtree(tmp)

    def test_rule_order(self):
        rules = ["PAIRS-10", "ALIGN-2", "PAIRS-2", "JSON-1", "ALIGN-10"]
        self.assertEqual(sorted(rules, key=matrix_report.rule_key),
                         ["JSON-1", "ALIGN-2", "ALIGN-10", "PAIRS-2", "PAIRS-10"])


if __name__ == "__main__":
    unittest.main()
