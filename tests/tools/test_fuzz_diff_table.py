"""tools/fuzz_diff_table.py on two made-up logs: a complete one, and one
that stopped before libFuzzer's final stats."""
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "fuzz_diff_table.py")

DONE = """#1 INITED
Done 5000 runs in 30 second(s)
stat::number_of_executed_units: 5000
stat::average_exec_per_sec:     166
diff_fuzz repair: {"JSON-9: the same numbers, written differently": 7, "both refused": 4000, "both refused (other codes)": 900, "outputs differ": 1, "same output": 80, "the other raised; hcc refused": 12}
diff_fuzz repair cpu: 126.4 s
"""
CUT = "#1 INITED\n==1== ERROR: libFuzzer: deadly signal\n"


class Table(unittest.TestCase):
    def test_rows(self):
        with tempfile.TemporaryDirectory() as d:
            for name, text in (("repair.log", DONE), ("prune.log", CUT)):
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
            r = subprocess.run([sys.executable, TOOL, d, "--hcc", "abc1234"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertIn("at hcc abc1234.", lines[0])
        self.assertIn("| repair | 30 | 2.1 | 5,000 | 166 | 80 | 4,900 | 12 | 7 | 1 |", lines)
        self.assertIn("| prune | (log incomplete) | | | | | | | | |", lines)

    def test_no_logs(self):
        with tempfile.TemporaryDirectory() as d:
            r = subprocess.run([sys.executable, TOOL, d], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("run make fuzz-diff first", r.stderr)


if __name__ == "__main__":
    unittest.main()
