/* compress_strip.c -- text views of content values, the message tests
 * compress needs beyond align's tables, and the handoff strip of spec
 * COMPRESS-9 (hermes's _strip_context_summary_handoff_message).
 *
 * The strip is planned first (what stays, as token indices and decoded
 * slices of the message's own strings) and written afterwards, so that
 * compress can ask "is this message dropped?" without writing anything. */
#include "compress.h"

#include "msg_write.h"
#include "prefixes.h"
#include "py.h"
#include "pyspace.h"

int hcc__view_get(hcc_view v, const char *key) { return hcc__json_get(v.d, v.tok, key); }

/* ---- text ------------------------------------------------------------------------ */

static void put_decoded(const hcc_doc *d, int tok, hcc_out *o) {
  const hcc_tok *t = &d->tok[tok];
  const char *raw = d->text + t->start;
  size_t n = (size_t)(t->end - t->start), pos = 0;
  while (pos < n) hcc__utf8_put(o, hcc__json_body_next(raw, n, &pos));
}

static int is_str(const hcc_doc *d, int tok) { return tok >= 0 && d->tok[tok].type == HCC_T_STRING; }

int hcc__text_view(const hcc_doc *d, int c, hcc_arena *scratch, hcc_out *o, hcc_error *err) {
  if (c < 0 || hcc__json_is_null(d, c)) return HCC_OK;
  if (d->tok[c].type == HCC_T_STRING) {
    put_decoded(d, c, o);
    return HCC_OK;
  }
  if (d->tok[c].type != HCC_T_ARRAY) return hcc__py_str(d, c, scratch, o, err);
  int item = c + 1, first = 1;
  for (int k = 0; k < d->tok[c].size; k++, item = hcc__json_skip(d, item)) {
    int v = item;
    if (d->tok[item].type == HCC_T_OBJECT) v = hcc__json_get(d, item, "text");
    else if (d->tok[item].type != HCC_T_STRING) continue;
    /* empty parts are dropped before the join */
    if (!is_str(d, v) || d->tok[v].end == d->tok[v].start) continue;
    if (!first) hcc__out_ch(o, '\n');
    first = 0;
    put_decoded(d, v, o);
  }
  return HCC_OK;
}

static hcc_slice after(hcc_slice t, size_t at, int lit) {
  size_t skip = at + hcc__lits[lit].n;
  t.s += skip;
  t.n -= skip;
  return t;
}


/* ---- the strip ------------------------------------------------------------------ */

/* Decodes string token tok into buf; the decoded text is never longer
 * than the raw body. */
static hcc_slice decode(const hcc_doc *d, int tok, char *buf) {
  const hcc_tok *t = &d->tok[tok];
  hcc_slice s = {buf, hcc__json_decode_wide(d->text + t->start, (size_t)(t->end - t->start), buf)};
  return s;
}

/* The string an element carries: itself, or an object's string "text";
 * -1 for any other element. */
static int item_text(const hcc_doc *d, int item) {
  if (d->tok[item].type == HCC_T_STRING) return item;
  if (d->tok[item].type != HCC_T_OBJECT) return -1;
  int v = hcc__json_get(d, item, "text");
  return is_str(d, v) ? v : -1;
}

static void keep(hcc_strip *s, int tok, int cut, size_t a, size_t b) {
  hcc_strip_item *it = &s->item[s->nitem++];
  it->tok = tok;
  it->cut = cut;
  it->a = a;
  it->b = b;
}

/* The merged-handoff branch of a list: prior blocks up to the element
 * holding the delimiter; 1 when a delimiter was found. */
static int plan_prior(const hcc_doc *d, int c, char *buf, hcc_strip *s) {
  int item = c + 1;
  for (int k = 0; k < d->tok[c].size; k++, item = hcc__json_skip(d, item)) {
    int tx = item_text(d, item);
    if (tx >= 0) {
      hcc_slice t = decode(d, tx, buf);
      size_t at = hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, t.s, t.n);
      if (at != HCC_NPOS) {
        hcc_slice before = {t.s, at};
        if (hcc__py_strip(before).n) keep(s, item, 1, 0, at);
        return 1;
      }
    }
    keep(s, item, 0, 0, 0);
  }
  return 0;
}

/* The header comes off the first prior block whose text, left-stripped,
 * starts with it; a block left empty goes. */
static void drop_header(const hcc_doc *d, char *buf, hcc_strip *s) {
  const hcc_lit *hd = &hcc__lits[HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER];
  for (size_t k = 0; k < s->nitem; k++) {
    hcc_strip_item *it = &s->item[k];
    int tx = item_text(d, it->tok);
    if (tx < 0) continue;
    hcc_slice t = decode(d, tx, buf);
    if (it->cut) t.s += it->a, t.n = it->b - it->a;
    hcc_slice l = hcc__py_lstrip(t);
    if (l.n < hd->n || memcmp(l.s, hd->s, hd->n) != 0) continue;
    hcc_slice lead = hcc__py_lstrip((hcc_slice){l.s + hd->n, l.n - hd->n});
    if (lead.n) {
      it->cut = 1;
      it->a = (size_t)(lead.s - buf);
      it->b = it->a + lead.n;
    } else {
      memmove(it, it + 1, (s->nitem - k - 1) * sizeof *it);
      s->nitem--;
    }
    return;
  }
}

/* The legacy branch of a list (no delimiter): the text after the end
 * marker of the first element holding it, then every later element. */
static void plan_legacy(const hcc_doc *d, int c, char *buf, hcc_strip *s) {
  int item = c + 1, found = 0;
  s->nitem = 0;
  for (int k = 0; k < d->tok[c].size; k++, item = hcc__json_skip(d, item)) {
    if (found) {
      keep(s, item, 0, 0, 0);
      continue;
    }
    int tx = item_text(d, item);
    if (tx < 0) continue;
    hcc_slice t = decode(d, tx, buf);
    size_t at = hcc__lit_find(HCC_LIT_SUMMARY_END_MARKER, t.s, t.n);
    if (at == HCC_NPOS) continue;
    hcc_slice r = hcc__py_lstrip(after(t, at, HCC_LIT_SUMMARY_END_MARKER));
    if (r.n) keep(s, item, 1, (size_t)(r.s - buf), (size_t)(r.s - buf) + r.n);
    found = 1;
  }
}

int hcc__strip_plan(hcc_view v, char *buf, hcc_arena *a, hcc_strip *s, hcc_error *err) {
  const hcc_doc *d = v.d;
  int c = hcc__view_get(v, "content");
  memset(s, 0, sizeof *s);
  s->kind = HCC_STRIP_DROP;
  if (c < 0) return HCC_OK;
  if (d->tok[c].type == HCC_T_STRING) {
    hcc_slice t = decode(d, c, buf);
    size_t at = hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, t.s, t.n);
    hcc_slice keep_ = {t.s, 0};
    if (at != HCC_NPOS) {
      const hcc_lit *hd = &hcc__lits[HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER];
      hcc_slice p = hcc__py_strip((hcc_slice){t.s, at});
      if (p.n >= hd->n && memcmp(p.s, hd->s, hd->n) == 0) p = hcc__py_lstrip((hcc_slice){p.s + hd->n, p.n - hd->n});
      keep_ = p;
    } else {
      at = hcc__lit_find(HCC_LIT_SUMMARY_END_MARKER, t.s, t.n);
      if (at != HCC_NPOS) keep_ = hcc__py_lstrip(after(t, at, HCC_LIT_SUMMARY_END_MARKER));
    }
    if (keep_.n) {
      s->kind = HCC_STRIP_STRING;
      s->a = (size_t)(keep_.s - buf);
      s->b = s->a + keep_.n;
    }
    return HCC_OK;
  }
  if (d->tok[c].type != HCC_T_ARRAY) return HCC_OK;
  size_t cnt = d->tok[c].size > 0 ? (size_t)d->tok[c].size : 1;
  s->item = hcc__arena_take(a, cnt * sizeof *s->item);
  if (!s->item) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for a handoff strip");
  if (plan_prior(d, c, buf, s)) drop_header(d, buf, s);
  else plan_legacy(d, c, buf, s);
  if (s->nitem) s->kind = HCC_STRIP_LIST;
  return HCC_OK;
}

typedef struct textjob {
  hcc_slice text;
} textjob;

static int put_text(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                    hcc_error *err) {
  const textjob *j = ctx;
  (void)d, (void)old, (void)scratch, (void)err;
  hcc__out_json_str(o, j->text.s, j->text.n);
  return HCC_OK;
}

int hcc__strip_write_content(hcc_view v, const hcc_strip *s, char *buf, hcc_arena *scratch,
                             hcc_out *o, hcc_error *err) {
  const hcc_doc *d = v.d;
  int c = hcc__view_get(v, "content");
  if (s->kind == HCC_STRIP_STRING) {
    hcc_slice t = decode(d, c, buf);
    hcc__out_json_str(o, t.s + s->a, s->b - s->a);
    return HCC_OK;
  }
  hcc__out_ch(o, '[');
  for (size_t k = 0; k < s->nitem; k++) {
    const hcc_strip_item *it = &s->item[k];
    size_t n;
    if (k) hcc__out_str(o, HCC_ITEM_SEP);
    if (!it->cut) {
      const char *raw = hcc__json_raw(d, it->tok, &n);
      hcc__out_put(o, raw, n);
      continue;
    }
    hcc_slice t = decode(d, item_text(d, it->tok), buf);
    textjob j = {{t.s + it->a, it->b - it->a}};
    if (d->tok[it->tok].type == HCC_T_STRING) {
      hcc__out_json_str(o, j.text.s, j.text.n);
      continue;
    }
    hcc_edit e = {"text", 4, HCC_EDIT_SET, put_text, &j, NULL, 0};
    int rc = hcc__obj_write(d, it->tok, &e, 1, scratch, o, err);
    if (rc != HCC_OK) return rc;
  }
  hcc__out_ch(o, ']');
  return HCC_OK;
}
