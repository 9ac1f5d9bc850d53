"""_support.py -- what the tests share: the checkout's paths, the hcc
package from this folder's parent (not an installed copy), and the golden
corpus through tools/casefmt.py (the corpus's own reader).

The tests need the library: HCC_LIBRARY (`make python-test` sets it to
build/libhcc.so), or the checkout's build/libhcc.so, which the package
finds by itself.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PKG_ROOT = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(PKG_ROOT))
HEADER = os.path.join(ROOT, "ref", "include", "hcc.h")
HCC_CLI = os.path.join(ROOT, "build", "hcc")

sys.path.insert(0, PKG_ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import casefmt  # noqa: E402
import hcc  # noqa: E402

_cases = None


def cases():
    """Every golden case (loaded once)."""
    global _cases
    if _cases is None:
        _cases = casefmt.load_cases()
    return _cases


def expected_bytes(case):
    """The bytes a passing implementation writes for a case that succeeds
    (what tools/conform.py --exact compares against)."""
    exp = case["expect"]
    if "stdout" in exp:
        return exp["stdout"].encode("utf-8", "surrogatepass")
    return casefmt.dumps(exp["output"])
