/* utf8_avx2.h -- strict UTF-8 validation of 32-byte blocks with AVX2: the
 * error flags of a block given the block before it.  The validator's
 * long-string scan (json_validate.c) checks each block of a string as it
 * reads it for quotes and escapes, so the text is read once; bytes
 * outside long strings are checked one sequence at a time by its byte
 * scan (utf8_seq), which also decides every block this check doubts.
 *
 * The algorithm is the "lookup" method of Keiser and Lemire ("Validating
 * UTF-8 in less than one instruction per byte", 2021), as simdjson and
 * simdutf use it: three table look-ups on the high and low nibbles of
 * each byte and of the byte before classify every two-byte window into
 * error kinds; a third or fourth byte that must be a continuation is
 * checked with saturating subtractions on the bytes two and three back.
 * Strict: overlongs, surrogates (ED A0..BF) and values above U+10FFFF are
 * errors, as in json_validate.c's utf8_seq.
 * Include only on x86-64 with GCC or clang (the target attribute). */
#ifndef HCC_UTF8_AVX2_H
#define HCC_UTF8_AVX2_H
#include <immintrin.h>

#include "utf8_lut.h"

#define T __attribute__((target("avx2")))

/* pshufb looks up within each 16-byte lane: the table in both lanes */
T static inline __m256i lut(const unsigned char *t) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
}

/* The bytes k = 1..3 positions back: the last k of `last`, then cur.
 * alignr works per lane, so the lane pair (last's high, cur's low) is
 * built first. */
T static inline __m256i prev(__m256i cur, __m256i last, int k) {
  __m256i mid = _mm256_permute2x128_si256(last, cur, 0x21);
  switch (k) {
  case 1: return _mm256_alignr_epi8(cur, mid, 15);
  case 2: return _mm256_alignr_epi8(cur, mid, 14);
  default: return _mm256_alignr_epi8(cur, mid, 13);
  }
}

#define U8_T T
#define U8_V __m256i
#define U8_SFX
#define U8_PREV prev
#define U8_LUT lut
#define U8_SHUF _mm256_shuffle_epi8
#define U8_AND _mm256_and_si256
#define U8_OR _mm256_or_si256
#define U8_XOR _mm256_xor_si256
#define U8_SUBS _mm256_subs_epu8
#define U8_SRLI16 _mm256_srli_epi16
#define U8_SET1 _mm256_set1_epi8
#include "utf8_blocks.h"
#undef T
#endif
