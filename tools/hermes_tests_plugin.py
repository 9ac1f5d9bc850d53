"""hermes_tests_plugin.py -- the pytest plugin under which make hermes-tests
runs hermes-agent's own unit tests (loaded by tools/hermes_tests.py with
`-p hermes_tests_plugin`; not meant to be used by hand).

At start-up, before any test module is imported, it loads the pinned hermes
from HERMES_SRC exactly as tools/hermes_adapter.py does (the same stand-ins
for unpinned modules, tools/adapter_stubs.py), and, in mode "hcc", puts the
substitutes of tools/hcc_substitutes.py in place on the real
ContextCompressor, so a test importing a function by name gets hcc's.  In
mode "baseline" nothing is replaced: the same tests on the pinned code
alone.

It writes one JSON report (HCC_HERMES_TESTS_REPORT): every test's outcome,
the substituted functions it reached (and the calls declined), the first
line of its failure, and every module that failed to import.

Environment: HERMES_SRC, HCC_HERMES_TESTS_MODE (hcc | baseline),
HCC_HERMES_TESTS_REPORT (path); in mode hcc the `hcc` package must be
importable (bindings/python, HCC_LIBRARY naming build/libhcc.so).
"""
import json
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))

_state = {"rec": None, "tests": {}, "collect_errors": {}, "replaced": [], "mode": None}


def _first_line(report):
    """A one-line reason: the exception line pytest reports."""
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None and crash.message:
        text = crash.message
    else:
        text = str(report.longrepr or "")
        lines = [l for l in text.splitlines() if l.startswith("E ")]
        text = lines[-1][1:].strip() if lines else (text.strip().splitlines() or [""])[-1]
    # object reprs carry addresses that change from run to run
    text = re.sub(r" at 0x[0-9a-fA-F]+>", ">", text)
    return " ".join(text.split())[:300]


def pytest_configure(config):
    src = os.environ.get("HERMES_SRC")
    mode = os.environ.get("HCC_HERMES_TESTS_MODE")
    if not src or mode not in ("hcc", "baseline") or not os.environ.get("HCC_HERMES_TESTS_REPORT"):
        raise pytest.UsageError("hermes_tests_plugin: run it through tools/hermes_tests.py "
                                "(HERMES_SRC, HCC_HERMES_TESTS_MODE, HCC_HERMES_TESTS_REPORT)")
    sys.path.insert(0, HERE)
    import hermes_adapter
    import hcc_substitutes
    from adapter_ops import trajectory as adapter_traj
    h = hermes_adapter.Hermes(src)  # the adapter's stand-ins, HERMES_SRC on sys.path
    cc = h.cc
    traj = None
    if os.path.exists(os.path.join(src, "trajectory_compressor.py")):
        traj = adapter_traj._load(h)  # with the adapter's load-time stand-ins (fire, rich, ...)
    _state["mode"] = mode
    _state["rec"] = hcc_substitutes.Recorder()
    if mode == "hcc":
        import hcc
        _state["replaced"] = hcc_substitutes.install(hcc, cc, _state["rec"], traj)


def pytest_collectreport(report):
    if report.failed:
        _state["collect_errors"][report.nodeid] = _first_line(report)


def pytest_runtest_setup(item):
    _state["rec"].reset()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    t = _state["tests"].setdefault(item.nodeid, {"outcome": "passed", "why": ""})
    if rep.failed and t["outcome"] == "passed":
        t["outcome"] = "failed"
        t["why"] = ("%s: " % rep.when if rep.when != "call" else "") + _first_line(rep)
    elif rep.skipped and t["outcome"] == "passed":
        t["outcome"] = "skipped"
        t["why"] = _first_line(rep)
    if rep.when == "teardown":
        reached, declined = _state["rec"].snapshot()
        t["reached"] = reached
        t["declined"] = declined


def pytest_unconfigure(config):
    path = os.environ.get("HCC_HERMES_TESTS_REPORT")
    if not path or _state["mode"] is None:
        return
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"mode": _state["mode"], "replaced": _state["replaced"],
                   "tests": _state["tests"], "collect_errors": _state["collect_errors"]},
                  f, indent=1, sort_keys=True)
