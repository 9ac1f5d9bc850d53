"""redact -- redact_sensitive_text(text, force=True) of the pinned
agent/redact.py (spec REDACT-*).  The input is the text as a JSON string;
any other value is rejected as hcc rejects it (HCC_E_SHAPE).

agent/redact.py imports agent.file_safety and hermes_constants, which are
not pinned; only what the redact op never reaches uses them (the
secret-file classifier, the per-profile switch that force=True skips) or
the empty vault registry's profile key, so stand-ins replace them here and
the module is loaded under a private name: the compressor's own import of
agent.redact stays the adapter's stub (tools/adapter_stubs.py)."""
import importlib.util
import os
import sys
import types

_MOD = None


def load(src):
    """The pinned agent/redact.py from src, loaded once."""
    global _MOD
    if _MOD is not None:
        return _MOD
    path = os.path.join(src, "agent", "redact.py")
    if not os.path.exists(path):
        raise FileNotFoundError(
            "HERMES_SRC has no agent/redact.py: fetch it at the pinned redaction commit "
            "(README.md, 'Checking the corpus against hermes')")
    saved = {k: sys.modules.get(k) for k in ("agent.file_safety",)}
    fs = types.ModuleType("agent.file_safety")
    fs._BLOCKED_PROJECT_ENV_BASENAMES = frozenset()
    fs._hermes_dirs = lambda: []
    if "agent" not in sys.modules:
        pkg = types.ModuleType("agent")
        pkg.__path__ = [os.path.join(src, "agent")]
        sys.modules["agent"] = pkg
    sys.modules["agent.file_safety"] = fs
    try:
        spec = importlib.util.spec_from_file_location("hcc_pinned_redact", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    # The vault registry is keyed by the profile home (hermes_constants,
    # imported at call time); it is empty here, so any key reads nothing.
    mod._vault_scope = lambda: "hcc-adapter"
    _MOD = mod
    return mod


def redact(src, value):
    if not isinstance(value, str):
        from adapter_protocol import Reject
        raise Reject("HCC_E_SHAPE", "redact takes a JSON string")
    return load(src).redact_sensitive_text(value, force=True)


def run(h, params, value):
    return redact(h.src, value)
