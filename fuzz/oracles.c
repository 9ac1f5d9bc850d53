/* oracles.c -- op-specific structural invariants, checked on every
 * successful run.  They use the public API only, as any caller would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static int ends_json(hcc_op op) { return op != HCC_OP_MESSAGES && op != HCC_OP_CHECK; }

/* Running op again on its own output must give the same bytes. */
static void idempotent(hcc_op op, const hcc_params *p, const char *in, size_t len,
                       const hcc_fuzz_result *r, const char *what) {
  hcc_fuzz_result again = hcc_fuzz_run(op, p, r->out, r->out_len);
  if (again.rc != HCC_OK) hcc_fuzz_fail(what, in, len);
  if (again.out_len != r->out_len || memcmp(again.out, r->out, r->out_len) != 0)
    hcc_fuzz_fail(what, in, len);
  hcc_fuzz_free(&again);
}

/* Reads "key": N from the align output. */
static long field(const char *out, size_t n, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\": ", key);
  size_t k = strlen(pat);
  for (size_t i = 0; i + k < n; i++)
    if (memcmp(out + i, pat, k) == 0) return strtol(out + i + k, NULL, 10);
  return -1;
}

void hcc_fuzz_oracles(hcc_op op, const hcc_params *p, const char *in, size_t len,
                      const hcc_fuzz_result *r) {
  if (r->rc != HCC_OK) return;
  if (ends_json(op) && hcc_json_validate(r->out, r->out_len, NULL, NULL) != HCC_OK)
    hcc_fuzz_fail("output is not strict JSON", in, len);
  switch (op) {
  case HCC_OP_VALIDATE:
    if (r->out_len != len || memcmp(r->out, in, len) != 0)
      hcc_fuzz_fail("validate changed its input", in, len);
    break;
  case HCC_OP_REPAIR:
    idempotent(op, p, in, len, r, "repair(repair(x)) != repair(x)");
    break;
  case HCC_OP_TRUNCATE_ARGS:
    idempotent(op, p, in, len, r, "truncate(truncate(x)) != truncate(x)");
    break;
  case HCC_OP_STRIP_PREFIX:
    idempotent(op, p, in, len, r, "strip(strip(x)) != strip(x)");
    break;
  case HCC_OP_ALIGN: {
    long h = field(r->out, r->out_len, "head_end");
    long s = field(r->out, r->out_len, "compress_start");
    long e = field(r->out, r->out_len, "compress_end");
    if (h < 0 || s < h || e < s) hcc_fuzz_fail("align: not 0 <= head_end <= compress_start <= compress_end", in, len);
    break;
  }
  default:
    break;
  }
}
