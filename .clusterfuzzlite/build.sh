#!/bin/bash -eu
# build.sh -- builds the hcc fuzz harnesses the way OSS-Fuzz and
# ClusterFuzzLite expect: with $CC/$CFLAGS (sanitizer and
# -fsanitize=fuzzer-no-link already in them), linked with $CXX $CXXFLAGS
# $LIB_FUZZING_ENGINE, into $OUT/hcc_<target>, each with its seed corpus
# ($OUT/hcc_<target>_seed_corpus.zip, from corpus/<target> and
# corpus/regressions/<target>) and the dictionary ($OUT/hcc_<target>.dict).
#
# Targets: one per op this build implements (fuzz/fuzz_op.c) and the chain
# (fuzz/fuzz_chain.c).  An op the library does not have yet is not built:
# its harness would exit at start, which the build checks count as broken.
#
# Without Docker, `make cflite-check` runs this script with OSS-Fuzz's
# variables set by hand and then runs every fuzzer it built.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# in the image the script is copied to $SRC; the tree is $SRC/hcc
[ -f "$ROOT/ref/include/hcc.h" ] || ROOT=$SRC/hcc
cd "$ROOT"
W=${WORK:-/tmp}/hcc-cfl
rm -rf "$W" && mkdir -p "$W/obj" "$OUT"
INC="-Iref/include -Iref/src -Ifuzz -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -std=c11"

# The library and the shared harness code, once.
objs=()
for src in ref/src/*.c fuzz/harness.c fuzz/oracles.c fuzz/jv.c; do
  o="$W/obj/$(echo "$src" | tr / _).o"
  $CC $CFLAGS $INC -c "$src" -o "$o"
  objs+=("$o")
done
ar rcs "$W/libhcc-fuzz.a" "${objs[@]}"

# Which ops this build implements: a tiny program asks the library.
cat > "$W/ops.c" <<'C'
#include <stdio.h>
#include "hcc.h"
int main(void) {
  for (int op = 0; op < HCC_OP__COUNT; op++)
    if (hcc_op_supported((hcc_op)op)) printf("%s\n", hcc_op_name((hcc_op)op));
  return 0;
}
C
$CC $CFLAGS $INC "$W/ops.c" "$W/libhcc-fuzz.a" -o "$W/ops"
targets=$("$W/ops" | tr - _)
targets="$targets chain"

for t in $targets; do
  if [ "$t" = chain ]; then
    $CC $CFLAGS $INC -c fuzz/fuzz_chain.c -o "$W/main_$t.o"
  else
    $CC $CFLAGS $INC -DHCC_FUZZ_OP=HCC_OP_$(echo "$t" | tr a-z A-Z) -c fuzz/fuzz_op.c -o "$W/main_$t.o"
  fi
  $CXX $CXXFLAGS "$W/main_$t.o" "$W/libhcc-fuzz.a" $LIB_FUZZING_ENGINE -o "$OUT/hcc_$t"
  cp fuzz/hcc.dict "$OUT/hcc_$t.dict"
  seeds=()
  for d in corpus/$t corpus/regressions/$t; do [ -d "$d" ] && seeds+=("$d"); done
  if [ ${#seeds[@]} -gt 0 ]; then
    rm -f "$OUT/hcc_${t}_seed_corpus.zip"
    # flat zip of the seed files (names are content hashes: no clashes)
    find "${seeds[@]}" -type f -print | zip -q -j "$OUT/hcc_${t}_seed_corpus.zip" -@
  fi
  echo "build.sh: built hcc_$t"
done
