"""casefmt.py -- the golden case format and its byte-exact encoding.

Shared by the conformance runner, the spec-example extractor, the hermes
adapter and the regeneration tool, so that every one of them builds requests
and expected bytes the same way (spec/PROTOCOL.md).
"""
import base64
import glob
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "golden")

_LONE = re.compile("[\ud800-\udfff]")


def dumps(value):
    """json.dumps(value, ensure_ascii=False) as UTF-8 bytes.

    Python writes lone surrogates raw, which no UTF-8 encoder accepts; hcc
    writes them as \\udxxx escapes (spec DIV-3), and so does this function.
    """
    text = json.dumps(value, ensure_ascii=False)
    text = _LONE.sub(lambda m: "\\u%04x" % ord(m.group(0)), text)
    return text.encode("utf-8")


def input_bytes(case):
    """The exact bytes of the op's input for a case."""
    if "input_b64" in case:
        return base64.b64decode(case["input_b64"])
    if "input_text" in case:
        return case["input_text"].encode("utf-8", "surrogatepass")
    return dumps(case["input"])


def request_line(case, with_op=True):
    """One protocol request (a JSON object on one line) for a case."""
    head = {}
    if with_op:
        head["op"] = case["op"]
    head["params"] = case.get("params", {})
    prefix = dumps(head)[:-1]  # drop the closing brace
    raw = input_bytes(case)
    if "input" not in case:
        tail = b', "input_b64": ' + dumps(base64.b64encode(raw).decode("ascii"))
    else:
        tail = b', "input": ' + raw
    return prefix + tail + b"}"


class Num:
    """A JSON number compared by its text (1.0 and 1.00 differ)."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Num) and other.text == self.text

    def __hash__(self):
        return hash(self.text)

    def __repr__(self):
        return self.text


def structural(raw):
    """Parses JSON text for comparison: object key order ignored, strings
    exact, numbers by their text."""
    return json.loads(
        raw,
        parse_float=Num,
        parse_int=Num,
        parse_constant=Num,
        # json.loads semantics: the last of duplicate keys wins
        object_pairs_hook=lambda pairs: ("{}", tuple(sorted(dict(pairs).items()))),
    )


def load_cases(root=GOLDEN):
    cases = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.json"), recursive=True)):
        if os.path.basename(path) == "manifest.json":
            continue
        with open(path, "rb") as f:
            case = json.loads(f.read().decode("utf-8", "surrogatepass"))
        case["_path"] = os.path.relpath(path, ROOT)
        cases.append(case)
    return cases


def write_case(path, case):
    """Writes a case file in the project's one layout (sorted top-level
    order of fields, two-space indent, ASCII-safe lone surrogates)."""
    order = ["id", "rules", "op", "params", "input", "input_text", "input_b64",
             "expect", "source", "hermes", "note"]
    out = {k: case[k] for k in order if k in case}
    for k in case:
        if k not in out and not k.startswith("_"):
            out[k] = case[k]
    text = json.dumps(out, ensure_ascii=False, indent=2)
    text = _LONE.sub(lambda m: "\\u%04x" % ord(m.group(0)), text)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text.encode("utf-8") + b"\n")


def _plain(raw):
    """json.loads with numbers kept as Num (compared by text) and the last
    of duplicate keys winning, key order kept for display."""
    return json.loads(raw, parse_float=Num, parse_int=Num, parse_constant=Num)


def _key_path(path, key):
    if isinstance(key, int):
        return "%s[%d]" % (path, key)
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return "%s.%s" % (path, key)
    return "%s[%s]" % (path, json.dumps(key, ensure_ascii=False))


_NUM_MARK = re.compile(r'"\\u0000num:([^"\\]*)\\u0000"')


def _short(value, width=160):
    """A value as short JSON text (numbers as they were written)."""
    text = json.dumps(value, ensure_ascii=False, default=lambda n: "\0num:" + n.text + "\0")
    text = _NUM_MARK.sub(lambda m: m.group(1), text)
    text = _LONE.sub(lambda m: "\\u%04x" % ord(m.group(0)), text)
    return text if len(text) <= width else text[:width] + "..."


def first_difference(want_raw, got_raw):
    """Where two JSON texts first differ as values (the comparison of
    structural(): key order ignored, numbers by text), walking arrays by
    index and objects by the wanted keys in order, then any extra key.
    Returns None when they are equal, else (path, wanted, got) with the two
    values at that path as short JSON texts ("(missing)" for an absent
    member or element); path is "$" for the whole value, else like
    $[2].tool_calls[0].function.arguments."""
    return _walk("$", _plain(want_raw), _plain(got_raw))


def _walk(path, w, g):
    if isinstance(w, dict) and isinstance(g, dict):
        for k in list(w) + [k for k in g if k not in w]:
            if k not in g or k not in w:
                return (_key_path(path, k), _short(w[k]) if k in w else "(missing)",
                        _short(g[k]) if k in g else "(missing)")
            d = _walk(_key_path(path, k), w[k], g[k])
            if d:
                return d
        return None
    if isinstance(w, list) and isinstance(g, list):
        for i in range(max(len(w), len(g))):
            if i >= len(w) or i >= len(g):
                return (_key_path(path, i), _short(w[i]) if i < len(w) else "(missing)",
                        _short(g[i]) if i < len(g) else "(missing)")
            d = _walk(_key_path(path, i), w[i], g[i])
            if d:
                return d
        return None
    if type(w) is type(g) and w == g:
        return None
    return (path, _short(w), _short(g))
