/* args.c -- JSON-safe shrinking of one tool-call arguments string and the
 * writing of a message's tool_calls with shrunk arguments (spec ARGS-1 to
 * ARGS-4, ARGS-7): what the truncate-args op (op_truncate_args.c) and pass
 * 3 of the prune (prune.c, PRUNE-7, and so compress) share, in a module of
 * its own so neither op's file depends on the other's (args.h). */
#include "args.h"

#include <string.h>

#include "msg_write.h"
#include "py.h"

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

int hcc__args_selected(const hcc_doc *d, const hcc_call *c, int all) {
  if (d->tok[c->tok].type != HCC_T_OBJECT || c->function < 0) return -1;
  if (d->tok[c->function].type != HCC_T_OBJECT || c->arguments < 0) return -1;
  const hcc_tok *v = &d->tok[c->arguments];
  if (v->type != HCC_T_STRING) return -1;
  if (!all && v->size <= HCC_ARGS_GATE) return -1; /* counted by the scan */
  return c->arguments;
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

