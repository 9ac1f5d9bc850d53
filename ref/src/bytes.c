/* bytes.c -- byte searches the hot paths need and libc lacks. */
#include "internal.h"

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
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* each lane counts its matches (a compare is -1 where equal) for up to
   * 255 blocks, then the lanes are summed (psadbw); no popcount, which
   * baseline x86-64 has only as a libgcc call */
  const __m128i v = _mm_set1_epi8(c), zero = _mm_setzero_si128();
  while (n - i >= 16) {
    __m128i acc = zero;
    for (int b = 0; b < 255 && n - i >= 16; b++, i += 16)
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), v));
    __m128i sum = _mm_sad_epu8(acc, zero);
    k += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_extract_epi16(sum, 4);
  }
#endif
  for (; i < n; i++) k += s[i] == c;
  return k;
}
