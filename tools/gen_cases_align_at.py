#!/usr/bin/env python3
"""gen_cases_align_at.py -- writes the golden cases of ALIGN-16 (`align-at`,
golden/align-at) that are not spec examples.

  tools/gen_cases_align_at.py && HERMES_SRC=DIR tools/regen.py --select 'ALIGN-16-*'

The transcripts are the shapes the two moves distinguish: tool groups of one
to four results with the index at every position inside and around them,
an assistant whose tool_calls is empty or absent, consecutive groups, a
system prompt, the index at 0, at the end and past it, and tool_calls values
of every JSON type (the backward move tests Python truthiness).  Expectations
are null placeholders that tools/regen.py fills from the hermes adapter.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402

RULE = "ALIGN-16"


def tc(i):
    return {"id": "c%d" % i, "type": "function", "function": {"name": "read_file", "arguments": "{}"}}


def group(first, k):
    return ([{"role": "assistant", "content": None, "tool_calls": [tc(first + j) for j in range(k)]}] +
            [{"role": "tool", "tool_call_id": "c%d" % (first + j), "content": "r%d" % (first + j)} for j in range(k)])


def cases():
    out = []

    def add(name, msgs, at, note, source=None):
        c = {"id": "%s-%s" % (RULE, name), "rules": [RULE], "op": "align-at", "params": {"at": at},
             "input": msgs, "note": note, "hermes": "agrees", "expect": {"output": None}}
        if source:
            c["source"] = source
        out.append(c)

    for k in (1, 2, 3, 4):
        msgs = [{"role": "system", "content": "s"}, {"role": "user", "content": "go"}] + group(1, k) + \
               [{"role": "assistant", "content": "done"}, {"role": "user", "content": "next"}]
        for at in range(0, len(msgs) + 2):
            add("group%d-at%d" % (k, at), msgs, at,
                "a group of %d result%s at messages 3..%d; the index at %d" % (k, "" if k == 1 else "s", 2 + k, at),
                "regression hermes PR #1993" if k >= 2 and 4 <= at <= 2 + k else None)
    two = [{"role": "user", "content": "go"}] + group(1, 2) + group(3, 2) + [{"role": "user", "content": "more"}]
    for at in range(1, len(two)):
        add("two-groups-at%d" % at, two, at, "two groups back to back; only the nearest one moves the index")
    for name, calls in (("empty-list", []), ("absent", None), ("string", "x"), ("empty-string", ""),
                        ("zero", 0), ("number", 2), ("true", True), ("false", False), ("object", {"a": 1}),
                        ("empty-object", {})):
        a = {"role": "assistant", "content": None}
        if calls is not None:
            a["tool_calls"] = calls
        msgs = [{"role": "user", "content": "go"}, a, {"role": "tool", "tool_call_id": "c1", "content": "r"},
                {"role": "tool", "tool_call_id": "c2", "content": "r"}, {"role": "user", "content": "next"}]
        add("tool-calls-%s" % name, msgs, 3, "tool_calls %s: the backward move tests Python's truth of it"
            % json.dumps(calls))
    add("results-without-call", [{"role": "user", "content": "go"}, {"role": "tool", "tool_call_id": "c1", "content": "r"},
                                 {"role": "tool", "tool_call_id": "c2", "content": "r"}, {"role": "user", "content": "x"}],
        2, "results with no assistant before them: backward reaches the user message and stays")
    add("all-tools", [{"role": "tool", "tool_call_id": "c%d" % i, "content": "r"} for i in range(4)], 2,
        "every message a result: forward stops at the end, backward at -1 stays")
    add("empty", [], 0, "no messages")
    add("wrapper-object", {"model": "m", "messages": group(1, 2) + [{"role": "user", "content": "q"}]}, 2,
        "the transcript in a wrapper object (ALIGN-1)")
    add("big-index", group(1, 2), 10 ** 12, "an index far past the end")
    out.append({"id": "%s-element-not-object" % RULE, "rules": [RULE], "op": "align-at", "params": {"at": 1},
                "input": [{"role": "user", "content": "a"}, "not a message"], "hermes": "agrees",
                "note": "a message that is not an object is refused (ALIGN-1)", "expect": {"output": None}})
    return out


def main():
    d = os.path.join(casefmt.GOLDEN, "align-at")
    os.makedirs(d, exist_ok=True)
    n = 0
    for c in cases():
        path = os.path.join(d, c["id"] + ".json")
        if os.path.exists(path):
            old = json.load(open(path, encoding="utf-8"))
            if old.get("input") == c["input"] and old.get("params") == c["params"]:
                continue  # keep the expectation regen wrote
        casefmt.write_case(path, c)
        n += 1
    print("gen_cases_align_at: %d case files written" % n)


if __name__ == "__main__":
    main()
