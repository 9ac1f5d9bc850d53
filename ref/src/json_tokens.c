/* json_tokens.c -- the parsed document and token look-ups. */
#include "internal.h"

int hcc__json_parse(hcc_doc *d, const char *text, size_t len, hcc_arena *a,
                    hcc_error *err) {
  return hcc__json_parse_as(d, text, len, HCC_PARSE_PLAIN, a, err);
}

int hcc__json_parse_as(hcc_doc *d, const char *text, size_t len, int mode,
                       hcc_arena *a, hcc_error *err) {
  size_t room;
  hcc_tok *tok = hcc__arena_rest(a, &room);
  hcc_json_info info;
  int rc = hcc__json_scan(text, len, tok, room / sizeof(hcc_tok), mode, &info, err);
  if (rc != HCC_OK && rc != HCC_E_WORKSPACE) return rc;
  /* Take what the tokens used (or, when they did not fit, fail here and
   * let the arena count what they need). */
  d->text = text;
  d->len = len;
  d->info = info;
  d->ntok = (int)info.tokens;
  d->tok = hcc__arena_take(a, info.tokens * sizeof(hcc_tok));
  if (!d->tok || rc != HCC_OK)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the JSON tokens");
  return HCC_OK;
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
  /* Decoding never lengthens a body, and shortens it exactly when it has
   * an escape: a body as long as s is equal only when it is s byte for
   * byte and has no escape, a shorter one never; only a longer one with
   * an escape needs decoding. */
  if (rn <= n) return rn == n && memcmp(raw, s, n) == 0 && !memchr(raw, '\\', rn);
  if (!memchr(raw, '\\', rn)) return 0;
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
  int v;
  hcc__json_members(d, obj, &key, 1, &v);
  return v;
}

/* a[0..n) == b[0..n) for the few bytes of a key: two overlapping loads
 * of 8 (or 4) bytes from each end, within both, instead of a library
 * call that costs more than the compare (a transcript compares a key per
 * member). */
static inline int same_key(const char *a, const char *b, size_t n) {
  uint64_t x, y, u, w;
  if (n >= 8 && n <= 16) {
    memcpy(&x, a, 8), memcpy(&y, b, 8), memcpy(&u, a + n - 8, 8), memcpy(&w, b + n - 8, 8);
    return ((x ^ y) | (u ^ w)) == 0;
  }
  if (n >= 4 && n < 8) {
    uint32_t x4, y4, u4, w4;
    memcpy(&x4, a, 4), memcpy(&y4, b, 4), memcpy(&u4, a + n - 4, 4), memcpy(&w4, b + n - 4, 4);
    return ((x4 ^ y4) | (u4 ^ w4)) == 0;
  }
  return memcmp(a, b, n) == 0;
}

/* The look-up itself: keys[k] (len[k] bytes, no backslash) has the word
 * id[k], HCC_W_OTHER when it is off the list; len may be NULL when every
 * key is on the list (then a length is taken only for an escaped key). */
static void members(const hcc_doc *d, int obj, const char *const *keys, const size_t *len,
                    const unsigned char *id, int nkeys, int *vals) {
  for (int k = 0; k < nkeys; k++) vals[k] = -1;
  if (obj < 0 || d->tok[obj].type != HCC_T_OBJECT) return;
  int j = obj + 1;
  for (int m = 0; m < d->tok[obj].size; m++) {
    /* The scan tagged each key with its word (words.h): wanted keys on
     * the list are found without reading the text; only an escaped key is
     * compared decoded, and one off the list byte for byte. */
    int tag = d->tok[j].tag;
    for (int k = 0; k < nkeys; k++) {
      if (tag == HCC_W_ESCAPED) {
        if (hcc__json_str_eq(d, j, keys[k], len ? len[k] : strlen(keys[k]))) vals[k] = j + 1;
      } else if (id[k] != HCC_W_OTHER) {
        if (tag == id[k]) vals[k] = j + 1;
      } else if (tag == HCC_W_OTHER && (size_t)(d->tok[j].end - d->tok[j].start) == len[k] &&
                 same_key(d->text + d->tok[j].start, keys[k], len[k])) {
        vals[k] = j + 1;
      }
    }
    j = hcc__json_skip(d, j + 1);
  }
}

void hcc__json_members(const hcc_doc *d, int obj, const char *const *keys, int nkeys, int *vals) {
  size_t len[8];
  unsigned char id[8];
  for (int k = 0; k < nkeys; k++) {
    size_t n = 0;
    while (keys[k][n]) n++; /* a few bytes: no library call */
    len[k] = n;
    id[k] = (unsigned char)hcc__word_id(keys[k], n);
  }
  members(d, obj, keys, len, id, nkeys, vals);
}

int hcc__json_word_value(const hcc_doc *d, int v, const unsigned char *words, int n) {
  int w = d->tok[v].tag;
  for (int k = 0; k < n; k++) {
    const char *s = hcc__word_names[words[k]];
    if (w == HCC_W_ESCAPED ? hcc__json_str_eq(d, v, s, strlen(s)) : w == words[k]) return k;
  }
  return -1;
}

void hcc__json_members_w(const hcc_doc *d, int obj, const unsigned char *words, int nkeys, int *vals) {
  const char *keys[8];
  for (int k = 0; k < nkeys; k++) keys[k] = hcc__word_names[words[k]];
  members(d, obj, keys, NULL, words, nkeys, vals);
}

int hcc__json_is_null(const hcc_doc *d, int i) {
  return d->tok[i].type == HCC_T_PRIMITIVE && d->tok[i].tag == 'n';
}

/* ---- decoded strings and Python's dict over an object's keys ------------- */

/* The hash of a string's decoded value, taken over its (WTF-8) bytes in
 * 64-bit little-endian words: equal values give equal byte streams and so
 * equal hashes, and a body without escapes (almost every id and key) is
 * its own byte stream, hashed a word at a time straight from the text
 * (one multiply per 8 bytes, not per code point). */
typedef struct whash {
  uint64_t h, acc; /* acc: the bytes of the word being filled */
  unsigned k;      /* ... how many */
  size_t len;
} whash;

static inline void wh_word(whash *w, uint64_t x) {
  w->h = (w->h ^ x) * 0x9E3779B97F4A7C15u;
  w->h ^= w->h >> 29;
}

static inline uint64_t load_le64(const char *p) {
  uint64_t x;
  memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  return x;
}

static void wh_bytes(whash *w, const char *p, size_t n) {
  size_t i = 0;
  w->len += n;
  for (; i < n && w->k; i++) { /* finish a word begun by an escape */
    w->acc |= (uint64_t)(unsigned char)p[i] << (8 * w->k);
    if (++w->k == 8) wh_word(w, w->acc), w->acc = 0, w->k = 0;
  }
  for (; i + 8 <= n; i += 8) wh_word(w, load_le64(p + i));
  if (i < n && i >= 8 && !w->k) { /* the last bytes, from the word that ends at n */
    w->acc = load_le64(p + n - 8) >> (8 * (8 - (n - i)));
    w->k = (unsigned)(n - i);
    return;
  }
  for (; i < n; i++) {
    w->acc |= (uint64_t)(unsigned char)p[i] << (8 * w->k);
    w->k++; /* at most 7 here */
  }
}

/* The HASHED token an id token's hash is kept in (itself or the one it
 * links to), or -1 for any other token (json_validate.c, id_token). */
static inline int id_root(const hcc_doc *d, int t) {
  const hcc_tok *k = &d->tok[t];
  if (k->type != HCC_T_STRING) return -1;
  return k->tag == HCC_W_HASHED ? t : k->tag == HCC_W_LINKED ? k->size : -1;
}

uint32_t hcc__jstr_hash(const hcc_doc *d, int t) {
  int r = id_root(d, t);
  if (r >= 0) return (uint32_t)d->tok[r].size;
  return hcc__jstr_hash_raw(d->text + d->tok[t].start, (size_t)(d->tok[t].end - d->tok[t].start));
}

uint32_t hcc__jstr_hash_raw(const char *s, size_t n) {
  size_t pos = 0;
  whash w = {0x243F6A8885A308D3u, 0, 0, 0};
  while (pos < n) {
    size_t at = pos;
    uint32_t cp = 0;
    size_t k = hcc__json_body_piece(s, n, &pos, &cp);
    if (k) {
      wh_bytes(&w, s + at, k);
    } else {
      char tmp[4];
      wh_bytes(&w, tmp, hcc__utf8_encode(cp, tmp));
    }
  }
  if (w.k) wh_word(&w, w.acc);
  uint64_t h = w.h ^ w.len; /* "a" and "a\u0000" fill the same last word */
  h ^= h >> 33; /* mixed so the low bits index a table well */
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  return (uint32_t)h;
}

int hcc__jstr_eq(const hcc_doc *d, int a, int b) {
  const char *sa = d->text + d->tok[a].start, *sb = d->text + d->tok[b].start;
  size_t na = (size_t)(d->tok[a].end - d->tok[a].start);
  size_t nb = (size_t)(d->tok[b].end - d->tok[b].start), pa = 0, pb = 0;
  int ra = id_root(d, a), rb = id_root(d, b);
  if (ra >= 0 && rb >= 0) { /* two ids: linked, or apart by their hashes */
    if (ra == rb) return 1;
    if (d->tok[ra].size != d->tok[rb].size) return 0;
  }
  if (na == nb && memcmp(sa, sb, na) == 0) return 1;
  while (pa < na && pb < nb)
    if (hcc__json_body_next(sa, na, &pa) != hcc__json_body_next(sb, nb, &pb)) return 0;
  return pa == na && pb == nb;
}

size_t hcc__keyplan_slots(size_t members) {
  if (members < 2) return 0; /* zero or one member: nothing can repeat */
  return hcc__table_slots(members);
}

_Static_assert(HCC_W__COUNT <= 64, "a word's bit fits a 64-bit set");

void hcc__keyplan(const hcc_doc *d, int obj, int *plan, hcc_keyslot *tab, size_t nslot) {
  int m = d->tok[obj].size;
  /* distinct listed words: no key repeats, each member stands */
  uint64_t seen = 0;
  int key = obj + 1, k;
  for (k = 0; k < m; k++, key = hcc__json_skip(d, key + 1)) {
    unsigned w = d->tok[key].tag;
    if (w == HCC_W_OTHER || w == HCC_W_ESCAPED || ((seen >> w) & 1)) break;
    seen |= (uint64_t)1 << w;
    plan[k] = key + 1;
  }
  if (k == m) return;
  for (size_t s = 0; s < nslot; s++) tab[s].key = -1;
  key = obj + 1;
  for (k = 0; k < m; k++, key = hcc__json_skip(d, key + 1)) {
    plan[k] = key + 1;
    if (!nslot) continue;
    uint32_t h = hcc__jstr_hash(d, key);
    size_t s = hcc__table_home(h, nslot);
    while (tab[s].key >= 0 && !(tab[s].hash == h && hcc__jstr_eq(d, tab[s].key, key)))
      s = hcc__table_next(s, nslot);
    if (tab[s].key >= 0) { /* a repeat: its value replaces the first's */
      plan[tab[s].member] = key + 1;
      plan[k] = -1;
    } else {
      tab[s].hash = h;
      tab[s].key = key;
      tab[s].member = k;
    }
  }
}
