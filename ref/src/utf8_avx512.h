/* utf8_avx512.h -- the strict UTF-8 check of utf8_avx2.h on 64-byte
 * blocks with AVX-512 (BW, VBMI): the error flags of a block given the
 * block before it, for the validator's long-string scan where the CPU has
 * AVX-512 (json_validate.c, long_run_512).  The same Keiser-Lemire
 * look-ups (utf8_lut.h) and the same code (utf8_blocks.h), one 64-byte
 * register a block instead of two halves; only the lane joining of prev
 * and the table broadcast are this width's own.
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

#define U8_T HCC_AVX512
#define U8_V __m512i
#define U8_SFX 512
#define U8_PREV prev512
#define U8_LUT lut512
#define U8_SHUF _mm512_shuffle_epi8
#define U8_AND _mm512_and_si512
#define U8_OR _mm512_or_si512
#define U8_XOR _mm512_xor_si512
#define U8_SUBS _mm512_subs_epu8
#define U8_SRLI16 _mm512_srli_epi16
#define U8_SET1 _mm512_set1_epi8
#include "utf8_blocks.h"
#endif
