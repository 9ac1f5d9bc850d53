#!/usr/bin/env python3
"""gen_cases_repair.py -- golden cases of `hcc repair` (spec PAIRS-*).

  gen_cases_repair.py --write        write golden/repair/ cases (expectations
                                     left as null: fill them with
                                     HERMES_SRC=... tools/regen.py --select 'golden/repair/*')
  gen_cases_repair.py --list         ids only
  gen_cases_repair.py --spaces       the Python whitespace set as a C initializer
                                     (pasted into tests/unit/test_repair.c)

Three kinds of cases, each marked by its "source":
  - every test of hermes's tests/agent/test_context_compressor_sanitize_tool_pairs.py,
    its input run under policy strip (the pinned code) and again under policy stub;
    where the test's assertions expect later hermes behaviour than the pinned
    code has, "note" says so (the pinned code wins);
  - regressions from hermes issues and pull requests;
  - transcripts from a seeded generator: system prompt, user and assistant turns,
    parallel tool calls, Codex-style calls whose id and call_id differ,
    whitespace around ids, non-ASCII text and ids, and the damage compaction
    does: a cut inside a parallel group, dropped results, dropped calls.
Everything is deterministic: the same run writes the same files.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402

OUT = os.path.join(casefmt.GOLDEN, "repair")
TEST_FILE = "tests/agent/test_context_compressor_sanitize_tool_pairs.py"


def call(cid, name="search", args="{}", call_id=None, typed=False):
    c = {"id": cid}
    if call_id is not None:
        c["call_id"] = call_id
    if typed:
        c["type"] = "function"
    c["function"] = {"name": name, "arguments": args}
    return c


def asst(calls, content=""):
    return {"role": "assistant", "content": content, "tool_calls": calls}


def tool(cid, content):
    return {"role": "tool", "tool_call_id": cid, "content": content}


def user(text):
    return {"role": "user", "content": text}


# ---- the hermes test file: (class, test, input, note under the pinned code) --
INFLIGHT = ("The test expects the trailing in-flight call to be kept (hermes #79278, later than the "
            "pinned code); the pinned code strips it, and the pinned code wins.")
WHITESPACE = ("The test expects ids to be compared after strip() (hermes #55845/#97167, later than the "
              "pinned code); the pinned code compares them exactly, so the result is an orphan and the "
              "call is stripped. The pinned code wins.")


def hermes_tests():
    s = "TestSanitizerStripsOrphanedToolCalls"
    f = "TestSanitizerPreservesInFlightToolChain"
    w = "TestSanitizeToolPairsWhitespace"
    ws_asst = lambda cid: asst([call(cid, "f", typed=True)])  # noqa: E731
    return [
        (s, "test_sanitizer_strips_orphaned_tool_calls", "PAIRS-3",
         [asst([call("tc_orphan")]), user("never mind")], None),
        (s, "test_sanitizer_strips_orphaned_keeps_valid", "PAIRS-3",
         [asst([call("tc_valid", "read_file"), call("tc_orphan")]), tool("tc_valid", "file content"),
          {"role": "assistant", "content": "done"}], None),
        (s, "test_sanitizer_strips_orphaned_preserves_text_content", "PAIRS-3",
         [asst([call("tc_orphan")], "Let me search for that."), user("thanks")], None),
        (s, "test_sanitizer_strips_orphaned_with_call_id_mismatch", "PAIRS-1",
         [asst([call("fc_abc", call_id="call_abc")]), user("next")], None),
        (s, "test_sanitizer_keeps_valid_pair_matching_on_id_not_call_id", "PAIRS-1",
         [asst([call("fc_777", call_id="call_777", typed=True)]), tool("fc_777", "result")],
         "The test expects the pair to survive because the result matches the call's id (hermes #58168, "
         "later than the pinned code); the pinned code knows the call by call_id only, so it drops the "
         "result and strips the call. The pinned code wins."),
        (s, "test_sanitizer_still_drops_genuine_orphan_with_dual_ids", "PAIRS-1",
         [asst([call("fc_1", call_id="call_1", typed=True), call("fc_2", call_id="call_2", typed=True)]),
          tool("call_1", "result"), user("next question")], None),
        (f, "test_trailing_inflight_tool_call_preserved", "PAIRS-3",
         [user("summarize"), asst([call("call_1", "summarize")]), asst([call("call_2", "finalize")])],
         INFLIGHT),
        (f, "test_inflight_result_arrives_after_compress", "PAIRS-3",
         [asst([call("call_2", "finalize")])],
         INFLIGHT + " (The case covers the sanitizer call only; appending the late result is outside the op.)"),
        (f, "test_inflight_preserved_while_true_orphan_still_stripped", "PAIRS-3",
         [asst([call("call_orphan")]), user("interim"), asst([call("call_pending", "write")])], INFLIGHT),
        (f, "test_side_effect_final_result_returned_end_to_end", "PAIRS-3",
         [user("Do the work and use the tools."), asst([call("call_1", "run_side_effect", typed=True)]),
          tool("call_1", "side effect completed"), asst([call("call_2", "gather_final_result", typed=True)])],
         INFLIGHT + " (The case covers step 1, the sanitizer; repair_message_sequence is outside the op.)"),
        (f, "test_partial_batch_inflight_calls_preserved", "PAIRS-3",
         [user("run the batch"), asst([call("c1", "a"), call("c2", "b"), call("c3", "c")]), tool("c1", "done 1")],
         INFLIGHT),
        (w, "test_leading_whitespace_on_result_id_preserved", "PAIRS-1",
         [ws_asst("call_abc"), tool(" call_abc", "ok")], WHITESPACE),
        (w, "test_trailing_whitespace_on_result_id_preserved", "PAIRS-1",
         [ws_asst("call_xyz"), tool("call_xyz  ", "data")], WHITESPACE),
        (w, "test_truly_orphaned_still_removed", "PAIRS-2",
         [ws_asst("call_real"), tool(" call_orphan ", "stale")],
         "The test's assertions hold under the pinned code; its docstring speaks of a stub for call_real, "
         "which the pinned code strips instead (stubs are policy stub)."),
    ]


def regressions():
    codex = [user("find the config"),
             asst([call("fc_9", "grep", "{\"pattern\": \"timeout\"}", call_id="call_9", typed=True)], "Searching."),
             user("[summary] the search above was compacted")]
    cut = [{"role": "system", "content": "You are a coding agent."}, user("fix the tests"),
           {"role": "assistant", "content": "[CONTEXT COMPACTION] earlier turns summarized"},
           tool("p2", "tests/test_b.py: 3 failures"), tool("p3", "tests/test_c.py: ok"),
           {"role": "assistant", "content": "Two files fail."}, user("go on"),
           asst([call("q1", "read_file", "{\"path\": \"b.py\"}"), call("q2", "read_file", "{\"path\": \"c.py\"}"),
                 call("q3", "run", "{\"cmd\": \"pytest\"}")], "Reading."),
           tool("q1", "def b(): ...")]
    return [
        ("PAIRS-3", "regression-51218-codex-ids-strip", {"policy": "strip"}, codex,
         "regression hermes #51218",
         "A Codex-style call whose id and call_id differ and whose result was compacted away."),
        ("PAIRS-4", "regression-51218-codex-ids-stub", {"policy": "stub"}, codex,
         "regression hermes #51218",
         "Under the stub design the stub is keyed by call_id; hermes's later pre-API pass keyed calls by "
         "id and dropped such stubs, which is why PR #51225 moved to stripping."),
        ("PAIRS-1", "regression-97167-same-whitespace-both-sides", {"policy": "strip"},
         [asst([call(" call_1 ", "f"), call("x", "g")]), tool(" call_1 ", "kept: ids equal as written"),
          tool("x\t", "orphan: tab differs")],
         "regression hermes #97167", "Ids are equal only as written: trimming came after the pinned code."),
        ("PAIRS-1", "regression-58168-result-keyed-by-call-id", {"policy": "strip"},
         [user("find the config"),
          asst([call("fc_7", "grep", "{\"pattern\": \"timeout\"}", call_id="call_7", typed=True)], "Searching."),
          tool("call_7", "config.yaml:12: timeout: 30"), {"role": "assistant", "content": "The timeout is 30 s."}],
         "regression hermes #58168",
         "Every call is answered: the result names the call's call_id, which differs from its id, so the pair "
         "stays whole. hermes's pre-request repair (agent_runtime_helpers.repair_message_sequence) knew a "
         "call by its id only and dropped such a result, leaving the call unanswered, until #58168."),
        ("PAIRS-2", "regression-1993-cut-inside-parallel-group-strip", {"policy": "strip"}, cut,
         "regression hermes #1993",
         "The compaction cut fell inside a group of parallel results: p2 and p3 lost their assistant "
         "message; the newest group lost two of three results."),
        ("PAIRS-4", "regression-1993-cut-inside-parallel-group-stub", {"policy": "stub"}, cut,
         "regression hermes #1993", None),
        ("PAIRS-3", "regression-79278-inflight-batch-stub-vs-strip", {"policy": "stub"},
         [user("run the batch"), asst([call("c1", "a"), call("c2", "b"), call("c3", "c")]), tool("c1", "done 1")],
         "regression hermes #79278",
         "Under policy stub the in-flight calls c2 and c3 get stubs before the real result of c1."),
    ]


# ---- the seeded generator ----------------------------------------------------
TOOLS = [("read_file", lambda r: {"path": r.choice(["src/main.c", "docs/読んで.md", "tests/test_ü.py"])}),
         ("terminal", lambda r: {"command": r.choice(["make test", "ls -la", "grep -rn TODO ."])}),
         ("search_files", lambda r: {"pattern": r.choice(["timeout", "naïve", "日本"])}),
         ("write_file", lambda r: {"path": "out.txt", "content": "línea 1\nline 2"})]
RESULTS = ["ok", "3 matches:\n  a.c:10\n  b.c:22", "Error: file not found", "{\"status\": \"done\", \"n\": 2}",
           "résumé généré ✓", "exit code 1\nFAILED test_x", ""]


def make_ids(r, k, n):
    """An id in one of the shapes providers use."""
    style = r.choice(["openai", "codex", "anthropic", "colon"])
    if style == "openai":
        return {"id": "call_%s%d" % ("".join(r.choice("abcdefXYZ019") for _ in range(6)), n)}
    if style == "codex":
        return {"id": "fc_%04d" % n, "call_id": "call_%04d" % n}
    if style == "anthropic":
        return {"id": "toolu_%02d%s" % (n, r.choice(["", "é"]))}
    return {"id": "functions.%s:%d" % (TOOLS[k][0], n)}


def result_key(ids):
    return ids.get("call_id") or ids["id"]


def generate(seed):
    r = random.Random(seed)
    msgs = [{"role": "system", "content": "You are Hermes, a helpful agent. Réponds brièvement."}]
    n = 0
    for turn in range(r.randint(4, 7)):
        msgs.append(user(r.choice(["Run the tests", "¿Qué falla?", "Look at the logs", "続けて", "Fix it"])))
        for step in range(r.randint(1, 3)):
            k_calls = r.choice([1, 1, 2, 3, 4])
            calls, keys = [], []
            for _ in range(k_calls):
                n += 1
                k = r.randrange(len(TOOLS))
                ids = make_ids(r, k, n)
                c = dict(ids)
                c["type"] = "function"
                c["function"] = {"name": TOOLS[k][0], "arguments": json.dumps(TOOLS[k][1](r), ensure_ascii=False)}
                calls.append(c)
                keys.append(result_key(ids))
            msgs.append({"role": "assistant", "content": r.choice(["", None, "Checking.", " "]), "tool_calls": calls})
            for key in keys:
                if r.random() < 0.08:  # a result keyed differently: padded
                    key = " " + key
                msgs.append(tool(key, r.choice(RESULTS)))
        msgs.append({"role": "assistant", "content": r.choice(["Done.", "Voilà.", "完了しました。"])})
    # the damage compaction does
    damage = []
    if r.random() < 0.8:  # a cut inside a parallel group: keep a head, drop a middle run
        groups = [i for i, m in enumerate(msgs) if m.get("tool_calls") and len(m["tool_calls"]) > 1]
        if groups:
            g = r.choice(groups)
            head = r.randint(1, max(1, g - 1))
            summary = {"role": "user", "content": "[CONTEXT COMPACTION] %d turns summarized" % (g + 2 - head)}
            msgs = msgs[:head] + [summary] + msgs[g + 2:]
            damage.append("cut after message %d up to the second result of a parallel group" % head)
    for _ in range(r.randint(1, 3)):  # results lost
        idx = [i for i, m in enumerate(msgs) if m["role"] == "tool"]
        if idx:
            del msgs[r.choice(idx)]
            damage.append("a result dropped")
    if r.random() < 0.5:  # a call lost with its whole message
        idx = [i for i, m in enumerate(msgs) if m.get("tool_calls")]
        if idx:
            del msgs[r.choice(idx)]
            damage.append("an assistant message with calls dropped")
    return msgs, damage


def cases():
    out = []
    for cls, name, rule, msgs, note in hermes_tests():
        short = name[len("test_"):].replace("_", "-")
        src = "hermes test %s::%s::%s" % (TEST_FILE, cls, name)
        c = {"id": "%s-hermes-%s" % (rule, short), "rules": [rule, "PAIRS-6"], "op": "repair",
             "params": {"policy": "strip"}, "input": msgs, "expect": {"output": None},
             "source": src, "hermes": "agrees"}
        if note:
            c["note"] = note
        out.append(c)
        out.append({"id": "PAIRS-4-hermes-%s-stub" % short, "rules": ["PAIRS-4", "PAIRS-2"], "op": "repair",
                    "params": {"policy": "stub"}, "input": msgs, "expect": {"output": None},
                    "source": src + " (its input, run under policy stub)", "hermes": "agrees"})
    for rule, short, params, msgs, src, note in regressions():
        c = {"id": "%s-%s" % (rule, short), "rules": [rule, "PAIRS-6"], "op": "repair", "params": params,
             "input": msgs, "expect": {"output": None}, "source": src, "hermes": "agrees"}
        if note:
            c["note"] = note
        out.append(c)
    for seed in range(1, 9):
        msgs, damage = generate(seed)
        policy = "strip" if seed % 2 else "stub"
        wrap = seed % 3 == 0
        inp = {"model": "hermes-test", "messages": msgs} if wrap else msgs
        rule = "PAIRS-3" if policy == "strip" else "PAIRS-4"
        out.append({"id": "%s-generated-seed-%d" % (rule, seed), "rules": [rule, "PAIRS-1", "PAIRS-2", "PAIRS-6"],
                    "op": "repair", "params": {"policy": policy}, "input": inp, "expect": {"output": None},
                    "source": "generated seed=%d (tools/gen_cases_repair.py)" % seed, "hermes": "agrees",
                    "note": "Damage: " + "; ".join(damage or ["none"]) + "."})
    return out


def spaces():
    cps = [cp for cp in range(0x110000) if chr(cp).isspace()]
    return "/* python3 %s: [cp for cp in range(0x110000) if chr(cp).isspace()] */\n{%s}" % (
        sys.version.split()[0], ", ".join("0x%X" % cp for cp in cps))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--spaces", action="store_true")
    a = ap.parse_args()
    if a.spaces:
        print(spaces())
    all_cases = cases()
    ids = [c["id"] for c in all_cases]
    if len(set(ids)) != len(ids):
        sys.exit("gen_cases_repair: duplicate ids")
    if a.list:
        print("\n".join(ids))
    if a.write:
        for c in all_cases:
            casefmt.write_case(os.path.join(OUT, c["id"] + ".json"), c)
        print("gen_cases_repair: wrote %d cases to %s" % (len(all_cases), os.path.relpath(OUT, casefmt.ROOT)))


if __name__ == "__main__":
    main()
