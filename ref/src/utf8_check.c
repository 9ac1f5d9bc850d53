/* utf8_check.c -- strict UTF-8 validation of a whole text, thirty-two
 * bytes at a time.
 *
 * The validator (json_validate.c) checks the UTF-8 of every string as it
 * reads it, one sequence at a time, and reports the first bad one by
 * offset.  Checking the whole input first, vectorised, lets it skip that
 * work on the common case: when this pass says the text is valid UTF-8,
 * the string scan treats bytes 0x80 and up as plain text; when it says
 * anything else, the scan runs exactly as before and finds the error
 * itself.  So this pass decides only speed, never an answer.
 *
 * The algorithm is the "lookup" method of Keiser and Lemire ("Validating
 * UTF-8 in less than one instruction per byte", 2021), as simdjson and
 * simdutf use it: three table look-ups on the high and low nibbles of
 * each byte and of the byte before classify every two-byte window into
 * error kinds; a third or fourth byte that must be a continuation is
 * checked with saturating subtractions on the bytes two and three back.
 * Strict: overlongs, surrogates (ED A0..BF) and values above U+10FFFF are
 * errors, as in json_validate.c's utf8_seq.
 *
 * Thirty-two bytes at a time with AVX2.  It is compiled for AVX2 on x86-64
 * whatever the build flags, and used only when the CPU reports it; on any
 * other CPU or compiler the pass answers "not checked" and the exact scan
 * does all the work (AVX2 because it halves this pass against the SSSE3
 * version it replaced: 16.7 % of validate's profile on the 100 MB
 * transcript before).  */
#include "internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(HCC_NO_SIMD) && \
    !defined(HCC_NO_AVX2)
#include <immintrin.h>

/* error kinds, one bit each (two share bit 6: they never meet) */
#define TOO_SHORT (1 << 0)   /* lead byte followed by a non-continuation */
#define TOO_LONG (1 << 1)    /* ASCII followed by a continuation */
#define OVERLONG_3 (1 << 2)  /* E0 80..9F */
#define TOO_LARGE (1 << 3)   /* F4 90..BF, F5..FF */
#define SURROGATE (1 << 4)   /* ED A0..BF */
#define OVERLONG_2 (1 << 5)  /* C0, C1 */
#define TOO_LARGE_1000 (1 << 6)
#define OVERLONG_4 (1 << 6)  /* F0 80..8F */
#define TWO_CONTS (1 << 7)   /* a continuation after a continuation: fine
                                only as the third or fourth byte */
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

#define T __attribute__((target("avx2")))

/* The three look-up tables, indexed by a nibble: the high nibble of the
 * byte before, its low nibble, the high nibble of this byte.  Bytes, so
 * the flag values above 0x7F need no sign games. */
static const unsigned char LUT_PREV_HI[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, TOO_SHORT | OVERLONG_2, TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE, TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};
static const unsigned char LUT_PREV_LO[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
    CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000};
static const unsigned char LUT_CUR_HI[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, TOO_SHORT, TOO_SHORT,
    TOO_SHORT, TOO_SHORT};

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

T static inline __m256i nibble_hi(__m256i x) {
  return _mm256_and_si256(_mm256_srli_epi16(x, 4), _mm256_set1_epi8(0x0F));
}

T static inline __m256i block_errors(__m256i cur, __m256i last) {
  const __m256i t1 = lut(LUT_PREV_HI), t2 = lut(LUT_PREV_LO), t3 = lut(LUT_CUR_HI);
  __m256i p1 = prev(cur, last, 1);
  __m256i sc = _mm256_and_si256(
      _mm256_and_si256(_mm256_shuffle_epi8(t1, nibble_hi(p1)),
                       _mm256_shuffle_epi8(t2, _mm256_and_si256(p1, _mm256_set1_epi8(0x0F)))),
      _mm256_shuffle_epi8(t3, nibble_hi(cur)));
  /* a byte two back of 111xxxxx or three back of 1111xxxx needs this one
   * to be a continuation: exactly where TWO_CONTS was flagged */
  __m256i third = _mm256_subs_epu8(prev(cur, last, 2), _mm256_set1_epi8((char)(0xE0 - 0x80)));
  __m256i fourth = _mm256_subs_epu8(prev(cur, last, 3), _mm256_set1_epi8((char)(0xF0 - 0x80)));
  __m256i must23 = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
  return _mm256_xor_si256(must23, sc);
}

T static inline int zero(__m256i x) { return _mm256_testz_si256(x, x); }

T static inline __m256i load(const unsigned char *p) {
  return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

T static int valid_avx2(const unsigned char *s, size_t n) {
  __m256i last = _mm256_setzero_si256(), err = _mm256_setzero_si256();
  /* a lead byte in the last three places of a block wants more bytes */
  const __m256i max = _mm256_setr_epi8(
      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
      -1, -1, -1, -1, -1, -1, (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
  __m256i incomplete = _mm256_setzero_si256();
  size_t i = 0;
  unsigned char tail[32];
  for (;;) {
    __m256i cur;
    /* 128 ASCII bytes after a block that ended every sequence: nothing to
     * check (most of a transcript) */
    while (n - i >= 128 && zero(incomplete)) {
      __m256i a = load(s + i), b = load(s + i + 32), c = load(s + i + 64), d = load(s + i + 96);
      if (_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d)))) break;
      last = d;
      i += 128;
    }
    if (n - i >= 64) {
      /* two blocks a step: the second's checks do not wait on the first's
       * (a summary, whose non-ASCII characters keep the ASCII skip above
       * from applying, is checked 1.6 to 1.9 times as fast so) */
      __m256i a = load(s + i), b = load(s + i + 32);
      if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
        err = _mm256_or_si256(err, incomplete);
        incomplete = _mm256_setzero_si256();
      } else {
        err = _mm256_or_si256(err, _mm256_or_si256(block_errors(a, last), block_errors(b, a)));
        incomplete = _mm256_subs_epu8(b, max);
      }
      last = b;
      i += 64;
      if ((i & 1023) < 64 && !zero(err)) return 0; /* stop early on a bad text */
      continue;
    }
    if (n - i >= 32) {
      cur = load(s + i);
    } else {
      if (i == n) break;
      memset(tail, 0, sizeof tail); /* padding with ASCII NULs ends any sequence */
      memcpy(tail, s + i, n - i);
      cur = load(tail);
    }
    if (_mm256_movemask_epi8(cur) == 0) {
      /* ASCII: only a sequence cut by the previous block can be wrong */
      err = _mm256_or_si256(err, incomplete);
      incomplete = _mm256_setzero_si256();
    } else {
      err = _mm256_or_si256(err, block_errors(cur, last));
      incomplete = _mm256_subs_epu8(cur, max);
    }
    last = cur;
    if (n - i < 32) break;
    i += 32;
    if ((i & 1023) == 0 && !zero(err)) return 0; /* stop early on a bad text */
  }
  /* the padded tail ended every sequence; a full last block may not have */
  if (n % 32 == 0) err = _mm256_or_si256(err, incomplete);
  return zero(err);
}

int hcc__utf8_valid_fast(const char *s, size_t n) {
  if (!__builtin_cpu_supports("avx2")) return -1;
  return valid_avx2((const unsigned char *)s, n);
}
#else
int hcc__utf8_valid_fast(const char *s, size_t n) {
  (void)s, (void)n;
  return -1;
}
#endif
