#!/usr/bin/env python3
"""impls/hermes-prerequest/adapter.py NAME -- hermes-agent's *other* tool-pair
repair as a column of the conformance matrix: the pre-request repair
agent/agent_runtime_helpers.py:repair_message_sequence, which hermes runs on
the live history right before every API call (the compressor's
_sanitize_tool_pairs runs only inside compaction).

  IMPLS_SRC=DIR impls/hermes-prerequest/adapter.py NAME --serve

NAME is an implementation of impls/IMPLS.json whose one file is that
module at one commit (IMPLS_SRC/NAME/agent/agent_runtime_helpers.py).

op repair, policy strip: repair_message_sequence(None, messages) on a deep
copy of the input list (it rewrites the list in place and returns a count;
its `agent` argument is not read by it).  Its passes: merge consecutive
assistant messages (Pass 0), drop tool messages that follow no known call
of the nearest assistant before them (Pass 1), merge consecutive user
messages (Pass 2).  It never removes or answers an unanswered call (its
docstring leaves that to another stripper), so it is put to the strip cases,
where that shows as a difference; policy stub is a skip.  No input shape is
refused up front: what it raises on is its crash.

Stubs: every module the file imports at load time (hermes_cli.timeouts,
agent.prompt_builder, agent.tool_dispatch_helpers, agent.trajectory,
agent.credential_pool, agent.error_classifier, utils) is loaded through the
history adapter's tolerant loader (impls/hermes/adapter.py load_version):
names it lacks are loud stubs that raise if reached; run_agent (reached
only through _ra(), by the logging and the corrupted-arguments paths) is a
loud stub too.
"""
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "hermes"))
import adapter_common as ac  # noqa: E402

FILE = "agent/agent_runtime_helpers.py"


def load(src):
    import adapter as hermes_history  # impls/hermes/adapter.py: the tolerant loader
    ac.stub_modules(["hermes_cli", "agent.prompt_builder", "agent.tool_dispatch_helpers", "agent.trajectory",
                     "agent.credential_pool", "agent.error_classifier", "utils", "run_agent"])
    ac.empty_packages("agent")
    stubbed = []
    return hermes_history.load_version(os.path.join(src, FILE), stubbed, "agent.agent_runtime_helpers")


def repair(mod, params, value):
    ac.only_policy(params, "strip", "the pre-request repair drops stray results and never answers an "
                                    "unanswered call")
    msgs = copy.deepcopy(ac.messages_of(value))
    mod.repair_message_sequence(None, msgs)
    return ac.with_messages(value, msgs)


if __name__ == "__main__":
    sys.exit(ac.main(sys.argv[1] if len(sys.argv) > 1 else "", {"repair": repair}, load, [sys.argv[0]] + sys.argv[2:]))
