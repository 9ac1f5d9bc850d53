#!/bin/sh
# test_bench_steps.sh -- tools/bench.py's interleaved hermes runs
# (run_hermes_steps) against a stand-in for bench/hermes_ops.py --steps that
# logs what happens in order: hcc's block runs after each hermes run and
# before the next starts, the runs stop at a failed status, a driver that
# hangs is killed at the deadline, a driver that dies is reported, one
# that has nothing to run (an op hermes lacks) is read, not taken for dead.
set -u
PY=${PYTHON:-python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/fake.py" <<'PYEOF'
# argv: log file, mode (ok | crash-at-2 | hang | die), then bench's arguments
import json, sys, time
log, mode = sys.argv[1], sys.argv[2]
runs = int(sys.argv[sys.argv.index("--runs") + 1])
assert "--steps" in sys.argv
status, times = "ok", []
if mode == "unsupported":  # hermes_ops.py for an op hermes lacks: no run, no stdin read
    print(json.dumps({"status": "unsupported", "runs_s": [], "median_s": 0.0}))
    sys.exit(0)
for r in range(runs):
    if sys.stdin.readline().strip() != "run":
        break
    if mode == "hang":
        time.sleep(60)
    if mode == "die":
        sys.exit("fake driver: died")
    open(log, "a").write("hermes %d\n" % r)
    if mode == "crash-at-2" and r == 1:
        status = "crash"
    times.append(0.5 + r)
    print(json.dumps({"step": r, "run_s": times[-1], "status": status}), flush=True)
    if status != "ok":
        break
print(json.dumps({"status": status, "runs_s": times, "median_s": sorted(times)[len(times) // 2]}))
PYEOF
$PY - "$T" <<'PYEOF'
import os, sys, time
t = sys.argv[1]
sys.path.insert(0, os.path.join(os.getcwd(), "tools"))
import bench
fails = 0
def case(name, mode, runs, timeout, want_log, want_status, want_runs=None):
    global fails
    log = os.path.join(t, name + ".log")
    open(log, "w").close()
    def between():
        open(log, "a").write("hcc\n")
    cmd = [sys.executable, os.path.join(t, "fake.py"), log, mode, "--runs", str(runs), "--steps"]
    t0 = time.monotonic()
    res = bench.run_hermes_steps(cmd, runs, timeout, between)
    took = time.monotonic() - t0
    got = open(log).read().split("\n")[:-1]
    bad = []
    if got != want_log:
        bad.append("order %r, want %r" % (got, want_log))
    if res.get("status") != want_status:
        bad.append("status %r, want %r (%r)" % (res.get("status"), want_status, res))
    if want_runs is not None and res.get("runs_s") != want_runs:
        bad.append("runs %r, want %r" % (res.get("runs_s"), want_runs))
    if took > timeout + 5:
        bad.append("took %.1f s, deadline %d s" % (took, timeout))
    if bad:
        fails += 1
        print("FAIL %s: %s" % (name, "; ".join(bad)))
    else:
        print("ok %s" % name)
case("interleaved", "ok", 3, 30, ["hermes 0", "hcc", "hermes 1", "hcc", "hermes 2", "hcc"], "ok",
     [0.5, 1.5, 2.5])
case("stops-at-crash", "crash-at-2", 3, 30, ["hermes 0", "hcc", "hermes 1"], "crash", [0.5, 1.5])
case("hang-killed", "hang", 2, 2, [], "timeout")
case("driver-dies", "die", 2, 30, [], "driver-failed")
case("unsupported-op", "unsupported", 3, 30, [], "unsupported", [])
sys.exit(1 if fails else 0)
PYEOF
