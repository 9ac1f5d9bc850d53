#!/usr/bin/env python3
"""make_corpus.py -- seed corpora for the fuzz harnesses.

Every golden case (golden/<op>/*.json) and every spec example (spec/SPEC.md,
spec/SPEC.md) becomes one seed file corpus/<op>/<sha1>: four parameter
bytes (the layout fuzz/harness.c decodes, the case's params mapped to the
nearest value the bytes can say) followed by the exact input bytes.  The
chain harness (corpus/chain) gets the transcript seeds of repair,
truncate-args, align, prune and compress.  Seeds are named by the SHA-1 of
their bytes, so re-running never duplicates a file; files already there
(minimised or grown corpora) are kept unless --clean.

  make_corpus.py [--clean] [--out corpus]
"""
import argparse
import glob
import hashlib
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402

CONTEXTS = [128000, 8000, 1000000, 64000]
BUDGETS = [-1, 0, 50, 2000]
TARGETS = [15250, 200, 2000, 50]
SUMMARIES = [750, 0, 50, 2000]
PROFILES = ["openai", "openai-strict", "anthropic", "gemini", "deepseek-thinking", "responses"]
# (previous_summary, fail_reason) by fuzz/harness.c's chain_state index; the
# long entry (7) is left out: no case names it
CHAIN_STATE = [(None, None), (None, "HTTP 500"), ("", None), ("Earlier: the build was fixed.", None),
               ("Earlier: the build was fixed.", "timeout after 30s"),
               ("User asked: 'deploy with OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890'", "HTTP 500"),
               ("  \n", None)]
# Ops that read the same kind of input share their seeds.
GROUPS = [
    {"repair", "truncate-args", "align", "prune", "prune-only", "compress", "messages", "check", "chain",
     "strip-media", "align-at"},
    {"strip-prefix", "with-prefix", "classify-summary"},
    {"trajectory", "trajectory-snap"},
    {"redact"},
]
TRAJECTORY_OPS = {"trajectory", "trajectory-snap"}


def nearest(table, value):
    return min(range(len(table)), key=lambda i: (abs(table[i] - value), i))


def truthy(v):
    return bool(v) and v not in ("false", "0")


def param_bytes(op, params):
    """The four bytes fuzz/harness.c decodes into (about) these params."""
    g = lambda k, d: d if params.get(k) is None else params[k]  # noqa: E731
    traj = op in TRAJECTORY_OPS
    if traj:
        b0 = min(int(g("protect_last_n_turns", 4)), 7)
    else:
        b0 = min(int(g("protect_first_n", 3)), 7)
    b0 |= min(int(g("protect_last_n", 20)), 31) << 3
    if op == "align-at":  # harness.c: at = b0
        b0 = min(int(g("at", 0)), 255)
    if traj:
        bits = [not truthy(g("protect_first_system", True)), not truthy(g("protect_first_human", True)),
                not truthy(g("protect_first_gpt", True)), not truthy(g("protect_first_tool", True)),
                not truthy(g("add_summary_notice", True)), int(g("max_retries", 3)) == 0,
                not truthy(g("metrics_per_trajectory", True))]
        b1 = sum(int(bool(x)) << i for i, x in enumerate(bits))
    else:
        bits = [g("policy", "strip") == "stub", truthy(g("truncate_all", False)), truthy(g("explain", False)),
                truthy(g("wire", False)), truthy(g("summarizer_fail", False)),
                truthy(g("abort_on_summary_failure", False))]
        b1 = sum(int(bool(x)) << i for i, x in enumerate(bits))
        b1 |= min(int(g("min_tail_user_messages", 1)), 3) << 6
    hc = int(g("head_chars", 200))
    b2 = 127 if hc == 200 or hc > 126 else hc
    b2 |= int(truthy(g("json", False))) << 7
    if traj:
        b3 = nearest(TARGETS, int(g("target_max_tokens", 15250)))
        b3 |= nearest(SUMMARIES, int(g("summary_target_tokens", 750))) << 2
    else:
        b3 = nearest(CONTEXTS, int(g("context_length", 128000)))
        b3 |= nearest(BUDGETS, int(g("tail_token_budget", -1))) << 2
    b3 |= min(int(g("compression_count", 0)), 1) << 4
    prof = g("profile", "openai")
    if op == "check":
        b3 |= (PROFILES.index(prof) if prof in PROFILES else 0) << 5
    else:  # the same bits carry the chain state (harness.c's chain_state)
        state = (params.get("previous_summary"), params.get("fail_reason"))
        b3 |= (CHAIN_STATE.index(state) if state in CHAIN_STATE else 0) << 5
    return bytes([b0, b1, b2, b3])


def cases():
    out = list(casefmt.load_cases())
    try:
        import spec_examples  # noqa: E402

        out.extend(spec_examples.all_cases())
    except SystemExit as e:  # a spec part mid-edit: golden copies still count
        print("make_corpus: spec examples skipped: %s" % e, file=sys.stderr)
    return out


def write(folder, data):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, hashlib.sha1(data).hexdigest())
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(casefmt.ROOT, "corpus"))
    ap.add_argument("--clean", action="store_true", help="remove corpus/<op> folders first (not regressions)")
    ap.add_argument("--max-size", type=int, default=32768,
                    help="skip inputs longer than this (the golden corpus runs them anyway)")
    args = ap.parse_args()
    if args.clean:
        for d in glob.glob(os.path.join(args.out, "*")):
            if os.path.basename(d) != "regressions" and os.path.isdir(d):
                shutil.rmtree(d)
    added = {}
    for case in cases():
        op = case["op"].replace("-", "_")
        data = param_bytes(case["op"], case.get("params") or {}) + casefmt.input_bytes(case)
        if len(data) > args.max_size + 4:
            continue
        targets = {case["op"], "validate"}
        for g in GROUPS:
            if case["op"] in g:
                targets |= g
        if "error" in case.get("expect", {}) and case["op"] != "validate":
            targets = {case["op"]}  # rejected input: one copy is enough
        for t in sorted(targets):
            t = t.replace("-", "_")
            added[t] = added.get(t, 0) + write(os.path.join(args.out, t), data)
        if case["op"] == "repair":  # the other policy too: both run every seed
            other = bytearray(data)
            other[1] ^= 1
            added[op] += write(os.path.join(args.out, op), bytes(other))
    for op in sorted(added):
        n = len(os.listdir(os.path.join(args.out, op)))
        print("corpus/%-18s %4d files (%d new)" % (op, n, added[op]))


if __name__ == "__main__":
    main()
