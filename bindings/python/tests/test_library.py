"""Finding the library: HCC_LIBRARY wins and is never replaced by a guess;
a missing library gives an error that names HCC_LIBRARY; the checkout's
build/ is found without HCC_LIBRARY.  Each case runs in a fresh Python
(the library is loaded once per process)."""
import os
import subprocess
import sys
import unittest

from _support import PKG_ROOT, ROOT, hcc

CHECKOUT_LIB = os.path.join(ROOT, "build", "libhcc.so")


def py(code, **env):
    e = {k: v for k, v in os.environ.items() if k != "HCC_LIBRARY"}
    e.update(env)
    e["PYTHONPATH"] = PKG_ROOT
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e)


class Library(unittest.TestCase):
    def test_missing_library_names_hcc_library(self):
        r = py("import hcc; hcc.repair([])", HCC_LIBRARY="/nonexistent/libhcc.so")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("LibraryNotFound", r.stderr)
        self.assertIn("HCC_LIBRARY", r.stderr)
        self.assertIn("/nonexistent/libhcc.so (no such file)", r.stderr)

    def test_not_a_library(self):
        r = py("import hcc; hcc.repair([])", HCC_LIBRARY=os.path.join(ROOT, "README.md"))
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("HCC_LIBRARY", r.stderr)

    def test_import_needs_no_library(self):
        r = py("import hcc; print(hcc.VERSION)", HCC_LIBRARY="/nonexistent/libhcc.so")
        self.assertEqual((r.returncode, r.stdout.strip()), (0, hcc.VERSION), r.stderr)

    @unittest.skipUnless(os.path.exists(CHECKOUT_LIB), "build/libhcc.so is missing: run `make all`")
    def test_checkout_build_without_hcc_library(self):
        r = py("import hcc; print(hcc.library_path()); print(hcc.repair([]))")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.split("\n")[:2], [os.path.normpath(CHECKOUT_LIB), "[]"])

    def test_hcc_library_is_used(self):
        r = py("import hcc; print(hcc.library_path())", HCC_LIBRARY=CHECKOUT_LIB)
        self.assertEqual((r.returncode, r.stdout.strip()), (0, CHECKOUT_LIB), r.stderr)


class Locale(unittest.TestCase):
    def test_decimal_comma_is_refused(self):
        code = ("import locale, sys\n"
                "for n in ('de_DE.UTF-8', 'de_DE.utf8', 'fr_FR.UTF-8', 'nl_NL.UTF-8', 'ru_RU.UTF-8'):\n"
                "    try:\n        locale.setlocale(locale.LC_NUMERIC, n); break\n"
                "    except locale.Error: pass\n"
                "else:\n    print('NO LOCALE'); sys.exit(0)\n"
                "import hcc\n"
                "try:\n    hcc.align([{'role': 'user', 'content': 'hi'}])\n"
                "except RuntimeError as e:\n    print('REFUSED', e)\n")
        r = py(code, HCC_LIBRARY=CHECKOUT_LIB)
        if r.stdout.startswith("NO LOCALE"):
            self.skipTest("no locale with a decimal comma installed (locale -a)")
        self.assertIn("REFUSED", r.stdout, r.stderr)
        self.assertIn("LC_NUMERIC", r.stdout)


if __name__ == "__main__":
    unittest.main()
