"""The raised-log of tools/diff_oracle.py (HCC_DIFF_RAISED_LOG) and its
grouping by tools/fuzz_diff_raised.py."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools")
sys.path.insert(0, TOOLS)
import diff_oracle  # noqa: E402

CRASH = (70, b"", b"crash: Traceback (most recent call last): | File x | TypeError: 'int' object is not iterable")


class RaisedLog(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.log = os.path.join(self.d, "raised.jsonl")
        os.environ["HCC_DIFF_RAISED_LOG"] = self.log
        self.saved = dict(diff_oracle._state)

    def tearDown(self):
        del os.environ["HCC_DIFF_RAISED_LOG"]
        diff_oracle._state.update(self.saved)
        for f in os.listdir(self.d):
            os.unlink(os.path.join(self.d, f))
        os.rmdir(self.d)

    def check(self, other, data=b'[{"role":"tool","content":1}]', status=1):
        diff_oracle._state["ask"] = lambda op, req: other
        return diff_oracle.check("prune", b'{"protect_last_n": 1}', data, status, b"",
                                 b"error: HCC_E_SHAPE" if status else b"")

    def lines(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log, encoding="utf-8") as f:
            return [json.loads(line) for line in f]

    def test_logged_only_when_the_other_raised(self):
        self.assertIsNone(self.check(CRASH))
        self.assertIsNone(self.check(CRASH, data=b'[{"role":"tool","content":"x"}]', status=0))
        self.assertIsNone(self.check((1, b"", b"error: HCC_E_SHAPE")))  # both refused: not logged
        got = self.lines()
        self.assertEqual([(r["op"], r["hcc"], r["exception"]) for r in got],
                         [("prune", "refused", "TypeError: 'int' object is not iterable"),
                          ("prune", "answered", "TypeError: 'int' object is not iterable")])
        self.assertEqual(got[0]["params"], {"protect_last_n": 1})

    def test_grouping(self):
        self.check(CRASH)
        self.check((70, b"", b"crash: T | TypeError: 'str' object is not iterable"))
        self.check((70, b"", b"crash: T | KeyError: 'role'"))
        r = subprocess.run([sys.executable, os.path.join(TOOLS, "fuzz_diff_raised.py"), self.log,
                            "--examples", "1"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("3 inputs where the other side raised, 2 groups", r.stdout)
        self.assertIn("      2  prune, hcc refused HCC_E_SHAPE: TypeError: '…' object is not iterable", r.stdout)
        self.assertIn("         TypeError: 'int' object is not iterable\n", r.stdout)
        self.assertIn('params {"protect_last_n": 1} input "[{\\"role\\":\\"tool\\",\\"content\\":1}]"', r.stdout)

    def test_bad_log(self):
        with open(self.log, "w") as f:
            f.write("{}\n")
        r = subprocess.run([sys.executable, os.path.join(TOOLS, "fuzz_diff_raised.py"), self.log],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("line 1 is not a raised-log line", r.stderr)
        r = subprocess.run([sys.executable, os.path.join(TOOLS, "fuzz_diff_raised.py"), self.log, "--examples", "y"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)  # a usage error, not a traceback
        self.assertIn("invalid int value", r.stderr)


if __name__ == "__main__":
    unittest.main()
