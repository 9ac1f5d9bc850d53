/* fuzz_chain.c -- the whole pass on one input, in hermes's order:
 * truncate-args -> repair -> align -> prune -> compress.  Each step runs
 * on the previous step's output under the same parameters, with every
 * contract and oracle of that op checked (as in fuzz_op.c); a step whose op
 * this build lacks is skipped, a rejected step ends the chain.  What this
 * adds over the single-op harnesses: each op sees the inputs the others
 * really produce (rewritten messages, stubs, dropped results), and the
 * chain ends with the check that the result is a consistent transcript:
 * repairing it again changes nothing. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const hcc_op steps[] = {HCC_OP_TRUNCATE_ARGS, HCC_OP_REPAIR, HCC_OP_ALIGN, HCC_OP_PRUNE,
                               HCC_OP_COMPRESS};

/* Ops whose output is the next step's input (align only reports). */
static int transforms(hcc_op op) { return op != HCC_OP_ALIGN; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hcc_params p;
  hcc_fuzz_params(&data, &size, &p);
  char *cur = malloc(size ? size : 1);
  if (!cur) abort();
  memcpy(cur, data, size);
  size_t n = size;
  int repaired = 0;
  for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
    hcc_op op = steps[k];
    if (!hcc_op_supported(op)) continue;
    /* explain changes what prune writes (a report around the transcript);
     * the chain wants the transcript itself, align may explain */
    hcc_params q = p;
    if (transforms(op)) q.explain = 0;
    hcc_fuzz_result r = hcc_fuzz_run(op, &q, cur, n);
    hcc_fuzz_oracles(op, &q, cur, n, &r);
    if (r.rc != HCC_OK) {
      hcc_fuzz_free(&r);
      break;
    }
    if (op == HCC_OP_REPAIR) repaired = 1;
    if (transforms(op)) {
      free(cur);
      cur = r.out; /* ownership moves to the chain */
      n = r.out_len;
      r.out = NULL;
      /* Once repaired, later steps must keep the transcript consistent:
       * prune only shortens tool outputs and arguments, compress repairs
       * again at its end. */
      if (repaired && op != HCC_OP_REPAIR) {
        hcc_fuzz_result again = hcc_fuzz_run(HCC_OP_REPAIR, &q, cur, n);
        if (again.rc != HCC_OK || again.out_len != n || memcmp(again.out, cur, n) != 0)
          hcc_fuzz_fail("chain: a step after repair left an inconsistent transcript", cur, n);
        hcc_fuzz_free(&again);
      }
    }
    hcc_fuzz_free(&r);
  }
  free(cur);
  return 0;
}
