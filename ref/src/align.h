/* align.h -- compaction boundaries (spec ALIGN-*): which messages form the
 * protected head, where the compressed middle starts and where the
 * protected tail begins, as hermes's ContextCompressor.compress() finds
 * them (Phase 2, on the messages as they stand after its pre-passes).
 *
 * Linear time: each rule is one scan over an index range, the rules run
 * a fixed number of times, and every per-message fact is computed at most
 * once.  Roles and whether "tool_calls" is truthy are read up front; the
 * rest is computed on first use and kept: the summary and user-turn
 * classification (which reads a message's whole content) is consulted by
 * the rules only for the first few messages and from the newest back
 * until a user or assistant turn is found, and the token estimate (the
 * dearest fact, Python's str() of every tool call) only by the tail walk,
 * from the newest message back until the budget is spent.  The
 * estimate's failures (shapes hermes's estimate raises on, DIV-ALIGN-1)
 * are still found for every message up front, by the same walk in
 * check-only mode; classifying fails only for a workspace smaller than
 * the sizing call asked for. */
#ifndef HCC_ALIGN_H
#define HCC_ALIGN_H
#include "estimate.h"

/* hermes's constants (agent/context_compressor.py, model_metadata.py). */
#define HCC_MAX_TAIL_MESSAGE_FLOOR 8
#define HCC_RESTART_HANDOFF_PROBE_EXTRA_MESSAGES 4
#define HCC_SMALL_CTX_WINDOW_LIMIT 512000
#define HCC_SMALL_CTX_THRESHOLD_PERCENT 0.75
#define HCC_MINIMUM_CONTEXT_LENGTH 64000
#define HCC_MIN_CTX_TRIGGER_RATIO 0.85
#define HCC_SUMMARY_TARGET_RATIO_MIN 0.10
#define HCC_SUMMARY_TARGET_RATIO_MAX 0.80

/* What the rules need to know of one message. */
typedef struct hcc_align_msg {
  int64_t tokens;             /* _estimate_msg_budget_tokens; -1 until
                                 hcc__align_tokens computes it */
  unsigned char role;         /* hcc_role */
  unsigned char tool_calls;   /* "tool_calls" is truthy */
  unsigned char known;        /* the four facts below are computed (hcc__align_facts) */
  unsigned char summary;      /* _is_context_summary_message */
  unsigned char real_user;    /* actionable user turn, not synthetic */
  unsigned char asst_anchor;  /* assistant, not a summary: may anchor the tail */
  unsigned char asst_visible; /* ... and shows non-blank text */
} hcc_align_msg;

typedef struct hcc_align {
  const hcc_transcript *t;
  int64_t n;
  hcc_align_msg *m;
  /* the estimate of m[i] is that of message i of t, unless `estimate` is
   * set: then it is what that gives (compress's P, whose message j is
   * message src[j] of t as the prune left it) */
  hcc_est_ctx est;
  int (*estimate)(void *ctx, int64_t i, int64_t *tokens, hcc_error *err);
  void *estimate_ctx;
  int rc;          /* first failure of a deferred estimate, else HCC_OK */
  hcc_error *err;  /* where that failure was reported */
  /* configuration (hermes's attribute names) */
  int64_t protect_first_n, protect_last_n, min_tail_user_messages, compression_count;
  int has_previous_summary; /* self._previous_summary is truthy */
  int64_t threshold_tokens, tail_token_budget;
  /* results, named after the hermes step that produced them */
  int64_t effective_protect_first_n;
  int64_t head_end;                 /* _protect_head_size */
  int64_t compress_start;           /* _align_boundary_forward(head_end) */
  int64_t tail_cut_candidate;       /* cut entering _align_boundary_backward */
  int64_t align_boundary_backward;
  int64_t ensure_last_user;         /* _ensure_last_user_message_in_tail */
  int64_t ensure_last_assistant;    /* _ensure_last_assistant_message_in_tail */
  int64_t ensure_last_n_user;       /* -1 when min_tail_user_messages <= 1 */
  int64_t tail_cut;                 /* _find_tail_cut_by_tokens(compress_start) */
  int64_t latest_actionable;        /* _find_last_user_message_idx(0) */
  int64_t compress_end;             /* after compress()'s bridge step */
  int has_content;                  /* has_content_to_compress */
} hcc_align;

/* threshold_tokens and tail_token_budget as ContextCompressor.__init__
 * derives them from context_length, threshold_percent and
 * summary_target_ratio (a tail_token_budget other than -1 in p wins). */
void hcc__align_budget(const hcc_params *p, int64_t *threshold_tokens,
                       int64_t *tail_token_budget);

/* Workspace of hcc__align_prepare beyond the transcript's. */
size_t hcc__align_need(const hcc_json_info *info, size_t len);
/* Workspace of hcc__align_roles beyond the transcript's. */
size_t hcc__align_roles_need(const hcc_json_info *info);
/* The part of hcc__align_prepare the two alignment moves need alone
 * (align-at): al->t, al->n and m[], each message's role and whether its
 * "tool_calls" is truthy, every other fact zero.  No estimate runs. */
int hcc__align_roles(hcc_align *al, const hcc_transcript *t, hcc_arena *a, hcc_error *err);

/* Fills al->m for transcript t with estimator e and the configuration of
 * p.  HCC_E_SHAPE where hermes's token estimate raises (spec DIV-ALIGN-1). */
int hcc__align_prepare(hcc_align *al, const hcc_transcript *t,
                       const hcc_estimator *e, const hcc_params *p, size_t len,
                       hcc_arena *a, hcc_error *err);

/* The boundaries: head_end, compress_start, tail_cut, compress_end and
 * every step between them.  Check al->rc afterwards: an estimate made on
 * the way can fail (only for a workspace smaller than the sizing call
 * asked for). */
void hcc__align_run(hcc_align *al);

/* The budget of m[i], estimated on first use.  On failure al->rc is set
 * and 0 is returned. */
int64_t hcc__align_tokens(hcc_align *al, int64_t i);

/* m[i] with its classification computed on first use.  On failure
 * al->rc is set and the facts read as false. */
const hcc_align_msg *hcc__align_facts(hcc_align *al, int64_t i);
/* Classifies every message now (compress reads the facts of all of them,
 * and copies them into the facts of its pruned list).  Returns al->rc. */
int hcc__align_classify_all(hcc_align *al);

/* The single rules, for compress and prune. */
int64_t hcc__align_forward(const hcc_align *al, int64_t idx);
int64_t hcc__align_backward(const hcc_align *al, int64_t idx);
int64_t hcc__align_protect_head_size(hcc_align *al);
int64_t hcc__align_last_user(hcc_align *al, int64_t head_end);
/* _find_tail_cut_by_tokens; records its steps in al when trace is 1. */
int64_t hcc__align_tail_cut(hcc_align *al, int64_t head_end, int64_t budget, int trace);
#endif
