#!/usr/bin/env python3
"""Compare two `make bench` results, say the build/bench.json of two commits.

  python3 tools/bench_compare.py OLD.json NEW.json [--all] [--fail-on-output-change] [--adv-factor F]

One row per op and input both results measured (the largest size of each
op; --all: every size): hcc_run's median MB/s (best in parentheses) old and
new and the change of the median, hermes time / hcc time old and new (at
the largest input hermes ran), the
workspace per input byte old and new, and whether hcc's output bytes are
the same (md5).  Before the table, each run's speed probes and hermes's
baseline (its json.loads + json.dumps of the transcript, the validate
row), with a warning when either moved by more than 15 %.  Then the
adversarial shapes whose ns/byte moved by a
factor of F or more either way (default 1.5: this machine's drift alone
moves single runs by up to a half; runs under a millisecond are left out).

The inputs are the same bytes only when both runs used the same generator
(seed and gen_version in "meta"); rows whose input sizes differ are
skipped, and outputs are compared only between equal inputs.  An output
that changed is a change of behaviour, not of speed: with
--fail-on-output-change the exit status is then 1.

This machine's speed drifts by up to a half between runs minutes apart
(bench/README.md), so a change of the median inside that is no evidence
either way: builds are compared side by side for that (bench/README.md,
"Profiling"); this tool is for what a whole run says between commits.
"""
import argparse
import json
import sys


def load(path):
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("bench_compare.py: cannot read %s: %s" % (path, e))
    if not isinstance(d, dict) or not isinstance(d.get("results"), list):
        sys.exit("bench_compare.py: %s is not a `make bench` result (no \"results\" list)" % path)
    return d


def fmt(x, nd=0):
    if x is None:
        return "–"
    return "{:,.{}f}".format(x, nd)


def mbps(r, key):
    ref = r.get("ref") or {}
    t = ref.get(key)
    return r["bytes"] / t / 1e6 if ref.get("rc") == "HCC_OK" and t else None


def ratio(r):
    h, ref = r.get("hermes") or {}, r.get("ref") or {}
    if h.get("status") != "ok" or not h.get("median_s") or not ref.get("median_s"):
        return None
    return h["median_s"] / ref["median_s"]


def ws(r):
    ref = r.get("ref") or {}
    return ref["ws_need"] / r["bytes"] if ref.get("rc") == "HCC_OK" and r.get("bytes") else None


def rows_of(d):
    return {(r["op"], r["input"], r["size"]): r for r in d["results"]}


def hermes_row(rows, op, kind):
    """The row of the largest input of this op both ran (BENCH_HERMES_MAX_MB
    decides which), or None."""
    rs = [r for (o_, k_, _), r in rows.items() if o_ == op and k_ == kind and ratio(r)]
    return max(rs, key=lambda r: r["bytes"]) if rs else None


def hermes_ratio(rows, op, kind):
    """hermes time / hcc time at hermes_row, as bench.py judges the target."""
    r = hermes_row(rows, op, kind)
    return ratio(r) if r else None


def output_state(ro, rn, same_gen):
    md_o, md_n = (ro.get("ref") or {}).get("out_md5"), (rn.get("ref") or {}).get("out_md5")
    if not same_gen or not md_o or not md_n:
        return "–"
    return "same" if md_o == md_n else "CHANGED"


PROBE_SLACK = 0.15  # two runs' speed probes further apart than this: a warning


def probes(meta):
    """The run's speed probes (tools/bench.py speed_probe), when it has them."""
    p0, p1 = meta.get("probe_start") or {}, meta.get("probe_end") or {}
    if not p0.get("mbps"):
        return ""
    end = "; %s at the end" % fmt(p1["mbps"]) if p1.get("mbps") else ""
    return "  speed probe %s MB/s%s" % (fmt(p0["mbps"]), end)


def hermes_baseline(rows):
    """MB/s of hermes's validate row (json.loads + json.dumps of the
    transcript: what every hermes op pays) at the largest input it ran."""
    r = hermes_row(rows, "validate", "transcript")
    return r["bytes"] / r["hermes"]["median_s"] / 1e6 if r else None


def main():
    ap = argparse.ArgumentParser(description="compare two make-bench results")
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--all", action="store_true", help="every size, not only each op's largest")
    ap.add_argument("--fail-on-output-change", action="store_true",
                    help="exit 1 when hcc's output differs on some input both runs measured")
    ap.add_argument("--adv-factor", type=float, default=1.5,
                    help="list adversarial shapes whose ns/byte moved by this factor or more (default 1.5)")
    a = ap.parse_args()
    if a.adv_factor <= 1:
        ap.error("--adv-factor must be above 1")
    old, new = load(a.old), load(a.new)
    om, nm = old.get("meta") or {}, new.get("meta") or {}
    print("old: %s  %s  (%s)%s" % (om.get("git", "?"), om.get("date", "?"), a.old, probes(om)))
    print("new: %s  %s  (%s)%s" % (nm.get("git", "?"), nm.get("date", "?"), a.new, probes(nm)))
    speeds = [m.get("probe_start") and m["probe_start"].get("mbps") for m in (om, nm)]
    if all(speeds) and abs(speeds[1] / speeds[0] - 1) > PROBE_SLACK:
        print("WARNING: the machine ran at different speeds in the two runs (speed probe %s against %s"
              " MB/s): changes of %+.0f %% or less are the machine's, not the code's"
              % (fmt(speeds[0]), fmt(speeds[1]), 100 * (speeds[1] / speeds[0] - 1)))
    # hermes's speed moves with the machine on its own, apart from hcc's
    # (2.5 times between two sessions here, bench/README.md "(16)"), and
    # every "x hermes" column moves with it
    o, n = rows_of(old), rows_of(new)
    hb = [hermes_baseline(o), hermes_baseline(n)]
    if all(hb):
        print("hermes json.loads + json.dumps baseline: %s MB/s old, %s MB/s new" % (fmt(hb[0], 1), fmt(hb[1], 1)))
        if abs(hb[1] / hb[0] - 1) > PROBE_SLACK:
            print("WARNING: hermes ran at different speeds in the two runs (its baseline %+.0f %%): the"
                  " x-hermes columns moved with it, not only with hcc's code" % (100 * (hb[1] / hb[0] - 1)))
    same_gen = (om.get("seed"), om.get("gen_version")) == (nm.get("seed"), nm.get("gen_version"))
    if not same_gen:
        print("WARNING: the runs used different generators (seed, gen_version): %s against %s; "
              "inputs are not the same bytes, outputs are not compared"
              % ((om.get("seed"), om.get("gen_version")), (nm.get("seed"), nm.get("gen_version"))))
    comparable = [k for k in n if k in o and o[k].get("bytes") == n[k].get("bytes")]
    keys = comparable
    skipped = [k for k in n if k in o and o[k].get("bytes") != n[k].get("bytes")]
    if not a.all:
        largest = {}
        for k in keys:
            if k[0] not in largest or n[k]["bytes"] > n[largest[k[0]]]["bytes"]:
                largest[k[0]] = k
        keys = [k for k in keys if largest.get(k[0]) == k]
    print()
    print("| op | input | size | old MB/s (best) | new MB/s (best) | median | old × hermes | new × hermes "
          "| old ws/in | new ws/in | output |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in keys:
        ro, rn = o[k], n[k]
        mo, mn = mbps(ro, "median_s"), mbps(rn, "median_s")
        delta = "%+.0f %%" % (100 * (mn / mo - 1)) if mo and mn else "–"
        ho, hn = hermes_ratio(o, k[0], k[1]), hermes_ratio(n, k[0], k[1])
        print("| %s | %s | %s | %s (%s) | %s (%s) | %s | %s | %s | %s | %s | %s |" % (
            k[0], k[1], k[2], fmt(mo), fmt(mbps(ro, "min_s")), fmt(mn), fmt(mbps(rn, "min_s")), delta,
            fmt(ho, 1) + "x" if ho else "–", fmt(hn, 1) + "x" if hn else "–",
            fmt(ws(ro), 2), fmt(ws(rn), 2), output_state(ro, rn, same_gen)))
    if skipped:
        print("\nskipped (input sizes differ): %s" % ", ".join("%s %s %s" % k for k in skipped))
    # outputs on every input both measured, shown in the table or not
    changed = [k for k in comparable if output_state(o[k], n[k], same_gen) == "CHANGED"]
    # adversarial shapes: ns/byte on the full input, where it moved by adv_factor
    ao = {(e["shape"], e["op"]): e for e in old.get("adversarial") or []}
    moved = []
    for e in new.get("adversarial") or []:
        p = ao.get((e["shape"], e["op"]))
        x, y = (p or {}).get("ns_per_byte_full"), e.get("ns_per_byte_full")
        # runs under a millisecond (the refusals) are timer noise
        if x and y and y * (e.get("full_bytes") or 0) >= 1e6 and max(y / x, x / y) >= a.adv_factor:
            moved.append((e["shape"], e["op"], x, y))
    if moved:
        print("\nadversarial shapes whose ns/byte moved by a factor of %g or more:" % a.adv_factor)
        print("| shape | op | old ns/B | new ns/B |")
        print("|---|---|---|---|")
        for s, op, x, y in moved:
            print("| %s | %s | %s | %s |" % (s, op, fmt(x, 2), fmt(y, 2)))
    print()
    if changed:
        print("OUTPUT CHANGED on %d input(s): %s" % (len(changed), ", ".join("%s %s %s" % k for k in changed)))
    elif same_gen:
        print("outputs: the same on every input both runs measured (%d)" % len(comparable))
    return 1 if changed and a.fail_on_output_change else 0


if __name__ == "__main__":
    sys.exit(main())
