"""tools/fuzz_throughput_table.py on made-up logs: one run, two runs side
by side (the ratio, a harness in one run only, an incomplete log), and a
folder with no log."""
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "fuzz_throughput_table.py")


def log(inputs, eps, corp=100):
    return ("#2 INITED cov: 10 ft: 20 corp: %d/9Kb exec/s: 0 rss: 30Mb\nDone %d runs in 60 second(s)\n"
            "stat::number_of_executed_units: %d\nstat::average_exec_per_sec:     %d\n" % (corp, inputs, inputs, eps))


def folder(d, commit, logs):
    os.makedirs(d)
    with open(os.path.join(d, "COMMIT"), "w") as f:
        f.write(commit + "\n")
    for name, text in logs.items():
        with open(os.path.join(d, name + ".log"), "w") as f:
            f.write(text)


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True)


class Table(unittest.TestCase):
    def test_one_run(self):
        with tempfile.TemporaryDirectory() as t:
            folder(os.path.join(t, "a"), "abc1234", {"chain": log(120000, 2000, 502)})
            r = run(os.path.join(t, "a"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("at hcc abc1234", r.stdout)
        self.assertIn("| chain | 502 | 120,000 | 2,000 |", r.stdout.splitlines())

    def test_before_and_after(self):
        with tempfile.TemporaryDirectory() as t:
            folder(os.path.join(t, "old"), "1111111", {"chain": log(60000, 1000), "gone": log(5, 5)})
            folder(os.path.join(t, "new"), "2222222", {"chain": log(90000, 1500), "cut": "#1 INITED\n"})
            r = run(os.path.join(t, "new"), "--before", os.path.join(t, "old"))
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertIn("before at hcc 1111111, after at hcc 2222222", r.stdout)
        self.assertIn("| chain | 100 | 60,000 | 1,000 | 90,000 | 1,500 | 1.50 |", lines)
        self.assertIn("| gone | 100 | 5 | 5 |  |  |  |", lines)
        self.assertIn("| cut |  |  |  | (log incomplete) |  |  |", lines)  # never left out
        self.assertIn("Under 2,000 execs/s after: chain.", lines)

    def test_no_logs(self):
        with tempfile.TemporaryDirectory() as t:
            r = run(t)
        self.assertEqual(r.returncode, 2)
        self.assertIn("run make fuzz-throughput first", r.stderr)


if __name__ == "__main__":
    unittest.main()
