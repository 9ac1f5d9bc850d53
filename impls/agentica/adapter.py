#!/usr/bin/env python3
"""impls/agentica/adapter.py -- shibing624/agentica's tool-pair repair and
JSON-safe argument shrinking as a column of the conformance matrix.

  IMPLS_SRC=DIR impls/agentica/adapter.py --serve

op repair, policy stub: agentica.compression.tool_pairs.sanitize_tool_pairs
(@ 0fee5cce) on its own message class agentica.model.message.Message
(@ 0fee5cce).  It rebuilds the list with every call's result (or a
placeholder) right after its assistant message, and drops orphan results: an
unanswered call gets a placeholder and is never removed, so it is put to the
stub cases (its placeholder text is its own, "[Tool result removed during
compression]"); policy strip is a skip.
  Conversion: each message dict becomes Message.model_validate(dict) (the
  class's own validation: what it refuses is the implementation's crash);
  back, a Message the function returns from its input is written as the
  input dict it was made from (the function never changes a message), and a
  Message it created (a placeholder) as its own Message.to_model_dict().

op truncate-args, truncate_all=true only: agentica.compression.tool_call_args
.shrink_tool_call_arguments_json (@ 77eba1db) with max_string_chars =
head_chars, put to every call exactly as the reference op's truncate_all
selection puts hermes's _truncate_tool_call_args_json
(tools/adapter_ops/truncate_args._truncate_all, imported, with agentica's
shrinker in the place of hermes's).  agentica's own loops
(CompressionManager._shrink_assistant_tool_call_arguments @ 77eba1db,
evict.shrink_tool_call_arguments @ 0fee5cce) also shrink every call of
every assistant message, with no protected tail.  The default selection is
hermes's pass 3 (calls of assistant messages before the protected tail,
arguments longer than 500 characters): agentica has no such selection, so
those cases are a skip.

Stubs for unrelated imports (the adapter's own):
  agentica.utils (agentica.utils.log)   its `logger` is a logger whose methods
                                        do nothing (sanitize_tool_pairs logs
                                        debug counts); the rest loud
  agentica.media                        loud (AudioResponse: only a field type
                                        of Message, never a value here)
The packages agentica, agentica.model and agentica.compression are empty
package modules, so that their __init__ files (the whole SDK) are not run.
"""
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tools"))
from adapter_ops import truncate_args as truncate_args_op  # noqa: E402


def load(src):
    ac.stub_modules(["agentica.utils", "agentica.media"])
    ac.empty_packages("agentica", "agentica.model", "agentica.compression")
    import agentica.utils.log as log  # the stub module; logger must be a real value
    log.logger = ac.QuietLogger()
    ns = types.SimpleNamespace()
    ns.message = ac.import_file(os.path.join(src, "agentica/model/message.py"), "agentica.model.message")
    ns.tool_pairs = ac.import_file(os.path.join(src, "agentica/compression/tool_pairs.py"),
                                   "agentica.compression.tool_pairs")
    ns.tool_call_args = ac.import_file(os.path.join(src, "agentica/compression/tool_call_args.py"),
                                       "agentica.compression.tool_call_args")
    return ns


def repair(ns, params, value):
    ac.only_policy(params, "stub", "agentica's sanitize_tool_pairs never removes an unanswered call, it "
                                   "inserts a placeholder result")
    dicts = ac.messages_of(value)
    Message = ns.message.Message
    objs = [Message.model_validate(d) for d in dicts]
    origin = {id(o): d for o, d in zip(objs, dicts)}
    out = ns.tool_pairs.sanitize_tool_pairs(objs)
    return ac.with_messages(value, [origin[id(m)] if id(m) in origin else m.to_model_dict() for m in out])


def truncate_args(ns, params, value):
    ac.require_params(params, {"truncate_all", "head_chars"})
    if not params.get("truncate_all"):
        raise ac.Unsupported("the default selection is pass 3 of hermes's _prune_old_tool_results "
                             "(outside the protected tail, arguments over 500 characters): agentica "
                             "shrinks every call and has no such selection; only truncate_all is put to it")
    head = params.get("head_chars")
    head = 200 if head is None else head
    shrink = ns.tool_call_args.shrink_tool_call_arguments_json
    h = types.SimpleNamespace(cc=types.SimpleNamespace(
        _truncate_tool_call_args_json=lambda args, head_chars: shrink(args, max_string_chars=head_chars)))
    msgs = ac.messages_of(value)
    return ac.with_messages(value, truncate_args_op._truncate_all(h, msgs, head))


if __name__ == "__main__":
    sys.exit(ac.main("agentica", {"repair": repair, "truncate-args": truncate_args}, load))
