#!/usr/bin/env python3
"""hermes_tests.py -- hermes-agent's own unit tests, run with hcc in place of
hermes's compaction functions (make hermes-tests; README.md, "hermes's own
tests against hcc").

  tools/hermes_tests.py --hermes-src DIR --hermes-tests DIR [--expected FILE]
                        [--no-hcc] [--write-observed FILE] [--lib PATH] [--verbose]

HERMES_SRC holds the pinned hermes files (as for tools/hermes_adapter.py);
HERMES_TESTS holds hermes-agent's test files at their repository paths
(tests/agent/...).  The expected file (default tests/hermes/expected.json)
names every test file by its coordinates (path, commit, characters,
SHA-256: the bytes anyone can fetch) and every test that does not pass with
hcc, with its class and why.

The runner runs the listed files twice under pytest with the plugin
tools/hermes_tests_plugin.py: once on the pinned code alone (baseline),
once with the substitutes of tools/hcc_substitutes.py installed.  Each
test then falls in one class:

  passed          passes with hcc, and reached at least one substituted function
  not-applicable  passes in both runs but never reaches hcc, or is skipped
  baseline-fails  fails on the pinned code alone as well (a test from a later
                  commit, or one needing a module hermes-src does not pin)
  hcc-fails       passes on the pinned code, fails with hcc: a documented
                  divergence (DIV-*) or a bug to fix; the expected file says which
  hcc-only-passes fails on the pinned code, passes with hcc

A module that cannot be imported is one entry named by its file.  Exit 0
when the classes are exactly the expected ones, 1 when any differs (each
difference listed), 2 when the run itself is unusable (sources missing or
not the recorded bytes, pytest missing, a run that crashed or hung).

--no-hcc runs the baseline only and prints its counts.  --write-observed
FILE writes what was observed in the expected file's format, keeping the
expected file's explanations; a new hcc-fails or hcc-only-passes entry gets
an empty "why", which the runner refuses until someone writes it.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXIT_DIFF, EXIT_USAGE = 1, 2
CLASSES = ("passed", "not-applicable", "baseline-fails", "hcc-fails", "hcc-only-passes")
NEEDS_WHY = ("hcc-fails", "hcc-only-passes")
TIMEOUT_S = 900
# Substitutes that many hermes helpers call on the way (to tell a summary
# message from a real turn); a test reaching only these tests its own
# subject through hcc's answers, not hcc's version of that subject.
INCIDENTAL = ("classify_summary_content",)


class Unusable(Exception):
    pass


def text_coords(path):
    """(characters, sha256) of a file's UTF-8 text."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Unusable("%s: not UTF-8 (%s)" % (path, e))
    return len(text), hashlib.sha256(data).hexdigest()


def check_sources(folder, entries, what, how):
    """Every entry {path, chars, sha256[, commit]} is in folder, those bytes."""
    for e in entries:
        p = os.path.join(folder, e["path"])
        if not os.path.isfile(p):
            raise Unusable("%s: %s is missing (%s)" % (what, p, how(e)))
        chars, sha = text_coords(p)
        if (chars, sha) != (e["chars"], e["sha256"]):
            raise Unusable("%s: %s is not the recorded file (%d chars, sha256 %s..; expected %d, %s..; %s)"
                           % (what, p, chars, sha[:12], e["chars"], e["sha256"][:12], how(e)))


def fetch_hint(e):
    return ("read_file repo NousResearch/hermes-agent path %s commit %s"
            % (e["path"], e.get("commit", "?")))


def load_expected(path):
    try:
        with open(path, encoding="utf-8") as f:
            exp = json.load(f)
    except (OSError, ValueError) as e:
        raise Unusable("expected file %s: %s" % (path, e))
    for key in ("sources", "hermes_src", "tests"):
        if key not in exp:
            raise Unusable("expected file %s has no %r member" % (path, key))
    for nodeid, entry in exp["tests"].items():
        if entry.get("class") not in CLASSES or entry["class"] == "passed":
            raise Unusable("expected file: %s: class must be one of %s"
                           % (nodeid, ", ".join(CLASSES[1:])))
        if not str(entry.get("why", "")).strip():
            raise Unusable("expected file: %s (%s) has no \"why\"; write one" % (nodeid, entry["class"]))
    return exp


def pytest_python():
    """A Python that has pytest: HCC_PYTEST_PYTHON, this one, or Debian's."""
    cands = [os.environ.get("HCC_PYTEST_PYTHON"), sys.executable, "/usr/bin/python3"]
    for py in [c for c in cands if c]:
        try:
            r = subprocess.run([py, "-c", "import pytest"], capture_output=True, timeout=60)
        except OSError:
            continue
        if r.returncode == 0:
            return py
    raise Unusable("no Python with pytest found: run `make deps` (installs Debian's python3-pytest) "
                   "or set HCC_PYTEST_PYTHON")


def repo_tree(tree, src, tests_dir, files):
    """The repository layout the tests assume, in tree: the test files
    copied (a test reading Path(__file__).resolve().parents[2] / "agent"
    finds the pinned source beside it), every top-level entry of HERMES_SRC
    linked."""
    for f in files:
        dst = os.path.join(tree, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(tests_dir, f), dst)
    for name in os.listdir(src):
        if not os.path.exists(os.path.join(tree, name)):
            os.symlink(os.path.join(src, name), os.path.join(tree, name))


def run_pytest(py, mode, src, tests_dir, files, lib):
    """One pytest run; returns the plugin's report."""
    with tempfile.TemporaryDirectory(prefix="hcc-hermes-tests-") as tmp:
        report = os.path.join(tmp, "report.json")
        ini = os.path.join(tmp, "pytest.ini")
        with open(ini, "w") as f:
            f.write("[pytest]\n")
        env = dict(os.environ, HERMES_SRC=src, HCC_HERMES_TESTS_MODE=mode,
                   HCC_HERMES_TESTS_REPORT=report, HCC_LIBRARY=lib,
                   PYTHONPATH=os.pathsep.join([HERE, os.path.join(ROOT, "bindings", "python")]),
                   PYTHONDONTWRITEBYTECODE="1")
        # -c: hermes's own pytest configuration (plugins, addopts) is not
        # read; --noconftest: nor its conftest.py files, which set up the
        # full agent; the tests run on what HERMES_SRC pins and nothing else.
        cmd = [py, "-m", "pytest", "-p", "hermes_tests_plugin", "-p", "no:cacheprovider",
               "-c", ini, "--rootdir", tests_dir, "--noconftest", "--import-mode=importlib",
               "--continue-on-collection-errors", "-q", "-o", "console_output_style=classic",
               *files]
        try:
            r = subprocess.run(cmd, cwd=tests_dir, env=env, capture_output=True, text=True,
                               timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise Unusable("the %s run did not finish within %d s" % (mode, TIMEOUT_S))
        if not os.path.exists(report):
            tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-15:])
            raise Unusable("the %s run wrote no report (pytest exit %d):\n%s" % (mode, r.returncode, tail))
        with open(report, encoding="utf-8") as f:
            rep = json.load(f)
    # every listed file must have been collected (tests, or an import
    # error): a run that saw less than the files checks nothing about them
    seen = {file_of(n) for n in rep["tests"]} | {file_of(n) for n in rep["collect_errors"]}
    missing = [f for f in files if f not in seen]
    if missing:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-15:])
        raise Unusable("the %s run collected nothing from %s (pytest exit %d):\n%s"
                       % (mode, ", ".join(missing), r.returncode, tail))
    return rep


def classify(base, withhcc):
    """nodeid -> (class, observed reason)."""
    out = {}
    bt, ht = base["tests"], withhcc["tests"]
    for nodeid in sorted(set(bt) | set(ht)):
        b = bt.get(nodeid, {"outcome": "missing", "why": "not collected"})
        h = ht.get(nodeid, {"outcome": "missing", "why": "not collected"})
        bok, hok = b["outcome"] == "passed", h["outcome"] == "passed"
        if b["outcome"] == "skipped" or h["outcome"] == "skipped":
            out[nodeid] = ("not-applicable", "skipped: " + (h["why"] or b["why"]))
        elif bok and hok:
            declined = ""
            if h.get("declined"):
                declined = " (declined: %s)" % "; ".join(
                    "%s: %s" % (k, ", ".join(v)) for k, v in sorted(h["declined"].items()))
            if h.get("reached"):
                out[nodeid] = ("passed", "reached " + ", ".join(sorted(h["reached"])) + declined)
            else:
                out[nodeid] = ("not-applicable", "reaches none of the substituted functions" + declined)
        elif not bok and not hok:
            out[nodeid] = ("baseline-fails", b["why"])
        elif bok:
            out[nodeid] = ("hcc-fails", h["why"])
        else:
            out[nodeid] = ("hcc-only-passes", "baseline: " + b["why"])
    be, he = base["collect_errors"], withhcc["collect_errors"]
    for nodeid in sorted(set(be) | set(he)):
        if nodeid in be:
            out[nodeid] = ("baseline-fails", "import: " + be[nodeid])
        else:
            out[nodeid] = ("hcc-fails", "import: " + he[nodeid])
    return out


def file_of(nodeid):
    return nodeid.split("::", 1)[0]


def counts_table(observed, files):
    rows = []
    total = {c: 0 for c in CLASSES}
    for f in files:
        n = {c: 0 for c in CLASSES}
        for nodeid, (cls, _) in observed.items():
            if file_of(nodeid) == f:
                n[cls] += 1
                total[cls] += 1
        rows.append((f, n))
    rows.append(("total", total))
    width = max(len(r[0]) for r in rows)
    lines = ["%-*s  %s" % (width, "file", "  ".join("%6s" % c[:6] for c in CLASSES))]
    for name, n in rows:
        lines.append("%-*s  %s" % (width, name, "  ".join("%6d" % n[c] for c in CLASSES)))
    return "\n".join(lines), total


def compare(observed, expected_tests):
    diffs = []
    for nodeid in sorted(set(observed) | set(expected_tests)):
        got = observed.get(nodeid, ("absent", ""))
        want = expected_tests.get(nodeid, {"class": "passed"})["class"]
        got_cls = got[0] if nodeid in observed else "absent"
        if got_cls != want:
            diffs.append("%s: expected %s, observed %s (%s)" % (nodeid, want, got_cls, got[1]))
    return diffs


def write_observed(path, exp, observed):
    tests = {}
    for nodeid, (cls, why) in sorted(observed.items()):
        if cls == "passed":
            continue
        old = exp["tests"].get(nodeid, {})
        if old.get("class") == cls and old.get("why"):
            keep = old["why"]
        else:
            keep = "" if cls in NEEDS_WHY else why
        tests[nodeid] = {"class": cls, "why": keep}
    out = dict(exp, tests=tests)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main(argv):
    ap = argparse.ArgumentParser(prog="hermes_tests.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--hermes-src", default=os.environ.get("HERMES_SRC"))
    ap.add_argument("--hermes-tests", default=os.environ.get("HERMES_TESTS"))
    ap.add_argument("--expected", default=os.path.join(ROOT, "tests", "hermes", "expected.json"))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "libhcc.so"))
    ap.add_argument("--no-hcc", action="store_true", help="the pinned code alone; counts only")
    ap.add_argument("--write-observed", metavar="FILE")
    ap.add_argument("--verbose", action="store_true", help="every test's class and reason")
    a = ap.parse_args(argv[1:])
    if not a.hermes_src or not a.hermes_tests:
        sys.stderr.write(
            "hermes_tests: set HERMES_SRC (the pinned hermes files, README.md 'Checking the corpus\n"
            "against hermes') and HERMES_TESTS (hermes-agent's test files at their repository paths;\n"
            "tests/hermes/expected.json lists each by path, commit, characters and SHA-256), e.g.\n"
            "  make hermes-tests HERMES_SRC=/tmp/hermes-src HERMES_TESTS=/tmp/hermes-tests\n")
        return EXIT_USAGE
    try:
        exp = load_expected(a.expected)
        check_sources(a.hermes_src, exp["hermes_src"], "HERMES_SRC", fetch_hint)
        check_sources(a.hermes_tests, exp["sources"], "HERMES_TESTS", fetch_hint)
        if not a.no_hcc and not os.path.exists(a.lib):
            raise Unusable("%s is missing: run `make all`" % a.lib)
        py = pytest_python()
        files = [e["path"] for e in exp["sources"]]
        src = os.path.abspath(a.hermes_src)
        lib = os.path.abspath(a.lib)
        with tempfile.TemporaryDirectory(prefix="hcc-hermes-tree-") as tree:
            repo_tree(tree, src, os.path.abspath(a.hermes_tests), files)
            base = run_pytest(py, "baseline", src, tree, files, lib)
            if a.no_hcc:
                n = {}
                for t in base["tests"].values():
                    n[t["outcome"]] = n.get(t["outcome"], 0) + 1
                print("hermes-tests --no-hcc: %s; %d module(s) fail to import"
                      % (", ".join("%d %s" % (v, k) for k, v in sorted(n.items())),
                         len(base["collect_errors"])))
                return 0
            withhcc = run_pytest(py, "hcc", src, tree, files, lib)
    except Unusable as e:
        sys.stderr.write("hermes_tests: %s\n" % e)
        return EXIT_USAGE
    observed = classify(base, withhcc)
    incidental = sum(1 for n, (c, _) in observed.items() if c == "passed"
                     and set(withhcc["tests"][n]["reached"]) <= set(INCIDENTAL))
    table, total = counts_table(observed, files)
    print("hermes-tests: hcc substitutes %d functions: %s" % (len(withhcc["replaced"]), ", ".join(withhcc["replaced"])))
    print(table)
    if a.verbose:
        for nodeid, (cls, why) in sorted(observed.items()):
            print("%-15s %s: %s" % (cls, nodeid, why))
    if a.write_observed:
        write_observed(a.write_observed, exp, observed)
        print("hermes-tests: observed classes written to", a.write_observed)
    diffs = compare(observed, exp["tests"])
    for nodeid, (cls, why) in sorted(observed.items()):
        if cls in NEEDS_WHY:
            print("%s %s: %s" % (cls, nodeid, exp["tests"].get(nodeid, {}).get("why") or why))
    if diffs:
        print("hermes-tests: %d test(s) differ from %s:" % (len(diffs), os.path.relpath(a.expected)))
        for d in diffs:
            print("  " + d)
        return EXIT_DIFF
    print("hermes-tests: as expected (%d passed with hcc, %d hcc-fails, %d baseline-fails, %d not applicable)"
          % (total["passed"], total["hcc-fails"], total["baseline-fails"], total["not-applicable"]))
    print("hermes-tests: of the passed, %d reached only %s (a helper the test's subject calls)"
          % (incidental, ", ".join(INCIDENTAL)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
