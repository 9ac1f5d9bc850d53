"""_codes.py -- the constants of hcc.h that the shared library does not
carry (macros), and hcc.Error.

The header's macros are not symbols of libhcc.so, so they are written out
here; tests/test_header.py reads ref/include/hcc.h and fails when any of
them differs (version, hermes commits, status codes, op order).
"""

VERSION = "0.1.0"
# The hermes-agent commit whose agent/context_compressor.py the rules follow.
HERMES_COMMIT = "0000416b34a3dad10c39446ab62c6626c609c30f"
# The commit of trajectory_compressor.py the trajectory rules follow.
HERMES_TRAJECTORY_COMMIT = "06063907e5e2b28ec5c59c534c9488a0c4c4dbcc"

HCC_OK = 0
HCC_E_NOSPACE = -1      # output buffer too small (handled inside the package)
HCC_E_WORKSPACE = -2    # workspace too small (the package sizes it; never seen)
HCC_E_EMPTY = -3        # input holds no JSON value (empty or only blanks)
HCC_E_SYNTAX = -4       # JSON grammar violated (commas, colons, brackets)
HCC_E_UTF8 = -5         # bytes are not strict UTF-8
HCC_E_CONTROL = -6      # raw control byte (U+0000..U+001F) inside a string
HCC_E_ESCAPE = -7       # bad backslash escape or bad \u hex digits
HCC_E_NUMBER = -8       # number does not follow the RFC 8259 grammar
HCC_E_LITERAL = -9      # not exactly true, false or null
HCC_E_TRAILING = -10    # something other than blanks after the one root value
HCC_E_DEPTH = -11       # nesting deeper than MAX_DEPTH
HCC_E_TOOBIG = -12      # input longer than MAX_INPUT bytes
HCC_E_SHAPE = -13       # valid JSON, but not the shape the op reads
HCC_E_PARAM = -14       # a parameter is unknown or out of its range
HCC_E_UNSUPPORTED = -15 # op unknown to this build
HCC_E_SUMMARY = -16     # reserved: not returned by this version
HCC_E_CHECK = -17       # the op's own output failed the structural check
HCC_E_TRUNCATED = -18   # input ends inside a value (unterminated string, open bracket)

NAMES = {v: k for k, v in dict(globals()).items() if k.startswith("HCC_") and isinstance(v, int)}

# Nesting limit of the JSON layer (HCC_MAX_DEPTH) and the largest input
# (HCC_MAX_INPUT).
MAX_DEPTH = 512
MAX_INPUT = 0x7ffffff0

# The ops in hcc_op order (enum hcc_op), by their CLI names.
OPS = ("validate", "messages", "align", "trajectory-snap", "truncate-args", "strip-prefix",
       "with-prefix", "classify-summary", "repair", "prune", "prune-only", "compress",
       "trajectory", "check", "strip-media", "align-at", "redact")


def error_name(code):
    """Stable name of a status code, e.g. "HCC_E_SYNTAX"; "HCC_E_UNKNOWN"
    for numbers that are not codes (hcc_error_name)."""
    return NAMES.get(code, "HCC_E_UNKNOWN")


class Error(Exception):
    """An op refused its input or a parameter.

    Attributes (those of hcc.h's hcc_error):
      code     the negative HCC_E_* status code (stable; never reused)
      name     its stable name, e.g. "HCC_E_SYNTAX"
      offset   byte offset into the input where the problem was found (for
               a Python object: into its UTF-8 json.dumps text, the bytes
               hcc read); 0 for parameter errors
      message  English description of the problem
    """

    def __init__(self, code, offset, message):
        self.code = code
        self.name = error_name(code)
        self.offset = offset
        self.message = message
        super().__init__("%s at byte %d: %s" % (self.name, offset, message))

    def __reduce__(self):  # picklable (multiprocessing) with the same fields
        return (Error, (self.code, self.offset, self.message))
