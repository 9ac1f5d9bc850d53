/* fuzz_op.c -- one harness per op: build with -DHCC_FUZZ_OP=HCC_OP_<NAME>.
 * The first HCC_FUZZ_PARAM_BYTES bytes choose parameters, the rest is the
 * op's input. */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"

#ifndef HCC_FUZZ_OP
#error "define HCC_FUZZ_OP"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A fuzzer for an op this build lacks has nothing to do: libFuzzer and
 * AFL++ stop at once instead of spinning on an early return.  (The
 * standalone replayer does not call this and just replays.) */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!hcc_op_supported(HCC_FUZZ_OP)) {
    fprintf(stderr, "hcc fuzz: op %s is not supported by this build: nothing to fuzz\n",
            hcc_op_name(HCC_FUZZ_OP));
    exit(0);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hcc_params p;
  hcc_fuzz_params(&data, &size, &p);
  if (!hcc_op_supported(HCC_FUZZ_OP)) return 0;
  hcc_fuzz_result r = hcc_fuzz_run(HCC_FUZZ_OP, &p, (const char *)data, size);
  hcc_fuzz_oracles(HCC_FUZZ_OP, &p, (const char *)data, size, &r);
  hcc_fuzz_free(&r);
  return 0;
}
