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
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import adapter_protocol  # noqa: E402
from adapter_protocol import Reject, Unsupported  # noqa: E402,F401  (ops reach them as h.Reject, h.Unsupported)


class Hermes:
    """The loaded hermes modules and helpers the op modules share."""

    def __init__(self, src):
        import adapter_stubs
        adapter_stubs.install(src)
        sys.path.insert(0, src)
        self.src = src
        self._cc = self._mm = None
        self._traj = None
        self.Reject = Reject
        self.Unsupported = Unsupported

    # Loaded on first use, so that an op needing other files (redact needs
    # only agent/redact.py) runs without the compressor in HERMES_SRC; the
    # history adapter (impls/hermes) sets cc and mm to its own modules.
    def _lazy(attr, module):
        def get(self):
            if getattr(self, attr) is None:
                setattr(self, attr, importlib.import_module(module))
            return getattr(self, attr)

        def put(self, value):
            setattr(self, attr, value)
        return property(get, put)

    cc = _lazy("_cc", "agent.context_compressor")
    mm = _lazy("_mm", "agent.model_metadata")
    traj = _lazy("_traj", "trajectory_compressor")
    del _lazy

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
        c = self.new_compressor(**kw)
        if "compression_count" in params:
            c.compression_count = params["compression_count"]
        # the summary an earlier call of this process kept (spec COMPRESS-17);
        # every op that computes the head reads it (ALIGN-6)
        previous = params.get("previous_summary")
        if previous is not None and not isinstance(previous, str):
            raise self.Reject("HCC_E_PARAM", "previous_summary must be a string or null")
        c._previous_summary = previous
        if params.get("tail_token_budget", -1) not in (-1, None):
            c.tail_token_budget = params["tail_token_budget"]
        return c


    def new_compressor(self, **kw):
        """ContextCompressor(**kw); the matrix's history adapter overrides it
        for versions whose constructor takes fewer parameters."""
        return self.cc.ContextCompressor(**kw)

    @staticmethod
    def call(method, *args):
        """method(*args), or with as many leading arguments as the method
        takes: older versions' _effective_protect_first_n takes no messages
        (the matrix's history columns); the pinned one takes them all."""
        import inspect
        params = [p for p in inspect.signature(method).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        return method(*args[:len(params)])


def load_op(name):
    mod = name.replace("-", "_")
    try:
        return importlib.import_module("adapter_ops." + mod)
    except ModuleNotFoundError:
        return None


def dispatcher(h):
    """op name -> run(params, value) over the loaded hermes, or None."""
    def dispatch(name):
        op = load_op(name)
        return None if op is None else (lambda params, value: op.run(h, params, value))
    return dispatch


def handle(h, op_name, req_bytes):
    """Returns (exit status, stdout bytes, stderr line)."""
    return adapter_protocol.handle(dispatcher(h), op_name, req_bytes)


def main(argv):
    src = os.environ.get("HERMES_SRC")
    if not src:
        sys.stderr.write(
            "hermes_adapter: HERMES_SRC is not set. Point it at a folder holding the pinned\n"
            "hermes-agent files (agent/context_compressor.py, agent/model_metadata.py,\n"
            "trajectory_compressor.py); README.md, 'Checking the corpus against hermes', says how.\n")
        return adapter_protocol.EXIT_USAGE
    return adapter_protocol.main(argv, dispatcher(Hermes(src)),
                                 "usage: hermes_adapter.py --protocol OP | --serve")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
