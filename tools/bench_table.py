#!/usr/bin/env python3
"""Print the README's Performance tables (Markdown) from a `make bench` result.

  python3 tools/bench_table.py [build/bench.json]

One row per op: hcc's median and best MB/s and messages/s on the largest
realistic input, hermes's MB/s and hermes time / hcc time on the largest
input both ran, the workspace hcc_workspace_size asked for per input byte,
and the peak RSS of a fresh `hcc` process and of hermes's Python on the
hermes input.  Then the scaling table (time ratio / size ratio per step)
and the list of targets with their status, as tools/bench.py judged them.
Nothing is typed by hand: rerun after `make bench` to refresh the README.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fmt(x, nd=0):
    if x is None:
        return "–"
    if nd == 0:
        return "{:,.0f}".format(x)
    return "{:,.{}f}".format(x, nd)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "bench.json")
    with open(path) as f:
        d = json.load(f)
    by_op = {}
    for r in d["results"]:
        by_op.setdefault(r["op"], []).append(r)
    print("| op | hcc MB/s (best) | messages/s | input | hermes MB/s | hermes ÷ hcc | at | workspace ÷ input |"
          " hcc RSS MB | hermes RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for op, rows in by_op.items():
        rows = [r for r in rows if r["ref"].get("rc") == "HCC_OK"]
        if not rows:
            continue
        big = max(rows, key=lambda r: r["bytes"])
        both = [r for r in rows if r.get("ratio")]
        hb = max(both, key=lambda r: r["bytes"]) if both else None
        hrss = hb["hermes"].get("maxrss_kb") / 1024 if hb and hb.get("hermes") else None
        crss = hb["cli"]["maxrss_kb"] / 1024 if hb and hb.get("cli") else None
        print("| %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            op, fmt(big["ref_mbps"]), fmt(big["ref_best_mbps"]),
            fmt(big["ref_msgs_per_s"]) if big.get("messages") else "–", big["size"],
            fmt(hb["hermes_mbps"], 1) if hb else "–", (fmt(hb["ratio"], 1) + "x") if hb else "–",
            hb["size"] if hb else "–", fmt(big["ws_per_byte"], 2),
            fmt(crss, 1) if crss else "–", fmt(hrss, 1) if hrss else "–"))
    print()
    print("| op | " + " | ".join("step %d" % (k + 1) for k in range(4)) + " |")
    print("|---|---|---|---|---|")
    for s in d.get("scaling", []):
        if s.get("side") != "ref":
            continue
        cells = ["%s→%s %.1fx / %.1fx" % (st["from"], st["to"], st["time_ratio"], st["bytes_ratio"])
                 for st in s["steps"]]
        print("| %s | %s |" % (s["op"], " | ".join(cells)))
    print()
    for t in d.get("targets", []):
        m = t.get("measured")
        m = fmt(m, 2) if isinstance(m, (int, float)) else (m or t.get("why") or "–")
        b = t.get("best")
        extra = " (best %s)" % fmt(b, 2) if isinstance(b, (int, float)) else ""
        print("- %s: **%s**, %s%s" % (t["target"], t["status"], m, extra))


if __name__ == "__main__":
    main()
