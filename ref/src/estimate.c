/* estimate.c -- token estimators and the per-message budget of the tail
 * walk (spec ALIGN-EST-*).
 *
 * Everything hermes measures is a Python len() of some text: a string
 * value, str() of a dict, json.dumps() of a value.  Strings are read
 * straight from their JSON bodies; str() is rendered once into a buffer
 * from the workspace; json.dumps() is only ever measured, never written,
 * so its length is summed over the tokens. */
#include "estimate.h"
#include "media.h"

#include "py.h"
#include "pyspace.h"

/* ---- text estimators ------------------------------------------------------ */

/* The ranges of hermes's _CJK_DENSE_RE character class. */
static int cjk_dense(uint32_t cp) {
  return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x2E80 && cp <= 0x9FFF) ||
         (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

/* UTF-8 length with errors="replace": a lone surrogate becomes "?". */
static unsigned utf8_len_replace(uint32_t cp) {
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp >= 0xD800 && cp <= 0xDFFF) return 1;
  return cp < 0x10000 ? 3 : 4;
}

static void hermes_feed(hcc_est_acc *acc, uint32_t cp) {
  acc->cps++;
  if (cjk_dense(cp)) acc->dense++;
  else acc->bytes += utf8_len_replace(cp);
}

/* Empty text is 0; ASCII text is (len + 3) // 4, which is the general
 * formula too (its bytes are its code points). */
static int64_t hermes_tokens(const hcc_est_acc *acc) {
  if (acc->cps == 0) return 0;
  return (int64_t)(acc->dense + (acc->bytes + 3) / HCC_CHARS_PER_TOKEN);
}

/* ASCII is neither dense nor more than one byte. */
static void hermes_feed_ascii(hcc_est_acc *acc, size_t n) {
  acc->cps += n;
  acc->bytes += n;
}

const hcc_estimator hcc__est_hermes = {"hermes", hermes_feed, hermes_tokens, hermes_feed_ascii};

/* Length of the run at s[i..n) of ASCII bytes other than stop (stop 0:
 * none), eight bytes at a time. */
static size_t ascii_run(const char *s, size_t i, size_t n, char stop) {
  const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  size_t j = i;
  while (n - j >= 8) {
    uint64_t w, x;
    memcpy(&w, s + j, 8);
    x = w ^ (ones * (unsigned char)stop);
    if ((w | (stop ? ((x - ones) & ~x) : 0)) & highs) break;
    j += 8;
  }
  while (j < n && (unsigned char)s[j] < 0x80 && (!stop || s[j] != stop)) j++;
  return j - i;
}

void hcc__est_sink_text(hcc_est_sink *f, const char *s, size_t n) {
  const hcc_estimator *e = f->e;
  size_t i = 0;
  while (i < n) {
    size_t k = e->feed_ascii ? ascii_run(s, i, n, 0) : 0;
    if (k) {
      e->feed_ascii(&f->acc, k);
      i += k;
      continue;
    }
    e->feed(&f->acc, hcc__utf8_next(s, n, &i));
  }
}

int64_t hcc__est_text(const hcc_estimator *e, const char *s, size_t n) {
  hcc_est_sink f = {e, {0, 0, 0}};
  hcc__est_sink_text(&f, s, n);
  return e->tokens(&f.acc);
}

int64_t hcc__est_body(const hcc_estimator *e, const char *raw, size_t n) {
  hcc_est_acc acc = {0, 0, 0};
  size_t i = 0;
  while (i < n) {
    size_t k = e->feed_ascii ? ascii_run(raw, i, n, '\\') : 0;
    if (k) {
      e->feed_ascii(&acc, k);
      i += k;
      continue;
    }
    e->feed(&acc, hcc__json_body_next(raw, n, &i));
  }
  return e->tokens(&acc);
}

/* ---- context ---------------------------------------------------------------- */

/* str() of a value is at most 5 times its JSON text plus a constant: a DEL
 * byte becomes \x7f (4x), a non-printable character at most 2.5x, a float
 * at most 4.5x ("1e15" is 1000000000000000.0), a separator 2x.  The values
 * rendered into the buffer are a message's content (a string: its decoded
 * text, at most its raw body; a list or object: its text view or str()) and
 * single tool calls, all nested at least three levels deep, so the largest
 * such container and the longest string bound them, not the whole input.
 * The rewrite weight of the largest bounds a str() as well (bytes.c), and
 * mostly closer: realistic text weighs about twice its bytes.  A second
 * summary (prune.c, materialize_summary) is a head, at most the weight of
 * its call and 512 (hcc__ts_head_cap), and a tail cut from a string. */
static size_t render_cap(const hcc_json_info *info) {
  size_t str = 5 * info->max_deep_container;
  if (info->max_deep_weight < str) str = info->max_deep_weight;
  return str + info->max_string + 576;
}

size_t hcc__est_need(const hcc_json_info *info, size_t len) {
  (void)len;
  hcc_json_info m = hcc__msg_scope(info); /* str() of a value in a message */
  return hcc__arena_cost(render_cap(info)) + hcc__py_str_need(&m);
}

int hcc__est_init(hcc_est_ctx *ctx, const hcc_estimator *e,
                  const hcc_transcript *t, size_t len, hcc_arena *a,
                  hcc_error *err) {
  ctx->e = e;
  ctx->t = t;
  ctx->scratch = a;
  ctx->check_only = 0;
  (void)len;
  ctx->cap = render_cap(&t->doc.info);
  ctx->buf = hcc__arena_take(a, ctx->cap);
  if (!ctx->buf) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the estimator");
  return HCC_OK;
}

int hcc__est_render_str(hcc_est_ctx *ctx, int tok, size_t *n, hcc_error *err) {
  hcc_out o;
  hcc__out_init(&o, ctx->buf, ctx->cap);
  int rc = hcc__py_str(&ctx->t->doc, tok, ctx->scratch, &o, err);
  if (rc != HCC_OK) return rc;
  if (o.len > ctx->cap) /* the bound above is wrong: a bug, not bad input */
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: str() rendering outgrew its bound");
  *n = o.len;
  return HCC_OK;
}

static void feed_ascii_bytes(void *ctx, const char *s, size_t n) {
  hcc_est_sink *f = ctx;
  if (f->e->feed_ascii) f->e->feed_ascii(&f->acc, n);
  else
    for (size_t i = 0; i < n; i++) f->e->feed(&f->acc, (unsigned char)s[i]);
}

void hcc__est_sink_cp(void *sink, uint32_t cp) {
  hcc_est_sink *f = sink;
  f->e->feed(&f->acc, cp);
}

hcc_py_feed hcc__est_sink_feed(hcc_est_sink *s) {
  hcc_py_feed f = {feed_ascii_bytes, hcc__est_sink_cp, s};
  return f;
}

int hcc__est_str_sums(hcc_est_ctx *ctx, int tok, hcc_est_acc *acc, hcc_error *err) {
  hcc_est_sink f = {ctx->e, {0, 0, 0}};
  hcc_py_feed pf = hcc__est_sink_feed(&f);
  int rc = hcc__py_str_feed(&ctx->t->doc, tok, ctx->scratch, &pf, err);
  *acc = f.acc;
  return rc;
}

/* len(str(value)) */
static int str_len(hcc_est_ctx *ctx, int tok, int64_t *len, hcc_error *err) {
  const hcc_tok *t = &ctx->t->doc.tok[tok];
  if (ctx->check_only) { /* str() of any value succeeds */
    *len = 0;
    return HCC_OK;
  }
  if (t->type == HCC_T_STRING) {
    *len = (int64_t)hcc__json_str_cps(ctx->t->doc.text + t->start, (size_t)(t->end - t->start));
    return HCC_OK;
  }
  hcc_est_acc acc;
  int rc = hcc__est_str_sums(ctx, tok, &acc, err);
  if (rc == HCC_OK) *len = (int64_t)acc.cps;
  return rc;
}

static int64_t body_cps(const hcc_doc *d, int tok) {
  return (int64_t)hcc__json_str_cps(d->text + d->tok[tok].start,
                                    (size_t)(d->tok[tok].end - d->tok[tok].start));
}

/* ---- _content_length_for_budget ------------------------------------------- */

/* len() of a dict: its distinct keys (json.loads keeps one entry a key). */
static int dict_len(hcc_est_ctx *ctx, int obj, int64_t *len, hcc_error *err) {
  const hcc_doc *d = &ctx->t->doc;
  hcc_pywalk w;
  size_t mark = ctx->scratch->used;
  int rc = hcc__py_walk_init(&w, d, obj, 0, ctx->scratch, err);
  if (rc == HCC_OK) {
    const int *plan = hcc__py_walk_members(&w, obj);
    int64_t k = 0;
    for (int m = 0; m < d->tok[obj].size; m++) k += plan[m] >= 0;
    hcc__py_walk_pop(&w, obj);
    *len = k;
  }
  ctx->scratch->used = mark;
  return rc;
}

/* len(p.get("text", "") or "") of a dict part */
static int part_text_len(hcc_est_ctx *ctx, int text, int64_t *len, hcc_error *err) {
  const hcc_doc *d = &ctx->t->doc;
  *len = 0;
  if (text < 0 || !hcc__py_truthy(d, text)) return HCC_OK;
  switch (d->tok[text].type) {
  case HCC_T_STRING: *len = ctx->check_only ? 0 : body_cps(d, text); return HCC_OK;
  case HCC_T_ARRAY: *len = d->tok[text].size; return HCC_OK;
  case HCC_T_OBJECT: return ctx->check_only ? HCC_OK : dict_len(ctx, text, len, err);
  default: /* len() of a number or of True */
    return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[text].start,
                     "a content part's \"text\" is a non-zero number or true (hermes: TypeError)");
  }
}

int hcc__est_content_len(hcc_est_ctx *ctx, int tok, int64_t *len, hcc_error *err) {
  const hcc_doc *d = &ctx->t->doc;
  *len = 0;
  /* len(str(raw_content or "")): None and other falsy values are "" */
  if (tok < 0 || !hcc__py_truthy(d, tok)) return HCC_OK;
  if (d->tok[tok].type != HCC_T_ARRAY) return str_len(ctx, tok, len, err);
  int64_t total = 0;
  int p = tok + 1;
  for (int k = 0; k < d->tok[tok].size; k++, p = hcc__json_skip(d, p)) {
    int64_t part = 0;
    int rc = HCC_OK;
    if (d->tok[p].type == HCC_T_OBJECT) {
      int type = hcc__json_get(d, p, "type");
      if (type >= 0 && (d->tok[type].type == HCC_T_ARRAY || d->tok[type].type == HCC_T_OBJECT))
        return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[type].start,
                         "a content part's \"type\" is a list or dict (hermes: TypeError, unhashable)");
      if (type >= 0 && hcc__media_is_image_type(d, type)) part = HCC_IMAGE_CHAR_EQUIVALENT;
      else rc = part_text_len(ctx, hcc__json_get(d, p, "text"), &part, err);
    } else {
      rc = str_len(ctx, p, &part, err); /* strings by len(), the rest by len(str(p)) */
    }
    if (rc != HCC_OK) return rc;
    total += part;
  }
  *len = total;
  return HCC_OK;
}

/* ---- _serialized_length_for_budget ------------------------------------------ */

/* Code points json.dumps(ensure_ascii=False) writes for a string body:
 * '"' and '\\' and the five short escapes take 2, other control
 * characters 6 (\u00XX); everything else, lone surrogates included, is
 * written as itself. */
static int64_t dumps_str_len(const char *raw, size_t n) {
  int64_t k = 2;
  size_t pos = 0;
  while (pos < n) {
    uint32_t cp = hcc__json_body_next(raw, n, &pos);
    if (cp == '"' || cp == '\\' || cp == '\b' || cp == '\f' || cp == '\n' || cp == '\r' || cp == '\t') k += 2;
    else if (cp < 0x20) k += 6;
    else k += 1;
  }
  return k;
}

static int64_t dumps_number_len(const char *s, size_t n) {
  char buf[32];
  hcc_slice t;
  double v;
  if (hcc__py_number_text(s, n, buf, &t, &v)) {
    if (v > 1.7976931348623157e308) return 8;  /* Infinity */
    if (v < -1.7976931348623157e308) return 9; /* -Infinity */
  }
  return (int64_t)t.n;
}

/* Length of json.dumps(value) for the subtree at t: ", " and ": "
 * separators, a dict keeping one member per key (sort_keys only reorders,
 * so it changes no length). */
static int64_t dumps_len(hcc_pywalk *w, int t) {
  const hcc_doc *d = w->d;
  const hcc_tok *tok = &d->tok[t];
  const char *raw = d->text + tok->start;
  size_t n = (size_t)(tok->end - tok->start);
  switch (tok->type) {
  case HCC_T_STRING:
    return dumps_str_len(raw, n);
  case HCC_T_ARRAY: {
    int64_t k = 2;
    int j = t + 1;
    for (int m = 0; m < tok->size; m++, j = hcc__json_skip(w->d, j)) k += (m ? 2 : 0) + dumps_len(w, j);
    return k;
  }
  case HCC_T_OBJECT: {
    const int *plan = hcc__py_walk_members(w, t);
    int64_t k = 2;
    int key = t + 1, first = 1;
    for (int m = 0; m < tok->size; m++, key = hcc__json_skip(w->d, key + 1)) {
      if (plan[m] < 0) continue;
      k += (first ? 0 : 2) + dumps_len(w, key) + 2 + dumps_len(w, plan[m]);
      first = 0;
    }
    hcc__py_walk_pop(w, t);
    return k;
  }
  default:
    if (raw[0] == 't' || raw[0] == 'n') return 4;
    if (raw[0] == 'f') return 5;
    return dumps_number_len(raw, n);
  }
}

int hcc__est_serialized_len(hcc_est_ctx *ctx, int tok, int64_t *len, hcc_error *err) {
  const hcc_doc *d = &ctx->t->doc;
  *len = 0;
  if (tok < 0 || hcc__json_is_null(d, tok)) return HCC_OK;
  if (d->tok[tok].type == HCC_T_STRING) {
    *len = body_cps(d, tok);
    return HCC_OK;
  }
  hcc_pywalk w;
  size_t mark = ctx->scratch->used;
  int rc = hcc__py_walk_init(&w, d, tok, 0, ctx->scratch, err);
  if (rc == HCC_OK) *len = dumps_len(&w, tok);
  ctx->scratch->used = mark;
  return rc;
}

/* ---- _estimate_msg_budget_tokens ----------------------------------------------- */

/* hermes's _REPLAY_BUDGET_KEYS, in its order (words of words.h). */
static const unsigned char replay_keys[] = {HCC_W_REASONING, HCC_W_REASONING_CONTENT,
                                            HCC_W_REASONING_DETAILS, HCC_W_CODEX_REASONING_ITEMS,
                                            HCC_W_CODEX_MESSAGE_ITEMS};
#define NREPLAY (sizeof replay_keys / sizeof replay_keys[0])

int hcc__est_message(hcc_est_ctx *ctx, int i, int64_t *tokens, hcc_error *err) {
  const hcc_transcript *t = ctx->t;
  const hcc_doc *d = &t->doc;
  const hcc_msg *m = &t->msg[i];
  const hcc_estimator *e = ctx->e;
  int64_t total, len;
  int rc;
  /* content = msg.get("content") or "": falsy content is the empty string */
  if (!m->content_truthy) {
    total = hcc__est_text(e, "", 0) + HCC_MSG_OVERHEAD_TOKENS;
  } else if (m->content_type == HCC_T_STRING) {
    const hcc_tok *c = &d->tok[m->content];
    total = ctx->check_only ? 0 : hcc__est_body(e, d->text + c->start, (size_t)(c->end - c->start)) + HCC_MSG_OVERHEAD_TOKENS;
  } else {
    rc = hcc__est_content_len(ctx, m->content, &len, err);
    if (rc != HCC_OK) return rc;
    total = len / HCC_CHARS_PER_TOKEN + HCC_MSG_OVERHEAD_TOKENS;
  }
  /* for tc in msg.get("tool_calls") or []: only dict elements count, each
   * as str(tc).  A truthy dict or string iterates its keys or characters,
   * none of which is a dict; a non-zero number or true is not iterable. */
  if (m->calls_truthy) {
    const hcc_tok *tc = &d->tok[m->tool_calls];
    if (tc->type == HCC_T_PRIMITIVE)
      return hcc__fail(err, HCC_E_SHAPE, (size_t)tc->start,
                       "tool_calls is a non-zero number or true (hermes: TypeError, not iterable)");
    for (int k = 0; tc->type == HCC_T_ARRAY && k < m->ncalls; k++) {
      int call = t->call[m->first_call + k].tok;
      hcc_est_acc acc;
      if (d->tok[call].type != HCC_T_OBJECT || ctx->check_only) continue;
      rc = hcc__est_str_sums(ctx, call, &acc, err);
      if (rc != HCC_OK) return rc;
      total += e->tokens(&acc);
    }
  }
  if (ctx->check_only) { /* the replay fields cannot fail */
    *tokens = 0;
    return HCC_OK;
  }
  /* the replay fields, one pass over the members (the last duplicate wins) */
  int vals[NREPLAY];
  hcc__json_members_w(d, m->tok, replay_keys, (int)NREPLAY, vals);
  for (size_t r = 0; r < NREPLAY; r++) {
    rc = hcc__est_serialized_len(ctx, vals[r], &len, err);
    if (rc != HCC_OK) return rc;
    total += len / HCC_CHARS_PER_TOKEN;
  }
  *tokens = total;
  return HCC_OK;
}
