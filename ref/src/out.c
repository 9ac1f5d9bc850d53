/* out.c -- the output writer: writes while there is room, counts always. */

#include "internal.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif
#ifdef HCC_AVX512
#include <immintrin.h>
#endif

void hcc__out_init(hcc_out *o, char *buf, size_t cap) {
  o->buf = buf;
  o->cap = buf ? cap : 0;
  o->len = 0;
}


void hcc__out_str(hcc_out *o, const char *s) { hcc__out_put(o, s, strlen(s)); }


/* Decimal digits written back to front: snprintf("%lld") took 13 % of
 * trajectory-snap, whose answer is a number per turn (bench/README.md). */
void hcc__out_i64(hcc_out *o, int64_t v) {
  char tmp[24];
  size_t at = sizeof tmp;
  /* the magnitude in unsigned arithmetic, where -INT64_MIN exists */
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do {
    tmp[--at] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) tmp[--at] = '-';
  hcc__out_put(o, tmp + at, sizeof tmp - at);
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

#ifdef HCC_AVX512
/* 32 bytes a step with AVX-512 (VBMI2's byte compress), for text dense
 * with escapes (JSON inside a string: every key and value quoted): each
 * byte is widened to two, an escaped one ('"', '\\' and the five
 * controls with short forms) to its backslash and its letter, a plain one
 * to itself and a byte that compress drops.  A step stops before a byte
 * the caller's loop decides: another control byte (\u00XX), or 0xED
 * before a byte of 0xA0 or more (a lone surrogate, \udXXX; before a lower
 * one it leads U+D000..U+D7FF, Hangul, written raw), so the step reads
 * one byte past its 32.  Runs while the output has room for the step's
 * bytes (written with a masked store: nothing past them), or only counts
 * once nothing more is written (a measuring pass); returns the offset
 * reached. */
HCC_AVX512 static size_t body_avx512(hcc_out *o, const char *s, size_t i, size_t n) {
  static const char letters[32] = {['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n', ['\f'] = 'f', ['\r'] = 'r'};
  const __m256i tbl = _mm256_loadu_si256((const __m256i *)(const void *)letters);
  const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\');
  const __m256i c1f = _mm256_set1_epi8(0x1F), ed = _mm256_set1_epi8((char)0xED);
  const __m256i a0 = _mm256_set1_epi8((char)0xA0);
  while (n - i > 32) {
    int count_only = o->len >= o->cap;
    __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    __mmask32 ctl = _mm256_cmple_epu8_mask(x, c1f);
    __m256i letter = _mm256_maskz_permutexvar_epi8(ctl, x, tbl); /* a control's short letter, or 0 */
    __mmask32 shortc = _mm256_test_epi8_mask(letter, letter);
    __m256i next = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 1));
    __mmask32 stop = (ctl & ~shortc) | (_mm256_cmpeq_epi8_mask(x, ed) & _mm256_cmpge_epu8_mask(next, a0));
    uint32_t k = stop ? (uint32_t)__builtin_ctz(stop) : 32u; /* bytes this step takes */
    if (!k) break;
    uint32_t keep = k == 32 ? 0xFFFFFFFFu : (1u << k) - 1;
    uint32_t esc = ((uint32_t)_mm256_cmpeq_epi8_mask(x, quote) | (uint32_t)_mm256_cmpeq_epi8_mask(x, bslash) |
                    (uint32_t)shortc) & keep;
    size_t len = k + (size_t)__builtin_popcount(esc);
    if (!count_only && o->cap - o->len < len) break; /* the loop writes what fits */
    if (!count_only) {
      __m256i lo = _mm256_mask_blend_epi8(esc, x, bslash);          /* the backslash, or the byte */
      __m256i hi = _mm256_mask_blend_epi8(shortc, x, letter);       /* the letter ('"', '\\' are their own) */
      __m512i w = _mm512_or_si512(_mm512_cvtepu8_epi16(lo), _mm512_slli_epi16(_mm512_cvtepu8_epi16(hi), 8));
      uint64_t want = (0x5555555555555555ULL | _pdep_u64(esc, 0xAAAAAAAAAAAAAAAAULL)) &
                      (k == 32 ? ~0ULL : (1ULL << (2 * k)) - 1);
      __mmask64 bytes = len == 64 ? ~(__mmask64)0 : ((__mmask64)1 << len) - 1; /* nothing past them */
      _mm512_mask_storeu_epi8(o->buf + o->len, bytes, _mm512_maskz_compress_epi8(want, w));
    }
    o->len += len;
    i += k;
    if (k < 32) break;
  }
  return i;
}
#endif

/* avx512 0 keeps to the portable and SSE2 loop (tests compare the two). */
void hcc__out_json_body_as(int avx512, hcc_out *o, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t i = 0;
#ifdef HCC_AVX512
  avx512 = avx512 && n > 32 && hcc__avx512();
#else
  (void)avx512;
#endif
  while (i < n) {
#ifdef HCC_AVX512
    if (avx512) {
      i = body_avx512(o, s, i, n);
      if (i == n) return;
    }
#endif
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

void hcc__out_json_body(hcc_out *o, const char *s, size_t n) { hcc__out_json_body_as(1, o, s, n); }

void hcc__out_json_str(hcc_out *o, const char *s, size_t n) {
  hcc__out_ch(o, '"');
  hcc__out_json_body(o, s, n);
  hcc__out_ch(o, '"');
}
