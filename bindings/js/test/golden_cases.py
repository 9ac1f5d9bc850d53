#!/usr/bin/env python3
"""golden_cases.py -- the golden corpus as JSON lines for the JS tests.

Each case with its exact input bytes and expected bytes, built by
tools/casefmt.py (the same encoding tools/conform.py compares with), so the
JavaScript side needs no copy of Python's json.dumps:
  {"id", "op", "params", "input_b64", "exact",
   "error": NAME | "stdout_b64": B64 | "output_b64": B64}
"""
import base64
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import casefmt  # noqa: E402

b64 = lambda raw: base64.b64encode(raw).decode("ascii")
for case in casefmt.load_cases():
    exp = case["expect"]
    row = {"id": case["id"], "op": case["op"], "params": case.get("params", {}),
           "input_b64": b64(casefmt.input_bytes(case)), "exact": case.get("exact", True)}
    if "error" in exp:
        row["error"] = exp["error"]
    elif "stdout" in exp:
        row["stdout_b64"] = b64(exp["stdout"].encode("utf-8", "surrogatepass"))
    else:
        row["output_b64"] = b64(casefmt.dumps(exp["output"]))
    print(json.dumps(row))
