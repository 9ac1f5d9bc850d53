"""truncate-args (spec ARGS-*): pass 3 of hermes's _prune_old_tool_results,
with hermes's own _truncate_tool_call_args_json doing the shrinking.

Default selection: the whole _prune_old_tool_results runs as compress()
calls it (protect_tail_count=protect_last_n, protect_tail_tokens=the
compressor's tail_token_budget), and only what pass 3 did is kept: passes
1 and 2 rewrite tool-role messages only, pass 3 assistant messages only, so
the output takes assistant messages from hermes's result and every other
message from the input.  Pass 4 (pressure demotion inside the protected
tail) is a PRUNE rule, not ARGS: it is switched off for the call by raising
_PRESSURE_KEEP_RECENT_MESSAGES, which makes its entry condition false.

head_chars other than 200 is handed to the shrinker (pass 3 itself always
uses the default) by wrapping the module-level function for the call.

truncate_all=true applies _truncate_tool_call_args_json to every call of
every message, with the same object rebuilding pass 3 does; an assistant
message's tool_calls is iterated as pass 3 iterates it.
"""
import functools
import inspect


def _with_args(tc, new_args):
    return {**tc, "function": {**tc["function"], "arguments": new_args}}


def _truncate_all(h, msgs, head):
    out = []
    for msg in msgs:
        tcs = msg.get("tool_calls")
        if msg.get("role") == "assistant":
            tcs = tcs or []  # iterated as hermes iterates it: a number raises
        elif not isinstance(tcs, list):
            out.append(msg)
            continue
        new_tcs, modified = [], False
        for tc in tcs:
            fn = tc.get("function") if isinstance(tc, dict) else None
            if isinstance(fn, dict) and isinstance(fn.get("arguments"), str):
                args = fn["arguments"]
                new_args = h.cc._truncate_tool_call_args_json(args, head)
                if new_args != args:
                    tc = _with_args(tc, new_args)
                    modified = True
            new_tcs.append(tc)
        out.append({**msg, "tool_calls": new_tcs} if modified else msg)
    return out


def _pass3(h, params, msgs, head):
    cc = h.cc
    c = h.compressor(params)
    # Older hermes versions (impls/hermes/adapter.py) have no pass 4 and no
    # shrinker (they slice): only what a version has is switched or wrapped,
    # and a head_chars the version cannot take is its AttributeError.
    saved = {}
    if hasattr(cc, "_PRESSURE_KEEP_RECENT_MESSAGES"):
        saved["_PRESSURE_KEEP_RECENT_MESSAGES"] = cc._PRESSURE_KEEP_RECENT_MESSAGES
        cc._PRESSURE_KEEP_RECENT_MESSAGES = 1 << 62
    if head != 200:
        saved_fn = saved["_truncate_tool_call_args_json"] = cc._truncate_tool_call_args_json
        cc._truncate_tool_call_args_json = functools.partial(saved_fn, head_chars=head)
    kw = {"protect_tail_count": c.protect_last_n}
    if "protect_tail_tokens" in inspect.signature(c._prune_old_tool_results).parameters:
        kw["protect_tail_tokens"] = c.tail_token_budget
    try:
        result, _ = c._prune_old_tool_results(msgs, **kw)
    finally:
        for name, v in saved.items():
            setattr(cc, name, v)
    return [r if m.get("role") == "assistant" else m for m, r in zip(msgs, result)]


def run(h, params, value):
    head = params.get("head_chars")
    head = 200 if head is None else head
    msgs = value["messages"] if isinstance(value, dict) else value
    if params.get("truncate_all"):
        out = _truncate_all(h, msgs, head)
    else:
        out = _pass3(h, params, msgs, head)
    if isinstance(value, dict):
        return {**value, "messages": out}
    return out
