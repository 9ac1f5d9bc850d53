#!/usr/bin/env python3
"""impls/hermes/adapter.py NAME -- one adapter for every hermes-agent column
of the conformance matrix: the pinned commit and the versions of its history.

  HERMES_SRC=DIR [IMPLS_SRC=DIR] impls/hermes/adapter.py NAME --serve

NAME is an implementation of impls/IMPLS.json of kind "hermes".  Two kinds:
  - "tree": true (the history columns): IMPLS_SRC/NAME holds the version's
    own agent/context_compressor.py, agent/model_metadata.py,
    trajectory_compressor.py and (where that commit's compressor imports it)
    agent/turn_context.py, all of one commit; HERMES_SRC is not needed;
  - otherwise (the pinned column): the files of HERMES_SRC, and with
    "compressor" set, another compressor file under its source folder.
Everything else the version imports comes from tools/adapter_stubs.py, as
for tools/hermes_adapter.py.

The ops are the reference adapter's own (tools/adapter_ops/), run on the
version's module, so every column is asked the same question the same way.
What a version cannot answer is a skip (exit 3), never a guess:
  - an op its entry does not list under "ops";
  - a repair policy other than the entry's "repair_policy" (a version has
    one design: stub insertion or stripping); a version with no repair at
    all ("none") answers every repair case with its input unchanged, as its
    compress() sends the transcript on;
  - an op that needs a function or constant the version does not define
    (an AttributeError on the version's module or ContextCompressor is read
    as "this version has no X", any other exception is the version's crash);
  - a compressor parameter its ContextCompressor() does not take, at a value
    other than hermes's default.
Names an old version imports that the pinned modules no longer define are
loud stubs (impls/adapter_common.py): they raise if reached, so a case that
depends on one is a crash that names it, not a silent stand-in.
"""
import builtins
import functools
import inspect
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.dirname(HERE))
import adapter_common as ac  # noqa: E402
import adapter_protocol  # noqa: E402
import hermes_adapter  # noqa: E402
import impls_registry  # noqa: E402
from adapter_ops import repair as repair_op  # noqa: E402

# compressor keyword -> protocol parameter, for the parameters
# Hermes.compressor() passes (the others are fixed by the adapter)
_KW_PARAM = {"threshold_percent": "threshold_percent", "protect_first_n": "protect_first_n",
             "protect_last_n": "protect_last_n", "summary_target_ratio": "summary_target_ratio",
             "config_context_length": "context_length",
             "abort_on_summary_failure": "abort_on_summary_failure",
             "min_tail_user_messages": "min_tail_user_messages"}


class _Proxy:
    """A module seen through `from M import a, b`: names it lacks are loud
    stubs (an old version importing what the pinned module dropped)."""

    def __init__(self, mod, stubbed):
        self._mod = mod
        self._stubbed = stubbed

    def __getattr__(self, name):
        try:
            return getattr(self._mod, name)
        except AttributeError:
            qual = "%s.%s" % (self._mod.__name__, name)
            self._stubbed.append(qual)
            return ac._loud(qual)


def _tolerant_import(stubbed):
    real = builtins.__import__

    def imp(name, globals=None, locals=None, fromlist=(), level=0):
        try:
            mod = real(name, globals, locals, fromlist, level)
        except ModuleNotFoundError:
            stubbed.append(name)
            mod = ac._StubModule(name)
        return _Proxy(mod, stubbed) if fromlist else mod
    return imp


def load_version(path, stubbed, modname="agent.context_compressor"):
    """Executes one version of a hermes module (agent/context_compressor.py
    by default) as that module, its imports resolved against the files on
    sys.path first and loud stubs for what is not there."""
    import types
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec")
    mod = types.ModuleType(modname)
    mod.__file__ = path
    mod.__package__ = modname.rpartition(".")[0]
    b = dict(builtins.__dict__)
    b["__import__"] = _tolerant_import(stubbed)
    mod.__dict__["__builtins__"] = b
    sys.modules[modname] = mod
    exec(code, mod.__dict__)
    return mod


class HermesVersion(hermes_adapter.Hermes):
    """hermes_adapter.Hermes over one version's compressor module."""

    def __init__(self, pinned_src, version_path, tree=False):
        import adapter_stubs
        import importlib
        adapter_stubs.install(pinned_src)
        sys.path.insert(0, pinned_src)
        self.src = pinned_src
        self.stubbed = []
        if tree:
            # a version's own tree: its model_metadata.py (token estimators)
            # and turn_context.py (drop_stale_api_content) are of the same
            # commit, loaded as the compressor is: what they import and the
            # pinned stubs lack is a loud stub
            for mod in ("agent.turn_context", "agent.model_metadata"):
                path = os.path.join(pinned_src, *mod.split(".")) + ".py"
                if os.path.exists(path):
                    load_version(path, self.stubbed, mod)
            self.mm = sys.modules["agent.model_metadata"]
        if version_path is None:
            self.cc = importlib.import_module("agent.context_compressor")
        else:
            self.cc = load_version(version_path, self.stubbed)
        if not tree:
            self.mm = importlib.import_module("agent.model_metadata")
        self._traj = None
        self.Reject = ac.Reject
        self.Unsupported = ac.Unsupported

    def compressor(self, params):
        cls = self.cc.ContextCompressor
        accepted = inspect.signature(cls.__init__).parameters
        if not any(p.kind == p.VAR_KEYWORD for p in accepted.values()):
            for kw, name in _KW_PARAM.items():
                if kw not in accepted and not adapter_protocol._is_default(name, params.get(name)):
                    raise ac.Unsupported("this version's ContextCompressor has no %s (parameter %s)"
                                         % (kw, name))
        if not adapter_protocol._is_default("previous_summary", params.get("previous_summary")) \
                and not keeps_state(cls, "_previous_summary"):
            # Hermes.compressor sets the attribute on any object; on a version
            # that never reads it that would be a chain the version does not have
            raise ac.Unsupported("this version's ContextCompressor keeps no _previous_summary "
                                 "(parameter previous_summary)")
        return super().compressor(params)

    def new_compressor(self, **kw):
        """The version's ContextCompressor given only the keywords its
        constructor takes (the others were checked to be at hermes's
        default by compressor())."""
        cls = self.cc.ContextCompressor
        accepted = inspect.signature(cls.__init__).parameters
        if not any(p.kind == p.VAR_KEYWORD for p in accepted.values()):
            kw = {k: v for k, v in kw.items() if k in accepted}
        return cls(**kw)


def keeps_state(cls, attr):
    """Whether any method of cls (or of its bases) reads or writes
    self.<attr>: a version whose code never names the attribute has no such
    state, whatever an adapter stores on the object."""
    for klass in inspect.getmro(cls):
        for f in vars(klass).values():
            f = getattr(f, "__func__", f)
            code = getattr(f, "__code__", None)
            if code is not None and _names(code, attr):
                return True
    return False


def _names(code, attr):
    if attr in code.co_names:
        return True
    return any(_names(c, attr) for c in code.co_consts if hasattr(c, "co_names"))


def _missing_name(h, e):
    """The name a version lacks, when AttributeError e says so."""
    obj = getattr(e, "obj", None)
    owners = [(h.cc, getattr(h.cc, "ContextCompressor", None))]
    traj = sys.modules.get("trajectory_compressor")
    if traj is not None:
        owners.append((traj, getattr(traj, "TrajectoryCompressor", None)))
    for mod, cls in owners:
        if obj is mod or obj is cls or (cls is not None and isinstance(obj, cls)):
            return e.name
    return None


def _repair(h, entry, params, value):
    policy = params.get("policy") or "strip"
    have = entry.get("repair_policy", "none")
    if policy not in ("strip", "stub"):
        raise ac.Reject("HCC_E_PARAM", "policy must be strip or stub")
    if have == "none":
        # no _sanitize_tool_pairs at all: the transcript goes on to the
        # provider as compaction left it, orphans included -- the behaviour
        # the repair rules exist to replace, so the cases are asked, not skipped
        ac.messages_of(value)
        return value
    if policy != have:
        raise ac.Unsupported("this version's repair inserts stubs only" if have == "stub"
                             else "this version's repair strips only")
    messages = repair_op.check_shape(h, value)
    c = h.cc.ContextCompressor.__new__(h.cc.ContextCompressor)
    c.quiet_mode = True
    out = c._sanitize_tool_pairs(messages)
    return ac.with_messages(value, out)


# What each op calls on a version: "cc.NAME" a name of the compressor
# module, "CC.NAME" of its ContextCompressor, "TC.NAME" of
# trajectory_compressor.TrajectoryCompressor.  A version lacking one skips
# every case of the op, the ones whose input the adapter refuses before
# calling hermes included: a refusal the version never made is no pass of it.
NEEDS = {
    "align": ["cc._estimate_msg_budget_tokens", "CC.has_content_to_compress", "CC._effective_protect_first_n",
              "CC._protect_head_size", "CC._align_boundary_forward", "CC._find_tail_cut_by_tokens",
              "CC._find_last_user_message_idx", "CC._align_boundary_backward"],
    "align-at": ["CC._align_boundary_forward", "CC._align_boundary_backward"],
    "classify-summary": ["CC.classify_summary_content"],
    "compress": ["cc._estimate_msg_budget_tokens", "CC.compress", "CC._record_compression_regions",
                 "CC._find_tail_cut_by_tokens", "CC._find_last_user_message_idx"],
    "prune": ["CC._prune_old_tool_results"],
    "prune-only": ["CC.prune_tool_results_only"],
    "repair": ["CC._sanitize_tool_pairs"],
    "strip-media": ["cc._strip_historical_media"],
    "strip-prefix": ["CC._strip_summary_prefix"],
    "with-prefix": ["CC._with_summary_prefix"],
    "trajectory": ["TC._plan_compression", "TC.process_entry_async"],
    "trajectory-snap": ["TC._plan_compression", "TC._find_protected_indices", "TC._snap_boundary"],
    "truncate-args": ["CC._prune_old_tool_results"],
}


def missing_need(h, op):
    """The first name op needs that this version lacks, or None."""
    for need in NEEDS.get(op, []):
        where, name = need.split(".", 1)
        if where == "cc":
            owner = h.cc
        elif where == "CC":
            owner = getattr(h.cc, "ContextCompressor", None)
        else:
            from adapter_ops import trajectory as traj_op
            try:
                owner = getattr(traj_op._load(h), "TrajectoryCompressor", None)
            except ImportError as e:
                return "an importable trajectory_compressor (%s)" % e
        if owner is None or not hasattr(owner, name):
            return name
    return None


def dispatcher(h, entry):
    ops = entry.get("ops", {})

    def dispatch(name):
        if name not in ops:
            return None
        lacks = None if (name == "repair" and entry.get("repair_policy") == "none") else missing_need(h, name)
        if lacks:
            def unsupported(params, value):
                raise ac.Unsupported("this version has no %s" % lacks)
            return unsupported
        if name == "repair":
            run = functools.partial(_repair, h, entry)
        else:
            op = hermes_adapter.load_op(name)
            if op is None:
                return None
            run = functools.partial(op.run, h)

        def guarded(params, value):
            try:
                return run(params, value)
            except AttributeError as e:
                missing = _missing_name(h, e)
                if missing is None:
                    raise
                raise ac.Unsupported("this version has no %s" % missing) from None
        return guarded
    return dispatch


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.stderr.write("usage: impls/hermes/adapter.py NAME --serve | NAME OP\n")
        return adapter_protocol.EXIT_USAGE
    name = argv[1]
    entry, bad = impls_registry.entry_for_adapter(name)
    if entry is None:
        sys.stderr.write("\n".join(bad) + "\n")
        return adapter_protocol.EXIT_USAGE
    tree = bool(entry.get("tree"))
    pinned = impls_registry.source_dir(entry) if tree else os.environ.get("HERMES_SRC")
    if not pinned and not tree:
        bad.append("%s: HERMES_SRC is not set: every hermes column imports the pinned files "
                   "(README.md, 'Checking the corpus against hermes', says how to get them)." % name)
    if bad:
        sys.stderr.write("\n".join(bad) + "\n")
        return adapter_protocol.EXIT_USAGE
    version = None
    if tree:
        version = os.path.join(pinned, "agent", "context_compressor.py")
    elif entry.get("compressor"):
        version = os.path.join(impls_registry.source_dir(entry), entry["compressor"])
    h = HermesVersion(pinned, version, tree)
    return adapter_protocol.main([argv[0]] + argv[2:], dispatcher(h, entry),
                                 "usage: impls/hermes/adapter.py NAME --serve")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
