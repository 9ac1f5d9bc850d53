/* op_truncate_args.c -- `hcc truncate-args` (spec ARGS-*): JSON-safe
 * shrinking of tool-call arguments, as pass 3 of hermes's
 * _prune_old_tool_results does it with _truncate_tool_call_args_json.
 *
 * Per selected call (the shrinking itself is args.c, shared with the
 * prune) the arguments string is decoded, parsed as JSON and
 * re-serialised the way json.dumps(ensure_ascii=False) writes it, every
 * string value longer than head_chars code points cut to its first
 * head_chars code points plus the marker.  The result replaces the
 * arguments only when it differs from them (hermes's `new_args != args`).
 * A message with a replaced arguments string is written through
 * msg_write.c as Python writes `{**msg, "tool_calls": new_tcs}` (and the
 * same for the call and its function); every other message, and every
 * call left alone inside a rewritten message, is copied byte for byte.
 *
 * Memory: one call at a time takes its decode buffer, inner tokens, dump
 * scratch and result from the arena and gives them back, so the workspace
 * is the transcript tables, the estimator's, msg_write's scratch and one
 * call's worth for the longest arguments string.  Each selected call is
 * shrunk twice when its message changes (once to learn that, once to
 * write): still linear. */
#include "align.h"
#include "args.h"
#include "estimate.h"
#include "msg_write.h"
#include "ops.h"
#include "tail_walk.h"
#include "py.h"
#include "pyspace.h" /* hcc__py_truthy */
#include "transcript.h"

int hcc__op_truncate_args(const hcc_params *p, const char *in, size_t len,
                          hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_truncate_args(const hcc_json_info *info, size_t len);

/* ---- sizing ------------------------------------------------------------- */

size_t hcc__need_truncate_args(const hcc_json_info *info, size_t len) {
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  return hcc__transcript_need(info) + hcc__est_need(info, len) +
         hcc__obj_write_need(&m) + hcc__args_shrink_need(info->max_arguments, info->max_arguments_tokens,
                                                         info->max_deep_weight);
}

/* ---- which calls (ARGS-5, ARGS-7, ARGS-8) ---------------------------------- */

typedef struct job {
  const hcc_transcript *t;
  const hcc_params *p;
  size_t head;
  const hcc_msg *m; /* the message being written */
  int changed;      /* calls of it whose arguments changed */
} job;

static int est_tokens(void *ctx, int i, int64_t *tokens, hcc_error *err) {
  return hcc__est_message(ctx, i, tokens, err);
}

/* Index of the first message pass 3 does not touch (ARGS-6): the protected
 * tail starts there.  With a positive tail token budget the tail is what
 * the backward budget walk keeps, floored at min(protect_last_n, n, 8)
 * messages; otherwise it is the last protect_last_n messages. */
static int prune_boundary(const hcc_transcript *t, const hcc_params *p, size_t len,
                          hcc_arena *a, int *out, hcc_error *err) {
  int64_t n = t->nmsg, threshold, budget;
  hcc__align_budget(p, &threshold, &budget);
  if (budget <= 0) {
    int64_t b = n - p->protect_last_n;
    *out = b < 0 ? 0 : (int)b;
    return HCC_OK;
  }
  hcc_est_ctx est;
  int rc = hcc__est_init(&est, &hcc__est_hermes, t, len, a, err);
  if (rc != HCC_OK) return rc;
  int64_t start;
  rc = hcc__tail_walk(n, budget, p->protect_last_n, est_tokens, &est, &start, err);
  *out = (int)start;
  return rc;
}

/* The new tool_calls list of the message being written. */
static int put_calls(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                     hcc_out *o, hcc_error *err) {
  job *j = ctx;
  (void)d, (void)old;
  return hcc__args_write_calls(j->t, j->m, j->p->truncate_all, j->head, NULL, NULL, scratch, o,
                               &j->changed, err);
}

/* 1 when some call of message m is one pass 3 may rewrite. */
static int has_selected(const job *j, const hcc_msg *m) {
  for (int k = 0; k < m->ncalls; k++)
    if (hcc__args_selected(&j->t->doc, &j->t->call[m->first_call + k], j->p->truncate_all) >= 0) return 1;
  return 0;
}

/* ---- the op -------------------------------------------------------------- */

/* hermes iterates `tool_calls or []` of every assistant message before
 * pass 3: true or a non-zero number raises TypeError.  Refused, as the
 * repair op refuses it (spec ARGS-7, DIV-PAIRS-1). */
static int check_shape(const hcc_transcript *t, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  for (int i = 0; i < t->nmsg; i++) {
    const hcc_msg *m = &t->msg[i];
    if (m->role != HCC_ROLE_ASSISTANT || m->tool_calls < 0) continue;
    const hcc_tok *tc = &d->tok[m->tool_calls];
    if (tc->type == HCC_T_PRIMITIVE && hcc__py_truthy(d, m->tool_calls))
      return hcc__fail(err, HCC_E_SHAPE, (size_t)tc->start,
                       "tool_calls is a number or true (hermes raises TypeError)");
  }
  return HCC_OK;
}

int hcc__op_truncate_args(const hcc_params *p, const char *in, size_t len,
                          hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_PLAIN, a, err);
  if (rc == HCC_OK) rc = check_shape(&t, err);
  if (rc != HCC_OK) return rc;
  job j = {&t, p, (size_t)p->head_chars, NULL, 0};
  int boundary = t.nmsg;
  if (!p->truncate_all) {
    rc = prune_boundary(&t, p, len, a, &boundary, err);
    if (rc != HCC_OK) return rc;
  }
  hcc__transcript_open(&t, o);
  for (int i = 0; i < t.nmsg; i++) {
    const hcc_msg *m = &t.msg[i];
    if (i) hcc__out_str(o, HCC_ITEM_SEP);
    /* A message with a call pass 3 may rewrite is written rewritten; when
     * no call's arguments changed after all, that is taken back and the
     * message copied as it stands.  (Deciding first would shrink every
     * such call twice.) */
    if (i < boundary && (p->truncate_all || m->role == HCC_ROLE_ASSISTANT) && has_selected(&j, m)) {
      size_t mark = o->len;
      hcc_edit e = {"tool_calls", 10, HCC_EDIT_SET, put_calls, &j, NULL, 0};
      j.m = m;
      j.changed = 0;
      rc = hcc__obj_write(&t.doc, m->tok, &e, 1, a, o, err);
      if (rc != HCC_OK) return rc;
      if (j.changed) continue;
      o->len = mark;
    }
    hcc__transcript_copy_msg(&t, i, o);
  }
  hcc__transcript_close(&t, o);
  return HCC_OK;
}
