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

/* ---- rewrite weight --------------------------------------------------------- */

/* Why these weights bound every rendering of a value escaped once more
 * into a JSON string, counted over its raw bytes as they stand in the
 * input (for a value inside an arguments string, the outer string's
 * bytes, which weigh at least as much as the inner text they decode to):
 *   - a digit, 6: a number's str() or json.dumps is at most 6 bytes a
 *     digit of its raw form ("1e15", three digits, is 1000000000000000.0,
 *     18 bytes; "1e9" is 1000000000.0, 12);
 *   - '"', 6: every '"' is a string's delimiter or escaped; cut to
 *     "...[truncated]" (truncate-args, head_chars 0) a one-character
 *     string in arguments, \"a\" (2 * (4 + 6) + 1 = 21), is written
 *     \"...[truncated]\" (18);
 *   - DEL, 5: repr writes \x7f, escaped again \\x7f;
 *   - a byte 0x80 and up, 4: a 4-byte code point is \ud83d\ude00 under
 *     ensure_ascii (\\ud83d\\ude00 escaped, 14 <= 16); a non-printable
 *     one is \x85 in repr (2 bytes; 5 escaped), \u200b (3; 7) or
 *     \U000e0001 (4; 11);
 *   - a backslash, 4: every escape starts with one; \b is \x08 in repr,
 *     \\x08 escaped (5 <= 4 + 1), \\ is \\\\ (4 <= 8);
 *   - '\'', 3: repr writes \' when a string holds both quotes, \\' escaped;
 *   - ',' and ':', 2: Python's separators ", " and ": ".
 * Blanks between tokens vanish; true, false and null become True, False
 * and None of the same length.  The fixed words a rule adds (a summary
 * line's, a placeholder's) are not covered: the sizing adds them per use. */
static const unsigned char weight_extra[256] = {
    [','] = 1, [':'] = 1, ['\\'] = 3, ['\''] = 2, ['"'] = 5, ['0'] = 5, ['1'] = 5, ['2'] = 5,
    ['3'] = 5, ['4'] = 5, ['5'] = 5, ['6'] = 5, ['7'] = 5, ['8'] = 5, ['9'] = 5, [0x7f] = 4,
#define W3(k) [k] = 3, [k + 1] = 3, [k + 2] = 3, [k + 3] = 3
#define W3x16(k) W3(k), W3(k + 4), W3(k + 8), W3(k + 12)
    W3x16(0x80), W3x16(0x90), W3x16(0xa0), W3x16(0xb0), W3x16(0xc0), W3x16(0xd0), W3x16(0xe0), W3x16(0xf0)
#undef W3x16
#undef W3
};

static size_t weight_bytes(const unsigned char *s, size_t n) {
  size_t w = n;
  for (size_t i = 0; i < n; i++) w += weight_extra[s[i]];
  return w;
}

#ifdef HCC_AVX512
/* 64 bytes a step: one mask per weight class, popcounts scaled. */
HCC_AVX512 static size_t weight_avx512(const char *s, size_t n) {
  const __m512i zero = _mm512_set1_epi8('0'), ten = _mm512_set1_epi8(10);
  size_t w = n, one = 0, two = 0, three = 0, four = 0, five = 0; /* bytes by extra weight */
  for (size_t i = 0; i < n; i += 64) {
    __mmask64 m = n - i >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << (n - i)) - 1;
    __m512i x = _mm512_maskz_loadu_epi8(m, s + i);
    uint64_t sep = _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8(',')) |
                   _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8(':'));
    uint64_t bs = _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8('\\'));
    uint64_t apos = _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8('\''));
    uint64_t dig = _mm512_mask_cmplt_epu8_mask(m, _mm512_sub_epi8(x, zero), ten) |
                   _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8('"'));
    uint64_t high = _mm512_movepi8_mask(x) & m;
    uint64_t del = _mm512_mask_cmpeq_epi8_mask(m, x, _mm512_set1_epi8(0x7f));
    one += (size_t)__builtin_popcountll(sep);
    two += (size_t)__builtin_popcountll(apos);
    three += (size_t)__builtin_popcountll(high | bs);
    four += (size_t)__builtin_popcountll(del);
    five += (size_t)__builtin_popcountll(dig);
  }
  return w + one + 2 * two + 3 * three + 4 * four + 5 * five;
}
#endif

size_t hcc__rewrite_weight_as(int avx512, const char *s, size_t n) {
#ifdef HCC_AVX512
  if (avx512 && hcc__avx512()) return weight_avx512(s, n);
#endif
  (void)avx512;
  return weight_bytes((const unsigned char *)s, n);
}

size_t hcc__rewrite_weight(const char *s, size_t n) { return hcc__rewrite_weight_as(1, s, n); }

