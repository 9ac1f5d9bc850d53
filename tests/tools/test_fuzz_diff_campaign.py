"""tools/fuzz_diff_campaign.py without hermes: against hcc itself (two ops,
two at a time, every run recorded in a scratch ledger with its measured
CPU), against the planted stand-in (the difference is reported and the run
is not recorded), with nothing to compare, and on bad arguments.

  HCC_BUILD=build python3 tests/tools/test_fuzz_diff_campaign.py
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TOOL = os.path.join(ROOT, "tools", "fuzz_diff_campaign.py")
BUILD = os.path.abspath(os.environ.get("HCC_BUILD", os.path.join(ROOT, "build")))
EMPTY = {"format": "hcc-fuzz-diff-campaigns 1", "runs": []}


def run(args, impl=None, **env_extra):
    env = {k: v for k, v in os.environ.items() if k not in ("HERMES_SRC", "HCC_DIFF_IMPL")}
    if impl:
        env["HCC_DIFF_IMPL"] = impl
    env.update(env_extra)
    return subprocess.run([sys.executable, TOOL, "--build", BUILD] + args, capture_output=True, text=True,
                          env=env, timeout=300)


class Campaign(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.work = os.path.join(self.d, "work")
        self.ledger = os.path.join(self.d, "l.json")
        with open(self.ledger, "w") as f:
            json.dump(EMPTY, f)

    def tearDown(self):
        shutil.rmtree(self.d)

    def runs(self):
        with open(self.ledger) as f:
            return json.load(f)["runs"]

    def test_against_hcc_recorded(self):
        r = run(["--jobs", "2", "--record", self.ledger, "--hcc", "abc1234", "--work", self.work,
                 "repair:2", "prune:2", "repair:1"], impl=BUILD + "/hcc --serve")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        runs = self.runs()
        self.assertEqual(sorted(x["ops"][0] for x in runs), ["prune", "repair", "repair"])
        for x in runs:
            self.assertEqual((x["hcc"], x["unexplained"]), ("abc1234", 0))
            self.assertGreater(x["cpu_seconds"], 0)
            self.assertGreater(x["inputs"], 100)
            self.assertIn("same output", x["verdicts"])
        # every run's log kept apart, none left where the next run writes
        self.assertEqual(len(os.listdir(os.path.join(self.work, "runs"))), 3)
        self.assertFalse(os.path.exists(os.path.join(self.work, "repair.log")))
        self.assertEqual(r.stdout.count("verdicts {"), 3)

    def test_planted_difference_reported_not_recorded(self):
        planted = os.path.join(self.d, "planted.dict")
        with open(planted, "w") as f:
            f.write('"planted"\n')
        r = run(["--record", self.ledger, "--work", self.work, "--dict", planted, "repair:120"],
                impl="%s %s %s/hcc" % (sys.executable, os.path.join(ROOT, "tests", "fuzz", "diff_standin.py"), BUILD))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("hcc differential: repair with params {", r.stdout)
        self.assertIn("fuzz-diff: differences in: repair", r.stdout)
        self.assertIn("not recorded", r.stdout)
        self.assertEqual(self.runs(), [])
        self.assertTrue([f for f in os.listdir(self.work) if f.startswith("repair-crash-")])

    def test_nothing_to_compare(self):
        r = run(["repair:1"])
        self.assertEqual(r.returncode, 0)
        self.assertIn("set HERMES_SRC", r.stdout)

    def test_bad_arguments(self):
        for args, want in ((["repair:0"], "neither an option nor OP:SECONDS"), (["nosuch:3"], "is not built"),
                           ([], "no OP:SECONDS given"), (["--jobs", "0", "repair:1"], "--jobs needs"),
                           (["repair:1", "--record"], "--record needs a value")):
            r = run(args, impl="x")
            self.assertEqual(r.returncode, 2, args)
            self.assertIn(want, r.stderr)


if __name__ == "__main__":
    unittest.main()
