/* utf8_check.c -- strict UTF-8 validation of a whole text, sixteen bytes
 * at a time.
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
 * The look-ups need SSSE3's pshufb.  It is compiled for SSSE3 on x86-64
 * whatever the build flags, and used only when the CPU reports it; on any
 * other CPU or compiler the pass answers "not checked". */
#include "internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(HCC_NO_SIMD)
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

#define T __attribute__((target("ssse3")))

T static inline __m128i prev(__m128i cur, __m128i last, int k) {
  /* the bytes k positions back: the last k of `last`, then cur */
  switch (k) {
  case 1: return _mm_alignr_epi8(cur, last, 15);
  case 2: return _mm_alignr_epi8(cur, last, 14);
  default: return _mm_alignr_epi8(cur, last, 13);
  }
}

T static inline __m128i nibble_hi(__m128i x) {
  return _mm_and_si128(_mm_srli_epi16(x, 4), _mm_set1_epi8(0x0F));
}

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

T static inline __m128i lut(const unsigned char *t) {
  return _mm_loadu_si128((const __m128i *)(const void *)t);
}

T static inline __m128i block_errors(__m128i cur, __m128i last) {
  const __m128i t1 = lut(LUT_PREV_HI), t2 = lut(LUT_PREV_LO), t3 = lut(LUT_CUR_HI);
  __m128i p1 = prev(cur, last, 1);
  __m128i sc = _mm_and_si128(
      _mm_and_si128(_mm_shuffle_epi8(t1, nibble_hi(p1)),
                    _mm_shuffle_epi8(t2, _mm_and_si128(p1, _mm_set1_epi8(0x0F)))),
      _mm_shuffle_epi8(t3, nibble_hi(cur)));
  /* a byte two back of 111xxxxx or three back of 1111xxxx needs this one
   * to be a continuation: exactly where TWO_CONTS was flagged */
  __m128i third = _mm_subs_epu8(prev(cur, last, 2), _mm_set1_epi8((char)(0xE0 - 0x80)));
  __m128i fourth = _mm_subs_epu8(prev(cur, last, 3), _mm_set1_epi8((char)(0xF0 - 0x80)));
  __m128i must23 = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
  return _mm_xor_si128(must23, sc);
}

T static int valid_ssse3(const unsigned char *s, size_t n) {
  __m128i last = _mm_setzero_si128(), err = _mm_setzero_si128();
  /* a lead byte in the last three places of a block wants more bytes */
  const __m128i max = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                    (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
  __m128i incomplete = _mm_setzero_si128();
  size_t i = 0;
  unsigned char tail[16];
  for (;;) {
    __m128i cur;
    /* 64 ASCII bytes after a block that ended every sequence: nothing to
     * check (most of a transcript) */
    while (n - i >= 64 && _mm_movemask_epi8(_mm_cmpeq_epi8(incomplete, _mm_setzero_si128())) == 0xFFFF) {
      __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
      __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 16));
      __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 32));
      __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 48));
      if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d)))) break;
      last = d;
      i += 64;
    }
    if (n - i >= 16) {
      cur = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    } else {
      if (i == n) break;
      memset(tail, 0, sizeof tail); /* padding with ASCII NULs ends any sequence */
      memcpy(tail, s + i, n - i);
      cur = _mm_loadu_si128((const __m128i *)(const void *)tail);
    }
    if (_mm_movemask_epi8(cur) == 0) {
      /* ASCII: only a sequence cut by the previous block can be wrong */
      err = _mm_or_si128(err, incomplete);
      incomplete = _mm_setzero_si128();
    } else {
      err = _mm_or_si128(err, block_errors(cur, last));
      incomplete = _mm_subs_epu8(cur, max);
    }
    last = cur;
    if (n - i < 16) break;
    i += 16;
    if ((i & 1023) == 0 && _mm_movemask_epi8(_mm_cmpeq_epi8(err, _mm_setzero_si128())) != 0xFFFF)
      return 0; /* stop early on a bad text */
  }
  /* the padded tail ended every sequence; a full last block may not have */
  if (n % 16 == 0) err = _mm_or_si128(err, incomplete);
  return _mm_movemask_epi8(_mm_cmpeq_epi8(err, _mm_setzero_si128())) == 0xFFFF;
}

int hcc__utf8_valid_fast(const char *s, size_t n) {
  if (!__builtin_cpu_supports("ssse3")) return -1;
  return valid_ssse3((const unsigned char *)s, n);
}
#else
int hcc__utf8_valid_fast(const char *s, size_t n) {
  (void)s, (void)n;
  return -1;
}
#endif
