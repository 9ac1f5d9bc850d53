/* lane_count.h -- how many bytes of a text an SSE2 compare marks, sixteen
 * a step without popcount (which baseline x86-64 has only as a libgcc
 * call): each compare leaves -1 in the lanes that count, each lane adds
 * up to 255 blocks, and psadbw sums the lanes.  utf8.c counts code points
 * with it, bytes.c a byte, the validator the structural bytes of tool
 * arguments. */
#ifndef HCC_LANE_COUNT_H
#define HCC_LANE_COUNT_H
#include "internal.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#define HCC_LANE_COUNT 1

enum {
  HCC_MARK_BYTE,      /* equal to the byte c */
  HCC_MARK_CONT,      /* a UTF-8 continuation byte (10xxxxxx: below -64 as signed) */
  HCC_MARK_STRUCTURAL /* '[', '{', ',' or ':' */
};

static inline __attribute__((always_inline)) __m128i hcc__lane_marks(__m128i x, int what, char c) {
  switch (what) {
  case HCC_MARK_BYTE:
    return _mm_cmpeq_epi8(x, _mm_set1_epi8(c));
  case HCC_MARK_CONT:
    return _mm_cmplt_epi8(x, _mm_set1_epi8(-64));
  default:
    return _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('[')), _mm_cmpeq_epi8(x, _mm_set1_epi8('{'))),
                        _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(',')), _mm_cmpeq_epi8(x, _mm_set1_epi8(':'))));
  }
}

/* The bytes `what` marks among the whole 16-byte blocks of s[0..n);
 * *done is how many bytes those blocks cover (the caller counts the
 * rest).  `what` is a constant at every call, so each inlines to its own
 * compare. */
static inline __attribute__((always_inline)) size_t hcc__lane_count(const char *s, size_t n, int what, char c,
                                                                    size_t *done) {
  size_t i = 0, k = 0;
  const __m128i zero = _mm_setzero_si128();
  while (n - i >= 16) {
    __m128i acc = zero;
    for (int b = 0; b < 255 && n - i >= 16; b++, i += 16)
      acc = _mm_sub_epi8(acc, hcc__lane_marks(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), what, c));
    __m128i sum = _mm_sad_epu8(acc, zero);
    k += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_extract_epi16(sum, 4);
  }
  *done = i;
  return k;
}
#endif
#endif
