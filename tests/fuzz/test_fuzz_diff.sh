#!/bin/sh
# The differential fuzzer (fuzz/differential/diff_fuzz.c) without hermes:
#  1. with nothing to compare against, it says what to set (exit 2);
#  2. against hcc itself (HCC_DIFF_IMPL="build/hcc") it reports nothing;
#  3. against a stand-in that differs on one planted input class
#     (tests/fuzz/diff_standin.py) it stops with a report naming the op,
#     the parameters and the first differing path, and keeps the input.
# usage: test_fuzz_diff.sh BUILD_DIR
set -u
B=${1:-build}
H=$B/fuzz-diff/repair
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
fail() { echo "test_fuzz_diff: FAIL: $*"; exit 1; }

env -u HERMES_SRC -u HCC_DIFF_IMPL $H -runs=1 >"$W/none.log" 2>&1
[ $? -eq 2 ] || fail "without HERMES_SRC/HCC_DIFF_IMPL the harness should exit 2"
grep -q "set HERMES_SRC" "$W/none.log" || fail "no message saying what to set"

mkdir -p "$W/c1"
HCC_DIFF_IMPL="$B/hcc" $H -seed=1 -max_total_time=5 -max_len=4096 -dict=fuzz/hcc.dict -print_final_stats=1 \
  -artifact_prefix="$W/c1-" "$W/c1" corpus/repair >"$W/self.log" 2>&1 \
  || { tail -20 "$W/self.log"; fail "hcc against itself reported a difference"; }
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$W/self.log")
[ "${runs:-0}" -gt 1000 ] || fail "hcc against itself ran only ${runs:-0} inputs"
grep -q "^diff_fuzz repair: {.*\"same output\": [0-9]" "$W/self.log" || fail "no verdict counts"
echo "test_fuzz_diff: hcc against itself: $runs inputs, no difference"

printf '"planted"\n' >"$W/planted.dict"
mkdir -p "$W/c2"
start=$(date +%s)
HCC_DIFF_IMPL="${PYTHON:-python3} tests/fuzz/diff_standin.py $B/hcc" $H -seed=1 -max_total_time=120 \
  -max_len=4096 -dict="$W/planted.dict" -artifact_prefix="$W/c2-" "$W/c2" corpus/repair >"$W/planted.log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))
[ $rc -ne 0 ] || fail "the planted difference was not found in 120 s"
grep -q "^hcc differential: repair with params {.*}: outputs differ" "$W/planted.log" \
  || { tail -20 "$W/planted.log"; fail "no report naming the op, params and kind"; }
grep -q "first difference at \\$" "$W/planted.log" || fail "the report names no differing path"
ls "$W"/c2-crash-* >/dev/null 2>&1 || fail "the input was not kept"
grep -q planted "$W"/c2-crash-* || fail "the kept input is not of the planted class"
echo "test_fuzz_diff: planted difference found in ${secs} s and kept"
