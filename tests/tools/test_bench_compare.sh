#!/bin/sh
# test_bench_compare.sh -- tools/bench_compare.py on small made-up results:
# the median change, the hermes ratio, the output check and its exit
# status, the generator warning, a malformed file.
set -u
PY=${PYTHON:-python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() { # name, command status wanted, pattern the output must hold
  if [ "$2" != "$3" ]; then echo "FAIL $1: exit $3, want $2"; fails=$((fails + 1)); return; fi
  if ! grep -q -- "$4" "$T/out"; then echo "FAIL $1: no '$4' in:"; cat "$T/out"; fails=$((fails + 1)); return; fi
  echo "ok $1"
}
$PY - "$T" <<'PYEOF'
import json, sys
t = sys.argv[1]
def result(median, md5, seed=1, ns=2.0, small_md5="small", probe=None, hermes_json=None):
    row = {"op": "repair", "input": "transcript", "size": "100MB", "bytes": 100_000_000,
           "ref": {"rc": "HCC_OK", "median_s": median, "min_s": median * 0.9, "ws_need": 54_000_000,
                   "out_md5": md5},
           "hermes": None}
    small = {"op": "repair", "input": "transcript", "size": "10MB", "bytes": 10_000_000,
             "ref": {"rc": "HCC_OK", "median_s": median / 10, "min_s": median / 10, "ws_need": 5_400_000,
                     "out_md5": small_md5},
             "hermes": {"status": "ok", "median_s": 0.3, "min_s": 0.3}}
    adv = [{"shape": "floats", "op": "truncate-args", "full_bytes": 100_000_000, "ns_per_byte_full": ns}]
    meta = {"git": "c%d" % int(median * 100), "date": "d", "seed": seed, "gen_version": 1}
    if probe:
        meta["probe_start"], meta["probe_end"] = {"mbps": probe}, {"mbps": probe * 0.9}
    rows = [small, row]
    if hermes_json:  # hermes's json.loads + json.dumps time on a 10 MB validate row
        rows.append({"op": "validate", "input": "transcript", "size": "10MB", "bytes": 10_000_000,
                     "ref": {"rc": "HCC_OK", "median_s": 0.003, "min_s": 0.003, "ws_need": 0, "out_md5": "v"},
                     "hermes": {"status": "ok", "median_s": hermes_json, "min_s": hermes_json}})
    return {"meta": meta, "results": rows, "adversarial": adv}
json.dump(result(0.10, "aaa"), open(t + "/old.json", "w"))
json.dump(result(0.05, "aaa", ns=1.0), open(t + "/faster.json", "w"))
json.dump(result(0.05, "bbb"), open(t + "/changed.json", "w"))
json.dump(result(0.05, "aaa", seed=2), open(t + "/othergen.json", "w"))
json.dump(result(0.05, "aaa", small_md5="other"), open(t + "/changed_small.json", "w"))
open(t + "/bad.json", "w").write("{\"results\": 3}")
json.dump(result(0.10, "aaa", probe=2500.0), open(t + "/probe_old.json", "w"))
json.dump(result(0.05, "aaa", probe=2000.0), open(t + "/probe_slow.json", "w"))
json.dump(result(0.05, "aaa", probe=2400.0), open(t + "/probe_near.json", "w"))
json.dump(result(0.10, "aaa", hermes_json=0.4), open(t + "/hj_old.json", "w"))
json.dump(result(0.10, "aaa", hermes_json=0.16), open(t + "/hj_fast.json", "w"))
json.dump(result(0.10, "aaa", hermes_json=0.39), open(t + "/hj_near.json", "w"))
PYEOF
C=tools/bench_compare.py
$PY $C "$T/old.json" "$T/faster.json" >"$T/out" 2>&1
check "median doubles: +100 %" 0 $? "| repair | transcript | 100MB | 1,000 (1,111) | 2,000 (2,222) | +100 % |"
check "hermes ratio from the 10MB row" 0 0 "| 30.0x | 60.0x |"
check "workspace per byte" 0 0 "| 0.54 | 0.54 | same |"
check "outputs the same" 0 0 "outputs: the same on every input both runs measured (2)"
check "adversarial ns/B halved" 0 0 "| floats | truncate-args | 2.00 | 1.00 |"
$PY $C "$T/old.json" "$T/changed.json" >"$T/out" 2>&1
check "changed output shown, exit 0 without the flag" 0 $? "| CHANGED |"
$PY $C --fail-on-output-change "$T/old.json" "$T/changed.json" >"$T/out" 2>&1
check "changed output fails with the flag" 1 $? "OUTPUT CHANGED on 1 input(s): repair transcript 100MB"
$PY $C --fail-on-output-change "$T/old.json" "$T/changed_small.json" >"$T/out" 2>&1
check "a change on a row the table leaves out still counts" 1 $? "OUTPUT CHANGED on 1 input(s): repair transcript 10MB"
$PY $C --fail-on-output-change "$T/old.json" "$T/faster.json" >"$T/out" 2>&1
check "same output passes with the flag" 0 $? "outputs: the same"
$PY $C --all "$T/old.json" "$T/faster.json" >"$T/out" 2>&1
check "--all shows the 10MB row" 0 $? "| repair | transcript | 10MB |"
$PY $C "$T/old.json" "$T/othergen.json" >"$T/out" 2>&1
check "another generator: warned, outputs not compared" 0 $? "WARNING: the runs used different generators"
$PY $C "$T/old.json" "$T/bad.json" >"$T/out" 2>&1
st=$?; [ $st -ne 0 ] && st=1
check "a file that is no result is refused" 1 $st "is not a \`make bench\` result"
$PY $C "$T/probe_old.json" "$T/probe_slow.json" >"$T/out" 2>&1
check "speed probes shown" 0 $? "speed probe 2,500 MB/s; 2,250 at the end"
check "probes a fifth apart: warned" 0 0 "WARNING: the machine ran at different speeds in the two runs (speed probe 2,500 against 2,000"
$PY $C "$T/probe_old.json" "$T/probe_near.json" >"$T/out" 2>&1
if grep -q "different speeds" "$T/out"; then echo "FAIL probes 4 % apart: warned"; fails=$((fails + 1)); else echo "ok probes 4 % apart: no warning"; fi
$PY $C "$T/hj_old.json" "$T/hj_fast.json" >"$T/out" 2>&1
check "hermes baseline shown" 0 $? "hermes json.loads + json.dumps baseline: 25.0 MB/s old, 62.5 MB/s new"
check "hermes 2.5 times faster: warned" 0 0 "WARNING: hermes ran at different speeds in the two runs (its baseline +150 %)"
$PY $C "$T/hj_old.json" "$T/hj_near.json" >"$T/out" 2>&1
if grep -q "hermes ran at different speeds" "$T/out"; then echo "FAIL hermes 3 % apart: warned"; fails=$((fails + 1)); else echo "ok hermes 3 % apart: no warning"; fi
$PY $C "$T/old.json" "$T/faster.json" >"$T/out" 2>&1
if grep -q "baseline" "$T/out"; then echo "FAIL no validate row: a baseline shown"; fails=$((fails + 1)); else echo "ok no validate row: no baseline line"; fi
if [ $fails -ne 0 ]; then echo "test_bench_compare: $fails failed"; exit 1; fi
echo "test_bench_compare: all passed"
