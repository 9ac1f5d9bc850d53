"""_ops.py -- one function per op of hcc.h, named by the op ('-' -> '_').

Every function is  hcc.<op>(input, *, <the op's parameters>, raw=False, **params):

  input   the op's input: a Python value (lists, dicts, str, int, float,
          bool, None), written as hermes holds it on the wire,
          json.dumps(value, ensure_ascii=False) in UTF-8 (lone surrogates
          as \\udxxx escapes, see _json.py); or bytes / bytearray /
          memoryview, handed to hcc byte for byte (error offsets count
          these bytes).
  params  the keyword parameters each signature names are the ones the op
          reads (spec/SPEC.md), by hermes's configuration names, with
          hermes's defaults (those of hcc_params_init); None means the
          default.  Any other name hcc_params_set knows is passed on as
          the CLI passes it (the op does not read it); an unknown name or
          a bad value raises hcc.Error (HCC_E_PARAM).
  raw     False: the output parsed (json.loads; a str for the text
          outputs of messages and check); True: the output bytes as hcc
          wrote them.

Raises hcc.Error (code, name, offset, message) when hcc refuses the input
or a parameter.  Workspace and output buffers are sized inside (the
HCC_E_NOSPACE retry included); each call owns its buffers, so any number
of threads may call at once.
"""
import json as _json

from . import _codes, _json as _wire, _native

_OP_NUMBER = {name: i for i, name in enumerate(_codes.OPS)}
_TEXT_OPS = ("messages", "check")


def _input_bytes(value):
    if isinstance(value, bytes):
        return value
    if isinstance(value, (bytearray, memoryview)):
        # a copy: the C code must not see the buffer change under it
        return bytes(value)
    return _wire.dumps(value)


def _op(name, value, raw, extra, named=None):
    params = dict(extra)
    if named:
        defaults = _DEFAULTS[name]
        for k, v in named.items():
            d = defaults[k]
            # a value equal to the default (hcc_params_init's, checked by
            # tests/test_params.py) needs no hcc_params_set call
            if v is not None and not (type(v) is type(d) and v == d):
                params[k] = v
    out = _native.run_bytes(_OP_NUMBER[name], _input_bytes(value), params)
    if raw:
        return out
    if name in _TEXT_OPS:
        text = out.decode("utf-8", "surrogatepass")
        if name == "check" and named and named.get("json"):
            return [_json.loads(line) for line in text.splitlines() if line]
        return text
    return _wire.loads(out)


def validate(input, *, raw=False, **params):
    """Strict RFC 8259 check (spec JSON-*); output: the input, unchanged.

    Returns: The input value itself (raw=True: the input bytes, unchanged).
    """
    return _op('validate', input, raw, params)


def messages(input, *, raw=False, **params):
    """Outline of a transcript, one line per message: index, role, ids, sizes (MODEL-3).

    Returns: A str, one line per message.
    """
    return _op('messages', input, raw, params)


def align(input, *, context_length=128000, threshold_percent=0.50, summary_target_ratio=0.20,
          protect_first_n=3, protect_last_n=20, min_tail_user_messages=1, compression_count=0,
          tail_token_budget=-1, previous_summary=None, explain=False, raw=False, **params):
    """Compaction boundaries of ContextCompressor.compress() (spec ALIGN-*).

    Returns: {"head_end": H, "compress_start": S, "compress_end": E} (ALIGN-1);
    with explain=True also every intermediate value (ALIGN-15).

      context_length          tokens of the model window (128000)
      threshold_percent       fraction of the window that triggers compaction (0.50)
      summary_target_ratio    share of the threshold kept as raw tail, clamped to [0.10, 0.80] (0.20)
      protect_first_n         head messages kept after the system prompt (first compaction only) (3)
      protect_last_n          message floor of the protected tail (20)
      min_tail_user_messages  real user turns the tail must keep (only values above 1 add a rule) (1)
      compression_count       compactions already done in this session (1 or more: no protected head) (0)
      tail_token_budget       the tail budget in tokens; -1: derived from the fields above as hermes does (-1)
      previous_summary        the summary the last compaction kept (non-empty: no protected head, ALIGN-6) (None)
      explain                 report every intermediate index (ALIGN-15) (False)
    """
    return _op('align', input, raw, params, dict(context_length=context_length,
               threshold_percent=threshold_percent, summary_target_ratio=summary_target_ratio,
               protect_first_n=protect_first_n, protect_last_n=protect_last_n,
               min_tail_user_messages=min_tail_user_messages, compression_count=compression_count,
               tail_token_budget=tail_token_budget, previous_summary=previous_summary,
               explain=explain))


def trajectory_snap(input, *, target_max_tokens=15250, summary_target_tokens=750,
                    protect_first_system=True, protect_first_human=True, protect_first_gpt=True,
                    protect_first_tool=True, protect_last_n_turns=4, raw=False, **params):
    """Trajectory boundaries: the snapped compression region and the protected turns (TRAJ-*).

    Returns: A dict: the turns' tokens, the protected turns, the compressible
    range and the region chosen (None where nothing is compressed).

      target_max_tokens      token budget of one trajectory (15250)
      summary_target_tokens  tokens the summary stands for (750)
      protect_first_system   keep the first system turn (True)
      protect_first_human    keep the first human turn (True)
      protect_first_gpt      keep the first gpt turn (True)
      protect_first_tool     keep the first tool turn (True)
      protect_last_n_turns   turns kept at the end (4)
    """
    return _op('trajectory-snap', input, raw, params, dict(target_max_tokens=target_max_tokens,
               summary_target_tokens=summary_target_tokens,
               protect_first_system=protect_first_system, protect_first_human=protect_first_human,
               protect_first_gpt=protect_first_gpt, protect_first_tool=protect_first_tool,
               protect_last_n_turns=protect_last_n_turns))


def truncate_args(input, *, head_chars=200, truncate_all=False, protect_last_n=20,
                  tail_token_budget=-1, context_length=128000, threshold_percent=0.50,
                  summary_target_ratio=0.20, raw=False, **params):
    """JSON-safe truncation of long string values in tool-call arguments (ARGS-*).

    Returns: The transcript, the selected calls' arguments shrunk.

      head_chars            code points kept of a long string value (ARGS-2) (200)
      truncate_all          every call, ignoring the selection rule (ARGS-8) (False)
      protect_last_n        message floor of the protected tail (20)
      tail_token_budget     the tail budget in tokens; -1: derived from the fields above as hermes does (-1)
      context_length        tokens of the model window (128000)
      threshold_percent     fraction of the window that triggers compaction (0.50)
      summary_target_ratio  share of the threshold kept as raw tail, clamped to [0.10, 0.80] (0.20)
    """
    return _op('truncate-args', input, raw, params, dict(head_chars=head_chars,
               truncate_all=truncate_all, protect_last_n=protect_last_n,
               tail_token_budget=tail_token_budget, context_length=context_length,
               threshold_percent=threshold_percent, summary_target_ratio=summary_target_ratio))


def strip_prefix(input, *, raw=False, **params):
    """Summary prefix removal: _strip_summary_prefix (PREFIX-3).

    Returns: The summary str without its prefix.
    """
    return _op('strip-prefix', input, raw, params)


def with_prefix(input, *, raw=False, **params):
    """Summary prefix application: _with_summary_prefix (PREFIX-4).

    Returns: The summary str with the current prefix.
    """
    return _op('with-prefix', input, raw, params)


def classify_summary(input, *, raw=False, **params):
    """Classify message content as a standalone, merged or no summary (PREFIX-6).

    Returns: "standalone", "merged" or "none".
    """
    return _op('classify-summary', input, raw, params)


def repair(input, *, policy="strip", raw=False, **params):
    """Orphan tool-pair repair: _sanitize_tool_pairs (PAIRS-*).

    Returns: The transcript (in its wrapper, MODEL-2): orphan results dropped,
    unanswered calls removed (strip) or answered by a stub result (stub).

      policy  "strip": unanswered calls are removed (pinned hermes); "stub": a stub result is inserted (hermes v0.15.1) ("strip")
    """
    return _op('repair', input, raw, params, dict(policy=policy))


def prune(input, *, protect_last_n=20, tail_token_budget=-1, context_length=128000,
          threshold_percent=0.50, summary_target_ratio=0.20, explain=False, raw=False, **params):
    """Old tool-output pruning: _prune_old_tool_results as compress() calls it (PRUNE-1..8).

    Returns: The pruned transcript; with explain=True {"pruned": N, "result":
    transcript} (PRUNE-10).

      protect_last_n        message floor of the protected tail (20)
      tail_token_budget     the tail budget in tokens; -1: derived from the fields above as hermes does (-1)
      context_length        tokens of the model window (128000)
      threshold_percent     fraction of the window that triggers compaction (0.50)
      summary_target_ratio  share of the threshold kept as raw tail, clamped to [0.10, 0.80] (0.20)
      explain               write {"pruned": N, "result": <transcript>} (PRUNE-10) (False)
    """
    return _op('prune', input, raw, params, dict(protect_last_n=protect_last_n,
               tail_token_budget=tail_token_budget, context_length=context_length,
               threshold_percent=threshold_percent, summary_target_ratio=summary_target_ratio,
               explain=explain))


def prune_only(input, *, proactive_prune_tokens=0, proactive_prune_min_result_chars=8000,
               proactive_prune_min_reclaim_tokens=4096, current_tokens=-1, protect_last_n=20,
               protect_first_n=3, compression_count=0, previous_summary=None, explain=False, raw=False,
               **params):
    """Tool-output pruning behind the reclaim gate: prune_tool_results_only (PRUNE-9).

    Returns: The pruned transcript, or the input unchanged whenever hermes hands
    it back; explain=True as in prune.

      proactive_prune_tokens              the trigger; 0 or less disables the op (0)
      proactive_prune_min_result_chars    outputs longer than this are summarised; read as max(200, v or 8000) (8000)
      proactive_prune_min_reclaim_tokens  the reclaim gate; read as max(0, v); 0 commits any prune (4096)
      current_tokens                      the caller's current prompt size; -1 (or None) is hermes's None (-1)
      protect_last_n                      message floor of the protected tail (20)
      protect_first_n                     head messages after the system prompt (the protected head) (3)
      compression_count                   compactions already done (1 or more: no protected head) (0)
      previous_summary                    the summary the last compaction kept (non-empty: no protected head) (None)
      explain                             write {"pruned": N, "result": <transcript>} (PRUNE-10) (False)
    """
    return _op('prune-only', input, raw, params, dict(proactive_prune_tokens=proactive_prune_tokens,
               proactive_prune_min_result_chars=proactive_prune_min_result_chars,
               proactive_prune_min_reclaim_tokens=proactive_prune_min_reclaim_tokens,
               current_tokens=current_tokens, protect_last_n=protect_last_n,
               protect_first_n=protect_first_n, compression_count=compression_count,
               previous_summary=previous_summary, explain=explain))


def compress(input, *, context_length=128000, threshold_percent=0.50, summary_target_ratio=0.20,
             protect_first_n=3, protect_last_n=20, min_tail_user_messages=1, compression_count=0,
             tail_token_budget=-1, abort_on_summary_failure=False, summarizer_fail=False,
             fail_reason=None, previous_summary=None, wire=False, explain=False, raw=False,
             **params):
    """The whole compaction pass with the deterministic stub summarizer (COMPRESS-*).

    Returns: The compacted transcript; with explain=True {"outcome", "compress_start",
    "compress_end", "summarized", "previous_summary", "compression_count", "result": transcript}:
    pass the two state values to the next call to chain compactions (COMPRESS-17).

      context_length            tokens of the model window (128000)
      threshold_percent         fraction of the window that triggers compaction (0.50)
      summary_target_ratio      share of the threshold kept as raw tail, clamped to [0.10, 0.80] (0.20)
      protect_first_n           head messages kept after the system prompt (first compaction only) (3)
      protect_last_n            message floor of the protected tail (20)
      min_tail_user_messages    real user turns the tail must keep (only values above 1 add a rule) (1)
      compression_count         compactions already done in this session (1 or more: no protected head) (0)
      tail_token_budget         the tail budget in tokens; -1: derived from the fields above as hermes does (-1)
      abort_on_summary_failure  on summarizer failure, abort instead of the fallback (COMPRESS-8) (False)
      summarizer_fail           the stub summarizer returns nothing (COMPRESS-8) (False)
      fail_reason               the summarizer's error text in hermes's fallback summary, None: none (FALLBACK-1) (None)
      previous_summary          the summary the last compaction kept, hermes's _previous_summary, None: none (COMPRESS-17) (None)
      wire                      drop underscore-prefixed keys from the output messages (COMPRESS-16) (False)
      explain                   report how the pass ended (False)
    """
    return _op('compress', input, raw, params, dict(context_length=context_length,
               threshold_percent=threshold_percent, summary_target_ratio=summary_target_ratio,
               protect_first_n=protect_first_n, protect_last_n=protect_last_n,
               min_tail_user_messages=min_tail_user_messages, compression_count=compression_count,
               tail_token_budget=tail_token_budget,
               abort_on_summary_failure=abort_on_summary_failure, summarizer_fail=summarizer_fail,
               fail_reason=fail_reason, previous_summary=previous_summary, wire=wire,
               explain=explain))


def trajectory(input, *, target_max_tokens=15250, summary_target_tokens=750,
               protect_first_system=True, protect_first_human=True, protect_first_gpt=True,
               protect_first_tool=True, protect_last_n_turns=4, add_summary_notice=True,
               max_retries=3, summarizer_fail=False, metrics_per_trajectory=True, raw=False,
               **params):
    """Trajectory compression of one {"conversations": [...]} entry (TRAJ-*).

    Returns: The entry, compressed when over budget (with "compression_metrics"
    unless metrics_per_trajectory=False).

      target_max_tokens       token budget of one trajectory (15250)
      summary_target_tokens   tokens the summary stands for (750)
      protect_first_system    keep the first system turn (True)
      protect_first_human     keep the first human turn (True)
      protect_first_gpt       keep the first gpt turn (True)
      protect_first_tool      keep the first tool turn (True)
      protect_last_n_turns    turns kept at the end (4)
      add_summary_notice      append the notice to head system turns (TRAJ-8) (True)
      max_retries             summarizer attempts; 0: no summary (TRAJ-7) (3)
      summarizer_fail         every summarizer attempt fails (TRAJ-7) (False)
      metrics_per_trajectory  add "compression_metrics" (TRAJ-10) (True)
    """
    return _op('trajectory', input, raw, params, dict(target_max_tokens=target_max_tokens,
               summary_target_tokens=summary_target_tokens,
               protect_first_system=protect_first_system, protect_first_human=protect_first_human,
               protect_first_gpt=protect_first_gpt, protect_first_tool=protect_first_tool,
               protect_last_n_turns=protect_last_n_turns, add_summary_notice=add_summary_notice,
               max_retries=max_retries, summarizer_fail=summarizer_fail,
               metrics_per_trajectory=metrics_per_trajectory))


def check(input, *, profile="openai", json=False, raw=False, **params):
    """Provider structural linter (CHECK-*).

    Returns: A str of findings, one a line ("" for a clean transcript); with
    json=True a list of dicts, one a finding (CHECK-21).

      profile  openai | openai-strict | anthropic | gemini | deepseek-thinking | responses ("openai")
      json     findings as JSON lines, returned parsed (CHECK-21) (False)
    """
    return _op('check', input, raw, params, dict(profile=profile, json=json))


def strip_media(input, *, raw=False, **params):
    """Historical media stripping: images of older turns replaced by labels (PRUNE-11, PRUNE-12).

    Returns: The transcript with the older turns' images replaced.
    """
    return _op('strip-media', input, raw, params)


def align_at(input, *, at=0, raw=False, **params):
    """Both alignment moves at one index (ALIGN-16).

    Returns: {"forward": _align_boundary_forward(messages, at),
     "backward": _align_boundary_backward(messages, at)}.

      at  the index both moves start from (0)
    """
    return _op('align-at', input, raw, params, dict(at=at))


def redact(input, *, raw=False, **params):
    """hermes's redact_sensitive_text on one string (REDACT-*): a JSON string
    in, the redacted string out, every pass included (the assignment and
    header passes are REDACT-16..22).

    Returns: The redacted text (a str).
    """
    return _op('redact', input, raw, params)

OP_FUNCTIONS = ['validate', 'messages', 'align', 'trajectory_snap', 'truncate_args', 'strip_prefix', 'with_prefix', 'classify_summary', 'repair', 'prune', 'prune_only', 'compress', 'trajectory', 'check', 'strip_media', 'align_at', 'redact']


_DEFAULTS = {}
for _name in _codes.OPS:
    _f = globals()[_name.replace("-", "_")]
    _DEFAULTS[_name] = {k: v for k, v in (_f.__kwdefaults__ or {}).items() if k != "raw"}
del _name, _f
