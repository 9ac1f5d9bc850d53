"""with-prefix: ContextCompressor._with_summary_prefix(summary) (spec PREFIX-3).

Same argument rules as strip-prefix: falsy values read as "", a truthy
non-string is rejected where hermes raises (spec DIV-PREFIX-1)."""


def run(h, params, value):
    if value and not isinstance(value, str):
        raise h.Reject("HCC_E_SHAPE", "summary must be a JSON string (or a falsy value)")
    return h.cc.ContextCompressor._with_summary_prefix(value)
