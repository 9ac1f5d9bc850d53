#!/usr/bin/env python3
"""hermes_ops.py -- times one op of the pinned hermes Python in process, the
counterpart of bench/bench_ops.c (a benchmark, not a test).

  HERMES_SRC=/tmp/hermes-src python3 bench/hermes_ops.py OP FILE [--runs N] [--params JSON]

Loads hermes through the conformance adapter (tools/hermes_adapter.py: the
same stubs, the same op modules tools/adapter_ops/<op>.py), reads FILE
(not timed), then times, N times, bytes in to bytes out:

    value = json.loads(data)                  # hermes receives parsed lists
    out = adapter_op.run(h, params, value)    # the hermes functions
    json.dumps(out, ensure_ascii=False).encode("utf-8", "surrogatepass")

and prints one JSON line {"op", "bytes", "status", "runs_s", "median_s",
"min_s", "out_len", "out_md5", "maxrss_kb", "error"}.  maxrss_kb is
ru_maxrss of this process (run one process per measurement).  status is
"ok", "rejected" (the adapter's h.Reject: hcc rejects that input too),
"crash" (hermes raised) or "unsupported" (no adapter op).  validate has
no hermes function: its figure is json.loads + json.dumps alone.  Runs stop early
once --budget seconds have been spent (at least one run always happens).

--steps: the runs are driven over stdin, for interleaving them with other
measurements in the same stretch of time (tools/bench.py times hcc between
them): before each run one line is read ("run", or end of input to stop
early), and after it one JSON line {"step", "run_s", "status"} is printed and
flushed.  The process stays alive between the runs, so every run after
the first is as warm as in the plain mode.
"""
import argparse
import hashlib
import json
import logging
import os
import resource
import statistics
import sys
import time

class _Validate:
    """hermes has no validate op: the baseline is what it pays to receive
    a transcript, json.loads (and json.dumps back, like every op here)."""

    @staticmethod
    def run(h, params, value):
        return value


BASELINES = {"validate": _Validate}

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("op")
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=float, default=20.0)
    ap.add_argument("--params", default="{}")
    ap.add_argument("--steps", action="store_true")
    a = ap.parse_args()
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.exit("hermes_ops: HERMES_SRC is not set")
    logging.disable(logging.CRITICAL)
    import hermes_adapter
    h = hermes_adapter.Hermes(src)
    op = hermes_adapter.load_op(a.op)
    if op is None and a.op in BASELINES:
        op = BASELINES[a.op]
    params = json.loads(a.params)
    with open(a.file, "rb") as f:
        data = f.read()
    res = {"op": a.op, "bytes": len(data), "status": "ok", "runs_s": [], "out_len": 0,
           "out_md5": "", "error": ""}
    if op is None:
        res["status"] = "unsupported"
    else:
        spent = 0.0
        for r in range(max(1, a.runs)):
            if a.steps and sys.stdin.readline().strip() != "run":
                break
            t0 = time.perf_counter()
            try:
                value = json.loads(data)
                out = op.run(h, params, value)
                if not isinstance(out, (bytes, bytearray)):
                    out = json.dumps(out, ensure_ascii=False).encode("utf-8", "surrogatepass")
            except h.Reject as e:
                res["status"], res["error"] = "rejected", "%s: %s" % (e.code, e)
                out = None
            except Exception as e:  # hermes itself raised
                res["status"], res["error"] = "crash", "%s: %s" % (type(e).__name__, e)
                out = None
            t = time.perf_counter() - t0
            res["runs_s"].append(t)
            spent += t
            if out is not None and r == 0:
                res["out_len"] = len(out)
                res["out_md5"] = hashlib.md5(out).hexdigest()
            del out
            if a.steps:
                print(json.dumps({"step": r, "run_s": t, "status": res["status"]}), flush=True)
            if res["status"] != "ok" or spent >= a.budget:
                break
    rs = res["runs_s"]
    res["median_s"] = statistics.median(rs) if rs else 0.0
    res["min_s"] = min(rs) if rs else 0.0
    res["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps(res))


if __name__ == "__main__":
    main()
