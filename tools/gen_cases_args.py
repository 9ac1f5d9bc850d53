#!/usr/bin/env python3
"""gen_cases_args.py -- golden cases of the ARGS rules (op truncate-args).

  tools/gen_cases_args.py [--seeds N]

Writes golden/truncate-args/ARGS-*.json: hand-made cases for every rule
(edge cases, the hermes tests of _truncate_tool_call_args_json and the
#11762 / #13574 regressions) and N seeded random transcripts of realistic
tool calls (file writes with large content, patches, shell commands,
nested objects, arrays of strings, non-ASCII text, numbers of every
spelling).  Cases marked "agrees" get a placeholder expectation; fill them
from hermes with

  HERMES_SRC=... tools/regen.py --select 'golden/truncate-args/*'

Cases that depend on a divergence carry the expectation spec/SPEC.md
decides, computed here explicitly per case.  The output is deterministic:
random cases use random.Random(seed).
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402

OP = "truncate-args"
GEN = "generated tools/gen_cases_args.py"
MARK = "...[truncated]"
# Selection by message count: the last message protected, nothing else.
COUNT1 = {"tail_token_budget": 0, "protect_last_n": 1}


class Raw:
    """A JSON fragment written as is (numbers spelled a given way, NaN)."""

    def __init__(self, text):
        self.text = text


def enc(v, style="canonical", ascii_=False, level=0):
    """JSON text of v.  style: canonical (", " / ": "), compact ("," / ":"),
    pretty (indent 2).  Raw fragments are copied; dicts may be lists of
    pairs to get duplicate keys."""
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=ascii_)
    if v is None or isinstance(v, (bool, int, float)):
        return json.dumps(v)
    pairs = None
    if isinstance(v, dict):
        pairs = list(v.items())
    elif isinstance(v, tuple) and v and v[0] == "pairs":
        pairs = v[1]
    if pairs is not None:
        items = [enc(k, style, ascii_) + (":" if style == "compact" else ": ") +
                 enc(x, style, ascii_, level + 1) for k, x in pairs]
        open_, close = "{", "}"
    else:
        items = [enc(x, style, ascii_, level + 1) for x in v]
        open_, close = "[", "]"
    if not items:
        return open_ + close
    if style == "pretty":
        pad = "\n" + "  " * (level + 1)
        return open_ + pad + ("," + pad).join(items) + "\n" + "  " * level + close
    return open_ + ("," if style == "compact" else ", ").join(items) + close


# ---- transcript helpers ------------------------------------------------------

def call(cid, name, args):
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}


def asst(*calls, content=None):
    return {"role": "assistant", "content": content, "tool_calls": list(calls)}


def tool(cid, content):
    return {"role": "tool", "tool_call_id": cid, "content": content}


def user(text):
    return {"role": "user", "content": text}


def turn(cid, name, args, result="ok"):
    """An assistant call and its result."""
    return [asst(call(cid, name, args)), tool(cid, result)]


def after(*msgs):
    """A transcript ending with a user message (the protected tail of COUNT1)."""
    return list(msgs) + [user("thanks, continue")]


CODE = ("def handler(event, context):\n"
        "    \"\"\"Process one queue record.\"\"\"\n"
        "    body = json.loads(event[\"body\"])\n"
        "    if not body.get(\"id\"):\n"
        "        raise ValueError('missing id')\n"
        "    return {\"status\": 200, \"id\": body[\"id\"]}\n\n")
MARKDOWN = ("# Shopping Browser Setup Notes\n\n## Overview\n"
            "- Use the persistent profile in `~/.config/browser`.\n"
            "- Log in once; cookies are kept between sessions.\n\n")
CJK = "上下文压缩会把较早的对话总结成一段摘要，并保留最近的消息。"
KANA = "コンテキスト圧縮は古い会話を要約します。"
EMOJI = "🚀✨🎉👩‍💻🇯🇵"


def long_text(unit, n):
    return (unit * (n // len(unit) + 1))[:n]


# ---- hand-made cases ---------------------------------------------------------

def hand_cases():
    cases = []

    def add(cid, rules, msgs, params=None, hermes="agrees", source="generated tools/gen_cases_args.py (hand-made)",
            expect=None, note=None):
        c = {"id": cid, "rules": rules, "op": OP, "params": params if params is not None else dict(COUNT1),
             "input": msgs, "expect": expect if expect is not None else {"output": None},
             "source": source, "hermes": hermes}
        if note:
            c["note"] = note
        cases.append(c)

    # ARGS-1: arguments that are not JSON stay as they are
    cmd = "cd /srv/app && " + " && ".join("make target-%d" % i for i in range(60))
    add("ARGS-1-shell-text", ["ARGS-1", "ARGS-5"], after(*turn("c1", "terminal", cmd)))
    broken = '{"path": "notes.md", "content": "' + long_text(MARKDOWN, 600).replace("\n", "\\n")
    add("ARGS-1-already-broken", ["ARGS-1"], after(*turn("c1", "write_file", broken)),
        note="an unterminated argument string (what the old slicing produced) is kept, not repaired")
    add("ARGS-1-trailing-data", ["ARGS-1"],
        after(*turn("c1", "write_file", '{"a": "x"} ' + enc({"b": long_text("y", 600)}))))
    add("ARGS-1-byte-order-mark", ["ARGS-1"],
        after(*turn("c1", "write_file", "\ufeff" + enc({"content": long_text("z", 600)}))))
    nan_args = enc(("pairs", [("value", Raw("NaN")), ("content", long_text("n", 600))]))
    add("ARGS-1-nan", ["ARGS-1"], after(*turn("c1", "record", nan_args)),
        hermes="diverges: DIV-ARGS-1 Python reads NaN and writes it back; hcc leaves non-JSON arguments alone",
        expect={"output": after(*turn("c1", "record", nan_args))})
    big = "1" + "0" * 4300
    huge_args = '{"n":' + big + ',"content":"' + long_text("h", 300) + '"}'
    add("ARGS-1-int-over-4300-digits", ["ARGS-1"], after(*turn("c1", "calc", huge_args)),
        note="json.loads raises ValueError for an int of 4301 digits (CPython >= 3.11), so the arguments are kept")
    ok_int = '{"n":' + "9" * 4300 + ',"content":"' + long_text("h", 300) + '"}'
    add("ARGS-1-int-4300-digits", ["ARGS-1", "ARGS-3"], after(*turn("c1", "calc", ok_int)))
    # a lone surrogate inside the decoded arguments text (the transcript
    # escapes it as \ud800, so json.loads sees the raw code point)
    sur_args = '{"content": "\ud800' + long_text("s", 600) + '"}'
    add("ARGS-1-raw-lone-surrogate", ["ARGS-1"], after(*turn("c1", "write_file", sur_args)),
        hermes="diverges: DIV-ARGS-2 Python parses text holding a raw lone surrogate; hcc's JSON layer does not, so the arguments are kept",
        expect={"output": after(*turn("c1", "write_file", sur_args))})
    deep = "[" * 600 + '"' + long_text("d", 300) + '"' + "]" * 600
    add("ARGS-1-nesting-600", ["ARGS-1"], after(*turn("c1", "nest", deep)),
        hermes="diverges: DIV-ARGS-3 Python's recursive shrink raises RecursionError; hcc keeps arguments nested deeper than 512",
        expect={"output": after(*turn("c1", "nest", deep))})
    deep_ok = "[" * 100 + '"' + long_text("d", 500) + '"' + "]" * 100
    add("ARGS-1-nesting-100", ["ARGS-1", "ARGS-2"], after(*turn("c1", "nest", deep_ok)))

    # ARGS-2: long string values are cut at head_chars code points
    args = enc({"path": "src/handler.py", "content": long_text(CODE, 3000)})
    add("ARGS-2-write-file", ["ARGS-2", "ARGS-5"], after(*turn("c1", "write_file", args)))
    args = enc({"a": long_text("a", 200), "b": long_text("b", 201), "c": long_text("c", 199),
                "pad": long_text("p", 150)})
    add("ARGS-2-head-boundary", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        note="a value of exactly head_chars code points is kept; head_chars + 1 is cut")
    args = enc({long_text("k", 260): long_text("v", 300), "short": "x"})
    add("ARGS-2-keys-not-cut", ["ARGS-2"], after(*turn("c1", "put", args)))
    args = enc({"edits": [{"path": "a.py", "old": long_text(CODE, 400), "new": long_text(CODE[::-1], 400)},
                          {"path": "b.py", "old": "x", "new": "y"}],
                "options": {"dry_run": False, "message": long_text("commit message ", 260)}})
    add("ARGS-2-nested", ["ARGS-2"], after(*turn("c1", "multi_edit", args)))
    args = enc({"path": "docs/zh.md", "content": long_text(CJK, 600)})
    add("ARGS-2-cjk", ["ARGS-2", "ARGS-5"], after(*turn("c1", "write_file", args)))
    args = enc({"content": long_text(EMOJI + "ab", 600)})
    add("ARGS-2-emoji-code-points", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        note="astral characters and joiner sequences count one code point each")
    args = enc({"content": long_text(KANA + "😀é", 400)}, ascii_=True)
    add("ARGS-2-ascii-escaped-inner", ["ARGS-2", "ARGS-3"], after(*turn("c1", "write_file", args)),
        note="arguments written with \\u escapes (surrogate pairs for astral) are decoded, cut by code points and written raw")
    args = enc({"path": "x.txt", "content": long_text("0123456789", 700)})
    add("ARGS-2-head-chars-10", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        params=dict(COUNT1, head_chars=10))
    args = enc({"a": "", "b": "x", "c": long_text("y", 600)})
    add("ARGS-2-head-chars-0", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        params=dict(COUNT1, head_chars=0))
    add("ARGS-2-top-level-string", ["ARGS-2"],
        after(*turn("c1", "echo", json.dumps(long_text("echo hello world; ", 700)))))
    add("ARGS-2-top-level-array", ["ARGS-2"],
        after(*turn("c1", "batch", enc([long_text("item %d " % i, 250) for i in range(3)]))))
    esc = "line 1\n\tindented \"quoted\" back\\slash \x01 \x7f \u2028 end / "
    args = enc({"content": long_text(esc, 700)})
    add("ARGS-2-escapes", ["ARGS-2", "ARGS-3"], after(*turn("c1", "write_file", args)))
    args = enc({"content": long_text("x", 199) + "\n" + long_text("y", 400)})
    add("ARGS-2-cut-after-escape", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        note="the 200th code point is the escaped newline: the cut counts decoded code points, not bytes")

    # regressions and hermes tests
    md = "# Shopping Browser Setup Notes\n\n" + "abc " * 400
    args = json.dumps({"path": "~/.hermes/skills/shopping/browser-setup-notes.md", "content": md})
    add("ARGS-2-hermes-shrunken-valid-json", ["ARGS-2"], after(*turn("c1", "write_file", args)),
        source="hermes test tests/agent/test_context_compressor.py::TestTruncateToolCallArgsJson::test_shrunken_args_remain_valid_json")
    args = json.dumps({"retries": 3, "enabled": True, "timeout": None, "items": [1, 2, 3], "note": "z" * 500})
    add("ARGS-3-hermes-non-string-leaves", ["ARGS-3"], after(*turn("c1", "configure", args)),
        source="hermes test tests/agent/test_context_compressor.py::TestTruncateToolCallArgsJson::test_non_string_leaves_preserved")
    huge = "# Shopping Browser Setup Notes\n\n## Overview\n" + "x " * 400
    args = json.dumps({"path": "~/.hermes/skills/shopping/browser-setup-notes.md", "content": huge})
    msgs = [user("please write two files"),
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "write_file", "arguments": args}}]},
            tool("call_1", '{"bytes_written": 727}'),
            user("ok"),
            {"role": "assistant", "content": "done"}]
    add("ARGS-5-hermes-pass3-downstream", ["ARGS-5", "ARGS-6"], msgs,
        params={"tail_token_budget": 0, "protect_last_n": 2},
        source="hermes test tests/agent/test_context_compressor.py::TestTruncateToolCallArgsJson::test_pass3_emits_valid_json_for_downstream_provider")
    content = "# Notes\n\n" + long_text("The quick brown fox jumps over the lazy dog. ", 2400)
    args = json.dumps({"path": "/foo/bar/notes.md", "content": content})
    add("ARGS-2-regression-11762", ["ARGS-2", "ARGS-5"], after(*turn("call_1", "write_file", args)),
        source="regression hermes #11762",
        note="the old rule args[:200] + '...[truncated]' left an unterminated string; the new arguments parse")
    skill = "---\nname: team-guide\n---\n# Hermes Agent Guide: Building and Maintaining a 4-Profile Team\n\n" + \
        long_text("## The Mental Model — Roles, Not Personas\nEach profile owns one job.\n", 3000)
    args = json.dumps({"action": "create", "name": "team-guide", "content": skill})
    add("ARGS-2-regression-13574", ["ARGS-2", "ARGS-5"], after(*turn("call_function_1", "skill_manage", args)),
        source="regression hermes #13574",
        note="skill_manage with multi-KB markdown content: the result must stay JSON a strict provider accepts")

    # ARGS-3: how the result is written
    nums = '{"ints": [0, -0, 7, -12, 123456789012345678901234567890], ' \
           '"floats": [1.0, 1.50, 1e5, 1E5, 2.5E+3, -0.0, 1e15, 1e16, 1e-5, 0.1, 5e-324, 1.7976931348623157e308, 100e-2], ' \
           '"content": "' + long_text("n", 400) + '"}'
    add("ARGS-3-numbers", ["ARGS-3"], after(*turn("c1", "calc", nums)))
    # the spellings repr(float) is proved on or searched for (pyfloat.c,
    # pyfloat_exact.c): already-shortest texts (as Python writes them),
    # 17-digit and padded ones, powers of two, subnormals, the ends of a
    # rounding interval, and embedding-like values
    rnd = random.Random(1536)
    emb = [repr(rnd.gauss(0, 0.05)) for _ in range(24)]
    emb17 = ["%.17g" % float(x) for x in emb[:8]]
    odd = ["0.30000000000000004", "0.30000000000000005", "0.1000000000000000055511151231257827",
           "18014398509481992.0", "1.8014398509481992e+16", "1.801439850948199e+16", "18014398509481988.0",
           "0.5", "2.0", "1024.0", "9007199254740992.0", "9007199254740993.0", "4.4501477170144023e-308",
           "2.2250738585072014e-308", "2.225073858507201e-308", "4.9e-324", "1e22", "1e23", "1e+23",
           "1234567890123456.7", "123456789.12345679", "0.0001", "1e-05", "1.5e-05", "-1.5e-05",
           "0.000123", "1.23e-4", "12345678901234567890.0", "1.2345678901234567e+19", "-0.0", "0.10",
           "7.0e0", "3.14159", "2.718281828459045", "1e16", "9999999999999998.0", "9.999999999999998e+15"]
    floats = '{"vector": [' + ", ".join(emb + emb17 + odd) + '], "content": "' + long_text("f", 300) + '"}'
    add("ARGS-3-float-spellings", ["ARGS-3"], after(*turn("c1", "embed", floats)))
    ovf = '{"big": 1e400, "neg": -1E400, "content": "' + long_text("o", 600) + '"}'
    ovf_out = '{"big": 1e400, "neg": -1E400, "content": "' + long_text("o", 200) + MARK + '"}'
    add("ARGS-3-overflowing-float", ["ARGS-3"], after(*turn("c1", "calc", ovf)),
        hermes="diverges: DIV-JSON-2 Python writes Infinity, which is not JSON; hcc keeps the number's text",
        expect={"output": after(*turn("c1", "calc", ovf_out))})
    dup = enc(("pairs", [("a", "first"), ("b", 1), ("a", long_text("last ", 600)), ("c", [1, 2])]))
    add("ARGS-3-duplicate-keys", ["ARGS-3"], after(*turn("c1", "put", dup)))
    lit = enc({"t": True, "f": False, "n": None, "o": {}, "l": [], "nested": {"e": [{}, [], [[]]]},
               "content": long_text("l", 500)}, style="compact")
    add("ARGS-3-literals-and-empties", ["ARGS-3"], after(*turn("c1", "put", lit)))
    pretty = enc({"path": "cfg.yaml", "options": {"mode": "w", "mkdir": True}, "lines": ["a", "b"],
                  "content": long_text("key: value\n", 500)}, style="pretty")
    add("ARGS-3-pretty-printed", ["ARGS-3", "ARGS-4"], after(*turn("c1", "write_file", pretty)))
    esc_sur = '{"content": "\\ud800' + long_text("s", 600) + '", "tail": "\\udfff"}'
    esc_out = '{"content": "\\ud800' + long_text("s", 199) + MARK + '", "tail": "\\udfff"}'
    add("ARGS-3-lone-surrogate-escape", ["ARGS-3"], after(*turn("c1", "write_file", esc_sur)),
        hermes="diverges: DIV-ARGS-4 Python writes the lone surrogate raw into the new arguments; hcc writes the \\udxxx escape",
        expect={"output": after(*turn("c1", "write_file", esc_out))})
    key_esc = '{"k\\u00e9y": "\\/path\\/to", "content": "' + long_text("\\u00e9", 1800) + '"}'
    add("ARGS-3-escaped-key", ["ARGS-3"], after(*turn("c1", "put", key_esc)))

    # ARGS-4: replaced only when different; splicing
    many = {"k%03d" % i: "value %d" % i for i in range(60)}
    add("ARGS-4-canonical-unchanged", ["ARGS-4", "ARGS-5"], after(*turn("c1", "put", enc(many))),
        note="selected (over 500 code points) but nothing to cut and already in json.dumps form: kept")
    add("ARGS-4-compact-reformatted", ["ARGS-4"], after(*turn("c1", "put", enc(many, style="compact"))),
        note="nothing to cut, yet the re-serialised text differs, so it replaces the arguments")
    big_args = enc({"path": "a.txt", "content": long_text("abc", 900)})
    msg = {"role": "assistant", "content": "Writing the file now.", "reasoning_content": "plan: write",
           "tool_calls": [{"id": "c1", "type": "function", "index": 0,
                           "function": {"name": "write_file", "arguments": big_args, "strict": True},
                           "extra": {"kept": [1, 2]}}],
           "x_custom": {"n": 1.50}}
    add("ARGS-4-other-members-kept", ["ARGS-4"], after(msg, tool("c1", "ok")))
    msg = asst(call("c1", "write_file", enc({"path": "a", "content": long_text("A", 800)})),
               call("c2", "read_file", enc({"path": "b"})),
               call("c3", "terminal", long_text("echo not json; ", 600)),
               call("c4", "write_file", enc({"path": "c", "content": long_text("C", 800)})))
    add("ARGS-4-parallel-calls", ["ARGS-4", "ARGS-5"],
        after(msg, tool("c1", "ok"), tool("c2", "ok"), tool("c3", "ok"), tool("c4", "ok")))
    wrapped = {"model": "gpt-x", "messages": after(*turn("c1", "write_file", big_args)), "meta": {"n": 1}}
    add("ARGS-4-wrapper-object", ["ARGS-4"], wrapped)

    # ARGS-5: which calls
    at500 = '{"c":"' + long_text("q", 492) + '"}'
    at501 = '{"c":"' + long_text("q", 493) + '"}'
    assert len(at500) == 500 and len(at501) == 501
    add("ARGS-5-gate-500", ["ARGS-5"],
        after(*turn("c1", "w", at500), *turn("c2", "w", at501)),
        params=dict(COUNT1, head_chars=400),
        note="arguments of exactly 500 code points are not looked at (compact, would be reformatted); 501 are")
    cjk_args = enc({"content": long_text(CJK, 300)})
    assert len(cjk_args) < 500 < len(cjk_args.encode())
    add("ARGS-5-gate-counts-code-points", ["ARGS-5"], after(*turn("c1", "write_file", cjk_args)),
        note="over 500 bytes but under 500 code points: not selected")
    odd = [{"role": "user", "content": "x", "tool_calls": [call("u1", "w", big_args)]},
           {"role": "tool", "tool_call_id": "u1", "content": "ok", "tool_calls": [call("t1", "w", big_args)]},
           {"role": "system", "content": "s", "tool_calls": [call("s1", "w", big_args)]},
           {"role": "Assistant", "content": "s", "tool_calls": [call("s2", "w", big_args)]}]
    add("ARGS-5-only-assistant", ["ARGS-5"], after(*odd))
    msgs = []
    for i in range(5):
        msgs += turn("c%d" % i, "write_file", enc({"path": "f%d" % i, "content": long_text("%d" % i, 700)}))
    add("ARGS-5-count-tail", ["ARGS-5", "ARGS-6"], msgs, params={"tail_token_budget": 0, "protect_last_n": 3},
        note="the last 3 messages are protected; older calls are cut")
    add("ARGS-5-empty-transcript", ["ARGS-5"], [], params={})
    add("ARGS-5-no-tool-calls", ["ARGS-5"],
        [user("hi"), {"role": "assistant", "content": "hello"}, {"role": "assistant", "content": None, "tool_calls": []},
         {"role": "assistant", "content": None, "tool_calls": None}, user("bye")], params={"tail_token_budget": 0, "protect_last_n": 0})

    # ARGS-6: the protected tail
    add("ARGS-6-count-exceeds-transcript", ["ARGS-6"], msgs, params={"tail_token_budget": 0, "protect_last_n": 50})
    # token budget walk: every turn is ~ (content/4 + overhead) tokens
    walk = []
    for i in range(12):
        walk += turn("w%d" % i, "write_file", enc({"path": "f%d.txt" % i, "content": long_text("w%d " % i, 900)}),
                     result=long_text("result %d " % i, 400))
    add("ARGS-6-budget-walk", ["ARGS-6"], walk, params={"tail_token_budget": 1500, "protect_last_n": 2})
    add("ARGS-6-budget-floor-8", ["ARGS-6"], walk, params={"tail_token_budget": 1, "protect_last_n": 20},
        note="a budget every message overflows: the floor min(protect_last_n, n, 8) keeps the last 8")
    add("ARGS-6-budget-floor-protect-3", ["ARGS-6"], walk, params={"tail_token_budget": 1, "protect_last_n": 3})
    add("ARGS-6-budget-large", ["ARGS-6"], walk, params={"tail_token_budget": 100000, "protect_last_n": 2},
        note="the whole transcript fits the budget: nothing is cut")
    add("ARGS-6-budget-overflowing-message-kept", ["ARGS-6"], walk, params={"tail_token_budget": 700, "protect_last_n": 1},
        note="the message whose tokens overflow the budget is itself inside the protected tail")
    long_run = []
    for i in range(30):
        long_run += turn("r%d" % i, "read_file", enc({"path": "src/m%d.py" % i, "pad": long_text("p", 520)}),
                         result=long_text(CODE, 4000))
    add("ARGS-6-default-params", ["ARGS-6", "ARGS-5"], long_run, params={},
        note="hermes's defaults: a 128000-token window gives a tail budget of 19200 tokens")
    add("ARGS-6-derived-budget-small-window", ["ARGS-6"], long_run,
        params={"context_length": 8000, "protect_last_n": 4})

    # ARGS-7: calls that cannot be rewritten
    add("ARGS-7-arguments-object", ["ARGS-7"],
        after(asst({"id": "c1", "type": "function", "function": {"name": "w", "arguments": {"content": long_text("o", 700)}}})))
    add("ARGS-7-function-missing", ["ARGS-7"], after(asst({"id": "c1", "type": "function"}, call("c2", "w", big_args))))
    add("ARGS-7-arguments-missing", ["ARGS-7"],
        after(asst({"id": "c1", "type": "function", "function": {"name": "w"}}, call("c2", "w", big_args))))
    add("ARGS-7-call-not-object", ["ARGS-7"], after(asst("c1", None, 3, call("c2", "w", big_args))))
    add("ARGS-7-tool-calls-string", ["ARGS-7"],
        after({"role": "assistant", "content": None, "tool_calls": long_text("not a list ", 600)}))
    add("ARGS-7-tool-calls-object", ["ARGS-7"],
        after({"role": "assistant", "content": None, "tool_calls": {"function": {"arguments": big_args}}}))
    div5 = "diverges: DIV-ARGS-5 hermes raises %s; hcc leaves the call as it is"
    for name, fn, exc in (("arguments-number", {"name": "w", "arguments": 42}, "TypeError (len of an int)"),
                          ("arguments-null", {"name": "w", "arguments": None}, "TypeError (len of None)")):
        m = after(asst({"id": "c1", "type": "function", "function": fn}, call("c2", "w", big_args)))
        exp = after(asst({"id": "c1", "type": "function", "function": fn},
                         call("c2", "w", enc({"path": "a.txt", "content": long_text("abc", 200) + MARK}))))
        add("ARGS-7-" + name, ["ARGS-7"], m, hermes=div5 % exc, expect={"output": exp})
    for name, fn, exc in (("function-string", "write_file", "AttributeError (str has no get)"),):
        m = after(asst({"id": "c1", "type": "function", "function": fn}, call("c2", "w", big_args)))
        exp = after(asst({"id": "c1", "type": "function", "function": fn},
                         call("c2", "w", enc({"path": "a.txt", "content": long_text("abc", 200) + MARK}))))
        add("ARGS-7-" + name, ["ARGS-7"], m, hermes=div5 % exc, expect={"output": exp})
    m = after({"role": "assistant", "content": None, "tool_calls": 7})
    add("ARGS-7-tool-calls-number", ["ARGS-7"], m,
        hermes="diverges: DIV-PAIRS-1 hermes raises TypeError (an int is not iterable); hcc refuses the transcript",
        expect={"error": "HCC_E_SHAPE"})
    add("ARGS-7-tool-calls-zero", ["ARGS-7"], after({"role": "assistant", "content": None, "tool_calls": 0.0},
                                                    {"role": "user", "content": None, "tool_calls": 7}))
    m = after(asst({"id": ["c", 1], "type": "function", "function": {"name": "w", "arguments": big_args}}))
    exp = after(asst({"id": ["c", 1], "type": "function",
                      "function": {"name": "w", "arguments": enc({"path": "a.txt", "content": long_text("abc", 200) + MARK})}}))
    add("ARGS-7-call-id-list", ["ARGS-7", "ARGS-2"], m,
        hermes="diverges: DIV-ARGS-5 hermes's tool-call index raises TypeError (unhashable list id) before pass 3; hcc rewrites the call like any other",
        expect={"output": exp})

    # ARGS-8: truncate_all
    every = [{"role": "system", "content": "s"},
             user("write it"),
             asst(call("a1", "write_file", '{"path":"a","content":"' + long_text("a", 30) + '"}'),
                  call("a2", "read_file", '{"path": "b"}'),
                  call("a3", "terminal", "ls -la"),
                  call("a4", "noop", "")),
             tool("a1", "ok"), tool("a2", "ok"), tool("a3", "ok"), tool("a4", "ok"),
             {"role": "user", "content": "x", "tool_calls": [call("u1", "w", '{"t": "' + long_text("u", 40) + '"}')]}]
    add("ARGS-8-every-role-and-position", ["ARGS-8"], every, params={"truncate_all": True, "head_chars": 8},
        note="every call of every message, the last one included, whatever its length")
    return cases


# ---- seeded random transcripts ----------------------------------------------

WORDS = ["context", "compaction", "summary", "tool", "result", "buffer", "token", "window", "request",
         "provider", "schema", "cache", "retry", "stream", "message", "session"]


def rand_text(r, n):
    kind = r.choice(["code", "md", "cjk", "mixed", "words", "escapes"])
    if kind == "code":
        unit = CODE
    elif kind == "md":
        unit = MARKDOWN
    elif kind == "cjk":
        unit = CJK + KANA
    elif kind == "mixed":
        unit = "naïve café — " + EMOJI + " " + CJK[:8] + " Ünïcödé\n"
    elif kind == "escapes":
        unit = "tab\there \"q\" \\ / \x02\x1f\u2028\u00ad\n"
    else:
        unit = " ".join(r.choice(WORDS) for _ in range(12)) + ". "
    start = r.randrange(len(unit))
    return long_text(unit[start:] + unit, n)


def rand_number(r):
    return Raw(r.choice(["0", "-0", "1", "42", "-17", "1.0", "-0.0", "1e5", "1E5", "2.5e-3", "1e15", "1e16",
                         "1e22", "0.1", "3.14159", "12345678901234567890123", "1.7976931348623157e308",
                         "5e-324", "6.02214076e23", "100.00", "-1.5E+10"]))


def rand_value(r, depth=0):
    x = r.random()
    if depth > 3 or x < 0.35:
        n = r.choice([3, 20, 150, 199, 200, 201, 202, 450, 1200, 4000])
        return rand_text(r, n)
    if x < 0.5:
        return rand_number(r)
    if x < 0.58:
        return r.choice([True, False, None])
    if x < 0.78:
        return [rand_value(r, depth + 1) for _ in range(r.randrange(0, 5))]
    return {r.choice(WORDS) + ("_%d" % i if r.random() < 0.7 else ""): rand_value(r, depth + 1)
            for i in range(r.randrange(0, 5))}


def rand_args(r):
    style = r.choice(["canonical", "canonical", "compact", "pretty"])
    kind = r.choice(["write", "patch", "command", "nested", "list", "broken"])
    if kind == "write":
        v = {"path": "src/%s.py" % r.choice(WORDS), "content": rand_text(r, r.choice([150, 700, 3000]))}
    elif kind == "patch":
        lines = ["--- a/app.py", "+++ b/app.py", "@@ -1,%d +1,%d @@" % (r.randrange(5, 40), r.randrange(5, 40))]
        lines += [r.choice("+- ") + rand_text(r, 60).replace("\n", " ") for _ in range(r.randrange(4, 30))]
        v = {"path": "app.py", "patch": "\n".join(lines)}
    elif kind == "command":
        v = {"command": " && ".join("%s --%s=%d" % (r.choice(WORDS), r.choice(WORDS), i)
                                    for i in range(r.randrange(3, 40))), "timeout": rand_number(r)}
    elif kind == "nested":
        v = {"query": rand_value(r, 1), "options": rand_value(r, 1), "limit": rand_number(r)}
    elif kind == "list":
        v = {"files": [rand_text(r, r.choice([20, 210, 600])) for _ in range(r.randrange(1, 6))]}
    else:
        return enc({"content": rand_text(r, 800)})[:r.randrange(100, 700)]
    return enc(v, style=style, ascii_=r.random() < 0.2)


def random_case(seed):
    r = random.Random(seed)
    msgs = [{"role": "system", "content": "You are a coding agent."}, user("Let's work on the repo.")]
    n = 0
    for _ in range(r.randrange(3, 12)):
        calls = [call("call_%d_%d" % (seed, n + k), r.choice(["write_file", "patch", "terminal", "search"]), rand_args(r))
                 for k in range(r.choice([1, 1, 1, 2, 3]))]
        n += len(calls)
        msgs.append(asst(*calls, content=r.choice([None, "", "Working on it."])))
        for c in calls:
            msgs.append(tool(c["id"], rand_text(r, r.choice([40, 500, 3000]))))
        if r.random() < 0.3:
            msgs.append(user(rand_text(r, 80)))
    params = r.choice([{"tail_token_budget": 0, "protect_last_n": r.randrange(0, 6)},
                       {"tail_token_budget": r.choice([200, 800, 3000]), "protect_last_n": r.randrange(0, 12)},
                       {"truncate_all": True, "head_chars": r.choice([0, 5, 50, 200])},
                       {"head_chars": r.choice([20, 100]), "tail_token_budget": 0, "protect_last_n": 2}])
    return {"id": "ARGS-5-random-%02d" % seed, "rules": ["ARGS-2", "ARGS-3", "ARGS-5"] +
            (["ARGS-8"] if params.get("truncate_all") else ["ARGS-6"]),
            "op": OP, "params": params, "input": msgs, "expect": {"output": None},
            "source": "%s seed=%d" % (GEN, seed), "hermes": "agrees"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=6)
    a = ap.parse_args()
    cases = hand_cases() + [random_case(s) for s in range(1, a.seeds + 1)]
    out_dir = os.path.join(casefmt.GOLDEN, OP)
    # the examples of spec/SPEC.md are golden cases of their own
    # (tools/spec_examples.py --write-golden); their ids must stay free
    import spec_examples
    spec_ids = {c["id"] for c in spec_examples.extract(
        os.path.join(casefmt.ROOT, "spec", "SPEC.md"))[1]}
    ids = set(spec_ids)
    for c in cases:
        assert c["id"] not in ids, c["id"]
        ids.add(c["id"])
        path = os.path.join(out_dir, c["id"] + ".json")
        if os.path.exists(path):  # keep an expectation regen already filled in
            with open(path, "rb") as f:
                old = json.loads(f.read().decode("utf-8", "surrogatepass"))
            if old.get("input") == c["input"] and old.get("params") == c["params"] and \
                    c["hermes"] == "agrees" and old.get("hermes") == "agrees":
                c["expect"] = old["expect"]
        casefmt.write_case(path, c)
    print("gen_cases_args: wrote %d cases to %s" % (len(cases), os.path.relpath(out_dir, casefmt.ROOT)))


if __name__ == "__main__":
    main()
