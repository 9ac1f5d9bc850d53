#!/usr/bin/env python3
"""gen_cases_align.py -- writes the golden cases of the ALIGN rules
(golden/align) that are not spec examples.

  HERMES_SRC=/tmp/hermes-src tools/gen_cases_align.py [--seeds N] [--max M]
  HERMES_SRC=/tmp/hermes-src tools/regen.py --select 'ALIGN-*'

Two kinds of cases:
  * carried over from hermes's tests (tests/test_compression_boundary.py,
    tests/agent/test_compressor_assistant_tail_anchor.py,
    tests/agent/test_compressor_zero_user_guard.py): their transcripts with
    the compressor settings of the test's fixture.  Where a test calls one
    helper with a hand-picked index, the tail budget is chosen so that the
    chain reaches that helper with the same index (the case's note says
    which step shows it);
  * generated from seeds: realistic conversations (system prompt,
    user/assistant turns, parallel tool calls, big tool outputs, handoff
    summaries in the head after a resume, images, CJK text, replay fields,
    blank echoes, synthetic continuation rows) under many budgets.  Among
    --seeds candidates, a seed is kept when its run through hermes fires a
    branch combination no kept seed fired yet (the branch signature below),
    up to --max cases.

The hermes functions run in-process (tools/hermes_adapter.py's Hermes) to
pick seeds; expectations are NOT written here: agreeing cases get a null
placeholder that tools/regen.py fills from the adapter.  The inputs are a
pure function of the seed, so rerunning gives the same files.
"""
import argparse
import json
import logging
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402

T_BOUND = "hermes test tests/test_compression_boundary.py::"
T_ANCHOR = "hermes test tests/agent/test_compressor_assistant_tail_anchor.py::"
T_ZERO = "hermes test tests/agent/test_compressor_zero_user_guard.py::"
DIV1 = ("diverges: DIV-ALIGN-1 hermes raises TypeError estimating this message "
        "(when its walk reaches it); hcc rejects the transcript")


# ---- message builders --------------------------------------------------------

def tc(call_id, name="test", args="{}"):
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": args}}


def tool(call_id, content="result"):
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def asst_tools(*ids, content=None):
    return {"role": "assistant", "tool_calls": [tc(i) for i in ids], "content": content}


def U(text):
    return {"role": "user", "content": text}


def A(text):
    return {"role": "assistant", "content": text}


def S(text="sys"):
    return {"role": "system", "content": text}


# ---- carried-over hermes tests ------------------------------------------------

def hermes_cases(K):
    P = K["SUMMARY_PREFIX"]
    cases = []

    def add(id_, rules, params, msgs, source, note=None, want=None):
        c = {"id": id_, "rules": rules, "op": "align", "params": dict(params, explain=True),
             "input": msgs, "expect": {"output": None}, "source": source, "hermes": "agrees"}
        if note:
            c["note"] = note
        if want:
            c["_want"] = want
        cases.append(c)

    # tests/test_compression_boundary.py: compressor of 8000 tokens,
    # threshold 0.75, protect_first_n 3, protect_last_n 4.
    B = {"context_length": 8000, "threshold_percent": 0.75, "protect_first_n": 3, "protect_last_n": 4}
    clean = [S(), U("hello"), A("hi"), U("do something"), asst_tools("tc_1"), tool("tc_1", "done"),
             U("thanks"), A("np")]
    add("ALIGN-9-boundary-at-clean-position", ["ALIGN-9", "ALIGN-8"], B, clean,
        T_BOUND + "TestAlignBoundaryBackward::test_boundary_at_clean_position",
        "steps.tail_cut_candidate is 7, after a user message: align_boundary_backward keeps 7",
        want=("tail_cut_candidate", 7))
    after = [S(), U("hello"), A("hi"), asst_tools("tc_1", "tc_2"), tool("tc_1"), tool("tc_2"), U("next")]
    add("ALIGN-9-boundary-after-assistant-with-tools", ["ALIGN-9"], dict(B, protect_first_n=1), after,
        T_BOUND + "TestAlignBoundaryBackward::test_boundary_after_assistant_with_tools",
        "steps.tail_cut_candidate is 4: align_boundary_backward pulls it to 3",
        want=("tail_cut_candidate", 4))
    mid = [S(), U("hello"), A("hi"), U("do 5 things"),
           asst_tools("tc_A", "tc_B", "tc_C", "tc_D", "tc_E")] + \
        [tool("tc_" + x, "result " + x) for x in "ABCDE"] + [U("ok"), A("done")]
    add("ALIGN-9-boundary-in-middle-of-tool-results", ["ALIGN-9"], dict(B, protect_first_n=1), mid,
        T_BOUND + "TestAlignBoundaryBackward::test_boundary_in_middle_of_tool_results",
        "steps.tail_cut_candidate is 8: align_boundary_backward pulls it to 4",
        want=("tail_cut_candidate", 8))
    # two messages appended to the test's list: without them no tail walk
    # can stop right after the last tool result
    last = [S(), U("hello"), A("hi"), asst_tools("tc_1", "tc_2", "tc_3"), tool("tc_1"), tool("tc_2"),
            tool("tc_3"), U("next"), A("ok"), U("and then?")]
    add("ALIGN-9-boundary-at-last-tool-result", ["ALIGN-9"], dict(B, protect_first_n=1), last,
        T_BOUND + "TestAlignBoundaryBackward::test_boundary_at_last_tool_result",
        "steps.tail_cut_candidate is 7: align_boundary_backward pulls it to 3",
        want=("tail_cut_candidate", 7))
    groups = [S(), U("hello"), asst_tools("tc_1"), tool("tc_1"), U("more"), asst_tools("tc_2", "tc_3"),
              tool("tc_2"), tool("tc_3"), U("done"), A("finished"), U("thanks")]  # last two appended
    add("ALIGN-9-consecutive-tool-groups", ["ALIGN-9"], dict(B, protect_first_n=1), groups,
        T_BOUND + "TestAlignBoundaryBackward::test_boundary_with_consecutive_tool_groups",
        "steps.tail_cut_candidate is 7: align_boundary_backward pulls it to 5, not to 2",
        want=("tail_cut_candidate", 7))
    par = [S("You are helpful."), U("Hello"), A("Hi there!"), U("Read 7 files for me"),
           asst_tools(*["tc_" + x for x in "ABCDEFG"])] + \
        [tool("tc_" + x, "content of file " + x) for x in "ABCDEF"] + \
        [tool("tc_G", "CRITICAL DATA in file G"), U("Now summarize them"), A("Here is the summary..."),
         U("Thanks")]
    add("ALIGN-9-parallel-tool-results-not-lost", ["ALIGN-9", "ALIGN-14"], B, par,
        T_BOUND + "TestCompressionToolResultPreservation::test_parallel_tool_results_not_lost",
        "the tail never starts inside the 7-result group")

    # tests/agent/test_compressor_assistant_tail_anchor.py: 100,000 tokens,
    # threshold 0.85, protect_first_n 2, protect_last_n 2, budget 50.
    F = {"context_length": 100000, "threshold_percent": 0.85, "protect_first_n": 2, "protect_last_n": 2,
         "tail_token_budget": 50}
    tcall = {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": "t", "arguments": "{}"}}]}
    add("ALIGN-11-skips-assistant-summary-marker", ["ALIGN-11", "ALIGN-5"], dict(F, protect_first_n=0),
        [A(P + "\nold handoff"), U("continue the task"), tcall, tool("c1")],
        T_ANCHOR + "TestFindLastAssistantMessageIdx::test_skips_assistant_role_context_summary_marker")
    add("ALIGN-11-multimodal-text-block-counts", ["ALIGN-11"], dict(F, protect_first_n=0),
        [U("q"), {"role": "assistant", "content": [{"type": "text", "text": "hello"}]}],
        T_ANCHOR + "TestFindLastAssistantMessageIdx::test_multimodal_text_block_counts")
    tg = {"role": "assistant", "content": None,
          "tool_calls": [{"id": "c1", "function": {"name": "t", "arguments": "{}"}}]}
    add("ALIGN-11-re-aligns-through-tool-group", ["ALIGN-11", "ALIGN-9"], dict(F, protect_first_n=0, tail_token_budget=5),
        [U("q1"), tg, tool("c1"), A("REPLY"), U("q2")],
        T_ANCHOR + "TestEnsureLastAssistantMessageInTail::test_re_aligns_through_preceding_tool_group")
    add("ALIGN-11-reporter-repro-long-tool-run", ["ALIGN-11", "ALIGN-8"], dict(F, protect_first_n=1, tail_token_budget=10),
        [S(), U("msg1"), U("q1"), A("PREVIOUSLY VISIBLE REPLY"), U("q2"), tg, tool("c1", "x" * 200)],
        T_ANCHOR + "TestFindTailCutByTokensAnchorsAssistant::test_reporter_repro_long_tool_run_after_visible_reply",
        "head_end 2 as in the test; the reply (3) stays in the tail")
    add("ALIGN-11-user-and-assistant-anchors-compose", ["ALIGN-11", "ALIGN-10"], dict(F, protect_first_n=0, tail_token_budget=10),
        [U("q1"), A("VISIBLE REPLY"), U("follow-up question"), U("and another")],
        T_ANCHOR + "TestFindTailCutByTokensAnchorsAssistant::test_user_and_assistant_anchors_compose")
    big = {"role": "assistant", "content": None,
           "tool_calls": [{"id": "c1", "function": {"name": "read", "arguments": "{}"}}]}
    add("ALIGN-11-oversized-tool-output", ["ALIGN-11", "ALIGN-8"], dict(F, protect_first_n=0, tail_token_budget=100),
        [U("earlier"), A("VISIBLE REPLY"), U("read big file"), big, tool("c1", "y" * 500), U("ok")],
        T_ANCHOR + "TestFindTailCutByTokensAnchorsAssistant::test_oversized_tool_output_does_not_strand_reply")
    roll = [S(), U("initial")] + [U("middle q%d" % i) if i % 2 == 0 else A("middle reply %d" % i)
                                  for i in range(12)] + \
        [U("the visible question"), A("THE VISIBLE REPLY THE USER JUST READ"), U("follow up"), tg,
         tool("c1", "z" * 500)]
    add("ALIGN-11-compress-keeps-visible-reply", ["ALIGN-11", "ALIGN-14"], dict(F, tail_token_budget=10), roll,
        T_ANCHOR + "TestCompactionRollupReproduction::test_compress_keeps_visible_reply_text")
    roll2 = [U("initial"), A("head reply")] + [U("middle q%d" % i) if i % 2 == 0 else A("middle reply %d" % i)
                                              for i in range(12)] + \
        [U("the visible question"), A("THE VISIBLE REPLY THE USER JUST READ"), U("follow up")]
    add("ALIGN-14-standalone-summary-keeps-reply", ["ALIGN-14", "ALIGN-11"], dict(F, tail_token_budget=10), roll2,
        T_ANCHOR + "TestCompactionRollupReproduction::test_standalone_summary_case_keeps_reply_as_own_message")
    add("ALIGN-10-skips-user-summary-marker", ["ALIGN-10", "ALIGN-5", "ALIGN-6"], dict(F, protect_first_n=0),
        [S(), U("REAL current task"), A("working on it"), U(P + "\n## Active Task\nold"),
         A("continuing from the real task")],
        T_ANCHOR + "TestFindLastUserMessageIdxSkipsSummaryMarker::test_skips_user_role_context_summary_marker")
    add("ALIGN-10-all-users-are-summaries", ["ALIGN-10", "ALIGN-5"], dict(F, protect_first_n=0),
        [S(), A("reply"), U(P + "\nhandoff")],
        T_ANCHOR + "TestFindLastUserMessageIdxSkipsSummaryMarker::test_all_user_messages_are_summaries_returns_minus_one")

    # tests/agent/test_compressor_zero_user_guard.py: 100,000 tokens,
    # threshold 0.50, protect_first_n 3, protect_last_n 20, budget 40.
    Z = {"context_length": 100000, "threshold_percent": 0.50, "protect_first_n": 3, "protect_last_n": 20,
         "tail_token_budget": 40}

    def turns(start, n):
        out = []
        for i in range(start, start + n):
            out.append({"role": "assistant", "content": None,
                        "tool_calls": [{"id": "c%d" % i, "function": {"name": "read_task", "arguments": "{}"}}]})
            out.append({"role": "tool", "content": "x" * 300, "tool_call_id": "c%d" % i})
        return out

    add("ALIGN-6-kanban-worker-recompaction", ["ALIGN-6", "ALIGN-10"], dict(Z, compression_count=1),
        [U("work kanban task 42")] + turns(0, 12),
        T_ZERO + "TestCompressAlwaysKeepsAUserTurn::test_kanban_worker_recompaction_keeps_user_turn")
    add("ALIGN-10-preserved-tail-user", ["ALIGN-10", "ALIGN-14"], dict(Z, compression_count=1, tail_token_budget=10),
        [U("old task")] + turns(0, 10) + [U("the latest live user question"), A("on it")],
        T_ZERO + "TestCompressAlwaysKeepsAUserTurn::test_preserved_tail_user_is_not_overridden")
    img = {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]}
    add("ALIGN-4-image-only-tail-user", ["ALIGN-4", "ALIGN-10"], dict(Z, compression_count=1),
        [U("work kanban task 42")] + turns(0, 12) + [img],
        T_ZERO + "TestCompressKeepsANonEmptyUserTurn::test_image_only_tail_user_turn_still_yields_non_empty_text")
    add("ALIGN-6-image-only-protected-head", ["ALIGN-6", "ALIGN-4"],
        dict(Z, protect_first_n=1, protect_last_n=2, tail_token_budget=10),
        [img] + turns(0, 12),
        T_ZERO + "TestCompressKeepsANonEmptyUserTurn::test_image_only_protected_head_still_yields_non_empty_text")
    return cases


# ---- generated conversations ---------------------------------------------------

WORDS = ("the build fails on line 42 because the parser expects a closing brace; "
         "please check config.yaml and rerun the tests with verbose output").split()
CJK = "上下文压缩会把中间的对话总结成一条消息。请检查配置文件并重新运行测试。한국어 텍스트도 있습니다。ＦＵＬＬＷＩＤＴＨ"
CYR = "Пожалуйста проверьте файл конфигурации и запустите тесты снова"


def text(rng, lo, hi):
    n = rng.randint(lo, hi)
    kind = rng.random()
    if kind < 0.15:
        return "".join(rng.choice(CJK) for _ in range(n))
    if kind < 0.22:
        return " ".join(rng.choice(CYR.split()) for _ in range(max(1, n // 6)))
    return " ".join(rng.choice(WORDS) for _ in range(max(1, n // 5)))


def big_output(rng):
    size = rng.choice([200, 800, 2000, 6000])
    line = rng.choice(["drwxr-xr-x 2 root root 4096 src/\n", "PASS tests/unit/test_x.py::test_%d\n",
                       '{"path": "/work/a.py", "line": 12, "text": "def f(): pass"}\n', "第%d行：配置错误\n"])
    out = []
    k = 0
    while sum(len(x) for x in out) < size:
        out.append(line.replace("%d", str(k)))
        k += 1
    return "".join(out)


def image_part(rng):
    kind = rng.choice(["image_url", "input_image", "image"])
    if kind == "image_url":
        return {"type": "image_url", "image_url": {"url": "data:image/png;base64," + "iVBORw0KGgo" * rng.randint(1, 8)}}
    if kind == "input_image":
        return {"type": "input_image", "image_url": "data:image/jpeg;base64,/9j/4AAQ"}
    return {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}


def gen_conversation(rng, K):
    P, L, H = K["SUMMARY_PREFIX"], K["LEGACY_SUMMARY_PREFIX"], K["_HISTORICAL_SUMMARY_PREFIXES"]
    HD, D, E = K["_MERGED_PRIOR_CONTEXT_HEADER"], K["_MERGED_SUMMARY_DELIMITER"], K["_SUMMARY_END_MARKER"]
    msgs = []
    if rng.random() < 0.75:
        msgs.append(S("You are a coding agent. " + text(rng, 20, 400)))
    # a resumed session: a handoff summary right after the system prompt
    r = rng.random()
    if r < 0.12:
        msgs.append(U(P + "\n## Active Task\n" + text(rng, 20, 200) + "\n\n" + E))
    elif r < 0.17:
        msgs.append(A(rng.choice([L, H[rng.randrange(len(H))]]) + " " + text(rng, 10, 100)))
    elif r < 0.21:
        msgs.append({"role": "user", "content": "handoff " + text(rng, 5, 50), "_compressed_summary": True})
    elif r < 0.24:
        msgs.append(U(HD + "\nprior tail\n\n" + D + "\n\n" + P + "\nbody\n\n" + E))
    turns = rng.randint(1, 14)
    call = 0
    for t in range(turns):
        u = rng.random()
        if u < 0.08:
            msgs.append({"role": "user", "content": [{"type": "text", "text": text(rng, 5, 60)}, image_part(rng)]})
        elif u < 0.12:
            msgs.append({"role": "user", "content": [image_part(rng)]})
        elif u < 0.15:
            msgs.append(U(rng.choice(["", "   ", "\n"])))  # blank echo
        elif u < 0.17:
            msgs.append(U("Continue from the compressed conversation context above. "
                          "This marker exists because no human user turn was available."))
        elif u < 0.19:
            msgs.append(U("[Your active task list was preserved across context compression]\n- [ ] step 1"))
        elif u < 0.21:
            msgs.append({"role": "user", "content": [{"type": "input_text", "text": "  "}]})
        else:
            msgs.append(U(text(rng, 3, 300)))
        steps = rng.choice([0, 0, 1, 1, 2, 3])
        for s in range(steps):
            ncalls = rng.choice([1, 1, 1, 2, 3, 4])
            ids = []
            for _ in range(ncalls):
                ids.append("call_%d" % call)
                call += 1
            m = {"role": "assistant", "content": rng.choice([None, "", "Let me look. " + text(rng, 2, 30)]),
                 "tool_calls": [tc(i, rng.choice(["read_file", "terminal", "search"]),
                                   json.dumps({"path": "/work/" + text(rng, 1, 8).replace(" ", "_")}))
                                for i in ids]}
            if rng.random() < 0.2:
                m["reasoning_content"] = text(rng, 20, 600)
            if rng.random() < 0.1:
                m["codex_reasoning_items"] = [{"type": "reasoning", "encrypted_content": "gAAAA" * rng.randint(1, 50)}]
            msgs.append(m)
            for i in ids:
                msgs.append(tool(i, big_output(rng) if rng.random() < 0.4 else text(rng, 1, 80)))
        a = rng.random()
        if a < 0.1:
            msgs.append({"role": "assistant", "content": [{"type": "text", "text": text(rng, 5, 80)}]})
        elif a < 0.14:
            msgs.append({"role": "assistant", "content": "   "})
        elif a < 0.2 and t == turns - 1:
            pass  # the conversation ends on a tool result or user turn
        else:
            m = A(text(rng, 3, 400))
            if rng.random() < 0.15:
                m["reasoning"] = text(rng, 10, 300)
            msgs.append(m)
    if rng.random() < 0.3:
        msgs.append(U(text(rng, 3, 100)))
    return msgs


def gen_params(rng):
    p = {}
    p["context_length"] = rng.choice([4000, 8000, 32000, 64000, 100000, 128000, 200000, 600000, 1000000])
    if rng.random() < 0.4:
        p["threshold_percent"] = rng.choice([0.3, 0.5, 0.8, 0.9])
    if rng.random() < 0.4:
        p["summary_target_ratio"] = rng.choice([0.05, 0.1, 0.2, 0.5, 0.9])
    p["protect_first_n"] = rng.choice([0, 1, 2, 3, 3, 5])
    p["protect_last_n"] = rng.choice([0, 2, 4, 6, 10, 20, 20])
    p["min_tail_user_messages"] = rng.choice([0, 1, 1, 1, 2, 3, 5])
    if rng.random() < 0.2:
        p["compression_count"] = rng.choice([1, 2])
    if rng.random() < 0.6:
        p["tail_token_budget"] = rng.choice([0, 10, 50, 200, 500, 1000, 3000, 8000])
    return p


# ---- branch signature -------------------------------------------------------------

def signature(h, params, msgs, out):
    """The branches of the chain this run took (for picking seeds)."""
    st = out["steps"]
    n = len(msgs)
    S_ = out["compress_start"]
    c = h.compressor(params)
    # replay the walk's arithmetic to tell its exits apart (selection only;
    # expectations always come from hermes itself)
    toks = st["budget_tokens"]
    avail = max(0, n - S_ - 1)
    floor_ = max(3, min(c.protect_last_n, 8))
    min_tail = min(floor_, max(3, avail - 2), avail) if avail > 1 else 0
    soft = int(c.tail_token_budget * 1.5)
    acc, cut, broke = 0, n, False
    for i in range(n - 1, S_ - 1, -1):
        if acc + toks[i] > soft and n - i >= min_tail:
            broke = True
            break
        acc += toks[i]
        cut = i
    sig = set()
    sig.add("walk-broke" if broke else ("walk-all" if acc > 0 else "walk-empty"))
    if not broke and acc > 0 and cut <= S_:
        sig.add("rewalk")
    if min_tail == 0:
        sig.add("min-tail-0")
    if st["tail_cut_candidate"] == n - min_tail and cut > n - min_tail:
        sig.add("fallback-cut")
    if st["tail_cut_candidate"] == S_ + 1 and cut <= S_:
        sig.add("forced-after-head")
    if st["align_boundary_backward"] != st["tail_cut_candidate"]:
        sig.add("backward-moved")
    u = st["ensure_last_user_message_in_tail"]
    if u > st["align_boundary_backward"]:
        sig.add("causal-coupling")
    elif u < st["align_boundary_backward"]:
        sig.add("user-anchor")
    if st["ensure_last_assistant_message_in_tail"] != u:
        sig.add("assistant-anchor")
    if st["ensure_last_n_user_messages_in_tail"] is not None:
        sig.add("n-user-ran")
        if st["ensure_last_n_user_messages_in_tail"] != st["ensure_last_assistant_message_in_tail"]:
            sig.add("n-user-moved")
    last = st["ensure_last_n_user_messages_in_tail"]
    if last is None:
        last = st["ensure_last_assistant_message_in_tail"]
    if st["find_tail_cut_by_tokens"] != max(last, S_ + 1):
        sig.add("final-forward")
    if max(last, S_ + 1) != last:
        sig.add("final-floor")
    if out["compress_end"] != st["find_tail_cut_by_tokens"]:
        sig.add("bridge")
    if not st["has_content_to_compress"]:
        sig.add("no-content")
    if out["compress_start"] != out["head_end"]:
        sig.add("head-forward")
    if params.get("protect_first_n", 3) > 0 and st["effective_protect_first_n"] == 0:
        sig.add("decayed-count" if params.get("compression_count") else "decayed-probe")
    if out["head_end"] >= n:
        sig.add("head-past-end")
    if st["find_last_user_message_idx"] < 0:
        sig.add("no-user")
    return frozenset(sig)


def tune(h, cases):
    """For a case carried over from a test that hands a helper a chosen
    index, finds settings (the smallest tail budget, then other head and
    floor sizes) under which the chain hands that helper the same index."""
    from adapter_ops import align
    for c in cases:
        want = c.pop("_want", None)
        if not want:
            continue
        step, value = want
        base = c["params"]
        hit = None
        for first in [base.get("protect_first_n", 3)] + list(range(0, 7)):
            for floor_ in (base.get("protect_last_n", 20), 3, 2, 1, 0):
                for budget in range(0, 400):
                    params = dict(base, tail_token_budget=budget, protect_last_n=floor_, protect_first_n=first)
                    if align.run(h, params, c["input"])["steps"][step] == value:
                        hit = params
                        break
                if hit:
                    break
            if hit:
                break
        if not hit:
            sys.exit("gen_cases_align: no settings give %s=%s for %s" % (step, value, c["id"]))
        c["params"] = hit


MAX_INPUT = 16000

# which rule a branch of the signature exercises
RULE_OF = {"backward-moved": "ALIGN-9", "user-anchor": "ALIGN-10", "causal-coupling": "ALIGN-10",
           "assistant-anchor": "ALIGN-11", "n-user-ran": "ALIGN-12", "n-user-moved": "ALIGN-12",
           "final-forward": "ALIGN-13", "final-floor": "ALIGN-13", "bridge": "ALIGN-14",
           "decayed-count": "ALIGN-6", "decayed-probe": "ALIGN-6", "head-past-end": "ALIGN-6",
           "head-forward": "ALIGN-7", "no-user": "ALIGN-5"}


def generated_cases(h, K, seeds, limit):
    from adapter_ops import align
    seen = set()
    flags = set()
    cases = []
    for seed in range(seeds):
        rng = random.Random(seed)
        msgs = gen_conversation(rng, K)
        params = gen_params(rng)
        try:
            out = align.run(h, dict(params, explain=True), msgs)
        except h.Reject:
            continue
        if len(casefmt.dumps(msgs)) > MAX_INPUT:
            continue  # keep the corpus small: a smaller seed fires the same branches
        sig = signature(h, params, msgs, out)
        new_flags = sig - flags
        if sig in seen or (not new_flags and rng.random() < 0.9):
            continue
        seen.add(sig)
        flags |= sig
        rules = ["ALIGN-8", "ALIGN-4"] + sorted({RULE_OF[f] for f in sig if f in RULE_OF},
                                                 key=lambda r: int(r.split("-")[1]))
        explain = rng.random() < 0.8
        if explain:
            rules.append("ALIGN-15")
        cases.append({"id": "ALIGN-8-gen-seed%d" % seed, "rules": rules, "op": "align",
                      "params": dict(params, explain=explain), "input": msgs,
                      "expect": {"output": None}, "source": "generated seed=%d tools/gen_cases_align.py" % seed,
                      "hermes": "agrees", "note": "branches: " + ", ".join(sorted(sig))})
        if len(cases) >= limit:
            break
    return cases, flags


# ---- odd shapes: raw JSON text -------------------------------------------------------
# Duplicate keys, escaped keys and roles, lone surrogates, numbers Python
# reads as 0.0 or inf, non-string content of every kind: what a
# reimplementation gets wrong first.  Written as input_text so the bytes
# (duplicates, escapes) reach the implementation unchanged.

def odd_transcript(rng, K):
    P, L, D = K["SUMMARY_PREFIX"], K["LEGACY_SUMMARY_PREFIX"], K["_MERGED_SUMMARY_DELIMITER"]

    def js(v):
        return json.dumps(v, ensure_ascii=rng.random() < 0.5)

    def esc(s):
        if rng.random() < 0.3:
            return '"' + "".join("\\u%04x" % ord(c) if ord(c) < 0x10000 else c for c in s) + '"'
        return js(s)
    odd = ["null", "0", "0.0", "-0", "1e-400", "1e400", "1.5", "12345678901234567890", "true", "false",
           '""', '"  "', "[]", "{}", '{"a": 1, "a": 2}', '"\\ud800x"', '"\\u2028 \\u3000"',
           '[1, "x", null, true]', '{"k": [1.0, 1e16, "\\u007f\\u0085"]}']

    def part():
        if rng.random() < 0.2:
            return rng.choice(odd)
        kv = []
        if rng.random() < 0.8:
            kv.append('"type": ' + rng.choice(['"text"', '"input_text"', '"image_url"', '"image"', '"input_image"',
                                               '"x"', "null", "3", '"ima\\u0067e"']))
        if rng.random() < 0.8:
            kv.append('"text": ' + (rng.choice(odd) if rng.random() < 0.3 else
                                    esc(rng.choice(["hi", "  ", "", "中文", P[:40]]))))
        if rng.random() < 0.3:
            kv.append('"content": ' + esc(rng.choice(["c", " "])))
        if rng.random() < 0.2:
            kv.append('"text": "dup"')
        return "{" + ", ".join(kv) + "}"

    def content():
        r = rng.random()
        if r < 0.4:
            return esc(rng.choice(["hello", "", "  ", "中文 text", P + "\nbody", "x" * rng.randint(0, 300),
                                   " \u3000", L + " old", "pre " + D + " \n" + L]))
        if r < 0.7:
            return "[" + ", ".join(part() for _ in range(rng.randint(0, 4))) + "]"
        return rng.choice(odd)

    def msg():
        role = rng.choice(["system", "user", "user", "assistant", "assistant", "tool", "tool", "other", None,
                           "\\u0074ool", "\\u0075ser"])
        kv = []
        if role is not None:
            kv.append('"role": "%s"' % role)
        if rng.random() < 0.9:
            kv.append('"content": ' + content())
        if rng.random() < 0.3:
            calls = [rng.choice(['{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 1}"}}',
                                 '{"id": "c\\u00e9", "function": {"name": "中", "arguments": "x\'y"}}', '"str"', "1", "null",
                                 '{"id": "c2", "id": "c3", "n": 1.5e300, "k": false}']) for _ in range(rng.randint(0, 3))]
            kv.append('"tool_calls": [' + ", ".join(calls) + "]")
        for k in ("reasoning", "reasoning_content", "reasoning_details", "codex_reasoning_items", "codex_message_items"):
            if rng.random() < 0.1:
                kv.append('"%s": %s' % (k, rng.choice(odd)))
        if rng.random() < 0.1:
            kv.append('"_compressed_summary": ' + rng.choice(odd))
        rng.shuffle(kv)
        return "{" + ", ".join(kv) + "}"
    return "[" + ", ".join(msg() for _ in range(rng.randint(2, 12))) + "]"


def odd_cases(h, K, want_ok=10, want_rejected=2):
    from adapter_ops import align
    cases = []
    ok = rej = 0
    for seed in range(100000, 101000):
        rng = random.Random(seed)
        text = odd_transcript(rng, K)
        params = {"explain": True, "protect_first_n": rng.choice([0, 1, 3]), "protect_last_n": rng.choice([0, 3, 20]),
                  "tail_token_budget": rng.choice([0, 5, 20, 100]), "min_tail_user_messages": rng.choice([0, 1, 2, 3])}
        try:
            align.run(h, params, json.loads(text))
            if ok >= want_ok:
                continue
            ok += 1
            cases.append({"id": "ALIGN-4-odd-seed%d" % seed, "rules": ["ALIGN-4", "ALIGN-5", "ALIGN-15"],
                          "op": "align", "params": params, "input_text": text, "expect": {"output": None},
                          "source": "generated seed=%d tools/gen_cases_align.py (odd shapes)" % seed,
                          "hermes": "agrees"})
        except h.Reject:
            if rej >= want_rejected:
                continue
            rej += 1
            cases.append({"id": "ALIGN-4-odd-rejected-seed%d" % seed, "rules": ["ALIGN-4"], "op": "align",
                          "params": params, "input_text": text, "expect": {"error": "HCC_E_SHAPE"},
                          "source": "generated seed=%d tools/gen_cases_align.py (odd shapes)" % seed,
                          "hermes": DIV1})
        if ok >= want_ok and rej >= want_rejected:
            break
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=4000)
    ap.add_argument("--max", type=int, default=60)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.exit("gen_cases_align: needs HERMES_SRC (the pinned hermes files)")
    logging.disable(logging.CRITICAL)
    import hermes_adapter
    h = hermes_adapter.Hermes(src)
    K = {k: getattr(h.cc, k) for k in ("SUMMARY_PREFIX", "LEGACY_SUMMARY_PREFIX", "_HISTORICAL_SUMMARY_PREFIXES",
                                        "_MERGED_PRIOR_CONTEXT_HEADER", "_MERGED_SUMMARY_DELIMITER",
                                        "_SUMMARY_END_MARKER")}
    cases = hermes_cases(K)
    tune(h, cases)
    gen, flags = generated_cases(h, K, a.seeds, a.max)
    cases += gen
    cases += odd_cases(h, K)
    print("gen_cases_align: %d carried over, %d generated; branches fired: %s"
          % (len(cases) - len(gen), len(gen), ", ".join(sorted(flags))))
    if a.dry_run:
        return
    for case in cases:
        path = os.path.join(casefmt.GOLDEN, "align", case["id"] + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
            if (old.get("input") == case.get("input") and old.get("input_text") == case.get("input_text")
                    and old.get("params") == case["params"]):
                case["expect"] = old["expect"]
        casefmt.write_case(path, case)


if __name__ == "__main__":
    main()
