/* prune.h -- tool-output pruning over a parsed transcript (spec PRUNE-*),
 * hermes's ContextCompressor._prune_old_tool_results (prune.c).  The
 * prune and prune-only ops (op_prune.c) and compress use it.
 *
 * Two steps: hcc__prune_run decides what happens to every message (and
 * estimates the messages hermes estimates), then hcc__prune_write_msg
 * writes any message as pruned, in Python's json.dumps bytes (unchanged
 * messages are copied as they stand).  Nothing allocates; the workspace is
 * the caller's arena. */
#ifndef HCC_PRUNE_H
#define HCC_PRUNE_H
#include "estimate.h"
#include "tool_summary.h"

/* hermes's constants and placeholders (data, quoted exactly). */
#define HCC_PRUNED_TOOL_PLACEHOLDER "[Old tool output cleared to save context space]"
#define HCC_DUPLICATE_TOOL_OUTPUT "[Duplicate tool output \xe2\x80\x94 same content as a more recent call]"
#define HCC_SCREENSHOT_PLACEHOLDER "[screenshot removed to save context]"
#define HCC_PRESSURE_KEEP_RECENT_MESSAGES 3
#define HCC_PRUNE_MIN_CHARS 200 /* _prune_old_tool_results' min_prune_chars default */

typedef struct hcc_prune_cfg {
  int64_t protect_tail_count;  /* protect_tail_count (protect_last_n) */
  int64_t protect_tail_tokens; /* protect_tail_tokens; <= 0 is hermes's None */
  int64_t min_prune_chars;     /* pass 2 prunes outputs longer than this */
  /* An estimator over the same transcript whose render buffer the prune
   * shares (each rendering is read before the next is made), or NULL:
   * the prune takes a buffer of its own (hcc__prune_need's `own_est`). */
  const hcc_est_ctx *est;
} hcc_prune_cfg;

typedef enum {
  HCC_PRUNE_KEEP = 0,   /* unchanged */
  HCC_PRUNE_DUPLICATE,  /* content: HCC_DUPLICATE_TOOL_OUTPUT (PRUNE-3) */
  HCC_PRUNE_SUMMARY,    /* content: a one-line summary (PRUNE-4..6) */
  HCC_PRUNE_SCREENSHOT, /* content: "[screenshot removed] ..." (PRUNE-4) */
  HCC_PRUNE_IMAGES,     /* content list: image parts replaced (PRUNE-4) */
  HCC_PRUNE_ARGS        /* tool_calls: long arguments shrunk (PRUNE-7) */
} hcc_prune_action;

typedef struct hcc_prune_msg {
  unsigned char action; /* hcc_prune_action */
  unsigned char depth;  /* SUMMARY: 1, or 2 when the pressure pass summarised
                           its own summary again */
  unsigned char facts;  /* HCC_TS_* facts of a string content (hcc_ts_text) */
  int memo;             /* SUMMARY: the call whose head the line uses */
  int64_t orig;         /* estimate of the input message, -1: not computed */
  int64_t now;          /* estimate as pruned so far, -1: not computed */
  size_t cps1;          /* code points of a string content + 1; 0: not counted
                           (dedupe, demote and the summary's tail all ask) */
  size_t nl1;           /* its "\n"s + 1; 0: not counted (the summary's tail) */
} hcc_prune_msg;

typedef struct hcc_prune_memo hcc_prune_memo;
typedef struct hcc_prune_slot hcc_prune_slot;

typedef struct hcc_prune {
  const hcc_transcript *t;
  hcc_prune_cfg cfg;
  hcc_arena *a;
  hcc_est_ctx est;
  hcc_prune_msg *m;      /* one per message */
  hcc_prune_memo *memo;  /* one per call, then hermes's default call */
  hcc_prune_slot *index; /* tool_call_id -> call (hermes's call_id_to_tool) */
  size_t nslot;
  char *heads;           /* the heads store (prune.c): heads that must be kept */
  size_t heads_used;     /* from the bottom, the cache from heads_top up */
  size_t heads_top, heads_cap;
  int heads_nocache;     /* the cache was dropped for a head that must be kept */
  size_t heads_made;     /* heads formatted (tests bound it: see prune.c) */
  int64_t boundary;      /* prune_boundary: passes 2 and 3 cover [0, boundary) */
  int64_t pruned;        /* hermes's pruned count */
} hcc_prune;

/* Workspace hcc__prune_run (and later writes) take at most for an input of
 * len bytes with these statistics, beyond the transcript's; own_est 0
 * when cfg->est lends the estimator's render buffer. */
size_t hcc__prune_need(const hcc_json_info *info, size_t len, int own_est);

/* Runs the four passes over transcript t (input length len).  Errors:
 * HCC_E_SHAPE where the pinned Python raises and the spec rejects
 * (tool_calls true or a non-zero number; a message shape the token
 * estimate raises on, when hermes estimates it), HCC_E_WORKSPACE. */
int hcc__prune_run(hcc_prune *p, const hcc_transcript *t, const hcc_prune_cfg *cfg,
                   size_t len, hcc_arena *a, hcc_error *err);

/* Writes message i as pruned. */
int hcc__prune_write_msg(hcc_prune *p, int i, hcc_out *o, hcc_error *err);

/* *yes is 1 when the text of message i's new content reads as a
 * compaction summary (hcc__is_summary_text); only for the actions that make
 * it a string (DUPLICATE, SUMMARY, SCREENSHOT).  Decided without writing
 * the content: for a summary line by its head, memoised per call. */
int hcc__prune_reads_as_summary(hcc_prune *p, int i, int *yes, hcc_error *err);

/* The token estimate (_estimate_msg_budget_tokens) of message i before
 * and after pruning.  HCC_E_SHAPE where hermes's estimate raises. */
int hcc__prune_orig_tokens(hcc_prune *p, int i, int64_t *tokens, hcc_error *err);

int hcc__prune_now_tokens(hcc_prune *p, int i, int64_t *tokens, hcc_error *err);
#endif
