#!/usr/bin/env python3
"""hermes_adapter.py -- speaks spec/PROTOCOL.md by calling the pinned
hermes-agent Python code, so the golden corpus can be checked against the
real thing and expectations regenerated from it.

  HERMES_SRC=/path/to/hermes-src tools/hermes_adapter.py --protocol OP < request.json
  HERMES_SRC=/path/to/hermes-src tools/hermes_adapter.py --serve

HERMES_SRC is a folder holding the pinned files at their hermes-agent paths
(agent/context_compressor.py, agent/model_metadata.py,
trajectory_compressor.py, optionally agent/redact.py); README.md says how to
get them.  Modules those files import but the rules do not use (provider
clients, storage, telemetry) are replaced by the stubs in
tools/adapter_stubs.py; nothing else is changed.  Each op lives in
tools/adapter_ops/<op>.py as run(h, params, value) -> output value.
"""
import base64
import importlib
import io
import json
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import casefmt  # noqa: E402

EXIT_OK, EXIT_REJECTED, EXIT_USAGE, EXIT_UNSUPPORTED = 0, 1, 2, 3


class Reject(Exception):
    """Raised by an op for input hcc rejects with a code (exit 1)."""

    def __init__(self, code, message="rejected"):
        super().__init__(message)
        self.code = code


class Hermes:
    """The loaded hermes modules and helpers the op modules share."""

    def __init__(self, src):
        import adapter_stubs
        adapter_stubs.install(src)
        sys.path.insert(0, src)
        self.src = src
        self.cc = importlib.import_module("agent.context_compressor")
        self.mm = importlib.import_module("agent.model_metadata")
        self._traj = None
        self.Reject = Reject

    @property
    def traj(self):
        if self._traj is None:
            self._traj = importlib.import_module("trajectory_compressor")
        return self._traj

    def compressor(self, params):
        """A ContextCompressor configured from protocol params, with no
        earlier state (first compaction in this process)."""
        kw = dict(
            model="hcc-reference-model",
            threshold_percent=params.get("threshold_percent", 0.50),
            protect_first_n=params.get("protect_first_n", 3),
            protect_last_n=params.get("protect_last_n", 20),
            summary_target_ratio=params.get("summary_target_ratio", 0.20),
            quiet_mode=True,
            config_context_length=params.get("context_length", 128000),
            abort_on_summary_failure=params.get("abort_on_summary_failure", False),
            min_tail_user_messages=params.get("min_tail_user_messages", 1),
        )
        c = self.cc.ContextCompressor(**kw)
        if "compression_count" in params:
            c.compression_count = params["compression_count"]
        if params.get("tail_token_budget", -1) not in (-1, None):
            c.tail_token_budget = params["tail_token_budget"]
        return c


def load_op(name):
    mod = name.replace("-", "_")
    try:
        return importlib.import_module("adapter_ops." + mod)
    except ModuleNotFoundError:
        return None


def handle(h, op_name, req_bytes):
    """Returns (exit status, stdout bytes, stderr line)."""
    try:
        req = json.loads(req_bytes.decode("utf-8", "surrogatepass"))
    except ValueError as e:
        return EXIT_USAGE, b"", "usage: bad request: %s" % e
    name = op_name or req.get("op")
    op = load_op(name) if name else None
    if op is None:
        return EXIT_UNSUPPORTED, b"", "unsupported: op %s" % name
    params = req.get("params") or {}
    if "input_b64" in req:
        raw = base64.b64decode(req["input_b64"])
        try:
            value = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            # hcc rejects invalid JSON before any rule runs; hermes never sees
            # such text (it receives parsed lists), so the adapter answers
            # with hcc's JSON-layer verdict where it can tell: bytes that
            # are not UTF-8 are HCC_E_UTF8, anything else Python's reader
            # refuses HCC_E_SYNTAX.
            return EXIT_REJECTED, b"", "error: HCC_E_UTF8 at byte %d: %s" % (e.start, e)
        except ValueError as e:
            return EXIT_REJECTED, b"", "error: HCC_E_SYNTAX at byte 0: %s" % e
    else:
        value = req.get("input")
    try:
        out = op.run(h, params, value)
    except Reject as r:
        return EXIT_REJECTED, b"", "error: %s at byte 0: %s" % (r.code, r)
    except Exception:  # hermes itself raised: a crash of the implementation
        return 70, b"", "crash: " + traceback.format_exc().replace("\n", " | ")
    if isinstance(out, (bytes, bytearray)):
        return EXIT_OK, bytes(out), ""
    return EXIT_OK, casefmt.dumps(out), ""


def main(argv):
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.stderr.write(
            "hermes_adapter: HERMES_SRC is not set. Point it at a folder holding the pinned\n"
            "hermes-agent files (agent/context_compressor.py, agent/model_metadata.py,\n"
            "trajectory_compressor.py); README.md, 'Checking the corpus against hermes', says how.\n")
        return EXIT_USAGE
    # hermes logs through the logging module; keep stdout for the protocol
    import logging
    logging.disable(logging.CRITICAL)
    h = Hermes(src)
    if len(argv) == 3 and argv[1] == "--protocol":
        st, out, err = handle(h, argv[2], sys.stdin.buffer.read())
        sys.stdout.buffer.write(out)
        if err:
            sys.stderr.write(err + "\n")
        return st
    if len(argv) == 2 and argv[1] == "--serve":
        for line in sys.stdin.buffer:
            line = line.rstrip(b"\n")
            if not line:
                continue
            st, out, err = handle(h, None, line)
            resp = {"exit": st, "stdout": out.decode("utf-8", "surrogatepass"), "stderr": err}
            sys.stdout.buffer.write(casefmt.dumps(resp) + b"\n")
            sys.stdout.flush()
        return EXIT_OK
    sys.stderr.write("usage: hermes_adapter.py --protocol OP | --serve\n")
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main(sys.argv))
