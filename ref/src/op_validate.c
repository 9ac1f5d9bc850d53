/* op_validate.c -- `hcc validate`: the strict check; output = input. */
#include "ops.h"

size_t hcc__need_validate(const hcc_json_info *info, size_t len) {
  (void)info;
  (void)len;
  return 0;
}

int hcc__op_validate(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err) {
  (void)p;
  (void)a;
  int rc = hcc_json_validate(in, len, NULL, err);
  if (rc != HCC_OK) return rc;
  hcc__out_put(o, in, len);
  return HCC_OK;
}
