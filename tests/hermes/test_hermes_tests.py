"""The make hermes-tests machinery (tools/hermes_tests.py, its pytest plugin
and tools/hcc_substitutes.py) on stand-ins written here: a stand-in
agent/context_compressor.py and six stand-in test files, one per class the
runner must tell apart, including a planted difference (a stand-in
_with_summary_prefix that is not hermes's, so the test written for it passes
on the stand-in alone and must fail once hcc is substituted).

CI never has hermes-agent's tests; this is what make test runs instead.
Needs build/libhcc.so (make all) and Debian's python3-pytest (make deps).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "hermes_tests.py")

STANDIN_CC = '''\
"""Stand-in for agent/context_compressor.py, written for hcc's tests."""


class ContextCompressor:
    def _sanitize_tool_pairs(self, messages):
        ids = {tc.get("id") for m in messages if m.get("role") == "assistant"
               for tc in (m.get("tool_calls") or [])}
        return [m for m in messages
                if not (m.get("role") == "tool" and m.get("tool_call_id") not in ids)]

    @classmethod
    def _with_summary_prefix(cls, summary):
        return "PLANTED: " + summary

    def unrelated(self):
        return 42
'''

TESTS = {
    "tests/test_through_hcc.py": '''\
from agent.context_compressor import ContextCompressor


def test_orphan_result_dropped():
    msgs = [{"role": "user", "content": "hi"},
            {"role": "tool", "tool_call_id": "gone", "content": "orphan"}]
    assert ContextCompressor()._sanitize_tool_pairs(msgs) == msgs[:1]
''',
    "tests/test_not_reaching.py": '''\
from agent.context_compressor import ContextCompressor


def test_unrelated():
    assert ContextCompressor().unrelated() == 42
''',
    "tests/test_fails_alone.py": '''\
from agent.context_compressor import ContextCompressor


def test_wrong_on_the_pinned_code():
    assert ContextCompressor().unrelated() == 43
''',
    "tests/agent/test_planted.py": '''\
from agent.context_compressor import ContextCompressor


def test_standin_prefix():
    assert ContextCompressor._with_summary_prefix("x") == "PLANTED: x"
''',
    "tests/agent/test_import_error.py": '''\
from agent.context_compressor import not_in_the_pinned_file


def test_never_collected():
    assert not_in_the_pinned_file
''',
    "tests/test_skipped.py": '''\
import pytest


def test_skips():
    pytest.skip("needs a provider")
''',
}

# What the design above makes each test, independently of any run.
DESIGNED = {
    "tests/test_through_hcc.py::test_orphan_result_dropped": "passed",
    "tests/test_not_reaching.py::test_unrelated": "not-applicable",
    "tests/test_fails_alone.py::test_wrong_on_the_pinned_code": "baseline-fails",
    "tests/agent/test_planted.py::test_standin_prefix": "hcc-fails",
    "tests/agent/test_import_error.py": "baseline-fails",
    "tests/test_skipped.py::test_skips": "not-applicable",
}


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def coords(root, path):
    with open(os.path.join(root, path), "rb") as f:
        data = f.read()
    return {"path": path, "commit": "standin", "chars": len(data.decode("utf-8")),
            "sha256": hashlib.sha256(data).hexdigest()}


class HermesTestsRunner(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="hcc-hermes-tests-selftest-")
        cls.src = os.path.join(cls.tmp, "src")
        cls.tests = os.path.join(cls.tmp, "tests-root")
        os.makedirs(os.path.join(cls.src, "agent"))
        with open(os.path.join(cls.src, "agent", "context_compressor.py"), "w") as f:
            f.write(STANDIN_CC)
        for path, text in TESTS.items():
            p = os.path.join(cls.tests, path)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def expected(self, tests):
        exp = {"sources": [coords(self.tests, p) for p in TESTS],
               "hermes_src": [coords(self.src, "agent/context_compressor.py")],
               "tests": tests}
        path = os.path.join(self.tmp, "expected-%d.json" % len(os.listdir(self.tmp)))
        with open(path, "w") as f:
            json.dump(exp, f)
        return path

    def designed_expected(self):
        return {k: {"class": v, "why": "designed: " + v}
                for k, v in DESIGNED.items() if v != "passed"}

    def run_runner(self, *args, env=None):
        e = dict(os.environ)
        e.pop("HERMES_SRC", None)
        e.pop("HERMES_TESTS", None)
        e.update(env or {})
        return subprocess.run([sys.executable, RUNNER, *args], capture_output=True, text=True,
                              env=e, timeout=600)

    def std_args(self, expected):
        return ["--hermes-src", self.src, "--hermes-tests", self.tests, "--expected", expected]

    def test_classes_as_designed(self):
        observed = os.path.join(self.tmp, "observed.json")
        r = self.run_runner(*self.std_args(self.expected(self.designed_expected())),
                            "--write-observed", observed)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("as expected (1 passed with hcc, 1 hcc-fails, 2 baseline-fails, 2 not applicable)",
                      r.stdout)
        got = {k: v["class"] for k, v in load(observed)["tests"].items()}
        self.assertEqual(got, {k: v for k, v in DESIGNED.items() if v != "passed"})
        # the planted difference is hcc's answer, not the stand-in's
        self.assertIn("hcc-fails tests/agent/test_planted.py::test_standin_prefix", r.stdout)
        self.assertIn("_sanitize_tool_pairs", r.stdout.splitlines()[0])

    def test_a_changed_class_fails(self):
        tests = self.designed_expected()
        del tests["tests/agent/test_planted.py::test_standin_prefix"]
        tests["tests/test_not_reaching.py::test_unrelated"]["class"] = "baseline-fails"
        r = self.run_runner(*self.std_args(self.expected(tests)))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("2 test(s) differ", r.stdout)
        self.assertIn("tests/agent/test_planted.py::test_standin_prefix: expected passed, observed hcc-fails",
                      r.stdout)
        self.assertIn("tests/test_not_reaching.py::test_unrelated: expected baseline-fails, "
                      "observed not-applicable", r.stdout)

    def test_new_hcc_failure_gets_empty_why_and_is_refused(self):
        tests = self.designed_expected()
        del tests["tests/agent/test_planted.py::test_standin_prefix"]
        observed = os.path.join(self.tmp, "observed-new.json")
        r = self.run_runner(*self.std_args(self.expected(tests)), "--write-observed", observed)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        entry = load(observed)["tests"]["tests/agent/test_planted.py::test_standin_prefix"]
        self.assertEqual(entry, {"class": "hcc-fails", "why": ""})
        r = self.run_runner(*self.std_args(observed))
        self.assertEqual(r.returncode, 2)
        self.assertIn("has no \"why\"", r.stderr)

    def test_sources_must_be_the_recorded_bytes(self):
        exp = self.expected(self.designed_expected())
        d = load(exp)
        d["sources"][0]["sha256"] = "0" * 64
        with open(exp, "w") as f:
            json.dump(d, f)
        r = self.run_runner(*self.std_args(exp))
        self.assertEqual(r.returncode, 2)
        self.assertIn("is not the recorded file", r.stderr)
        self.assertIn("read_file repo NousResearch/hermes-agent path tests/test_through_hcc.py", r.stderr)

    def test_a_file_that_collects_nothing_is_unusable(self):
        empty = os.path.join(self.tests, "tests", "test_empty.py")
        with open(empty, "w") as f:
            f.write("# no tests here\n")
        try:
            exp = self.expected(self.designed_expected())
            d = load(exp)
            d["sources"].append(coords(self.tests, "tests/test_empty.py"))
            with open(exp, "w") as f:
                json.dump(d, f)
            r = self.run_runner(*self.std_args(exp))
        finally:
            os.remove(empty)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("collected nothing from tests/test_empty.py", r.stderr)

    def test_no_hcc_baseline(self):
        r = self.run_runner(*self.std_args(self.expected(self.designed_expected())), "--no-hcc")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("hermes-tests --no-hcc: 1 failed, 3 passed, 1 skipped; 1 module(s) fail to import",
                      r.stdout)

    def test_without_sources_says_what_to_set(self):
        r = self.run_runner()
        self.assertEqual(r.returncode, 2)
        self.assertIn("set HERMES_SRC", r.stderr)
        self.assertIn("HERMES_TESTS", r.stderr)


if __name__ == "__main__":
    unittest.main()
