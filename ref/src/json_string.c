/* json_string.c -- decoding JSON string bodies into WTF-8.
 *
 * Python's json.loads turns "\ud83d\ude00" into one code point and keeps an
 * unpaired "\ud800" as a lone surrogate code point.  To keep Python's code
 * point arithmetic exact, a lone surrogate is decoded to its 3-byte
 * generalized UTF-8 form (ED A0..BF xx, "WTF-8"); hcc__out_json_body writes
 * it back as a \udxxx escape.  Decoded text is never longer than the raw
 * body, so a buffer of the raw length always suffices.  The body is always
 * one the validator accepted, so escapes are well formed. */
#include "internal.h"
#include "next_bslash.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif
#ifdef HCC_AVX512
#include <immintrin.h>
#endif

static uint32_t hex4(const char *p) {
  uint32_t u = 0;
  for (int k = 0; k < 4; k++) {
    unsigned char c = (unsigned char)p[k];
    u = u * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return u;
}

/* The character a two-byte escape \e stands for. */
static inline char short_escape(char e) {
  switch (e) {
  case 'b': return '\b';
  case 'f': return '\f';
  case 'n': return '\n';
  case 'r': return '\r';
  case 't': return '\t';
  default: return e; /* '"', '\\', '/' */
  }
}

uint32_t hcc__json_body_next_slow(const char *raw, size_t n, size_t *pos) {
  size_t i = *pos;
  if (raw[i] != '\\') return hcc__utf8_next(raw, n, pos);
  char e = raw[i + 1];
  *pos = i + 2;
  if (e != 'u') return (unsigned char)short_escape(e);
  uint32_t u = hex4(raw + i + 2);
  *pos = i + 6;
  /* a high surrogate joins an immediately following escaped low one */
  if (u >= 0xD800 && u <= 0xDBFF && i + 12 <= n && raw[i + 6] == '\\' && raw[i + 7] == 'u') {
    uint32_t w = hex4(raw + i + 8);
    if (w >= 0xDC00 && w <= 0xDFFF) {
      *pos = i + 12;
      return 0x10000 + ((u - 0xD800) << 10) + (w - 0xDC00);
    }
  }
  return u;
}

size_t hcc__json_body_piece(const char *raw, size_t n, size_t *pos, uint32_t *cp) {
  size_t i = *pos;
  if (raw[i] == '\\') {
    *cp = hcc__json_body_next_slow(raw, n, pos);
    return 0;
  }
  size_t e = hcc__next_bslash(raw, i, n);
  *pos = e;
  return e - i;
}

/* Shared walk: with dst NULL it only measures.  Runs without escapes are
 * copied (or counted) in one go. */
static size_t decode(const char *raw, size_t n, char *dst) {
  size_t out = 0, i = 0;
  char tmp[4];
  while (i < n) {
    size_t at = i;
    uint32_t cp = 0;
    size_t k = hcc__json_body_piece(raw, n, &i, &cp);
    if (k) {
      if (dst) memcpy(dst + out, raw + at, k);
      out += k;
      continue;
    }
    out += hcc__utf8_encode(cp, dst ? dst + out : tmp);
  }
  return out;
}

size_t hcc__json_decode(const char *raw, size_t n, char *dst) {
  return decode(raw, n, dst);
}

#ifdef HCC_AVX512
/* 64 bytes a step with AVX-512 (VBMI2's byte compress): every short
 * escape of the block is decoded at once: its letter translated by a
 * 128-entry table, its backslash squeezed out.  The escapes are found as
 * the scan finds them (hcc__escaped_bits; a step starts at a piece
 * boundary, so nothing carries in).  A step stops before a backslash in
 * its last byte (the escape is the next step's) and before the first \u
 * escape, which goes through the scalar decoder (pairs, WTF-8).  The last
 * bytes of the body are read with a masked load.  Runs while 64 bytes of
 * room are left; the caller's loops take the rest. */
HCC_AVX512 static void decode_avx512(const char *raw, size_t n, size_t *pos, char *dst, size_t cap,
                                     size_t *outp) {
  static const char tbl[128] = {['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b',
                                ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t'};
  const __m512i lo = _mm512_loadu_si512((const void *)tbl), hi = _mm512_loadu_si512((const void *)(tbl + 64));
  const __m512i bsv = _mm512_set1_epi8('\\'), uv = _mm512_set1_epi8('u');
  size_t i = *pos, out = *outp;
  while (i < n && cap - out >= 64) {
    size_t len = n - i < 64 ? n - i : 64;
    __mmask64 all = len == 64 ? ~(__mmask64)0 : ((__mmask64)1 << len) - 1;
    _mm_prefetch(raw + i + 512, _MM_HINT_T0);
    __m512i x = _mm512_maskz_loadu_epi8(all, raw + i);
    uint64_t bs = _mm512_cmpeq_epi8_mask(x, bsv);
    if (!bs) {
      _mm512_storeu_si512((void *)(dst + out), x);
      i += len, out += len;
      continue;
    }
    uint64_t carry = 0, esc = hcc__escaped_bits(bs, &carry), starts = bs & ~esc;
    uint64_t u = esc & _mm512_cmpeq_epi8_mask(x, uv);
    size_t take = len;
    if (u) take = (size_t)__builtin_ctzll(u) - 1; /* up to the \u escape's backslash */
    else if (starts >> (len - 1) & 1) take = len - 1;
    if (!take) { /* a \u escape first */
      out += hcc__utf8_encode(hcc__json_body_next_slow(raw, n, &i), dst + out);
      continue;
    }
    uint64_t in = take == 64 ? ~0ull : (1ull << take) - 1;
    __m512i y = _mm512_mask_blend_epi8(esc, x, _mm512_permutex2var_epi8(lo, x, hi));
    uint64_t keep = ~starts & in;
    _mm512_storeu_si512((void *)(dst + out), _mm512_maskz_compress_epi8(keep, y));
    i += take, out += (size_t)__builtin_popcountll(keep);
  }
  *pos = i;
  *outp = out;
}
#endif

size_t hcc__json_decode_some(const char *raw, size_t n, size_t *pos, char *dst, size_t cap) {
  return hcc__json_decode_some_as(1, raw, n, pos, dst, cap);
}

size_t hcc__json_decode_some_as(int avx512, const char *raw, size_t n, size_t *pos, char *dst,
                                size_t cap) {
  size_t i = *pos, out = 0;
#ifdef HCC_AVX512
  if (avx512 && hcc__avx512()) decode_avx512(raw, n, &i, dst, cap, &out);
#else
  (void)avx512;
#endif
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* copy sixteen bytes, then keep what came before the first backslash
   * (at most 15) and the escape there (at most 4 bytes): 20 free bytes
   * hold either */
  const __m128i bs = _mm_set1_epi8('\\');
  while (n - i >= 16 && cap - out >= 20) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(raw + i));
    _mm_storeu_si128((__m128i *)(void *)(dst + out), x);
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs));
    if (!m) {
      i += 16, out += 16;
      continue;
    }
    size_t k = (size_t)__builtin_ctz(m);
    i += k, out += k;
    char e = raw[i + 1];
    if (e == 'u') {
      out += hcc__utf8_encode(hcc__json_body_next_slow(raw, n, &i), dst + out);
      continue;
    }
    dst[out++] = short_escape(e); /* inline: most escapes in text are \n */
    i += 2;
  }
#endif
  /* the rest piece by piece: as much of a run as fits (looked at no
   * further than that, so a long run cut by cap is not read twice), an
   * escape whole */
  while (i < n && out < cap) {
    if (raw[i] != '\\') {
      size_t m = n - i < cap - out ? n - i : cap - out;
      const char *e = memchr(raw + i, '\\', m);
      size_t k = e ? (size_t)(e - (raw + i)) : m;
      memcpy(dst + out, raw + i, k);
      out += k;
      i += k;
      continue;
    }
    size_t p = i;
    char tmp[4];
    size_t m = hcc__utf8_encode(hcc__json_body_next_slow(raw, n, &p), tmp);
    if (m > cap - out) break;
    memcpy(dst + out, tmp, m);
    out += m;
    i = p;
  }
  *pos = i;
  return out;
}

size_t hcc__json_decode_wide(const char *raw, size_t n, char *dst) {
  /* decoding never lengthens: n bytes of room always suffice */
  size_t pos = 0;
  return hcc__json_decode_some(raw, n, &pos, dst, n);
}

/* 1 when the escape raw[e..f) (f the offset after it) is one
 * json.dumps(ensure_ascii=False) writes for the code point cp: a short
 * form other than \/, or \u with lower-case hex for a control character
 * without a short form or for a lone surrogate (an escaped pair decodes
 * to a character above U+FFFF, which json.dumps writes as it is). */
static int dumps_escape(const char *raw, size_t e, size_t f, uint32_t cp) {
  if (raw[e + 1] != 'u') return raw[e + 1] != '/';
  for (size_t k = e + 2; k < f; k++)
    if (raw[k] >= 'A' && raw[k] <= 'F') return 0;
  if (cp >= 0xD800 && cp <= 0xDFFF) return 1;
  return cp < 0x20 && cp != '\b' && cp != '\t' && cp != '\n' && cp != '\f' && cp != '\r';
}

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
/* Set bits of x, without the library call popcount is on a CPU baseline
 * that lacks the instruction. */
static inline size_t bit_count(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (size_t)((x * 0x0101010101010101ULL) >> 56);
}

/* From raw[i], an escape boundary: how many raw bytes (*dd decoded ones)
 * are whole 64-byte blocks of plain bytes and two-byte escapes other than
 * \/ (escapes json.dumps writes the same), decoding to fewer than room
 * bytes.  Returns at an escape boundary: a block that ends on an escape's
 * backslash leaves that escape to the caller. */
static size_t canon_blocks(const char *raw, size_t n, size_t i, size_t room, size_t *dd) {
  const __m128i bs = _mm_set1_epi8('\\'), sl = _mm_set1_epi8('/'), lu = _mm_set1_epi8('u');
  size_t start = i, d = 0;
  uint64_t carry = 0;
  while (n - i >= 64) {
    uint64_t mb = 0, mo = 0;
    for (int k = 0; k < 4; k++) {
      __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(raw + i + 16 * k));
      mb |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs)) << (16 * k);
      mo |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, sl), _mm_cmpeq_epi8(x, lu)))
            << (16 * k);
    }
    uint64_t in_carry = carry, esc = hcc__escaped_bits(mb, &carry);
    size_t got = 64 - bit_count(esc);
    if ((esc & mo) || d + got >= room) {
      carry = in_carry;
      break;
    }
    d += got;
    i += 64;
  }
  /* an escape begun at the last byte taken: give its backslash back */
  *dd = d - (size_t)carry;
  return i - (size_t)carry - start;
}
#endif

int hcc__json_dumps_span(const char *raw, size_t n, size_t a, size_t b, size_t *ra, size_t *rb) {
  size_t i = 0, d = 0; /* raw and decoded offsets, in step */
  int have_a = 0;
  char tmp[4];
  for (;;) {
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
    if (have_a && n - i >= 64) { /* a long plain stretch before b: in blocks */
      size_t dd;
      i += canon_blocks(raw, n, i, b - d, &dd);
      d += dd;
    }
#endif
    size_t e = hcc__next_bslash(raw, i, n);
    if (!have_a && a <= d + (e - i)) *ra = i + (a - d), have_a = 1;
    if (b <= d + (e - i)) {
      *rb = i + (b - d);
      return 1;
    }
    d += e - i;
    if (e >= n) return 0; /* b past the decoded length */
    size_t f = e;
    uint32_t cp = hcc__json_body_next_slow(raw, n, &f);
    size_t len = hcc__utf8_encode(cp, tmp);
    if ((!have_a && a < d + len) || b < d + len) return 0; /* an end inside the escape */
    if (have_a && !dumps_escape(raw, e, f, cp)) return 0;
    d += len;
    i = f;
  }
}

size_t hcc__json_find_u_escape(const char *raw, size_t n, int (*wanted)(const void *ctx, uint32_t cp),
                               const void *ctx) {
  for (size_t at = 0; at < n;) {
    size_t e = at + hcc__find_pair(raw + at, n - at, '\\', 'u');
    if (e >= n || n - e < 6) break; /* a pair in the last five bytes is no \uXXXX */
    size_t p = e;
    if (wanted(ctx, hcc__json_body_next_slow(raw, n, &p))) return e;
    at = e + 2;
  }
  return n;
}

size_t hcc__json_decoded_len(const char *raw, size_t n) {
  return decode(raw, n, NULL);
}

size_t hcc__json_newlines(const char *raw, size_t n) {
  /* a raw newline cannot appear in a body: only "\n" and "\u000a" (any
   * case) decode to one; every other escape is skipped whole, so the "n"
   * of "\\n" is never taken for one */
  size_t lines = 0;
  for (size_t i = hcc__next_bslash(raw, 0, n); i < n; i = hcc__next_bslash(raw, i, n)) {
    char e = raw[i + 1];
    if (e == 'u') {
      lines += hex4(raw + i + 2) == '\n';
      i += 6;
    } else {
      lines += e == 'n';
      i += 2;
    }
  }
  return lines;
}

/* Surrogate pairs among the escaped 'u's (bit k of u: raw[at + k]) of a
 * block: a \u escape of a high surrogate followed at once by one of a
 * low surrogate is one code point of 12 bytes. */
static size_t pairs_at(const char *raw, size_t n, size_t at, uint64_t u) {
  size_t pairs = 0;
  for (; u; u &= u - 1) {
    size_t k = at + (size_t)__builtin_ctzll(u); /* the 'u'; the escape starts at k - 1 */
    uint32_t h = hex4(raw + k + 1);
    if (h >= 0xD800 && h <= 0xDBFF && k + 11 <= n && raw[k + 5] == '\\' && raw[k + 6] == 'u') {
      uint32_t w = hex4(raw + k + 7);
      pairs += w >= 0xDC00 && w <= 0xDFFF;
    }
  }
  return pairs;
}

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
/* Bit k of *b, *c, *u: p[k] is a backslash, a UTF-8 continuation byte
 * (10xxxxxx, below -64 read as signed), a 'u'. */
static inline void cps_masks(const char *p, uint64_t *b, uint64_t *c, uint64_t *u) {
  const __m128i bs = _mm_set1_epi8('\\'), lim = _mm_set1_epi8(-64), lu = _mm_set1_epi8('u');
  uint64_t mb = 0, mc = 0, mu = 0;
  for (int k = 0; k < 4; k++) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
    mb |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs)) << (16 * k);
    mc |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(x, lim)) << (16 * k);
    mu |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, lu)) << (16 * k);
  }
  *b = mb, *c = mc, *u = mu;
}
#else
static inline void cps_masks(const char *p, uint64_t *b, uint64_t *c, uint64_t *u) {
  uint64_t mb = 0, mc = 0, mu = 0;
  for (int k = 0; k < 64; k++) {
    unsigned char x = (unsigned char)p[k];
    mb |= (uint64_t)(x == '\\') << k;
    mc |= (uint64_t)((x & 0xC0) == 0x80) << k;
    mu |= (uint64_t)(x == 'u') << k;
  }
  *b = mb, *c = mc, *u = mu;
}
#endif

static inline __attribute__((always_inline)) size_t str_cps(const char *raw, size_t n, size_t cap) {
  /* Counting the body's code points as bytes that are not UTF-8
   * continuation bytes counts an escape (all ASCII) as its length; each
   * escaped character takes one back for a two-byte escape, a \u escape
   * four more, and a surrogate pair (two \u escapes, one code point) one
   * more.  Sixty-four bytes a step, the escapes found from bit masks: no
   * branch per escape (a tool output has one every few dozen bytes).
   *
   * The count after a step never exceeds the whole body's: a step counts
   * each escape it ends, or begins (by its backslash, its 'u' taking
   * five back and the pair one more), as at most one, and the bytes a
   * later step reads of it count as nothing or add back what was taken.
   * So once past cap it stays past, and the walk stops there. */
  size_t cps = 0, i = 0, pairs = 0;
  uint64_t carry = 0, b, c, u;
  char pad[64];
  for (;;) {
    const char *p = raw + i;
    size_t m = n - i < 64 ? n - i : 64;
    if (m < 64) { /* the tail, padded with bytes that count as one each */
      memset(pad, ' ', sizeof pad);
      if (m) memcpy(pad, p, m);
      p = pad;
    }
    cps_masks(p, &b, &c, &u);
    uint64_t esc = hcc__escaped_bits(b, &carry), eu = esc & u;
    cps += m - (size_t)__builtin_popcountll(c) - (size_t)__builtin_popcountll(esc) -
           4 * (size_t)__builtin_popcountll(eu);
    if (eu) pairs += pairs_at(raw, n, i, eu);
    if (m < 64 || cps - pairs > cap) break;
    i += 64;
  }
  return cps - pairs;
}

#if (defined(__x86_64__) || defined(__i386__)) && !defined(HCC_NO_SIMD)
/* The same with the popcnt instruction: without it the three counts of a
 * block are library calls. */
__attribute__((target("popcnt"))) static size_t str_cps_popcnt(const char *raw, size_t n, size_t cap) {
  return str_cps(raw, n, cap);
}
#endif

size_t hcc__json_str_cps_capped(const char *raw, size_t n, size_t cap) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(HCC_NO_SIMD)
  if (__builtin_cpu_supports("popcnt")) return str_cps_popcnt(raw, n, cap);
#endif
  return str_cps(raw, n, cap);
}

size_t hcc__json_str_cps(const char *raw, size_t n) { return hcc__json_str_cps_capped(raw, n, SIZE_MAX); }

int hcc__json_str_longer(const char *raw, size_t n, size_t k) {
  int gate = hcc__json_len_gate(n, k);
  return gate >= 0 ? gate : hcc__json_str_cps_capped(raw, n, k) > k;
}
