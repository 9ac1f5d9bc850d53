"""align-at -- _align_boundary_forward(messages, at) and
_align_boundary_backward(messages, at) of the pinned ContextCompressor
(spec ALIGN-16), called on the messages as given.

Both methods read no instance state, so they are called on an instance
made without __init__ (whose parameters older versions name differently).
The input checks are align's (ALIGN-1): a list of message objects, or an
object with a "messages" list.  Output: {"forward": F, "backward": B}.
"""
from adapter_ops.align import _messages


def run(h, params, value):
    msgs = _messages(h, value)
    at = params.get("at", 0)
    if not isinstance(at, int) or isinstance(at, bool) or at < 0:
        raise h.Reject("HCC_E_PARAM", "at must be an integer from 0")
    cls = h.cc.ContextCompressor
    c = cls.__new__(cls)
    return {"forward": c._align_boundary_forward(msgs, at),
            "backward": c._align_boundary_backward(msgs, at)}
