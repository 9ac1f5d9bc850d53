"""trajectory -- trajectory compression by the pinned trajectory_compressor.py
(spec TRAJ-*).

Runs TrajectoryCompressor.process_entry_async, the path hermes's batch
runner takes for every JSONL line, on the one entry given as input, and
returns the entry it produces (the input with "conversations" replaced and,
when compressed, "compression_metrics" added).

What the adapter supplies, and nothing else:
  - the token counter: hermes loads a HuggingFace tokenizer, which cannot be
    had here; the tokenizer the adapter installs raises on encode, so
    count_tokens takes its own documented fallback len(text) // 4 (TRAJ-2);
  - the summarizer: the async client hermes would call is replaced by one
    whose chat.completions.create returns the deterministic stub body
    (TRAJ-7) as the model's message content; hermes's own _finish_summary,
    retry loop and _assemble_compressed do the rest.  With summarizer_fail
    the call raises instead, as a failing provider would;
  - stand-ins for modules the file imports at load time but that are not
    pinned and play no part in the rules (rich, fire, the .env loader, the
    retry backoff, the prompt's elision helper).  The backoff stand-in
    returns 0 so failing attempts do not sleep; the elision helper only
    shapes the prompt text, which the stub summarizer does not read.

A hermes crash (TypeError, AttributeError, KeyError raised by the pinned
code) is answered with HCC_E_SHAPE: the spec's DIV-TRAJ-* list says which
inputs those are, and the conformance run checks hcc rejects the same ones.
"""
import asyncio
import contextlib
import logging
import sys
import types
from types import SimpleNamespace

_TYPES = {"human": "user", "gpt": "assistant", "tool": "tool"}

# Parameters by hermes's CompressionConfig names, with hermes's defaults.
_CONFIG = {
    "target_max_tokens": 15250,
    "summary_target_tokens": 750,
    "protect_first_system": True,
    "protect_first_human": True,
    "protect_first_gpt": True,
    "protect_first_tool": True,
    "protect_last_n_turns": 4,
    "add_summary_notice": True,
    "max_retries": 3,
    "metrics_per_trajectory": True,
}


def _stub_module(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    m.__hcc_stub__ = True
    return m


def _elide_middle(text, head, tail):
    # Prompt formatting only (the stub summarizer ignores the prompt).
    return text[:head] + "\n...\n" + text[-tail:]


class _Quiet:
    def __init__(self, *a, **k):
        pass

    def __getattr__(self, name):
        return lambda *a, **k: None


def _load(h):
    """Imports trajectory_compressor.py with the load-time stand-ins."""
    if h._traj is not None:
        return h._traj
    need = {
        "fire": dict(Fire=lambda *a, **k: None),
        "rich": dict(),
        "rich.progress": {n: _Quiet for n in ("Progress", "SpinnerColumn", "TextColumn", "BarColumn",
                                              "TaskProgressColumn", "TimeElapsedColumn",
                                              "TimeRemainingColumn")},
        "rich.console": dict(Console=_Quiet),
        "agent.compression_marker": dict(elide_middle=_elide_middle),
        "agent.retry_utils": dict(jittered_backoff=lambda *a, **k: 0.0),
        "hermes_cli": dict(),
        "hermes_cli.env_loader": dict(load_hermes_dotenv=lambda *a, **k: None),
    }
    for name, attrs in need.items():
        if name in sys.modules:
            continue
        try:
            __import__(name)
            if name == "agent.retry_utils":  # never sleep between failed attempts
                sys.modules[name].jittered_backoff = lambda *a, **k: 0.0
            continue
        except ImportError:
            pass
        mod = _stub_module(name, **attrs)
        if name in ("rich", "hermes_cli"):
            mod.__path__ = []
        sys.modules[name] = mod
        parent, _, leaf = name.rpartition(".")
        if parent and parent in sys.modules:
            setattr(sys.modules[parent], leaf, mod)
    hc = sys.modules.get("hermes_constants")
    saved = None
    if hc is not None and getattr(hc, "__hcc_stub__", False):
        if not hasattr(hc, "OPENROUTER_BASE_URL"):
            hc.OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1"
        # called once at import time, for the .env loader (a stand-in here)
        saved = hc.get_hermes_home
        hc.get_hermes_home = lambda: "/nonexistent-hermes-home"
    try:
        return h.traj
    finally:
        if saved is not None:
            hc.get_hermes_home = saved


def stub_body(turns):
    """The deterministic stub summary of the turns being compacted (TRAJ-7)."""
    counts = {"user": 0, "assistant": 0, "tool": 0, "other": 0}
    for t in turns:
        frm = t.get("from")
        counts[_TYPES.get(frm, "other") if isinstance(frm, str) else "other"] += 1
    return ("## Historical Task Snapshot\n"
            "Deterministic stub summary: %d messages compacted (%d user, %d assistant, %d tool, %d other).\n"
            "Tool calls: none" % (len(turns), counts["user"], counts["assistant"], counts["tool"],
                                  counts["other"]))


class _NoTokenizer:
    """encode raises, so count_tokens uses its fallback len(text) // 4."""

    def encode(self, text):
        raise RuntimeError("hcc adapter: no tokenizer; count_tokens falls back to len(text) // 4")


def config(T, params):
    kw = {}
    for name, default in _CONFIG.items():
        v = params.get(name)
        kw[name] = default if v is None else v
    return T.CompressionConfig(**kw)


def compressor(h, params):
    """A TrajectoryCompressor built by hermes's own __init__, minus the
    tokenizer download and the provider client (replaced, see above)."""
    T = _load(h)
    cfg = config(T, params)
    cls = T.TrajectoryCompressor
    init_tok, init_sum = cls._init_tokenizer, cls._init_summarizer
    cls._init_tokenizer = cls._init_summarizer = lambda self: None
    try:
        tc = cls(cfg)
    finally:
        cls._init_tokenizer, cls._init_summarizer = init_tok, init_sum
    tc.tokenizer = _NoTokenizer()
    tc.logger = logging.getLogger("hcc-adapter-trajectory")
    tc._use_call_llm = False
    return tc


def install_summarizer(tc, fail):
    """Records the region _plan_compression picks and answers the summary
    request with the stub body of exactly those turns."""
    seen = {}
    plan = tc._plan_compression

    def recording_plan(trajectory, metrics):
        region = plan(trajectory, metrics)
        seen["turns"] = trajectory[region[0]:region[1]] if region else []
        return region

    async def create(**kwargs):
        if fail:
            raise RuntimeError("hcc adapter: summarizer_fail")
        msg = SimpleNamespace(content=stub_body(seen["turns"]))
        return SimpleNamespace(choices=[SimpleNamespace(message=msg, finish_reason="stop")])

    client = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=create)))
    tc._plan_compression = recording_plan
    tc._get_async_client = lambda: client
    tc.client = None


def run(h, params, value):
    tc = compressor(h, params)
    install_summarizer(tc, bool(params.get("summarizer_fail")))
    try:
        result, _metrics = asyncio.run(tc.process_entry_async(value))
    except (TypeError, AttributeError, KeyError) as e:
        raise h.Reject("HCC_E_SHAPE", "hermes raises %s: %s" % (type(e).__name__, e))
    return result
