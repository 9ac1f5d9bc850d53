#!/usr/bin/env python3
"""impls/reyj94-checkpoint/adapter.py -- ReyJ94/Hermes-Operational-Checkpoint-
Plugin (a hermes context-engine plugin that replaces hermes's compressor) as
a column of the conformance matrix.

  IMPLS_SRC=DIR impls/reyj94-checkpoint/adapter.py --serve

Files: operational_checkpoint/compressor.py (@ 5aa6a188) and
operational_checkpoint/helpers.py (@ 7cc753cd), as impls/IMPLS.json records.

op repair, policy stub: OperationalCheckpointCompressor._sanitize_tool_pairs
(messages), called on the input messages.  It drops tool results whose id no
surviving call has and inserts a stub result (hermes's stub text) after the
assistant message of every unanswered call; it never removes a call, so
policy strip is a skip.  (Its compress() applies it to copies made by
_coerce_message, which also drops every member but role, content,
tool_call_id and tool_calls; the adapter puts the function itself to the
cases, so only pairing is compared.)  The method reads no instance state; it
is called on an instance made without running __init__ (which reads the
plugin's configuration files and the hermes home).

op align-at: OperationalCheckpointCompressor._align_boundary_forward and
  _align_boundary_backward (messages, at), on the input messages; the input
  checks are the reference op's (a list of message objects, or an object
  with a "messages" list).  Neither reads instance state.

op with-prefix: OperationalCheckpointCompressor._with_summary_prefix(summary)
op strip-prefix: helpers.strip_summary_prefix(summary)
  Both are given the summary as hermes's are (a falsy value reads as "", a
  truthy non-string is refused with HCC_E_SHAPE as the reference op does).

Stubs for unrelated imports (the adapter's own):
  agent.context_engine   ContextEngine: an empty base class (the plugin
                         subclasses hermes's engine interface)
  agent.model_metadata   loud (token estimates for compress(), not reached)
  operational_checkpoint.prompt, operational_checkpoint.sidecar
                         loud (summarizer prompt text, TUI sidecar)
The package operational_checkpoint is an empty package module (its
__init__ registers the plugin with hermes).
"""
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402


class _ContextEngine:
    """agent.context_engine.ContextEngine stand-in: the plugin's base class."""


def load(src):
    ac.stub_modules(["agent.model_metadata", "operational_checkpoint.prompt",
                     "operational_checkpoint.sidecar"])
    ac.empty_packages("agent", "operational_checkpoint")
    ce = types.ModuleType("agent.context_engine")
    ce.ContextEngine = _ContextEngine
    sys.modules["agent.context_engine"] = ce
    ns = types.SimpleNamespace()
    ns.helpers = ac.import_file(os.path.join(src, "operational_checkpoint/helpers.py"),
                                "operational_checkpoint.helpers")
    ns.compressor = ac.import_file(os.path.join(src, "operational_checkpoint/compressor.py"),
                                   "operational_checkpoint.compressor")
    return ns


def repair(ns, params, value):
    ac.only_policy(params, "stub", "the plugin's _sanitize_tool_pairs never removes an unanswered call, "
                                   "it inserts a stub result")
    cls = ns.compressor.OperationalCheckpointCompressor
    engine = cls.__new__(cls)
    return ac.with_messages(value, engine._sanitize_tool_pairs(ac.messages_of(value)))


def align_at(ns, params, value):
    msgs = ac.messages_of(value)
    if not all(isinstance(m, dict) for m in msgs):
        raise ac.Reject("HCC_E_SHAPE", "every message must be an object")
    at = params.get("at", 0)
    cls = ns.compressor.OperationalCheckpointCompressor
    engine = cls.__new__(cls)
    return {"forward": engine._align_boundary_forward(msgs, at),
            "backward": engine._align_boundary_backward(msgs, at)}


def _summary(value):
    if value and not isinstance(value, str):
        raise ac.Reject("HCC_E_SHAPE", "summary must be a JSON string (or a falsy value)")
    return value


def with_prefix(ns, params, value):
    return ns.compressor.OperationalCheckpointCompressor._with_summary_prefix(_summary(value))


def strip_prefix(ns, params, value):
    return ns.helpers.strip_summary_prefix(_summary(value))


if __name__ == "__main__":
    sys.exit(ac.main("reyj94-checkpoint", {"repair": repair, "align-at": align_at, "with-prefix": with_prefix,
                                           "strip-prefix": strip_prefix}, load))
