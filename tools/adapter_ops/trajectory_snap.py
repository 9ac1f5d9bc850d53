"""trajectory_snap -- the region trajectory compression would summarize,
with every intermediate value, from the pinned trajectory_compressor.py
(spec TRAJ-1..TRAJ-6).

Runs TrajectoryCompressor._plan_compression on the turns as given, with
the token counter forced onto its len(text) // 4 fallback (see
trajectory.py).  The intermediate values are observed, not recomputed: the
instance's _find_protected_indices and _snap_boundary are wrapped to record
what they were given and what they returned.  A value _plan_compression
never computed (it returned early) is null.  The one derived value is
target_tokens_to_compress, the plan's local total - target_max_tokens +
summary_target_tokens, reported only when the plan got that far.

Input: a trajectory entry {"conversations": [...], ...} or the bare list of
turns.  Anything else is HCC_E_SHAPE; so is a hermes crash (TypeError,
AttributeError, KeyError: see DIV-TRAJ-*).
"""
from adapter_ops import trajectory as _traj


def _turns(h, value):
    if isinstance(value, dict) and "conversations" in value:
        value = value["conversations"]
    if not isinstance(value, list):
        raise h.Reject("HCC_E_SHAPE", "input is neither a list of turns nor an entry with a conversations list")
    return value


def run(h, params, value):
    turns = _turns(h, value)
    tc = _traj.compressor(h, params)
    calls = []
    find, snap = tc._find_protected_indices, tc._snap_boundary

    def rec_find(trajectory):
        r = find(trajectory)
        calls.append(("find", r))
        return r

    def rec_snap(trajectory, idx, lo, hi):
        r = snap(trajectory, idx, lo, hi)
        calls.append(("snap", (idx, lo, hi), r))
        return r

    tc._find_protected_indices = rec_find
    tc._snap_boundary = rec_snap
    metrics = h.traj.TrajectoryMetrics()
    plan = tc._plan_compression  # outside the try: a version without it is a skip, not a refusal
    try:
        region = plan(turns, metrics)
        turn_tokens = tc.count_turn_tokens(turns)
    except (TypeError, AttributeError, KeyError) as e:
        raise h.Reject("HCC_E_SHAPE", "hermes raises %s: %s" % (type(e).__name__, e))
    finds = [c for c in calls if c[0] == "find"]
    snaps = [c for c in calls if c[0] == "snap"]
    cfg = tc.config
    out = {
        "turn_tokens": turn_tokens,
        "total_tokens": sum(turn_tokens),
        "protected": sorted(finds[0][1][0]) if finds else None,
        "compressible_start": finds[0][1][1] if finds else None,
        "compressible_end": finds[0][1][2] if finds else None,
        "start": snaps[0][2] if snaps else None,
        "target_tokens_to_compress": (sum(turn_tokens) - cfg.target_max_tokens + cfg.summary_target_tokens)
        if len(snaps) > 1 else None,
        "until_accumulated": snaps[1][1][0] if len(snaps) > 1 else None,
        "until": snaps[1][2] if len(snaps) > 1 else None,
        "region": list(region) if region else None,
    }
    return out
