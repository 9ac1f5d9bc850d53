#!/bin/sh
# test_gen_man.sh -- tools/gen_man.py on stand-ins: a help text and headers
# it can read make a page holding their parts; each missing part (no ops, a
# parameter without a field comment, a function without a comment) is a
# named refusal with exit 1 and no page written.
set -u
PY=${PYTHON:-python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1" >&2; }

mkhelp() { # $1 file, $2 ops block
  printf '#!/bin/sh\ncat <<X\nusage: fake <op> [FILE]\n       fake --version\n\nops:\n%s\n\nparameters (names):\n  --alpha --beta\nX\n' "$2" >"$1"
  chmod +x "$1"
}
cat >"$T/h.h" <<'X'
#define HCC_VERSION "9.8.7"
#define HCC_E_ONE (-1)   /* the first */
typedef struct hcc_params {
  int64_t alpha;   /* how much alpha */
  int check_beta;  /* the beta switch */
} hcc_params;
/* Does the thing. */
int hcc_thing(const char *in, size_t len);
X
printf '#define EXIT_OK 0 /* fine */\n' >"$T/cli.h"
mkhelp "$T/fake" '  frob      frobs the input'
gen() { $PY tools/gen_man.py --hcc "$1" --header "$2" --cli-header "$T/cli.h" -o "$T/out.1" 2>"$T/err"; }

rm -f "$T/out.1"
if gen "$T/fake" "$T/h.h"; then
  for want in 'hcc 9.8.7' 'frobs the input' 'how much alpha' 'the beta switch' 'int hcc_thing(const char \*in, size_t len);' \
              'Does the thing.' 'HCC_E_ONE (\\-1)' 'the first' 'fake <op> \[FILE\]'; do
    if grep -q "$want" "$T/out.1"; then ok; else bad "page lacks '$want'"; fi
  done
  if groff -man -ww -z "$T/out.1" 2>&1 | grep -q .; then bad "groff warns on the page"; else ok; fi
else bad "gen_man refused good input: $(cat "$T/err")"; fi

refuse() { # $1 what, $2 expected message part; runs gen on $3 $4
  rm -f "$T/out.1"
  if gen "$3" "$4"; then bad "$1: accepted"; elif grep -q "$2" "$T/err" && [ ! -e "$T/out.1" ]; then ok
  else bad "$1: message '$(cat "$T/err")', page written: $([ -e "$T/out.1" ] && echo yes || echo no)"; fi
}
mkhelp "$T/noops" ''
refuse "no ops" "lists no ops" "$T/noops" "$T/h.h"
sed 's|/\* how much alpha \*/||' "$T/h.h" >"$T/h2.h"
refuse "parameter without comment" "parameter --alpha has no hcc_params field comment" "$T/fake" "$T/h2.h"
sed 's|/\* Does the thing. \*/||' "$T/h.h" >"$T/h3.h"
refuse "function without comment" "declares hcc_thing without a comment" "$T/fake" "$T/h3.h"
refuse "missing header" "No such file" "$T/fake" "$T/nothere.h"

echo "test_gen_man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
