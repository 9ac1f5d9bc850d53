"""adapter_protocol.py -- the side of spec/PROTOCOL.md every adapter shares.

An adapter turns an implementation written in Python (hermes-agent at any
commit, another project's port) into a program the conformance runner can
talk to.  What is the same for all of them lives here, once:

- reading a request (`input`, or `input_b64` decoded and parsed the way the
  protocol says: bytes that are not UTF-8 are HCC_E_UTF8, text Python's
  reader refuses HCC_E_SYNTAX -- the implementations under test receive
  parsed values, so the JSON layer is the adapter's);
- the exit statuses: 0 output, 1 rejected (Reject), 2 unusable request,
  3 unsupported (Unsupported: an op, a policy or a parameter the
  implementation does not have), 70 the implementation raised (its
  traceback is the stderr line, so a crash is a finding the report shows);
- parameters an implementation does not honour: a value other than hermes's
  default makes the case unsupported (exit 3) instead of being ignored, so
  no adapter guesses what an implementation would do with a knob it lacks
  (`require_params`);
- the one-shot (`--protocol OP`, or `OP`) and persistent (`--serve`) loops.

An adapter supplies `dispatch(op_name) -> run(params, value) or None`.
"""
import base64
import json
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import casefmt  # noqa: E402

EXIT_OK, EXIT_REJECTED, EXIT_USAGE, EXIT_UNSUPPORTED, EXIT_CRASH = 0, 1, 2, 3, 70

# hermes's defaults for every protocol parameter (ref/src/ops.c,
# hcc_params_init, names as `hcc --help` lists them).  A parameter that an
# adapter does not honour may still appear in a case at this value: it then
# asks for nothing the implementation does not already do.  tail_token_budget
# -1 and current_tokens -1 stand for "derived" / None, as in hcc.
PARAM_DEFAULTS = {
    "context_length": 128000, "threshold_percent": 0.50, "summary_target_ratio": 0.20,
    "protect_first_n": 3, "protect_last_n": 20, "min_tail_user_messages": 1,
    "compression_count": 0, "tail_token_budget": -1, "explain": False, "at": 0,
    "head_chars": 200, "truncate_all": False, "policy": "strip",
    "summarizer_fail": False, "abort_on_summary_failure": False, "wire": False,
    "profile": "openai", "json": False,
    "target_max_tokens": 15250, "summary_target_tokens": 750,
    "protect_first_system": True, "protect_first_human": True,
    "protect_first_gpt": True, "protect_first_tool": True,
    "protect_last_n_turns": 4, "add_summary_notice": True, "max_retries": 3,
    "metrics_per_trajectory": True,
    "proactive_prune_tokens": 0, "proactive_prune_min_result_chars": 8000,
    "proactive_prune_min_reclaim_tokens": 4096, "current_tokens": -1,
    "fail_reason": None, "previous_summary": None,
}


class Reject(Exception):
    """The implementation (or the adapter's JSON layer) refuses the input
    with an hcc error code: exit 1."""

    def __init__(self, code, message="rejected", offset=0):
        super().__init__(message)
        self.code = code
        self.offset = offset


class Unsupported(Exception):
    """The implementation has no way to express this case: exit 3 (the
    runner counts a skip, with this reason)."""


def _is_default(name, value):
    if value is None:
        return True
    if name not in PARAM_DEFAULTS:
        return False
    d = PARAM_DEFAULTS[name]
    if isinstance(d, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(d, bool) and value == d
    return value == d


def require_params(params, honoured):
    """Raises Unsupported for the first parameter outside `honoured` whose
    value is not hermes's default."""
    for name in sorted(params):
        if name not in honoured and not _is_default(name, params[name]):
            raise Unsupported("parameter %s=%s is not supported by this implementation"
                              % (name, json.dumps(params[name])))


def decode_input(req):
    """The op's input value of a request, or Reject for input_b64 that is
    not JSON."""
    if "input_b64" not in req:
        return req.get("input")
    raw = base64.b64decode(req["input_b64"])
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise Reject("HCC_E_UTF8", "input is not UTF-8: %s" % e, e.start) from None
    except ValueError as e:
        raise Reject("HCC_E_SYNTAX", "input is not JSON: %s" % e) from None


def handle(dispatch, op_name, req_bytes):
    """One request: returns (exit status, stdout bytes, stderr line)."""
    try:
        req = json.loads(req_bytes.decode("utf-8", "surrogatepass"))
        if not isinstance(req, dict):
            raise ValueError("the request is not a JSON object")
    except ValueError as e:
        return EXIT_USAGE, b"", "usage: bad request: %s" % e
    name = op_name or req.get("op")
    params = req.get("params") or {}
    try:
        run = dispatch(name) if isinstance(name, str) else None
        if run is None:
            return EXIT_UNSUPPORTED, b"", "unsupported: op %s" % name
        out = run(params, decode_input(req))
    except Reject as r:
        return EXIT_REJECTED, b"", "error: %s at byte %d: %s" % (r.code, r.offset, r)
    except Unsupported as u:
        return EXIT_UNSUPPORTED, b"", "unsupported: %s" % u
    except Exception:  # the implementation itself raised: a crash, shown in the report
        return EXIT_CRASH, b"", "crash: " + traceback.format_exc().rstrip().replace("\n", " | ")
    if isinstance(out, (bytes, bytearray)):
        return EXIT_OK, bytes(out), ""
    return EXIT_OK, casefmt.dumps(out), ""


def serve(dispatch, lines, write):
    """Persistent mode: one request a line in, one response a line out."""
    for line in lines:
        line = line.rstrip(b"\n")
        if not line:
            continue
        st, out, err = handle(dispatch, None, line)
        resp = {"exit": st, "stdout": out.decode("utf-8", "surrogatepass"), "stderr": err}
        write(casefmt.dumps(resp) + b"\n")


def main(argv, dispatch, usage):
    """`PROG --serve`, `PROG --protocol OP` or `PROG OP` (the runner's
    one-process mode appends the op to the command)."""
    # implementations log through the logging module; stdout is the protocol's
    import logging
    logging.disable(logging.CRITICAL)
    args = [a for a in argv[1:] if a != "--protocol"]
    if args == ["--serve"]:
        out = sys.stdout.buffer

        def write(b):
            out.write(b)
            out.flush()
        serve(dispatch, sys.stdin.buffer, write)
        return EXIT_OK
    if len(args) == 1 and not args[0].startswith("-"):
        st, out, err = handle(dispatch, args[0], sys.stdin.buffer.read())
        sys.stdout.buffer.write(out)
        if err:
            sys.stderr.write(err + "\n")
        return st
    sys.stderr.write(usage.rstrip("\n") + "\n")
    return EXIT_USAGE
