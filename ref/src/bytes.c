/* bytes.c -- byte searches the hot paths need and libc lacks. */
#include "internal.h"
#include "lane_count.h"

#ifdef HCC_AVX512
#include <immintrin.h>
#endif

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

/* The first i where s[i], s[i+1] is a1, b1 or a2, b2; `two` is a
 * constant in each caller below, so the one-pair search compiles without
 * the second compare. */
static inline size_t pairs(const char *s, size_t n, char a1, char b1, char a2, char b2, int two) {
  size_t i = 0;
  if (n < 2) return n;
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* sixteen starting positions at a time: a at i+k and b at i+k+1 */
  const __m128i va = _mm_set1_epi8(a1), vb = _mm_set1_epi8(b1);
  const __m128i vc = _mm_set1_epi8(a2), vd = _mm_set1_epi8(b2);
  for (; n - i >= 17; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 1));
    __m128i hit = _mm_and_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(y, vb));
    if (two) hit = _mm_or_si128(hit, _mm_and_si128(_mm_cmpeq_epi8(x, vc), _mm_cmpeq_epi8(y, vd)));
    unsigned m = (unsigned)_mm_movemask_epi8(hit);
    if (m) return i + (size_t)__builtin_ctz(m);
  }
#endif
  for (; i + 1 < n; i++)
    if ((s[i] == a1 && s[i + 1] == b1) || (two && s[i] == a2 && s[i + 1] == b2)) return i;
  return n;
}

size_t hcc__find_pair(const char *s, size_t n, char a, char b) { return pairs(s, n, a, b, a, b, 0); }

size_t hcc__find_pairs(const char *s, size_t n, char a1, char b1, char a2, char b2) {
  return pairs(s, n, a1, b1, a2, b2, 1);
}

size_t hcc__count_byte(const char *s, size_t n, char c) {
  size_t i = 0, k = 0;
#ifdef HCC_LANE_COUNT
  k = hcc__lane_count(s, n, HCC_MARK_BYTE, c, &i);
#endif
  for (; i < n; i++) k += s[i] == c;
  return k;
}

/* The three counts of hcc__text_stats, each with its own pass. */
static void stats_by_passes(const char *s, size_t n, int quote_before, hcc_text_stats *st) {
  st->cps = hcc__utf8_count(s, n);
  st->newlines = hcc__count_byte(s, n, '\n');
  st->quote_et = n && ((quote_before && (s[0] == 'e' || s[0] == 't')) ||
                       hcc__find_pairs(s, n, '"', 'e', '"', 't') < n);
}

#ifdef HCC_AVX512
/* One pass, 64 bytes a step (the last step a masked load): continuation
 * bytes (signed, below -64), newlines, and quotes whose next byte (in
 * this block, or the first of the next by the carry) is 'e' or 't'. */
HCC_AVX512 static void stats_avx512(const char *s, size_t n, int quote_before, hcc_text_stats *st) {
  const __m512i lim = _mm512_set1_epi8(-64), nl = _mm512_set1_epi8('\n'), q = _mm512_set1_epi8('"');
  const __m512i le = _mm512_set1_epi8('e'), lt = _mm512_set1_epi8('t');
  uint64_t carry = quote_before ? 1 : 0, seen = 0;
  size_t cont = 0, lines = 0;
  for (size_t i = 0; i < n; i += 64) {
    __mmask64 m = n - i >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (n - i)) - 1;
    __m512i x = _mm512_maskz_loadu_epi8(m, s + i);
    cont += (size_t)__builtin_popcountll(_mm512_mask_cmplt_epi8_mask(m, x, lim));
    lines += (size_t)__builtin_popcountll(_mm512_mask_cmpeq_epi8_mask(m, x, nl));
    uint64_t qm = _mm512_mask_cmpeq_epi8_mask(m, x, q);
    uint64_t et = _mm512_mask_cmpeq_epi8_mask(m, x, le) | _mm512_mask_cmpeq_epi8_mask(m, x, lt);
    seen |= ((qm << 1) | carry) & et;
    carry = qm >> 63;
  }
  st->cps = n - cont;
  st->newlines = lines;
  st->quote_et = seen != 0;
}
#endif

void hcc__text_stats_as(int avx512, const char *s, size_t n, int quote_before, hcc_text_stats *st) {
#ifdef HCC_AVX512
  if (avx512 && hcc__avx512()) {
    stats_avx512(s, n, quote_before, st);
    return;
  }
#endif
  (void)avx512;
  stats_by_passes(s, n, quote_before, st);
}

void hcc__text_stats(const char *s, size_t n, int quote_before, hcc_text_stats *st) {
  hcc__text_stats_as(1, s, n, quote_before, st);
}
