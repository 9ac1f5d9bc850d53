#!/usr/bin/env python3
"""impls/nanobot/adapter.py -- HKUDS/nanobot's tool-pair repair
(nanobot/agent/context_governance.py @ 3852956a) as a column of the
conformance matrix.

  IMPLS_SRC=DIR impls/nanobot/adapter.py --serve

op repair, policy stub: the pairing steps of ContextGovernor.prepare_for_model,
in the order that caller applies them:

    strip_malformed_tool_calls -> drop_orphan_tool_results
    -> backfill_missing_tool_results -> drop_orphan_tool_results
    -> backfill_missing_tool_results

prepare_for_model also runs strip_placeholder_assistant_messages first (it
drops assistant messages reading "[Previous assistant message omitted.]", not
a PAIRS rule) and, between the two drop/backfill rounds, three content and
budget steps (apply_tool_result_budget, compact_inflight_overflow,
snip_history) that need a provider, a token estimator and a tool registry;
with no context window configured the last two return their input, and the
first rewrites only oversized tool-result content.  None of them is run.

nanobot answers an unanswered call by inserting a result
(backfill_missing_tool_results), never by removing the call, so it is put
to the `stub` cases; its stub text is its own BACKFILL_CONTENT (not hermes's
"[Result from earlier conversation — see context summary above]") and the
stub message carries a `name` member: the stub cases show that as a
difference.  policy strip (unanswered calls removed, PAIRS-3) is a skip:
nanobot has no such step (strip_malformed_tool_calls removes only calls
without a usable function name).

Stubs for unrelated imports (the adapter's own):
  loguru                 a logger whose methods do nothing (the repair steps
                         log a warning/debug line; nothing else is read)
  nanobot.utils.helpers, nanobot.utils.runtime, nanobot.agent.tools,
  nanobot.providers      loud stubs: the token/persist helpers are used only
                         by the budget steps, never by the repair steps.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402

FILE = "nanobot/agent/context_governance.py"


def load(src):
    ac.stub_modules(["loguru", "nanobot.utils", "nanobot.agent.tools", "nanobot.providers"])
    ac.empty_packages("nanobot", "nanobot.agent")
    import loguru  # the stub module; the logger must be a real value
    loguru.logger = ac.QuietLogger()
    return ac.import_file(os.path.join(src, FILE), "nanobot.agent.context_governance")


def repair(mod, params, value):
    ac.only_policy(params, "stub", "nanobot never removes an unanswered call, it backfills a result "
                                   "(backfill_missing_tool_results)")
    g = mod.ContextGovernor
    msgs = ac.messages_of(value)
    out = g.strip_malformed_tool_calls(msgs)
    out = g.drop_orphan_tool_results(out)
    out = g.backfill_missing_tool_results(out)
    out = g.drop_orphan_tool_results(out)
    out = g.backfill_missing_tool_results(out)
    return ac.with_messages(value, out)


if __name__ == "__main__":
    sys.exit(ac.main("nanobot", {"repair": repair}, load))
