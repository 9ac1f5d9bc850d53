/* utf8_avx512.h -- the strict UTF-8 check of utf8_avx2.h on 64-byte
 * blocks with AVX-512 (BW, VBMI): the error flags of a block given the
 * block before it, for the validator's long-string scan where the CPU has
 * AVX-512 (json_validate.c, long_run512).  The same Keiser-Lemire look-ups
 * (utf8_lut.h), one 64-byte register a block instead of two halves.
 * Include only where HCC_AVX512 is defined (internal.h). */
#ifndef HCC_UTF8_AVX512_H
#define HCC_UTF8_AVX512_H
#include <immintrin.h>

#include "utf8_lut.h"

/* vpshufb looks up within each 16-byte lane: the table in all four */
HCC_AVX512 static inline __m512i lut512(const unsigned char *t) {
  return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)t));
}

/* The bytes k = 1..3 positions back: the last k of `last`, then cur.
 * alignr works per 16-byte lane, so each lane is paired with the lane
 * before it first (lane 0 with last's lane 3). */
HCC_AVX512 static inline __m512i prev512(__m512i cur, __m512i last, int k) {
  __m512i mid = _mm512_permutex2var_epi64(last, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), cur);
  switch (k) {
  case 1: return _mm512_alignr_epi8(cur, mid, 15);
  case 2: return _mm512_alignr_epi8(cur, mid, 14);
  default: return _mm512_alignr_epi8(cur, mid, 13);
  }
}

HCC_AVX512 static inline __m512i nibble_hi512(__m512i x) {
  return _mm512_and_si512(_mm512_srli_epi16(x, 4), _mm512_set1_epi8(0x0F));
}

HCC_AVX512 static inline __m512i block_errors512(__m512i cur, __m512i last) {
  const __m512i t1 = lut512(LUT_PREV_HI), t2 = lut512(LUT_PREV_LO), t3 = lut512(LUT_CUR_HI);
  __m512i p1 = prev512(cur, last, 1);
  __m512i sc = _mm512_and_si512(
      _mm512_and_si512(_mm512_shuffle_epi8(t1, nibble_hi512(p1)),
                       _mm512_shuffle_epi8(t2, _mm512_and_si512(p1, _mm512_set1_epi8(0x0F)))),
      _mm512_shuffle_epi8(t3, nibble_hi512(cur)));
  /* a byte two back of 111xxxxx or three back of 1111xxxx needs this one
   * to be a continuation: exactly where TWO_CONTS was flagged */
  __m512i third = _mm512_subs_epu8(prev512(cur, last, 2), _mm512_set1_epi8((char)(0xE0 - 0x80)));
  __m512i fourth = _mm512_subs_epu8(prev512(cur, last, 3), _mm512_set1_epi8((char)(0xF0 - 0x80)));
  __m512i must23 = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8((char)0x80));
  return _mm512_xor_si512(must23, sc);
}

/* A lead byte in the last three places of a block that wants more bytes:
 * subtracting these (saturating) leaves non-zero exactly there. */
HCC_AVX512 static inline __m512i utf8_incomplete512(__m512i cur) {
  static const unsigned char max[64] = {
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
      255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1};
  return _mm512_subs_epu8(cur, _mm512_loadu_si512((const void *)max));
}
#endif
