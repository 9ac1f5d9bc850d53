"""prune-only -- the proactive prune behind its reclaim gate (spec
PRUNE-*): the pinned ContextCompressor.prune_tool_results_only.

The proactive_prune_* parameters are handed to ContextCompressor exactly as
a configuration gives them (its __init__ applies `or` defaults and floors);
current_tokens is the method's argument (absent, null or -1: None).  When
hermes hands back its input list (disabled, below the trigger, too few
messages, nothing pruned, or the reclaim gate says no) the output is the
input value unchanged.

Output: the transcript in the input's wrapper; with explain=true
{"pruned": <hermes's count>, "result": <that transcript>}.
"""
from adapter_ops.prune import messages_of, wrap

_PROACTIVE = ("proactive_prune_tokens", "proactive_prune_min_result_chars",
              "proactive_prune_min_reclaim_tokens")


def run(h, params, value):
    msgs = messages_of(h, value)
    c = h.compressor(params)
    # looked up first: a version without the method (the matrix's history
    # columns) is then "has no prune_tool_results_only", not a TypeError
    # of the constructor below
    prune = c.prune_tool_results_only
    # Re-run the three assignments of ContextCompressor.__init__ with the
    # configured values (h.compressor passes hermes's defaults).
    kw = {k: params[k] for k in _PROACTIVE if params.get(k) is not None}
    fresh = h.new_compressor(model="hcc-reference-model", quiet_mode=True,
                             config_context_length=params.get("context_length", 128000), **kw)
    for k in _PROACTIVE:
        setattr(c, k, getattr(fresh, k))
    current = params.get("current_tokens")
    if current == -1:
        current = None
    result, pruned = prune(msgs, current_tokens=current)
    out = value if result is msgs else wrap(value, result)
    if params.get("explain"):
        return {"pruned": pruned, "result": out}
    return out
