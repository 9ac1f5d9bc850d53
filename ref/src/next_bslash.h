/* next_bslash.h -- the search for the next backslash in a JSON string
 * body, shared by the decoders (json_string.c) and the scan's key test
 * (json_validate.c). */
#ifndef HCC_NEXT_BSLASH_H
#define HCC_NEXT_BSLASH_H
#include "internal.h"
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

/* Offset of the first backslash in s[i..n), or n.  Runs between escapes
 * are short in real text (a newline every few dozen bytes), too short for
 * a library memchr call to pay off, so the search is inline: sixteen bytes
 * at a time with SSE2, the last few in the sixteen that end at n (s[0..n)
 * is the string body, so they are there to read), not byte by byte: ids
 * and keys are mostly 2 to 40 bytes, all tail. */
static inline size_t hcc__next_bslash(const char *s, size_t i, size_t n) {
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  const __m128i bs = _mm_set1_epi8('\\');
  for (; n - i >= 16; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs));
    if (m) return i + (size_t)__builtin_ctz(m);
  }
  if (i < n && n >= 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs)) >> (16 - (n - i));
    return m ? i + (size_t)__builtin_ctz(m) : n;
  }
#endif
  while (i < n && s[i] != '\\') i++;
  return i;
}

#endif
