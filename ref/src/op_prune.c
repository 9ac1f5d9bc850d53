/* op_prune.c -- `hcc prune` and `hcc prune-only` (spec PRUNE-*).
 *
 * prune: hermes's _prune_old_tool_results as compress() calls it, with the
 * message floor protect_last_n and the tail token budget (PRUNE-1..8).
 * prune-only: prune_tool_results_only, the proactive prune behind its
 * trigger and its reclaim gate (PRUNE-9): whenever hermes hands back its
 * input, the output is the input, byte for byte.
 *
 * With explain=true the output is {"pruned": N, "result": <transcript>}:
 * N is hermes's count of pruned tool outputs. */
#include "align.h"
#include "ops.h"
#include "prune.h"
#include "transcript.h"

int hcc__op_prune(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                  hcc_out *o, hcc_error *err);
int hcc__op_prune_only(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                       hcc_out *o, hcc_error *err);
size_t hcc__need_prune(const hcc_json_info *info, size_t len);

size_t hcc__need_prune(const hcc_json_info *info, size_t len) {
  /* prune-only measures the protected head with align's tables first and
   * gives them back before pruning */
  size_t al = hcc__align_need(info, len), pr = hcc__prune_need(info, len, 1);
  return hcc__transcript_need(info) + (al > pr ? al : pr);
}

/* The pruned transcript, in the input's wrapper (MODEL-2). */
static int write_pruned(hcc_prune *pr, const hcc_params *p, hcc_out *o, hcc_error *err) {
  const hcc_transcript *t = pr->t;
  if (p->explain) {
    hcc__out_str(o, "{\"pruned\": ");
    hcc__out_i64(o, pr->pruned);
    hcc__out_str(o, ", \"result\": ");
  }
  hcc__transcript_open(t, o);
  for (int i = 0; i < t->nmsg; i++) {
    if (i) hcc__out_str(o, HCC_ITEM_SEP);
    int rc = hcc__prune_write_msg(pr, i, o, err);
    if (rc != HCC_OK) return rc;
  }
  hcc__transcript_close(t, o);
  if (p->explain) hcc__out_ch(o, '}');
  return HCC_OK;
}

/* The input as it came (prune-only's no-op). */
static int write_input(const hcc_params *p, const char *in, size_t len, hcc_out *o) {
  if (p->explain) hcc__out_str(o, "{\"pruned\": 0, \"result\": ");
  hcc__out_put(o, in, len);
  if (p->explain) hcc__out_ch(o, '}');
  return HCC_OK;
}

int hcc__op_prune(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                  hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  hcc_prune pr;
  int64_t threshold, budget;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_IDS, a, err);
  if (rc != HCC_OK) return rc;
  hcc__align_budget(p, &threshold, &budget);
  hcc_prune_cfg cfg = {p->protect_last_n, budget, HCC_PRUNE_MIN_CHARS, NULL};
  rc = hcc__prune_run(&pr, &t, &cfg, len, a, err);
  if (rc != HCC_OK) return rc;
  return write_pruned(&pr, p, o, err);
}

/* _protect_head_size: the system prompt plus the effective protect_first_n
 * (align's rule).  The align tables are given back afterwards. */
static int head_size(const hcc_transcript *t, const hcc_params *p, size_t len, hcc_arena *a,
                     int64_t *head, hcc_error *err) {
  hcc_align al;
  size_t mark = a->used;
  int rc = hcc__align_prepare(&al, t, &hcc__est_hermes, p, len, a, err);
  if (rc == HCC_OK) *head = hcc__align_protect_head_size(&al);
  if (rc == HCC_OK) rc = al.rc; /* a classification made on the way */
  a->used = mark;
  return rc;
}

int hcc__op_prune_only(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                       hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  hcc_prune pr;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_IDS, a, err);
  if (rc != HCC_OK) return rc;
  /* ContextCompressor.__init__: int(v or 0); max(200, int(v or 8000));
   * max(0, int(v or 0)) */
  int64_t trigger = p->proactive_prune_tokens;
  int64_t min_chars = p->proactive_prune_min_result_chars ? p->proactive_prune_min_result_chars : 8000;
  int64_t min_reclaim = p->proactive_prune_min_reclaim_tokens;
  if (min_chars < 200) min_chars = 200;
  if (min_reclaim < 0) min_reclaim = 0;
  if (trigger <= 0) return write_input(p, in, len, o);
  if (p->current_tokens >= 0 && p->current_tokens < trigger) return write_input(p, in, len, o);
  /* nothing outside the protected ranges: len <= protect_last_n + head + 1 */
  if (t.nmsg <= p->protect_last_n + 1) return write_input(p, in, len, o);
  int64_t head;
  rc = head_size(&t, p, len, a, &head, err);
  if (rc != HCC_OK) return rc;
  if (t.nmsg <= p->protect_last_n + head + 1) return write_input(p, in, len, o);
  hcc_prune_cfg cfg = {p->protect_last_n, 0, min_chars, NULL};
  rc = hcc__prune_run(&pr, &t, &cfg, len, a, err);
  if (rc != HCC_OK) return rc;
  if (!pr.pruned) return write_input(p, in, len, o);
  if (min_reclaim > 0) { /* the reclaim gate, measured on the real messages */
    int64_t before = 0, after = 0;
    for (int i = 0; i < t.nmsg; i++) {
      int64_t b, n;
      rc = hcc__prune_orig_tokens(&pr, i, &b, err);
      if (rc == HCC_OK) rc = hcc__prune_now_tokens(&pr, i, &n, err);
      if (rc != HCC_OK) return rc;
      before += b, after += n;
    }
    if (before - after < min_reclaim) return write_input(p, in, len, o);
  }
  return write_pruned(&pr, p, o, err);
}
