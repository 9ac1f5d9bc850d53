/* md5.c -- MD5 as RFC 1321 specifies it (the test vectors of its appendix
 * A.5 are in tests/unit/test_md5.c). */
#include "md5.h"

#include <string.h>

#include "internal.h"

#if (defined(__x86_64__) || defined(__i386__)) && !defined(HCC_NO_SIMD) && !defined(HCC_NO_AVX2)
#define HCC_MD5_AVX2 1
#include <immintrin.h>
#endif

/* The sine-derived constants T[i] = floor(abs(sin(i + 1)) * 2^32) of RFC
 * 1321, section 3.4 (the shift amounts are in MD5_ROUNDS). */
static const uint32_t T[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

static inline uint32_t rotl(uint32_t x, unsigned s) { return (x << s) | (x >> (32 - s)); }

/* The 64 steps in sixteen rounds of four, for every width (one text, eight
 * or sixteen lanes): R(fn, i, k0..k3, s0..s3) does steps i .. i + 3 with
 * round function fn, message words k0..k3 and shifts s0..s3 (RFC 1321,
 * section 3.4), each a constant. */
#define MD5_ROUNDS(R, F_, G_, H_, I_)        \
  R(F_, 0, 0, 1, 2, 3, 7, 12, 17, 22);      \
  R(F_, 4, 4, 5, 6, 7, 7, 12, 17, 22);      \
  R(F_, 8, 8, 9, 10, 11, 7, 12, 17, 22);    \
  R(F_, 12, 12, 13, 14, 15, 7, 12, 17, 22); \
  R(G_, 16, 1, 6, 11, 0, 5, 9, 14, 20);     \
  R(G_, 20, 5, 10, 15, 4, 5, 9, 14, 20);    \
  R(G_, 24, 9, 14, 3, 8, 5, 9, 14, 20);     \
  R(G_, 28, 13, 2, 7, 12, 5, 9, 14, 20);    \
  R(H_, 32, 5, 8, 11, 14, 4, 11, 16, 23);   \
  R(H_, 36, 1, 4, 7, 10, 4, 11, 16, 23);    \
  R(H_, 40, 13, 0, 3, 6, 4, 11, 16, 23);    \
  R(H_, 44, 9, 12, 15, 2, 4, 11, 16, 23);   \
  R(I_, 48, 0, 7, 14, 5, 6, 10, 15, 21);    \
  R(I_, 52, 12, 3, 10, 1, 6, 10, 15, 21);   \
  R(I_, 56, 8, 15, 6, 13, 6, 10, 15, 21);   \
  R(I_, 60, 4, 11, 2, 9, 6, 10, 15, 21)
/* message words: i, then (5i + 1), (3i + 5) and 7i mod 16 */

/* One step of round r: the round functions of RFC 1321 section 3.4, F and
 * G in their one-fewer-operation forms (d ^ (b & (c ^ d)) is F). */
#define STEP(fn, a, b, c, d, k, i, s) a = b + rotl(a + fn(b, c, d) + T[i] + x[k], s)
#define F(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define G(b, c, d) ((c) ^ ((d) & ((b) ^ (c))))
#define H(b, c, d) ((b) ^ (c) ^ (d))
#define I(b, c, d) ((c) ^ ((b) | ~(d)))
/* four steps, the registers rotating as the RFC's listing has them */
#define ROUND4(fn, i, k0, k1, k2, k3, s0, s1, s2, s3) \
  STEP(fn, a, b, c, d, k0, i, s0);                    \
  STEP(fn, d, a, b, c, k1, i + 1, s1);                \
  STEP(fn, c, d, a, b, k2, i + 2, s2);                \
  STEP(fn, b, c, d, a, k3, i + 3, s3)

/* One 64-byte block; words are little-endian whatever the host is.
 * Written out step by step (not a loop over i) so every message index
 * and shift is a constant: twice the speed of the loop here. */
static void block(uint32_t h[4], const unsigned char *p) {
  uint32_t x[16];
  for (int i = 0; i < 16; i++)
    x[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
           (uint32_t)p[4 * i + 3] << 24;
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
  MD5_ROUNDS(ROUND4, F, G, H, I);
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
}

/* The chaining state's initial words (RFC 1321, section 3.3). */
static void start(uint32_t h[4]) {
  h[0] = 0x67452301;
  h[1] = 0xefcdab89;
  h[2] = 0x98badcfe;
  h[3] = 0x10325476;
}

/* The RFC's padding (section 3.1, 3.2) of a text of `total` bytes whose
 * last r < 64 are at tail: those bytes, 0x80, zeros and the bit length,
 * written to out (which may be where tail is); returns the blocks (1 or 2). */
static int pad_last(unsigned char out[128], const unsigned char *tail, size_t r, uint64_t total) {
  uint64_t bits = total * 8;
  int blocks = r < 56 ? 1 : 2;
  memmove(out, tail, r);
  memset(out + r, 0, 128 - r);
  out[r] = 0x80;
  for (int i = 0; i < 8; i++) out[64 * blocks - 8 + i] = (unsigned char)(bits >> (8 * i));
  return blocks;
}

/* The digest: the state's words, little-endian. */
static void digest_of(const uint32_t h[4], unsigned char digest[16]) {
  for (int i = 0; i < 16; i++) digest[i] = (unsigned char)(h[i / 4] >> (8 * (i % 4)));
}

void hcc__md5_init(hcc_md5 *m) {
  start(m->h);
  m->len = 0;
}

void hcc__md5_update(hcc_md5 *m, const void *data, size_t n) {
  const unsigned char *p = data;
  size_t have = (size_t)(m->len & 63);
  m->len += n;
  if (have) {
    size_t take = 64 - have < n ? 64 - have : n;
    memcpy(m->buf + have, p, take);
    p += take;
    n -= take;
    if (have + take < 64) return;
    block(m->h, m->buf);
  }
  for (; n >= 64; p += 64, n -= 64) block(m->h, p);
  memcpy(m->buf, p, n);
}

void hcc__md5_final(hcc_md5 *m, unsigned char digest[16]) {
  unsigned char last[128];
  int blocks = pad_last(last, m->buf, (size_t)(m->len & 63), m->len);
  for (int k = 0; k < blocks; k++) block(m->h, last + 64 * k);
  digest_of(m->h, digest);
}

uint64_t hcc__md5_prefix48(const unsigned char digest[16]) {
  uint64_t v = 0;
  for (int i = 0; i < 6; i++) v = v << 8 | digest[i];
  return v;
}

/* ---- eight or 32 texts at once ------------------------------------------- */

/* LANES: the most texts in flight (two groups of AVX-512's sixteen 32-bit
 * lanes); AVX2 and the scalar path use the first eight.  LANE_BUF: the
 * bytes a lane holds at once, up to eight blocks hashed in one go. */
enum { LANES = 32, GROUP = 16, LANES_AVX2 = 8, LANE_BUF = 512 };

#ifdef HCC_MD5_AVX2
#define AVX2 __attribute__((target("avx2")))

/* Bit rotation of each 32-bit lane (AVX2 has no rotate). */
#define ROTL8(x, s) _mm256_or_si256(_mm256_slli_epi32(x, s), _mm256_srli_epi32(x, 32 - (s)))
#define F8(b, c, d) _mm256_xor_si256(d, _mm256_and_si256(b, _mm256_xor_si256(c, d)))
#define G8(b, c, d) _mm256_xor_si256(c, _mm256_and_si256(d, _mm256_xor_si256(b, c)))
#define H8(b, c, d) _mm256_xor_si256(_mm256_xor_si256(b, c), d)
#define I8(b, c, d) _mm256_xor_si256(c, _mm256_or_si256(b, _mm256_xor_si256(d, ones)))
#define STEP8(fn, a, b, c, d, k, i, s)                                                          \
  a = _mm256_add_epi32(                                                                         \
      b, ROTL8(_mm256_add_epi32(_mm256_add_epi32(a, fn(b, c, d)),                               \
                                _mm256_add_epi32(_mm256_set1_epi32((int)T[i]), x[k])),          \
               s))
#define ROUND8(fn, i, k0, k1, k2, k3, s0, s1, s2, s3) \
  STEP8(fn, a, b, c, d, k0, i, s0);                    \
  STEP8(fn, d, a, b, c, k1, i + 1, s1);                \
  STEP8(fn, c, d, a, b, k2, i + 2, s2);                \
  STEP8(fn, b, c, d, a, k3, i + 3, s3)

/* Words 8w .. 8w+7 of the eight blocks, one register per word, lane l
 * holding block l's: an 8 x 8 transpose of 32-bit words. */
AVX2 static void words8(const unsigned char *const p[LANES_AVX2], int w, __m256i out[8]) {
  __m256i r[8], t[8], u[8];
  for (int l = 0; l < LANES_AVX2; l++) r[l] = _mm256_loadu_si256((const __m256i *)(const void *)(p[l] + 32 * w));
  for (int l = 0; l < LANES_AVX2; l += 2) {
    t[l] = _mm256_unpacklo_epi32(r[l], r[l + 1]);
    t[l + 1] = _mm256_unpackhi_epi32(r[l], r[l + 1]);
  }
  for (int l = 0; l < LANES_AVX2; l += 4) {
    u[l] = _mm256_unpacklo_epi64(t[l], t[l + 2]);
    u[l + 1] = _mm256_unpackhi_epi64(t[l], t[l + 2]);
    u[l + 2] = _mm256_unpacklo_epi64(t[l + 1], t[l + 3]);
    u[l + 3] = _mm256_unpackhi_epi64(t[l + 1], t[l + 3]);
  }
  for (int k = 0; k < 4; k++) {
    out[k] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x20);
    out[k + 4] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x31);
  }
}

/* One block of each of the eight states h[l]: the steps of block(), on
 * eight lanes.  (Words are little-endian: x86 loads them so.) */
AVX2 static void blocks8_avx2(uint32_t *const h[LANES_AVX2], const unsigned char *const p[LANES_AVX2]) {
  const __m256i ones = _mm256_set1_epi32(-1);
  __m256i x[16];
  words8(p, 0, x);
  words8(p, 1, x + 8);
  __m256i a = _mm256_setr_epi32((int)h[0][0], (int)h[1][0], (int)h[2][0], (int)h[3][0], (int)h[4][0],
                                (int)h[5][0], (int)h[6][0], (int)h[7][0]);
  __m256i b = _mm256_setr_epi32((int)h[0][1], (int)h[1][1], (int)h[2][1], (int)h[3][1], (int)h[4][1],
                                (int)h[5][1], (int)h[6][1], (int)h[7][1]);
  __m256i c = _mm256_setr_epi32((int)h[0][2], (int)h[1][2], (int)h[2][2], (int)h[3][2], (int)h[4][2],
                                (int)h[5][2], (int)h[6][2], (int)h[7][2]);
  __m256i d = _mm256_setr_epi32((int)h[0][3], (int)h[1][3], (int)h[2][3], (int)h[3][3], (int)h[4][3],
                                (int)h[5][3], (int)h[6][3], (int)h[7][3]);
  __m256i a0 = a, b0 = b, c0 = c, d0 = d;
  MD5_ROUNDS(ROUND8, F8, G8, H8, I8);
  uint32_t v[4][LANES_AVX2];
  _mm256_storeu_si256((__m256i *)(void *)v[0], _mm256_add_epi32(a, a0));
  _mm256_storeu_si256((__m256i *)(void *)v[1], _mm256_add_epi32(b, b0));
  _mm256_storeu_si256((__m256i *)(void *)v[2], _mm256_add_epi32(c, c0));
  _mm256_storeu_si256((__m256i *)(void *)v[3], _mm256_add_epi32(d, d0));
  for (int l = 0; l < LANES_AVX2; l++)
    for (int k = 0; k < 4; k++) h[l][k] = v[k][l];
}
#endif

#ifdef HCC_AVX512
/* The same on sixteen lanes, with AVX-512's rotate and three-input
 * logic (each round function is one vpternlogd: F is b ? c : d, G is
 * d ? b : c, H the parity, I c ^ (b | ~d)). */
#define F16(b, c, d) _mm512_ternarylogic_epi32(b, c, d, 0xCA)
#define G16(b, c, d) _mm512_ternarylogic_epi32(b, c, d, 0xE4)
#define H16(b, c, d) _mm512_ternarylogic_epi32(b, c, d, 0x96)
#define I16(b, c, d) _mm512_ternarylogic_epi32(b, c, d, 0x39)
#define STEP16(fn, a, b, c, d, x, k, i, s)                                                   \
  a = _mm512_add_epi32(                                                                         \
      b, _mm512_rol_epi32(_mm512_add_epi32(_mm512_add_epi32(a, fn(b, c, d)),                    \
                                           _mm512_add_epi32(_mm512_set1_epi32((int)T[i]), x[k])), \
                          s))
/* A step of each of two groups of sixteen lanes in turn: each step waits
 * on the one before (its four operations take two cycles each on this
 * machine's AVX-512), so one group leaves the vector units mostly idle,
 * and two independent chains fill the waits. */
#define STEP32(fn, a, b, c, d, k, i, s)     \
  STEP16(fn, a##1, b##1, c##1, d##1, x, k, i, s); \
  STEP16(fn, a##2, b##2, c##2, d##2, y, k, i, s)
#define ROUND32(fn, i, k0, k1, k2, k3, s0, s1, s2, s3) \
  STEP32(fn, a, b, c, d, k0, i, s0);                    \
  STEP32(fn, d, a, b, c, k1, i + 1, s1);                \
  STEP32(fn, c, d, a, b, k2, i + 2, s2);                \
  STEP32(fn, b, c, d, a, k3, i + 3, s3)

/* The sixteen words of the sixteen blocks, register k holding word k of
 * every block (lane l: block l's): a 16 x 16 transpose of 32-bit words,
 * in pairs of words, then quadruples, then 128-bit quarters. */
HCC_AVX512 static void words16(const unsigned char *const p[GROUP], __m512i x[16]) {
  __m512i r[16], t[16], u[16];
  for (int l = 0; l < GROUP; l++) r[l] = _mm512_loadu_si512((const void *)p[l]);
  for (int l = 0; l < GROUP; l += 2) {
    t[l] = _mm512_unpacklo_epi32(r[l], r[l + 1]);
    t[l + 1] = _mm512_unpackhi_epi32(r[l], r[l + 1]);
  }
  /* u[4g + m], quarter j: word 4j + m of blocks 4g .. 4g + 3 */
  for (int g = 0; g < 4; g++) {
    u[4 * g] = _mm512_unpacklo_epi64(t[4 * g], t[4 * g + 2]);
    u[4 * g + 1] = _mm512_unpackhi_epi64(t[4 * g], t[4 * g + 2]);
    u[4 * g + 2] = _mm512_unpacklo_epi64(t[4 * g + 1], t[4 * g + 3]);
    u[4 * g + 3] = _mm512_unpackhi_epi64(t[4 * g + 1], t[4 * g + 3]);
  }
  for (int m = 0; m < 4; m++) {
    __m512i v0 = _mm512_shuffle_i32x4(u[m], u[4 + m], 0x44), v1 = _mm512_shuffle_i32x4(u[m], u[4 + m], 0xEE);
    __m512i v2 = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0x44), v3 = _mm512_shuffle_i32x4(u[8 + m], u[12 + m], 0xEE);
    x[m] = _mm512_shuffle_i32x4(v0, v2, 0x88);
    x[4 + m] = _mm512_shuffle_i32x4(v0, v2, 0xDD);
    x[8 + m] = _mm512_shuffle_i32x4(v1, v3, 0x88);
    x[12 + m] = _mm512_shuffle_i32x4(v1, v3, 0xDD);
  }
}

HCC_AVX512 static __m512i state_word16(uint32_t *const h[GROUP], int k) {
  uint32_t w[GROUP];
  for (int l = 0; l < GROUP; l++) w[l] = h[l][k];
  return _mm512_loadu_si512((const void *)w);
}

HCC_AVX512 static void put_state16(uint32_t *const h[GROUP], __m512i a, __m512i b, __m512i c, __m512i d) {
  uint32_t v[4][GROUP];
  _mm512_storeu_si512((void *)v[0], a);
  _mm512_storeu_si512((void *)v[1], b);
  _mm512_storeu_si512((void *)v[2], c);
  _mm512_storeu_si512((void *)v[3], d);
  for (int l = 0; l < GROUP; l++)
    for (int k = 0; k < 4; k++) h[l][k] = v[k][l];
}

/* m blocks of each of the 32 states h[l] (two groups of sixteen lanes),
 * lane l's j-th at p[l] + j * step[l] (0 for an idle lane): the states
 * stay in registers from block to block, gathered from the lanes and
 * scattered back once. */
HCC_AVX512 static void blocks32_avx512(uint32_t *const h[LANES], const unsigned char *const p[LANES], size_t m,
                                       const size_t step[LANES]) {
  __m512i x[16], y[16];
  __m512i a1 = state_word16(h, 0), b1 = state_word16(h, 1), c1 = state_word16(h, 2), d1 = state_word16(h, 3);
  __m512i a2 = state_word16(h + GROUP, 0), b2 = state_word16(h + GROUP, 1), c2 = state_word16(h + GROUP, 2),
          d2 = state_word16(h + GROUP, 3);
  for (size_t j = 0; j < m; j++) {
    const unsigned char *q[LANES];
    for (int l = 0; l < LANES; l++) q[l] = p[l] + j * step[l];
    words16(q, x);
    words16(q + GROUP, y);
    __m512i a01 = a1, b01 = b1, c01 = c1, d01 = d1, a02 = a2, b02 = b2, c02 = c2, d02 = d2;
    MD5_ROUNDS(ROUND32, F16, G16, H16, I16);
    a1 = _mm512_add_epi32(a1, a01), b1 = _mm512_add_epi32(b1, b01);
    c1 = _mm512_add_epi32(c1, c01), d1 = _mm512_add_epi32(d1, d01);
    a2 = _mm512_add_epi32(a2, a02), b2 = _mm512_add_epi32(b2, b02);
    c2 = _mm512_add_epi32(c2, c02), d2 = _mm512_add_epi32(d2, d02);
  }
  put_state16(h, a1, b1, c1, d1);
  put_state16(h + GROUP, a2, b2, c2, d2);
}
#endif

static const unsigned char idle_block[64];

/* The lanes in use: 32 with AVX-512, eight otherwise. */
static int lanes_of(int kind) { return kind == HCC_MD5_AVX512_LANES ? LANES : LANES_AVX2; }

/* m blocks of each busy lane, lane l's j-th at p[l] + j * step[l] (an idle
 * one points at idle_block, step 0). */
static void blocks_of(int kind, int width, uint32_t *const h[LANES], const unsigned char *const p[LANES],
                      size_t m, const size_t step[LANES]) {
#ifdef HCC_AVX512
  if (kind == HCC_MD5_AVX512_LANES) {
    blocks32_avx512(h, p, m, step);
    return;
  }
#endif
  for (size_t j = 0; j < m; j++) {
    const unsigned char *q[LANES];
    for (int l = 0; l < width; l++) q[l] = p[l] + j * step[l];
#ifdef HCC_MD5_AVX2
    if (kind == HCC_MD5_AVX2_LANES) {
      blocks8_avx2(h, q);
      continue;
    }
#endif
    for (int l = 0; l < LANES_AVX2; l++)
      if (q[l] != idle_block) block(h[l], q[l]);
  }
}

/* One text in a lane: its bytes staged in buf[off, have), its length so
 * far, and once it is whole, its padded last block(s) in buf. */
typedef struct lane {
  size_t k;       /* the text */
  size_t pos;     /* the source's place in it */
  size_t off, have;
  uint64_t len;   /* bytes hashed */
  int state;      /* 0 idle, 1 reading, 2 last blocks */
  int left;       /* last blocks still to hash */
  uint32_t h[4];
  unsigned char buf[LANE_BUF];
} lane;

/* The lane's next block, or NULL when its text is hashed. */
static const unsigned char *lane_block(lane *L, hcc_md5_source src, void *ctx) {
  if (L->state == 1) {
    if (L->have - L->off < 64) {
      /* the rest (under a block) to the front, then more from the source */
      memmove(L->buf, L->buf + L->off, L->have - L->off);
      L->have -= L->off;
      L->off = 0;
      while (L->have < 64) {
        size_t got = src(ctx, L->k, &L->pos, L->buf + L->have, LANE_BUF - L->have);
        if (!got) break;
        L->have += got;
      }
    }
    if (L->have - L->off >= 64) {
      L->off += 64;
      L->len += 64;
      return L->buf + L->off - 64;
    }
    /* the text is whole: the RFC's padding, one or two blocks */
    size_t r = L->have - L->off;
    L->left = pad_last(L->buf, L->buf + L->off, r, L->len + r);
    L->state = 2;
    L->off = 0;
  }
  if (L->state == 2 && L->left) {
    L->left--;
    L->off += 64;
    return L->buf + L->off - 64;
  }
  return NULL;
}

/* The best kind this build and CPU have. */
static int best_kind(void) {
  int kind = HCC_MD5_SCALAR;
#ifdef HCC_MD5_AVX2
  if (__builtin_cpu_supports("avx2")) kind = HCC_MD5_AVX2_LANES;
#endif
#ifdef HCC_AVX512
  if (hcc__avx512()) kind = HCC_MD5_AVX512_LANES;
#endif
  return kind;
}

void hcc__md5_many(size_t n, hcc_md5_source src, void *ctx, uint64_t *keys) {
  hcc__md5_many_as(HCC_MD5_AVX512_LANES, n, src, ctx, keys); /* the best there is */
}

void hcc__md5_many_as(int kind, size_t n, hcc_md5_source src, void *ctx, uint64_t *keys) {
  lane lanes[LANES];
  uint32_t idle_h[LANES][4];
  size_t next = 0;
  int best = best_kind();
  if (kind > best) kind = best;
  int width = lanes_of(kind);
  for (int l = 0; l < LANES; l++) lanes[l].state = 0;
  for (;;) {
    uint32_t *h[LANES];
    const unsigned char *p[LANES];
    size_t step[LANES], m = SIZE_MAX;
    int busy = 0;
    for (int l = 0; l < width; l++) {
      lane *L = &lanes[l];
      const unsigned char *b = NULL;
      while (!b) {
        if (L->state == 0) { /* the next text, if any */
          if (next == n) break;
          L->k = next++;
          L->pos = L->off = L->have = 0;
          L->len = 0;
          L->state = 1;
          start(L->h);
        }
        b = lane_block(L, src, ctx);
        if (!b) { /* hashed: the key, and the lane is free */
          unsigned char dig[16];
          digest_of(L->h, dig);
          keys[L->k] = hcc__md5_prefix48(dig);
          L->state = 0;
        }
      }
      busy += b != NULL;
      h[l] = b ? L->h : idle_h[l];
      p[l] = b ? b : idle_block;
      step[l] = b ? 64 : 0;
      /* the blocks after b that the lane has whole in its buffer: taken
       * with it, without asking the lane (or the source) again */
      size_t more = !b ? SIZE_MAX : L->state == 1 ? (L->have - L->off) / 64 : (size_t)L->left;
      if (more < m) m = more;
    }
    if (!busy) return; /* else a busy lane made m finite */
    for (int l = 0; l < width; l++) { /* the m blocks taken */
      lane *L = &lanes[l];
      if (!step[l]) continue;
      L->off += 64 * m;
      if (L->state == 1) L->len += 64 * m;
      else L->left -= (int)m;
    }
    blocks_of(kind, width, h, p, m + 1, step);
  }
}
