"""diff_oracle.py -- the Python side of the in-process differential fuzzer
(fuzz/differential/diff_fuzz.c embeds CPython and calls this module).

  setup()  -> None, or the sentence saying what to set
  check(op, params_json, data, hcc_status, hcc_out, hcc_err) -> None or a report

The other side is, by default, the pinned hermes from HERMES_SRC, run
through the very code the corpus uses (tools/hermes_adapter.py's dispatcher
and adapter_protocol.handle, in this process: no pipe, no second adapter).
With HCC_DIFF_IMPL="cmd ..." it is any program speaking spec/PROTOCOL.md
--serve, through conform.py's persistent runner.

Each call builds the request {"op", "params", "input_b64"} the corpus
runner would send, asks the other side, and hands both answers to
div_classify.classify.  None: the answers agree or a documented rule
explains the difference.  A report (str): the op, the parameters, the kind
of difference, where the outputs first part, both answers; the harness
prints it and aborts, so libFuzzer keeps the input.

State: the adapter builds a new ContextCompressor / TrajectoryCompressor
for every request (hermes_adapter.Hermes.compressor), as the corpus runs
do; only the loaded modules persist, as they do in a hermes process.
Counts of every verdict are kept for the run's summary (stats()).

HCC_DIFF_RAISED_LOG=FILE appends one JSON line for every input where the
other side raised (accepted as agreement when hcc refuses or answers, since
the spec decides those inputs), so that the exceptions can be checked
against the spec's "hermes raises" entries: tools/fuzz_diff_raised.py.
HCC_DIFF_VERDICT_LOG=FILE appends one JSON line for every input, its op,
params and verdict, so that a replay of a grown corpus can be counted by
parameter (tools/fuzz_diff_verdicts.py: repair's two policies, say).
"""
import base64
import collections
import json
import os
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402
import div_classify  # noqa: E402

# What the adapter raises when HERMES_SRC lacks a file an op loads, and what
# adapter_stubs' stand-ins for unpinned hermes functions raise.
NOT_PINNED = (b"HERMES_SRC has no ", b"is not among the pinned hermes files")

_state = {"ask": None, "counts": collections.Counter()}


def setup():
    impl = os.environ.get("HCC_DIFF_IMPL")
    if impl:
        from conform import ServeRunner
        runner = ServeRunner(shlex.split(impl), 30)

        def ask(op, req):
            return runner.run(req)
        _state["ask"] = ask
        return None
    src = os.environ.get("HERMES_SRC")
    if not src:
        return ("diff_fuzz: set HERMES_SRC to the folder of the pinned hermes files (README.md, "
                "'Checking the corpus against hermes'), or HCC_DIFF_IMPL to a program that speaks "
                "spec/PROTOCOL.md --serve")
    import adapter_protocol
    import hermes_adapter
    dispatch = hermes_adapter.dispatcher(hermes_adapter.Hermes(src))

    def ask(op, req):
        rc, out, err = adapter_protocol.handle(dispatch, op, casefmt.request_line(req))
        return rc, out, err.encode("utf-8", "surrogatepass")
    _state["ask"] = ask
    return None


def check(op, params_json, data, hcc_status, hcc_out, hcc_err):
    params = json.loads(params_json)
    req = {"op": op, "params": params, "input_b64": base64.b64encode(data).decode("ascii")}
    other = _state["ask"](op, req)
    hcc = (hcc_status, hcc_out, hcc_err)
    if any(m in other[2] for m in NOT_PINNED):
        # HERMES_SRC lacks a file this op runs: "hermes raised" would pass as
        # agreement on every input, so the run stops here instead.
        return "hcc differential: %s: HERMES_SRC lacks a pinned file this op needs (README.md): %s" % (
            op, _exception(other))
    agrees, name = div_classify.classify(op, params, data, hcc, other)
    _state["counts"][name] += 1
    if os.environ.get("HCC_DIFF_VERDICT_LOG"):
        _append(os.environ["HCC_DIFF_VERDICT_LOG"], {"op": op, "params": params, "verdict": name})
    if agrees:
        if name.startswith("the other raised") and os.environ.get("HCC_DIFF_RAISED_LOG"):
            _log_raised(os.environ["HCC_DIFF_RAISED_LOG"], req, hcc, other)
        return None
    lines = ["hcc differential: %s with params %s: %s" % (op, params_json.decode("utf-8"), name)]
    if name == "outputs differ":
        try:
            d = casefmt.first_difference(hcc_out.decode("utf-8"), other[1].decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            d = None
        if d:
            lines.append("  first difference at %s: hcc %s, other %s" % d)
    for who, (rc, out, err) in (("hcc", hcc), ("other", other)):
        lines.append("  %-5s exit %s: %s" % (who, rc, (out or err)[:400].decode("utf-8", "replace")))
    return "\n".join(lines)


def _log_raised(path, req, hcc, other):
    """One JSON line per input where the other side raised, for triage
    (tools/fuzz_diff_raised.py groups them): the request, hcc's answer and
    the exception, the last line of the traceback the adapter reported."""
    line = {"op": req["op"], "params": req["params"], "input_b64": req["input_b64"],
            "hcc": "refused" if hcc[0] == 1 else "answered",
            "hcc_err": hcc[2].decode("utf-8", "replace"), "exception": _exception(other)}
    _append(path, line)


def _exception(other):
    """The exception of an answer where the other side raised: the last
    line of the traceback the adapter reported (its lines joined by " | ")."""
    return other[2].decode("utf-8", "replace").rsplit(" | ", 1)[-1].strip()


def _append(path, record):
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record, ensure_ascii=False) + "\n")


def stats():
    """One line, a JSON object: how many inputs got each verdict."""
    return json.dumps(dict(sorted(_state["counts"].items())), ensure_ascii=False)
