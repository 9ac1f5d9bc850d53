#!/bin/sh
# test_fuzz_harness.sh -- the fuzz harness's own tests (`make fuzz-selftest`).
#
# 1. The run-time allocation check fires: a replayer built with
#    -DHCC_FUZZ_ALLOC_PROBE allocates while the "inside the library" flag is
#    up, as a library that called malloc would; it must abort with the
#    hook's message.  The same input through the normal replayer passes
#    (positive control), and the normal build reports the hook as active.
# 2. The oracles bite: tests/fuzz/oracle_selftest.c hands them forged outputs.
#
# Needs clang with ASan (the replay flavour, $(B)/rp/libhcc-fuzz.a, which
# the Makefile target builds first).  Last line: "N passed, N failed".
B=${B:-build}
CC=${RP_CC:-clang}
FLAGS="-Iref/include -Iref/src -Ifuzz -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -std=c11 -fsanitize=address,undefined -fno-sanitize-recover=undefined"
LIB=$B/rp/libhcc-fuzz.a
D=$B/selftest
mkdir -p "$D" || exit 2
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

[ -f "$LIB" ] || { echo "test_fuzz_harness: $LIB missing (make $LIB)"; exit 2; }
printf '\000\000\000\000[{"role": "user", "content": "hi"}]' > "$D/seed"

# 1. allocation hook
$CC $FLAGS -DHCC_FUZZ_OP=HCC_OP_VALIDATE fuzz/fuzz_op.c fuzz/replay_main.c \
  "$LIB" -o "$D/replay_plain" || exit 2
$CC $FLAGS -DHCC_FUZZ_ALLOC_PROBE -DHCC_FUZZ_OP=HCC_OP_VALIDATE fuzz/harness.c fuzz/fuzz_op.c \
  fuzz/replay_main.c "$LIB" -o "$D/replay_probe" || exit 2
if "$D/replay_plain" "$D/seed" >"$D/plain.out" 2>&1; then ok "replay without the probe passes"
else bad "replay without the probe failed: $(head -3 "$D/plain.out")"; fi
if "$D/replay_probe" "$D/seed" >"$D/probe.out" 2>&1; then
  bad "allocation inside the library went unnoticed"
elif grep -q 'allocation inside the library' "$D/probe.out"; then ok "allocation inside the library aborts"
else bad "probe build failed for another reason: $(head -3 "$D/probe.out")"; fi

# 2. oracles
$CC $FLAGS tests/fuzz/oracle_selftest.c "$LIB" -o "$D/oracle_selftest" || exit 2
"$D/oracle_selftest" >"$D/oracles.out" 2>&1
st=$?
grep -E '^(FAIL|skip)' "$D/oracles.out"
line=$(tail -1 "$D/oracles.out")
p=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
f=$(echo "$line" | sed -n 's/.*passed, \([0-9]*\) failed.*/\1/p')
if [ -z "$p" ]; then bad "oracle selftest crashed: $(tail -3 "$D/oracles.out")"; p=0; f=0; fi
pass=$((pass + p))
fail=$((fail + f))
[ $st -eq 0 ] || [ "$f" -gt 0 ] || bad "oracle selftest exit status $st"

echo "fuzz selftest: $pass passed, $fail failed"
[ $fail -eq 0 ]
