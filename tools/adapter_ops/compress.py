"""compress -- the whole compaction pass (spec COMPRESS-*): the pinned
ContextCompressor.compress(messages), called as the auto-compression path
calls it (no current_tokens, no focus topic, force=False, no memory
context), on a compressor with no earlier state in this process.

One seam is replaced, nothing else:
  _generate_summary -> the stub summarizer of COMPRESS-7: it returns
                       _with_summary_prefix(stub body), or, when
                       params.summarizer_fail is true, records
                       params.fail_reason as _last_summary_error (what the
                       real method does before it returns None) and returns
                       None.
compress() then builds hermes's own deterministic fallback
(_build_static_fallback_summary, spec FALLBACK-*) when the pass does not
abort.  params.previous_summary is the compressor's _previous_summary
before compress() runs (a summary an earlier call of this process kept;
Hermes.compressor sets it).  The seam does to that state what the real
method does (spec COMPRESS-17, FALLBACK-1): on success it keeps its body as
_previous_summary; failing with a reason (a call that got past the
cooldown test) it first replaces _previous_summary with its strict
redaction, _redact_compaction_text; failing without one (the cooldown
skip) it leaves it alone.

The fallback redacts what it keeps, so during the call the compressor's
redact_sensitive_text is the pinned agent/redact.py's (loaded as the redact
op loads it, adapter_ops/redact.py) in place of the stub of
tools/adapter_stubs.py; it is put back afterwards.  Without agent/redact.py
in HERMES_SRC the op says so and refuses.

Input hcc refuses is rejected before hermes runs, with the rules the
passes compress chains refuse by (spec DIV-COMPRESS-1): the transcript
shape, a message whose tail-walk estimate raises (DIV-ALIGN-1) and the
tool-pair shapes of PAIRS-5.  A TypeError for an unhashable role at the
role choice is rejected after the fact (DIV-COMPRESS-2).

Output: the list compress() returns, in the input's wrapper.  wire=true
drops every top-level message key starting with "_" (as hermes's wire
sanitizers do before a request leaves the process).  explain=true gives
{"outcome", "compress_start", "compress_end", "summarized",
"previous_summary", "compression_count", "result"}
(COMPRESS-1): the outcome read from the compressor's own flags and
telemetry, the window observed at the tail walk (and compress()'s bridge
step, the align adapter's code), the turns counted at the regions record.

Nothing else of compress() needs neutralising here: no session database is
bound (its write-throughs return early), force=False leaves the cooldown
alone, telemetry and logging only record (logging is disabled by the
adapter), and the summarizer seams are the only calls that could reach a
model.
"""
import traceback

from adapter_ops import redact as redact_op
from adapter_ops.align import _bridge, _budget_tokens
from adapter_ops.prune import messages_of, wrap
from adapter_ops.repair import check_shape

STUB_LEAD = "Deterministic stub summary"
# the stub fallback lead of earlier versions; only tools/gen_compress_unit_tables.py reads it
FALLBACK_LEAD = "Deterministic stub fallback summary (summarizer unavailable)"
HEADING = "## Historical Task Snapshot"


def _clean_name(name):
    """A tool name as the stub writes it: control characters (C0, DEL, C1)
    and the line and paragraph separators U+2028, U+2029 each become one
    space, so no name breaks a line (str.splitlines breaks at nothing else)."""
    return "".join(" " if (ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F or ch in "\u2028\u2029") else ch
                   for ch in name)


def stub_body(turns, lead=STUB_LEAD):
    """The stub summary body of COMPRESS-STUB-1 for the turns the seam got."""
    counts = {"user": 0, "assistant": 0, "tool": 0}
    other = 0
    names = []
    for msg in turns:
        role = msg.get("role")
        if isinstance(role, str) and role in counts:
            counts[role] += 1
        else:
            other += 1
        if role != "assistant":
            continue
        calls = msg.get("tool_calls")
        if not isinstance(calls, list):
            continue
        for tc in calls:
            fn = tc.get("function") if isinstance(tc, dict) else None
            name = fn.get("name") if isinstance(fn, dict) else None
            names.append(_clean_name(name) if isinstance(name, str) else "?")
    return "%s\n%s: %d messages compacted (%d user, %d assistant, %d tool, %d other).\nTool calls: %s" % (
        HEADING, lead, len(turns), counts["user"], counts["assistant"], counts["tool"], other,
        ", ".join(names) if names else "none")


def _install_seams(h, c, fail, reason):
    cls = type(c)

    def generate(turns_to_summarize, focus_topic=None, memory_context=""):
        if fail:
            if reason is not None and c._previous_summary:
                c._previous_summary = h.cc._redact_compaction_text(c._previous_summary)
            # compress() clears _last_summary_error when it starts; the real
            # method sets it on its way to returning None
            c._last_summary_error = reason
            return None
        body = stub_body(turns_to_summarize)
        c._previous_summary = body
        return cls._with_summary_prefix(body)

    c._generate_summary = generate


def _text_param(h, params, name):
    v = params.get(name)
    if v is not None and not isinstance(v, str):
        raise h.Reject("HCC_E_PARAM", "%s must be a string or null" % name)
    return v


def _wire(msgs):
    return [{k: v for k, v in m.items() if not (isinstance(k, str) and k.startswith("_"))}
            if isinstance(m, dict) else m for m in msgs]


def run(h, params, value):
    msgs = messages_of(h, value)
    check_shape(h, value)
    _budget_tokens(h, msgs)
    reason = _text_param(h, params, "fail_reason")
    c = h.compressor(params)  # sets (and checks) previous_summary
    _install_seams(h, c, bool(params.get("summarizer_fail")), reason)
    regions = []
    record = c._record_compression_regions

    def record_regions(*, head_messages, middle_messages, tail_messages):
        regions.append((len(head_messages), len(middle_messages), len(tail_messages)))
        return record(head_messages=head_messages, middle_messages=middle_messages,
                      tail_messages=tail_messages)

    c._record_compression_regions = record_regions
    cuts = []
    tail_cut = c._find_tail_cut_by_tokens

    def find_tail_cut_by_tokens(messages, head_end, token_budget=None):
        cut = tail_cut(messages, head_end, token_budget)
        latest = c._find_last_user_message_idx(messages, 0)
        cuts.append((head_end, _bridge(c, messages, head_end, cut, latest)))
        return cut

    c._find_tail_cut_by_tokens = find_tail_cut_by_tokens
    cc = h.cc
    stub_redact = cc.redact_sensitive_text
    cc.redact_sensitive_text = redact_op.load(h.src).redact_sensitive_text
    try:
        out = c.compress(msgs)
    except TypeError as e:
        # DIV-COMPRESS-2 only: the role choice's set test on the last head
        # role; any other TypeError is a crash to report
        last = traceback.extract_tb(e.__traceback__)[-1]
        if last.name == "compress" and "last_head_role in" in (last.line or ""):
            raise h.Reject("HCC_E_SHAPE", "the last head message's role is a list or object")
        raise
    finally:
        cc.redact_sensitive_text = stub_redact
    if params.get("wire"):
        out = _wire(out)
    result = wrap(value, out)
    if not params.get("explain"):
        return result
    failure = (c._last_compression_telemetry or {}).get("failure_class")
    if not regions:
        outcome = "too_few_messages"
    elif failure == "no_compressible_window":
        outcome = "no_window"
    elif failure == "empty_post_handoff_window":
        outcome = "empty_window"
    elif c._last_compress_aborted:
        outcome = "aborted"
    elif c._last_summary_fallback_used:
        outcome = "fallback"
    else:
        outcome = "summarized"
    info = {"outcome": outcome, "compress_start": None, "compress_end": None, "summarized": None,
            "previous_summary": c._previous_summary, "compression_count": c.compression_count}
    if cuts:
        # the window compress() computed: the head end it handed the tail
        # walk, and the walk's cut after compress()'s bridge step (ALIGN-14,
        # the same code as the align op's adapter)
        info["compress_start"], info["compress_end"] = cuts[-1]
    if regions and outcome != "no_window":
        info["summarized"] = regions[-1][1]
    info["result"] = result
    return info
