"""hcc_substitutes.py -- hermes-agent's compaction functions computed by hcc.

Each entry replaces one function of the pinned hermes (on the real
ContextCompressor class, or at module level in agent/context_compressor.py)
by a function with the same signature and return convention that calls the
`hcc` Python package (bindings/python) instead.  make hermes-tests
(tools/hermes_tests.py) installs them under hermes-agent's own unit tests,
through the pytest plugin tools/hermes_tests_plugin.py.

What crosses into hcc is what hermes holds: the Python values, serialised by
the package as hermes serialises them (json.dumps, ensure_ascii=False).  A
value JSON cannot hold (a MagicMock, a set) makes the package raise
TypeError, and the test sees that: no substitute falls back to hermes on
bad input.

A substitute *declines* only when the call asks for something no hcc op
models (a `min_prune_chars` other than compress()'s, a tail cut for a head
boundary that is not the one hermes's own compress() would use); it then
runs hermes's own function and the call is recorded as declined, not as
reaching hcc.  Every call is recorded (see Recorder), so the runner can tell
a test that passed *through hcc* from one that never reached it.

Identity: hermes returns the very list it was given when a pass changes
nothing (prune_tool_results_only's "returned unchanged" contract).  hcc
answers in bytes, so a substitute hands back the caller's own object when
hcc's answer equals it; everything else is the new value hcc wrote.
"""
import threading


class Recorder:
    """Counts, per test, the calls that reached hcc and the ones declined."""

    def __init__(self):
        self._lock = threading.Lock()
        self.reset()

    def reset(self):
        with self._lock:
            self.reached = {}
            self.declined = {}

    def hit(self, name):
        with self._lock:
            self.reached[name] = self.reached.get(name, 0) + 1

    def decline(self, name, why):
        with self._lock:
            self.declined.setdefault(name, set()).add(why)

    def snapshot(self):
        with self._lock:
            return (dict(self.reached),
                    {k: sorted(v) for k, v in self.declined.items()})


def _same_or(original, new):
    """The caller's object when hcc's answer is equal to it, else hcc's."""
    return original if new == original else new


def build(hcc, cc, rec):
    """{(owner, name): replacement} for the hermes module cc.

    owner is "module" (a function of agent/context_compressor.py) or
    "ContextCompressor" (a method; the kind, static/class/instance, is kept
    by the installer).  rec is a Recorder.  Only names the module defines
    are returned."""
    CC = cc.ContextCompressor
    orig_method = {n: CC.__dict__[n] for n in CC.__dict__}
    subs = {}

    def method(name):
        def put(fn):
            if name in orig_method:
                subs[("ContextCompressor", name)] = fn
            return fn
        return put

    def module_fn(name):
        def put(fn):
            if hasattr(cc, name):
                subs[("module", name)] = fn
            return fn
        return put

    def original(name):
        f = orig_method[name]
        return f.__func__ if isinstance(f, (staticmethod, classmethod)) else f

    # ---- orphan tool-pair repair (PAIRS-*) ----
    @method("_sanitize_tool_pairs")
    def _sanitize_tool_pairs(self, messages):
        rec.hit("_sanitize_tool_pairs")
        return _same_or(messages, hcc.repair(messages, policy="strip"))

    # ---- boundary alignment (ALIGN-16) ----
    def _align(self, messages, idx, which, name):
        if not isinstance(idx, int) or isinstance(idx, bool) or idx < 0:
            # hcc's align-at takes an index from 0; Python's negative
            # indexing of the list is not a boundary hcc models
            rec.decline(name, "index below 0")
            return original(name)(self, messages, idx)
        rec.hit(name)
        return hcc.align_at(messages, at=idx)[which]

    @method("_align_boundary_forward")
    def _align_boundary_forward(self, messages, idx):
        return _align(self, messages, idx, "forward", "_align_boundary_forward")

    @method("_align_boundary_backward")
    def _align_boundary_backward(self, messages, idx):
        return _align(self, messages, idx, "backward", "_align_boundary_backward")

    # ---- the tail cut (ALIGN-8..13, via align's explained steps) ----
    @method("_find_tail_cut_by_tokens")
    def _find_tail_cut_by_tokens(self, messages, head_end, token_budget=None):
        budget = self.tail_token_budget if token_budget is None else token_budget
        params = _align_params(self, budget)
        steps = hcc.align(messages, explain=True, **params)["steps"]
        if steps["align_boundary_forward"] != head_end:
            # hcc derives the head boundary itself (ALIGN-5..7) and the cut
            # depends on the head only through that boundary; a caller
            # passing its own head_end gets hcc's cut for the first
            # protect_first_n whose boundary is that head_end
            steps = None
            for first in range(min(len(messages), _HEAD_SEARCH) + 1):
                params.update(protect_first_n=first, compression_count=0, previous_summary=None)
                s = hcc.align(messages, explain=True, **params)["steps"]
                if s["align_boundary_forward"] == head_end:
                    steps = s
                    break
        if steps is None:
            rec.decline("_find_tail_cut_by_tokens", "no protect_first_n gives this head_end")
            return original("_find_tail_cut_by_tokens")(self, messages, head_end, token_budget)
        rec.hit("_find_tail_cut_by_tokens")
        return steps["find_tail_cut_by_tokens"]

    # ---- the protected head and the has-anything-to-do test (ALIGN-5..7, ALIGN-15) ----
    def _head_steps(self, messages, name):
        """align's explained steps for the compressor, or None (declined)
        when hermes's answer would rest on state hcc has no parameter for."""
        previous = getattr(self, "_previous_summary", None)
        if previous is not None and not isinstance(previous, str):
            # previous_summary is a text parameter (COMPRESS-17)
            rec.decline(name, "_previous_summary is not a string")
            return None
        rec.hit(name)
        return hcc.align(messages or [], explain=True,
                         **_align_params(self, self.tail_token_budget))["steps"]

    def head_step(name, step):
        """The method `name`, answered by align's explained step `step`."""
        def replacement(self, messages=None):
            steps = _head_steps(self, messages, name)
            if steps is None:
                return original(name)(self, messages)
            return steps[step]
        method(name)(replacement)

    head_step("_effective_protect_first_n", "effective_protect_first_n")
    head_step("_protect_head_size", "protect_head_size")
    head_step("has_content_to_compress", "has_content_to_compress")

    # ---- one message's budget tokens (ALIGN-4) ----
    @module_fn("_estimate_msg_budget_tokens")
    def _estimate_msg_budget_tokens(msg):
        rec.hit("_estimate_msg_budget_tokens")
        return hcc.align([msg], explain=True)["steps"]["budget_tokens"][0]

    # ---- the latest real user turn (ALIGN-14) ----
    @method("_find_last_user_message_idx")
    def _find_last_user_message_idx(self, messages, head_end):
        if head_end != 0:
            # align reports the search from index 0 only
            rec.decline("_find_last_user_message_idx", "head_end other than 0")
            return original("_find_last_user_message_idx")(self, messages, head_end)
        rec.hit("_find_last_user_message_idx")
        return hcc.align(messages, explain=True)["steps"]["find_last_user_message_idx"]

    # ---- summary prefixes (PREFIX-*) ----
    @method("_strip_summary_prefix")
    def _strip_summary_prefix(summary):
        rec.hit("_strip_summary_prefix")
        return hcc.strip_prefix(summary)

    @method("_with_summary_prefix")
    def _with_summary_prefix(cls, summary):
        rec.hit("_with_summary_prefix")
        return hcc.with_prefix(summary)

    @method("classify_summary_content")
    def classify_summary_content(cls, content):
        rec.hit("classify_summary_content")
        kind = hcc.classify_summary(content)
        return None if kind == "none" else kind

    # ---- arguments truncation (ARGS-*, truncate_all: one call alone) ----
    @module_fn("_truncate_tool_call_args_json")
    def _truncate_tool_call_args_json(args, head_chars=200):
        if not isinstance(args, str):
            # ARGS-* shrink an arguments *string*; what hermes does with
            # another type is its own (json.loads raising TypeError)
            rec.decline("_truncate_tool_call_args_json", "arguments not a str")
            return cc_orig_truncate(args, head_chars)
        rec.hit("_truncate_tool_call_args_json")
        msgs = [{"role": "assistant", "content": None, "tool_calls": [
            {"id": "hcc", "type": "function", "function": {"name": "f", "arguments": args}}]}]
        out = hcc.truncate_args(msgs, truncate_all=True, head_chars=head_chars)
        return out[0]["tool_calls"][0]["function"]["arguments"]

    cc_orig_truncate = getattr(cc, "_truncate_tool_call_args_json", None)

    # ---- tool-output pruning (PRUNE-*) ----
    @method("_prune_old_tool_results")
    def _prune_old_tool_results(self, messages, protect_tail_count, protect_tail_tokens=None,
                                min_prune_chars=200):
        if min_prune_chars != 200:
            # prune is compress()'s Phase 1, whose floor is the default;
            # other floors come through prune_tool_results_only (prune-only)
            rec.decline("_prune_old_tool_results", "min_prune_chars other than 200")
            return original("_prune_old_tool_results")(
                self, messages, protect_tail_count, protect_tail_tokens, min_prune_chars)
        rec.hit("_prune_old_tool_results")
        # hermes: a budget that is None or not above 0 protects by count;
        # hcc: tail_token_budget 0 is that count-only mode (-1 would derive one)
        budget = protect_tail_tokens if (protect_tail_tokens is not None and protect_tail_tokens > 0) else 0
        out = hcc.prune(messages, protect_last_n=protect_tail_count, tail_token_budget=budget,
                        explain=True)
        return _same_or(messages, out["result"]), out["pruned"]

    @method("prune_tool_results_only")
    def prune_tool_results_only(self, messages, current_tokens=None):
        rec.hit("prune_tool_results_only")
        out = hcc.prune_only(
            messages,
            proactive_prune_tokens=self.proactive_prune_tokens,
            proactive_prune_min_result_chars=self.proactive_prune_min_result_chars,
            proactive_prune_min_reclaim_tokens=self.proactive_prune_min_reclaim_tokens,
            current_tokens=-1 if current_tokens is None else current_tokens,
            protect_last_n=self.protect_last_n, protect_first_n=self.protect_first_n,
            compression_count=self.compression_count, explain=True)
        return _same_or(messages, out["result"]), out["pruned"]

    # ---- historical media (PRUNE-11, PRUNE-12) ----
    @module_fn("_strip_historical_media")
    def _strip_historical_media(messages):
        rec.hit("_strip_historical_media")
        return _same_or(messages, hcc.strip_media(messages))

    return subs


_HEAD_SEARCH = 64  # protect_first_n values tried for a caller's head_end


def _align_params(c, budget):
    """hcc.align's parameters for the compressor c, tail budget given."""
    return dict(protect_first_n=c.protect_first_n, protect_last_n=c.protect_last_n,
                min_tail_user_messages=getattr(c, "min_tail_user_messages", 1),
                compression_count=getattr(c, "compression_count", 0),
                previous_summary=getattr(c, "_previous_summary", None),
                tail_token_budget=budget)


_TRAJ_RANGE = (0, 10 ** 12)  # what hcc's trajectory ops take (spec, TRAJ parameters)


def build_trajectory(hcc, traj, rec):
    """{("TrajectoryCompressor", name): replacement} for trajectory_compressor.py.

    _plan_compression (TRAJ-1..6: the protected turns, both snaps, the
    region and the size guard) and _find_protected_indices (TRAJ-3) are
    hcc.trajectory_snap.  hcc counts a turn's
    tokens as hermes's fallback does (len(value) // 4, TRAJ-2); when the
    instance's own counter gives other numbers (a tokenizer), the plan is
    not one hcc computes and the call is declined."""
    TC = getattr(traj, "TrajectoryCompressor", None)
    if TC is None or "_plan_compression" not in TC.__dict__:
        return {}
    orig_plan = TC.__dict__["_plan_compression"]

    orig_find = TC.__dict__.get("_find_protected_indices")

    def in_range(cfg):
        nums = (cfg.target_max_tokens, cfg.summary_target_tokens, cfg.protect_last_n_turns)
        return all(isinstance(v, int) and not isinstance(v, bool)
                   and _TRAJ_RANGE[0] <= v <= _TRAJ_RANGE[1] for v in nums)

    def snap(trajectory, cfg, target_max_tokens):
        return hcc.trajectory_snap(
            trajectory, target_max_tokens=target_max_tokens,
            summary_target_tokens=cfg.summary_target_tokens,
            protect_first_system=bool(cfg.protect_first_system),
            protect_first_human=bool(cfg.protect_first_human),
            protect_first_gpt=bool(cfg.protect_first_gpt),
            protect_first_tool=bool(cfg.protect_first_tool),
            protect_last_n_turns=cfg.protect_last_n_turns)

    def _find_protected_indices(self, trajectory):
        # hcc reports the protected turns of a plan that gets past the
        # budget test (TRAJ-3); with a budget of 0 every trajectory holding
        # a token does, and the protected turns do not depend on the budget
        if not in_range(self.config):
            rec.decline("_find_protected_indices", "a setting outside hcc's range")
            return orig_find(self, trajectory)
        out = snap(trajectory, self.config, 0)
        if out["protected"] is None:
            rec.decline("_find_protected_indices", "a trajectory without a token: hcc's plan stops first")
            return orig_find(self, trajectory)
        rec.hit("_find_protected_indices")
        return set(out["protected"]), out["compressible_start"], out["compressible_end"]

    def _plan_compression(self, trajectory, metrics):
        cfg = self.config
        if not in_range(cfg):
            rec.decline("_plan_compression", "a setting outside hcc's range")
            return orig_plan(self, trajectory, metrics)
        out = snap(trajectory, cfg, cfg.target_max_tokens)
        if out["turn_tokens"] != self.count_turn_tokens(trajectory):
            rec.decline("_plan_compression", "token counts from a tokenizer, not len // 4")
            return orig_plan(self, trajectory, metrics)
        rec.hit("_plan_compression")
        # the metrics bookkeeping hermes does around the plan, from hcc's values
        total = out["total_tokens"]
        metrics.original_turns = metrics.compressed_turns = len(trajectory)
        metrics.original_tokens = metrics.compressed_tokens = total
        if total <= cfg.target_max_tokens:
            metrics.skipped_under_target = True
            return None
        metrics.still_over_limit = True
        region = out["region"]
        if region is None:
            return None
        start, until = region
        metrics.turns_compressed_start_idx, metrics.turns_compressed_end_idx = start, until
        metrics.turns_in_compressed_region = until - start
        return start, until

    subs = {("TrajectoryCompressor", "_plan_compression"): _plan_compression}
    if orig_find is not None:
        subs[("TrajectoryCompressor", "_find_protected_indices")] = _find_protected_indices
    return subs


def install(hcc, cc, rec, traj=None):
    """Puts every substitute in place on cc (and on traj, the module
    trajectory_compressor, when given); returns the names replaced."""
    classes = {"ContextCompressor": cc.ContextCompressor}
    subs = build(hcc, cc, rec)
    if traj is not None:
        subs.update(build_trajectory(hcc, traj, rec))
        classes["TrajectoryCompressor"] = getattr(traj, "TrajectoryCompressor", None)
    done = []
    for (owner, name), fn in subs.items():
        if owner == "module":
            setattr(cc, name, fn)
        else:
            cls = classes[owner]
            kind = type(cls.__dict__[name])
            setattr(cls, name, kind(fn) if kind in (staticmethod, classmethod) else fn)
        done.append(name)
    return sorted(done)
