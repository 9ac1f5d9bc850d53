/* op_align_at.c -- `hcc align-at`: the two boundary moves of compress()'s
 * window at one index, as one JSON object (spec ALIGN-16):
 *   {"forward": F, "backward": B}
 * F is _align_boundary_forward(messages, at) (ALIGN-7), B is
 * _align_boundary_backward(messages, at) (ALIGN-9), computed by the same
 * rule functions `align` uses.  They read only each message's role and
 * whether its "tool_calls" is truthy, so no estimate runs and nothing the
 * estimator would refuse (DIV-ALIGN-1) is refused here: this op asks the
 * two moves alone, as hermes's own tests call them. */
#include "align.h"
#include "ops.h"

size_t hcc__need_align_at(const hcc_json_info *info, size_t len) {
  (void)len;
  return hcc__transcript_need(info) + hcc__align_roles_need(info);
}

int hcc__op_align_at(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                     hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  hcc_align al;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_PLAIN, a, err);
  if (rc != HCC_OK) return rc;
  rc = hcc__align_roles(&al, &t, a, err);
  if (rc != HCC_OK) return rc;
  hcc__out_str(o, "{\"forward\": ");
  hcc__out_i64(o, hcc__align_forward(&al, p->at));
  hcc__out_str(o, ", \"backward\": ");
  hcc__out_i64(o, hcc__align_backward(&al, p->at));
  hcc__out_ch(o, '}');
  return HCC_OK;
}
