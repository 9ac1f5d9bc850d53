"""strip-media -- historical media stripping (spec PRUNE-11, PRUNE-12):
the pinned _strip_historical_media, which compress() applies to its
assembled result, here applied to a transcript on its own.  Needs
agent/turn_context.py in HERMES_SRC (its drop_stale_api_content)."""
from adapter_ops.prune import messages_of, wrap


def run(h, params, value):
    msgs = messages_of(h, value)
    return wrap(value, h.cc._strip_historical_media(msgs))
