/* out.c -- the output writer: writes while there is room, counts always. */
#include <stdio.h>

#include "internal.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

void hcc__out_init(hcc_out *o, char *buf, size_t cap) {
  o->buf = buf;
  o->cap = buf ? cap : 0;
  o->len = 0;
}


void hcc__out_str(hcc_out *o, const char *s) { hcc__out_put(o, s, strlen(s)); }


void hcc__out_i64(hcc_out *o, int64_t v) {
  char tmp[24];
  int n = snprintf(tmp, sizeof tmp, "%lld", (long long)v);
  hcc__out_put(o, tmp, (size_t)n);
}

/* Python's json encoder (ensure_ascii=False) escapes '"', '\\', and every
 * code point below U+0020; \b \f \n \r \t use their short forms, the rest
 * \u00XX with lowercase hex.  Everything else, DEL and U+2028 included, is
 * written raw. */
/* First offset at or after i of a byte json.dumps may escape: '"', '\\',
 * a control byte, or 0xED (which leads a lone surrogate in WTF-8).  Most
 * text has none for long stretches, which go out in one copy; sixteen
 * bytes are tested at a time with SSE2. */
static size_t plain_until(const char *s, size_t i, size_t n) {
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
  const __m128i ed = _mm_set1_epi8((char)0xED), c1f = _mm_set1_epi8(0x1F);
  for (; n - i >= 16; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, bslash)),
                                _mm_or_si128(_mm_cmpeq_epi8(x, ed),
                                             _mm_cmpeq_epi8(_mm_min_epu8(x, c1f), x)));
    unsigned m = (unsigned)_mm_movemask_epi8(stop);
    if (m) return i + (size_t)__builtin_ctz(m);
  }
#endif
  for (; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c < 0x20 || c == 0xED) return i;
  }
  return n;
}

void hcc__out_json_body(hcc_out *o, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t i = 0;
  while (i < n) {
    size_t e = plain_until(s, i, n);
    hcc__out_put(o, s + i, e - i);
    if (e == n) return;
    i = e;
    unsigned char c = (unsigned char)s[i];
    const char *esc = NULL;
    if (c == '"') esc = "\\\"";
    else if (c == '\\') esc = "\\\\";
    else if (c == '\n') esc = "\\n";
    else if (c == '\r') esc = "\\r";
    else if (c == '\t') esc = "\\t";
    else if (c == '\b') esc = "\\b";
    else if (c == '\f') esc = "\\f";
    if (esc) {
      hcc__out_put(o, esc, 2);
      i++;
      continue;
    }
    if (c == 0xED && (i + 2 >= n || (unsigned char)s[i + 1] < 0xA0)) { /* U+D000..U+D7FF */
      hcc__out_ch(o, (char)c);
      i++;
      continue;
    }
    /* a control character, or a lone surrogate: \u00XX / \udXXX */
    uint32_t cp = c;
    size_t j = i + 1;
    if (c == 0xED) {
      j = i;
      cp = hcc__utf8_next(s, n, &j);
    }
    char ubuf[6] = {'\\', 'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15],
                    hex[cp & 15]};
    hcc__out_put(o, ubuf, 6);
    i = j;
  }
}

void hcc__out_json_str(hcc_out *o, const char *s, size_t n) {
  hcc__out_ch(o, '"');
  hcc__out_json_body(o, s, n);
  hcc__out_ch(o, '"');
}
