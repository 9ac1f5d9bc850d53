/* op_redact.c -- `redact` (spec REDACT-*): hermes's redact_sensitive_text
 * on one JSON string, for checking other implementations of it.  In: a
 * JSON string; out: the redacted text as a JSON string (json.dumps with
 * ensure_ascii=False).  Any other JSON value is rejected (HCC_E_SHAPE). */
#include "ops.h"
#include "redact.h"

size_t hcc__need_redact(const hcc_json_info *info, size_t len) {
  /* what the op takes: the tokens, the decoded text (raw bytes at most),
   * the module's workspace for that many bytes */
  size_t n = info->max_string;
  (void)len;
  return hcc__arena_cost(info->tokens * sizeof(hcc_tok)) + hcc__arena_cost(n ? n : 1) +
         hcc__arena_cost(hcc__redact_ws(n));
}

int hcc__op_redact(const hcc_params *p, const char *in, size_t len, hcc_arena *a, hcc_out *o,
                   hcc_error *err) {
  hcc_doc d;
  (void)p;
  int rc = hcc__json_parse(&d, in, len, a, err);
  if (rc != HCC_OK) return rc;
  const hcc_tok *t = &d.tok[0];
  if (t->type != HCC_T_STRING)
    return hcc__fail(err, HCC_E_SHAPE, (size_t)t->start, "redact takes a JSON string");
  size_t raw = (size_t)(t->end - t->start);
  char *text = hcc__arena_take(a, raw ? raw : 1);
  size_t wn = hcc__redact_ws(raw);
  char *ws = hcc__arena_take(a, wn);
  if (!text || !ws) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for redact");
  size_t n = hcc__json_decode_wide(in + t->start, raw, text);
  hcc_slice r;
  if ((rc = hcc__redact(text, n, ws, wn, &r, err)) != HCC_OK) return rc;
  hcc__out_json_str(o, r.s, r.n);
  return HCC_OK;
}
