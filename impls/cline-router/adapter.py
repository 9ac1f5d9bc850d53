#!/usr/bin/env python3
"""impls/cline-router/adapter.py -- walraven2/cline-router's tool-pair repair
(responses_api.py @ 84666ed9, `_sanitize_tool_pairs`) as a column of the
conformance matrix.

  IMPLS_SRC=DIR impls/cline-router/adapter.py --serve

op repair, policy strip: responses_api._sanitize_tool_pairs(messages), the
function _input_items_to_messages applies to every translated Responses
request.  It removes unanswered calls and orphan results, so it is put to
the strip cases; it never inserts a result, so policy stub is a skip.

The function takes and returns a list of chat-completions message dicts,
which is hcc's data model: the only conversion is the wrapper object
(MODEL-2).  responses_api.py imports only json, time and uuid: no stubs.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402


def load(src):
    return ac.import_file(os.path.join(src, "responses_api.py"), "cline_router_responses_api")


def repair(mod, params, value):
    ac.only_policy(params, "strip", "cline-router's _sanitize_tool_pairs only removes (unanswered calls, "
                                    "orphan results); it never inserts a stub")
    return ac.with_messages(value, mod._sanitize_tool_pairs(ac.messages_of(value)))


if __name__ == "__main__":
    sys.exit(ac.main("cline-router", {"repair": repair}, load))
