/* op_align.c -- `hcc align`: the compaction boundaries of a transcript as
 * one JSON object (spec ALIGN-*):
 *   {"head_end": H, "compress_start": S, "compress_end": E}
 * and with explain=true a "steps" object naming every intermediate value
 * after the hermes function that produced it. */
#include "align.h"
#include "ops.h"

size_t hcc__need_align(const hcc_json_info *info, size_t len) {
  return hcc__transcript_need(info) + hcc__align_need(info, len);
}

static void key_i64(hcc_out *o, const char *key, int64_t v, int first) {
  if (!first) hcc__out_put(o, ", ", 2);
  hcc__out_ch(o, '"');
  hcc__out_str(o, key);
  hcc__out_str(o, "\": ");
  hcc__out_i64(o, v);
}

static void key_raw(hcc_out *o, const char *key, const char *raw) {
  hcc__out_str(o, ", \"");
  hcc__out_str(o, key);
  hcc__out_str(o, "\": ");
  hcc__out_str(o, raw);
}

static void write_steps(const hcc_align *al, hcc_out *o) {
  hcc__out_str(o, ", \"steps\": {");
  key_i64(o, "effective_protect_first_n", al->effective_protect_first_n, 1);
  key_i64(o, "protect_head_size", al->head_end, 0);
  key_i64(o, "align_boundary_forward", al->compress_start, 0);
  key_i64(o, "threshold_tokens", al->threshold_tokens, 0);
  key_i64(o, "tail_token_budget", al->tail_token_budget, 0);
  hcc__out_str(o, ", \"budget_tokens\": [");
  for (int64_t i = 0; i < al->n; i++) {
    if (i) hcc__out_put(o, ", ", 2);
    hcc__out_i64(o, al->m[i].tokens);
  }
  hcc__out_ch(o, ']');
  key_i64(o, "tail_cut_candidate", al->tail_cut_candidate, 0);
  key_i64(o, "align_boundary_backward", al->align_boundary_backward, 0);
  key_i64(o, "ensure_last_user_message_in_tail", al->ensure_last_user, 0);
  key_i64(o, "ensure_last_assistant_message_in_tail", al->ensure_last_assistant, 0);
  if (al->ensure_last_n_user < 0) key_raw(o, "ensure_last_n_user_messages_in_tail", "null");
  else key_i64(o, "ensure_last_n_user_messages_in_tail", al->ensure_last_n_user, 0);
  key_i64(o, "find_tail_cut_by_tokens", al->tail_cut, 0);
  key_raw(o, "has_content_to_compress", al->has_content ? "true" : "false");
  key_i64(o, "find_last_user_message_idx", al->latest_actionable, 0);
  key_i64(o, "bridge", al->compress_end, 0);
  hcc__out_ch(o, '}');
}

int hcc__op_align(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                  hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  hcc_align al;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_PLAIN, a, err);
  if (rc == HCC_OK) rc = hcc__align_prepare(&al, &t, &hcc__est_hermes, p, len, a, err);
  if (rc != HCC_OK) return rc;
  hcc__align_run(&al);
  if (p->explain) /* budget_tokens lists every message's estimate */
    for (int64_t i = 0; i < al.n; i++) hcc__align_tokens(&al, i);
  if (al.rc != HCC_OK) return al.rc;
  hcc__out_ch(o, '{');
  key_i64(o, "head_end", al.head_end, 1);
  key_i64(o, "compress_start", al.compress_start, 0);
  key_i64(o, "compress_end", al.compress_end, 0);
  if (p->explain) write_steps(&al, o);
  hcc__out_ch(o, '}');
  return HCC_OK;
}
