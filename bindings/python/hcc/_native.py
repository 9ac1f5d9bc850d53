"""_native.py -- libhcc.so through ctypes: finding it, the function
prototypes, and one op run with its own buffers (workspace sizing and the
HCC_E_NOSPACE retry inside).

Nothing here is shared between calls but the loaded library and its
function pointers, which are read-only: every call builds its own
parameter block, error record, workspace and output buffer, so calls from
many threads never touch each other's memory.  ctypes releases the GIL
for the duration of each foreign call, so threads run the C code in
parallel.
"""
import ctypes
import ctypes.util
import locale
import os
import threading

from . import _codes

# ---- finding the library ------------------------------------------------------

_HERE = os.path.dirname(os.path.abspath(__file__))
# The wheel places the library next to the package files (hcc_build.py).
_BUNDLED = os.path.join(_HERE, "libhcc.so.0")
# A checkout: bindings/python/hcc/ -> the repository's build/libhcc.so.
_CHECKOUT = os.path.normpath(os.path.join(_HERE, "..", "..", "..", "build", "libhcc.so"))


class LibraryNotFound(ImportError):
    """libhcc.so could not be found or loaded (the text says where it looked)."""


def candidates():
    """The places searched for libhcc.so, in order, as (how, path)."""
    env = os.environ.get("HCC_LIBRARY")
    if env:
        # An explicit choice is never replaced by a guess.
        return [("HCC_LIBRARY", env)]
    out = [("next to the package", _BUNDLED), ("the checkout's build/", _CHECKOUT)]
    found = ctypes.util.find_library("hcc")
    if found:
        out.append(("the system (ctypes.util.find_library)", found))
    return out


def _open():
    tried = []
    for how, path in candidates():
        # find_library gives a bare soname the dynamic loader resolves
        if os.sep in path and not os.path.exists(path):
            tried.append("%s: %s (no such file)" % (how, path))
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s: %s (%s)" % (how, path, e))
    raise LibraryNotFound(
        "hcc: libhcc.so not found. Set HCC_LIBRARY to the path of libhcc.so (built by `make all` "
        "in an hcc checkout: build/libhcc.so), or install the package with "
        "`pip install bindings/python`, which bundles it. Tried:\n  " +
        ("\n  ".join(tried) if tried else "(nothing: ctypes.util.find_library('hcc') found none)"))


class _Error(ctypes.Structure):
    # hcc.h: typedef struct hcc_error {int code; size_t offset; const char *message;}
    _fields_ = [("code", ctypes.c_int), ("offset", ctypes.c_size_t), ("message", ctypes.c_char_p)]


# hcc_params is passed as an opaque block: its fields are only ever set by
# the library itself (hcc_params_init, hcc_params_set by name), so no field
# layout is mirrored here.  PARAMS_BLOCK bytes are reserved for it, 16-byte
# aligned; load() measures the size the library really writes (see
# _params_extent) and refuses a library whose struct would not fit with
# room to spare.
PARAMS_BLOCK = 4096
_PARAMS_MAX_EXTENT = PARAMS_BLOCK // 4

_lib = None
_lib_path = None
_params_size = None
_load_lock = threading.Lock()


def _prototypes(lib):
    c_size_p = ctypes.POINTER(ctypes.c_size_t)
    err_p = ctypes.POINTER(_Error)
    protos = {
        "hcc_error_name": (ctypes.c_char_p, [ctypes.c_int]),
        "hcc_error_text": (ctypes.c_char_p, [ctypes.c_int]),
        "hcc_op_name": (ctypes.c_char_p, [ctypes.c_int]),
        "hcc_op_from_name": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t]),
        "hcc_op_supported": (ctypes.c_int, [ctypes.c_int]),
        "hcc_params_init": (None, [ctypes.c_void_p]),
        "hcc_params_set": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                          ctypes.c_char_p, ctypes.c_size_t, err_p]),
        "hcc_param_name": (ctypes.c_char_p, [ctypes.c_size_t]),
        "hcc_workspace_size": (ctypes.c_int, [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p,
                                              ctypes.c_size_t, c_size_p, err_p]),
        "hcc_run": (ctypes.c_int, [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                   ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t,
                                   c_size_p, err_p]),
    }
    for name, (res, args) in protos.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args


class _Block:
    """A zeroed, 16-byte aligned block of `size` bytes owned by this object
    (ctypes makes no alignment promise beyond the element type's)."""
    __slots__ = ("raw", "ptr", "keep")

    def __init__(self, size, fill=0):
        # the texts a text parameter (fail_reason) points at: the library
        # keeps the pointer, so they live as long as the block
        self.keep = []
        self.raw = (ctypes.c_char * (size + 16))()
        if fill:
            ctypes.memset(self.raw, fill, size + 16)
        addr = ctypes.addressof(self.raw)
        self.ptr = ctypes.c_void_p((addr + 15) & ~15)


def _params_extent(lib):
    """How many bytes of the block hcc_params_init writes: it starts with
    memset(p, 0, sizeof *p), so this is sizeof(hcc_params) (two different
    fill bytes, so no field value can pass for untouched)."""
    ends = []
    for fill in (0xA5, 0x5A):
        b = _Block(PARAMS_BLOCK, fill)
        lib.hcc_params_init(b.ptr)
        data = ctypes.string_at(b.ptr, PARAMS_BLOCK)
        end = PARAMS_BLOCK
        while end and data[end - 1] == fill:
            end -= 1
        ends.append(end)
    return max(ends)


def load():
    """The loaded library (loaded and checked on first use)."""
    global _lib, _lib_path, _params_size
    if _lib is not None:
        return _lib
    with _load_lock:
        if _lib is not None:
            return _lib
        lib, path = _open()
        _prototypes(lib)
        size = _params_extent(lib)
        if not 0 < size <= _PARAMS_MAX_EXTENT:
            raise LibraryNotFound("hcc: %s: hcc_params_init wrote %d bytes, more than the %d this "
                                  "package reserves; the package is older than the library" %
                                  (path, size, _PARAMS_MAX_EXTENT))
        # The op numbers of this package must be the library's.
        for i, name in enumerate(_codes.OPS):
            got = lib.hcc_op_name(i)
            if got is None or got.decode() != name:
                raise LibraryNotFound("hcc: %s is not the library this package was written for: op %d "
                                      "is %r there, %r here" % (path, i, got, name))
        _params_size, _lib_path = size, path
        _lib = lib
        return lib


def library_path():
    """The path of the libhcc.so in use (loading it if needed)."""
    load()
    return _lib_path


# ---- numbers and the C locale -----------------------------------------------------

_numeric_ok = {}


def _check_locale():
    """hcc.h: numbers are formatted and parsed with snprintf/strtod, so the
    calling thread must use a locale whose decimal point is '.'.  Python
    leaves LC_NUMERIC at "C" unless the program calls setlocale; one that
    did would get numbers written with ',' -- refused rather than wrong."""
    name = locale.setlocale(locale.LC_NUMERIC)
    ok = _numeric_ok.get(name)
    if ok is None:
        ok = _numeric_ok[name] = locale.localeconv()["decimal_point"] == "."
    if not ok:
        raise RuntimeError("hcc: the LC_NUMERIC locale %r writes numbers with %r; hcc needs '.' "
                           "(call locale.setlocale(locale.LC_NUMERIC, 'C'))" %
                           (name, locale.localeconv()["decimal_point"]))


# ---- one run --------------------------------------------------------------------

def _initial_capacity(n_in):
    """First output buffer size: most ops write at most about their input
    (repair, prune and compress shrink it; prefixes, stubs and explain add
    a little).  A too-small guess costs one more hcc_run, never a wrong
    answer: HCC_E_NOSPACE tells the size needed."""
    return n_in + (n_in >> 3) + 4096


def _param_text(name, value):
    if isinstance(value, bool):
        return b"true" if value else b"false"
    if isinstance(value, int):
        return str(value).encode()
    if isinstance(value, float):
        return repr(value).encode()  # shortest round-trip digits, as json.dumps writes them
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return None


def params_block(lib, params):
    """hcc_params_init, then hcc_params_set for every (name, value) that is
    not None (None means the default, as null does in the protocol)."""
    blk = _Block(PARAMS_BLOCK)
    lib.hcc_params_init(blk.ptr)
    err = _Error()
    for name, value in params.items():
        if value is None:
            continue
        text = _param_text(name, value)
        if text is None:
            raise _codes.Error(_codes.HCC_E_PARAM, 0,
                               "parameter value must be a bool, int, float or str (%s=%r)" % (name, value))
        bname = name.encode("utf-8", "surrogatepass")
        blk.keep.append(text)
        rc = lib.hcc_params_set(blk.ptr, bname, len(bname), text, len(text), ctypes.byref(err))
        if rc != 0:
            raise _codes.Error(rc, err.offset, "%s (%s=%r)" % (err.message.decode(), name, value))
    return blk


def _raise(rc, err):
    raise _codes.Error(rc, err.offset, err.message.decode("utf-8", "replace") if err.message else "")


def run_bytes(op, data, params, capacity=None):
    """Runs op number `op` on the bytes `data`; returns the output bytes.
    capacity: the first output buffer size (tests use it to force the
    HCC_E_NOSPACE path); default _initial_capacity(len(data))."""
    lib = load()
    _check_locale()
    blk = params_block(lib, params)
    err = _Error()
    need = ctypes.c_size_t(0)
    n = len(data)
    rc = lib.hcc_workspace_size(op, blk.ptr, data, n, ctypes.byref(need), ctypes.byref(err))
    if rc != 0:
        _raise(rc, err)
    ws = (ctypes.c_char * need.value)() if need.value else None
    cap = _initial_capacity(n) if capacity is None else capacity
    out_len = ctypes.c_size_t(0)
    for _ in range(2):
        out = (ctypes.c_char * cap)() if cap else None
        rc = lib.hcc_run(op, blk.ptr, data, n, ws, need.value, out, cap, ctypes.byref(out_len),
                         ctypes.byref(err))
        if rc == 0:
            return ctypes.string_at(out, out_len.value) if out_len.value else b""
        if rc != _codes.HCC_E_NOSPACE:
            _raise(rc, err)
        cap = out_len.value  # the size needed, as snprintf tells it
    # The second run had exactly the size the first one asked for.
    _raise(rc, err)


def error_name(code):
    """hcc_error_name(code): "HCC_E_SYNTAX"; "HCC_E_UNKNOWN" for numbers
    that are not codes."""
    return lib_error_name(load(), code)


def lib_error_name(lib, code):
    return lib.hcc_error_name(code).decode()


def param_names():
    """hcc_param_name(i) for every i: the names hcc_params_set accepts."""
    lib = load()
    out, i = [], 0
    while True:
        n = lib.hcc_param_name(i)
        if n is None:
            return out
        out.append(n.decode())
        i += 1


def params_size():
    """sizeof(hcc_params) as hcc_params_init shows it (see _params_extent)."""
    load()
    return _params_size
