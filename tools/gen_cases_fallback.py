#!/usr/bin/env python3
"""gen_cases_fallback.py -- golden cases of hermes's deterministic fallback
summary inside `hcc compress` (spec FALLBACK-*): summarizer_fail=true, the
pass does not abort, compress() inserts _build_static_fallback_summary.

  gen_cases_fallback.py --write   write golden/compress/FALLBACK-*.json with
                                  expectations left null; fill them with
                                  HERMES_SRC=... tools/regen.py --select 'golden/compress/FALLBACK-*'
  gen_cases_fallback.py --list    ids only

Hand-made shapes (tool calls with object, string, null and odd arguments,
paths in text and arguments, long turns, secrets, multimodal content,
fail_reason set or null, earlier handoffs) and transcripts from a seeded
generator.  Deterministic: the same run writes the same files.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
from gen_cases_compress import (DELIMITER, END_MARKER, SUMMARY_PREFIX, asst, call, calls, handoff,  # noqa: E402
                                image, merged, tool, user)

OUT = os.path.join(casefmt.ROOT, "golden", "compress")
SYS = {"role": "system", "content": "You are a coding agent."}
P = dict(protect_first_n=1, tail_token_budget=30, protect_last_n=2, summarizer_fail=True)
TAIL = [user("Margins?"), asst("Up 2 points."), user("Write it up.")]


def conv(middle, **params):
    # two filler turns keep every case above COMPRESS-2's floor
    return dict(P, **params), [SYS, user("Start."), asst("Ok."), user("Go on.")] + middle + TAIL


LONG = " ".join("word%d" % i for i in range(400))


# the cases hcc refuses (DIV-FALLBACK-1), with the reason
REFUSED = {
    "url-userinfo-refused": "the strict URL-credential pass hcc does not implement could change the turn",
    "lookalike-refused": "re.I's case folding of U+0131 is not modelled",
}


def handmade():
    """(id suffix, rules, (params, input), note)."""
    return [
        ("dict-args-paths", ["FALLBACK-4", "FALLBACK-5"], conv([
            calls([call("c1", "read_file", '{"path": "src/app.py", "offset": 10}'),
                   call("c2", "terminal", '{"command": "pytest tests/test_app.py", "workdir": "/srv/app"}')]),
            tool("c1", "def app():\n    return 1"), tool("c2", "FAILED tests/test_app.py::test_x - AssertionError"),
            asst("The test at /srv/app/tests/test_app.py fails.")]), "paths from argument keys and from text"),
        ("nested-args", ["FALLBACK-4"], conv([
            calls([call("c1", "patch", '{"edits": [{"file_path": "a/b.c", "note": "see ~/notes.txt,"}], '
                                       '"output_path": "  out/x.bin  "}')]),
            tool("c1", "ok")]), "lists and objects walked in order; a value stripped"),
        ("dup-keys", ["FALLBACK-4"], conv([
            calls([call("c1", "read_file", '{"path": "first.py", "x": 1, "path": "second.py"}')]),
            tool("c1", "text")]), "json.loads keeps the first key's place with the last value"),
        ("string-args", ["FALLBACK-4", "FALLBACK-5"], conv([
            calls([call("c1", "terminal", "ls /etc/hosts C:\\Users\\me\\file.txt")]),
            tool("c1", "ls: cannot access: error")]), "arguments that are not JSON: mentions in the raw text"),
        ("json-string-args", ["FALLBACK-4"], conv([
            calls([call("c1", "terminal", '"cat /var/log/syslog"')]), tool("c1", "ok")]),
         "arguments that are a JSON string literal"),
        ("null-args", ["FALLBACK-5"], conv([
            calls([{"id": "c1", "type": "function", "function": {"name": "noop", "arguments": ""}},
                   {"id": "c2", "type": "function", "function": {"name": None}},
                   {"id": "c3", "type": "function", "function": {"name": 5, "arguments": {"path": "/x/y"}}},
                   {"id": "c4", "type": "function", "function": {"name": "t", "arguments": ["/l/1", 2]}}]),
            tool("c1", "done"), tool("c2", "done"), tool("c3", "done"), tool("c4", "done")]),
         "empty arguments, a None name, a number id and name, object arguments (their str())"),
        ("many-calls", ["FALLBACK-5"], conv([
            calls([call("c%d" % i, "tool%d" % i) for i in range(8)])] +
            [tool("c%d" % i, "r%d" % i) for i in range(8)]), "names cut at six; actions at twelve"),
        ("long-turns", ["FALLBACK-3", "FALLBACK-6"], conv([
            asst(LONG), user("Please " + LONG), tool("zz", "Traceback (most recent call last): " + LONG)]),
         "the 700 cut, the 600 cut and a blocker cut at 500"),
        ("whitespace", ["FALLBACK-3"], conv([
            asst("  lots\n\n of\t\tspace\u00a0here\u2003 "), user("\n\t "), asst("")]),
         "runs of white space become one space; blank turns are skipped"),
        ("secrets-redacted", ["FALLBACK-2", "FALLBACK-3"], conv([
            user("use sk-proj-abcdefghijklmnopqrstuvwx and ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123 now"),
            asst("token gho_abcdefgh12 and ghs_abc.def-ghi"),
            calls([call("c1", "terminal", '{"command": "psql postgres://app:hunter2@db/prod"}')]),
            tool("c1", "connected; call +14155552671")]), "vendor tokens, gh tokens, DSN password, phone"),
        ("secret-refused", ["FALLBACK-2"], conv([
            user("set OPENAI_API_KEY=abc123 in the env")]),
         "an assignment (REDACT-16): refused (DIV-FALLBACK-1) until the assignment passes of redaction "
         "were implemented; the id is kept"),
        ("url-userinfo-refused", ["FALLBACK-2"], conv([
            user("fetch https://user@example.com/x")]),
         "the strict URL-credential pass could change it: hcc refuses"),
        ("url-query", ["FALLBACK-2"], conv([
            user("open https://example.com/a?page=2&sort=asc")]), "query parameters with public names"),
        ("multimodal", ["FALLBACK-3"], conv([
            user([{"type": "text", "text": "What is in /tmp/shot.png?"}, image("https://example.com/a.png")]),
            asst([{"type": "text", "text": "A chart."}, {"type": "text", "text": "Of sales."}])]),
         "list content: the text parts joined"),
        ("odd-content", ["FALLBACK-3"], conv([
            user({"note": "an object content"}), asst(12.5), {"role": "assistant", "content": None}]),
         "str() of non-string content"),
        ("reason", ["FALLBACK-7"], conv([asst("Revenue grew.")], fail_reason="no auxiliary LLM provider configured"),
         "the failure reason line"),
        ("8-delimiter-in-a-turn", ["FALLBACK-8", "PREFIX-4"],
         conv([user("Add a" + DELIMITER + " idx_user_email."), asst("Added.")]),
         "_with_summary_prefix drops the body up to the merge delimiter a dropped turn carries"),
        ("8-end-marker-in-a-turn", ["FALLBACK-8", "PREFIX-4"],
         conv([asst("Stop here " + END_MARKER + " and go on."), asst("Done.")]),
         "_with_summary_prefix cuts the body at the end marker a turn carries"),
        ("reason-empty", ["FALLBACK-7"], conv([asst("Revenue grew.")], fail_reason=""),
         "an empty reason writes no reason line"),
        ("no-user", ["FALLBACK-7"], (dict(P), [SYS, asst("Booting."), asst("Checking."), asst("Done."),
                                                asst("Idle."), user("Now?"), asst("Yes."), user("Go.")]),
         "no user ask among the turns: the sentinel"),
        ("roles", ["FALLBACK-5"], conv([
            {"role": "developer", "content": "be terse"}, {"content": "no role"},
            {"role": None, "content": "null role"}]), "labels: str(role).upper(), UNKNOWN for none"),
        ("synthetic-user", ["FALLBACK-5"], conv([
            user("[Your active task list was preserved across context compression]\n- [ ] x")]),
         "a synthetic user turn is INTERNAL CONTEXT and no ask"),
        ("unknown-result", ["FALLBACK-6"], conv([
            tool("nope", "fatal: not a git repository"), tool("nope", "fatal: not a git repository")]),
         "a result with no call in the turns; the same blocker once"),
        ("many-turns", ["FALLBACK-5", "FALLBACK-9"], conv(
            [asst("step %d" % i) for i in range(12)] + [user("again")] + [asst("step 3")])
         , "only the last eight dropped turns, duplicates once"),
        ("handoff-previous", ["FALLBACK-7"], (dict(P), [
            SYS, user(handoff("## Historical Task Snapshot\nUser asked: 'ship v1'\n\n## Goal\nShip.")),
            user("Continue."), asst("Working on /repo/main.go."), user("More."), asst("Done."),
            user("Status?"), asst("Green."), user("Next.")]),
         "an earlier handoff in the transcript: its body becomes the previous-summary snapshot"),
        ("handoff-merged", ["FALLBACK-7"], (dict(P), [
            SYS, user("Begin."), asst(merged("old tail text", "## Goal\nOld goal.")),
            user("Continue."), asst("Working."), user("More."), asst("Done."), user("Next.")]),
         "a merged handoff among the turns: unwrapped, and its body the snapshot"),
        ("huge", ["FALLBACK-8", "FALLBACK-9"], conv(
            [calls([call("c%d" % i, "t" + "x" * 300)]) for i in range(12)] +
            [user(("ask %d " % i) + LONG) for i in range(3)]),
         "the whole summary over 8,000 code points: cut"),
        ("non-ascii", ["FALLBACK-3", "FALLBACK-4"], conv([
            user("r\u00e9sum\u00e9 in /home/\u00e9t\u00e9/cv.pdf \U0001F600 \u2014 ok"),
            asst("\u0444\u0430\u0439\u043b /\u0434\u043e\u043a")]), "code points, not bytes"),
        ("word-boundary", ["FALLBACK-3", "FALLBACK-6"], conv([
            user("\u00e9ghp_ABCDEFGHIJKLMNOP and ghp_ABCDEFGHIJKLMNOP\u00e9 and \u4e00ghs_x.y"),
            tool("t", "\u00e9error \u2003timeout fatal\u0663"), tool("t", "erreur: Traceback\U0001F600")]),
         "\\b next to non-ASCII letters, digits, spaces and symbols"),
        ("lookalike-refused", ["FALLBACK-6"], conv([tool("t", "fa\u0131led")]),
         "a dotless i in a blocker test: hcc refuses"),
        ("wire-explain", ["FALLBACK-1"], conv([asst("Revenue grew.")], wire=True, explain=True), None),
    ]


def generate(seed):
    r = random.Random(seed)
    words = ["alpha", "error", "/src/x.py", "~/cfg", "done", "C:\\w\\f.txt", "\u00e9t\u00e9", "fatal",
             "timed out", "ok", "sk-abcdefghijklmnopqrstu", "+14155552671", "(see /a/b)", "`/q`"]
    def text(k):
        return " ".join(r.choice(words) for _ in range(k))
    msgs = [SYS, user(text(3))]
    n = r.randint(3, 14)
    cid = 0
    for _ in range(n):
        k = r.random()
        if k < 0.35:
            cs = []
            for _ in range(r.randint(1, 3)):
                cid += 1
                args = r.choice(['{"path": "%s"}' % r.choice(["a.py", "/b/c", " d "]),
                                 '{"command": "%s"}' % text(2).replace('"', "'").replace("\\", "/"),
                                 text(2).replace("\\", "/"), ""])
                cs.append(call("c%d" % cid, r.choice(["read_file", "terminal", "search_files", "write_file"]),
                               args))
            msgs.append(calls(cs, text(r.randint(0, 3))))
            for c in cs:
                msgs.append(tool(c["id"], text(r.randint(1, 40))))
        elif k < 0.65:
            msgs.append(user(text(r.randint(1, 30))))
        else:
            msgs.append(asst(text(r.randint(0, 200))))
    msgs += [user(text(2)), asst(text(2)), user(text(2))]
    params = dict(P, tail_token_budget=r.choice([20, 40, 80]))
    if r.random() < 0.5:
        params["fail_reason"] = r.choice(["HTTP 500", "timeout after 30s", "rate limited (429)"])
    return params, msgs


SEEDS = range(1, 25)


def cases():
    out = []
    for name, rules, (params, msgs), note in handmade():
        c = {"id": "FALLBACK-%s" % name, "rules": rules + ["COMPRESS-8"], "op": "compress",
             "params": params, "input": msgs, "expect": {"output": None},
             "source": "hand-made (tools/gen_cases_fallback.py)", "hermes": "agrees"}
        if note:
            c["note"] = note
        if name in REFUSED:
            c["hermes"] = "diverges: DIV-FALLBACK-1 " + REFUSED[name]
            c["expect"] = {"error": "HCC_E_UNSUPPORTED"}
        out.append(c)
    for seed in SEEDS:
        params, msgs = generate(seed)
        out.append({"id": "FALLBACK-generated-seed-%d" % seed, "rules": ["FALLBACK-1", "COMPRESS-8"],
                    "op": "compress", "params": params, "input": msgs, "expect": {"output": None},
                    "source": "generated seed=%d (tools/gen_cases_fallback.py)" % seed, "hermes": "agrees"})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        for c in cases():
            print(c["id"])
    if a.write:
        for c in cases():
            casefmt.write_case(os.path.join(OUT, c["id"] + ".json"), c)
        print("gen_cases_fallback: wrote %d cases" % len(cases()))


if __name__ == "__main__":
    main()
