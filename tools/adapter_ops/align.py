"""align -- compaction boundaries from the pinned hermes functions
(spec ALIGN-*).

Runs the chain of ContextCompressor.compress()'s Phase 2 on the messages
as given: _protect_head_size, _align_boundary_forward,
_find_tail_cut_by_tokens, then the bridge step compress() applies when the
tail would start at the latest actionable user turn.  The intermediate
values of explain=true are observed, not recomputed: the instance methods
_find_tail_cut_by_tokens calls are wrapped to record what they were given
and what they returned.
"""


def _messages(h, value):
    msgs = value.get("messages") if isinstance(value, dict) else value
    if not isinstance(msgs, list):
        raise h.Reject("HCC_E_SHAPE", "input is not a list of messages")
    if not all(isinstance(m, dict) for m in msgs):
        raise h.Reject("HCC_E_SHAPE", "every message must be an object")
    return msgs


def _budget_tokens(h, msgs):
    """Every message's tail-walk estimate.  hermes raises TypeError on some
    shapes when its walk reaches them; hcc rejects them up front
    (DIV-ALIGN-1)."""
    out = []
    for m in msgs:
        try:
            out.append(h.cc._estimate_msg_budget_tokens(m))
        except TypeError as e:
            raise h.Reject("HCC_E_SHAPE", "hermes's estimate raises TypeError: %s" % e)
    return out


class _Recorder:
    """Wraps instance methods and keeps (name, args, result) of each call."""

    def __init__(self, c, names):
        self.calls = []
        self.c = c
        for name in names:
            orig = getattr(c, name)
            setattr(c, name, self._wrap(name, orig))

    def _wrap(self, name, orig):
        def wrapper(*args):
            r = orig(*args)
            self.calls.append((name, args, r))
            return r
        return wrapper

    def first(self, name):
        return next((c for c in self.calls if c[0] == name), None)


def _bridge(c, msgs, compress_start, compress_end, latest):
    """compress()'s guard against a tail that starts at the latest
    actionable user turn: keep the assistant (or the assistant whose tool
    results end just before the user) in the tail instead, when that is
    past compress_start."""
    if compress_end != latest:
        return compress_end
    prev = latest - 1
    if prev >= 0 and msgs[prev].get("role") == "tool":
        prev = c._align_boundary_backward(msgs, latest)
    elif prev < 0 or msgs[prev].get("role") != "assistant":
        prev = -1
    return prev if prev > compress_start else compress_end


def run(h, params, value):
    msgs = _messages(h, value)
    tokens = _budget_tokens(h, msgs)
    c = h.compressor(params)
    has_content = c.has_content_to_compress(msgs)
    eff = h.call(c._effective_protect_first_n, msgs)
    head_end = c._protect_head_size(msgs)
    compress_start = c._align_boundary_forward(msgs, head_end)
    rec = _Recorder(c, ["_align_boundary_backward", "_ensure_last_user_message_in_tail",
                        "_ensure_last_assistant_message_in_tail",
                        "_ensure_last_n_user_messages_in_tail"])
    tail_cut = c._find_tail_cut_by_tokens(msgs, compress_start)
    latest = c._find_last_user_message_idx(msgs, 0)
    compress_end = _bridge(c, msgs, compress_start, tail_cut, latest)
    out = {"head_end": head_end, "compress_start": compress_start, "compress_end": compress_end}
    if not params.get("explain"):
        return out
    back = rec.first("_align_boundary_backward")
    last_n = rec.first("_ensure_last_n_user_messages_in_tail")
    out["steps"] = {
        "effective_protect_first_n": eff,
        "protect_head_size": head_end,
        "align_boundary_forward": compress_start,
        "threshold_tokens": c.threshold_tokens,
        "tail_token_budget": c.tail_token_budget,
        "budget_tokens": tokens,
        "tail_cut_candidate": back[1][1],
        "align_boundary_backward": back[2],
        "ensure_last_user_message_in_tail": rec.first("_ensure_last_user_message_in_tail")[2],
        "ensure_last_assistant_message_in_tail": rec.first("_ensure_last_assistant_message_in_tail")[2],
        "ensure_last_n_user_messages_in_tail": last_n[2] if last_n else None,
        "find_tail_cut_by_tokens": tail_cut,
        "has_content_to_compress": has_content,
        "find_last_user_message_idx": latest,
        "bridge": compress_end,
    }
    return out
