"""strip-prefix: ContextCompressor._strip_summary_prefix(summary) (spec PREFIX-2).

The input is the summary argument.  hermes evaluates `(summary or "")`, so
every falsy JSON value (null, false, 0, 0.0, [], {}) reads as ""; a truthy
value that is not a string makes hermes raise AttributeError on .strip(),
which hcc rejects instead (spec DIV-PREFIX-1)."""


def run(h, params, value):
    if value and not isinstance(value, str):
        raise h.Reject("HCC_E_SHAPE", "summary must be a JSON string (or a falsy value)")
    return h.cc.ContextCompressor._strip_summary_prefix(value)
