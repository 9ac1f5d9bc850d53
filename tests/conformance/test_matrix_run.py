#!/usr/bin/env python3
"""The matrix machinery (tools/matrix.py, tools/impls_registry.py,
tools/adapter_protocol.py, conform.py's persistent runner) against the
stand-in implementations of tests/conformance/standin_impl.py: one that
answers as hcc does, one that answers wrongly, one that crashes (raises, and
dies), one that hangs.  The stand-in's file is placed in a temporary
IMPLS_SRC and recorded in a temporary registry, as third-party code is.
What each stand-in must score is counted here from the golden cases
themselves (their inputs and expectations), not from the matrix's output."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import casefmt  # noqa: E402
import impls_registry  # noqa: E402

STANDIN = os.path.join(ROOT, "tests", "conformance", "standin_impl.py")
SELECT = ["golden/repair/*", "golden/strip-prefix/*", "golden/with-prefix/*", "golden/classify-summary/*"]
MODES = ["good", "wrong", "crashy", "hangy"]
TIMEOUT = 1.5


def registry(path, src):
    chars, sha = impls_registry.text_facts(STANDIN)
    impls = [{"name": "hcc", "kind": "reference", "source": "none", "language": "C",
              "description": "the reference", "command": ["build/hcc"], "files": []}]
    for m in MODES:
        name = "standin-" + m
        os.makedirs(os.path.join(src, name))
        shutil.copy(STANDIN, os.path.join(src, name, "standin_impl.py"))
        impls.append({"name": name, "mode": m, "kind": "standin", "language": "Python",
                      "description": "stand-in that is " + m, "source": "IMPLS_SRC", "repository": None,
                      "files": [{"path": "standin_impl.py", "commit": None, "read_file_id": None,
                                 "chars": chars, "sha256": sha}],
                      "command": ["{python}", "tests/conformance/standin_adapter.py", name],
                      "ops": {"repair": "strip only"}})
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"implementations": impls}, f)


def matrix(tmp, env, *extra):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "matrix.py"),
                           "--registry", os.path.join(tmp, "IMPLS.json"), "--timeout", str(TIMEOUT),
                           "--verdicts", os.path.join(tmp, "verdicts.json"), "--out", os.path.join(tmp, "out"),
                           "--triage", os.path.join(tmp, "triage.json"), "--bugs", ""]
                          + [x for g in SELECT for x in ("--select", g)] + list(extra),
                          capture_output=True, text=True, env=env, cwd=ROOT)


def selected_cases():
    return [c for c in casefmt.load_cases() if any(
        __import__("fnmatch").fnmatch(c["_path"], g) for g in SELECT)]


def value_of(case):
    try:
        return json.loads(casefmt.input_bytes(case).decode("utf-8", "surrogatepass"))
    except ValueError:
        return None


def has_tool_message(case):
    v = value_of(case)
    return isinstance(v, list) and any(isinstance(m, dict) and m.get("role") == "tool" for m in v)


class MatrixRunTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.src = os.path.join(cls.tmp, "src")
        registry(os.path.join(cls.tmp, "IMPLS.json"), cls.src)
        with open(os.path.join(cls.tmp, "triage.json"), "w", encoding="utf-8") as f:
            json.dump({"entries": [
                {"impls": ["standin-wrong"], "cases": ["PAIRS-*"], "kind": "difference", "rule": "PAIRS-6",
                 "words": "loses the last message of every repaired transcript"},
                {"impls": ["standin-crashy"], "cases": ["*"], "verdicts": ["crash"], "detail": "ValueError",
                 "kind": "crash", "rule": "PAIRS-2", "words": "raises ValueError on tool results"}]}, f)
        cls.env = dict(os.environ, IMPLS_SRC=cls.src, HCC_IMPLS_REGISTRY=os.path.join(cls.tmp, "IMPLS.json"))
        cls.proc = matrix(cls.tmp, cls.env)
        with open(os.path.join(cls.tmp, "out", "results.json"), encoding="utf-8") as f:
            cls.res = json.load(f)
        cls.cases = selected_cases()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def verdicts(self, name):
        return next(p for p in self.res["results"] if p["name"] == name)["verdicts"]

    def expectations(self):
        """For every selected case: is it put to a stand-in at all (not a
        case marked not applicable), and would a stand-in skip it."""
        out = {}
        for c in self.cases:
            na = c.get("hermes", "").startswith("not applicable")
            skip = na or c["op"] == "classify-summary" or c.get("params", {}).get("policy") == "stub"
            out[c["id"]] = (c, skip)
        return out

    def test_reference_and_good_standin_pass(self):
        self.assertTrue(all(r["verdict"] == "pass" for r in self.verdicts("hcc").values()))
        v = self.verdicts("standin-good")
        for cid, (case, skip) in self.expectations().items():
            self.assertEqual(v[cid]["verdict"], "skip" if skip else "pass", cid)

    def test_skips_say_why(self):
        v = self.verdicts("standin-good")
        for cid, (case, skip) in self.expectations().items():
            if case["op"] == "classify-summary" and not case.get("hermes", "").startswith("not applicable"):
                self.assertEqual(v[cid]["detail"], "unsupported: the stand-in has no classify-summary")
            if case.get("params", {}).get("policy") == "stub":
                self.assertEqual(v[cid]["detail"],
                                 'unsupported: parameter policy="stub" is not supported by this implementation')

    def test_wrong_answers_found_with_their_path(self):
        v = self.verdicts("standin-wrong")
        n = 0
        for cid, (case, skip) in self.expectations().items():
            out = case["expect"].get("output")
            if skip or case["op"] != "repair" or not isinstance(out, list) or not out:
                continue
            n += 1
            self.assertEqual(v[cid]["verdict"], "fail", cid)
            self.assertEqual(v[cid]["diff"][0], "$[%d]" % (len(out) - 1), cid)
            self.assertEqual(v[cid]["diff"][2], "(missing)")
            self.assertEqual(v[cid]["triage"]["rule"], "PAIRS-6")
        self.assertGreater(n, 20)

    def test_crashes_restart_and_show_the_exception(self):
        v = self.verdicts("standin-crashy")
        raised = died = 0
        for cid, (case, skip) in self.expectations().items():
            if skip:
                continue
            if case["op"] == "repair" and has_tool_message(case):
                raised += 1
                self.assertEqual(v[cid]["verdict"], "crash", cid)
                self.assertIn("ValueError: standin: cannot pair tool results", v[cid]["detail"])
                # the traceback keeps its frames and the exception, not the source lines it quotes
                self.assertIn('standin_impl.py", line ', v[cid]["detail"])
                self.assertNotIn("raise ValueError", v[cid]["detail"])
                self.assertEqual(v[cid]["triage"]["kind"], "crash")
            elif case["op"] == "strip-prefix" and isinstance(value_of(case), str) and "CONTEXT" in value_of(case):
                died += 1
                self.assertEqual(v[cid]["verdict"], "crash", cid)
                self.assertIn("serve process died (exit 9)", v[cid]["detail"])
                self.assertEqual(v[cid]["triage"]["kind"], "untriaged")  # the entry names ValueError only
            else:
                self.assertEqual(v[cid]["verdict"], "pass", cid)  # the cases after a death still run
        self.assertGreater(raised, 10)
        self.assertGreater(died, 5)
        self.assertIn("standin-crashy", self.proc.stdout)
        line = next(x for x in self.proc.stdout.splitlines() if x.startswith("matrix: standin-crashy"))
        self.assertIn("%d process starts" % (died + 1), line)  # one new process a death (none ends the run)

    def test_hang_times_out_and_the_next_case_runs(self):
        v = self.verdicts("standin-hangy")
        hung = 0
        for cid, (case, skip) in self.expectations().items():
            if skip:
                continue
            want = "timeout" if case["op"] == "with-prefix" else "pass"
            hung += want == "timeout"
            self.assertEqual(v[cid]["verdict"], want, cid)
        self.assertGreater(hung, 5)

    def test_report_lists_untriaged_and_exits_1(self):
        self.assertEqual(self.proc.returncode, 1, self.proc.stdout + self.proc.stderr)
        self.assertIn("matrix: standin-hangy: ", self.proc.stdout)
        with open(os.path.join(self.tmp, "out", "RESULTS.md"), encoding="utf-8") as f:
            md = f.read()
        self.assertIn("## Untriaged failures", md)
        self.assertIn("- PAIRS-6 (difference, ", md)
        self.assertIn("loses the last message of every repaired transcript", md)

    def test_unset_source_says_what_to_set(self):
        env = {k: v for k, v in self.env.items() if k != "IMPLS_SRC"}
        p = matrix(self.tmp, env, "--verdicts", os.path.join(self.tmp, "unset.json"))
        self.assertEqual(p.returncode, 2)
        self.assertIn("matrix: IMPLS_SRC not set.", p.stdout)
        self.assertIn("IMPLS_SRC/<name>/<path>", p.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "unset.json")))

    def test_adapters_without_a_known_name_say_usage(self):
        # every adapter of the registry, started without NAME or with an
        # unknown one: exit 2 and a usage line, never a traceback
        scripts = sorted({os.path.join(casefmt.ROOT, a) for i in impls_registry.load(impls_registry.REGISTRY)["implementations"]
                          for a in i["command"] if a.startswith("impls/") and a.endswith(".py")})
        self.assertGreaterEqual(len(scripts), 5)
        for script in scripts:
            for args in (["--serve"], ["no-such-impl", "--serve"]):
                p = subprocess.run([sys.executable, script] + args, input=b"", capture_output=True, env=self.env)
                self.assertEqual(p.returncode, 2, (script, args, p.stderr))
                self.assertIn(b"usage", p.stderr, (script, args))
                self.assertNotIn(b"Traceback", p.stderr, (script, args))

    def test_checksum_mismatch_stops_the_run(self):
        bad_src = os.path.join(self.tmp, "bad-src")
        shutil.copytree(self.src, bad_src)
        with open(os.path.join(bad_src, "standin-wrong", "standin_impl.py"), "a", encoding="utf-8") as f:
            f.write("# one more line\n")
        os.remove(os.path.join(bad_src, "standin-hangy", "standin_impl.py"))
        env = dict(self.env, IMPLS_SRC=bad_src)
        p = matrix(self.tmp, env, "--verdicts", os.path.join(self.tmp, "bad.json"))
        self.assertEqual(p.returncode, 1)
        self.assertIn("matrix: 2 files not as recorded; nothing was run:", p.stdout)
        self.assertIn("These are not the recorded bytes", p.stdout)
        self.assertIn("standin-hangy/standin_impl.py is missing", p.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "bad.json")))
        # the adapter itself refuses to run on bytes that are not the recorded ones
        a = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "conformance", "standin_adapter.py"),
                            "standin-wrong", "--serve"], input=b"", capture_output=True, env=env)
        self.assertEqual(a.returncode, 2)
        self.assertIn(b"These are not the recorded bytes", a.stderr)


if __name__ == "__main__":
    unittest.main()
