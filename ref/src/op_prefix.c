/* op_prefix.c -- `strip-prefix`, `with-prefix` and `classify-summary`
 * (spec PREFIX-*): hermes's handoff-prefix normalisation and summary
 * detection, on one JSON value.
 *
 * A summary string whose escapes are all json.dumps's two-byte ones is
 * read where it stands (hcc__summary_body_raw): the markers are found in
 * its raw bytes, only its ends and its head are decoded, and the body is
 * written as the input's bytes.  Any other string is decoded into a
 * workspace buffer, where every step is a slice (strip, split, find); the
 * slice kept is written back as the input's own bytes when those already
 * are what json.dumps writes (hcc__json_dumps_span).  Either way the time
 * is linear: one KMP search per marker (prefixes.c), fixed-length prefix
 * compares. */
#include "ops.h"
#include "prefixes.h"
#include "py.h"
#include "pyspace.h"
#include "summary_text.h"

/* ---- the summary argument --------------------------------------------- */

/* The summary argument of strip-prefix / with-prefix: a JSON string (its
 * raw body in *raw), or "" for any falsy value (hermes evaluates
 * `(summary or "")`; *raw is then empty with s NULL); any other value is
 * rejected, where hermes raises AttributeError on .strip() (spec
 * DIV-PREFIX-1).  *odd: its \u and \/ escapes (hcc_json_info). */
static int summary_arg(const char *in, size_t len, hcc_arena *a, hcc_slice *raw, size_t *odd,
                       hcc_error *err) {
  hcc_doc d;
  int rc = hcc__json_parse(&d, in, len, a, err);
  if (rc != HCC_OK) return rc;
  *odd = d.info.odd_escapes;
  const hcc_tok *t = &d.tok[0];
  raw->s = NULL;
  raw->n = 0;
  if (t->type == HCC_T_STRING) {
    raw->s = in + t->start;
    raw->n = (size_t)(t->end - t->start);
    return HCC_OK;
  }
  if (hcc__py_truthy(&d, 0))
    return hcc__fail(err, HCC_E_SHAPE, (size_t)t->start,
                     "summary must be a JSON string (or a falsy value)");
  return HCC_OK;
}

/* The summary as a decoded str, in the arena. */
static int decoded(hcc_slice raw, hcc_arena *a, hcc_slice *out, hcc_error *err) {
  out->s = "";
  out->n = 0;
  if (!raw.s) return HCC_OK;
  char *buf = hcc__arena_take(a, raw.n ? raw.n : 1);
  if (!buf) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the decoded summary");
  out->n = hcc__json_decode_wide(raw.s, raw.n, buf);
  out->s = buf;
  return HCC_OK;
}

size_t hcc__need_summary_str(const hcc_json_info *info, size_t len) {
  (void)len;
  size_t toks = hcc__arena_cost(info->tokens * sizeof(hcc_tok));
  /* read where it stands (summary_body): no decoded copy */
  if (hcc__summary_body_raw_answers(info->odd_escapes)) return toks;
  return toks + hcc__arena_cost(info->max_string ? info->max_string : 1);
}

/* The body t, a slice of the decoded summary `whole`, as json.dumps
 * writes it: the input's own bytes when they already are that (the
 * common case: then nothing is written again), else encoded. */
static hcc_slice dumps_span(hcc_slice whole, hcc_slice raw, hcc_slice t) {
  size_t a = (size_t)(t.s - whole.s), ra, rb;
  if (!raw.s) return (hcc_slice){NULL, 0}; /* a falsy summary: "" */
  if (hcc__json_dumps_span(raw.s, raw.n, a, a + t.n, &ra, &rb)) return (hcc_slice){raw.s + ra, rb - ra};
  return (hcc_slice){NULL, 0};
}

/* The body (PREFIX-3) of the summary argument in *body, and in *copy the
 * input's bytes that are json.dumps's text of it when there are such (s
 * NULL otherwise).  Most summaries are read where they stand
 * (hcc__summary_body_raw): nothing decoded, the body is its own copy.  The
 * others are decoded and the body, a slice of the decoded text, is mapped
 * back to the input's bytes where those are what json.dumps writes. */
static int summary_body(const char *in, size_t len, hcc_arena *a, hcc_slice *body, hcc_slice *copy,
                        hcc_error *err) {
  hcc_slice raw, t;
  size_t odd;
  int rc = summary_arg(in, len, a, &raw, &odd, err);
  if (rc != HCC_OK) return rc;
  if (raw.s && hcc__summary_body_raw(raw.s, raw.n, odd, body)) {
    *copy = *body;
    return HCC_OK;
  }
  if ((rc = decoded(raw, a, &t, err)) != HCC_OK) return rc;
  *body = hcc__summary_body(t);
  *copy = dumps_span(t, raw, *body);
  return HCC_OK;
}

int hcc__op_strip_prefix(const hcc_params *p, const char *in, size_t len,
                         hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_slice body, copy;
  (void)p;
  int rc = summary_body(in, len, a, &body, &copy, err);
  if (rc != HCC_OK) return rc;
  hcc__out_ch(o, '"');
  if (copy.s) hcc__out_put(o, copy.s, copy.n);
  else hcc__out_json_body(o, body.s, body.n);
  hcc__out_ch(o, '"');
  return HCC_OK;
}

int hcc__op_with_prefix(const hcc_params *p, const char *in, size_t len,
                        hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_slice body, copy;
  (void)p;
  int rc = summary_body(in, len, a, &body, &copy, err);
  if (rc != HCC_OK) return rc;
  hcc__out_ch(o, '"');
  hcc__put_with_prefix(o, body, copy);
  hcc__out_ch(o, '"');
  return HCC_OK;
}

/* ---- classify-summary --------------------------------------------------- */

/* str(content) of a value that is neither a str, a list nor None can be
 * longer than its JSON text: "1e15" becomes "1000000000000000.0" (4.5
 * times), ", " and ": " double a separator byte, a non-printable code
 * point becomes a \U escape (2.5 times).  5 bytes per input byte plus a
 * float's longest repr bounds every case. */
static size_t str_bound(size_t len) { return 5 * len + 32; }

/* The text view's buffer: a string, a scalar, [] or {} and a list's joined
 * parts fit in the input (or the longest string); a dict's str() in
 * str_bound. */
static size_t text_cap(const hcc_json_info *info, size_t len) {
  if (info->tokens <= 1 || info->root == '[')
    return info->max_string > len + 32 ? info->max_string : len + 32;
  return str_bound(len);
}

size_t hcc__need_classify(const hcc_json_info *info, size_t len) {
  size_t toks = hcc__arena_cost(info->tokens * sizeof(hcc_tok));
  /* a str, or a list, classified the raw way whatever its parts (next_part
   * reads no arena): no decoded copy */
  if ((info->root == '"' || info->root == '[') && hcc__summary_kind_raw_answers(info->odd_escapes)) return toks;
  return toks + hcc__py_str_need(info) + hcc__arena_cost(text_cap(info, len));
}

/* Decodes string token i to buf at *used, returns its decoded length. */
static size_t put_decoded(const hcc_doc *d, int i, char *buf, size_t used) {
  const hcc_tok *t = &d->tok[i];
  /* the wide decoder may write the raw length: parts and their "\n"
   * separators never pass the input's length (each part's quotes leave a
   * byte for the separator), within text_cap */
  return hcc__json_decode_wide(d->text + t->start, (size_t)(t->end - t->start), buf + used);
}

/* The str a list item adds to the text view: the item itself, or a dict
 * item's "text" (the last duplicate key wins); -1 when it adds none. */
static int part_text(const hcc_doc *d, int j) {
  if (d->tok[j].type == HCC_T_STRING) return j;
  if (d->tok[j].type != HCC_T_OBJECT) return -1;
  int v = hcc__json_get(d, j, "text");
  return v >= 0 && d->tok[v].type == HCC_T_STRING ? v : -1;
}

/* The raw bodies of the strs the text view joins (hcc_raw_next_fn): the
 * str content, or the non-empty str parts of a list in order. */
typedef struct parts {
  const hcc_doc *d;
  int k, j; /* items read, the token of the next */
} parts;

static int next_part(void *ctx, hcc_slice *raw) {
  parts *p = ctx;
  const hcc_doc *d = p->d;
  int s = -1;
  if (d->tok[0].type == HCC_T_STRING) {
    if (!p->k++) s = 0;
  } else {
    for (; s < 0 && p->k < d->tok[0].size; p->k++, p->j = hcc__json_skip(d, p->j)) {
      s = part_text(d, p->j);
      if (s >= 0 && d->tok[s].end == d->tok[s].start) s = -1; /* "" is dropped */
    }
  }
  if (s < 0) return 0;
  raw->s = d->text + d->tok[s].start; /* the body, without its quotes */
  raw->n = (size_t)(d->tok[s].end - d->tok[s].start);
  return 1;
}

/* _content_text_for_contains(content): the text view hermes classifies.
 * Writes it into buf (cap bytes) and returns its length. */
static int content_text(const hcc_doc *d, char *buf, size_t cap, hcc_arena *a,
                        size_t *n, hcc_error *err) {
  const hcc_tok *root = &d->tok[0];
  *n = 0;
  if (hcc__json_is_null(d, 0)) return HCC_OK; /* None -> "" */
  if (root->type == HCC_T_STRING) {
    *n = put_decoded(d, 0, buf, 0);
    return HCC_OK;
  }
  if (root->type == HCC_T_ARRAY) {
    /* "\n".join(part for part in parts if part): str items, and the
     * "text" of dict items when it is a str (last duplicate key wins) */
    size_t used = 0;
    int j = 1;
    for (int k = 0; k < root->size; k++, j = hcc__json_skip(d, j)) {
      int s = part_text(d, j);
      if (s < 0 || d->tok[s].end == d->tok[s].start) continue; /* "" is dropped */
      if (used) buf[used++] = '\n';
      used += put_decoded(d, s, buf, used);
    }
    *n = used;
    return HCC_OK;
  }
  /* anything else: str(content) */
  hcc_out o;
  hcc__out_init(&o, buf, cap);
  int rc = hcc__py_str(d, 0, a, &o, err);
  if (rc != HCC_OK) return rc;
  if (o.len > cap) /* str_bound is wrong: a bug, never bad input */
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: str() of the content exceeds its bound");
  *n = o.len;
  return HCC_OK;
}

/* ContextCompressor.classify_summary_content (PREFIX-6). */
static const char *classify(int kind) {
  static const char *const names[] = {NULL, "standalone", "merged"};
  return names[kind];
}

int hcc__op_classify_summary(const hcc_params *p, const char *in, size_t len,
                             hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_doc d;
  (void)p;
  int rc = hcc__json_parse(&d, in, len, a, err);
  if (rc != HCC_OK) return rc;
  /* A view made of strs is classified on their raw bytes where that tells
   * (hcc__summary_kind_raw): no decoded copy of a long summary. */
  parts it = {&d, 0, 1};
  int k, viewed = d.tok[0].type == HCC_T_STRING || d.tok[0].type == HCC_T_ARRAY;
  if (!viewed || !hcc__summary_kind_raw(next_part, &it, d.info.odd_escapes, &k)) {
    size_t cap = text_cap(&d.info, len);
    char *buf = hcc__arena_take(a, cap);
    if (!buf) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the content text");
    hcc_slice t;
    t.s = buf;
    rc = content_text(&d, buf, cap, a, &t.n, err);
    if (rc != HCC_OK) return rc;
    k = hcc__summary_kind(t);
  }
  const char *kind = classify(k);
  if (kind) {
    hcc__out_ch(o, '"');
    hcc__out_str(o, kind);
    hcc__out_ch(o, '"');
  } else {
    hcc__out_str(o, "null");
  }
  return HCC_OK;
}
