/* op_check.c -- `hcc check` (spec CHECK-20..22): reading the input and
 * running the rules.  The rules are in check_rules.c, the finding writer
 * (human-readable or JSON lines, CHECK-21) in check_findings.c. */
#include "check.h"
#include "ops.h"

/* ---- the op ---------------------------------------------------------------- */
size_t hcc__need_check(const hcc_json_info *info, size_t len) {
  return hcc__transcript_need(info) + hcc__check_need(info, len);
}

/* CHECK-22: "original", when the input object has one, must be an array of
 * objects; returns its token, -1 when absent, or -2 when misshapen. */
static int original_of(const hcc_transcript *t, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  if (d->tok[t->root].type != HCC_T_OBJECT) return -1;
  int orig = hcc__json_get(d, t->root, "original");
  if (orig < 0) return -1;
  if (d->tok[orig].type != HCC_T_ARRAY) {
    hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[orig].start, "\"original\" must be a JSON array");
    return -2;
  }
  int j = orig + 1;
  for (int k = 0; k < d->tok[orig].size; k++) {
    if (d->tok[j].type != HCC_T_OBJECT) {
      hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[j].start,
                "every message of \"original\" must be a JSON object");
      return -2;
    }
    j = hcc__json_skip(d, j);
  }
  return orig;
}

int hcc__op_check(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                  hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  hcc_check_opts opts;
  size_t n;
  if (!hcc__check_rules(p->profile))
    return hcc__fail(err, HCC_E_PARAM, 0, "unknown check profile");
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_IDS, a, err);
  if (rc != HCC_OK) return rc;
  opts.profile = p->profile;
  opts.json = p->check_json;
  opts.original = original_of(&t, err);
  if (opts.original == -2) return HCC_E_SHAPE;
  return hcc__check_run(&t, &opts, a, o, &n, err);
}
