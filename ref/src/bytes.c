/* bytes.c -- byte searches the hot paths need and libc lacks. */
#include "internal.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

size_t hcc__find_pair(const char *s, size_t n, char a, char b) {
  size_t i = 0;
  if (n < 2) return n;
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* sixteen starting positions at a time: a at i+k and b at i+k+1 */
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b);
  for (; n - i >= 17; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 1));
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(y, vb)));
    if (m) return i + (size_t)__builtin_ctz(m);
  }
#endif
  for (; i + 1 < n; i++)
    if (s[i] == a && s[i + 1] == b) return i;
  return n;
}
