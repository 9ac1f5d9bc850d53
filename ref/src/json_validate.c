/* json_validate.c -- strict RFC 8259 validator and tokenizer in one
 * linear pass.
 *
 * The same scanner serves two callers.  hcc_json_validate only checks the
 * text and learns its facts (token count, longest string, ...), which is
 * how the workspace is sized.  hcc__json_scan also writes the tokens, in
 * exactly jsmn's layout and order (JSMN_STRICT with JSMN_PARENT_LINKS):
 * the text is read once, and closing a container costs O(1) because the
 * open containers' token indexes are kept on a stack, where jsmn walks the
 * parent chain.  jsmn stays the oracle: tests/unit/test_json_tokens.c
 * compares every token of this scanner with jsmn's on generated and
 * mutated documents.
 *
 * jsmn is a tokenizer, not a validator: it accepts missing commas, bad
 * numbers and literals, raw control bytes, invalid UTF-8 and several
 * roots, and stops at a NUL byte; this scanner rejects all of those.
 *
 * State lives on the C stack: a bit stack of HCC_MAX_DEPTH container
 * kinds, their start offsets and token indexes.  Cost is O(1) per byte
 * whatever the shape of the input. */
#include "internal.h"
#include "lane_count.h"
#include "next_bslash.h"

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
#include <emmintrin.h>
#endif

enum { K_ARRAY = 0, K_OBJECT = 1 };

/* What the grammar allows at the current position. */
enum {
  S_VALUE,       /* a value (root, after '[' handled separately, after ':') */
  S_ARR_FIRST,   /* after '[': a value or ']' */
  S_ARR_NEXT,    /* after an array element: ',' or ']' */
  S_OBJ_FIRST,   /* after '{': a key or '}' */
  S_OBJ_KEY,     /* after ',' in an object: a key */
  S_OBJ_COLON,   /* after a key: ':' */
  S_OBJ_NEXT,    /* after a member value: ',' or '}' */
  S_DONE         /* root value complete: only blanks */
};

typedef struct vstate {
  const unsigned char *s;
  size_t n;
  size_t i;
  hcc_json_info info;
  hcc_error *err;
  int avx2;    /* long strings go to long_run_avx2 */
  int avx512;  /* ... to long_run_avx512 (avx2 is set too) */
  int plain;   /* the last string scanned ended in its first sixteen bytes
                  with no backslash before its quote */
  int count;   /* HCC_PARSE_CPS: the long run counts what it takes */
  size_t run_end, run_cps; /* the last string's body up to run_end (from
                              its start) holds run_cps code points */
} vstate;

static int is_blank(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int hexval(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Reads 4 hex digits at s[i]; returns the value or -1. */
static long hex4(const vstate *v, size_t i) {
  long u = 0;
  if (v->n - i < 4) return -1;
  for (size_t k = 0; k < 4; k++) {
    int h = hexval(v->s[i + k]);
    if (h < 0) return -1;
    u = u * 16 + h;
  }
  return u;
}

/* Length of the strict UTF-8 sequence at s[i] (2..4), or 0 when invalid:
 * no overlongs, no encoded surrogates, nothing above U+10FFFF. */
static size_t utf8_seq(const vstate *v, size_t i) {
  const unsigned char *s = v->s;
  size_t left = v->n - i;
  unsigned char c = s[i];
  unsigned char lo = 0x80, hi = 0xBF;
  size_t len;
  if (c >= 0xC2 && c <= 0xDF) len = 2;
  else if (c == 0xE0) { len = 3; lo = 0xA0; }
  else if (c >= 0xE1 && c <= 0xEC) len = 3;
  else if (c == 0xED) { len = 3; hi = 0x9F; }
  else if (c >= 0xEE && c <= 0xEF) len = 3;
  else if (c == 0xF0) { len = 4; lo = 0x90; }
  else if (c >= 0xF1 && c <= 0xF3) len = 4;
  else if (c == 0xF4) { len = 4; hi = 0x8F; }
  else return 0;
  if (left < len) return 0;
  if (s[i + 1] < lo || s[i + 1] > hi) return 0;
  for (size_t k = 2; k < len; k++)
    if (s[i + k] < 0x80 || s[i + k] > 0xBF) return 0;
  return len;
}

/* Bytes at s[i..n) that are plain string content: printable ASCII other
 * than '"' and '\\'.  With SSE2 (every x86-64) sixteen bytes are tested
 * at once: a byte stops the run when it equals '"' or '\\', or is a
 * control byte or 0x80 and up (read as signed bytes, exactly the bytes
 * below 0x20).  Elsewhere eight at a time in a 64-bit word (SWAR).  Long
 * strings go to long_run_avx2 where the CPU has AVX2; this is the scan
 * of the rest. */
static size_t plain_run(const unsigned char *s, size_t i, size_t n) {
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  while (n - i >= 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, bslash)),
                                _mm_cmplt_epi8(x, space));
    unsigned mask = (unsigned)_mm_movemask_epi8(stop);
    if (mask) break;
    i += 16;
  }
#else
  const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  while (n - i >= 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    uint64_t quote = w ^ (ones * '"'), bslash = w ^ (ones * '\\');
    /* a byte is "special" when it is zero in quote/bslash, below 0x20, or has its high bit */
    uint64_t special = ((quote - ones) & ~quote) | ((bslash - ones) & ~bslash) |
                       ((w - ones * 0x20) & ~w) | w;
    if (special & highs) break;
    i += 8;
  }
#endif
  while (i < n && s[i] >= 0x20 && s[i] < 0x80 && s[i] != '"' && s[i] != '\\') i++;
  return i;
}

/* The two-byte escapes: the character after the backslash.  (\u, with
 * hex to check and surrogates to count, is handled on its own.) */
static const unsigned char SIMPLE_ESCAPE[256] = {
    ['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1, ['r'] = 1, ['t'] = 1};

#if defined(__SSE2__) && !defined(HCC_NO_SIMD)

/* The bytes among s[0..16) that stop a plain run (as plain_run: '"',
 * '\\', control bytes and bytes 0x80 and up) in *stop, the quotes among
 * them in *q. */
static inline void first_block(const unsigned char *s, unsigned *stop, unsigned *q) {
  __m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);
  __m128i low = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
  *q = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')));
  *stop = *q | (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\\')), low));
}
#endif

/* Validates the run of non-ASCII sequences at s[i] and returns the offset
 * after it, or 0 with v->i at the first invalid sequence.  Non-Latin text
 * is runs of sequences of one length, so each is checked in one 32-bit
 * load: the length's bit pattern, then the decoded value against
 * overlongs, surrogates and U+10FFFF (the same rule as utf8_seq, which
 * takes the last bytes of the input and decides every doubtful case). */
static size_t utf8_run(vstate *v, size_t i) {
  const unsigned char *s = v->s;
  while (i < v->n && s[i] >= 0x80) {
    if (v->n - i >= 4) {
      uint32_t w = (uint32_t)s[i] | (uint32_t)s[i + 1] << 8 | (uint32_t)s[i + 2] << 16 |
                   (uint32_t)s[i + 3] << 24;
      if ((w & 0xC0C0F0u) == 0x8080E0u) { /* 1110xxxx 10xxxxxx 10xxxxxx */
        uint32_t cp = (w & 0x0F) << 12 | (w >> 8 & 0x3F) << 6 | (w >> 16 & 0x3F);
        if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
          i += 3;
          continue;
        }
      } else if ((w & 0xC0E0u) == 0x80C0u) { /* 110xxxxx 10xxxxxx */
        if ((w & 0xFF) >= 0xC2) {
          i += 2;
          continue;
        }
      } else if ((w & 0xC0C0C0F8u) == 0x808080F0u) { /* 11110xxx and three 10xxxxxx */
        uint32_t cp = (w & 0x07) << 18 | (w >> 8 & 0x3F) << 12 | (w >> 16 & 0x3F) << 6 | (w >> 24 & 0x3F);
        if (cp >= 0x10000 && cp <= 0x10FFFF) {
          i += 4;
          continue;
        }
      }
    }
    size_t k = utf8_seq(v, i);
    if (!k) {
      v->i = i;
      return 0;
    }
    i += k;
  }
  return i;
}

/* The \u escape whose backslash is at s[i]: its hex digits checked, a
 * high surrogate joined with an escaped low one that follows at once, the
 * escape counted into odd_escapes (a pair once) and a surrogate left alone
 * into lone_surrogates.  Returns the offset after it, or 0 when the digits
 * are bad (nothing counted then). */
static inline size_t u_escape(vstate *v, size_t i) {
  long u = hex4(v, i + 2);
  if (u < 0) return 0;
  v->info.odd_escapes++;
  i += 6;
  if (u >= 0xD800 && u <= 0xDBFF) {
    long w = (i + 1 < v->n && v->s[i] == '\\' && v->s[i + 1] == 'u') ? hex4(v, i + 2) : -1;
    if (w >= 0xDC00 && w <= 0xDFFF) i += 6;
    else v->info.lone_surrogates++;
  } else if (u >= 0xDC00 && u <= 0xDFFF) {
    v->info.lone_surrogates++;
  }
  return i;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(HCC_NO_SIMD) && \
    !defined(HCC_NO_AVX2)
#include "utf8_avx2.h"
#define HCC_LONG_AVX2 1
/* popcnt too: every AVX2 CPU has it, and without it a count is a library call */
#define AVX2 __attribute__((target("avx2,popcnt")))

/* 64 bits of byte masks from two 32-byte halves. */
AVX2 static inline uint64_t bits64(__m256i lo, __m256i hi) {
  return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

/* The bytes of x that may follow a backslash (" \ / b f n r t u), by a
 * table of each nibble: bit 0 for 0x2_, bit 1 for 0x5_, bit 2 for 0x6_,
 * bit 3 for 0x7_, set in the low-nibble table for the letters there. */
AVX2 static inline __m256i escape_letters(__m256i x) {
  const __m256i lo_t = _mm256_setr_epi8(0, 0, 13, 0, 8, 8, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1,
                                        0, 0, 13, 0, 8, 8, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1);
  const __m256i hi_t = _mm256_setr_epi8(0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0,
                                        0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i nib = _mm256_set1_epi8(0x0F);
  __m256i l = _mm256_shuffle_epi8(lo_t, _mm256_and_si256(x, nib));
  __m256i h = _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib));
  return _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_and_si256(l, h), _mm256_setzero_si256()),
                          _mm256_set1_epi8(-1));
}

/* long_run_avx2's answer when a block is not valid UTF-8 */
#define RUN_DOUBT ((size_t)-1)

/* The bytes before s[i] that begin a UTF-8 sequence s[i] would continue
 * (0 to 3): where the byte scan may take over without starting inside a
 * sequence. */
static inline size_t seq_back(const unsigned char *s, size_t i) {
  if (i >= 1 && s[i - 1] >= 0xC0) return 1;
  if (i >= 2 && s[i - 2] >= 0xE0) return 2;
  if (i >= 3 && s[i - 3] >= 0xF0) return 3;
  return 0;
}

/* What one 64-byte block of a long string shows, bit k for byte k: the
 * quotes, backslashes and control bytes; its UTF-8 continuation bytes
 * (read only when counting); and, read only when the block holds a
 * backslash or starts escaped, the bytes that may follow a backslash
 * (escape_letters), the 'u's and the '/'s. */
typedef struct run_masks {
  uint64_t q, b, c, cont, letters, u, sl;
} run_masks;

enum { STEP_ON, STEP_JUMP, STEP_END };

/* One block of a long run at s[i] (see long_run): STEP_ON when the body
 * goes on past it; STEP_JUMP when a \u pair ran into the next block and
 * the run goes on after it at *ip (the UTF-8 state starts over there);
 * STEP_END when *ip is the answer: the closing quote, or where the byte
 * scan takes over (a control byte, a bad escape, bad hex).  The escapes
 * follow from the runs of backslashes with carries (hcc__escaped_bits);
 * the first unescaped quote ends the body; the \u escapes are taken in
 * order up to the first bad escape, since the first error in the text is
 * the one the byte scan reports.  Counting (HCC_PARSE_CPS), *gone adds
 * the bytes taken that do not start a code point: continuation bytes,
 * the backslash of a short escape, all of a \u escape (or pair) but
 * one. */
static inline __attribute__((always_inline)) int run_step(vstate *v, size_t *ip, const run_masks *m,
                                                          uint64_t *carry, size_t *gone, size_t from,
                                                          const int count) {
  size_t i = *ip;
  uint64_t in_carry = *carry;
  uint64_t escaped = m->b | *carry ? hcc__escaped_bits(m->b, carry) : 0;
  uint64_t end = m->q & ~escaped;
  uint64_t before = end ? (end & (0 - end)) - 1 : ~(uint64_t)0;
  if (m->c & before) {
    *ip = i - (size_t)in_carry - seq_back(v->s, i);
    return STEP_END;
  }
  uint64_t e = escaped & before;
  if (count) *gone += (size_t)__builtin_popcountll(before & m->cont);
  if (e) {
    uint64_t bad = e & ~m->letters, u = e & m->u, sl = e & m->sl;
    if (bad) u &= (bad & (0 - bad)) - 1, sl &= (bad & (0 - bad)) - 1;
    if (sl) v->info.odd_escapes += (size_t)__builtin_popcountll(sl);
    if (count) *gone += (size_t)__builtin_popcountll(e & ~u);
    size_t after = 0; /* the end of the last \u escape taken */
    for (; u; u &= u - 1) {
      size_t at = i + (size_t)__builtin_ctzll(u) - 1;
      if (at < after) continue; /* the low half of a pair */
      size_t f = u_escape(v, at);
      if (!f) { /* bad hex: the byte scan reports it */
        *ip = at;
        return STEP_END;
      }
      after = f;
      if (count) *gone += f - at - 1;
    }
    if (bad) { /* the escape's backslash */
      *ip = i + (size_t)__builtin_ctzll(bad) - 1;
      return STEP_END;
    }
    if (after > i + 64) { /* a pair ran into the next block: go on after it */
      *ip = after;
      *carry = 0;
      return STEP_JUMP;
    }
  }
  if (end) {
    i += (size_t)__builtin_ctzll(end);
    if (count) v->run_end = i, v->run_cps = i - from - *gone;
    *ip = i;
    return STEP_END;
  }
  *ip = i + 64;
  return STEP_ON;
}

/* Fewer than 64 bytes left: the byte scan goes on from the last sequence
 * start at or before i that is no escape's letter. */
static inline __attribute__((always_inline)) size_t run_rest(vstate *v, size_t i, uint64_t carry,
                                                             size_t gone, size_t from, const int count) {
  size_t back = seq_back(v->s, i); /* a lead byte and back - 1 continuation bytes */
  if (count) {
    v->run_end = i - (size_t)carry - back;
    v->run_cps = v->run_end - from - (gone - (back ? back - 1 : 0));
  }
  return i - (size_t)carry - back;
}

/* The body of a long string from s[i], which starts a UTF-8 sequence, 64
 * bytes a step (two AVX2 loads): returns an offset where the byte scan of
 * scan_string can go on (never inside an escape or a UTF-8 sequence),
 * which is the closing quote when the whole body was taken.  A
 * transcript's long strings have a quote or backslash every dozen bytes;
 * stopping at each costs a mispredicted branch, which this avoids: a
 * block's escapes, quotes and control bytes are read off bit masks
 * (run_step), so a terminal output's ANSI \u001b does not send the rest
 * of its string to the byte scan.  Each block's UTF-8 is checked as it is
 * read (utf8_avx2.h), every block through the whole look-up, which also
 * flags a sequence the block before left unfinished: no shortcut for an
 * all-ASCII block (a test of the high bits, the cut sequence carried
 * over), since a transcript's ASCII and CJK blocks alternate and that
 * branch cost more than the look-ups it saved (validate on 10 MB, best
 * of 20 runs side by side: 2,577 -> 3,105 MB/s).  A block
 * that is not valid UTF-8 (bytes after the closing quote included)
 * answers RUN_DOUBT, and the byte scan takes over from s[i] and reports
 * the first error.  A control byte, a bad escape, bad hex or fewer than
 * 64 bytes left hand back at a boundary and let the byte scan decide (and
 * report). */
static inline __attribute__((always_inline)) AVX2 size_t long_run(vstate *v, size_t i, const int count) {
  const unsigned char *s = v->s;
  const size_t n = v->n, from = i;
  size_t gone = 0;
  const __m256i cont_lim = _mm256_set1_epi8(-64);
  const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\'), c1f = _mm256_set1_epi8(0x1F),
                lu = _mm256_set1_epi8('u'), slash = _mm256_set1_epi8('/');
  uint64_t carry = 0; /* byte i is escaped by a backslash at i - 1 */
  /* UTF-8 of the blocks read (utf8_avx2.h): the run starts where a
   * sequence does (after ASCII), so the block before counts as ASCII */
  __m256i last = _mm256_setzero_si256();
  while (n - i >= 64) {
    __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
    __m256i bad8 = _mm256_or_si256(block_errors(lo, last), block_errors(hi, lo));
    last = hi;
    if (!_mm256_testz_si256(bad8, bad8)) return RUN_DOUBT; /* the byte scan decides */
    run_masks m = {0, 0, 0, 0, 0, 0, 0};
    m.q = bits64(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
    m.b = bits64(_mm256_cmpeq_epi8(lo, bslash), _mm256_cmpeq_epi8(hi, bslash));
    m.c = bits64(_mm256_cmpeq_epi8(_mm256_min_epu8(lo, c1f), lo), _mm256_cmpeq_epi8(_mm256_min_epu8(hi, c1f), hi));
    if (count) m.cont = bits64(_mm256_cmpgt_epi8(cont_lim, lo), _mm256_cmpgt_epi8(cont_lim, hi));
    if (m.b | carry) {
      m.letters = bits64(escape_letters(lo), escape_letters(hi));
      m.u = bits64(_mm256_cmpeq_epi8(lo, lu), _mm256_cmpeq_epi8(hi, lu));
      m.sl = bits64(_mm256_cmpeq_epi8(lo, slash), _mm256_cmpeq_epi8(hi, slash));
    }
    int r = run_step(v, &i, &m, &carry, &gone, from, count);
    if (r == STEP_END) return i;
    if (r == STEP_JUMP) last = _mm256_setzero_si256(); /* after the hex digits */
  }
  return run_rest(v, i, carry, gone, from, count);
}

/* The two copies: the scan of every op, and the one that counts. */
AVX2 static size_t long_run_avx2(vstate *v, size_t i) { return long_run(v, i, 0); }
AVX2 static size_t long_run_avx2_count(vstate *v, size_t i) { return long_run(v, i, 1); }

#ifdef HCC_AVX512
#include "utf8_avx512.h"

/* escape_letters on a 64-byte block, as a mask: the same nibble tables
 * in each 16-byte lane. */
HCC_AVX512 static inline uint64_t escape_letters512(__m512i x) {
  static const unsigned char lo_t[16] = {0, 0, 13, 0, 8, 8, 4, 0, 0, 0, 0, 0, 2, 0, 4, 1};
  static const unsigned char hi_t[16] = {0, 0, 1, 0, 0, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0};
  const __m512i nib = _mm512_set1_epi8(0x0F);
  __m512i l = _mm512_shuffle_epi8(lut512(lo_t), _mm512_and_si512(x, nib));
  __m512i h = _mm512_shuffle_epi8(lut512(hi_t), _mm512_and_si512(_mm512_srli_epi16(x, 4), nib));
  return _mm512_test_epi8_mask(l, h);
}

/* long_run with one AVX-512 load a block: the masks come straight from
 * the compares, the UTF-8 check is utf8_avx512.h's. */
static inline __attribute__((always_inline)) HCC_AVX512 size_t long_run_512(vstate *v, size_t i,
                                                                            const int count) {
  const unsigned char *s = v->s;
  const size_t n = v->n, from = i;
  size_t gone = 0;
  const __m512i cont_lim = _mm512_set1_epi8(-64);
  const __m512i quote = _mm512_set1_epi8('"'), bslash = _mm512_set1_epi8('\\'), c1f = _mm512_set1_epi8(0x1F),
                lu = _mm512_set1_epi8('u'), slash = _mm512_set1_epi8('/');
  uint64_t carry = 0;
  __m512i last = _mm512_setzero_si512();
  while (n - i >= 64) {
    __m512i x = _mm512_loadu_si512((const void *)(s + i));
    __m512i bad8 = block_errors512(x, last);
    last = x;
    if (_mm512_test_epi8_mask(bad8, bad8)) return RUN_DOUBT; /* the byte scan decides */
    run_masks m = {0, 0, 0, 0, 0, 0, 0};
    m.q = _mm512_cmpeq_epi8_mask(x, quote);
    m.b = _mm512_cmpeq_epi8_mask(x, bslash);
    m.c = _mm512_cmple_epu8_mask(x, c1f);
    if (count) m.cont = _mm512_cmplt_epi8_mask(x, cont_lim);
    if (m.b | carry) {
      m.letters = escape_letters512(x);
      m.u = _mm512_cmpeq_epi8_mask(x, lu);
      m.sl = _mm512_cmpeq_epi8_mask(x, slash);
    }
    int r = run_step(v, &i, &m, &carry, &gone, from, count);
    if (r == STEP_END) return i;
    if (r == STEP_JUMP) last = _mm512_setzero_si512(); /* after the hex digits */
  }
  return run_rest(v, i, carry, gone, from, count);
}

HCC_AVX512 static size_t long_run_avx512(vstate *v, size_t i) { return long_run_512(v, i, 0); }
HCC_AVX512 static size_t long_run_avx512_count(vstate *v, size_t i) { return long_run_512(v, i, 1); }
#endif
#endif

static int scan_string(vstate *v) {
  size_t start = v->i + 1;
  size_t i = start;
  v->plain = 0;
  v->run_end = start, v->run_cps = 0;
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
  /* The first sixteen bytes decide most strings (keys, ids, roles): a
   * quote first ends the string here; anything else first, in a string
   * with 64 bytes left, sends it to long_run_avx2. */
  if (v->n - i >= 16) {
    unsigned stop, q;
    first_block(v->s + i, &stop, &q);
    if (stop & q & (0 - stop)) {
      i += (size_t)__builtin_ctz(stop);
      v->plain = 1;
      goto closed;
    }
#ifdef HCC_LONG_AVX2
    if (v->avx2 && v->n - i >= 64) {
      /* a doubt about UTF-8 (only bad UTF-8 raises one) hands the rest of
       * the input to the byte scan, which finds and reports the first
       * error; the run's counts are taken back first */
      size_t odd = v->info.odd_escapes, lone = v->info.lone_surrogates;
      size_t r;
#ifdef HCC_AVX512
      if (v->avx512) r = v->count ? long_run_avx512_count(v, i) : long_run_avx512(v, i);
      else
#endif
        r = v->count ? long_run_avx2_count(v, i) : long_run_avx2(v, i);
      if (r == RUN_DOUBT) {
        v->info.odd_escapes = odd, v->info.lone_surrogates = lone;
        v->avx2 = v->avx512 = 0;
        i += stop ? (size_t)__builtin_ctz(stop) : 16;
      } else {
        i = r;
      }
    } else
#endif
      i += stop ? (size_t)__builtin_ctz(stop) : 16;
  }
#endif
  while (i < v->n) {
    i = plain_run(v->s, i, v->n);
    if (i >= v->n) break;
    unsigned char c = v->s[i];
    if (c == '"') {
#if defined(__SSE2__) && !defined(HCC_NO_SIMD)
    closed:;
#endif
      size_t body = i - start;
      if (body > v->info.max_string) v->info.max_string = body;
      v->i = i + 1;
      return HCC_OK;
    }
    if (c < 0x20)
      return hcc__fail(v->err, HCC_E_CONTROL, i,
                       "raw control byte inside a string (escape it as \\u00XX)");
    if (c == '\\') {
      if (i + 1 >= v->n) break;
      unsigned char e = v->s[i + 1];
      if (e == 'u') {
        size_t f = u_escape(v, i);
        if (!f)
          return hcc__fail(v->err, HCC_E_ESCAPE, i,
                           "\\u must be followed by four hex digits");
        i = f;
        continue;
      }
      if (SIMPLE_ESCAPE[e]) {
        v->info.odd_escapes += e == '/';
        i += 2;
        continue;
      }
      return hcc__fail(v->err, HCC_E_ESCAPE, i, "unknown backslash escape");
    }
    if (c < 0x80) { i++; continue; }
    i = utf8_run(v, i);
    if (!i) return hcc__fail(v->err, HCC_E_UTF8, v->i, "invalid UTF-8 in a string");
  }
  return hcc__fail(v->err, HCC_E_TRUNCATED, v->n, "unterminated string");
}

/* 1 when the (already validated) escaped key body raw[0..n) decodes to
 * the ASCII word w.  Escaping each of at most 9 ASCII letters as \u00XX
 * makes at most 54 raw bytes. */
static __attribute__((noinline)) int is_key_escaped(const unsigned char *raw, size_t n, const char *w,
                                                    size_t wn) {
  char tmp[54];
  if (n < wn || n > 6 * wn) return 0; /* decoding only shortens, by 5 a byte at most */
  return hcc__json_decode((const char *)raw, n, tmp) == wn && memcmp(tmp, w, wn) == 0;
}

/* 1 when the string body raw[0..n) just scanned holds a backslash (plain:
 * the scan saw none, so there is nothing to look for). */
static inline int escaped_key(const unsigned char *raw, size_t n, int plain) {
  return !plain && hcc__next_bslash((const char *)raw, 0, n) < n;
}

/* The hcc_word of the string body raw[0..n) just scanned.  Inlined: it
 * runs for every key, with the compares of the list's spellings at
 * constant lengths. */
static inline __attribute__((always_inline)) int word_of(const unsigned char *raw, size_t n, int plain) {
  return escaped_key(raw, n, plain) ? HCC_W_ESCAPED : hcc__word_id((const char *)raw, n);
}

/* word_of for the checking-only scan, which needs to know only whether a
 * key is "arguments" or "name" (for the facts in hcc_json_info). */
static inline __attribute__((always_inline)) int args_or_name(const unsigned char *raw, size_t n, int plain) {
  if (n == 9 && memcmp(raw, "arguments", 9) == 0) return HCC_W_ARGUMENTS;
  if (n == 4 && memcmp(raw, "name", 4) == 0) return HCC_W_NAME;
  return escaped_key(raw, n, plain) ? HCC_W_ESCAPED : HCC_W_OTHER;
}

/* Bytes of s[0..n) that are '[', '{', ',' or ':', and its \u escapes
 * (see hcc_json_info.max_arguments_tokens): the other escapes spell none
 * of the four.  The bytes sixteen at a time with SSE2 (lane_count.h); the
 * escapes found one after the other (each "\\u" counted, an escaped
 * backslash before a u too: a bound). */
static size_t structural_bytes(const unsigned char *s, size_t n) {
  size_t c = 0, i = 0;
#ifdef HCC_LANE_COUNT
  c = hcc__lane_count((const char *)s, n, HCC_MARK_STRUCTURAL, 0, &i);
#endif
  for (; i < n; i++) c += s[i] == '[' || s[i] == '{' || s[i] == ',' || s[i] == ':';
  for (size_t at = 0; (at += hcc__find_pair((const char *)s + at, n - at, '\\', 'u')) < n; at += 2) c++;
  return c;
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* A byte that may follow a number or literal directly: structural or blank. */
static int is_delim(unsigned char c) {
  return is_blank(c) || c == ',' || c == ']' || c == '}' || c == ':';
}

static int scan_number(vstate *v) {
  size_t i = v->i;
  const unsigned char *s = v->s;
  if (s[i] == '-') i++;
  if (i >= v->n || !is_digit(s[i])) goto bad;
  if (s[i] == '0') i++;
  else i = hcc__digits_end(s, i, v->n);
  if (i < v->n && s[i] == '.') {
    i++;
    if (i >= v->n || !is_digit(s[i])) goto bad;
    i = hcc__digits_end(s, i, v->n);
  }
  if (i < v->n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < v->n && (s[i] == '+' || s[i] == '-')) i++;
    if (i >= v->n || !is_digit(s[i])) goto bad;
    i = hcc__digits_end(s, i, v->n);
  }
  if (i < v->n && !is_delim(s[i])) goto bad;
  v->i = i;
  return HCC_OK;
bad:
  return hcc__fail(v->err, HCC_E_NUMBER, i < v->n ? i : v->n,
                   i < v->n ? "malformed number" : "number ends too early");
}

static int scan_literal(vstate *v) {
  static const char *const lits[3] = {"true", "false", "null"};
  const char *lit = v->s[v->i] == 't' ? lits[0] : v->s[v->i] == 'f' ? lits[1] : lits[2];
  size_t k = strlen(lit);
  size_t i = v->i;
  for (size_t j = 0; j < k; j++) {
    if (i + j >= v->n || v->s[i + j] != (unsigned char)lit[j])
      return hcc__fail(v->err, HCC_E_LITERAL, i + j,
                       "expected exactly true, false or null");
  }
  if (i + k < v->n && !is_delim(v->s[i + k]))
    return hcc__fail(v->err, HCC_E_LITERAL, i + k,
                     "extra characters after a literal");
  v->i = i + k;
  return HCC_OK;
}

enum { ID_RING = 256 }; /* recent ids the scan links to (id_token) */

/* Token writer of the tokenizing scan: the tokens go to tok[0..cap); past
 * cap they are only counted (the caller reports the workspace it needs). */
typedef struct tsink {
  hcc_tok *tok;
  size_t cap;
  int ok; /* every token so far fitted */
  int ids; /* HCC_PARSE_IDS: id values are hashed (id_token) */
  int cps; /* HCC_PARSE_CPS: string values get their code point count */
  int recent[ID_RING]; /* by hash: the last HASHED id token, or -1 */
  uint32_t recent_h[ID_RING]; /* its hash: an id unlike it is told apart
                               * without loading that token, most often
                               * far back and out of cache */
} tsink;

/* The string value idx (body[0..n)) of an "id", "tool_call_id" or
 * "call_id" key.  Pairing calls with results hashes and compares ids in
 * a later pass, when on a large transcript their bytes have left the
 * cache (a miss for each, and two for each comparison): their hash is
 * taken here, while the bytes are in cache, and kept in the token's size
 * (HCC_W_HASHED).  When the last such token with the same hash (the
 * result's call, mostly a few messages back) spells the same bytes, the
 * token is linked to it instead (HCC_W_LINKED, size its index), and the
 * two compare equal without reading either text (hcc__jstr_eq).  A link
 * is only ever a shortcut: ids spelt differently (escapes) that decode
 * the same are still found equal by their text. */
static void id_token(tsink *t, const char *text, size_t idx, size_t at, size_t n) {
  hcc_tok *k = &t->tok[idx];
  uint32_t h = hcc__jstr_hash_raw(text + at, n);
  int *r = &t->recent[h % ID_RING];
  if (*r >= 0 && t->recent_h[h % ID_RING] == h) {
    const hcc_tok *e = &t->tok[*r];
    if ((size_t)(e->end - e->start) == n &&
        memcmp(text + e->start, text + at, n) == 0) {
      k->tag = HCC_W_LINKED;
      k->size = *r;
      return;
    }
  }
  k->tag = HCC_W_HASHED;
  k->size = (int)h;
  *r = (int)idx;
  t->recent_h[h % ID_RING] = h;
}

/* Opens token idx (a value or a key) under parent, which gains a child. */
static inline void tok_open(tsink *t, size_t idx, hcc_toktype type, size_t start, int parent) {
  if (idx >= t->cap) {
    t->ok = 0;
    return;
  }
  hcc_tok *k = &t->tok[idx];
  k->type = (unsigned char)type;
  k->tag = HCC_W_OTHER;
  k->start = (int)start;
  k->end = -1;
  k->size = 0;
  k->next = (int)idx + 1; /* a container's is set when it closes */
  if (parent >= 0) t->tok[parent].size++;
}

/* All zero, copied rather than memset: for a struct this size the
 * compiler's memset is a `rep stos`, whose start-up cost was a fifth of
 * parsing a call's arguments of 30 bytes (prune parses thousands). */
static const hcc_json_info no_info;

/* The scan itself.  `emit` is a constant at both call sites, so the
 * compiler builds a checking-only copy without any of the token writes. */
static inline __attribute__((always_inline)) int
scan(const char *in, size_t len, hcc_json_info *info, tsink *t, hcc_error *err,
     const int emit, int wide) {
  uint64_t kinds[HCC_MAX_DEPTH / 64];
  size_t starts[HCC_MAX_DEPTH]; /* where each open container began */
  int open_tok[HCC_MAX_DEPTH]; /* token index of each open container (tokenizing scan) */
  size_t depth = 0;
  int st = S_VALUE;
  size_t key_start = 0;
  int key_is_args = 0;  /* the last key read was "arguments" */
  int key_is_name = 0;  /* ... "name" */
  int key_may_be_role = 0; /* ... "role" or "from", or escaped (its value is tagged) */
  int key_is_id = 0;    /* ... "id", "tool_call_id" or "call_id" (its value is hashed) */
  /* Messages sit one level deep under an array root, two under an object
   * root ({"messages": [...]}): the message level. */
  size_t msg_depth = 1, msg_tok = 0; /* first token of the open message */
  int member_value = 0; /* the value being read follows a ':' */
  int args_value = 0;   /* ... and its key is "arguments" */
  int key_tok = -1;     /* token of the last key (the parent of its value) */
  vstate v;
  int rc;
  v.s = (const unsigned char *)in;
  v.n = len;
  v.i = 0;
  v.info = no_info;
  v.err = err;
  v.avx2 = v.avx512 = 0;
  v.plain = 0;
  v.count = emit && t->cps;
  v.run_end = v.run_cps = 0;
  if (info) *info = no_info; /* what a failure leaves */
  if (err) hcc__fail(err, HCC_OK, 0, "ok");
  if (len > HCC_MAX_INPUT)
    return hcc__fail(err, HCC_E_TOOBIG, HCC_MAX_INPUT,
                     "input is larger than HCC_MAX_INPUT");
  while (v.i < len && is_blank(v.s[v.i])) v.i++;
  if (v.i == len) return hcc__fail(err, HCC_E_EMPTY, v.i, "no JSON value in the input");
  v.info.root = v.s[v.i];
#ifdef HCC_LONG_AVX2
  v.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
#ifdef HCC_AVX512
  v.avx512 = wide && v.avx2 && hcc__avx512();
#else
  (void)wide;
#endif

  while (v.i < len) {
    unsigned char c = v.s[v.i];
    if (is_blank(c)) { v.i++; continue; }
    switch (st) {
    case S_DONE:
      return hcc__fail(err, HCC_E_TRAILING, v.i,
                       "data after the root value (exactly one root is allowed)");
    case S_OBJ_COLON:
      if (c != ':') return hcc__fail(err, HCC_E_SYNTAX, v.i, "expected ':' after an object key");
      v.i++;
      st = S_VALUE;
      member_value = 1;
      continue;
    case S_OBJ_FIRST:
    case S_OBJ_KEY:
      if (c == '}' && st == S_OBJ_FIRST) goto close;
      key_start = v.i;
      if (c != '"')
        return hcc__fail(err, HCC_E_SYNTAX, v.i,
                         st == S_OBJ_FIRST ? "expected a string key or '}'"
                                           : "expected a string key after ','");
      if ((rc = scan_string(&v)) != HCC_OK) return rc;
      {
        const unsigned char *kb = v.s + key_start + 1;
        size_t kn = v.i - key_start - 2;
        int kid = emit ? word_of(kb, kn, v.plain) : args_or_name(kb, kn, v.plain);
        if (emit) {
          key_tok = (int)v.info.tokens;
          tok_open(t, v.info.tokens, HCC_T_STRING, key_start + 1, open_tok[depth - 1]);
          if (t->ok) t->tok[key_tok].end = (int)(v.i - 1), t->tok[key_tok].tag = (unsigned char)kid;
        }
        v.info.tokens++;
        /* the transcript finds keys decoded (hcc__json_members), so
         * "\u0061rguments" counts for max_arguments too */
        key_is_args = kid == HCC_W_ARGUMENTS ||
                      (kid == HCC_W_ESCAPED && is_key_escaped(kb, kn, "arguments", 9));
        key_is_name = kid == HCC_W_NAME || (kid == HCC_W_ESCAPED && !key_is_args &&
                                              is_key_escaped(kb, kn, "name", 4));
        key_may_be_role = kid == HCC_W_ROLE || kid == HCC_W_FROM || kid == HCC_W_ESCAPED;
        key_is_id = kid == HCC_W_ID || kid == HCC_W_TOOL_CALL_ID || kid == HCC_W_CALL_ID;
      }
      if (v.i + 1 < len && v.s[v.i] == ':' && v.s[v.i + 1] == ' ') { /* json.dumps's ": " at once */
        v.i += 2;
        st = S_VALUE;
        member_value = 1;
        continue;
      }
      st = S_OBJ_COLON;
      continue;
    case S_ARR_NEXT:
    case S_OBJ_NEXT:
      if (c == ',') {
        v.i++;
        st = st == S_ARR_NEXT ? S_VALUE : S_OBJ_KEY;
        continue;
      }
      if ((c == ']' && st == S_ARR_NEXT) || (c == '}' && st == S_OBJ_NEXT)) goto close;
      return hcc__fail(err, HCC_E_SYNTAX, v.i,
                       st == S_ARR_NEXT ? "expected ',' or ']' after an array element"
                                        : "expected ',' or '}' after an object member");
    case S_ARR_FIRST:
      if (c == ']') goto close;
      /* a value */
      __attribute__((fallthrough));
    default: { /* S_VALUE */
      /* jsmn's parent of a member value is its key; of an element, the array */
      size_t idx = v.info.tokens;
      int parent = member_value ? key_tok : depth ? (emit ? open_tok[depth - 1] : 0) : -1;
      v.info.tokens++;
      if (!member_value) { /* an array element (the root is at depth 0: wraps) */
        if (depth - 1 < 2) v.info.elements_d12++;
        else if (depth - 3 < 2) v.info.elements_d34++;
      }
      args_value = member_value && key_is_args;
      int name_value = member_value && key_is_name;
      int role_value = member_value && key_may_be_role;
      int id_value = emit && member_value && key_is_id && t->ids;
      member_value = 0;
      if (c == '{' || c == '[') {
        if (depth == HCC_MAX_DEPTH)
          return hcc__fail(err, HCC_E_DEPTH, v.i, "nesting deeper than HCC_MAX_DEPTH");
        uint64_t bit = (uint64_t)1 << (depth % 64);
        if (c == '{') kinds[depth / 64] |= bit;
        else kinds[depth / 64] &= ~bit;
        starts[depth] = v.i;
        if (depth == 0 && c == '{') msg_depth = 2;
        if (depth == msg_depth) msg_tok = idx;
        if (emit) {
          open_tok[depth] = (int)idx;
          tok_open(t, idx, c == '{' ? HCC_T_OBJECT : HCC_T_ARRAY, v.i, parent);
        }
        depth++;
        if (depth > v.info.max_depth) v.info.max_depth = depth;
        v.i++;
        st = c == '{' ? S_OBJ_FIRST : S_ARR_FIRST;
        continue;
      }
      size_t at = v.i;
      hcc_toktype type = HCC_T_PRIMITIVE;
      /* a primitive's first byte; a string's word when it is a role's */
      unsigned char tag = c == '"' ? 0 : c;
      if (c == '"') {
        rc = scan_string(&v);
        type = HCC_T_STRING;
        if (rc == HCC_OK && args_value) {
          if (v.i - at - 2 > v.info.max_arguments) v.info.max_arguments = v.i - at - 2;
          v.info.arguments_bytes += v.i - at - 2;
          /* 1 + the count can pass the largest so far only when 1 + the
           * length does: most strings need no count */
          if (v.i - at - 1 > v.info.max_arguments_tokens) {
            size_t inner = 1 + structural_bytes(v.s + at + 1, v.i - at - 2);
            if (inner > v.info.max_arguments_tokens) v.info.max_arguments_tokens = inner;
          }
        }
        if (rc == HCC_OK && name_value) v.info.name_bytes += v.i - at - 2;
        if (rc == HCC_OK && role_value) tag = (unsigned char)word_of(v.s + at + 1, v.i - at - 2, v.plain);
      }
      else if (c == '-' || is_digit(c)) rc = scan_number(&v);
      else if (c == 't' || c == 'f' || c == 'n') rc = scan_literal(&v);
      else if (c == ']' || c == '}' || c == ',')
        return hcc__fail(err, HCC_E_SYNTAX, v.i,
                         st == S_ARR_FIRST ? "expected a value or ']'" : "expected a value");
      else if (c >= 0x80 || c < 0x20 || c == 0x7f)
        return hcc__fail(err, c >= 0x80 && !utf8_seq(&v, v.i) ? HCC_E_UTF8 : HCC_E_SYNTAX,
                         v.i, "unexpected byte where a value should start");
      else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return hcc__fail(err, HCC_E_LITERAL, v.i, "expected exactly true, false or null");
      else
        return hcc__fail(err, HCC_E_SYNTAX, v.i, "unexpected character where a value should start");
      if (rc != HCC_OK) return rc;
      if (depth == msg_depth) {
        if (v.i - at > v.info.max_message) v.info.max_message = v.i - at;
        if (!v.info.max_message_tokens) v.info.max_message_tokens = 1;
      }
      if (emit) {
        /* strings exclude their quotes, as in jsmn */
        int str = type == HCC_T_STRING;
        tok_open(t, idx, type, at + (size_t)str, parent);
        if (t->ok) {
          t->tok[idx].end = (int)(v.i - (size_t)str), t->tok[idx].tag = tag;
          if (str && id_value) id_token(t, in, idx, at + 1, v.i - at - 2);
          /* the long run counted most of the body as it read it; the
           * rest (a short string, the last bytes) is counted now, while
           * it is in cache.  A plain one (its quote the first byte of
           * its first sixteen that is not printable ASCII) has as many
           * code points as bytes: no 64-byte blocks of the escape count
           * for it (a trajectory of tiny turns spent 16 % there) */
          if (str && t->cps)
            t->tok[idx].size = (int)(v.plain ? v.i - at - 2
                                             : v.run_cps + hcc__json_str_cps(in + v.run_end, v.i - 1 - v.run_end));
          else if (str && args_value && hcc__json_str_longer(in + at + 1, v.i - at - 2, HCC_ARGS_GATE))
            t->tok[idx].size = HCC_ARGS_GATE + 1;
        }
      }
      goto after_value;
    }
    }
  close:
    if (depth >= 3 && v.i + 1 - starts[depth - 1] > v.info.max_deep_container)
      v.info.max_deep_container = v.i + 1 - starts[depth - 1];
    /* The weight of the outermost deep containers (three levels down),
     * which hold every deeper one; weighed only when it or its excess
     * could pass the largest so far (at most HCC_WEIGHT_MAX a byte, the
     * excess one less), while its bytes are in cache.  Those containers
     * are disjoint: each byte is weighed at most once. */
    if (depth == 3) {
      size_t n = v.i + 1 - starts[2];
      if (n > v.info.max_deep_weight / HCC_WEIGHT_MAX || n > v.info.max_deep_excess / (HCC_WEIGHT_MAX - 1)) {
        size_t w = hcc__rewrite_weight((const char *)v.s + starts[2], n);
        if (w > v.info.max_deep_weight) v.info.max_deep_weight = w;
        if (w - n > v.info.max_deep_excess) v.info.max_deep_excess = w - n;
      }
    }
    depth--;
    if (depth == msg_depth) {
      if (v.i + 1 - starts[depth] > v.info.max_message) v.info.max_message = v.i + 1 - starts[depth];
      if (v.info.tokens - msg_tok > v.info.max_message_tokens)
        v.info.max_message_tokens = v.info.tokens - msg_tok;
    }
    if (emit && t->ok) {
      t->tok[open_tok[depth]].end = (int)(v.i + 1);
      t->tok[open_tok[depth]].next = (int)v.info.tokens;
    }
    v.i++;
  after_value:
    if (depth == 0) {
      st = S_DONE;
    } else {
      int obj = (kinds[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1;
      if (v.i + 1 < len && v.s[v.i] == ',' && v.s[v.i + 1] == ' ') { /* json.dumps's ", " at once */
        v.i += 2;
        st = obj ? S_OBJ_KEY : S_VALUE;
      } else {
        st = obj ? S_OBJ_NEXT : S_ARR_NEXT;
      }
    }
  }
  if (st != S_DONE)
    return hcc__fail(err, HCC_E_TRUNCATED, len,
                     depth ? "input ends inside an array or object" : "input ends before a value");
  if (info) *info = v.info;
  return HCC_OK;
}

int hcc_json_validate(const char *in, size_t len, hcc_json_info *info,
                      hcc_error *err) {
  return scan(in, len, info, NULL, err, 0, 1);
}

int hcc__json_validate_as(const char *in, size_t len, int mode, hcc_json_info *info, hcc_error *err) {
  return scan(in, len, info, NULL, err, 0, !(mode & HCC_PARSE_NO_AVX512));
}

int hcc__json_scan(const char *in, size_t len, hcc_tok *tok, size_t cap, int mode,
                   hcc_json_info *info, hcc_error *err) {
  tsink t;
  t.tok = tok, t.cap = cap, t.ok = 1, t.ids = (mode & HCC_PARSE_IDS) != 0, t.cps = (mode & HCC_PARSE_CPS) != 0;
  /* only the ids mode reads the ring: a small parse (a call's arguments,
   * a staged message) is not made to fill 1 KB first */
  if (t.ids)
    for (size_t k = 0; k < ID_RING; k++) t.recent[k] = -1, t.recent_h[k] = 0;
  int rc = scan(in, len, info, &t, err, 1, !(mode & HCC_PARSE_NO_AVX512));
  if (rc == HCC_OK && !t.ok)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the JSON tokens");
  return rc;
}

hcc_json_info hcc__json_info_bound(size_t n) {
  hcc_json_info w;
  w.tokens = n / 2 + 1; /* "[1,1,...]" is the densest text */
  w.max_depth = HCC_MAX_DEPTH;
  w.max_string = n;
  w.max_arguments = n;
  w.max_deep_container = n;
  w.max_deep_weight = HCC_WEIGHT_MAX * n;
  w.max_deep_excess = (HCC_WEIGHT_MAX - 1) * n;
  w.lone_surrogates = 0;
  w.elements_d12 = w.elements_d34 = w.tokens;
  w.max_message = n;
  w.max_message_tokens = w.tokens;
  w.name_bytes = w.arguments_bytes = n;
  w.max_arguments_tokens = n + 1;
  w.odd_escapes = n / 2;
  w.root = '{'; /* the root whose bounds are the largest */
  return w;
}
