"""adapter_stubs.py -- stand-ins for the hermes modules that the pinned
compaction code imports but the rules under test never use (LLM clients,
error classification, session storage).  A module is stubbed only when the
HERMES_SRC folder does not hold its real file.

Each stub says what it replaces; none of them is reached by the ops hcc
implements except where noted (the summarizer seam is replaced by the
adapter itself, see adapter_ops/compress.py).
"""
import contextlib
import enum
import os
import sys
import types


def _module(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    m.__hcc_stub__ = True
    return m


def _no_llm(*a, **k):
    raise RuntimeError("hcc adapter: no LLM is reachable; the summarizer seam is stubbed")


def _not_pinned(name):
    def fail(*a, **k):
        raise RuntimeError("hcc adapter: %s is not among the pinned hermes files" % name)
    return fail


# agent/conversation_compression.py's _is_real_user_message, in its own
# words: a user-role dict whose synthetic flags are all falsy, whose text
# (string content, or the text-or-content values of the dict parts joined
# with newlines) is not blank, does not start with one of the runtime
# scaffolding prefixes, and that the compressor does not see as one of its
# own synthetic user turns.
_SCAFFOLD_FLAGS = ("_todo_snapshot_synthetic", "_empty_recovery_synthetic",
                   "_verification_stop_synthetic", "_pre_verify_synthetic",
                   "_dropped_toolcall_nudge")
_SCAFFOLD_PREFIXES = ("[System: Your previous response was truncated",
                      "[System: The previous response was cut off",
                      "[System: Your previous tool call",
                      "[Your active task list was preserved across context compression]",
                      "[IMPORTANT: Background process ")


def _real_user_message(message):
    if not isinstance(message, dict) or message.get("role") != "user":
        return False
    if any(message.get(f) for f in _SCAFFOLD_FLAGS):
        return False
    content = message.get("content")
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = "\n".join(str(p.get("text") or p.get("content") or "")
                         for p in content if isinstance(p, dict))
    else:
        text = ""
    text = text.strip()
    if not text or text.startswith(_SCAFFOLD_PREFIXES):
        return False
    from agent.context_compressor import ContextCompressor
    return not ContextCompressor._is_synthetic_compression_user_turn(message)


class _ContextEngine:
    """Base class of ContextCompressor; holds no behaviour the rules use."""


class _FailoverReason(enum.Enum):
    """The members agent/context_compressor.py names."""
    unknown = "unknown"
    rate_limit = "rate_limit"
    auth = "auth"
    auth_permanent = "auth_permanent"
    billing = "billing"


def _classify_api_error(exc, *a, **k):
    """Every summarizer error reads as reason `unknown`: the compressor then
    decides on the error's text and status code alone (its own checks);
    the real classifier (unpinned) is not there to say rate_limit or auth."""
    return types.SimpleNamespace(reason=_FailoverReason.unknown)


def _stubs():
    return {
        "agent.auxiliary_client": dict(
            call_llm=_no_llm,
            _is_connection_error=lambda e: False,
            aux_interrupt_protection=lambda *a, **k: contextlib.nullcontext(),
            _resolve_task_provider_model=lambda *a, **k: ("", ""),
            # Older versions (the matrix's hermes history columns) build
            # the summarizer's client in ContextCompressor.__init__; no op
            # uses it (the summarizer seam is the adapter's), so no client.
            get_text_auxiliary_client=lambda *a, **k: (None, None),
        ),
        "agent.context_engine": dict(
            ContextEngine=_ContextEngine,
            sanitize_memory_context=lambda text: text,
        ),
        "agent.error_classifier": dict(
            FailoverReason=_FailoverReason,
            classify_api_error=_classify_api_error,
        ),
        # Only used to redact text sent to the summarizer.
        "agent.redact": dict(redact_sensitive_text=lambda text, *a, **k: text),
        # hermes calls it as strip_think_blocks(agent_or_None, content), in
        # the summarizer's input and on its answer; the stand-in keeps the
        # content as it is (no <think> block is removed).
        "agent.agent_runtime_helpers": dict(strip_think_blocks=lambda agent, content, *a, **k: content),
        "hermes_time": dict(now=lambda: __import__("datetime").datetime.now()),
        # The constant as hermes-agent's tools/todo_tool.py defines it.
        "tools.todo_tool": dict(
            TODO_INJECTION_HEADER="[Your active task list was preserved across context compression]"),
        # Used by media stripping and compress() (drop_stale_api_content).
        # Pinned since: HERMES_SRC/agent/turn_context.py at commit
        # 0041c5c0b9eab6528142c005a0d67993d5b690ad (README.md lists it), so
        # this stand-in is skipped; it stays for a HERMES_SRC without the
        # file, where any call fails loudly rather than a guess standing in.
        "agent.turn_context": dict(drop_stale_api_content=_not_pinned("drop_stale_api_content")),
        # Imported at module level by agent/turn_context.py (pinned) for the
        # turn prologue, which no op reaches; only its drop_stale_api_content
        # is used.  Any call fails loudly.
        "agent.iteration_budget": dict(IterationBudget=_not_pinned("IterationBudget")),
        "agent.memory_manager": dict(build_memory_context_block=_not_pinned("build_memory_context_block")),
        "agent.memory_provider": dict(is_trivial_prompt=_not_pinned("is_trivial_prompt")),
        "agent.usage_anchor": dict(anchored_context_tokens=_not_pinned("anchored_context_tokens"),
                                   restore_usage_anchor=_not_pinned("restore_usage_anchor")),
        "agent.turn_author": dict(parse_turn_author=_not_pinned("parse_turn_author")),
        # Only ContextCompressor._latest_user_task_snapshot calls it, inside
        # _generate_summary's grounding, which the compress op replaces by
        # the stub summarizer: not reached by any op.  The real module
        # imports about ten unpinned modules, so this stand-in implements
        # the one function as fetched (commit 00dd69bd, recorded in
        # HERMES_SRC/excerpts/MANIFEST.txt; that version is later than the
        # pin, no earlier one holds the function in this form).
        # (agent/turn_context.py also imports recover_rotated_compression_session
        # from it, for the turn prologue no op reaches.)
        "agent.conversation_compression": dict(
            _is_real_user_message=_real_user_message,
            recover_rotated_compression_session=_not_pinned("recover_rotated_compression_session")),
        # estimate_messages_tokens_rough (telemetry and the savings figure of
        # compress(), never its output) imports the learned per-image price;
        # the flat default stands in (a number only, the output never sees it).
        # (agent/turn_context.py also imports bind_image_token_cost, for the
        # turn prologue no op reaches.)
        "agent.image_token_cost": dict(current_image_token_cost=lambda: 1600,
                                       bind_image_token_cost=_not_pinned("bind_image_token_cost")),
        # Imported by agent/model_metadata.py for model catalogues, HTTP
        # probing and config files; the estimators and MINIMUM_CONTEXT_LENGTH
        # do not use them.
        "hermes_yaml": dict(safe_load=_not_pinned("hermes_yaml.safe_load")),
        "agent.model_metadata_http": dict(),
        "utils": dict(atomic_json_write=_not_pinned("atomic_json_write"),
                      atomic_yaml_write=_not_pinned("atomic_yaml_write"),
                      base_url_host_matches=lambda *a, **k: False,
                      base_url_hostname=lambda *a, **k: ""),
        "hermes_constants": dict(OPENROUTER_MODELS_URL="",
                                 openrouter_variant_base=lambda *a, **k: "",
                                 get_hermes_home=_not_pinned("get_hermes_home"),
                                 # agent/redact.py's _redact_enabled asks for
                                 # them (a force=False call: the fallback's
                                 # previous-summary snapshot): no profile
                                 # override, so the launch snapshot of
                                 # HERMES_REDACT_SECRETS decides (default on)
                                 get_hermes_home_override=lambda: None,
                                 hermes_home_key=lambda: "hcc-adapter"),
        # Used only by estimate_messages_tokens_rough (telemetry, not the
        # rules).  Unpinned; most hermes versions define exactly this set.
        # (agent/turn_context.py also imports append_message and
        # stamp_message_timestamp, for the turn prologue no op reaches.)
        "agent.message_metadata": dict(PERSISTENCE_ONLY_MESSAGE_FIELDS=frozenset({"timestamp"}),
                                       append_message=_not_pinned("append_message"),
                                       stamp_message_timestamp=_not_pinned("stamp_message_timestamp")),
    }


# Stubbed even when HERMES_SRC holds the file: agent/redact.py only redacts
# text bound for the summarizer model and pulls in file-safety modules that
# are not pinned.
ALWAYS_STUBBED = {"agent.redact"}


def install(src):
    """Registers a stub for every module in the list whose file is not in src."""
    for name, attrs in _stubs().items():
        path = os.path.join(src, *name.split(".")) + ".py"
        if (os.path.exists(path) and name not in ALWAYS_STUBBED) or name in sys.modules:
            continue
        parent, _, leaf = name.rpartition(".")
        if parent and parent not in sys.modules:
            pkg_dir = os.path.join(src, *parent.split("."))
            pkg = types.ModuleType(parent)
            pkg.__path__ = [pkg_dir]
            sys.modules[parent] = pkg
        mod = _module(name, **attrs)
        sys.modules[name] = mod
        if parent:
            setattr(sys.modules[parent], leaf, mod)
    # Packages hermes imports from must resolve to HERMES_SRC even without
    # __init__.py files in the copy.
    for pkg_name in ("agent", "tools"):
        if pkg_name not in sys.modules:
            pkg = types.ModuleType(pkg_name)
            pkg.__path__ = [os.path.join(src, pkg_name)]
            sys.modules[pkg_name] = pkg
