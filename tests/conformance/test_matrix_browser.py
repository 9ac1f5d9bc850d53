#!/usr/bin/env python3
"""The matrix page as a reader meets it: headless Chromium loads
results.html (the fixture's, and the committed conformance/results.html),
the DOM it builds is searched for the matrix's cells, and a screenshot is
searched for the cells' colours.

Chromium is a Debian package (`chromium`) that tools/install-deps.sh
installs; without it this test fails and says so."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import png_pixels  # noqa: E402
from test_matrix_report import Cells, run_report  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
COLOURS = {"pass": (0xc8, 0xec, 0xc8), "fail": (0xff, 0xd9, 0xa8), "untriaged": (0xff, 0x9c, 0x9c),
           "skip": (0xe4, 0xe4, 0xe4)}  # tools/matrix_report.py's CSS


def chromium(*args):
    if not CHROMIUM:
        raise unittest.SkipTest("unreachable")  # never taken: setUpModule fails first
    home = tempfile.mkdtemp()
    try:
        return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                               "--user-data-dir=" + home] + list(args),
                              capture_output=True, timeout=120, env=dict(os.environ, HOME=home))
    finally:
        shutil.rmtree(home, ignore_errors=True)


def dom_cells(path):
    p = chromium("--dump-dom", "file://" + os.path.abspath(path))
    cells = Cells()
    cells.feed(p.stdout.decode("utf-8"))
    return cells


def setUpModule():
    if not CHROMIUM:
        raise AssertionError("chromium is not installed: run `sh tools/install-deps.sh` (Debian package chromium)")


class BrowserTest(unittest.TestCase):
    def test_fixture_page(self):
        tmp = tempfile.mkdtemp()
        try:
            run_report(tmp)
            page = os.path.join(tmp, "results.html")
            cells = dom_cells(page)
            self.assertEqual(len(cells.cells), 8 * 3)  # 2 families + 6 rules, 3 implementations
            self.assertEqual(cells.rows, 9)
            shot = os.path.join(tmp, "shot.png")
            chromium("--window-size=1000,700", "--screenshot=" + shot, "file://" + page)
            seen = png_pixels.colours(shot)
            for name, rgb in COLOURS.items():
                # a cell is about 80 x 24 pixels: every kind the fixture has is on screen
                self.assertGreater(seen[rgb], 600, "no %s cell seen in the screenshot" % name)
        finally:
            shutil.rmtree(tmp)

    def test_committed_page(self):
        res_path = os.path.join(ROOT, "conformance", "results.json")
        if not os.path.exists(res_path):
            self.skipTest("no committed conformance/results.json yet")
        with open(res_path, encoding="utf-8") as f:
            res = json.load(f)
        cells = dom_cells(os.path.join(ROOT, "conformance", "results.html"))
        rows = len(res["families"]) + len(res["rules"])
        self.assertEqual(len(cells.cells), rows * len(res["implementations"]))
        self.assertEqual(cells.rows, rows + 1)
        for p in res["results"]:
            for row, c in p["cells"].items():
                text = cells.cells[(p["name"], row)][1]
                want = "%d/%d/%d" % (c.get("passed", 0), c.get("failed", 0), c.get("skipped", 0)) if c else "–"
                self.assertTrue(text.startswith(want), (p["name"], row, text, want))


if __name__ == "__main__":
    unittest.main()
