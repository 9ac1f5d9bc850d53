"""repair -- orphan tool-pair repair (spec PAIRS-*).

policy strip: the pinned ContextCompressor._sanitize_tool_pairs.
policy stub:  hermes v0.15.1's _sanitize_tool_pairs (stub insertion), loaded
              from HERMES_SRC/v0151/ (see load_v0151); it is not part of the
              pinned files, so the op fails loudly when it is missing.

Input hcc refuses (spec PAIRS-5, DIV-PAIRS-1/2) is rejected here before
hermes runs, with the same rule as ref/src/op_repair.c.
"""
import ast
import os

_V0151 = {}


def _truthy_scalar(v):
    return v is True or (isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0)


def _str_or_null(msg, key):
    return key not in msg or msg[key] is None or isinstance(msg[key], str)


def check_shape(h, value):
    """The transcript shape (MODEL-*) and PAIRS-5."""
    if isinstance(value, dict):
        if "messages" not in value:
            raise h.Reject("HCC_E_SHAPE", "object input needs a \"messages\" member")
        messages = value["messages"]
    else:
        messages = value
    if not isinstance(messages, list):
        raise h.Reject("HCC_E_SHAPE", "messages must be a JSON array")
    for m in messages:
        if not isinstance(m, dict):
            raise h.Reject("HCC_E_SHAPE", "every message must be a JSON object")
    for m in messages:
        role = m.get("role")
        if role == "tool" and not _str_or_null(m, "tool_call_id"):
            raise h.Reject("HCC_E_SHAPE", "tool_call_id must be a string or null")  # DIV-PAIRS-2
        if role != "assistant" or "tool_calls" not in m:
            continue
        tcs = m["tool_calls"]
        if _truthy_scalar(tcs):
            raise h.Reject("HCC_E_SHAPE", "tool_calls is a number or true")  # DIV-PAIRS-1
        if isinstance(tcs, list):
            for tc in tcs:
                if isinstance(tc, dict) and not (_str_or_null(tc, "call_id") and _str_or_null(tc, "id")):
                    raise h.Reject("HCC_E_SHAPE", "call ids must be strings or null")  # DIV-PAIRS-2
    return messages


def load_v0151(src):
    """ContextCompressor with the v0.15.1 methods _get_tool_call_id and
    _sanitize_tool_pairs.  Taken, by preference, from the whole v0.15.1 file
    at HERMES_SRC/v0151/agent/context_compressor.py, else from the extract
    HERMES_SRC/v0151/sanitize_tool_pairs.py; only those two methods are
    compiled (the rest of the old module imports code hcc does not pin)."""
    if "cls" in _V0151:
        return _V0151["cls"]
    for rel in ("v0151/agent/context_compressor.py", "v0151/sanitize_tool_pairs.py"):
        path = os.path.join(src, rel)
        if os.path.exists(path):
            break
    else:
        raise RuntimeError("hcc adapter: policy stub needs hermes v0.15.1's _sanitize_tool_pairs at "
                           "HERMES_SRC/v0151/ (agent/context_compressor.py or sanitize_tool_pairs.py); "
                           "see spec PAIRS-4")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    wanted = {"_get_tool_call_id", "_sanitize_tool_pairs"}
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ContextCompressor")
    body = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name in wanted]
    if {n.name for n in body} != wanted:
        raise RuntimeError("hcc adapter: %s lacks %s" % (path, sorted(wanted)))
    cls.body = body
    cls.bases, cls.keywords = [], []
    header = ast.parse("import logging\nfrom typing import Any, Dict, List\nlogger = logging.getLogger('hermes_v0151')\n")
    mod = ast.Module(body=header.body + [cls], type_ignores=[])
    ns = {}
    exec(compile(ast.fix_missing_locations(mod), path, "exec"), ns)
    ns["ContextCompressor"].quiet_mode = True
    _V0151["cls"] = ns["ContextCompressor"]
    return _V0151["cls"]


def run(h, params, value):
    policy = params.get("policy", "strip")
    if policy not in ("strip", "stub"):
        raise h.Reject("HCC_E_PARAM", "policy must be strip or stub")
    messages = check_shape(h, value)
    if policy == "strip":
        # _sanitize_tool_pairs reads only quiet_mode from the instance;
        # skipping __init__ keeps the model-metadata look-ups out of the op.
        c = h.cc.ContextCompressor.__new__(h.cc.ContextCompressor)
        c.quiet_mode = True
    else:
        c = load_v0151(h.src)()
    out = c._sanitize_tool_pairs(messages)
    if isinstance(value, dict):
        value["messages"] = out
        return value
    return out
