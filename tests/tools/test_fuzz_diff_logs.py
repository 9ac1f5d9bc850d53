"""The two logs of tools/diff_oracle.py: the raised-log
(HCC_DIFF_RAISED_LOG) grouped by tools/fuzz_diff_raised.py, and the
verdict-log (HCC_DIFF_VERDICT_LOG) counted by tools/fuzz_diff_verdicts.py."""
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
SAME = (0, b"[]", b"")


class _Log(unittest.TestCase):
    """A temporary log file named by the environment variable ENV, and
    diff_oracle's state restored after each test."""
    ENV = None
    NAME = None

    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.log = os.path.join(self.d, self.NAME)
        os.environ[self.ENV] = self.log
        self.saved = dict(diff_oracle._state)

    def tearDown(self):
        del os.environ[self.ENV]
        diff_oracle._state.update(self.saved)
        for f in os.listdir(self.d):
            os.unlink(os.path.join(self.d, f))
        os.rmdir(self.d)


class RaisedLog(_Log):
    ENV, NAME = "HCC_DIFF_RAISED_LOG", "raised.jsonl"

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

    def test_a_missing_pinned_file_stops_the_run(self):
        err = (70, b"", b"crash: T | RuntimeError: hcc adapter: redact_sensitive_text is not among the pinned "
               b"hermes files")
        got = self.check(err)
        self.assertIn("HERMES_SRC lacks a pinned file this op needs", got)
        self.assertIn("redact_sensitive_text", got)
        got = self.check((70, b"", b"crash: T | FileNotFoundError: HERMES_SRC has no agent/redact.py: fetch it"))
        self.assertIn("HERMES_SRC has no agent/redact.py", got)
        self.assertEqual(self.lines(), [])  # neither taken for "hermes raised"

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


class VerdictLog(_Log):
    ENV, NAME = "HCC_DIFF_VERDICT_LOG", "verdicts.jsonl"

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
        r = self.count(self.log, "--by", "policy", "--absent", "strip")
        rows = [line for line in r.stdout.splitlines() if line.startswith("| repair")]
        self.assertEqual(rows, ['| repair | "strip" | 2 | 2 | 0 | 0 | 0 | 0 |',
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
