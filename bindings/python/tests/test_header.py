"""The constants the package writes out (hcc.h's macros are not symbols of
the library) against ref/include/hcc.h, and the codes' names against the
library's hcc_error_name."""
import re
import unittest

from _support import HEADER, hcc
from hcc import _native


def header():
    with open(HEADER, encoding="utf-8") as f:
        return f.read()


class Header(unittest.TestCase):
    def test_version_and_commits(self):
        h = header()
        self.assertEqual(hcc.VERSION, re.search(r'#define HCC_VERSION "([^"]+)"', h).group(1))
        self.assertEqual(hcc.HERMES_COMMIT, re.search(r'#define HCC_HERMES_COMMIT "([0-9a-f]+)"', h).group(1))
        self.assertEqual(hcc.HERMES_TRAJECTORY_COMMIT,
                         re.search(r'#define HCC_HERMES_TRAJECTORY_COMMIT "([0-9a-f]+)"', h).group(1))
        self.assertEqual(hcc.__version__, hcc.VERSION)

    def test_codes(self):
        codes = {m.group(1): int(m.group(2)) for m in
                 re.finditer(r"#define (HCC_(?:OK|E_[A-Z0-9]+))\s+\(?(-?\d+)\)?", header())}
        self.assertGreaterEqual(len(codes), 19)
        for name, value in codes.items():
            with self.subTest(code=name):
                self.assertEqual(getattr(hcc, name), value)
                self.assertEqual(hcc.error_name(value), name)
        self.assertEqual(sorted(hcc._codes.NAMES.values()), sorted(codes))

    def test_codes_named_as_the_library_names_them(self):
        lib = _native.load()
        for code in list(range(0, -19, -1)) + [-19, 1, -1000]:
            with self.subTest(code=code):
                self.assertEqual(hcc.error_name(code), _native.lib_error_name(lib, code))

    def test_op_order(self):
        body = re.search(r"typedef enum hcc_op \{(.*?)\} hcc_op;", header(), re.S).group(1)
        enum = re.findall(r"HCC_OP_([A-Z_]+?)(?: = 0)?,", body)
        enum = [e for e in enum if e != "_COUNT"]
        self.assertEqual([e.lower().replace("_", "-") for e in enum], list(hcc.OPS))
        self.assertEqual(hcc.OP_FUNCTIONS, [o.replace("-", "_") for o in hcc.OPS])

    def test_limits(self):
        h = header()
        self.assertEqual(hcc.MAX_DEPTH, int(re.search(r"#define HCC_MAX_DEPTH (\d+)", h).group(1)))
        self.assertEqual(hcc.MAX_INPUT, int(re.search(r"#define HCC_MAX_INPUT \(\(size_t\)(0x[0-9a-f]+)\)",
                                                      h).group(1), 16))


if __name__ == "__main__":
    unittest.main()
