"""prune -- old tool-output pruning (spec PRUNE-*): the pinned
ContextCompressor._prune_old_tool_results, called as compress() calls it
(Phase 1): protect_tail_count=protect_last_n, protect_tail_tokens=the
compressor's tail_token_budget (a budget of 0 switches to the message
count), min_prune_chars left at its default.

Output: the pruned transcript, in the input's wrapper; with explain=true
{"pruned": <hermes's count>, "result": <that transcript>}.
"""


def messages_of(h, value):
    """The message list of a transcript (MODEL-1)."""
    msgs = value.get("messages") if isinstance(value, dict) else value
    if not isinstance(msgs, list) or not all(isinstance(m, dict) for m in msgs):
        raise h.Reject("HCC_E_SHAPE", "input is not a transcript")
    return msgs


def wrap(value, msgs):
    """The transcript in the input's wrapper (MODEL-2)."""
    return {**value, "messages": msgs} if isinstance(value, dict) else msgs


def run(h, params, value):
    msgs = messages_of(h, value)
    c = h.compressor(params)
    result, pruned = c._prune_old_tool_results(
        msgs, protect_tail_count=c.protect_last_n,
        protect_tail_tokens=c.tail_token_budget)
    out = wrap(value, result)
    if params.get("explain"):
        return {"pruned": pruned, "result": out}
    return out
