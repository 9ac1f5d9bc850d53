"""adapter_common.py -- what the adapters of other projects' implementations
share (impls/<name>/adapter.py): finding and checking the implementation's
files, importing them with loud stubs for the imports the rules never use,
the data-model conversion every transcript op needs, and the protocol loop
(tools/adapter_protocol.py).

An adapter is then a table of ops:

    import adapter_common as ac
    def repair(mod, params, value): ...
    sys.exit(ac.main("name", {"repair": repair}, load))

where load(srcdir) imports the implementation and returns what the ops
receive as their first argument.
"""
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import adapter_protocol  # noqa: E402
import impls_registry  # noqa: E402

Reject = adapter_protocol.Reject
Unsupported = adapter_protocol.Unsupported
require_params = adapter_protocol.require_params


class StubReached(RuntimeError):
    """A stub for an import the rules should never use was used: the
    adapter's assumption is wrong, and the case is a crash to look at."""


def _loud(qualname):
    def fail(*a, **k):
        raise StubReached("adapter stub %s was reached" % qualname)

    # a class, so that it can also be subclassed or used in annotations
    return type(qualname.rsplit(".", 1)[-1], (), {"__init__": fail, "__call__": fail,
                                                  "__hcc_stub__": qualname})


class _StubModule(types.ModuleType):
    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        value = _loud("%s.%s" % (self.__name__, attr))
        setattr(self, attr, value)
        return value


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers imports of the listed module names (and their submodules)
    with stub modules, unless `real` says the file is there."""

    def __init__(self, prefixes):
        self.prefixes = tuple(prefixes)

    def _covers(self, name):
        return any(name == p or name.startswith(p + ".") for p in self.prefixes)

    def find_spec(self, name, path=None, target=None):
        if not self._covers(name):
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        m = _StubModule(spec.name)
        m.__path__ = []
        m.__hcc_stub__ = True
        return m

    def exec_module(self, module):
        pass


class QuietLogger:
    """A logger stand-in (loguru's logger, logging-style objects): every
    method accepts anything and does nothing."""

    def __getattr__(self, name):
        return lambda *a, **k: None


def empty_packages(*names):
    """Registers each dotted name not yet imported as an empty package, so
    that a module under it can be imported without running the package's
    __init__ (an SDK's whole import graph)."""
    for name in names:
        if name not in sys.modules:
            m = types.ModuleType(name)
            m.__path__ = []
            sys.modules[name] = m


def only_policy(params, have, why):
    """The repair op's policy check for an implementation with one design:
    `have` ("strip" or "stub") is put to it, the other policy is a skip
    saying why."""
    require_params(params, {"policy"})
    policy = params.get("policy") or "strip"
    if policy != have:
        raise Unsupported("policy %s: %s; only policy %s is put to it" % (policy, why, have))


def stub_modules(names, **attrs):
    """Installs loud stubs for the module names (and everything under them);
    attrs: {"pkg.mod": {"name": value}} for names that must be real values
    (constants read at import time)."""
    sys.meta_path.insert(0, _StubFinder(names))
    for mod, values in attrs.items():
        m = importlib.import_module(mod)
        for k, v in values.items():
            setattr(m, k, v)


def import_file(path, modname):
    """Imports one source file as module `modname`."""
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    spec.loader.exec_module(mod)
    return mod


def import_package_module(srcdir, modname):
    """Imports `modname` (a dotted name) from a source tree laid out as the
    project's repository is, with srcdir first on the path."""
    if srcdir not in sys.path:
        sys.path.insert(0, srcdir)
    return importlib.import_module(modname)


def messages_of(value):
    """The message list of an op's input: a bare array, or the "messages"
    member of a wrapper object (spec MODEL-2)."""
    if isinstance(value, dict):
        if "messages" not in value:
            raise Reject("HCC_E_SHAPE", "object input needs a \"messages\" member")
        msgs = value["messages"]
    else:
        msgs = value
    if not isinstance(msgs, list):
        raise Reject("HCC_E_SHAPE", "messages must be a JSON array")
    return msgs


def with_messages(value, out):
    """The op's output: `out` in place of the input's message list."""
    if isinstance(value, dict):
        return {**value, "messages": out}
    return out


def main(name, ops, load, argv=None):
    """Checks the implementation's files, loads it, and speaks the protocol.
    ops: {op name: fn(loaded, params, value)}."""
    argv = sys.argv if argv is None else argv
    impl, bad = impls_registry.entry_for_adapter(name)
    if bad:
        sys.stderr.write("\n".join(bad) + "\n")
        return adapter_protocol.EXIT_USAGE
    loaded = load(impls_registry.source_dir(impl))

    def dispatch(op):
        fn = ops.get(op)
        return None if fn is None else (lambda params, value: fn(loaded, params, value))
    return adapter_protocol.main(argv, dispatch, "usage: %s --serve | OP" % os.path.basename(argv[0]))
