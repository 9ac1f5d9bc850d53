#!/usr/bin/env python3
"""py_ops.py -- the Python package's speed (bindings/python): hermes's
function against hcc.<op> on the same Python objects, so that hcc pays for
json.dumps of its input and json.loads of its output, as a Python caller
does (a benchmark, not a test; `make bench` runs it after the C tables).

  python3 bench/py_ops.py [--sizes 1MB,10MB] [--ops a,b] [--runs N] [--json OUT]

Inputs: the bench's own generated files (tools/bench.py's ladder_input:
build/bench-data/<kind>-<size>.json, generated when missing), read once
and parsed with json.loads outside the timed region.  Each timed run gets
a fresh parse (hermes's adapter ops may change the list they are given),
and both sides are timed on that same parse:

  hermes  tools/adapter_ops/<op>.run(h, {}, value), through
          tools/hermes_adapter.py (its stubs, its loading): objects in,
          objects out.  Needs HERMES_SRC; without it only hcc's rows are
          printed, with what to set.  validate, messages and check have
          no hermes function.
  hcc     hcc.<op>(value): json.dumps + hcc_workspace_size + hcc_run +
          json.loads.  `bytes` is hcc.run(op, data) on the file's bytes
          (no serialisation either way), to show what the two JSON steps
          cost.

Both with the op's defaults.  Figures: medians of the runs (--runs for
hcc, at most 5 for hermes, 3 at 10 MB, fewer when a run takes over 10 s);
`same` says whether json.dumps of the two results is equal.
"""
import argparse
import json
import logging
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
os.environ.setdefault("HCC_LIBRARY", os.path.join(ROOT, "build", "libhcc.so"))

import bench  # noqa: E402  tools/bench.py: the inputs and their generator
import hcc  # noqa: E402

SIZES = {"1MB": 1_000_000, "10MB": 10_000_000}


def timed(fn, make_value, runs, budget):
    """Median and best seconds of fn(value) over up to `runs` runs, a fresh
    value (untimed) for each; stops early once `budget` seconds are spent."""
    ts, out, spent = [], None, 0.0
    for _ in range(max(1, runs)):
        value = make_value()
        t0 = time.perf_counter()
        out = fn(value)
        t = time.perf_counter() - t0
        ts.append(t)
        spent += t
        del value
        if spent >= budget:
            break
    return {"median_s": statistics.median(ts), "min_s": min(ts), "runs": len(ts)}, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1MB,10MB")
    ap.add_argument("--ops", default="")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--json", help="write the figures here")
    a = ap.parse_args()
    ops = [o for o in (a.ops.split(",") if a.ops else hcc.OPS) if o in bench.INPUT_OF]
    sizes = [s for s in a.sizes.split(",") if s]
    src = os.environ.get("HERMES_SRC")
    h = None
    if src:
        logging.disable(logging.CRITICAL)
        import hermes_adapter
        h = hermes_adapter.Hermes(src)
    print("== Python package (bindings/python, %s): hermes's function vs hcc.<op> on the same "
          "Python objects" % os.path.relpath(hcc.library_path(), ROOT))
    if not src:
        print("  hermes rows SKIPPED: HERMES_SRC is not set.  To enable them:\n"
              "    make bench HERMES_SRC=/path/to/hermes-src   (the pinned files, see README.md)")
    rows, table = [], []
    for op in ops:
        fn = getattr(hcc, op.replace("-", "_"))
        hop = hermes_adapter.load_op(op) if h else None
        for label in sizes:
            path, gm = bench.ladder_input(bench.INPUT_OF[op], SIZES[label], label)
            with open(path, "rb") as f:
                data = f.read()
            parse = lambda: json.loads(data)  # noqa: E731
            bench.log("python %s %s ..." % (op, label))
            row = {"op": op, "size": label, "bytes": len(data)}
            try:
                row["hcc"], hout = timed(fn, parse, a.runs, 20)
                row["bytes_only"], _ = timed(lambda v: hcc.run(op, data), lambda: None, a.runs, 10)
            except hcc.Error as e:
                row["hcc_error"] = str(e)
                hout = None
            if hop is not None:
                hruns = 5 if len(data) < 5_000_000 else 3
                try:
                    row["hermes"], out = timed(lambda v: hop.run(h, {}, v), parse, hruns, 10)
                    if hout is not None:
                        row["same"] = (json.dumps(out, ensure_ascii=False) ==
                                       json.dumps(hout, ensure_ascii=False))
                except Exception as e:  # hermes raised, or the adapter rejected: say so
                    row["hermes_error"] = "%s: %s" % (type(e).__name__, e)
                out = None
            rows.append(row)
            hc, hm, bo = row.get("hcc"), row.get("hermes"), row.get("bytes_only")
            ratio = hm["median_s"] / hc["median_s"] if hm and hc else None
            row["ratio"] = ratio
            table.append([op, label,
                          bench.fsecs(hm["median_s"]) if hm else
                          ("error" if row.get("hermes_error") else "-"),
                          bench.fsecs(hc["median_s"]) if hc else "error",
                          bench.fnum(ratio), bench.fsecs(bo["median_s"]) if bo else "-",
                          bench.fnum(100 * (1 - bo["median_s"] / hc["median_s"]), 0)
                          if bo and hc else "-",
                          {True: "same", False: "DIFF", None: "-"}[row.get("same")]])
    print(bench.table(table, ["op", "size", "hermes", "hcc.<op>", "hermes/hcc", "bytes",
                              "json %", "output"]))
    print("  hermes: the hermes function on parsed objects (tools/adapter_ops); hcc.<op>: json.dumps,"
          " hcc, json.loads on the same objects;\n  bytes: hcc.run on the file's bytes;"
          " json %: share of hcc.<op>'s time outside hcc.run; medians.")
    for r in rows:
        for k in ("hcc_error", "hermes_error"):
            if r.get(k):
                print("  %s %s %s: %s" % (r["op"], r["size"], k.split("_")[0], r[k][:200]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"hermes_src": src, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
