/* json_tokens.c -- validated tokenization over jsmn, and token look-ups. */
#include "hcc_jsmn.h"
#include "internal.h"

/* hcc_tok mirrors jsmntok_t so other modules need not include jsmn. */
_Static_assert(sizeof(hcc_tok) == sizeof(jsmntok_t), "token layout");
_Static_assert(offsetof(hcc_tok, start) == offsetof(jsmntok_t, start), "start");
_Static_assert(offsetof(hcc_tok, end) == offsetof(jsmntok_t, end), "end");
_Static_assert(offsetof(hcc_tok, size) == offsetof(jsmntok_t, size), "size");
_Static_assert(offsetof(hcc_tok, parent) == offsetof(jsmntok_t, parent), "parent");
_Static_assert((int)HCC_T_STRING == (int)JSMN_STRING, "types");
_Static_assert((int)HCC_T_PRIMITIVE == (int)JSMN_PRIMITIVE, "types");

int hcc__json_parse(hcc_doc *d, const char *text, size_t len, hcc_arena *a,
                    hcc_error *err) {
  hcc_json_info info;
  int rc = hcc_json_validate(text, len, &info, err);
  if (rc != HCC_OK) return rc;
  d->text = text;
  d->len = len;
  d->info = info;
  d->ntok = (int)info.tokens;
  d->tok = hcc__arena_take(a, info.tokens * sizeof(hcc_tok));
  if (!d->tok)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the JSON tokens");
  jsmn_parser p;
  jsmn_init(&p);
  int n = jsmn_parse(&p, text, len, (jsmntok_t *)d->tok, (unsigned)info.tokens);
  /* Strict jsmn wants a delimiter after every primitive, so a document that
   * is a bare number or literal ("1", "null") ending the input comes back
   * as JSMN_ERROR_PART.  The validator accepted it: it is the one token. */
  if (n == JSMN_ERROR_PART && info.tokens == 1) {
    size_t s = 0;
    while (text[s] == ' ' || text[s] == '\t' || text[s] == '\n' || text[s] == '\r') s++;
    d->tok[0].type = HCC_T_PRIMITIVE;
    d->tok[0].start = (int)s;
    d->tok[0].end = (int)len;
    d->tok[0].size = 0;
    d->tok[0].parent = -1;
    n = 1;
  }
  /* The validator accepted the text and counted its tokens, so jsmn must
   * agree exactly; anything else is a bug in one of the two. */
  if (n != (int)info.tokens)
    return hcc__fail(err, HCC_E_SYNTAX, 0, "internal: tokenizer disagrees with validator");
  return HCC_OK;
}

int hcc__json_skip(const hcc_doc *d, int i) {
  int end = d->tok[i].end;
  int j = i + 1;
  while (j < d->ntok && d->tok[j].start < end) j++;
  return j;
}

const char *hcc__json_raw(const hcc_doc *d, int i, size_t *n) {
  const hcc_tok *t = &d->tok[i];
  if (t->type == HCC_T_STRING) {
    *n = (size_t)(t->end - t->start) + 2;
    return d->text + t->start - 1;
  }
  *n = (size_t)(t->end - t->start);
  return d->text + t->start;
}

int hcc__json_str_eq(const hcc_doc *d, int i, const char *s, size_t n) {
  const hcc_tok *t = &d->tok[i];
  if (t->type != HCC_T_STRING) return 0;
  const char *raw = d->text + t->start;
  size_t rn = (size_t)(t->end - t->start);
  if (!memchr(raw, '\\', rn)) return rn == n && memcmp(raw, s, n) == 0;
  /* Escaped key: decode piecewise without a buffer. */
  char tmp[8];
  size_t pos = 0, r = 0;
  while (r < rn) {
    size_t step = 1;
    size_t k;
    if (raw[r] == '\\') {
      step = raw[r + 1] == 'u' ? 6 : 2;
      /* a surrogate pair is decoded together */
      if (raw[r + 1] == 'u' && r + 12 <= rn && raw[r + 6] == '\\' && raw[r + 7] == 'u') {
        k = hcc__json_decode(raw + r, 12, tmp);
        if (k == 4) step = 12;
      }
    }
    k = hcc__json_decode(raw + r, step, tmp);
    if (pos + k > n || memcmp(s + pos, tmp, k) != 0) return 0;
    pos += k;
    r += step;
  }
  return pos == n;
}

int hcc__json_get(const hcc_doc *d, int obj, const char *key) {
  if (d->tok[obj].type != HCC_T_OBJECT) return -1;
  size_t kn = strlen(key);
  int found = -1;
  int j = obj + 1;
  for (int m = 0; m < d->tok[obj].size; m++) {
    if (hcc__json_str_eq(d, j, key, kn)) found = j + 1;
    j = hcc__json_skip(d, j + 1);
  }
  return found;
}

int hcc__json_is_null(const hcc_doc *d, int i) {
  return d->tok[i].type == HCC_T_PRIMITIVE && d->text[d->tok[i].start] == 'n';
}
