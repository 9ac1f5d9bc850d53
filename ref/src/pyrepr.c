/* pyrepr.c -- str() of a json.loads'ed value, as Python 3.11 writes it.
 *
 * str() of a string is the string; of anything else it is repr(), which
 * writes nested strings with repr(): quoted, escaped, non-printable code
 * points as \xNN, \uNNNN or \UNNNNNNNN.  Strings are read straight from
 * their JSON bodies one code point at a time, so no decode buffer is
 * needed; only the duplicate-key rule takes scratch (see pyjson.c). */
#include "py.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

/* Where the text goes: written to an output buffer, or fed to a consumer
 * of code points (an estimator counting tokens needs no buffer at all).
 * Everything repr() adds around the values is ASCII, so pieces of ASCII go
 * in bulk; other code points one at a time. */
typedef struct sink {
  hcc_out *o;      /* when not NULL: write here */
  hcc_py_feed *f;  /* else: feed this */
} sink;

static void put(const sink *k, const char *p, size_t n) {
  if (k->o) hcc__out_put(k->o, p, n);
  else k->f->ascii(k->f->ctx, p, n);
}

static void put_cp(const sink *k, uint32_t cp) {
  if (cp < 0x80) {
    char c = (char)cp;
    put(k, &c, 1);
  } else if (k->o) {
    hcc__utf8_put(k->o, cp);
  } else {
    k->f->cp(k->f->ctx, cp);
  }
}

static void put_hex(const sink *k, char kind, uint32_t cp, int digits) {
  static const char hex[] = "0123456789abcdef";
  char b[10];
  b[0] = '\\';
  b[1] = kind;
  for (int i = 0; i < digits; i++) b[2 + i] = hex[(cp >> (4 * (digits - 1 - i))) & 15];
  put(k, b, (size_t)digits + 2);
}

/* Bytes at raw[pos..n) repr() writes as they are whatever the quote:
 * printable ASCII other than the quotes and the backslash. */
static size_t plain_ascii(const char *raw, size_t pos, size_t n) {
  size_t j = pos;
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* sixteen at a time: read as signed bytes, the controls and every byte
   * 0x80 and up are below 0x20 */
  const __m128i space = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7F);
  const __m128i q1 = _mm_set1_epi8('\''), q2 = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\');
  for (; n - j >= 16; j += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(raw + j));
    __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(x, space), _mm_cmpeq_epi8(x, del)),
                                _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, q1), _mm_cmpeq_epi8(x, q2)),
                                             _mm_cmpeq_epi8(x, bs)));
    unsigned m = (unsigned)_mm_movemask_epi8(stop);
    if (m) return j + (size_t)__builtin_ctz(m) - pos;
  }
#endif
  while (j < n) {
    unsigned char c = (unsigned char)raw[j];
    if (c < 0x20 || c >= 0x7F || c == '\'' || c == '"' || c == '\\') break;
    j++;
  }
  return j - pos;
}

/* CPython's unicode_repr: single quotes unless the string holds a single
 * quote and no double quote; backslash and the chosen quote escaped; \t \n
 * \r short; other control characters and DEL as \xNN; other non-printable
 * code points by size; everything printable as itself. */
static inline uint32_t next_cp(const char *raw, size_t n, size_t *pos, int json) {
  return json ? hcc__json_body_next(raw, n, pos) : hcc__utf8_next(raw, n, pos);
}

static void repr_string(const char *raw, size_t n, int json, const sink *k) {
  size_t pos = 0;
  int single = 0, dbl = 0;
  while (pos < n) {
    size_t run = plain_ascii(raw, pos, n);
    if (run) {
      pos += run;
      continue;
    }
    uint32_t cp = next_cp(raw, n, &pos, json);
    single |= cp == '\'';
    dbl |= cp == '"';
  }
  char quote = single && !dbl ? '"' : '\'';
  put(k, &quote, 1);
  pos = 0;
  while (pos < n) {
    size_t run = plain_ascii(raw, pos, n);
    if (run) {
      put(k, raw + pos, run);
      pos += run;
      continue;
    }
    uint32_t cp = next_cp(raw, n, &pos, json);
    if (cp == (uint32_t)quote || cp == '\\') {
      char e[2] = {'\\', (char)cp};
      put(k, e, 2);
    } else if (cp == '\t') {
      put(k, "\\t", 2);
    } else if (cp == '\n') {
      put(k, "\\n", 2);
    } else if (cp == '\r') {
      put(k, "\\r", 2);
    } else if (cp < 0x20 || cp == 0x7F) {
      put_hex(k, 'x', cp, 2);
    } else if (cp < 0x7F || hcc__py_isprintable(cp)) {
      put_cp(k, cp);
    } else if (cp <= 0xFF) {
      put_hex(k, 'x', cp, 2);
    } else if (cp <= 0xFFFF) {
      put_hex(k, 'u', cp, 4);
    } else {
      put_hex(k, 'U', cp, 8);
    }
  }
  put(k, &quote, 1);
}

static void repr_number(const char *s, size_t n, const sink *k) {
  char buf[32];
  hcc_slice t;
  double v;
  hcc__py_number_text(s, n, buf, &t, &v); /* float("1e400") is inf, whose repr is "inf" */
  put(k, t.s, t.n);
}

static void repr(hcc_pywalk *w, int t, const sink *k) {
  const hcc_doc *d = w->d;
  const hcc_tok *tok = &d->tok[t];
  const char *raw = d->text + tok->start;
  size_t n = (size_t)(tok->end - tok->start);
  switch (tok->type) {
  case HCC_T_STRING:
    repr_string(raw, n, 1, k);
    return;
  case HCC_T_ARRAY: {
    int j = t + 1;
    put(k, "[", 1);
    for (int m = 0; m < tok->size; m++, j = hcc__json_skip(w->d, j)) {
      if (m) put(k, ", ", 2);
      repr(w, j, k);
    }
    put(k, "]", 1);
    return;
  }
  case HCC_T_OBJECT: {
    const int *plan = hcc__py_walk_members(w, t);
    int key = t + 1, first = 1;
    put(k, "{", 1);
    for (int m = 0; m < tok->size; m++, key = hcc__json_skip(w->d, key + 1)) {
      if (plan[m] < 0) continue;
      if (!first) put(k, ", ", 2);
      first = 0;
      repr(w, key, k);
      put(k, ": ", 2);
      repr(w, plan[m], k);
    }
    put(k, "}", 1);
    hcc__py_walk_pop(w, t);
    return;
  }
  default:
    if (raw[0] == 't') put(k, "True", 4);
    else if (raw[0] == 'f') put(k, "False", 5);
    else if (raw[0] == 'n') put(k, "None", 4);
    else repr_number(raw, n, k);
    return;
  }
}

size_t hcc__py_str_need(const hcc_json_info *info) { return hcc__py_walk_need(info, 0); }

static int str_to(const hcc_doc *d, int i, hcc_arena *scratch, const sink *k, hcc_error *err) {
  const hcc_tok *tok = &d->tok[i];
  if (tok->type == HCC_T_STRING) { /* str of a str: the decoded text */
    const char *raw = d->text + tok->start;
    size_t n = (size_t)(tok->end - tok->start), pos = 0;
    while (pos < n) {
      size_t at = pos;
      uint32_t cp = 0;
      size_t run = hcc__json_body_piece(raw, n, &pos, &cp);
      if (!run) {
        put_cp(k, cp);
        continue;
      }
      if (k->o) {
        hcc__out_put(k->o, raw + at, run);
        continue;
      }
      for (size_t j = at; j < pos;) { /* ASCII in bulk, the rest decoded */
        size_t a = j;
        while (j < pos && (unsigned char)raw[j] < 0x80) j++;
        if (j > a) put(k, raw + a, j - a);
        if (j < pos) put_cp(k, hcc__utf8_next(raw, pos, &j));
      }
    }
    return HCC_OK;
  }
  hcc_pywalk w;
  size_t mark = scratch->used;
  int rc = hcc__py_walk_init(&w, d, i, 0, scratch, err);
  if (rc == HCC_OK) repr(&w, i, k);
  scratch->used = mark;
  return rc;
}

int hcc__py_str(const hcc_doc *d, int i, hcc_arena *scratch, hcc_out *o,
                hcc_error *err) {
  sink k = {o, NULL};
  return str_to(d, i, scratch, &k, err);
}

int hcc__py_str_feed(const hcc_doc *d, int i, hcc_arena *scratch, hcc_py_feed *f,
                     hcc_error *err) {
  sink k = {NULL, f};
  return str_to(d, i, scratch, &k, err);
}

void hcc__py_repr_text(const char *s, size_t n, int json, hcc_out *o) {
  sink k = {o, NULL};
  repr_string(s, n, json, &k);
}

void hcc__py_repr_text_feed(const char *s, size_t n, int json, hcc_py_feed *f) {
  sink k = {NULL, f};
  repr_string(s, n, json, &k);
}
