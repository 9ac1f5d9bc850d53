"""The verdict-log of tools/diff_oracle.py (HCC_DIFF_VERDICT_LOG) and its
count by parameter, tools/fuzz_diff_verdicts.py."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools")
sys.path.insert(0, TOOLS)
import diff_oracle  # noqa: E402

SAME = (0, b"[]", b"")


class VerdictLog(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.log = os.path.join(self.d, "verdicts.jsonl")
        os.environ["HCC_DIFF_VERDICT_LOG"] = self.log
        self.saved = dict(diff_oracle._state)

    def tearDown(self):
        del os.environ["HCC_DIFF_VERDICT_LOG"]
        diff_oracle._state.update(self.saved)
        for f in os.listdir(self.d):
            os.unlink(os.path.join(self.d, f))
        os.rmdir(self.d)

    def ask(self, params, other, hcc=SAME):
        diff_oracle._state["ask"] = lambda op, req: other
        return diff_oracle.check("repair", json.dumps(params).encode(), b"[]", *hcc)

    def count(self, *args):
        return subprocess.run([sys.executable, os.path.join(TOOLS, "fuzz_diff_verdicts.py")] + list(args),
                              capture_output=True, text=True)

    def test_every_input_logged_and_counted_by_param(self):
        self.assertIsNone(self.ask({"policy": "strip"}, SAME))
        self.assertIsNone(self.ask({"policy": "stub"}, SAME))
        self.assertIsNone(self.ask({"policy": "stub"}, (1, b"", b"error: HCC_E_SHAPE"),
                                   (1, b"", b"error: HCC_E_SHAPE")))
        # A difference is logged too, before it is reported.
        self.assertIsNotNone(self.ask({"policy": "stub"}, (0, b"[1]", b"")))
        self.assertIsNone(self.ask({}, SAME))
        with open(self.log, encoding="utf-8") as f:
            got = [json.loads(line) for line in f]
        self.assertEqual([r["params"].get("policy") for r in got], ["strip", "stub", "stub", "stub", None])
        self.assertEqual(got[0]["verdict"], "same output")
        r = self.count(self.log, "--by", "policy")
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = [line for line in r.stdout.splitlines() if line.startswith("| repair")]
        self.assertEqual(rows, ['| repair | "(absent)" | 1 | 1 | 0 | 0 | 0 | 0 |',
                                '| repair | "strip" | 1 | 1 | 0 | 0 | 0 | 0 |',
                                '| repair | "stub" | 3 | 1 | 1 | 0 | 0 | 1 |'])

    def test_bad_input(self):
        with open(self.log, "w") as f:
            f.write('{"op": "repair", "params": [], "verdict": "same output"}\n')
        r = self.count(self.log, "--by", "policy")
        self.assertEqual((r.returncode, r.stdout), (2, ""))
        self.assertIn("line 1 is not a verdict-log line", r.stderr)
        r = self.count(os.path.join(self.d, "missing"), "--by", "policy")
        self.assertEqual(r.returncode, 2)
        self.assertIn("cannot read", r.stderr)
        self.assertEqual(self.count(self.log).returncode, 2)  # --by is required


if __name__ == "__main__":
    unittest.main()
