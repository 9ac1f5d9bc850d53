/* summary_text.c -- what a message's text says about it: a compaction
 * summary (classify_summary_content), a synthetic continuation turn, a
 * blank user turn, and the summary body under its prefix
 * (_strip_summary_prefix).  Shared by align (ALIGN-5), compress
 * (COMPRESS-5, COMPRESS-9) and the stub summarizer. */
#include "summary_text.h"

#include "prefixes.h"
#include "pyspace.h"

static int is_str(const hcc_doc *d, int tok) { return tok >= 0 && d->tok[tok].type == HCC_T_STRING; }

static hcc_slice after(hcc_slice t, size_t at, int lit) {
  size_t skip = at + hcc__lits[lit].n;
  t.s += skip;
  t.n -= skip;
  return t;
}

/* PREFIX-3's steps over a text read one of two ways: decoded WTF-8, or
 * a raw JSON string body whose escapes are all two-byte ones (see
 * hcc__summary_body_raw).  The reader strips Python whitespace its way and
 * says how many bytes a handoff prefix at the start takes (0: none); the
 * markers are found by the same search in both. */
typedef struct body_reader {
  hcc_slice (*lstrip)(hcc_slice t);
  hcc_slice (*rstrip)(hcc_slice t);
  size_t (*prefix)(hcc_slice t);
} body_reader;

static hcc_slice body_by(hcc_slice t, const body_reader *r) {
  t = r->rstrip(r->lstrip(t));
  size_t at = hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, t.s, t.n);
  if (at != HCC_NPOS) t = r->rstrip(r->lstrip(after(t, at, HCC_LIT_MERGED_SUMMARY_DELIMITER)));
  size_t skip = r->prefix(t);
  if (skip) {
    t.s += skip;
    t.n -= skip;
    t = r->lstrip(t);
  }
  at = hcc__lit_find(HCC_LIT_SUMMARY_END_MARKER, t.s, t.n);
  if (at != HCC_NPOS) {
    t.n = at;
    t = r->rstrip(t);
  }
  return t;
}

static size_t decoded_prefix(hcc_slice t) {
  int id = hcc__summary_prefix_at(t.s, t.n);
  return id >= 0 ? hcc__lits[id].n : 0;
}

static const body_reader decoded_body = {hcc__py_lstrip, hcc__py_rstrip, decoded_prefix};

hcc_slice hcc__summary_body(hcc_slice t) { return body_by(t, &decoded_body); }

/* ---- the same body on the raw JSON string body ---------------------------- */

/* The code point at the end of the raw body s[0..n) (n > 0, only two-byte
 * escapes) and its raw width: the last byte is an escaped character when an
 * odd run of backslashes stands before it, else it ends a UTF-8 sequence. */
static uint32_t raw_last(const char *s, size_t n, size_t *w) {
  size_t k = 0, j;
  while (k + 1 < n && s[n - 2 - k] == '\\') k++;
  if (k & 1) j = n - 2;
  else for (j = n - 1; j > 0 && ((unsigned char)s[j] & 0xC0) == 0x80;) j--;
  size_t p = j;
  uint32_t cp = hcc__json_body_next(s, n, &p);
  *w = n - j;
  return cp;
}

static hcc_slice raw_lstrip(hcc_slice r) { return hcc__py_lstrip_by(r, hcc__json_body_next); }

static hcc_slice raw_rstrip(hcc_slice r) {
  size_t w;
  while (r.n && hcc__py_isspace(raw_last(r.s, r.n, &w))) r.n -= w;
  return r;
}

/* 1 when the literal is found in the raw body exactly where it is in the
 * decoded text: none of its bytes is one an escape spells or one that
 * needs an escape, and its first byte is none that can follow a backslash
 * (so a raw match neither spans an escape nor starts inside one). */
static int raw_searchable(int id) {
  const hcc_lit *l = &hcc__lits[id];
  for (size_t k = 0; k < l->n; k++) {
    unsigned char c = (unsigned char)l->s[k];
    if (c < 0x20 || c == '"' || c == '\\' || c == '/') return 0;
  }
  return l->n && !strchr("\"\\/bfnrtu", l->s[0]);
}

/* The prefixes are matched on the decoded head; the one found is then
 * skipped in raw bytes (an escape decodes to one byte here). */
static size_t raw_prefix(hcc_slice r) {
  char head[HCC_PREFIX_HEAD];
  size_t pos = 0, hn = hcc__json_decode_some(r.s, r.n, &pos, head, sizeof head);
  int id = hcc__summary_prefix_at(head, hn);
  if (id < 0) return 0;
  pos = 0;
  hcc__json_decode_some(r.s, r.n, &pos, head, hcc__lits[id].n);
  return pos;
}

static const body_reader raw_body = {raw_lstrip, raw_rstrip, raw_prefix};

int hcc__summary_body_raw_answers(size_t odd_escapes) {
  /* a \u escape could spell a marker's character, \/ is not json.dumps's */
  return !odd_escapes && raw_searchable(HCC_LIT_MERGED_SUMMARY_DELIMITER) &&
         raw_searchable(HCC_LIT_SUMMARY_END_MARKER);
}

int hcc__summary_body_raw(const char *raw, size_t n, size_t odd_escapes, hcc_slice *body) {
  if (!hcc__summary_body_raw_answers(odd_escapes)) return 0;
  *body = body_by((hcc_slice){raw, n}, &raw_body);
  return 1;
}

int hcc__summary_kind(hcc_slice t) {
  t = hcc__py_lstrip(t);
  size_t at = hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, t.s, t.n);
  if (at != HCC_NPOS) {
    t = hcc__py_lstrip(after(t, at, HCC_LIT_MERGED_SUMMARY_DELIMITER));
    return hcc__summary_prefix_at(t.s, t.n) >= 0 ? HCC_SUMMARY_MERGED : HCC_SUMMARY_NONE;
  }
  return hcc__summary_prefix_at(t.s, t.n) >= 0 ? HCC_SUMMARY_STANDALONE : HCC_SUMMARY_NONE;
}

/* Whether the text from raw body r on starts with a handoff prefix: 1
 * yes, 0 no, -1 when the text after r decides: r decoded is a proper
 * beginning of some prefix that goes on with "\n", the byte that joins r's
 * part to the next.  (No prefix holds a "\n" today: 0 then.) */
static int raw_prefix_starts(hcc_slice r) {
  char head[HCC_PREFIX_HEAD];
  size_t pos = 0, hn = hcc__json_decode_some(r.s, r.n, &pos, head, sizeof head);
  if (hcc__summary_prefix_at(head, hn) >= 0) return 1;
  if (pos < r.n) return 0; /* a full head: longer than every prefix */
  for (int id = 0; id < HCC_LIT__COUNT; id++)
    if (hcc__lit_is_prefix(id) && hcc__lits[id].n > hn && hcc__lits[id].s[hn] == '\n' &&
        memcmp(hcc__lits[id].s, head, hn) == 0)
      return -1;
  return 0;
}

/* The reader over the parts: the next part with something left after
 * Python whitespace, r stripped; 0 at the end of the text (the "\n" that
 * joins two parts is whitespace too). */
static int next_text(hcc_raw_next_fn next, void *ctx, hcc_slice *r) {
  *r = raw_lstrip(*r);
  while (!r->n)
    if (!next(ctx, r)) return 0;
    else *r = raw_lstrip(*r);
  return 1;
}

int hcc__summary_kind_raw_answers(size_t odd_escapes) {
  if (odd_escapes || !raw_searchable(HCC_LIT_MERGED_SUMMARY_DELIMITER)) return 0;
  for (int id = 0; id < HCC_LIT__COUNT; id++)
    if (hcc__lit_is_prefix(id) && memchr(hcc__lits[id].s, '\n', hcc__lits[id].n))
      return 0; /* raw_prefix_starts could say -1 */
  return 1;
}

int hcc__summary_kind_raw(hcc_raw_next_fn next, void *ctx, size_t odd_escapes, int *kind) {
  if (odd_escapes || !raw_searchable(HCC_LIT_MERGED_SUMMARY_DELIMITER)) return 0;
  hcc_slice r = {"", 0}, start;
  *kind = HCC_SUMMARY_NONE;
  if (!next_text(next, ctx, &r)) return 1; /* a blank text */
  start = r;
  int more = 0; /* a part follows start's */
  /* the delimiter holds no "\n", so no match spans two parts */
  for (;;) {
    size_t at = hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, r.s, r.n);
    if (at != HCC_NPOS) {
      r = after(r, at, HCC_LIT_MERGED_SUMMARY_DELIMITER);
      if (!next_text(next, ctx, &r)) return 1;
      int p = raw_prefix_starts(r);
      if (p < 0 && next(ctx, &r)) return 0; /* the next part decides: decode */
      *kind = p > 0 ? HCC_SUMMARY_MERGED : HCC_SUMMARY_NONE;
      return 1;
    }
    if (!next(ctx, &r)) break;
    more = 1;
  }
  int p = raw_prefix_starts(start);
  if (p < 0 && more) return 0;
  *kind = p > 0 ? HCC_SUMMARY_STANDALONE : HCC_SUMMARY_NONE;
  return 1;
}

int hcc__is_summary_text(hcc_slice t) { return hcc__summary_kind(t) != HCC_SUMMARY_NONE; }

/* The continuation markers of compress() and tools/todo_tool.py's header,
 * quoted as data. */
static const char cont_now[] =
    "Continue from the compressed conversation context above. "
    "This marker exists because no human user turn was available.";
static const char cont_legacy[] =
    "Continue from the compressed conversation context above. "
    "This marker exists because the compacted transcript contained "
    "no preserved user turn.";
static const char todo_header_nl[] =
    "[Your active task list was preserved across context compression]\n";

int hcc__is_synthetic_text(hcc_slice t) {
  t = hcc__py_strip(t);
  if (t.n == sizeof cont_now - 1 && memcmp(t.s, cont_now, t.n) == 0) return 1;
  if (t.n == sizeof cont_legacy - 1 && memcmp(t.s, cont_legacy, t.n) == 0) return 1;
  return t.n >= sizeof todo_header_nl - 1 && memcmp(t.s, todo_header_nl, sizeof todo_header_nl - 1) == 0;
}

/* Whether code point cp occurs in literal l; the ASCII ones are looked up
 * in a bitmap of the literal made at the first question (a terminal
 * output asks once for every ANSI \u001b in it). */
typedef struct lit_cps {
  const hcc_lit *l;
  int ready;
  uint64_t ascii[2];
} lit_cps;

static int lit_has(lit_cps *c, uint32_t cp) {
  if (!c->ready) {
    c->ascii[0] = c->ascii[1] = 0;
    for (size_t k = 0; k < c->l->n; k++) {
      unsigned char b = (unsigned char)c->l->s[k];
      if (b < 0x80) c->ascii[b >> 6] |= (uint64_t)1 << (b & 63);
    }
    c->ready = 1;
  }
  if (cp < 0x80) return (int)(c->ascii[cp >> 6] >> (cp & 63) & 1);
  for (size_t pos = 0; pos < c->l->n;)
    if (hcc__utf8_next(c->l->s, c->l->n, &pos) == cp) return 1;
  return 0;
}

int hcc__raw_body_plain(const char *raw, size_t n) {
  /* The first non-blank code point: every summary prefix, the todo header
   * and the continuation markers start with their own first byte; a text
   * starting with none of them is no standalone summary and no synthetic
   * turn. */
  int first = -1;
  for (size_t pos = 0; pos < n;) {
    uint32_t c = hcc__json_body_next(raw, n, &pos);
    if (!hcc__py_isspace(c)) {
      first = (int)c;
      break;
    }
  }
  if (first == cont_now[0] || first == cont_legacy[0] || first == todo_header_nl[0]) return 0;
  for (int id = 0; id < HCC_LIT__COUNT; id++)
    if (hcc__lit_is_prefix(id) && first == (unsigned char)hcc__lits[id].s[0]) return 0;
  /* The merged delimiter anywhere: found in the raw body exactly when it
   * is in the text (it holds no character a two-byte escape stands for,
   * and no escape can sit inside a match), unless a \u escape spells one
   * of its characters (then: "not sure").  Both searches go in one pass,
   * for "\u" and the delimiter's first two bytes (it holds no backslash,
   * so a hit is one or the other; test_prefix checks the literal); at the
   * first delimiter start the delimiter search (hcc__lit_find, linear)
   * settles the rest of the body, and "\u" alone is looked for after it. */
  const hcc_lit *delim = &hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER];
  lit_cps cps = {delim, 0, {0, 0}};
  int delim_open = 1;
  for (size_t at = 0; at < n;) {
    size_t e = at + (delim_open ? hcc__find_pairs(raw + at, n - at, '\\', 'u', delim->s[0], delim->s[1])
                                : hcc__find_pair(raw + at, n - at, '\\', 'u'));
    if (e + 1 >= n) break;
    if (raw[e] == '\\') { /* a \u, or what looks like one (conservative either way) */
      if (n - e < 6) break; /* a pair in the last five bytes is no \uXXXX */
      size_t p = e;
      if (lit_has(&cps, hcc__json_body_next_slow(raw, n, &p))) return 0;
      at = e + 2;
    } else {
      if (hcc__lit_find(HCC_LIT_MERGED_SUMMARY_DELIMITER, raw + e, n - e) != HCC_NPOS) return 0;
      delim_open = 0;
      at = e;
    }
  }
  return 1;
}

static int str_blank(const hcc_doc *d, int tok) {
  const hcc_tok *t = &d->tok[tok];
  return hcc__py_str_blank(d->text + t->start, (size_t)(t->end - t->start));
}

int hcc__blank_user_content(const hcc_doc *d, int c) {
  if (c < 0 || hcc__json_is_null(d, c)) return 1;
  if (d->tok[c].type == HCC_T_STRING) return str_blank(d, c);
  if (d->tok[c].type != HCC_T_ARRAY) return 0;
  int p = c + 1;
  for (int k = 0; k < d->tok[c].size; k++, p = hcc__json_skip(d, p)) {
    if (d->tok[p].type == HCC_T_STRING) {
      if (!str_blank(d, p)) return 0;
      continue;
    }
    if (d->tok[p].type == HCC_T_OBJECT) {
      int type = hcc__json_get(d, p, "type");
      if (type >= 0 && (hcc__json_str_eq(d, type, "text", 4) || hcc__json_str_eq(d, type, "input_text", 10))) {
        int text = hcc__json_get(d, p, "text");
        if (is_str(d, text) && str_blank(d, text)) continue;
      }
    }
    return 0; /* images, audio and unknown blocks are user input */
  }
  return 1;
}

void hcc__put_with_prefix(hcc_out *o, hcc_slice body, hcc_slice written) {
  const hcc_lit *pre = &hcc__lits[HCC_LIT_SUMMARY_PREFIX];
  hcc__out_json_body(o, pre->s, pre->n);
  if (body.n) { /* f"{SUMMARY_PREFIX}\n{text}" if text else SUMMARY_PREFIX */
    hcc__out_json_body(o, "\n", 1);
    if (written.s) hcc__out_put(o, written.s, written.n);
    else hcc__out_json_body(o, body.s, body.n);
  }
}
