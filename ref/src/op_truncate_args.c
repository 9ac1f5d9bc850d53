/* op_truncate_args.c -- `hcc truncate-args` (spec ARGS-*): JSON-safe
 * shrinking of tool-call arguments, as pass 3 of hermes's
 * _prune_old_tool_results does it with _truncate_tool_call_args_json.
 *
 * Per selected call the arguments string is decoded, parsed as JSON and
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
#include "prune.h"
#include "py.h"
#include "pyspace.h"
#include "transcript.h"

int hcc__op_truncate_args(const hcc_params *p, const char *in, size_t len,
                          hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_truncate_args(const hcc_json_info *info, size_t len);

/* ---- sizing ------------------------------------------------------------- */

/* Upper bound of the re-serialised text of an arguments string whose raw
 * body has m bytes (its decoded text has at most m).  Per input byte
 * nothing grows by more than 16/3: a string of one code point ("a", 3
 * bytes) becomes "...[truncated]" (16 bytes) when head_chars is 0; a float
 * such as 1e15 (4 bytes) becomes 1000000000000000.0 (18 bytes); "," and
 * ":" gain one blank; every other token is written no longer than it was
 * read (escapes only ever shrink when decoded and re-escaped).  And it is
 * at most the weight of the call it is in (bytes.c: '"' weighs the
 * marker, a digit a float), so at most the document's max_deep_weight. */
static size_t result_bound(size_t m, size_t weight) {
  size_t by_bytes = 6 * m + 32, by_weight = weight + 32;
  return by_weight < by_bytes ? by_weight : by_bytes;
}

/* Scratch of one call whose raw arguments body has m bytes: decoded text,
 * the inner document's tokens, json.dumps scratch, and the result. */
size_t hcc__args_shrink_need(size_t m, size_t tokens, size_t weight) {
  hcc_json_info inner = hcc__json_info_bound(m);
  if (tokens < inner.tokens) inner.tokens = tokens;
  return hcc__arena_cost(m + 1) + hcc__arena_cost(inner.tokens * sizeof(hcc_tok)) +
         hcc__py_dumps_need(&inner) + hcc__arena_cost(result_bound(m, weight));
}

size_t hcc__need_truncate_args(const hcc_json_info *info, size_t len) {
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  return hcc__transcript_need(info) + hcc__est_need(info, len) +
         hcc__obj_write_need(&m) + hcc__args_shrink_need(info->max_arguments, info->max_arguments_tokens,
                                                         info->max_deep_weight);
}

/* ---- shrinking one arguments string (ARGS-1 .. ARGS-4) -------------------- */

static void shrink_hook(void *ctx, const char *s, size_t n, hcc_out *o) {
  size_t head = *(const size_t *)ctx;
  if (hcc__utf8_count(s, n) > head) {
    hcc__out_json_body(o, s, hcc__utf8_prefix(s, n, head));
    hcc__out_str(o, HCC_ARGS_MARKER);
  } else {
    hcc__out_json_body(o, s, n);
  }
}

/* The shrunk text of arguments token v (a string) of the transcript.
 * *res points into the arena (the caller gives the arena back when done
 * with it); *changed is 0 when hermes would keep the arguments: not JSON
 * to the strict layer (which also refuses what Python reads but cannot
 * write back as JSON: NaN, raw lone surrogates, nesting past 512), an
 * over-long integer, or a result equal to the decoded arguments. */
int hcc__args_shrink(const hcc_doc *td, int v, size_t head, hcc_arena *a,
                     const char **res, size_t *res_len, int *changed, hcc_error *err) {
  const hcc_tok *t = &td->tok[v];
  const char *raw = td->text + t->start;
  size_t rn = (size_t)(t->end - t->start);
  hcc_error ierr;
  hcc_doc inner;
  char *text = hcc__arena_take(a, rn + 1);
  size_t cap = result_bound(rn, td->info.max_deep_weight);
  char *buf = hcc__arena_take(a, cap);
  *changed = 0;
  if (!text || !buf)
    return hcc__fail(err, HCC_E_WORKSPACE, (size_t)t->start, "workspace too small for tool-call arguments");
  size_t m = hcc__json_decode_wide(raw, rn, text);
  int rc = hcc__json_parse(&inner, text, m, a, &ierr);
  if (rc == HCC_E_WORKSPACE) return hcc__fail(err, rc, (size_t)t->start, ierr.message);
  if (rc != HCC_OK || hcc__py_doc_has_huge_int(&inner)) return HCC_OK;
  hcc_out r;
  hcc__out_init(&r, buf, cap);
  rc = hcc__py_dumps_cut(&inner, 0, shrink_hook, &head, head, a, &r, err);
  if (rc != HCC_OK) return rc;
  if (r.len > r.cap) /* result_bound is wrong: never write a cut result */
    return hcc__fail(err, HCC_E_WORKSPACE, (size_t)t->start, "internal: arguments result bound exceeded");
  *res = buf;
  *res_len = r.len;
  *changed = !(r.len == m && memcmp(buf, text, m) == 0);
  return HCC_OK;
}

/* ---- which calls (ARGS-5, ARGS-7, ARGS-8) ---------------------------------- */

typedef struct job {
  const hcc_transcript *t;
  const hcc_params *p;
  size_t head;
  const hcc_msg *m; /* the message being written */
  int changed;      /* calls of it whose arguments changed */
} job;

int hcc__args_selected(const hcc_doc *d, const hcc_call *c, int all) {
  if (d->tok[c->tok].type != HCC_T_OBJECT || c->function < 0) return -1;
  if (d->tok[c->function].type != HCC_T_OBJECT || c->arguments < 0) return -1;
  const hcc_tok *v = &d->tok[c->arguments];
  if (v->type != HCC_T_STRING) return -1;
  if (!all && v->size <= HCC_ARGS_GATE) return -1; /* counted by the scan */
  return c->arguments;
}

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

/* ---- writing a message's tool_calls with shrunk arguments ----------------- */

typedef struct calls_job {
  const char *res; /* the new arguments of the call being written */
  size_t res_len;
} calls_job;

static int put_args(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                    hcc_out *o, hcc_error *err) {
  const calls_job *j = ctx;
  (void)d, (void)old, (void)scratch, (void)err;
  hcc__out_json_str(o, j->res, j->res_len);
  return HCC_OK;
}

static int put_function(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                        hcc_out *o, hcc_error *err) {
  hcc_edit e = {"arguments", 9, HCC_EDIT_SET, put_args, ctx, NULL, 0};
  return hcc__obj_write(d, old, &e, 1, scratch, o, err);
}

int hcc__args_write_calls(const hcc_transcript *t, const hcc_msg *m, int all, size_t head,
                          hcc_args_source src, void *src_ctx, hcc_arena *scratch, hcc_out *o,
                          int *nchanged, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  calls_job j = {NULL, 0};
  hcc__out_ch(o, '[');
  for (int k = 0; k < m->ncalls; k++) {
    const hcc_call *c = &t->call[m->first_call + k];
    size_t n, mark = scratch->used;
    int changed = 0, rc = HCC_OK, v = hcc__args_selected(d, c, all);
    if (k) hcc__out_str(o, HCC_ITEM_SEP);
    if (v >= 0 && src)
      rc = src(src_ctx, m->first_call + k, v, scratch, &j.res, &j.res_len, &changed, err);
    else if (v >= 0)
      rc = hcc__args_shrink(d, v, head, scratch, &j.res, &j.res_len, &changed, err);
    if (nchanged) *nchanged += changed;
    if (rc == HCC_OK && changed) {
      hcc_edit e = {"function", 8, HCC_EDIT_SET, put_function, &j, NULL, 0};
      rc = hcc__obj_write(d, c->tok, &e, 1, scratch, o, err);
    } else if (rc == HCC_OK) {
      const char *raw = hcc__json_raw(d, c->tok, &n);
      hcc__out_put(o, raw, n);
    }
    scratch->used = mark;
    if (rc != HCC_OK) return rc;
  }
  hcc__out_ch(o, ']');
  return HCC_OK;
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
