#!/usr/bin/env python3
"""conform.py -- runs the golden corpus against an implementation.

An implementation is a program speaking spec/PROTOCOL.md.  By default each
case starts `IMPL <op>` with the request on stdin; --serve starts
`IMPL --serve` once and sends one request per line.

  tools/conform.py --impl "build/hcc --protocol" [--exact] [--serve]
      [--select GLOB]... [--skip GLOB]... [--skip-file FILE]
      [--only-agrees] [--timeout S] [--report FILE.json] [-v]

--impl hermes is short for the hermes adapter (tools/hermes_adapter.py),
which needs HERMES_SRC; it implies --only-agrees.
Closing line: "conform: N passed, N failed, N skipped", then the failures
broken down (mismatch, errored, crashed, timed out).  Exit 1 on any failure.
"""
import argparse
import fnmatch
import json
import os
import select
import shlex
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--impl", default="build/hcc --protocol")
    ap.add_argument("--exact", action="store_true", help="compare stdout byte for byte")
    ap.add_argument("--serve", action="store_true", help="persistent mode: IMPL --serve")
    ap.add_argument("--select", action="append", default=[], help="run only cases whose id or path matches")
    ap.add_argument("--skip", action="append", default=[], help="skip cases whose id or path matches")
    ap.add_argument("--skip-file", help="lines 'GLOB reason...' of cases to skip")
    ap.add_argument("--only-agrees", action="store_true", help="skip cases marked hermes: diverges")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--report", help="write a JSON report here")
    ap.add_argument("--golden", default=casefmt.GOLDEN)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def matches(case, globs):
    return any(fnmatch.fnmatch(case["id"], g) or fnmatch.fnmatch(case["_path"], g) for g in globs)


def read_skip_file(path):
    rules = []
    if not path:
        return rules
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            glob, _, reason = line.partition(" ")
            rules.append((glob, reason.strip() or "skip file"))
    return rules


class ProcessRunner:
    """One process per case: IMPL <op>, request on stdin."""

    def __init__(self, argv, timeout, env=None):
        self.argv = argv
        self.timeout = timeout
        self.env = env

    def run(self, case):
        req = casefmt.request_line(case, with_op=True)
        try:
            p = subprocess.run(self.argv + [case["op"]], input=req, capture_output=True,
                               timeout=self.timeout, env=self.env)
        except subprocess.TimeoutExpired:
            return None, b"", b"timeout"
        return p.returncode, p.stdout, p.stderr

    def close(self):
        pass


class ServeRunner:
    """Persistent mode: IMPL --serve, one request and one response a line.

    Each answer must come within the timeout: a process that does not
    answer is killed (the case is "timed out") and a new one is started for
    the next case, as is one that died (the case is "crashed", with the
    last lines it wrote to stderr)."""

    def __init__(self, argv, timeout, env=None):
        self.argv = argv
        self.timeout = timeout
        self.env = env
        self.proc = None
        self.starts = 0

    def _start(self):
        self.errlog = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(self.argv + ["--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.errlog, env=self.env)
        self.buf = b""
        self.starts += 1

    def _stderr_tail(self):
        self.errlog.seek(0)
        lines = self.errlog.read().decode("utf-8", "replace").strip().splitlines()
        return " | ".join(lines[-6:])

    def _readline(self):
        """One line of stdout within the timeout (none: wait as long as it
        takes), b"" at its end, None when the time is up."""
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            if not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b""
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def _stop(self):
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()
        self.proc = None

    def run(self, case):
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        req = casefmt.request_line(case, with_op=True)
        try:
            self.proc.stdin.write(req + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # it died before reading: the read below says so
        line = self._readline()
        if line is None:
            self._stop()
            return None, b"", b"timeout"
        if not line:
            rc = self.proc.wait()
            tail = self._stderr_tail()
            self.proc = None
            return rc or -1, b"", ("serve process died (exit %s)%s" % (rc, ": " + tail if tail else "")).encode()
        try:
            resp = json.loads(line)
            return (resp["exit"], resp["stdout"].encode("utf-8", "surrogatepass"),
                    resp["stderr"].encode("utf-8", "surrogatepass"))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            self._stop()
            return -1, b"", ("unreadable answer in persistent mode (%s): %r" % (e, line[:200])).encode()

    def close(self):
        if self.proc:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self._stop()


def judge(case, rc, out, err, exact):
    """Returns (verdict, detail); verdict in pass/fail/skip/error/crash/timeout."""
    exp = case["expect"]
    if rc is None:
        return "timeout", "no answer within the timeout"
    if rc == 3:
        why = err.decode("utf-8", "replace").split("\n", 1)[0].strip()
        return "skip", why or "op not supported by the implementation"
    if rc not in (0, 1, 2):
        text = err.decode("utf-8", "replace").strip()
        # a traceback ends with the exception: keep the end of a long one
        return "crash", "exit status %s; stderr: %s" % (rc, text if len(text) <= 600 else "..." + text[-600:])
    first = err.decode("utf-8", "replace").split("\n", 1)[0]
    if "error" in exp:
        if rc != 1:
            return "fail", "expected rejection %s, got exit %d" % (exp["error"], rc)
        if not first.startswith("error: " + exp["error"]):
            return "fail", "expected %s, stderr: %s" % (exp["error"], first)
        if out:
            return "fail", "rejected input produced output"
        return "pass", ""
    if rc != 0:
        return "error", "exit %d: %s" % (rc, first)
    if "stdout" in exp:
        want = exp["stdout"].encode("utf-8", "surrogatepass")
        return ("pass", "") if out == want else ("fail", "stdout differs:\n  want %r\n  got  %r" % (want[:300], out[:300]))
    want = casefmt.dumps(exp["output"])
    if exact:
        if out == want:
            return "pass", ""
        i = next((k for k in range(min(len(out), len(want))) if out[k] != want[k]), min(len(out), len(want)))
        return "fail", "bytes differ at %d:\n  want ...%r\n  got  ...%r" % (i, want[max(0, i - 60):i + 60], out[max(0, i - 60):i + 60])
    try:
        got_v = casefmt.structural(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return "fail", "output is not JSON: %s" % e
    if got_v == casefmt.structural(want.decode("utf-8")):
        return "pass", ""
    return "fail", "output differs as JSON:\n  want %s\n  got  %s" % (want[:300], out[:300])


def main():
    a = parse_args()
    only_agrees = a.only_agrees
    if a.impl == "hermes":
        if not os.environ.get("HERMES_SRC"):
            sys.exit("conform: --impl hermes needs HERMES_SRC=<folder holding the pinned hermes-agent files>; "
                     "see README.md, 'Checking the corpus against hermes'")
        argv = [sys.executable, os.path.join(casefmt.ROOT, "tools", "hermes_adapter.py"), "--protocol"]
        only_agrees = True
    else:
        argv = shlex.split(a.impl)
    if a.serve:
        argv = [x for x in argv if x != "--protocol"]
        runner = ServeRunner(argv, a.timeout)
    else:
        runner = ProcessRunner(argv, a.timeout)
    skips = read_skip_file(a.skip_file)
    cases = casefmt.load_cases(a.golden)
    counts = dict(passed=0, failed=0, skipped=0, mismatch=0, errored=0, crashed=0, timed_out=0)
    report = []
    t0 = time.time()
    for case in cases:
        verdict, detail = None, ""
        if a.select and not matches(case, a.select):
            continue
        if matches(case, a.skip):
            verdict, detail = "skip", "--skip"
        for glob, reason in skips:
            if verdict is None and matches(case, [glob]):
                verdict, detail = "skip", reason
        if verdict is None and only_agrees and not case.get("hermes", "").startswith("agrees"):
            verdict, detail = "skip", "hermes diverges: " + case.get("hermes", "")
        if verdict is None:
            rc, out, err = runner.run(case)
            verdict, detail = judge(case, rc, out, err, a.exact and case.get("exact", True))
        key = {"pass": "passed", "skip": "skipped"}.get(verdict)
        if key:
            counts[key] += 1
        else:
            counts["failed"] += 1
            counts[{"fail": "mismatch", "error": "errored", "crash": "crashed", "timeout": "timed_out"}[verdict]] += 1
        if verdict not in ("pass", "skip") or a.verbose:
            print("%s %s (%s)%s" % (verdict.upper(), case["id"], case["_path"], ("\n  " + detail) if detail else ""))
        report.append({"id": case["id"], "path": case["_path"], "verdict": verdict, "detail": detail})
    runner.close()
    if a.report:
        with open(a.report, "w", encoding="utf-8") as f:
            json.dump({"impl": a.impl, "exact": a.exact, "counts": counts, "seconds": round(time.time() - t0, 3),
                       "cases": report}, f, indent=1)
    if counts["passed"] + counts["failed"] == 0:
        print("conform: no case ran")
    print("conform: %d passed, %d failed, %d skipped" % (counts["passed"], counts["failed"], counts["skipped"]))
    print("conform: failures: %d mismatched, %d errored, %d crashed, %d timed out (%.1f s, %s%s)" % (
        counts["mismatch"], counts["errored"], counts["crashed"], counts["timed_out"], time.time() - t0,
        "exact" if a.exact else "as JSON", ", serve" if a.serve else ""))
    sys.exit(1 if counts["failed"] or counts["passed"] == 0 else 0)


if __name__ == "__main__":
    main()
