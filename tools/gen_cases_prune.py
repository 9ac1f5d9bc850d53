#!/usr/bin/env python3
"""gen_cases_prune.py -- golden cases of the PRUNE rules (ops prune and
prune-only).

  tools/gen_cases_prune.py [--seeds N]     write golden/prune*/PRUNE-*.json
  tools/gen_cases_prune.py --digits        print the \\d table of tool_summary.c
  HERMES_SRC=... tools/gen_cases_prune.py --summaries
                                           print the C table of test_tool_summary.c
                                           (runs hermes's _summarize_tool_result)

Hand-made cases pin each rule (every tool name hermes's summary
special-cases, unknown tools, non-string argument values, non-string tool
contents, image parts, CJK, the dedupe key, the pressure pass, the reclaim
gate); seeded cases are realistic agent sessions: repeated file reads,
terminal runs with JSON exit codes, searches, web fetches, screenshots.
Cases marked "agrees" get a placeholder expectation; fill them from hermes:

  HERMES_SRC=... tools/regen.py --select 'golden/prune*/*'

Cases that depend on a divergence carry the expectation the spec decides
(spec/SPEC.md), computed here per case.  Deterministic: random
cases use random.Random(seed).
"""
import argparse
import json
import os
import random
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402

GEN = "generated tools/gen_cases_prune.py"
HAND = GEN + " (hand-made)"
COUNT = {"tail_token_budget": 0}  # the message floor alone (hermes's protect_tail_tokens=None)
ONE = {"tail_token_budget": 0, "protect_last_n": 1}  # only the last message protected
DUP = "[Duplicate tool output \u2014 same content as a more recent call]"
SHOT = "[screenshot removed to save context]"

# ---- building blocks ---------------------------------------------------------


def user(text):
    return {"role": "user", "content": text}


def system(text="You are a coding agent working in /srv/app."):
    return {"role": "system", "content": text}


def call(cid, name, args):
    """A tool call; args is a dict (json.dumps'ed) or the arguments value."""
    a = json.dumps(args, ensure_ascii=False) if isinstance(args, dict) else args
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": a}}


def asst(*calls, content=None):
    m = {"role": "assistant", "content": content}
    if calls:
        m["tool_calls"] = list(calls)
    return m


def tool(cid, content):
    return {"role": "tool", "tool_call_id": cid, "content": content}


def pair(cid, name, args, content):
    return [asst(call(cid, name, args)), tool(cid, content)]


def long_text(unit, n):
    return (unit * (n // len(unit) + 1))[:n]


PY_FILE = ("import json\nimport os\n\n\ndef load(path):\n    \"\"\"Read one config file.\"\"\"\n"
           "    with open(path, encoding='utf-8') as f:\n        return json.load(f)\n\n\n"
           "def save(path, data):\n    tmp = path + '.tmp'\n    with open(tmp, 'w') as f:\n"
           "        json.dump(data, f, indent=2)\n    os.replace(tmp, path)\n")
CJK = "上下文压缩会把较早的对话总结成一段摘要，并保留最近的消息。"
KANA = "コンテキスト圧縮は古い会話を要約します。"
WEB = ("Context compaction\n\nLong-running agents summarise older turns so the conversation fits the "
       "model's window. The summary replaces the middle of the transcript; the head and the most "
       "recent turns are kept verbatim.\n")


def file_body(n, seed=0):
    lines = PY_FILE.split("\n")
    out = []
    for i in range(n):
        out.append("%6d\t%s" % (i + 1, lines[(i + seed) % len(lines)]))
    return "\n".join(out)


def terminal_out(cmd, code, lines):
    body = "\n".join("%s: line %d of output" % (cmd.split()[0], i) for i in range(lines))
    return json.dumps({"output": body, "exit_code": code, "error": None}, ensure_ascii=False)


def search_out(pattern, total):
    matches = [{"path": "agent/m%d.py" % i, "line": 10 + i, "content": "def %s_%d(x): ..." % (pattern, i)}
               for i in range(min(total, 12))]
    return json.dumps({"total_count": total, "matches": matches}, ensure_ascii=False)


def image_part(url="data:image/png;base64," + "iVBORw0KGgo" * 20):
    return {"type": "image_url", "image_url": {"url": url}}


# ---- hand-made cases ---------------------------------------------------------

def hand_cases():
    cases = []

    def add(cid, rules, msgs, params=None, hermes="agrees", expect=None, note=None, op="prune",
            source=HAND):
        c = {"id": cid, "rules": rules, "op": op, "params": dict(COUNT) if params is None else params,
             "input": msgs, "expect": expect if expect is not None else {"output": None},
             "source": source, "hermes": hermes}
        if note:
            c["note"] = note
        cases.append(c)

    big = file_body(40)
    tail = [user("thanks, now summarise")]

    # PRUNE-1: the protected tail
    run = [system(), user("fix the config loader")]
    for k in range(6):
        run += pair("c%d" % k, "read_file", {"path": "agent/m%d.py" % k}, file_body(30 + k, k))
    run += [asst(content="Done reading."), user("ok")]
    add("PRUNE-1-count-floor", ["PRUNE-1", "PRUNE-4"], run, params={"tail_token_budget": 0, "protect_last_n": 5})
    add("PRUNE-1-count-exceeds-transcript", ["PRUNE-1"], run, params={"tail_token_budget": 0, "protect_last_n": 40})
    add("PRUNE-1-budget-walk", ["PRUNE-1", "PRUNE-8"], run, params={"tail_token_budget": 900, "protect_last_n": 2})
    add("PRUNE-1-budget-floor-8", ["PRUNE-1"], run, params={"tail_token_budget": 50, "protect_last_n": 20})
    add("PRUNE-1-default-params", ["PRUNE-1"], run, params={})
    add("PRUNE-1-empty-transcript", ["PRUNE-1"], [], params={})
    add("PRUNE-1-wrapper-object", ["PRUNE-1", "PRUNE-10", "MODEL-2"],
        {"session": "s1", "messages": run[:6] + tail, "meta": {"v": 1}}, params=dict(ONE))

    # PRUNE-2: which call a result belongs to
    add("PRUNE-2-unknown-call-id", ["PRUNE-2", "PRUNE-5"],
        [asst(call("a", "read_file", {"path": "x.py"})), tool("zzz", big)] + tail, params=dict(ONE))
    add("PRUNE-2-last-registration-wins", ["PRUNE-2"],
        [asst(call("dup", "read_file", {"path": "first.py"})), tool("dup", big),
         asst(call("dup", "terminal", {"command": "ls"})), tool("dup", "ok")] + tail,
        params=dict(ONE))
    add("PRUNE-2-missing-ids-share-empty-key", ["PRUNE-2"],
        [asst({"type": "function", "function": {"name": "web_search", "arguments": "{\"query\": \"q\"}"}}),
         {"role": "tool", "content": big}] + tail, params=dict(ONE))
    add("PRUNE-2-numeric-ids-compare-as-numbers", ["PRUNE-2"],
        [asst({"id": 7, "type": "function", "function": {"name": "patch", "arguments": "{\"path\": \"n.py\"}"}}),
         {"role": "tool", "tool_call_id": 7.0, "content": big},
         asst({"id": True, "type": "function", "function": {"name": "memory", "arguments": "{\"action\": \"add\"}"}}),
         {"role": "tool", "tool_call_id": 1, "content": big + "!"}] + tail,
        params=dict(ONE))
    add("PRUNE-2-fractional-ids-stay-apart", ["PRUNE-2"],
        [asst({"id": 0.5, "type": "function", "function": {"name": "terminal", "arguments": "{\"command\": \"ls\"}"}},
              {"id": 1.5, "type": "function", "function": {"name": "read_file", "arguments": "{\"path\": \"b.py\"}"}}),
         {"role": "tool", "tool_call_id": 1.5, "content": big},
         {"role": "tool", "tool_call_id": 0.50, "content": big + "?"}] + tail,
        params=dict(ONE))
    add("PRUNE-2-non-object-call-registers-default", ["PRUNE-2"],
        [asst({"type": "function", "function": {"name": "terminal", "arguments": "{\"command\": \"make\"}"}}, "garbage"),
         {"role": "tool", "content": big}] + tail, params=dict(ONE))
    add("PRUNE-2-function-missing", ["PRUNE-2"],
        [asst({"id": "f1", "type": "function"}), tool("f1", big)] + tail, params=dict(ONE))
    add("PRUNE-2-tool-calls-number", ["PRUNE-2"],
        [{"role": "assistant", "content": None, "tool_calls": 3}, tool("x", big)] + tail,
        hermes="diverges: DIV-PAIRS-1 hermes raises TypeError (an int is not iterable); hcc refuses the transcript",
        expect={"error": "HCC_E_SHAPE"})
    m = [asst({"id": ["l", 1], "type": "function", "function": {"name": "terminal", "arguments": "{}"}}),
         tool("l1", big)] + tail
    add("PRUNE-2-list-id", ["PRUNE-2"], m,
        params=dict(ONE), hermes="diverges: DIV-PRUNE-1 hermes raises TypeError (unhashable list id); hcc leaves that call out of the index",
        expect={"output": m[:1] + [tool("l1", "[unknown] (%s chars result)" % format(len(big), ","))] + tail})
    m = [asst(call("s1", "read_file", {"path": "a"})), {"role": "tool", "tool_call_id": ["s1"], "content": big}] + tail
    add("PRUNE-2-list-tool-call-id", ["PRUNE-2"], m,
        params=dict(ONE), hermes="diverges: DIV-PRUNE-1 hermes raises TypeError (unhashable list tool_call_id); hcc summarises it as an unknown tool",
        expect={"output": m[:1] + [{"role": "tool", "tool_call_id": ["s1"],
                                     "content": "[unknown] (%s chars result)" % format(len(big), ",")}] + tail})
    m = [asst({"id": "fs", "type": "function", "function": "read_file"}), tool("fs", big)] + tail
    add("PRUNE-2-function-string", ["PRUNE-2"], m,
        params=dict(ONE), hermes="diverges: DIV-ARGS-5 hermes raises AttributeError (str has no get); hcc leaves the call out of the index",
        expect={"output": m[:1] + [tool("fs", "[unknown] (%s chars result)" % format(len(big), ","))] + tail})

    # PRUNE-3: duplicates
    body = file_body(25)
    dup_run = [system(), user("look twice")]
    dup_run += pair("r1", "read_file", {"path": "a.py"}, body)
    dup_run += pair("r2", "terminal", {"command": "pytest -q"}, terminal_out("pytest", 0, 4))
    dup_run += pair("r3", "read_file", {"path": "a.py"}, body)
    dup_run += [asst(content="Same file."), user("and again")]
    dup_run += pair("r4", "read_file", {"path": "a.py"}, body)
    add("PRUNE-3-repeated-read-file", ["PRUNE-3"], dup_run, params={"tail_token_budget": 0, "protect_last_n": 30})
    add("PRUNE-3-dedupe-then-summarise", ["PRUNE-3", "PRUNE-4"], dup_run, params={"tail_token_budget": 0, "protect_last_n": 3})
    exact = long_text("x", 199)
    add("PRUNE-3-under-200-kept", ["PRUNE-3"],
        [asst(call("u1", "t", {})), tool("u1", exact), asst(call("u2", "t", {})), tool("u2", exact)] + tail,
        params={"tail_token_budget": 0, "protect_last_n": 30})
    cjk = long_text(CJK, 210)
    add("PRUNE-3-cjk-and-lone-surrogate", ["PRUNE-3"],
        [asst(call("k1", "web_extract", {"urls": ["https://example.cn/a"]})), tool("k1", cjk + "\ud800"),
         asst(call("k2", "web_extract", {"urls": ["https://example.cn/a"]})), tool("k2", cjk + "\udfff"),
         asst(call("k3", "web_extract", {"urls": ["https://example.cn/b"]})), tool("k3", cjk + "?")] + tail,
        params={"tail_token_budget": 0, "protect_last_n": 30},
        note="md5 of content.encode('utf-8', 'replace'): both lone surrogates and '?' give the same key")
    # Two different outputs whose MD5 digests share their first 48 bits
    # (found by a birthday search over the 8-hex-digit suffix, ~2^24 tries;
    # hashlib confirms: cf8f524d09f8c01b... and cf8f524d09f828f8...).  The
    # shared part is long (5,846 UTF-8 bytes) with escapes every line, a
    # 3,000-byte run without any, CJK and a tab, so the whole decoding
    # feed of the key is exercised.
    coll = "\n".join("log line %04d: ok, nothing to see here" % k for k in range(60)) + "\n" + "x" * 3000 + \
        "\n" + "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8 " * 20 + "\ttab\n"
    add("PRUNE-3-md5-48-bit-collision", ["PRUNE-3"],
        [asst(call("m1", "terminal", {"command": "make"})), tool("m1", coll + "003c6030"),
         asst(call("m2", "terminal", {"command": "make"})), tool("m2", coll + "0086bdf7")] + tail,
        params={"tail_token_budget": 0, "protect_last_n": 30},
        note="different contents, same first 12 hex digits of the MD5: the older becomes the duplicate note")
    add("PRUNE-3-role-and-type", ["PRUNE-3"],
        [user(body), user(body), asst(call("q1", "t", {})), tool("q1", [{"type": "text", "text": body}]),
         tool("q1", [{"type": "text", "text": body}]), {"role": "tool", "tool_call_id": "q1", "content": None},
         tool("q1", body), tool("q1", body)] + tail,
        params={"tail_token_budget": 0, "protect_last_n": 30})

    # PRUNE-4: which old outputs are replaced
    def old(content, cid="o1", name="read_file", args=None):
        return [asst(call(cid, name, args if args is not None else {"path": "f.txt"})), tool(cid, content)] + tail
    add("PRUNE-4-at-200-kept", ["PRUNE-4"], old(long_text("y", 200)), params=dict(ONE))
    add("PRUNE-4-at-201-summarised", ["PRUNE-4"], old(long_text("y", 201)), params=dict(ONE))
    add("PRUNE-4-placeholders-kept", ["PRUNE-4"],
        [asst(call("p1", "terminal", {"command": "x"}), call("p2", "terminal", {"command": "y"}),
              call("p3", "terminal", {"command": "z"}), call("p4", "terminal", {"command": "w"})),
         tool("p1", "[Old tool output cleared to save context space]"),
         tool("p2", "[Duplicate tool output" + long_text(" pad", 300)),
         tool("p3", "[screenshot removed" + long_text(" pad", 300)),
         tool("p4", "[terminal] ran `make` -> exit 0, 3 lines output" + long_text(" pad", 200) + " (12 chars)")] + tail,
        params=dict(ONE))
    add("PRUNE-4-summary-lookalike-399-vs-400", ["PRUNE-4"],
        [asst(call("s1", "web_search", {"query": "a"}), call("s2", "web_search", {"query": "b"})),
         tool("s1", "[" + long_text("z", 390) + " chars)"), tool("s2", "[" + long_text("z", 391) + " chars)")] + tail,
        params=dict(ONE))
    add("PRUNE-4-image-parts", ["PRUNE-4"],
        [asst(call("i1", "browser_vision", {"url": "https://shop.example/cart"})),
         tool("i1", [{"type": "text", "text": "page"}, image_part(), {"type": "input_image", "image_url": "data:x"},
                     {"type": "image", "source": {"type": "base64", "data": "AAAA"}}, "loose string", 5])] + tail,
        params=dict(ONE))
    add("PRUNE-4-list-without-images", ["PRUNE-4"],
        old([{"type": "text", "text": long_text("t", 900)}]), params=dict(ONE))
    add("PRUNE-4-multimodal-envelope", ["PRUNE-4"],
        [asst(call("m1", "computer_use", {"action": "screenshot"}), call("m2", "computer_use", {"action": "screenshot"}),
              call("m3", "computer_use", {"action": "screenshot"}), call("m4", "computer_use", {"action": "screenshot"})),
         tool("m1", {"_multimodal": True, "content": [image_part()], "text_summary": long_text("Desktop with a browser. ", 300)}),
         tool("m2", {"_multimodal": True, "content": [image_part()]}),
         tool("m3", {"_multimodal": 1, "text_summary": ["window", {"title": "Mail"}, 3, None] * 60}),
         tool("m4", {"_multimodal": False, "text_summary": "kept as it is"})] + tail,
        params=dict(ONE))
    m = old({"_multimodal": True, "text_summary": {"title": "x"}}, name="computer_use")
    add("PRUNE-4-multimodal-dict-summary", ["PRUNE-4"], m,
        params=dict(ONE), hermes="diverges: DIV-PRUNE-3 hermes raises TypeError slicing a dict; hcc leaves the output as it is",
        expect={"output": m})
    m = old([{"type": ["image_url"], "image_url": "x"}, {"type": "image_url", "image_url": "y"}], name="computer_use")
    exp = json.loads(json.dumps(m))
    exp[1]["content"][1] = {"type": "text", "text": SHOT}
    add("PRUNE-4-unhashable-part-type", ["PRUNE-4"], m,
        params=dict(ONE), hermes="diverges: DIV-PRUNE-2 hermes raises TypeError (unhashable list type); hcc takes the part for no image",
        expect={"output": exp})
    add("PRUNE-4-non-string-contents", ["PRUNE-4"],
        [asst(call("n1", "t", {}), call("n2", "t", {}), call("n3", "t", {}), call("n4", "t", {})),
         tool("n1", None), tool("n2", 12345), tool("n3", True), {"role": "tool", "tool_call_id": "n4"}] + tail,
        params=dict(ONE))

    # PRUNE-5: the head of a summary line, per tool
    content = long_text("output line\n", 600)
    heads = [
        ("terminal", {"command": "npm test -- --coverage"}, terminal_out("npm", 0, 30)),
        ("terminal", {"command": "x" * 81}, json.dumps({"exit_code": -2, "output": "boom"}) + long_text(".", 300)),
        ("terminal", {"command": "y" * 80}, "no exit code here\n" * 20),
        ("read_file", {"path": "/srv/app/config.py", "offset": 120}, file_body(40)),
        ("read_file", {}, file_body(40)),
        ("write_file", {"path": "notes.md", "content": "a\nb\nc"}, content),
        ("write_file", {"path": "notes.md", "content": ""}, content),
        ("write_file", {"path": "notes.md", "content": {"k": "a\nb"}}, content),
        ("search_files", {"pattern": "compress", "path": "agent/", "target": "files"}, search_out("compress", 1234)),
        ("search_files", {}, "no count" * 40),
        ("patch", {"path": "agent/x.py", "mode": "insert"}, content),
        ("patch", {}, content),
        ("browser_navigate", {"url": "https://example.com/docs"}, WEB * 5),
        ("browser_click", {"ref": "@e12"}, WEB * 5),
        ("browser_snapshot", {"url": "", "ref": ""}, WEB * 5),
        ("browser_type", {"ref": 0, "url": None}, WEB * 5),
        ("browser_scroll", {"url": ["a"]}, WEB * 5),
        ("web_search", {"query": "hermes agent compaction"}, WEB * 5),
        ("web_extract", {"urls": ["https://a.example/1", "https://b.example/2", "https://c.example/3"]}, WEB * 5),
        ("web_extract", {"urls": [{"url": "https://a.example/x", "title": "A"}]}, WEB * 5),
        ("web_extract", {"urls": [{"href": "https://h.example/"}, "b"]}, WEB * 5),
        ("web_extract", {"urls": [{"url": ["l", 1]}, "b"]}, WEB * 5),
        ("web_extract", {"urls": [{"url": 5}, "b"]}, WEB * 5),
        ("web_extract", {"urls": [7, "b"]}, WEB * 5),
        ("web_extract", {"urls": "https://not-a-list.example"}, WEB * 5),
        ("web_extract", {"urls": []}, WEB * 5),
        ("delegate_task", {"goal": "g" * 61}, content),
        ("delegate_task", {"goal": "short goal"}, content),
        ("execute_code", {"code": "import os\nprint(os.getcwd())\n" * 4}, content),
        ("execute_code", {"code": "print(1)\n"}, content),
        ("skill_view", {"name": "git-workflow"}, content),
        ("skills_list", {}, content),
        ("skill_manage", {"name": None}, content),
        ("vision_analyze", {"question": "q" * 70}, content),
        ("memory", {"action": "add", "target": "user"}, content),
        ("memory", {}, content),
        ("todo", {"todos": [1, 2]}, content),
        ("clarify", {"question": "which?"}, content),
        ("text_to_speech", {"text": "hi"}, content),
        ("cronjob", {"action": "create"}, content),
        ("process", {"action": "poll", "session_id": "proc_9"}, content),
        ("process", {"session_id": 12}, content),
        ("mcp__github__list_issues", {"repo": "NousResearch/hermes-agent", "state": "open", "limit": 50}, content),
        ("unknown_tool", {"k" * 50: "v" * 50}, content),
        ("cronjob_manage", {"a": {"nested": [1, 2.5, True, None]}, "b": "two", "c": "third is dropped"}, content),
    ]
    msgs, k = [system()], 0
    for name, args, out in heads:
        k += 1
        cid = "h%02d" % k
        msgs += pair(cid, name, args, out + " " * k)  # distinct outputs: no duplicates
    add("PRUNE-5-every-tool", ["PRUNE-5", "PRUNE-6"], msgs + tail, params=dict(ONE))

    hostile = [None, True, 42, 3.14, ["a"], {"k": "v"}]
    keys = ["command", "path", "content", "pattern", "url", "query", "urls", "goal", "code", "name", "question",
            "action", "target", "session_id", "mode", "offset", "ref"]
    tools = ["terminal", "read_file", "write_file", "search_files", "patch", "browser_navigate", "web_search",
             "web_extract", "delegate_task", "execute_code", "skill_view", "vision_analyze", "memory",
             "cronjob_manage", "process_manage", "totally_unknown_tool"]
    for vi, value in enumerate(hostile):
        msgs, k = [system()], 0
        for name in tools:
            k += 1
            msgs += pair("v%d_%02d" % (vi, k), name, {key: value for key in keys}, long_text("x", 250 + k))
        add("PRUNE-5-hermes-hostile-values-%d" % vi, ["PRUNE-5"], msgs + tail,
            params=dict(ONE),
            source="hermes test tests/agent/test_summarize_tool_result_type_safety.py::TestBackstopWrapper::test_never_raises_matrix")

    odd_args = [
        ("read_file", "not json at all"),
        ("read_file", "[1, 2, 3]"),
        ("read_file", "{\"path\": \"a\", \"path\": \"b\"}"),
        ("read_file", "{\"path\": 1" + "2" * 4400 + "}"),
        ("read_file", "{\"path\": 1" + "2" * 4299 + "}"),
        ("terminal", {"command": "ls"}),
        ("terminal", ""),
        ("web_search", "  "),
        ("web_search", "{\"query\": \"caf\\u00e9 \\ud83d\\ude00 \\ud800\"}"),
    ]
    msgs, k = [system()], 0
    for name, a in odd_args:
        k += 1
        cid = "a%02d" % k
        msgs += [asst({"id": cid, "type": "function", "function": {"name": name, "arguments": a}}),
                 tool(cid, long_text("r", 260 + k))]
    add("PRUNE-5-argument-shapes", ["PRUNE-5"], msgs + tail, params=dict(ONE))
    names = [None, 5, ["terminal"], {"n": 1}, "", "unknown", "t\u00e9rminal", "\u0074erminal"]
    msgs, k = [system()], 0
    for nm in names:
        k += 1
        cid = "n%02d" % k
        msgs += [asst({"id": cid, "type": "function", "function": {"name": nm, "arguments": "{\"command\": \"ls\"}"}}),
                 tool(cid, long_text("r", 260 + k))]
    msgs += [asst({"id": "nn", "type": "function", "function": {"arguments": "{\"x\": 1}"}}), tool("nn", long_text("r", 260))]
    add("PRUNE-5-tool-name-shapes", ["PRUNE-5"], msgs + tail, params=dict(ONE))
    m = [asst(call("nan", "read_file", "{\"path\": NaN}")), tool("nan", long_text("r", 260))] + tail
    add("PRUNE-5-nan-argument", ["PRUNE-5"], m,
        params=dict(ONE), hermes="diverges: DIV-PRUNE-5 Python's json.loads reads NaN (the line names path nan); hcc reads the arguments as not JSON",
        expect={"output": m[:1] + [tool("nan", "[read_file] read ? from line 1 (260 chars)")] + tail})

    # PRUNE-5's cost rule, the heads store: three terminal heads (longer
    # than a third of their call's strings) fill the cache, then the
    # read_file head (under a third of its call's strings, so one that
    # must be kept) finds less room than it needs and the cache is dropped;
    # the lines are the same either way
    msgs = [system(), user("run them")]
    for k in range(3):
        msgs += pair("hs%d" % k, "terminal", {"command": long_text("make test-%d " % k, 150)},
                     long_text("ok %d\n" % k, 250 + k))
    msgs += [asst(call("hsr", "read_file", {"path": long_text("src/deep/", 75), "x": long_text("y", 600)})),
             tool("hsr", long_text("line\n", 300)), tool("hsr", long_text("row\n", 301))]
    add("PRUNE-5-heads-store-drop", ["PRUNE-5"], msgs + tail, params=dict(ONE),
        note="the heads store drops its cache for a head that must be kept (SPEC PRUNE-5, Cost): "
             "an implementation path, the output is hermes's")

    # PRUNE-6: the tail of a summary line
    tails = [
        ("terminal", {"command": "a"}, "\"exit_code\" :\u2003\u0663\u0664 and more text" + long_text(".", 250)),
        ("terminal", {"command": "b"}, "\"exit_code\": - 3 then \"exit_code\":-4" + long_text(".", 250)),
        ("terminal", {"command": "c"}, "\"exit_code\"\"exit_code\": 9" + long_text(".", 250)),
        ("terminal", {"command": "d"}, "\"exit_code\": \uff11\uff12" + long_text(" ", 250)),
        ("terminal", {"command": "e"}, long_text(" \n", 260)),
        ("terminal", {"command": "f"}, "\n" + long_text("x", 260) + "\n"),
        ("search_files", {"pattern": "p"}, "\"total_count\": -5, \"total_count\":\t77" + long_text(".", 250)),
        ("execute_code", {"code": "x"}, long_text("\u3000", 300)),
        ("read_file", {"path": "big.log"}, long_text("0123456789", 1234)),
        ("read_file", {"path": "bigger.log"}, long_text("9876543210", 12345)),
        ("web_search", {"query": "k"}, long_text(KANA, 3000)),
    ]
    msgs, k = [system()], 0
    for name, args, out in tails:
        k += 1
        msgs += pair("t%02d" % k, name, args, out)
    add("PRUNE-6-tail-shapes", ["PRUNE-6"], msgs + tail, params=dict(ONE))

    # PRUNE-7: arguments of old calls
    big_args = {"path": "report.md", "content": long_text("## Section\nBody text. ", 2000)}
    run7 = [system(), user("write the report")]
    run7 += pair("w1", "write_file", big_args, "{\"ok\": true, \"bytes\": 2000}")
    run7 += pair("w2", "write_file", {"path": "cjk.md", "content": long_text(CJK, 700)}, "{\"ok\": true}")
    run7 += [asst(call("w3", "write_file", big_args)), tool("w3", "{\"ok\": true}"), user("thanks")]
    add("PRUNE-7-old-write-file-arguments", ["PRUNE-7"], run7, params={"tail_token_budget": 0, "protect_last_n": 3})
    # compact arguments come back longer (", " and ": "): four calls' new
    # arguments outgrow the room prune keeps them in, so later ones are
    # shrunk again when written (prune.c, shrink_call)
    grow = [system(), user("plot them")]
    for k in range(4):
        pts = {"series": "s%d" % k, "points": [[i, i * k % 7] for i in range(120)], "note": long_text("point data ", 260)}
        grow += pair("g%d" % k, "plot", json.dumps(pts, separators=(",", ":")), "plotted %d" % k)
    grow += [user("thanks")]
    add("PRUNE-7-compact-arguments-grow", ["PRUNE-7"], grow, params={"tail_token_budget": 0, "protect_last_n": 1})
    m = [asst({"id": "z1", "type": "function", "function": {"name": "w", "arguments": None}},
              call("z2", "write_file", big_args)), tool("z1", "x"), tool("z2", "y")] + tail
    exp = json.loads(json.dumps(m))
    exp[0]["tool_calls"][1]["function"]["arguments"] = json.dumps(
        {"path": "report.md", "content": big_args["content"][:200] + "...[truncated]"}, ensure_ascii=False)
    add("PRUNE-7-null-arguments", ["PRUNE-7"], m,
        params=dict(ONE), hermes="diverges: DIV-ARGS-5 hermes raises TypeError (len of None); hcc leaves that call as it is",
        expect={"output": exp})

    # PRUNE-8: pressure inside the protected tail
    press = [system(), user("read everything")]
    for k in range(5):
        press += pair("pp%d" % k, "read_file", {"path": "big%d.py" % k}, file_body(120, k))
    press += [user("now answer")]
    add("PRUNE-8-pressure-demotes-inside-tail", ["PRUNE-8"], press, params={"tail_token_budget": 1500, "protect_last_n": 20})
    add("PRUNE-8-pressure-keeps-newest-tool", ["PRUNE-8"], press, params={"tail_token_budget": 400, "protect_last_n": 20})
    add("PRUNE-8-pressure-last-resort", ["PRUNE-8"],
        [system(), user("one huge read")] + pair("huge", "read_file", {"path": "dump.sql"}, file_body(900)) + [user("go")],
        params={"tail_token_budget": 300, "protect_last_n": 20})
    add("PRUNE-8-pressure-off-without-budget", ["PRUNE-8"], press, params={"tail_token_budget": 0, "protect_last_n": 20})
    add("PRUNE-8-pressure-arguments", ["PRUNE-8", "PRUNE-7"],
        [system(), user("write")] + pair("pw1", "write_file", big_args, long_text("ok ", 400)) +
        pair("pw2", "write_file", big_args, long_text("ok ", 400)) + [user("go")],
        params={"tail_token_budget": 300, "protect_last_n": 20})
    longpath = {"path": "/srv/" + long_text("deep/", 420) + "file.txt"}
    add("PRUNE-8-summary-summarised-again", ["PRUNE-8", "PRUNE-4"],
        [system(), user("read")] + pair("lp1", "read_file", longpath, file_body(200)) +
        pair("lp2", "read_file", longpath, file_body(200, 3)) + pair("lp3", "read_file", longpath, file_body(200, 5)) +
        [user("go")],
        params={"tail_token_budget": 200, "protect_last_n": 20},
        note="a summary line of 400 code points or more is not recognised as one and is summarised again")

    # PRUNE-9: prune-only
    sess = [system(), user("audit the repo")]
    for k in range(8):
        sess += pair("po%d" % k, "read_file", {"path": "mod%d.py" % k}, file_body(60 + 8 * k, k))
    sess += [asst(content="Read all."), user("thanks")]
    on = {"proactive_prune_tokens": 1000, "protect_last_n": 4, "proactive_prune_min_result_chars": 1000,
          "proactive_prune_min_reclaim_tokens": 500}
    add("PRUNE-9-disabled-by-default", ["PRUNE-9"], sess, params={}, op="prune-only")
    add("PRUNE-9-commits", ["PRUNE-9"], sess, params=dict(on), op="prune-only")
    add("PRUNE-9-below-trigger", ["PRUNE-9"], sess, params=dict(on, current_tokens=999), op="prune-only")
    add("PRUNE-9-at-trigger", ["PRUNE-9"], sess, params=dict(on, current_tokens=1000), op="prune-only")
    add("PRUNE-9-reclaim-gate-refuses", ["PRUNE-9"], sess,
        params={"proactive_prune_tokens": 1000, "protect_last_n": 4, "proactive_prune_min_result_chars": 1000},
        op="prune-only", note="hermes's default gate of 4096 tokens: this prune would reclaim fewer")
    add("PRUNE-9-reclaim-gate-huge", ["PRUNE-9"], sess,
        params=dict(on, proactive_prune_min_reclaim_tokens=10 ** 9), op="prune-only")
    add("PRUNE-9-reclaim-gate-off", ["PRUNE-9"], sess,
        params=dict(on, proactive_prune_min_reclaim_tokens=0), op="prune-only")
    add("PRUNE-9-min-chars-zero-means-8000", ["PRUNE-9"], sess,
        params=dict(on, proactive_prune_min_reclaim_tokens=0, proactive_prune_min_result_chars=0), op="prune-only")
    add("PRUNE-9-min-chars-floor-200", ["PRUNE-9"], sess,
        params=dict(on, proactive_prune_min_result_chars=-5, proactive_prune_min_reclaim_tokens=1), op="prune-only")
    few = {"proactive_prune_tokens": 1, "protect_last_n": 3, "protect_first_n": 3,
           "proactive_prune_min_result_chars": 200, "proactive_prune_min_reclaim_tokens": 1}
    add("PRUNE-9-too-few-messages", ["PRUNE-9"], sess[:8], params=dict(few), op="prune-only",
        note="8 messages <= protect_last_n 3 + head 4 (system and protect_first_n 3) + 1")
    add("PRUNE-9-head-decays-after-compaction", ["PRUNE-9"], sess[:8], params=dict(few, compression_count=1),
        op="prune-only", note="after a compaction the head is the system prompt alone: 8 > 3 + 1 + 1")
    only_args = [system(), user("w")] + pair("oa", "write_file", big_args, "{\"ok\": true}") + [user("a"), user("b")]
    add("PRUNE-9-arguments-alone-do-not-count", ["PRUNE-9", "PRUNE-7"], only_args,
        params={"proactive_prune_tokens": 1, "protect_last_n": 1, "protect_first_n": 0,
                "proactive_prune_min_reclaim_tokens": 0}, op="prune-only")
    add("PRUNE-9-dedupe-in-tail", ["PRUNE-9", "PRUNE-3"], dup_run,
        params={"proactive_prune_tokens": 1, "protect_last_n": 3, "protect_first_n": 0,
                "proactive_prune_min_reclaim_tokens": 0}, op="prune-only")

    # PRUNE-10: the pruned count
    add("PRUNE-10-explain-count", ["PRUNE-10", "PRUNE-3"], dup_run, params={"tail_token_budget": 0, "protect_last_n": 3, "explain": True})
    add("PRUNE-10-explain-prune-only-no-op", ["PRUNE-10", "PRUNE-9"], sess, params={"explain": True}, op="prune-only")
    return cases


# ---- seeded sessions ---------------------------------------------------------

FILES = ["agent/context_compressor.py", "agent/model_metadata.py", "README.md", "tests/test_x.py",
         "docs/设计.md", "src/main.rs", "package.json"]
COMMANDS = ["pytest -q", "npm test", "make -j8", "git status", "ls -la /srv/app", "cargo build --release",
            "python -c 'print(1)'", "rg -n compress agent/"]
TOOLS = ["read_file", "terminal", "search_files", "web_search", "web_extract", "write_file", "patch",
         "browser_navigate", "browser_snapshot", "delegate_task", "execute_code", "skill_view", "vision_analyze",
         "memory", "todo", "clarify", "text_to_speech", "cronjob", "process", "mcp__linear__search", "unknown_tool"]


def rand_result(r, name, args):
    size = r.choice([50, 180, 199, 200, 201, 400, 1500, 6000])
    if name == "read_file":
        return file_body(max(1, size // 40), r.randrange(9))
    if name == "terminal":
        return terminal_out(args.get("command", "x"), r.choice([0, 0, 1, 2, -1, 127]), max(1, size // 30))
    if name == "search_files":
        return search_out(args.get("pattern", "x"), r.randrange(0, 3000))
    if name in ("web_extract", "web_search", "browser_navigate", "browser_snapshot"):
        return long_text(r.choice([WEB, CJK, KANA, WEB + CJK]), size)
    if name == "vision_analyze" and r.random() < 0.5:
        return [{"type": "text", "text": "a screenshot"}, image_part()]
    if name == "unknown_tool" and r.random() < 0.3:
        return {"_multimodal": True, "content": [image_part()], "text_summary": long_text("Screen: ", size)}
    return long_text(r.choice(["ok ", "result line\n", CJK, "€ 1,234\t"]), size)


def rand_args(r, name):
    if name == "read_file":
        return {"path": r.choice(FILES), "offset": r.choice([1, 1, 50, 200])}
    if name == "terminal":
        return {"command": r.choice(COMMANDS) + (" --verbose" * r.randrange(0, 12))}
    if name == "search_files":
        return {"pattern": r.choice(["compress", "TODO", "def \\w+"]), "path": r.choice(["agent/", "."]),
                "target": r.choice(["content", "files"])}
    if name in ("web_search",):
        return {"query": r.choice(["context compaction", "上下文压缩", "json schema"])}
    if name == "web_extract":
        return {"urls": ["https://example.com/%d" % i for i in range(r.randrange(1, 4))]}
    if name == "write_file":
        return {"path": r.choice(FILES), "content": long_text(r.choice([PY_FILE, CJK, "x"]), r.choice([20, 700]))}
    if name == "patch":
        return {"path": r.choice(FILES), "mode": "replace", "old_string": "a", "new_string": "b" * r.choice([3, 600])}
    if name.startswith("browser"):
        return r.choice([{"url": "https://shop.example/"}, {"ref": "@e%d" % r.randrange(40)}, {}])
    if name == "delegate_task":
        return {"goal": long_text("Investigate the flaky test and report back. ", r.choice([30, 90]))}
    if name == "execute_code":
        return {"code": long_text("for i in range(3):\n    print(i)\n", r.choice([20, 120]))}
    if name == "memory":
        return {"action": "add", "target": r.choice(["user", "memory"]), "content": "likes tabs"}
    if name == "process":
        return {"action": "poll", "session_id": "proc_%d" % r.randrange(100)}
    if name == "cronjob":
        return {"action": r.choice(["create", "list"])}
    return {"q": r.choice(["a", "b"]), "n": r.randrange(100), "flag": r.random() < 0.5}


def random_session(seed):
    r = random.Random(seed)
    msgs = [system(), user(r.choice(["Fix the failing build.", "调查一下这个问题。", "Summarise the docs."]))]
    n = 0
    last_read = {}
    for _ in range(r.randrange(4, 14)):
        calls = []
        for _k in range(r.choice([1, 1, 1, 2, 3])):
            name = r.choice(TOOLS)
            n += 1
            calls.append((call("call_%d_%d" % (seed, n), name, rand_args(r, name)), name))
        msgs.append(asst(*[c for c, _ in calls], content=r.choice([None, "", "Checking."])))
        for c, name in calls:
            args = json.loads(c["function"]["arguments"])
            if name == "read_file" and args["path"] in last_read and r.random() < 0.6:
                out = last_read[args["path"]]  # the same file read again: a duplicate
            else:
                out = rand_result(r, name, args)
            if name == "read_file":
                last_read[args["path"]] = out
            msgs.append(tool(c["id"], out))
        if r.random() < 0.25:
            msgs.append(user(r.choice(["keep going", "看看测试", "what about the docs?"])))
    msgs.append(user("What did you find?"))
    mode = r.choice(["count", "budget", "pressure", "default", "only"])
    op, rules = "prune", ["PRUNE-1", "PRUNE-3", "PRUNE-4", "PRUNE-5", "PRUNE-6"]
    if mode == "count":
        params = {"tail_token_budget": 0, "protect_last_n": r.randrange(0, 8)}
    elif mode == "budget":
        params = {"tail_token_budget": r.choice([500, 1500, 4000]), "protect_last_n": r.randrange(1, 21)}
        rules.append("PRUNE-8")
    elif mode == "pressure":
        params = {"tail_token_budget": r.choice([60, 150, 300]), "protect_last_n": 20}
        rules.append("PRUNE-8")
    elif mode == "default":
        params = {}
    else:
        op, rules = "prune-only", ["PRUNE-9", "PRUNE-3", "PRUNE-4"]
        params = {"proactive_prune_tokens": 1, "protect_last_n": r.randrange(0, 6),
                  "proactive_prune_min_result_chars": r.choice([0, 200, 1000]),
                  "proactive_prune_min_reclaim_tokens": r.choice([0, 200, 4096])}
    return {"id": "PRUNE-1-session-%02d" % seed if op == "prune" else "PRUNE-9-session-%02d" % seed,
            "rules": rules, "op": op, "params": params, "input": msgs, "expect": {"output": None},
            "source": "%s seed=%d" % (GEN, seed), "hermes": "agrees"}


# ---- tables for the C sources and tests ---------------------------------------

def print_digits():
    runs = []
    for cp in range(0x110000):
        if unicodedata.category(chr(cp)) == "Nd":
            if runs and runs[-1][1] == cp - 1:
                runs[-1][1] = cp
            else:
                runs.append([cp, cp])
    print("/* %d code points in %d runs, Unicode %s */" % (sum(b - a + 1 for a, b in runs), len(runs),
                                                        unicodedata.unidata_version))
    print(",\n".join("    {0x%X, 0x%X}" % (a, b) for a, b in runs))


# (name, arguments, output) triples for tests/unit/test_tool_summary.c: each
# tool's branch, hostile argument values, the regular expressions, the
# fallback line, Python formatting of numbers and containers.
SUMMARY_ROWS = [
    ("terminal", json.dumps({"command": "npm test"}), '{"exit_code": 0, "output": "ok\nok"}'),
    ("terminal", json.dumps({"command": "c" * 81}), '"exit_code" :\u2003-\u0663\u0664 tail'),
    ("terminal", json.dumps({"command": ["ls", 1.5, None]}), '"exit_code": - 1 "exit_code":7'),
    ("terminal", json.dumps({"command": None}), '"exit_code""exit_code":\t12x'),
    ("terminal", "", " \n\u3000"),
    ("read_file", json.dumps({"path": "a/b.py", "offset": 10}), "x" * 12),
    ("read_file", json.dumps({"path": True, "offset": 1e16}), "y"),
    ("read_file", '{"path": "a", "path": "b", "offset": 2.50}', "z"),
    ("read_file", '{"offset": 1' + "0" * 4300 + '}', "w" * 5),
    ("read_file", '{"offset": 1' + "0" * 4299 + '}', "w" * 5),
    ("write_file", json.dumps({"path": "n.md", "content": "a\nb\n"}), "ok"),
    ("write_file", json.dumps({"path": "n.md", "content": ["a\nb"]}), "ok"),
    ("write_file", json.dumps({"path": "n.md", "content": 0}), "ok"),
    ("search_files", json.dumps({"pattern": "x", "path": "src", "target": "files"}), '"total_count": 1234'),
    ("search_files", "{}", '"total_count": -3, "total_count":\uff14\uff15'),
    ("patch", json.dumps({"path": "p.py"}), "\u00e9" * 3),
    ("browser_click", json.dumps({"url": "", "ref": "@e3"}), "r"),
    ("browser_navigate", json.dumps({"url": {"u": 1}}), "r"),
    ("browser_vision", "{}", "r"),
    ("web_search", json.dumps({"query": "\u4e0a\u4e0b\u6587"}), "\u4e0a" * 10),
    ("web_extract", json.dumps({"urls": ["https://a/", "https://b/", "https://c/"]}), "r"),
    ("web_extract", json.dumps({"urls": [{"href": "https://h/"}]}), "r"),
    ("web_extract", json.dumps({"urls": [{"url": ["q", 2]}, "x"]}), "r"),
    ("web_extract", json.dumps({"urls": [{"url": 9}, "x"]}), "r"),
    ("web_extract", json.dumps({"urls": [{"url": 9}]}), "r"),
    ("web_extract", json.dumps({"urls": [None, "x"]}), "r"),
    ("delegate_task", json.dumps({"goal": "g" * 60}), "r"),
    ("delegate_task", json.dumps({"goal": "g" * 61}), "r"),
    ("execute_code", json.dumps({"code": "a\nb" * 40}), "1\n2\n3"),
    ("skill_view", json.dumps({"name": None}), "r"),
    ("vision_analyze", json.dumps({"question": "\U0001F600" * 60}), "r"),
    ("memory", json.dumps({"action": False}), "r"),
    ("todo", "{}", "r"),
    ("clarify", "{}", "r"),
    ("text_to_speech", "{}", "r" * 5),
    ("cronjob", json.dumps({"action": {}}), "r"),
    ("process", json.dumps({"action": "kill", "session_id": 3}), "r"),
    ("mcp__x__y", json.dumps({"k" * 3: "v" * 50, "b": [1, {"c": "\u00e9\n"}], "z": 1}), "r"),
    ("unknown", "[1, 2]", "r"),
    (5, json.dumps({"a": 1}), "r"),
    (None, "{}", "r"),
    (["terminal"], json.dumps({"command": "ls"}), "r"),
    ({"n": 1}, "{}", "r"),
    ("terminal", {"command": "not a string arguments value"}, "r"),
    ("terminal", 7, "r"),
]


def c_string(b):
    """A C string literal of bytes b (octal escapes: never eat a following digit)."""
    out = []
    for ch in b:
        c = chr(ch)
        if c in "\\\"":
            out.append("\\" + c)
        elif 32 <= ch < 127 and c != "?":
            out.append(c)
        else:
            out.append("\\%03o" % ch)
    return '"' + "".join(out) + '"'


def print_summaries():
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.exit("gen_cases_prune: --summaries runs hermes's _summarize_tool_result: set HERMES_SRC")
    import adapter_stubs
    adapter_stubs.install(src)
    sys.path.insert(0, src)
    import logging
    logging.disable(logging.CRITICAL)
    import importlib
    cc = importlib.import_module("agent.context_compressor")
    print("/* printed by HERMES_SRC=... tools/gen_cases_prune.py --summaries: [name, arguments, output]")
    print(" * as JSON text, and hermes's _summarize_tool_result(name, arguments, output) */")
    for name, args, out in SUMMARY_ROWS:
        out = json.loads('"%s"' % out) if "\\" in out else out
        doc = json.dumps([name, args, out], ensure_ascii=False).encode("utf-8", "surrogatepass")
        line = cc._summarize_tool_result(name, args, out).encode("utf-8", "surrogatepass")
        if len(doc) > 4000:  # the 4300-digit rows: golden cases pin them
            continue
        print("    {%s,\n     %s}," % (c_string(doc), c_string(line)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--digits", action="store_true")
    ap.add_argument("--summaries", action="store_true")
    a = ap.parse_args()
    if a.digits:
        print_digits()
        return
    if a.summaries:
        print_summaries()
        return
    cases = hand_cases() + [random_session(s) for s in range(1, a.seeds + 1)]
    import spec_examples
    spec = os.path.join(casefmt.ROOT, "spec", "SPEC.md")
    ids = {c["id"] for c in spec_examples.extract(spec)[1]} if os.path.exists(spec) else set()
    for c in cases:
        assert c["id"] not in ids, c["id"]
        ids.add(c["id"])
        path = os.path.join(casefmt.GOLDEN, c["op"], c["id"] + ".json")
        if os.path.exists(path):  # keep an expectation regen already filled in
            with open(path, "rb") as f:
                old = json.loads(f.read().decode("utf-8", "surrogatepass"))
            if old.get("input") == c["input"] and old.get("params") == c["params"] and \
                    c["hermes"] == "agrees" and old.get("hermes") == "agrees":
                c["expect"] = old["expect"]
        casefmt.write_case(path, c)
    print("gen_cases_prune: wrote %d cases" % len(cases))


if __name__ == "__main__":
    main()
