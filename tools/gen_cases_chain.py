#!/usr/bin/env python3
"""gen_cases_chain.py -- golden cases of chained compactions (spec COMPRESS-17):
sessions that compact three times, each call given the state the previous
call reported (previous_summary, compression_count), on the stub path and
the fallback path (fail_reason set or null), with secret-shaped text of
every redaction pattern inside the turns that get summarized.

  HERMES_SRC=... gen_cases_chain.py --write   write golden/compress/CHAIN-*.json
  HERMES_SRC=... gen_cases_chain.py --list    ids and outcomes only
  HERMES_SRC=... gen_cases_chain.py --differential N [--impl CMD]
                                              N more sessions (seeds from 1001), every
                                              call put to CMD (default build/hcc, --serve)
                                              and compared with hermes; counts by verdict

Each call's input is the previous call's result as the pinned hermes
returns it (through the corpus's adapter, in this process) plus the turns
the session had since; its expectation is the pinned hermes's answer to
that call (`tools/regen.py --check` re-derives every one).  So the cases
are one hermes compressor's chain, replayed call by call.

The secrets are the inputs of the agreeing redact cases of spec REDACT-4
to REDACT-22 (golden/redact), one per rule whose masking changes the text:
the first such case (by id) that hcc can redact inside the fallback,
that is, none of whose text the strict URL-credential pass could change
and none with a case-folding lookalike (DIV-FALLBACK-1 refuses those).

Deterministic: the same pinned files write the same cases.
"""
import argparse
import base64
import glob
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
from gen_cases_compress import asst, call, calls, tool, user  # noqa: E402

OUT = os.path.join(casefmt.ROOT, "golden", "compress")
SYS = {"role": "system", "content": "You are a coding agent."}
SESSIONS = range(1, 31)  # two per pattern, of opposite parity: each path on each
STEPS = 3
REASONS = ["HTTP 500", "timeout after 30s", "no auxiliary LLM provider configured"]

# FALLBACK-2's strict URL test and DIV-FALLBACK-1's lookalikes, as data
STRICT_URL = re.compile(r"//[^/\s?#@]+@|[?#&;][A-Za-z0-9_.~+%\-]*=")
LOOKALIKES = "\u0131\u017f\u212a\u0130"


def secrets(url=False):
    """{rule: text} for every REDACT rule with a usable agreeing example;
    url=True: the rules whose every example the strict URL test refuses
    inside the fallback (their first masking example)."""
    out, refused = {}, {}
    for path in sorted(glob.glob(os.path.join(casefmt.GOLDEN, "redact", "REDACT-*.json"))):
        with open(path, encoding="utf-8") as f:
            c = json.load(f)
        m = re.match(r"REDACT-(\d+)-", c["id"])
        if not m or not 4 <= int(m.group(1)) <= 22 or not c.get("hermes", "").startswith("agrees"):
            continue
        rule = "REDACT-%s" % m.group(1)
        text, exp = c["input"], c.get("expect", {}).get("output")
        if rule in out or not isinstance(text, str) or not isinstance(exp, str) or exp == text:
            continue
        if len(text) > 600 or "\x00" in text or any(ch in text for ch in LOOKALIKES):
            continue
        if STRICT_URL.search(text) or STRICT_URL.search(exp):
            refused.setdefault(rule, text)
            continue
        out[rule] = text
    if url:
        return {r: t for r, t in refused.items() if r not in out}
    return out


def turns(r, n, secret_texts, cid):
    """n more exchanges; secret_texts go into user turns and tool output."""
    msgs = []
    for i in range(n):
        secret = secret_texts.pop(0) if secret_texts else None
        k = r.random()
        if k < 0.4:
            cid[0] += 1
            c = "t%d" % cid[0]
            msgs.append(calls([call(c, r.choice(["read_file", "terminal"]),
                                    json.dumps({"path": "src/mod%d.py" % cid[0]}))], r.choice(["", "Checking."])))
            msgs.append(tool(c, "line %d\n" % i + (secret or "ok") + "\n" + "x = 1\n" * r.randint(1, 20)))
            msgs.append(asst(r.choice(["Read it.", "The module looks fine.", "Found the bug."])))
        else:
            msgs.append(user(("Use this: %s" % secret) if secret else r.choice(["Continue.", "Next step.",
                                                                              "Fix the test.", "Why?"])))
            msgs.append(asst(r.choice(["Done.", "Working on it.", "Tests pass now.", "Because of the cache."])))
    msgs.append(user(r.choice(["What now?", "Ship it.", "Status?"])))
    return msgs


def run_hermes(h, case):
    import hermes_adapter
    req = json.dumps({"op": "compress", "params": case["params"],
                      "input_b64": base64.b64encode(json.dumps(case["input"], ensure_ascii=False)
                                                    .encode("utf-8", "surrogatepass")).decode()}).encode()
    rc, out, err = hermes_adapter.handle(h, "compress", req)
    if rc != 0:
        return rc, err.decode() if isinstance(err, bytes) else err
    return 0, json.loads(out.decode("utf-8", "surrogatepass"))


def cases(h, seeds=SESSIONS):
    pool = secrets()
    rules = sorted(pool, key=lambda x: int(x.split("-")[1]))
    out = []
    for seed in seeds:
        r = random.Random(seed)
        cid = [0]
        # the session's pattern goes into the first turns before every
        # call, so it is summarized once by the stub and once by the
        # fallback (the first two calls take one path each, by seed);
        # a second pattern rides along
        mine = pool[rules[(seed - 1) % len(rules)]]
        other = pool[rules[r.randrange(len(rules))]]
        msgs = [SYS] + turns(r, r.randint(4, 7), [mine, other], cid)
        state = {"previous_summary": None, "compression_count": 0}
        for step in range(1, STEPS + 1):
            fail = (step == 1) == (seed % 2 == 0) if step < 3 else r.random() < 0.5
            params = {"explain": True, "protect_first_n": r.choice([1, 2, 3]),
                      "tail_token_budget": r.choice([30, 60, 120]), "protect_last_n": r.choice([2, 4])}
            if state["compression_count"]:
                params["compression_count"] = state["compression_count"]
            if state["previous_summary"] is not None:
                params["previous_summary"] = state["previous_summary"]
            if fail:
                params["summarizer_fail"] = True
                if r.random() < 0.6:
                    params["fail_reason"] = r.choice(REASONS)
            case = {"id": "CHAIN-session-%d-call-%d" % (seed, step), "rules": ["COMPRESS-17", "COMPRESS-5",
                    "FALLBACK-1" if fail else "COMPRESS-7"], "op": "compress", "params": params,
                    "input": msgs,
                    "source": "generated seed=%d, call %d of a chain (tools/gen_cases_chain.py)" % (seed, step),
                    "hermes": "agrees"}
            rc, got = run_hermes(h, case)
            if rc != 0:
                sys.exit("gen_cases_chain: hermes adapter exit %d on %s: %s" % (rc, case["id"], got))
            case["expect"] = {"output": got}
            out.append(case)
            state = {"previous_summary": got["previous_summary"], "compression_count": got["compression_count"]}
            msgs = got["result"] + turns(r, r.randint(3, 6), [mine], cid)
    url = secrets(url=True)
    out += url_sessions(h, url)
    return out, rules + sorted(url, key=lambda x: int(x.split("-")[1]))


def url_sessions(h, url):
    """The patterns the strict URL-credential pass could reach (a DSN, a
    token as URL userinfo, a form body): summarized by the stub through a
    chain of three calls, then a fourth call on the fallback path, which
    hcc refuses (DIV-FALLBACK-1) where hermes writes its summary."""
    out = []
    for k, (rule, text) in enumerate(sorted(url.items())):
        seed = 101 + k
        r = random.Random(seed)
        cid = [0]
        # in a user turn: the fallback keeps user text (FALLBACK-5), so the
        # strict URL test surely sees it
        ask = [user("Use this: %s" % text), asst("Done.")]
        msgs = [SYS] + ask + turns(r, 4, [], cid)
        state = {"previous_summary": None, "compression_count": 0}
        for step in range(1, STEPS + 2):
            params = {"explain": True, "protect_first_n": 1, "tail_token_budget": 30, "protect_last_n": 2}
            if state["compression_count"]:
                params["compression_count"] = state["compression_count"]
            if state["previous_summary"] is not None:
                params["previous_summary"] = state["previous_summary"]
            last = step == STEPS + 1
            if last:
                params["summarizer_fail"] = True
            case = {"id": "CHAIN-url-%s-call-%d" % (rule, step), "rules": ["COMPRESS-17", "COMPRESS-7"]
                    if not last else ["COMPRESS-17", "FALLBACK-2"], "op": "compress", "params": params,
                    "input": msgs, "source": "generated seed=%d, %s summarized, call %d of a chain "
                    "(tools/gen_cases_chain.py)" % (seed, rule, step), "hermes": "agrees"}
            rc, got = run_hermes(h, case)
            if rc != 0:
                sys.exit("gen_cases_chain: hermes adapter exit %d on %s: %s" % (rc, case["id"], got))
            if last:
                case["hermes"] = ("diverges: DIV-FALLBACK-1 the strict URL-credential pass hcc does not "
                                  "implement could change the summarized %s text" % rule)
                case["expect"] = {"error": "HCC_E_UNSUPPORTED"}
            else:
                case["expect"] = {"output": got}
            out.append(case)
            state = {"previous_summary": got["previous_summary"], "compression_count": got["compression_count"]}
            msgs = got["result"] + ask + turns(r, 3, [], cid)
    return out


def differential(h, n, impl):
    """Counts of hcc's answers to the calls of n generated chains against
    hermes's (compared as conform.py compares: key order aside)."""
    import collections
    import conform
    runner = conform.ServeRunner(impl.split(), 60.0)
    out, _ = cases(h, range(1001, 1001 + n))
    counts, first = collections.Counter(), None
    for c in out:
        rc, got, err = runner.run(c)
        outcome = c["expect"]["output"]["outcome"]
        if rc != 0:
            counts["hcc refused (%s)" % err.decode().split()[1] if err else "hcc exit %d" % rc] += 1
            continue
        same = casefmt.structural(got.decode("utf-8", "surrogatepass")) == casefmt.structural(
            json.dumps(c["expect"]["output"], ensure_ascii=False))
        counts["%s: %s" % (outcome, "identical" if same else "differs")] += 1
        if not same and first is None:
            first = c["id"]
    print("gen_cases_chain: %d sessions, %d calls" % (n, len(out)))
    for k in sorted(counts):
        print("  %-40s %d" % (k, counts[k]))
    if first:
        print("  first difference: %s" % first)
    return 1 if first else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--differential", type=int, metavar="N")
    ap.add_argument("--impl", default=os.path.join(casefmt.ROOT, "build", "hcc") + " --serve")
    a = ap.parse_args()
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.exit("gen_cases_chain: set HERMES_SRC to the pinned hermes files (README.md says how)")
    import hermes_adapter
    h = hermes_adapter.Hermes(src)
    if a.differential:
        sys.exit(differential(h, a.differential, a.impl))
    out, rules = cases(h)
    if a.list:
        for c in out:
            e = c["expect"]["output"]
            print("%-28s %-10s count %d previous %s" % (c["id"], e["outcome"], e["compression_count"],
                                                       "null" if e["previous_summary"] is None else
                                                       "%d chars" % len(e["previous_summary"])))
        print("patterns: %s" % ", ".join(rules))
    if a.write:
        for old in glob.glob(os.path.join(OUT, "CHAIN-*.json")):
            os.remove(old)
        for c in out:
            casefmt.write_case(os.path.join(OUT, c["id"] + ".json"), c)
        print("gen_cases_chain: wrote %d cases (%d patterns)" % (len(out), len(rules)))


if __name__ == "__main__":
    main()
