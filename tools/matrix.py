#!/usr/bin/env python3
"""matrix.py -- the conformance matrix: the whole golden corpus through every
implementation in impls/IMPLS.json, then the report (tools/matrix_report.py).

  IMPLS_SRC=DIR HERMES_SRC=DIR tools/matrix.py [--only NAME]... [--select GLOB]...
      [--timeout S] [--jobs N] [--registry FILE] [--verdicts FILE] [--out DIR] [--triage FILE] [--bugs FILE]

Each implementation runs in persistent mode (`ADAPTER --serve`, one process
for the corpus), with a timeout per case; a process that dies or stops
answering is counted for that case (crashed / timed out) and a new one is
started for the next; --jobs N runs N implementations at once (each is its
own process, so the verdicts do not depend on N).  Before anything runs, every recorded file of every
implementation is checked (impls/IMPLS.json: characters and SHA-256); a
missing variable, file or a differing checksum stops the run and says what
to do.  The verdicts go to --verdicts (build/matrix/verdicts.json); the
report (results.json, RESULTS.md, results.html) to --out (conformance/),
which only a run of the whole corpus over every implementation may write:
with --only or --select it defaults to build/matrix/.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402
import conform  # noqa: E402
import impls_registry  # noqa: E402
import matrix_report  # noqa: E402


def git(*args):
    try:
        return subprocess.run(["git", "-C", casefmt.ROOT] + list(args), capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def hcc_commit():
    head = git("rev-parse", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "ref", "golden", "tools", "impls")
    return head + ("+changes" if dirty else "")


def golden_version():
    with open(os.path.join(casefmt.GOLDEN, "VERSION"), encoding="utf-8") as f:
        return f.readline().strip()


def case_facts(case):
    keep = ("op", "rules", "source", "hermes", "note")
    return {k: case[k] for k in keep if k in case}


def not_applicable(case):
    """The reason a case cannot be put to an implementation that receives
    parsed values (the case file's own `hermes: not applicable: ...`: input
    that is not JSON, hcc's own ops such as validate and check), or None."""
    h = case.get("hermes", "")
    return h if h.startswith("not applicable") else None


_FRAME = re.compile(r'^File "[^"]*", line \d+, in \S+$')
_EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Reached|Interrupt|Warning)\b")


def scrub(detail, env):
    """A crash's detail as the committed report may hold it: the traceback's
    frames (file, line, function) and the exception line, never the lines
    of source code a traceback quotes (third-party code stays out of this
    repository), and the machine's source folders as $IMPLS_SRC, $HERMES_SRC."""
    for var in ("IMPLS_SRC", "HERMES_SRC"):
        if env.get(var):
            detail = detail.replace(os.path.abspath(env[var]).rstrip("/"), "$" + var)
    detail = detail.replace(casefmt.ROOT + "/", "")
    parts = detail.split(" | ")
    if len(parts) == 1:
        return detail
    head = re.match(r"^(exit status -?\d+; stderr:)", parts[0])
    keep = [head.group(1) if head else parts[0]] + [p for p in parts[1:] if _FRAME.match(p.strip()) or _EXCEPTION.match(p.strip())
                         or p.strip().startswith("Traceback")]
    return " | ".join(p.strip() if k else p for k, p in enumerate(keep))


def run_impl(impl, cases, timeout, env, log):
    argv = impls_registry.command(impl, sys.executable)
    runner = conform.ServeRunner(argv, timeout, env=env)
    out = {}
    t0 = time.time()
    for case in cases:
        why = not_applicable(case) if impl.get("kind") != "reference" else None
        if why:
            out[case["id"]] = {"verdict": "skip", "detail": why}
            continue
        rc, got, err = runner.run(case)
        verdict, detail = conform.judge(case, rc, got, err, False)
        rec = {"verdict": verdict}
        if detail:
            rec["detail"] = scrub(detail, env) if verdict in ("crash", "error", "timeout") else detail
        if verdict == "fail" and rc == 0 and "output" in case["expect"]:
            try:
                d = casefmt.first_difference(casefmt.dumps(case["expect"]["output"]).decode("utf-8"),
                                             got.decode("utf-8", "surrogatepass"))
            except ValueError:
                d = ("$", "(a JSON value)", "(not JSON)")
            if d:
                rec["diff"] = list(d)
        out[case["id"]] = rec
    runner.close()
    log("matrix: %-28s %s (%.1f s, %d process start%s)" % (
        impl["name"], matrix_report.tally_line(out.values()), time.time() - t0,
        runner.starts, "" if runner.starts == 1 else "s"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--registry", default=impls_registry.REGISTRY)
    ap.add_argument("--only", action="append", default=[], help="run only this implementation")
    ap.add_argument("--select", action="append", default=[], help="run only cases whose id or path matches")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--jobs", type=int, default=1, help="implementations run at once")
    ap.add_argument("--golden", default=casefmt.GOLDEN)
    ap.add_argument("--verdicts", default=os.path.join(casefmt.ROOT, "build", "matrix", "verdicts.json"))
    ap.add_argument("--out", help="report folder (default conformance/, or build/matrix/ for a partial run)")
    ap.add_argument("--triage", default=os.path.join(casefmt.ROOT, "conformance", "triage.json"))
    ap.add_argument("--bugs", default=os.path.join(casefmt.ROOT, "conformance", "bugs.json"))
    a = ap.parse_args()
    reg = impls_registry.load(a.registry)
    impls = reg["implementations"]
    if a.only:
        unknown = sorted(set(a.only) - {i["name"] for i in impls})
        if unknown:
            sys.exit("matrix: no implementation named %s in %s" % (", ".join(unknown), a.registry))
        impls = [i for i in impls if i["name"] in a.only]
    needed = sorted({i.get("source", "IMPLS_SRC") for i in impls} - {"none"})
    unset = [v for v in needed if not os.environ.get(v)]
    if unset:
        print("matrix: %s not set." % " and ".join(unset))
        if "IMPLS_SRC" in unset:
            print("  IMPLS_SRC is a folder holding each implementation's files as IMPLS_SRC/<name>/<path>,\n"
                  "  fetched outside this repository from the coordinates in impls/IMPLS.json\n"
                  "  (impls/README.md, 'Getting the sources').")
        if "HERMES_SRC" in unset:
            print("  HERMES_SRC is the folder of the pinned hermes files (README.md, 'Checking the corpus\n"
                  "  against hermes').")
        print("  Then: make matrix IMPLS_SRC=DIR HERMES_SRC=DIR")
        return 2
    bad = [p for i in impls for p in impls_registry.problems(i)]
    if bad:
        print("matrix: %d file%s not as recorded; nothing was run:" % (len(bad), "" if len(bad) == 1 else "s"))
        for p in bad:
            print("  " + p)
        return 1
    cases = [c for c in casefmt.load_cases(a.golden)
             if not a.select or conform.matches(c, a.select)]
    partial = bool(a.only or a.select)
    out_dir = a.out or (os.path.join(casefmt.ROOT, "build", "matrix") if partial
                        else os.path.join(casefmt.ROOT, "conformance"))
    env = dict(os.environ)
    # the adapters look their entry up in the registry this run was given
    env["HCC_IMPLS_REGISTRY"] = os.path.abspath(a.registry)
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        runs = {impl["name"]: pool.submit(run_impl, impl, cases, a.timeout, env, print) for impl in impls}
        verdicts = {name: run.result() for name, run in runs.items()}
    doc = {
        "made_from": {"hcc": hcc_commit(), "golden": golden_version(), "cases": len(cases),
                      "partial": partial, "date": time.strftime("%Y-%m-%d", time.gmtime())},
        "implementations": impls,
        "cases": {c["id"]: case_facts(c) for c in cases},
        "verdicts": verdicts,
    }
    os.makedirs(os.path.dirname(a.verdicts), exist_ok=True)
    with open(a.verdicts, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
    # the README's summary table follows the committed report only
    readme = os.path.join(casefmt.ROOT, "README.md") if not (partial or a.out) else None
    return matrix_report.build(a.verdicts, a.triage, a.bugs, out_dir, print, readme=readme)


if __name__ == "__main__":
    sys.exit(main())
