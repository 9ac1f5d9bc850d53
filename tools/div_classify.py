"""div_classify.py -- is a difference between hcc and another implementation
one the spec documents?  The verdict of the in-process differential fuzzer
(fuzz/differential, tools/diff_oracle.py), kept small and named so that a
reader can check each rule against spec/SPEC.md.

  classify(op, params, data, hcc, other) -> (agrees, name)

hcc and other are answers as conform.py's runners give them: (exit status,
stdout bytes, stderr bytes) with status 0 output, 1 refused (stderr
"error: HCC_E_X at byte N: ..."), 3 op not supported, anything else a
crash (the hermes adapter reports a Python exception as one).  data is the
op's input bytes.  agrees is True when the answers agree or a documented
rule explains the difference, False when nothing does; name says which rule
decided (the first that applies, in RULES order) or, for False, what kind
of difference it is (differential.kind_of).

Each rule looks at the *input* for the feature its divergence is about and
at the *kind* of difference that divergence produces; none skips a whole op
or a whole class of inputs without naming the spec entry that covers it.
"""
import json
import re
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import code_of, kind_of  # noqa: E402

# hcc's strict JSON layer (spec JSON-1..JSON-8): codes that say "the input
# is not RFC 8259 JSON text", which Python's reader may still accept.
JSON_LAYER_CODES = {b"HCC_E_SYNTAX", b"HCC_E_NUMBER", b"HCC_E_LITERAL", b"HCC_E_ESCAPE",
                    b"HCC_E_CONTROL", b"HCC_E_UTF8", b"HCC_E_TRAILING", b"HCC_E_DEPTH",
                    b"HCC_E_EMPTY", b"HCC_E_TOOBIG"}

def _strings(value, depth=0):
    """Every string in a JSON value, and in strings that are JSON text
    themselves (tool-call arguments), a few levels down."""
    if isinstance(value, str):
        yield value
        if depth < 4 and value.lstrip(" \t\n\r")[:1] in ("[", "{"):
            try:
                inner = json.loads(value)
            except (ValueError, RecursionError):
                return
            yield from _strings(inner, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, depth)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, depth)
            yield from _strings(v, depth)


def _has_lone_surrogate(data):
    """A string of the input (as Python reads it) holds a surrogate code
    point: only an unpaired \\udxxx escape gives one."""
    try:
        value = json.loads(data.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return any(any("\ud800" <= c <= "\udfff" for c in s) for s in _strings(value))


def _number_features(data):
    """What the numbers of a transcript-like input (an array or object,
    and JSON text inside its strings, such as tool-call arguments) hold:
    "nonfinite" (NaN, Infinity), "overflow" (a float past a double's
    range), "hugeint" (an integer past 4,300 digits, Python's limit).  An
    input that is one string (redact, the prefix ops) is text, not numbers:
    no features."""
    found = set()

    def num_float(text):
        if float(text) in (float("inf"), float("-inf")):
            found.add("overflow")
        return 0.0

    def num_int(text):
        if len(text.lstrip("-")) > 4300:
            found.add("hugeint")
        return 0

    def const(text):
        found.add("nonfinite")
        return 0.0

    def load(text):
        return json.loads(text, parse_float=num_float, parse_int=num_int, parse_constant=const)

    try:
        value = load(data.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return found
    if not isinstance(value, (list, dict)):
        return set()
    for s in _strings(value):
        if s.lstrip(" \t\n\r")[:1] in ("[", "{"):
            try:
                load(s)
            except (ValueError, RecursionError):
                pass
    return found


# ops whose input is one string, not a transcript
TEXT_INPUT_OPS = {"redact", "strip-prefix", "with-prefix", "classify-summary"}


def _is_transcript(data):
    """MODEL-1: a JSON array, or an object with a "messages" array (for the
    trajectory ops, "conversations")."""
    try:
        value = json.loads(data.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return True  # not JSON at all: the JSON-input rule's business, not this one's
    if isinstance(value, list):
        return True
    return isinstance(value, dict) and (isinstance(value.get("messages"), list)
                                        or isinstance(value.get("conversations"), list))


def _by_value(raw):
    """JSON text parsed with numbers as floats (key order ignored)."""
    def num(text):
        return float(text)
    return json.loads(raw, parse_int=num, parse_float=num, parse_constant=num,
                      object_pairs_hook=lambda pairs: tuple(sorted(dict(pairs).items())))


def _same_by_value(a, b):
    try:
        return _by_value(a.decode("utf-8")) == _by_value(b.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, OverflowError):
        return False


def _refused_by_json_layer(hcc):
    return hcc[0] == 1 and code_of(hcc[2]) in JSON_LAYER_CODES


# DIV-FALLBACK-1's features (spec FALLBACK-2..6): where hermes's fallback
# reads text or shapes hcc does not model, hcc refuses the whole pass
# (a query-name run holding % or + counts without its "=": the redaction
# passes before the strict one can write the "=" after it)
_STRICT_URL = re.compile(r"//[^/\s?#@]+@|[?#&;][A-Za-z0-9_.~+%\-]*=|[?#&;][A-Za-z0-9_.~\-]*[%+]")
_LOOKALIKES = "\u0131\u017f\u212a\u0130"


def _fallback_features(params, data):
    """The DIV-FALLBACK-1 features in a compress request: a non-ASCII role,
    tool_calls that are not a list, a truthy call function that is not an
    object, a case-folding lookalike or text the strict URL-credential pass
    could change (input or previous_summary).  NaN/Infinity arguments are
    DIV-ARGS-1's rule, tried first."""
    try:
        value = json.loads(data.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return set()
    msgs = value.get("messages") if isinstance(value, dict) else value
    found = set()
    texts = [t for t in (params.get("previous_summary"),) if isinstance(t, str)]
    texts += list(_strings(value))
    for t in texts:
        if any(ch in t for ch in _LOOKALIKES):
            found.add("lookalike")
        if _STRICT_URL.search(t):
            found.add("strict-url")
    for m in msgs if isinstance(msgs, list) else []:
        if not isinstance(m, dict):
            continue
        role = m.get("role")
        # the label is str(role).upper(): any role whose text is not ASCII
        if role is not None and not (role if isinstance(role, str) else json.dumps(role, ensure_ascii=False)).isascii():
            found.add("role")
        calls = m.get("tool_calls")
        if calls and not isinstance(calls, list):
            found.add("tool_calls")
        for c in calls if isinstance(calls, list) else []:
            fn = c.get("function") if isinstance(c, dict) else None
            if fn and not isinstance(fn, dict):
                found.add("function")
    return found


# (name, applies(op, params, data, hcc, other, kind)) in the order tried.
RULES = [
    # hcc's input must be JSON text (JSON-1..8, PROTOCOL "input"); Python's
    # json.loads also reads NaN, Infinity, deep nesting and lone surrogates
    ("JSON-input: not RFC 8259 text, refused by hcc's JSON layer",
     lambda op, p, d, h, o, k: _refused_by_json_layer(h)),
    # hcc copies the bytes of values it does not change (JSON-9); hermes
    # writes numbers its own way: equal as values, not as text
    ("JSON-9: the same numbers, written differently",
     lambda op, p, d, h, o, k: k == "outputs differ" and _same_by_value(h[1], o[1])),
    ("DIV-JSON-1/DIV-ARGS-4: a lone surrogate in the input (arguments included)",
     lambda op, p, d, h, o, k: _has_lone_surrogate(d)),
    ("DIV-ARGS-1/DIV-PRUNE-5: NaN or Infinity inside an arguments string",
     lambda op, p, d, h, o, k: "nonfinite" in _number_features(d)),
    ("DIV-JSON-2: a number beyond a double's range",
     lambda op, p, d, h, o, k: "overflow" in _number_features(d)),
    ("DIV-JSON-3: an integer longer than 4,300 digits",
     lambda op, p, d, h, o, k: "hugeint" in _number_features(d)),
    ("DIV-MODEL-2: the input is not a transcript",
     lambda op, p, d, h, o, k: op not in TEXT_INPUT_OPS and h[0] == 1 and code_of(h[2]) == b"HCC_E_SHAPE"
     and not _is_transcript(d)),
    ("DIV-REDACT-1: hcc refuses text the unimplemented redaction passes could change",
     lambda op, p, d, h, o, k: op == "redact" and h[0] == 1 and code_of(h[2]) == b"HCC_E_UNSUPPORTED"),
    ("DIV-FALLBACK-1: hermes's fallback reads text or shapes hcc does not model",
     lambda op, p, d, h, o, k: op == "compress" and p.get("summarizer_fail") and not p.get("abort_on_summary_failure")
     and h[0] == 1 and code_of(h[2]) == b"HCC_E_UNSUPPORTED" and bool(_fallback_features(p, d))),
]

SAME_KINDS = {"same output": "same output", "both refused": "both refused",
              "both refused with other codes": "both refused (other codes)"}


def classify(op, params, data, hcc, other):
    kind = kind_of(hcc, other, False)
    if kind in SAME_KINDS:
        return True, SAME_KINDS[kind]
    if kind == "unsupported":
        return True, "unsupported: %s" % ("hcc" if hcc[0] == 3 else "the other side")
    if kind == "the other crashed" and hcc[0] in (0, 1):
        # hermes raising where hcc refuses or defines the answer: the spec
        # decides those inputs (the DIV-* "hermes raises" entries)
        return True, "the other raised; hcc %s" % ("refused" if hcc[0] == 1 else "answered")
    for name, applies in RULES:
        if applies(op, params, data, hcc, other, kind):
            return True, name
    return False, kind
