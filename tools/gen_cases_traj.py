#!/usr/bin/env python3
"""gen_cases_traj.py -- golden cases of `hcc trajectory` and
`hcc trajectory-snap` (spec TRAJ-*).

  gen_cases_traj.py --write     write golden/trajectory/ and golden/trajectory-snap/
                                cases; expectations of agreeing cases are left null:
                                fill them with
                                HERMES_SRC=... tools/regen.py --select 'golden/trajectory*/*'
  gen_cases_traj.py --verify    after regen: check each case's outcome is the kind it
                                was built for (compressed or not, rejected), and the
                                assertions of the hermes tests carried over
  gen_cases_traj.py --list      ids only
  HERMES_SRC=... gen_cases_traj.py --unit-tables
                                the tables of tests/unit/test_trajectory.c, computed by
                                the pinned hermes functions (_snap_boundary,
                                count_tokens, _find_protected_indices) and Python's
                                round(), as C initializers

Three kinds of cases, each marked by its "source":
  - the tests of hermes's tests/test_trajectory_compressor.py that exercise the rules
    (protection, token counting, snapping, the net-savings guard), with the tests'
    own data; where a test checks a mocked summary, the stub summarizer stands in
    and "note" says so.  Not carried over, because they test no rule of TRAJ:
    test_import_loads_env_from_hermes_home (.env loading),
    test_generate_summary_kimi_omits_temperature (client kwargs),
    TestCompressionConfig::test_from_yaml (YAML config), TestAggregateMetrics (batch
    statistics), TestExtractTurnContent (prompt text, which the stub summarizer does
    not read), TestGenerateSummary::test_generate_summary_handles_none_content (a
    model reply the stub never gives);
  - edge cases: shapes hermes crashes on (rejected, DIV-TRAJ-1/2), pass-through
    shapes, non-canonical input text, rounding ties of compression_ratio;
  - trajectories from a seeded generator in hermes's batch-runner format: a
    function-calling system prompt with a <tools> list, a human task, gpt turns with
    <think> and one or more <tool_call> blocks, one tool turn per call with a
    <tool_response>, a final answer; non-ASCII text; long outputs.  Each seed is
    built for one outcome (compressed, under budget, guard) and --verify checks it.
Everything is deterministic: the same run writes the same files.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402

TEST_FILE = "tests/test_trajectory_compressor.py"
OUT = {"trajectory": os.path.join(casefmt.GOLDEN, "trajectory"),
       "trajectory-snap": os.path.join(casefmt.GOLDEN, "trajectory-snap")}
ALL_RULES = ["TRAJ-2", "TRAJ-3", "TRAJ-4", "TRAJ-5", "TRAJ-7", "TRAJ-8", "TRAJ-10"]


def tokens(value):
    """TRAJ-2 for the values this generator makes (strings)."""
    return len(value) // 4 if value else 0


def case(cid, op, params, inp, source, kind, rules=None, hermes="agrees", note=None, **extra):
    c = {"id": cid, "rules": rules or [cid.split("-")[0] + "-" + cid.split("-")[1]], "op": op,
         "params": params}
    c.update(extra)
    if "input_text" not in extra:
        c["input"] = inp
    c["expect"] = {"output": None} if kind != "reject" else {"error": "HCC_E_SHAPE"}
    c["source"] = source
    c["hermes"] = hermes
    if note:
        c["note"] = note
    c["_kind"] = kind
    return c


# ---- the hermes tests ---------------------------------------------------------

def _gpt_with_tool_call(label, tok):
    body = "<tool_call>\n{\"name\": \"%s\"}\n</tool_call>" % label
    return {"from": "gpt", "value": body + "x" * max(0, tok * 4 - len(body))}


def _tool_response(label, tok):
    body = "<tool_response>\n{\"name\": \"%s\"}\n</tool_response>" % label
    return {"from": "tool", "value": body + "x" * max(0, tok * 4 - len(body))}


def _paired_trajectory():
    return [
        {"from": "system", "value": "You are an agent. " * 4},
        {"from": "human", "value": "Please do the task. " * 4},
        _gpt_with_tool_call("a", 12), _tool_response("a", 12),
        _gpt_with_tool_call("b", 400), _tool_response("b", 12),
        _gpt_with_tool_call("c", 12), _tool_response("c", 12),
        {"from": "gpt", "value": "<think>\n</think>\nAll done."},
        {"from": "human", "value": "Thanks!"},
    ]


def _tiny_middle_trajectory():
    big, small = "w " * 400, "ok " * 2
    return [{"from": "system", "value": big}, {"from": "human", "value": big},
            {"from": "gpt", "value": small}, {"from": "tool", "value": small},
            {"from": "gpt", "value": small}, {"from": "tool", "value": small},
            {"from": "gpt", "value": small}, {"from": "human", "value": small}]


def hermes_tests():
    src = lambda name: "hermes test %s::%s" % (TEST_FILE, name)  # noqa: E731
    out = []
    basic = [{"from": "system", "value": "You are an agent."}, {"from": "human", "value": "Do something."},
             {"from": "gpt", "value": "I will use a tool."}, {"from": "tool", "value": "Tool result."},
             {"from": "gpt", "value": "More work."}, {"from": "tool", "value": "Another result."},
             {"from": "gpt", "value": "Work continues."}, {"from": "tool", "value": "Result 3."},
             {"from": "gpt", "value": "Done."}, {"from": "human", "value": "Thanks."}]
    out.append(case("TRAJ-3-hermes-basic-trajectory", "trajectory-snap", {"target_max_tokens": 0}, basic,
                    src("TestFindProtectedIndices::test_basic_trajectory"), "plan",
                    note="target_max_tokens 0 makes the plan reach the protection step; the test calls "
                         "_find_protected_indices directly and asserts 0-3 and 6-9 protected, start >= 4, "
                         "end <= 6 (pinned: 4 and 6)."))
    no_sys = [{"from": "human", "value": "hi"}, {"from": "gpt", "value": "hello"}, {"from": "tool", "value": "data"},
              {"from": "gpt", "value": "result"}, {"from": "human", "value": "thanks"}]
    out.append(case("TRAJ-3-hermes-no-system-turn", "trajectory-snap", {"target_max_tokens": 0}, no_sys,
                    src("TestFindProtectedIndices::test_no_system_turn"), "plan",
                    note="The test asserts index 0 (first human) is protected."))
    dis = [{"from": "system", "value": "sys"}, {"from": "human", "value": "q"}, {"from": "gpt", "value": "a"},
           {"from": "tool", "value": "r"}, {"from": "gpt", "value": "b"}, {"from": "tool", "value": "r2"},
           {"from": "gpt", "value": "c"}, {"from": "tool", "value": "r3"}]
    out.append(case("TRAJ-3-hermes-disable-protect-first-system", "trajectory-snap",
                    {"target_max_tokens": 0, "protect_first_system": False}, dis,
                    src("TestFindProtectedIndices::test_disable_protect_first_system"), "plan",
                    note="Every value here is shorter than 4 code points, so the trajectory has 0 tokens "
                         "and the plan stops under budget (protected is null); the test calls "
                         "_find_protected_indices directly.  TRAJ-3-hermes-disable-protect-first-system-"
                         "padded pads the values so the plan reaches protection."))
    padded = [dict(t, value=t["value"] + " " * 8) for t in dis]
    out.append(case("TRAJ-3-hermes-disable-protect-first-system-padded", "trajectory-snap",
                    {"target_max_tokens": 0, "protect_first_system": False}, padded,
                    src("TestFindProtectedIndices::test_disable_protect_first_system"), "plan",
                    note="The test's trajectory with 8 spaces added to each value (2 tokens each), so the "
                         "plan reaches protection; the test asserts index 0 is not protected."))
    out.append(case("TRAJ-2-hermes-count-tokens-fallback", "trajectory-snap", {"target_max_tokens": 1000},
                    [{"from": "human", "value": "12345678"}],
                    src("TestTokenCounting::test_count_tokens_fallback_on_error"), "plan",
                    note="The test makes the tokenizer raise and asserts count_tokens('12345678') == 2."))
    pt = _paired_trajectory()
    tt = [tokens(t["value"]) for t in pt]
    params = {"protect_last_n_turns": 2, "summary_target_tokens": 4,
              "target_max_tokens": sum(tt) - tt[4] + 4}
    name = "TestCompressionToolPairIntegrity::test_sync_compression_does_not_orphan_tool_markers"
    out.append(case("TRAJ-4-hermes-does-not-orphan-tool-markers", "trajectory", params, {"conversations": pt},
                    src(name), "compressed", rules=["TRAJ-4", "TRAJ-5", "TRAJ-7", "TRAJ-8", "TRAJ-10"],
                    note="The test mocks the summary as '[CONTEXT SUMMARY]: middle turns summarized.'; "
                         "the stub summarizer (TRAJ-7) stands in.  Its assertions (compressed; as many "
                         "<tool_call> as <tool_response>; every tool turn right after a gpt turn) hold "
                         "on this expectation (gen_cases_traj.py --verify).", _assert="pairs"))
    out.append(case("TRAJ-4-hermes-does-not-orphan-tool-markers-plan", "trajectory-snap", params, pt,
                    src(name), "compressed", rules=["TRAJ-4", "TRAJ-5"],
                    note="The plan of the case above: the accumulation ends at 5, on the tool turn "
                         "answering the oversized gpt turn 4 (the test's construction), and snaps forward "
                         "to 6.  Also the values of test_snap_boundary_skips_tool_turn_forward: "
                         "snap(5, 4, 8) = 6 and snap(4, 4, 8) = 4 (start)."))
    back = [{"from": "gpt", "value": "<tool_call>a</tool_call>"},
            {"from": "tool", "value": "<tool_response>a</tool_response>"}]
    out.append(case("TRAJ-4-hermes-falls-back-to-backward", "trajectory-snap",
                    {"target_max_tokens": 0, "summary_target_tokens": 0, "protect_last_n_turns": 1,
                     "protect_first_gpt": False, "protect_first_tool": False}, back,
                    src("TestCompressionToolPairIntegrity::test_snap_boundary_falls_back_to_backward"),
                    "plan", rules=["TRAJ-4", "TRAJ-6"],
                    note="The test's two turns, with protections set so that the plan makes exactly the "
                         "test's call snap(1, 0, 1), which falls back to 0; until = start then leaves "
                         "nothing to compress."))
    tm = _tiny_middle_trajectory()
    gp = {"protect_last_n_turns": 2, "summary_target_tokens": 20, "target_max_tokens": 100}
    gname = "TestCompressionNetSavingsGuard::test_sync_skips_compression_when_middle_smaller_than_summary"
    out.append(case("TRAJ-6-hermes-skips-middle-smaller-than-summary", "trajectory", gp,
                    {"conversations": tm}, src(gname), "unchanged",
                    note="The test asserts the trajectory comes back unchanged and no summary is asked "
                         "for (the mocked summary is never used)."))
    out.append(case("TRAJ-6-hermes-skips-middle-smaller-than-summary-plan", "trajectory-snap", gp, tm,
                    src(gname), "plan"))
    return out


# ---- edge cases ------------------------------------------------------------------

def _chat(n_mid, value=None):
    turns = [{"from": "system", "value": "You are a function calling AI model."},
             {"from": "human", "value": "Check the build."}]
    for i in range(n_mid):
        turns.append({"from": "gpt", "value": "<tool_call>\n{\"name\": \"step\", \"arguments\": {\"i\": %d}}\n"
                                              "</tool_call>" % i})
        turns.append({"from": "tool", "value": "<tool_response>\n{\"name\": \"step\", \"content\": "
                                               "\"step %d ok\"}\n</tool_response>" % i})
    turns.append({"from": "gpt", "value": "The build is green."})
    turns.append({"from": "human", "value": "Thanks."})
    return turns


def edge_cases():
    out = []
    tight = {"target_max_tokens": 0, "summary_target_tokens": 0, "protect_last_n_turns": 2}
    ed = "edge case"
    for name, conv in [("conversations-null", None), ("conversations-number", 5),
                       ("conversations-string", "abc"), ("conversations-object", {"from": "human"})]:
        out.append(case("TRAJ-9-" + name, "trajectory", {}, {"conversations": conv}, ed, "reject",
                        hermes="diverges: DIV-TRAJ-1 hermes raises iterating the turns"))
    out.append(case("TRAJ-9-turn-not-object", "trajectory", {}, {"conversations": [{"from": "human", "value": "hi"},
                                                                                    "stray text"]},
                    ed, "reject", hermes="diverges: DIV-TRAJ-1 hermes raises AttributeError (turn.get)"))
    out.append(case("TRAJ-9-value-true", "trajectory", {}, {"conversations": [{"from": "gpt", "value": True}]},
                    ed, "reject", hermes="diverges: DIV-TRAJ-1 hermes raises TypeError (len of a bool)"))
    out.append(case("TRAJ-9-value-number-snap", "trajectory-snap", {}, [{"from": "tool", "value": 12}],
                    ed, "reject", hermes="diverges: DIV-TRAJ-1 hermes raises TypeError (len of an int)"))
    c = _chat(3)
    c[4]["from"] = ["tool"]
    out.append(case("TRAJ-9-unhashable-from-over-budget", "trajectory", tight, {"conversations": c}, ed,
                    "reject", hermes="diverges: DIV-TRAJ-1 hermes raises TypeError (unhashable from)"))
    out.append(case("TRAJ-9-unhashable-from-over-budget-snap", "trajectory-snap", tight, c, ed, "reject",
                    hermes="diverges: DIV-TRAJ-1 hermes raises TypeError (unhashable from)"))
    c = _chat(3)
    c[5]["from"] = None
    out.append(case("TRAJ-9-null-from-in-region", "trajectory", tight, {"conversations": c}, ed, "reject",
                    hermes="diverges: DIV-TRAJ-1 hermes raises AttributeError (None.upper)"))
    out.append(case("TRAJ-9-null-from-in-region-plan", "trajectory-snap", tight, c, ed, "compressed",
                    rules=["TRAJ-9", "TRAJ-4"],
                    note="The plan itself never upper-cases \"from\": trajectory-snap answers where "
                         "trajectory rejects."))
    c = _chat(3)
    c[6]["value"] = list(range(3001))
    out.append(case("TRAJ-9-long-list-value-in-region", "trajectory", tight, {"conversations": c}, ed,
                    "reject", hermes="diverges: DIV-TRAJ-2 the unpinned elide_middle decides"))
    c = _chat(3)
    c[6]["value"] = list(range(12))
    out.append(case("TRAJ-9-short-list-value-in-region", "trajectory", tight, {"conversations": c}, ed,
                    "compressed", rules=["TRAJ-9", "TRAJ-2"],
                    note="A list value of 12 elements counts 3 tokens and is fine in the region."))
    c = _chat(3)
    c[0]["value"] = ["You are", "a list"]
    out.append(case("TRAJ-9-system-value-list", "trajectory", tight, {"conversations": c}, ed, "reject",
                    hermes="diverges: DIV-TRAJ-1 hermes raises TypeError (list + str)"))
    c = _chat(3)
    c[0]["value"] = None
    out.append(case("TRAJ-9-system-value-null-no-notice", "trajectory", dict(tight, add_summary_notice=False),
                    {"conversations": c}, ed, "compressed", rules=["TRAJ-9", "TRAJ-8"],
                    note="Without the notice a system turn's value is never appended to."))
    # pass-through shapes
    out.append(case("TRAJ-1-empty-string-turns", "trajectory", tight, {"conversations": "", "k": 1}, ed,
                    "unchanged"))
    out.append(case("TRAJ-1-empty-turns", "trajectory", tight, {"conversations": []}, ed, "unchanged"))
    out.append(case("TRAJ-1-scalar-input", "trajectory", tight, 42, ed, "unchanged"))
    # non-canonical text: escapes, blanks, duplicate keys; compared as JSON
    text = ('{ "id" : 1, "conversations": [{"from": "system", "value": "sys\\u0020prompt \\ud83d\\ude00"},'
            '{"from":"human","value":"task","value":"the task, \\"quoted\\""},'
            '{"from": "gpt", "value": "<tool_call>\\n{\\"name\\": \\"a\\"}\\n</tool_call>"},'
            '{"from": "tool", "value": "<tool_response>\\n{\\"name\\": \\"a\\"}\\n</tool_response>"},'
            '{"\\u0066rom": "gpt", "value": "<tool_call>\\n{\\"name\\": \\"b\\"}\\n</tool_call>"},'
            '{"from": "tool", "value": "<tool_response>\\n{\\"name\\": \\"b\\"}\\n</tool_response>", "w": 1.50},'
            '{"from": "gpt", "value": "done \\ud800"}, {"from": "human", "value": "ok"}],'
            ' "conversations_count": 8, "id": 2 }')
    out.append(case("TRAJ-1-non-canonical-text", "trajectory", tight, None, ed, "compressed",
                    rules=["TRAJ-1", "TRAJ-2", "TRAJ-8", "TRAJ-10"], input_text=text, exact=False,
                    note="Escaped keys and values, a repeated key (last wins, first position), blanks, "
                         "a float written 1.50, a lone surrogate; compared as JSON."))
    # compression_ratio ties (exact binary halves at the 5th decimal)
    for num, name in [(1, "ratio-tie-down"), (3, "ratio-tie-up")]:
        conv = [{"from": "human", "value": "x" * 4 * num}, {"from": "gpt", "value": "y" * 4 * (32 - num)},
                {"from": "human", "value": ""}]
        out.append(case("TRAJ-10-" + name, "trajectory",
                        {"target_max_tokens": 0, "summary_target_tokens": 0, "protect_last_n_turns": 1,
                         "protect_first_gpt": False, "max_retries": 0}, {"conversations": conv}, ed,
                        "compressed", rules=["TRAJ-10", "TRAJ-7"],
                        note="%d/32 tokens remain: the ratio %s is a tie at the 5th decimal, rounded to "
                             "even as Python's round() does." % (num, num / 32)))
    # still over the limit after compressing the whole middle
    out.append(case("TRAJ-5-middle-too-small-still-over", "trajectory",
                    {"target_max_tokens": 30, "summary_target_tokens": 0, "protect_last_n_turns": 4},
                    {"conversations": _chat(4)}, ed, "compressed", rules=["TRAJ-5", "TRAJ-10"]))
    out.append(case("TRAJ-3-last-n-covers-all", "trajectory-snap",
                    {"target_max_tokens": 0, "protect_last_n_turns": 40}, _chat(2), ed, "plan"))
    out.append(case("TRAJ-3-roles-other-spellings", "trajectory-snap",
                    {"target_max_tokens": 0, "summary_target_tokens": 0, "protect_last_n_turns": 1},
                    [{"from": "System", "value": "capitalised role name"}, {"from": "user", "value": "an OpenAI role"},
                     {"from": "human", "value": "the real first human"}, {"from": "function_call", "value": "x" * 40},
                     {"from": "observation", "value": "y" * 40}, {"value": "no from at all, long enough"},
                     {"from": "gpt", "value": "first gpt, late"}, {"from": "human", "value": "bye"}],
                    ed, "compressed", rules=["TRAJ-3", "TRAJ-1"]))
    return out


# ---- generated trajectories ---------------------------------------------------------

TOOLS = [
    ("terminal", {"command": ["ls -la", "git status", "pytest -q", "python main.py", "cat README.md",
                              "grep -rn TODO src/"]}),
    ("read_file", {"path": ["src/app.py", "docs/読んで.md", "config.yaml", "notes/résumé.txt"]}),
    ("write_file", {"path": ["out.txt", "src/fix.py"], "content": ["línea 1\nline 2", "print('ok')"]}),
    ("web_search", {"query": ["python asyncio timeout", "東京 天気", "rust borrow checker"]}),
    ("web_extract", {"urls": [["https://example.org/a"], ["https://example.com/ü"]]}),
]
TASKS = ["Fix the failing test in src/app.py.", "Find out why the build is slow.",
         "Résume ce document en trois points.", "この関数のバグを見つけてください。",
         "Summarize today's weather in Tokyo and Paris.", "Refactor config loading 🚀"]
OUTPUTS = ["total 24\ndrwxr-xr-x  4 user user 4096 .\n-rw-r--r--  1 user user  812 app.py",
           "2 passed, 1 failed\nFAILED tests/test_app.py::test_div - ZeroDivisionError",
           "def main():\n    return compute(1, 0)\n", "晴れ、最高気温 21°C", "Paris: pluie ☔, 14 °C",
           "{\"status\": \"ok\", \"items\": [1, 2, 3]}", "error: file not found: notes/résumé.txt"]


def _system(r):
    tools = [{"type": "function", "function": {"name": n, "description": "The %s tool." % n,
                                               "parameters": {"type": "object", "properties":
                                                              {k: {"type": "string"} for k in a}}}}
             for n, a in TOOLS]
    return ("You are a function calling AI model. You are provided with function signatures within "
            "<tools> </tools> XML tags. You may call one or more functions to assist with the user "
            "query. Don't make assumptions about what values to plug into functions.\n<tools>\n%s\n</tools>\n"
            "For each function call return a JSON object with the function name and arguments within "
            "<tool_call> </tool_call> XML tags." % json.dumps(tools[:r.randint(2, len(tools))]))


def _call(r):
    name, args = r.choice(TOOLS)
    return name, {k: r.choice(v) for k, v in args.items()}


def _gpt_calls(r, calls, think=True):
    parts = []
    if think:
        parts.append("<think>\n%s\n</think>" % r.choice(["I should look at the files first.",
                                                          "Next, run the tests.",
                                                          "Je vérifie la sortie.", "結果を確認します。"]))
    for name, args in calls:
        parts.append("<tool_call>\n%s\n</tool_call>" % json.dumps({"name": name, "arguments": args},
                                                                  ensure_ascii=False))
    return "\n".join(parts)


def _tool_turn(r, idx, name, long_factor):
    content = r.choice(OUTPUTS)
    if r.random() < long_factor:
        content = (content + "\n") * r.randint(5, 40)
    return {"from": "tool", "value": "<tool_response>\n%s\n</tool_response>" % json.dumps(
        {"tool_call_id": "call_%d" % idx, "name": name, "content": content}, ensure_ascii=False)}


def trajectory(r, steps, parallel=0.3, long_factor=0.3):
    turns = [{"from": "system", "value": _system(r)}, {"from": "human", "value": r.choice(TASKS)}]
    k = 0
    for _ in range(steps):
        calls = [_call(r) for _ in range(r.randint(2, 3) if r.random() < parallel else 1)]
        turns.append({"from": "gpt", "value": _gpt_calls(r, calls, r.random() < 0.7)})
        for name, _ in calls:
            k += 1
            turns.append(_tool_turn(r, k, name, long_factor))
        if r.random() < 0.1:
            turns.append({"from": "human", "value": r.choice(["Keep going.", "Continue, s'il te plaît.",
                                                              "続けて"])})
    turns.append({"from": "gpt", "value": r.choice(["Done: the test divides by zero; fixed in src/fix.py.",
                                                     "Voilà le résumé : trois points.",
                                                     "完了しました。"])})
    return turns


def entry(r, turns, idx):
    return {"prompt_index": idx, "conversations": turns,
            "metadata": {"batch_num": r.randint(0, 9), "timestamp": "2025-0%d-1%dT10:00:00" % (
                r.randint(1, 9), r.randint(0, 9)), "model": "hermes-agent"},
            "completed": True, "partial": False, "api_calls": sum(t["from"] == "gpt" for t in turns),
            "toolsets_used": ["terminal", "web"]}


def generated():
    out = []
    gen = "generated gen_cases_traj.py seed=%d"
    for seed in range(1, 25):
        r = random.Random(seed)
        kind = ["compressed", "compressed", "compressed", "unchanged-short", "guard", "compressed-fail"][seed % 6]
        if kind == "unchanged-short":
            turns = trajectory(r, r.randint(1, 4), long_factor=0.0)
            params = {}
            cid, want, rules = "TRAJ-6-generated-short-seed-%d", "unchanged", ["TRAJ-6", "TRAJ-2"]
        elif kind == "guard":
            turns = trajectory(r, r.randint(3, 5), long_factor=0.0)
            total = sum(tokens(t["value"]) for t in turns)
            # the budget is blown by one token, and the summary is priced above any middle
            params = {"target_max_tokens": total - 1, "summary_target_tokens": total,
                      "protect_last_n_turns": r.choice([2, 3, 4])}
            cid, want, rules = "TRAJ-6-generated-guard-seed-%d", "unchanged", ["TRAJ-6", "TRAJ-5"]
        else:
            turns = trajectory(r, r.randint(5, 14), parallel=r.choice([0.0, 0.3, 0.6]))
            total = sum(tokens(t["value"]) for t in turns)
            params = {"target_max_tokens": int(total * r.choice([0.5, 0.7, 0.85])),
                      "summary_target_tokens": r.choice([20, 50, 100]),
                      "protect_last_n_turns": r.choice([2, 4, 6])}
            if kind == "compressed-fail":
                params["summarizer_fail"] = True
                params["max_retries"] = r.choice([1, 3])
            if seed % 4 == 1:
                params["add_summary_notice"] = False
            cid, want, rules = "TRAJ-5-generated-seed-%d", "compressed", ALL_RULES
        out.append(case(cid % seed, "trajectory", params, entry(r, turns, seed), gen % seed, want,
                        rules=rules))
        if seed % 3 == 0:
            out.append(case(cid.replace("generated", "generated-plan") % seed, "trajectory-snap", params,
                            {"conversations": turns}, gen % seed, "plan",
                            rules=["TRAJ-3", "TRAJ-4", "TRAJ-5", "TRAJ-10"]))
    # hermes's defaults on a trajectory over 15250 tokens
    r = random.Random(100)
    turns = trajectory(r, 40, parallel=0.4, long_factor=0.9)
    out.append(case("TRAJ-5-generated-defaults-seed-100", "trajectory", {}, entry(r, turns, 100), gen % 100,
                    "compressed", rules=ALL_RULES,
                    note="hermes's default parameters on a trajectory over the default budget."))
    return out


def all_cases():
    return hermes_tests() + edge_cases() + generated()


def _pairs_ok(conv):
    calls = sum(t["value"].count("<tool_call>") for t in conv if isinstance(t.get("value"), str))
    resps = sum(t["value"].count("<tool_response>") for t in conv if isinstance(t.get("value"), str))
    follow = all(i > 0 and conv[i - 1].get("from") == "gpt"
                 for i, t in enumerate(conv) if t.get("from") == "tool")
    return calls == resps and follow


def verify():
    bad = 0
    stored = {c["id"]: c for c in casefmt.load_cases()}
    for c in all_cases():
        s = stored.get(c["id"])
        if s is None:
            print("MISSING %s" % c["id"])
            bad += 1
            continue
        exp, kind = s["expect"], c["_kind"]
        out = exp.get("output")
        if kind == "reject":
            ok = exp == {"error": "HCC_E_SHAPE"}
        elif c["op"] == "trajectory-snap":
            ok = isinstance(out, dict) and (kind != "compressed" or out.get("region") is not None)
        elif kind == "compressed":
            ok = isinstance(out, dict) and out.get("compression_metrics", {}).get("was_compressed") is True
            if ok and c.get("_assert") == "pairs":
                ok = _pairs_ok(out["conversations"])
        else:
            ok = "output" in exp and casefmt.dumps(out) == casefmt.dumps(
                c["input"] if "input" in c else json.loads(c["input_text"]))
        if not ok:
            print("UNEXPECTED %s (built for %s): %s" % (c["id"], kind, json.dumps(exp)[:200]))
            bad += 1
    print("verify: %d cases, %d unexpected" % (len(all_cases()), bad))
    return 1 if bad else 0


# ---- unit-test tables (tests/unit/test_trajectory.c) -----------------------------------

ROLE = {"s": "system", "h": "human", "g": "gpt", "t": "tool", "o": "observation"}
SNAP_PATTERNS = ["gt", "tg", "gtt", "hgtg", "ttgt", "gttth", "sgtgtt", "tttt"]
PROTECT_CASES = [("shgtgtgtgh", 4, "1111"), ("hgtgh", 4, "1111"), ("sgtgtgtt", 4, "0111"),
                 ("shhhhhghg", 1, "1111"), ("shgtgtgt", 0, "1111"), ("shgt", 40, "1111"),
                 ("ggggttttsh", 2, "1111"), ("ohoogoto", 3, "1010"), ("", 4, "1111"), ("t", 1, "0000"),
                 ("shgtgtgtgh", 0, "0000")]
COUNT_VALUES = ['"12345678"', '"1234567"', '"\\ud83d\\ude00abc"', '"\\ud800abc"', 'null', 'false',
                '0', '0.0', '-0e3', '""', '[]', '{}', '[1,2,3,4]', '[[],[],[]]',
                '{"a":1,"b":2,"c":3,"d":4}', '{"a":1,"b":2,"a":3,"c":4}', '{"a":1,"b":2,"\\u0061":3,"c":4}',
                'true', '1', '-2.5', '"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9"']
STEPS = [{"from": "system", "value": "sys"}, {"from": "human", "value": "go"},
         {"from": "gpt", "value": "step one done"}, {"from": "gpt", "value": "step two done"},
         {"from": "gpt", "value": "step three done"}, {"from": "human", "value": "ok"}]
TIGHT = ["target_max_tokens=0", "summary_target_tokens=0", "protect_last_n_turns=1"]
OP_ROWS = [  # (op, params, input text)
    ("trajectory", TIGHT, json.dumps({"id": 1, "conversations": STEPS})),
    ("trajectory", TIGHT + ["summarizer_fail=true", "metrics_per_trajectory=false",
                            "add_summary_notice=false"], json.dumps({"conversations": STEPS})),
    ("trajectory", TIGHT + ["max_retries=0", "metrics_per_trajectory=false"],
     json.dumps({"conversations": STEPS})),
    ("trajectory", [], json.dumps({"id": 1, "conversations": STEPS})),
    ("trajectory", [], "[1,2.50]"),
    ("trajectory", TIGHT, '{"conversations": ""}'),
    ("trajectory", TIGHT, '{"conversations": {}, "a": 1, "a": 2}'),
    ("trajectory", [], '{"conversations": null}'),
    ("trajectory", [], '{"conversations": [1]}'),
    ("trajectory", [], '{"conversations": [{"value": 2}]}'),
    ("trajectory", [], '{"conversations": [{"from": [1]}]}'),
    ("trajectory", TIGHT, '{"conversations": [{"from": [1], "value": "abcd"}]}'),
    ("trajectory", TIGHT, json.dumps({"conversations": [
        {"from": "human", "value": "go"}, {"from": "gpt", "value": "step one"},
        {"from": 3, "value": "step two"}, {"from": "human", "value": "ok"}]})),
    ("trajectory", TIGHT, json.dumps({"conversations": [
        {"from": "system", "value": 0}, {"from": "human", "value": "go"}, {"from": "gpt", "value": "step one"},
        {"from": "gpt", "value": "step two"}, {"from": "human", "value": "ok"}]})),
    ("trajectory", TIGHT, '{"conversations": [], "x": 1, "conversation\\u0073": %s, "x": 2}'
     % json.dumps(STEPS)),
    ("trajectory-snap", TIGHT, json.dumps(STEPS)),
    ("trajectory-snap", [], json.dumps(STEPS)),
    ("trajectory-snap", [], '{"turns": []}'),
    ("trajectory-snap", [], '{"conversations": {}}'),
]
RATIOS = [(0, 0), (5, 0), (1, 32), (3, 32), (5, 32), (1, 3), (2, 3), (61, 90), (90, 61), (7, 7),
          (123456789, 1000000000), (1, 20000), (1, 200000), (15, 100000), (10**12, 1)]


def _c_str(s):
    return json.dumps(s, ensure_ascii=True)


def unit_tables():
    import hermes_adapter
    from adapter_ops import trajectory as T
    import logging
    logging.disable(logging.CRITICAL)
    h = hermes_adapter.Hermes(os.environ["HERMES_SRC"])
    tc = T.compressor(h, {})
    print("/* generated by HERMES_SRC=... tools/gen_cases_traj.py --unit-tables */")
    print("static const snap_row snap_rows[] = {")
    for pat in SNAP_PATTERNS:
        traj = [{"from": ROLE[c], "value": ""} for c in pat]
        n = len(pat)
        for idx in range(n + 1):
            for lo in range(idx + 1):
                for hi in range(idx, n + 1):
                    print('    {"%s", %d, %d, %d, %d},' % (pat, idx, lo, hi,
                                                          tc._snap_boundary(traj, idx, lo, hi)))
    print("};")
    print("static const protect_row protect_rows[] = {")
    for pat, last, flags in PROTECT_CASES:
        tc2 = T.compressor(h, dict({"protect_last_n_turns": last},
                                   **{"protect_first_" + r: f == "1"
                                      for r, f in zip(("system", "human", "gpt", "tool"), flags)}))
        traj = [{"from": ROLE[c], "value": ""} for c in pat]
        prot, start, end = tc2._find_protected_indices(traj)
        print('    {"%s", %d, "%s", %d, %d, 0x%xu},' % (pat, last, flags, start, end,
                                                        sum(1 << i for i in prot)))
    print("};")
    print("static const count_row count_rows[] = {")
    for text in COUNT_VALUES:
        try:
            v = tc.count_tokens(json.loads(text))
        except TypeError:
            v = -1
        print("    {%s, %d}," % (_c_str(text), v))
    print("};")
    print("static const op_row op_rows[] = {")
    for op, params, text in OP_ROWS:
        req = {"op": op, "params": {}, "input": json.loads(text)}
        for kv in params:
            k, v = kv.split("=")
            req["params"][k] = json.loads(v)
        st, out, err = hermes_adapter.handle(h, op, json.dumps(req).encode())
        want = out.decode() if st == 0 else err.split()[1]
        print("    {%s, {%s}, %s, %d, %s}," % (
            "HCC_OP_" + op.upper().replace("-", "_"), ", ".join(_c_str(kv) for kv in params + ["NULL"]).replace(
                '"NULL"', "NULL"), _c_str(text), st, _c_str(want)))
    print("};")
    print("static const ratio_row ratio_rows[] = {")
    for num, den in RATIOS:
        print('    {%dLL, %dLL, "%r"},' % (num, den, round(num / max(den, 1), 4)))
    print("};")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--unit-tables", action="store_true")
    a = ap.parse_args()
    if a.unit_tables:
        unit_tables()
        return
    cases = all_cases()
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    if a.list:
        print("\n".join(ids))
    if a.write:
        for c in cases:
            path = os.path.join(OUT[c["op"]], c["id"] + ".json")
            old = None
            if os.path.exists(path):  # keep a filled expectation of an unchanged case
                with open(path, encoding="utf-8") as f:
                    old = json.load(f)
            if old and old.get("expect") and all(old.get(k) == c.get(k) for k in ("params", "input", "input_text")):
                c["expect"] = old["expect"]
            casefmt.write_case(path, c)
        print("gen_cases_traj: wrote %d cases" % len(cases))
    if a.verify:
        sys.exit(verify())


if __name__ == "__main__":
    main()
