"""The matrix self-test's stand-in "implementation" (tests/conformance/
test_matrix.sh copies it into a temporary IMPLS_SRC, as third-party code is
placed, and records its checksum in a temporary registry).

It answers as hcc does (the adapter hands it a function that asks hcc) except
where its mode says otherwise:
  good     every answer hcc's
  wrong    repair: the last message of the output is lost
  crashy   repair: raises ValueError on a transcript holding a tool message;
           strip-prefix: the process dies (exit 9) on a summary with "CONTEXT"
  hangy    with-prefix: never answers
Every mode lacks classify-summary and the stub repair policy.
"""
import os
import time


class NoSuchOp(Exception):
    pass


def answer(mode, op, params, value, ask_hcc):
    if op == "classify-summary":
        raise NoSuchOp("the stand-in has no classify-summary")
    if mode == "crashy" and op == "repair" and any(
            isinstance(m, dict) and m.get("role") == "tool" for m in value if isinstance(value, list)):
        raise ValueError("standin: cannot pair tool results")
    if mode == "crashy" and op == "strip-prefix" and isinstance(value, str) and "CONTEXT" in value:
        os._exit(9)
    if mode == "hangy" and op == "with-prefix":
        time.sleep(3600)
    out = ask_hcc(op, params, value)
    if mode == "wrong" and op == "repair" and isinstance(out, list) and out:
        out = out[:-1]
    return out
