"""hcc -- the structural rules of hermes-agent's context compaction, from
Python, through the zero-allocation C library libhcc.so (ref/include/hcc.h;
its comments are the documentation this package follows).

  import hcc
  hcc.repair(messages)                         # _sanitize_tool_pairs
  hcc.repair(messages, policy="stub")          # hermes v0.15.1's stub results
  hcc.align(messages, protect_first_n=3)       # compaction boundaries
  hcc.compress(messages, context_length=32000, explain=True)
  hcc.check(messages, profile="anthropic")     # what a provider would refuse
  hcc.repair(b'[{"role": "user", "content": "hi"}]', raw=True)   # bytes in, bytes out

One function per op (validate, messages, align, trajectory_snap,
truncate_args, strip_prefix, with_prefix, classify_summary, repair, prune,
prune_only, compress, trajectory, check, strip_media, align_at, redact), each
  hcc.<op>(input, *, <the op's parameters>, raw=False, **params)
(see hcc._ops for input, parameters and output), and hcc.run(op_name,
data, **params) -> bytes underneath them.

Errors raise hcc.Error: code (negative HCC_E_* number), name
("HCC_E_SYNTAX"), offset (byte offset into the input), message.

The library is found through HCC_LIBRARY (a path to libhcc.so), else next
to this package (the copy the wheel bundles), else in the checkout's
build/ (bindings/python/../../build/libhcc.so), else the system's
(ctypes.util.find_library("hcc")).  It is loaded on first use;
hcc.library_path() tells which one is in use.
"""
from ._codes import (  # noqa: F401
    VERSION, HERMES_COMMIT, HERMES_TRAJECTORY_COMMIT, MAX_DEPTH, MAX_INPUT, OPS, Error,
    HCC_OK, HCC_E_NOSPACE, HCC_E_WORKSPACE, HCC_E_EMPTY, HCC_E_SYNTAX, HCC_E_UTF8,
    HCC_E_CONTROL, HCC_E_ESCAPE, HCC_E_NUMBER, HCC_E_LITERAL, HCC_E_TRAILING, HCC_E_DEPTH,
    HCC_E_TOOBIG, HCC_E_SHAPE, HCC_E_PARAM, HCC_E_UNSUPPORTED, HCC_E_SUMMARY, HCC_E_CHECK,
    HCC_E_TRUNCATED, error_name)
from ._native import LibraryNotFound, library_path, param_names  # noqa: F401
from ._ops import (  # noqa: F401
    validate, messages, align, trajectory_snap, truncate_args, strip_prefix, with_prefix,
    classify_summary, repair, prune, prune_only, compress, trajectory, check, strip_media,
    align_at, redact, OP_FUNCTIONS)
from . import _native as _n

__version__ = VERSION


def run(op_name, data, **params):
    """Runs the op named op_name ("truncate-args" or "truncate_args") on the
    bytes `data` (bytes, bytearray or memoryview; handed to hcc as they
    are) with the parameters given by name (values: bool, int, float or
    str, as hcc_params_set reads their text; None: the default).  Returns
    the output bytes.  Raises hcc.Error: HCC_E_UNSUPPORTED for an op name
    this build does not know, HCC_E_PARAM for a bad parameter, the input's
    error otherwise."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("hcc.run: data must be bytes, bytearray or memoryview, not %s"
                        % type(data).__name__)
    name = op_name.replace("_", "-") if isinstance(op_name, str) else op_name
    if name not in OPS:
        raise Error(HCC_E_UNSUPPORTED, 0, "operation %r is not one of hcc's ops (%s)"
                    % (op_name, ", ".join(OPS)))
    return _n.run_bytes(OPS.index(name), bytes(data) if not isinstance(data, bytes) else data,
                        params)


__all__ = ["run", "Error", "LibraryNotFound", "library_path", "param_names", "error_name",
           "VERSION", "HERMES_COMMIT", "HERMES_TRAJECTORY_COMMIT", "OPS"] + OP_FUNCTIONS
