#!/bin/sh
# test_differential.sh HCC -- tools/differential.py with hcc on both sides
# (nothing differs), against a wrapper that changes some of hcc's answers
# (each kind found, exit 1), and without an other side or HERMES_SRC.
set -u
PY=${PYTHON:-python3}
HCC=${1:-build/hcc}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() { # name, command status wanted, status got, pattern the output must hold
  if [ "$2" != "$3" ]; then echo "FAIL $1: exit $3, want $2"; cat "$T/out"; fails=$((fails + 1)); return; fi
  if ! grep -q -- "$4" "$T/out"; then echo "FAIL $1: no '$4' in:"; cat "$T/out"; fails=$((fails + 1)); return; fi
  echo "ok $1"
}
mkdir "$T/in"
printf '\0\0\0\0[{"role": "user", "content": "hi"}]' > "$T/in/a"
printf '\0\0\0\0[{"role": "assistant", "content": "", "tool_calls": [{"id": "x"}]}]' > "$T/in/b"
printf '\0\0\0\0[{"role": "user"' > "$T/in/c"
printf '\0\0\0\0[{"role": "tool", "tool_call_id": "y", "content": "r"}, {"role": "user", "content": "ok"}]' > "$T/in/d"
printf '\0\0\0\0[{"tool_call_id"' > "$T/in/e"
# a protocol server that forwards to hcc and then: changes the output of
# inputs holding "hi", crashes on "tool_call_id", refuses with another code
# what hcc refuses
cat > "$T/wrap.py" <<'PYEOF'
import base64, json, subprocess, sys
hcc = subprocess.Popen([sys.argv[1], "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    req = json.loads(line)
    hcc.stdin.write(line); hcc.stdin.flush()
    ans = json.loads(hcc.stdout.readline())
    text = base64.b64decode(req["input_b64"])
    if ans["exit"] == 0 and b'"hi"' in text:
        ans["stdout"] = ans["stdout"].replace("hi", "hello")
    elif b"tool_call_id" in text:
        ans = {"exit": 70, "stdout": "", "stderr": "crash: made up"}
    elif ans["exit"] == 1:
        ans["stderr"] = "error: HCC_E_SHAPE at byte 0: made up"
    print(json.dumps(ans), flush=True)
PYEOF
$PY tools/differential.py repair "$T/in" --impl "$HCC" --other "$HCC" >"$T/out" 2>&1
check "hcc against itself" 0 $? "repair: 5 inputs: both refused 2, same output 3"
$PY tools/differential.py repair "$T/in" --impl "$HCC" --other "$PY $T/wrap.py $HCC" >"$T/out" 2>&1
st=$?
check "changed output found" 1 $st "outputs differ: $T/in/a, from byte"
check "changed output shown" 1 $st "other:     b'.*hello"
check "crash found" 1 $st "the other crashed: $T/in/d"
check "other code found" 1 $st "both refused with other codes: $T/in/c"
check "tally" 1 $st "5 inputs: both refused with other codes 1, outputs differ 1, same output 1, the other crashed 2"
$PY tools/differential.py repair "$T/in" --impl "$HCC" --other "$PY $T/wrap.py $HCC" \
  --allow "outputs differ,the other crashed,both refused with other codes" >"$T/out" 2>&1
check "allowed kinds pass" 0 $? "5 inputs"
env -u HERMES_SRC $PY tools/differential.py repair "$T/in" >"$T/out" 2>&1
check "no other side" 1 $? "set HERMES_SRC"
[ $fails -eq 0 ] && echo "test_differential: all passed" || { echo "test_differential: $fails failed"; exit 1; }
