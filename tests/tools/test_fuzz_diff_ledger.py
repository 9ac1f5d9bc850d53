"""tools/fuzz_diff_ledger.py: recording runs from made-up logs, the totals
per family (measured CPU only toward the hour), and every way a ledger or a
log can be refused."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "..", "tools", "fuzz_diff_ledger.py")
LEDGER = os.path.join(HERE, "..", "..", "fuzz", "differential", "campaigns.json")

LOG = """#1 INITED
Done 5000 runs in 1900 second(s)
stat::number_of_executed_units: 5000
stat::average_exec_per_sec:     2
diff_fuzz {op}: {{"both refused": 4000, "same output": 990, "the other raised; hcc refused": 9, "DIV-JSON-1: x": 1}}
diff_fuzz {op} cpu: {cpu} s
"""
EMPTY = {"format": "hcc-fuzz-diff-campaigns 1", "runs": []}


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True)


class Ledger(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.work = os.path.join(self.d, "work")
        os.mkdir(self.work)
        self.ledger = os.path.join(self.d, "campaigns.json")
        self.write_ledger(EMPTY)

    def tearDown(self):
        shutil.rmtree(self.d)

    def write_ledger(self, data):
        with open(self.ledger, "w") as f:
            json.dump(data, f)

    def runs(self):
        with open(self.ledger) as f:
            return json.load(f)["runs"]

    def log(self, op, cpu, text=LOG):
        with open(os.path.join(self.work, op + ".log"), "w") as f:
            f.write(text.format(op=op, cpu=cpu))

    def test_record_and_totals(self):
        # align and align_at are one family: 1900 + 1800 CPU-s make its hour.
        self.log("align", "1900.0")
        self.log("align_at", "1800.0")
        self.log("repair", "1200.5")
        r = run("record", self.ledger, self.work, "--when", "2026-12-07T12:00Z")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("recorded align_at: 1900 s, 1800.0 CPU-s, 5,000 inputs", r.stdout)
        runs = self.runs()
        self.assertEqual([x["ops"] for x in runs], [["align"], ["align_at"], ["repair"]])
        self.assertEqual(runs[2]["cpu_seconds"], 1200.5)
        self.assertEqual(runs[0]["unexplained"], 0)
        t = run("totals", self.ledger)
        self.assertEqual(t.returncode, 0, t.stderr)
        self.assertIn("| align | align, align_at | 2 | 10,000 | 61.7 | 0.0 | yes |", t.stdout)
        self.assertIn("| repair (both policies) | repair | 1 | 5,000 | 20.0 | 0.0 | no (40.0 to go) |", t.stdout)
        self.assertIn("| compress | compress | 0 | 0 | 0.0 | 0.0 | no (60.0 to go) |", t.stdout)

    def test_unmeasured_and_approximate_runs(self):
        # Wall seconds without measured CPU never count toward the hour; an
        # approximate figure counts and is flagged.
        self.write_ledger({"format": EMPTY["format"], "runs": [
            {"when": "w", "hcc": "x", "ops": ["prune"], "seconds": 7200, "cpu_seconds": None, "inputs": 1,
             "unexplained": 0},
            {"when": "w", "hcc": "x", "ops": ["compress"], "seconds": 3600, "cpu_seconds": 3600, "inputs": 2,
             "unexplained": 0, "approximate": True}]})
        t = run("totals", self.ledger)
        self.assertIn("| prune | prune | 1 | 1 | 0.0 | 120.0 | no (60.0 to go) |", t.stdout)
        self.assertIn("| compress | compress | 1 | 2 | ~60.0 | 0.0 | yes |", t.stdout)

    def test_unexplained_counted(self):
        self.log("prune", "10", LOG.replace('"same output": 990', '"same output": 989, "outputs differ": 1'))
        self.assertEqual(run("record", self.ledger, self.work, "--when", "w").returncode, 0)
        self.assertEqual(self.runs()[0]["unexplained"], 1)
        self.assertIn("1 stopped on an unexplained difference", run("totals", self.ledger).stdout)

    def test_unfinished_log_refused(self):
        self.log("prune", "10", LOG.replace("diff_fuzz {op} cpu: {cpu} s\n", ""))
        r = run("record", self.ledger, self.work, "--when", "w")
        self.assertEqual(r.returncode, 2)
        self.assertIn("the run did not finish (no the cpu line)", r.stderr)
        self.assertEqual(self.runs(), [])  # nothing half-written

    def test_only_and_missing(self):
        self.log("prune", "10")
        self.log("repair", "10")
        self.assertEqual(run("record", self.ledger, self.work, "--when", "w", "--only", "repair",
                             "--hcc", "abc1234").returncode, 0)
        self.assertEqual([(x["ops"], x["hcc"]) for x in self.runs()], [(["repair"], "abc1234")])
        r = run("record", self.ledger, self.work, "--when", "w", "--only", "compress")
        self.assertEqual(r.returncode, 2)
        self.assertIn("no log for compress", r.stderr)

    def test_bad_ledgers(self):
        for data, want in ((None, "not JSON"), ([], "not a campaign ledger"),
                           ({"format": EMPTY["format"], "runs": [{"ops": ["nosuch"]}]}, "run 0 is malformed"),
                           ({"format": EMPTY["format"], "runs": [
                               {"when": "w", "hcc": "x", "ops": ["prune"], "seconds": -1, "cpu_seconds": 1,
                                "inputs": 1, "unexplained": 0}]}, "run 0 is malformed")):
            with open(self.ledger, "w") as f:
                f.write("{" if data is None else json.dumps(data))
            r = run("totals", self.ledger)
            self.assertEqual(r.returncode, 2, data)
            self.assertIn(want, r.stderr)
        r = run("totals", os.path.join(self.d, "absent.json"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("cannot read", r.stderr)
        self.assertEqual(run("record", self.ledger, self.work).returncode, 2)  # --when is required

    def test_committed_ledger_reads(self):
        # The ledger the README's totals table is made from must stay readable.
        t = run("totals", LEDGER)
        self.assertEqual(t.returncode, 0, t.stderr)
        self.assertIn("| trajectory | trajectory |", t.stdout)


if __name__ == "__main__":
    unittest.main()
