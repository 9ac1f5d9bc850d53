#!/bin/sh
# test_cli.sh -- shell test of the built command-line program.
#
#   sh tests/cli/test_cli.sh [PATH/TO/hcc]      (default: build/hcc; or $HCC)
#
# Checks the exit statuses (0 ok, 1 rejected input, 2 usage, 3 unsupported
# op), the first stderr line of a rejection
#   error: HCC_E_<CODE> at byte N: <words>
# with the exact code and offset, that stdout stays empty on failure, the
# help texts, and the conformance protocol in both modes (--protocol OP with
# one request on stdin, --serve with one request per line).  The last line
# is "N passed, N failed"; the exit status is 1 when anything failed.
# --serve answers are JSON and are checked with python3.

HCC=${1:-${HCC:-build/hcc}}
PYTHON=${PYTHON:-python3}
if [ ! -x "$HCC" ]; then
  echo "test_cli: $HCC is not an executable (run make all first)" >&2
  exit 2
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/hcc_cli.XXXXXX") || exit 2
trap '[ -n "$KEEP" ] || rm -rf "$T"' EXIT INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $1" >&2
  if [ -s "$T/err" ]; then sed -n '1,3s/^/  stderr: /p' "$T/err" >&2; fi
}

# run STDIN_FILE ARGS... : runs hcc, leaves $T/out, $T/err and $rc
run() {
  _in=$1
  shift
  "$HCC" "$@" <"$_in" >"$T/out" 2>"$T/err"
  rc=$?
}

# expect_exit NAME WANT
expect_exit() {
  if [ "$rc" = "$2" ]; then ok; else bad "$1: exit $rc, want $2"; fi
}

# expect_empty_stdout NAME
expect_empty_stdout() {
  if [ -s "$T/out" ]; then bad "$1: stdout not empty"; else ok; fi
}

# expect_error NAME CODE OFFSET : exit 1, exact first stderr line shape,
# code and offset, nothing on stdout
expect_error() {
  expect_exit "$1" 1
  expect_empty_stdout "$1"
  _line=$(head -n 1 "$T/err")
  if printf '%s\n' "$_line" | grep -Eq '^error: HCC_E_[A-Z0-9_]+ at byte [0-9]+: [^ ].*$'; then
    ok
  else
    bad "$1: first stderr line has the wrong form: '$_line'"
  fi
  case "$_line" in
    "error: $2 at byte $3: "*) ok ;;
    *) bad "$1: got '$_line', want $2 at byte $3" ;;
  esac
}

# input files ------------------------------------------------------------------
printf '' >"$T/empty"
printf '%s' '{"a": [1, 2.5e-3, "h\u00e9llo", true, null], "b": {}}' >"$T/valid"
printf '[1,]' >"$T/trailing_comma"
printf '{} {}' >"$T/two_roots"
printf '[1]\000' >"$T/nul_after"
printf '["a\001"]' >"$T/control"
printf '["\300\200"]' >"$T/overlong"
printf '   ' >"$T/blank"
printf '[-01]' >"$T/number"
printf '[tru]' >"$T/literal"
printf '"\\x"' >"$T/escape"
printf '{"a":' >"$T/truncated"
printf '\357\273\277[]' >"$T/bom"
"$PYTHON" -c 'import sys; sys.stdout.write("[" * 100000 + "]" * 100000)' >"$T/deep" 2>/dev/null ||
  awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]" }' >"$T/deep"
printf '%s' '[{"role": "system", "content": "s"}, {"role": "user", "content": "h\u00e9"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": "r"}]' >"$T/transcript"
cat >"$T/transcript.want" <<'EOF'
0 system content=str:1
1 user content=str:2
2 assistant content=null calls=1 "c1":"f"
3 tool content=str:1 tool_call_id="c1"
EOF

# usage, help, version -----------------------------------------------------------
run "$T/empty"
expect_exit "no arguments" 2
expect_empty_stdout "no arguments"
if grep -q '^usage: hcc' "$T/err"; then ok; else bad "no arguments: no usage on stderr"; fi

run "$T/empty" --help
expect_exit "--help" 0
if grep -q '^usage: hcc <op>' "$T/out" && grep -q '^  validate ' "$T/out" &&
  grep -q '^  messages ' "$T/out" && grep -q -- '--protect_first_n' "$T/out"; then
  ok
else
  bad "--help: usage, ops or parameters missing"
fi
if [ -s "$T/err" ]; then bad "--help: stderr not empty"; else ok; fi

run "$T/empty" -h
expect_exit "-h" 0

run "$T/empty" --version
expect_exit "--version" 0
if grep -Eq '^hcc [0-9]+\.[0-9]+\.[0-9]+ \(hermes-agent [0-9a-f]{40}\)$' "$T/out"; then ok; else bad "--version: '$(cat "$T/out")'"; fi

run "$T/empty" validate --help
expect_exit "validate --help" 0
if grep -q '^hcc validate: ' "$T/out"; then ok; else bad "validate --help: no op line"; fi

run "$T/empty" no-such-op
expect_exit "unknown op" 2
expect_empty_stdout "unknown op"

run "$T/valid" validate --no-such-param=1
expect_exit "unknown parameter" 2
expect_empty_stdout "unknown parameter"
if grep -q '^usage: ' "$T/err"; then ok; else bad "unknown parameter: stderr '$(head -n 1 "$T/err")'"; fi

run "$T/valid" validate --context-length=abc
expect_exit "bad parameter value" 2
run "$T/valid" validate --context-length=0x10
expect_exit "hex parameter value" 2
run "$T/valid" validate --threshold_percent=1.5
expect_exit "parameter out of range" 2
run "$T/valid" validate --policy=nope
expect_exit "bad enum value" 2
run "$T/valid" validate --protect-first-n=2 --policy=stub --explain
expect_exit "good parameters" 0

run "$T/valid" validate "$T/valid" "$T/valid"
expect_exit "two input files" 2
run "$T/valid" validate "$T/does-not-exist"
expect_exit "missing input file" 2
expect_empty_stdout "missing input file"

# an op that this build does not implement: exit 3 (skipped when all are built)
unsupported=$("$HCC" --help | sed -n 's/^  \([a-z-]*\) .*(not in this build)$/\1/p' | head -n 1)
if [ -n "$unsupported" ]; then
  run "$T/valid" "$unsupported"
  expect_exit "unsupported op $unsupported" 3
  expect_empty_stdout "unsupported op $unsupported"
  run "$T/valid" "$unsupported" --help
  expect_exit "unsupported op --help" 0
fi

# validate: success ------------------------------------------------------------------
run "$T/valid" validate
expect_exit "validate stdin" 0
if cmp -s "$T/out" "$T/valid"; then ok; else bad "validate stdin: output differs from input"; fi
if [ -s "$T/err" ]; then bad "validate stdin: stderr not empty"; else ok; fi

run "$T/empty" validate "$T/valid"
expect_exit "validate FILE" 0
if cmp -s "$T/out" "$T/valid"; then ok; else bad "validate FILE: output differs from input"; fi

run "$T/valid" validate -
expect_exit "validate -" 0
if cmp -s "$T/out" "$T/valid"; then ok; else bad "validate -: output differs from input"; fi

# inputs of exactly 64 KiB and one byte more (the reader's first buffer)
for n in 65536 65537; do
  awk -v n="$n" 'BEGIN { printf "\""; for (i = 0; i < n - 2; i++) printf "a"; printf "\"" }' >"$T/big"
  run "$T/big" validate
  expect_exit "validate $n bytes" 0
  if cmp -s "$T/out" "$T/big"; then ok; else bad "validate $n bytes: output differs from input"; fi
done

run "$T/empty" validate "$T"
expect_exit "a directory as FILE" 2
expect_empty_stdout "a directory as FILE"

# validate: rejections, exact code and offset --------------------------------------------
run "$T/empty" validate
expect_error "empty input" HCC_E_EMPTY 0
run "$T/blank" validate
expect_error "blank input" HCC_E_EMPTY 3
run "$T/trailing_comma" validate
expect_error "trailing comma" HCC_E_SYNTAX 3
run "$T/two_roots" validate
expect_error "two roots" HCC_E_TRAILING 3
run "$T/nul_after" validate
expect_error "NUL after the root" HCC_E_TRAILING 3
run "$T/control" validate
expect_error "raw control byte" HCC_E_CONTROL 3
run "$T/overlong" validate
expect_error "overlong UTF-8" HCC_E_UTF8 2
run "$T/number" validate
expect_error "leading zero" HCC_E_NUMBER 3
run "$T/literal" validate
expect_error "partial literal" HCC_E_LITERAL 4
run "$T/escape" validate
expect_error "bad escape" HCC_E_ESCAPE 1
run "$T/truncated" validate
expect_error "truncated" HCC_E_TRUNCATED 5
run "$T/bom" validate
expect_error "BOM" HCC_E_SYNTAX 0
run "$T/deep" validate
expect_error "100k-deep nesting" HCC_E_DEPTH 512
run "$T/empty" validate "$T/two_roots"
expect_error "two roots from FILE" HCC_E_TRAILING 3

# messages ------------------------------------------------------------------------------
run "$T/transcript" messages
expect_exit "messages" 0
if cmp -s "$T/out" "$T/transcript.want"; then ok; else bad "messages: outline differs: $(cat "$T/out")"; fi
printf '[1]' >"$T/not_objects"
run "$T/not_objects" messages
expect_error "messages of non-objects" HCC_E_SHAPE 1
printf '7' >"$T/scalar"
run "$T/scalar" messages
expect_error "messages of a bare number" HCC_E_SHAPE 0

# --protocol ------------------------------------------------------------------------------
printf '%s\n' '{"op": "validate", "params": {}, "input": [1, "a", {"b": null}]}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol validate" 0
if [ "$(cat "$T/out")" = '[1, "a", {"b": null}]' ]; then ok; else bad "--protocol validate: stdout '$(cat "$T/out")'"; fi

printf '{"params":{},"input":%s}' "$(cat "$T/transcript")" >"$T/req"
run "$T/req" --protocol messages
expect_exit "--protocol messages" 0
if cmp -s "$T/out" "$T/transcript.want"; then ok; else bad "--protocol messages: outline differs"; fi

# the op on the command line wins over the request's
printf '%s\n' '{"op": "messages", "params": {}, "input": {"x": 1}}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol op from argv" 0

# parameters in the request (numbers, strings, booleans, null = default)
printf '%s\n' '{"params": {"protect_first_n": 2, "policy": "stub", "explain": true, "head_chars": null}, "input": []}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol with parameters" 0

# rejected input inside a request (base64: not valid JSON)
printf '%s\n' '{"op": "validate", "params": {}, "input_b64": "e30ge30="}' >"$T/req"
run "$T/req" --protocol validate
expect_error "--protocol rejected input_b64" HCC_E_TRAILING 3

printf '%s\n' '{"params": {}, "input": {"messages": "no"}}' >"$T/req"
run "$T/req" --protocol messages
expect_error "--protocol shape error" HCC_E_SHAPE 13

# unusable requests: exit 2
printf 'not json\n' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol request not JSON" 2
expect_empty_stdout "--protocol request not JSON"
printf '%s\n' '[1, 2]' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol request not an object" 2
printf '%s\n' '{"params": {}}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol request without input" 2
printf '%s\n' '{"params": {"no_such_param": 1}, "input": []}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol unknown parameter" 2
expect_empty_stdout "--protocol unknown parameter"
printf '%s\n' '{"params": {"protect_first_n": -3}, "input": []}' >"$T/req"
run "$T/req" --protocol validate
expect_exit "--protocol parameter out of range" 2
run "$T/empty" --protocol
expect_exit "--protocol without op" 2

printf '%s\n' '{"params": {}, "input": []}' >"$T/req"
run "$T/req" --protocol no-such-op
expect_exit "--protocol unknown op" 3
expect_empty_stdout "--protocol unknown op"
if [ -n "$unsupported" ]; then
  run "$T/req" --protocol "$unsupported"
  expect_exit "--protocol unsupported op" 3
fi

# --serve ---------------------------------------------------------------------------------
{
  printf '%s\n' '{"op": "validate", "params": {}, "input": [1, 2]}'
  printf '%s\n' '{"op": "validate", "params": {}, "input_b64": "WzEsXQ=="}'
  printf '%s\n' 'not json'
  printf '%s\n' '{"op": "no-such-op", "params": {}, "input": []}'
  printf '{"op": "messages", "params": {}, "input": %s}\n' "$(cat "$T/transcript")"
  printf '%s\n' '{"op": "validate", "params": {"protect_first_n": "x"}, "input": []}'
  printf '%s\n' '{"op": "validate", "input": "\u00e9\ud800"}'
} >"$T/serve_in"
run "$T/serve_in" --serve
expect_exit "--serve" 0
if [ "$(wc -l <"$T/out")" -eq 7 ]; then ok; else bad "--serve: $(wc -l <"$T/out") answer lines, want 7"; fi
if command -v "$PYTHON" >/dev/null 2>&1; then
  "$PYTHON" - "$T/out" "$T/transcript.want" <<'EOF' >"$T/serve_check" 2>&1
import json, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
outline = open(sys.argv[2], encoding="utf-8").read()
want = [
    (0, "[1, 2]", ""),
    (1, "", r"error: HCC_E_SYNTAX at byte 3: \S.*"),
    (2, "", r"usage: .*"),
    (3, "", r"unsupported: op no-such-op"),
    (0, outline, ""),
    (2, "", r"usage: .*"),
    (0, '"\\u00e9\\ud800"', ""),
]
bad = 0
for i, (line, (ex, out, err)) in enumerate(zip(lines, want)):
    try:
        a = json.loads(line)
    except ValueError as e:
        print("answer %d is not JSON: %s" % (i, e)); bad += 1; continue
    if sorted(a) != ["exit", "stderr", "stdout"]:
        print("answer %d keys %s" % (i, sorted(a))); bad += 1
    if a.get("exit") != ex or a.get("stdout") != out or not re.fullmatch(err, a.get("stderr", "")):
        print("answer %d: %r" % (i, a)); bad += 1
print("bad=%d" % bad)
EOF
  if grep -q '^bad=0$' "$T/serve_check"; then ok; else bad "--serve answers: $(cat "$T/serve_check")"; fi
fi
# an empty stdin: no answers, exit 0
run "$T/empty" --serve
expect_exit "--serve empty" 0
expect_empty_stdout "--serve empty"

# CHECK-23: --check=PROFILE on repair and compress checks the op's own output.
# The pinned repair is set-based: a result standing after a later user turn
# keeps its call, so the repaired transcript still breaks OpenAI's rules.
printf '[{"role":"user","content":"q"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"user","content":"wait"},{"role":"tool","tool_call_id":"c1","content":"late"}]' >"$T/late.json"
run /dev/null repair --check=openai "$T/late.json"
expect_error "repair --check=openai on a late result" HCC_E_CHECK 0
if grep -q 'CHECK-2 call c1 has no result' "$T/err"; then ok; else bad "--check findings on stderr"; fi
printf '[{"role":"user","content":"q"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"user","content":"next"}]' >"$T/orphan.json"
run /dev/null repair --check=openai "$T/orphan.json"
expect_exit "repair --check=openai after stripping" 0
if grep -q '(tool call removed)' "$T/out"; then ok; else bad "--check keeps the output on success"; fi
run /dev/null repair --check=nosuch "$T/orphan.json"
expect_exit "repair --check=nosuch" 2
run /dev/null validate --check=openai "$T/orphan.json"
expect_exit "--check on an op without it" 2

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
