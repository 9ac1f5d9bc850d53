/* harness.h -- what every fuzz harness shares: parameter decoding from the
 * first input bytes, running an op under the library's contracts, and the
 * structural oracles.  Harnesses abort() when an invariant breaks. */
#ifndef HCC_FUZZ_HARNESS_H
#define HCC_FUZZ_HARNESS_H
#include <stddef.h>
#include <stdint.h>

#include "hcc.h"

/* Bytes at the start of every input that choose parameters. */
#define HCC_FUZZ_PARAM_BYTES 4

/* Decodes parameters from the first HCC_FUZZ_PARAM_BYTES bytes (as cmark's
 * harness does), advancing *data and *size. */
void hcc_fuzz_params(const uint8_t **data, size_t *size, hcc_params *p);

/* Result of one checked run. */
typedef struct hcc_fuzz_result {
  int rc;
  char *out; /* malloc'd (the harness may allocate), NULL unless rc == HCC_OK */
  size_t out_len;
} hcc_fuzz_result;

/* Runs op on in[0..len) checking the library contracts (sizing, NOSPACE,
 * determinism, error codes, output is valid JSON for JSON ops, no
 * allocation inside the library).  Aborts on a violation. */
hcc_fuzz_result hcc_fuzz_run(hcc_op op, const hcc_params *p, const char *in, size_t len);
void hcc_fuzz_free(hcc_fuzz_result *r);

/* The op-specific invariants (fuzz/oracles.c). */
void hcc_fuzz_oracles(hcc_op op, const hcc_params *p, const char *in, size_t len,
                      const hcc_fuzz_result *r);

/* 1 when this build checks for allocation inside the library at run time
 * (ASan's malloc hooks). */
int hcc_fuzz_alloc_hooks(void);

/* Aborts with a message naming the invariant. */
void hcc_fuzz_fail(const char *what, const char *in, size_t len);
#endif
