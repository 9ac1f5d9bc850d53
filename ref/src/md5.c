/* md5.c -- MD5 as RFC 1321 specifies it (the test vectors of its appendix
 * A.5 are in tests/unit/test_md5.c). */
#include "md5.h"

#include <string.h>

/* Per-round shift amounts and the sine-derived constants T[i] =
 * floor(abs(sin(i + 1)) * 2^32) of RFC 1321, section 3.4. */
static const unsigned char S[64] = {
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
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

/* One step of round r: the round functions of RFC 1321 section 3.4, F and
 * G in their one-fewer-operation forms (d ^ (b & (c ^ d)) is F). */
#define STEP(fn, a, b, c, d, k, i) a = b + rotl(a + fn(b, c, d) + T[i] + x[k], S[i])
#define F(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define G(b, c, d) ((c) ^ ((d) & ((b) ^ (c))))
#define H(b, c, d) ((b) ^ (c) ^ (d))
#define I(b, c, d) ((c) ^ ((b) | ~(d)))
/* four steps, the registers rotating as the RFC's listing has them */
#define ROUND4(fn, i, k0, k1, k2, k3) \
  STEP(fn, a, b, c, d, k0, i);        \
  STEP(fn, d, a, b, c, k1, i + 1);    \
  STEP(fn, c, d, a, b, k2, i + 2);    \
  STEP(fn, b, c, d, a, k3, i + 3)

/* One 64-byte block; words are little-endian whatever the host is.
 * Written out step by step (not a loop over i) so every message index
 * and shift is a constant: twice the speed of the loop here. */
static void block(uint32_t h[4], const unsigned char *p) {
  uint32_t x[16];
  for (int i = 0; i < 16; i++)
    x[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
           (uint32_t)p[4 * i + 3] << 24;
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
  ROUND4(F, 0, 0, 1, 2, 3);
  ROUND4(F, 4, 4, 5, 6, 7);
  ROUND4(F, 8, 8, 9, 10, 11);
  ROUND4(F, 12, 12, 13, 14, 15);
  ROUND4(G, 16, 1, 6, 11, 0); /* message index (5i + 1) mod 16 */
  ROUND4(G, 20, 5, 10, 15, 4);
  ROUND4(G, 24, 9, 14, 3, 8);
  ROUND4(G, 28, 13, 2, 7, 12);
  ROUND4(H, 32, 5, 8, 11, 14); /* (3i + 5) mod 16 */
  ROUND4(H, 36, 1, 4, 7, 10);
  ROUND4(H, 40, 13, 0, 3, 6);
  ROUND4(H, 44, 9, 12, 15, 2);
  ROUND4(I, 48, 0, 7, 14, 5); /* 7i mod 16 */
  ROUND4(I, 52, 12, 3, 10, 1);
  ROUND4(I, 56, 8, 15, 6, 13);
  ROUND4(I, 60, 4, 11, 2, 9);
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
}

void hcc__md5_init(hcc_md5 *m) {
  m->h[0] = 0x67452301;
  m->h[1] = 0xefcdab89;
  m->h[2] = 0x98badcfe;
  m->h[3] = 0x10325476;
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
  uint64_t bits = m->len * 8;
  unsigned char pad[72] = {0x80};
  size_t have = (size_t)(m->len & 63);
  size_t padn = (have < 56 ? 56 : 120) - have;
  for (int i = 0; i < 8; i++) pad[padn + i] = (unsigned char)(bits >> (8 * i));
  hcc__md5_update(m, pad, padn + 8);
  for (int i = 0; i < 16; i++) digest[i] = (unsigned char)(m->h[i / 4] >> (8 * (i % 4)));
}

uint64_t hcc__md5_prefix48(const unsigned char digest[16]) {
  uint64_t v = 0;
  for (int i = 0; i < 6; i++) v = v << 8 | digest[i];
  return v;
}
