#!/usr/bin/env python3
"""gen_cases_prefix.py -- writes the golden cases of the PREFIX rules
(golden/strip-prefix, golden/with-prefix, golden/classify-summary) that are
not spec examples.

  tools/gen_cases_prefix.py [--src /tmp/hermes-src]
  HERMES_SRC=/tmp/hermes-src tools/regen.py --select 'PREFIX-*'

The inputs are built from hermes's own marker strings (read from the pinned
context_compressor.py by gen_prefixes.load_constants), so a 1,600-character
prefix never has to be typed.  Expectations are NOT computed here: agreeing
cases are written with a null placeholder and filled by tools/regen.py from
the hermes adapter; diverging cases carry the expectation spec/SPEC.md
30-prefix.md decides.  An existing case keeps its stored expectation when
its input is unchanged, so rerunning this script is harmless.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import casefmt  # noqa: E402
import gen_prefixes  # noqa: E402

T_PSEM = "hermes test tests/agent/test_summary_prefix_semantics.py::"
T_CONT = "hermes test tests/agent/test_context_compressor_summary_continuity.py::"
GEN = "generated tools/gen_cases_prefix.py"
DIV1 = "diverges: DIV-PREFIX-1 hermes raises AttributeError on .strip() of a truthy non-string; hcc rejects it"


def build(c):
    P = c["SUMMARY_PREFIX"]
    L = c["LEGACY_SUMMARY_PREFIX"]
    H = c["_HISTORICAL_SUMMARY_PREFIXES"]
    E = c["_SUMMARY_END_MARKER"]
    HD = c["_MERGED_PRIOR_CONTEXT_HEADER"]
    D = c["_MERGED_SUMMARY_DELIMITER"]
    # the message compress() builds when the summary is merged into the
    # first tail message (header, prior content, delimiter, summary, marker)
    merged = HD + "\nprior tail text\n\n" + D + "\n\n" + P + "\nsummary body\n\n" + E
    cases = []

    def add(op, id_, rules, value, source=GEN, hermes="agrees", expect=None, text=None, note=None):
        case = {"id": id_, "rules": rules, "op": op, "params": {}}
        if text is not None:
            case["input_text"] = text
        else:
            case["input"] = value
        case["expect"] = expect if expect is not None else {"output": None}
        case["source"] = source
        case["hermes"] = hermes
        if note:
            case["note"] = note
        cases.append(case)

    S, W, K = "strip-prefix", "with-prefix", "classify-summary"
    # ---- strip-prefix: each known prefix ------------------------------
    add(S, "PREFIX-3-current-prefix", ["PREFIX-3", "PREFIX-1"], P + "\nsummary body",
        source=T_CONT + "test_resume_rehydrates_previous_summary_from_handoff_message")
    add(S, "PREFIX-3-legacy-prefix-no-space", ["PREFIX-3", "PREFIX-1"], L + "body")
    for k, h in enumerate(H):
        add(S, "PREFIX-3-historical-%d" % k, ["PREFIX-3", "PREFIX-1"], h + "\n## Summary body",
            source=T_PSEM + "test_replaced_prefixes_are_frozen_for_renormalization")
    add(S, "PREFIX-3-historical-oldest-body", ["PREFIX-3", "PREFIX-1"], H[-1] + "\nBODY",
        source="regression hermes #35344",
        note="the oldest frozen prefix carried the 'resume exactly' directive #35344 removed")
    add(S, "PREFIX-3-only-current-prefix", ["PREFIX-3"], P)
    add(S, "PREFIX-3-only-legacy-prefix-blanks", ["PREFIX-3", "PREFIX-2"], "  " + L + "  \n ")
    # ---- stacked prefixes: one is stripped -----------------------------
    add(S, "PREFIX-3-stacked-current-current", ["PREFIX-3"], P + "\n" + P + "\nbody")
    add(S, "PREFIX-3-stacked-legacy-historical", ["PREFIX-3"], L + " " + H[-1] + "\nbody",
        source="regression hermes #35344",
        note="a legacy prefix in front of an older handoff: only the first prefix goes")
    add(S, "PREFIX-3-legacy-inside-body", ["PREFIX-3"], P + "\nnotes: " + L + " old")
    # ---- whitespace ---------------------------------------------------
    add(S, "PREFIX-3-unicode-spaces", ["PREFIX-3", "PREFIX-2"],
        "\u3000\u00a0\u1680" + L + "\u2003\u202fbody\u2028\u0085\u205f\x1c")
    add(S, "PREFIX-3-zero-width-space-blocks", ["PREFIX-3", "PREFIX-2"], "\u200b" + L + " body")
    add(S, "PREFIX-3-case-matters", ["PREFIX-3", "PREFIX-2"], L.lower() + " body")
    add(S, "PREFIX-3-truncated-prefix", ["PREFIX-3"], P[:-1] + " body")
    add(S, "PREFIX-3-empty", ["PREFIX-3"], "")
    # ---- merged delimiter ----------------------------------------------
    add(S, "PREFIX-3-merged-message", ["PREFIX-3"], merged)
    add(S, "PREFIX-3-merged-without-prefix", ["PREFIX-3"], "prior\n" + D + "\n  just the body ")
    add(S, "PREFIX-3-merged-delimiter-twice", ["PREFIX-3"], "a " + D + " b " + D + " c")
    add(S, "PREFIX-3-delimiter-after-prefix", ["PREFIX-3"], P + "\nbody " + D + " after")
    # ---- end marker ----------------------------------------------------
    add(S, "PREFIX-3-end-marker-middle", ["PREFIX-3"],
        P + "\nbody\n\n" + E + "\n\nlive user request after the marker")
    add(S, "PREFIX-3-end-marker-twice", ["PREFIX-3"], "a \n" + E + " b " + E)
    add(S, "PREFIX-3-end-marker-partial", ["PREFIX-3"], "body " + E[:30])
    add(S, "PREFIX-3-end-marker-overlap", ["PREFIX-3", "PREFIX-2"],
        "body --" + E[:20] + E, note="a false start of the marker just before the marker itself")
    # ---- code points ------------------------------------------------------
    add(S, "PREFIX-3-lone-surrogate", ["PREFIX-3", "PREFIX-2"], L + " \ud800 x \udfff",
        note="lone surrogates survive; written as \\udxxx escapes (shared lone-surrogate divergence of casefmt.dumps)")
    add(S, "PREFIX-3-astral", ["PREFIX-3", "PREFIX-2"], "\U0001F600 " + L + " x")
    add(S, "PREFIX-3-escaped-prefix", ["PREFIX-3", "PREFIX-2"], None,
        text='"\\u005bCONTEXT SUMMARY\\u005d:\\t\\u00e9t\\u00e9 \\ud83d\\ude00"',
        note="the prefix spelled with JSON escapes is the same string")
    # every escape json.dumps would not write itself, inside the kept body
    # (an implementation may copy the input's bytes only where they already
    # are json.dumps's); next to them the escapes it does write
    odd = '\\/ \\u0041 \\u001B \\u000a \\u0022 \\ud83d\\ude00 \\uDC00 \\u00e9'
    same = '\\u001b \\ud800 \\n \\" \\\\ \\t'
    for name, esc in (("solidus", "\\/"), ("letter", "\\u0041"), ("upper-hex", "\\u001B"),
                      ("newline", "\\u000a"), ("quote", "\\u0022"), ("pair", "\\ud83d\\ude00"),
                      ("upper-surrogate", "\\uDC00"), ("latin", "\\u00e9")):
        add(S, "PREFIX-3-escape-rewritten-" + name, ["PREFIX-3", "PREFIX-2"], None,
            text='"[CONTEXT SUMMARY]: ' + same + ' ' + esc + ' ' + same + '"',
            note="json.dumps writes this escape its own way: the output is not the input's spelling")
    add(W, "PREFIX-4-escapes-json-dumps-rewrites", ["PREFIX-4"], None,
        text='"body ' + same + ' | ' + odd + ' end"',
        note="the kept body is written as json.dumps writes it, not as the input spelled it")
    # ---- the summary argument ------------------------------------------
    for name, v in (("null", None), ("zero", 0), ("empty-list", [])):
        add(S, "PREFIX-5-falsy-" + name, ["PREFIX-5"], v)
    add(S, "PREFIX-5-falsy-underflow", ["PREFIX-5"], None, text="1e-400",
        note="float('1e-400') is 0.0, which is falsy")
    for name, v in (("true", True), ("list", [L + " x"])):
        add(S, "PREFIX-5-reject-" + name, ["PREFIX-5"], v, hermes=DIV1,
            expect={"error": "HCC_E_SHAPE"})
    # ---- with-prefix ---------------------------------------------------
    add(W, "PREFIX-4-historical-oldest", ["PREFIX-4"], H[-1] + "\n## Active Task\nX",
        source="regression hermes #35344")
    add(W, "PREFIX-4-idempotent", ["PREFIX-4"], P + "\nsummary body")
    add(W, "PREFIX-4-blank", ["PREFIX-4", "PREFIX-2"], "  \u3000 \n")
    add(W, "PREFIX-4-null", ["PREFIX-4", "PREFIX-5"], None)
    add(W, "PREFIX-4-merged-message", ["PREFIX-4"], merged)
    add(W, "PREFIX-4-stacked", ["PREFIX-4"], P + "\n" + L + " x")
    add(W, "PREFIX-4-second-delimiter", ["PREFIX-4"], P + "\nb " + D + " c",
        note="with-prefix of 'a D b D c' gives this; applying it again drops 'b': not idempotent")
    add(W, "PREFIX-4-only-marker", ["PREFIX-4"], E)
    add(W, "PREFIX-4-reject-int", ["PREFIX-4", "PREFIX-5"], 7, hermes=DIV1,
        expect={"error": "HCC_E_SHAPE"})
    # ---- classify-summary ---------------------------------------------
    add(K, "PREFIX-6-current", ["PREFIX-6"], P + "\nbody")
    add(K, "PREFIX-6-bare-current", ["PREFIX-6"], P)
    for k, h in enumerate(H):
        add(K, "PREFIX-6-historical-%d" % k, ["PREFIX-6"], h + "\n## Summary body",
            source=T_PSEM + "test_replaced_prefixes_are_frozen_for_renormalization")
    add(K, "PREFIX-6-leading-unicode-space", ["PREFIX-6", "PREFIX-2"], "\u3000\n\u00a0" + L + " x")
    for name, p in (("current", P), ("legacy", L)):
        add(K, "PREFIX-6-merged-" + name, ["PREFIX-6"], "x\n" + D + "\n" + p)
    add(K, "PREFIX-6-merged-message", ["PREFIX-6"], merged)
    add(K, "PREFIX-6-delimiter-without-prefix", ["PREFIX-6"], "x" + D + "\nplain")
    add(K, "PREFIX-6-prefix-then-delimiter", ["PREFIX-6"], P + "\nbody\n" + D + "\nplain",
        note="once the delimiter is present only the text after it counts")
    add(K, "PREFIX-6-prefix-not-first", ["PREFIX-6"], "note: " + L + " x")
    add(K, "PREFIX-6-zero-width-space", ["PREFIX-6", "PREFIX-2"], "\u200b" + L + " x")
    # ---- classify-summary: the content text view -------------------------
    add(K, "PREFIX-7-null", ["PREFIX-7"], None)
    add(K, "PREFIX-7-text-part", ["PREFIX-7"], [{"type": "text", "text": L + " body"}])
    add(K, "PREFIX-7-image-then-text", ["PREFIX-7"],
        [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
         {"type": "text", "text": P + "\nbody"}])
    add(K, "PREFIX-7-empty-parts-dropped", ["PREFIX-7"],
        ["", {"type": "text", "text": ""}, "  " + L + " x"])
    add(K, "PREFIX-7-prefix-in-second-part", ["PREFIX-7"], ["x", L])
    add(K, "PREFIX-7-delimiter-and-prefix-in-parts", ["PREFIX-7"], ["prior", D, L + " x"])
    add(K, "PREFIX-7-non-string-text", ["PREFIX-7"], [{"text": 5}, {"text": L}])
    add(K, "PREFIX-7-duplicate-text-key", ["PREFIX-7"], None,
        text='[{"type": "text", "text": "[CONTEXT SUMMARY]: a", "text": "plain"}]',
        note="json.loads keeps the last duplicate key")
    add(K, "PREFIX-7-nested-list-ignored", ["PREFIX-7"], [[L + " x"]])
    add(K, "PREFIX-7-dict-repr-merged", ["PREFIX-7"], {"a": D + "  " + L + " x"},
        note="str(dict) holds the delimiter and, after spaces, the prefix")
    add(K, "PREFIX-7-dict-repr-newline", ["PREFIX-7"], {"a": D + "\n" + L + " x"},
        note="repr() writes the newline as backslash-n, which is not whitespace")
    add(K, "PREFIX-7-number", ["PREFIX-7"], 5)
    add(K, "PREFIX-7-list-of-numbers", ["PREFIX-7"], [1, 2.5, None])
    add(K, "PREFIX-7-unterminated-json", ["PREFIX-7"], None, text='["[CONTEXT SUMMARY]: x"',
        hermes="not applicable: hermes receives parsed values", expect={"error": "HCC_E_TRUNCATED"},
        note="content that is not JSON is refused by the JSON layer before any rule runs")
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", default=os.environ.get("HERMES_SRC", "/tmp/hermes-src"))
    a = ap.parse_args()
    entries, _ = gen_prefixes.load_constants(os.path.join(a.src, "agent", "context_compressor.py"))
    c = {}
    hist = []
    for _, expr, s in entries:
        if expr.startswith("_HISTORICAL_SUMMARY_PREFIXES["):
            hist.append(s)
        else:
            c[expr] = s
    c["_HISTORICAL_SUMMARY_PREFIXES"] = hist
    written = kept = 0
    for case in build(c):
        path = os.path.join(casefmt.GOLDEN, case["op"], case["id"] + ".json")
        if os.path.exists(path):
            with open(path, "rb") as f:
                old = json.loads(f.read().decode("utf-8", "surrogatepass"))
            same_input = all(old.get(k) == case.get(k) for k in ("input", "input_text", "params"))
            if same_input and case["hermes"].startswith("agrees") and "expect" in old:
                case["expect"] = old["expect"]
                kept += 1
        casefmt.write_case(path, case)
        written += 1
    print("gen_cases_prefix: wrote %d cases (%d kept their expectation)" % (written, kept))


if __name__ == "__main__":
    main()
