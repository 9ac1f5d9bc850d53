/* utf8.c -- code point arithmetic over (WTF-8) text, as Python's str does.
 * Input is always text the validator accepted or the decoder produced, so
 * lead bytes determine sequence lengths without further checks. */
#include "internal.h"
#include "lane_count.h"

static size_t seq_len(unsigned char c) {
  return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

size_t hcc__utf8_count(const char *s, size_t n) {
  /* Code points are the bytes that are not continuation bytes (10xxxxxx). */
  size_t count = 0, i = 0;
#ifdef HCC_LANE_COUNT
  /* sixteen at a time: the bytes of the whole blocks less their
   * continuation bytes */
  size_t cont = hcc__lane_count(s, n, HCC_MARK_CONT, 0, &i);
  count = i - cont;
#else
  /* eight at a time: a byte starts a code point when bit 7 is clear or
   * bit 6 is set; those flags (0 or 1 in each byte) are summed by one
   * multiplication into the top byte (at most 8, no carry) */
  const uint64_t ones = 0x0101010101010101ULL;
  for (; n - i >= 8; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    uint64_t starts = ((~w >> 7) | (w >> 6)) & ones;
    count += (size_t)((starts * ones) >> 56);
  }
#endif
  for (; i < n; i++)
    if (((unsigned char)s[i] & 0xC0) != 0x80) count++;
  return count;
}

size_t hcc__utf8_prefix(const char *s, size_t n, size_t k) {
  size_t i = 0;
  while (k && i < n) {
    i += seq_len((unsigned char)s[i]);
    k--;
  }
  return i < n ? i : n;
}

size_t hcc__utf8_encode(uint32_t cp, char *dst) {
  unsigned char *d = (unsigned char *)dst;
  if (cp < 0x80) {
    d[0] = (unsigned char)cp;
    return 1;
  }
  if (cp < 0x800) {
    d[0] = (unsigned char)(0xC0 | (cp >> 6));
    d[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) { /* lone surrogates too: WTF-8 */
    d[0] = (unsigned char)(0xE0 | (cp >> 12));
    d[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    d[2] = (unsigned char)(0x80 | (cp & 0x3F));
    return 3;
  }
  d[0] = (unsigned char)(0xF0 | (cp >> 18));
  d[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
  d[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
  d[3] = (unsigned char)(0x80 | (cp & 0x3F));
  return 4;
}

void hcc__utf8_put(hcc_out *o, uint32_t cp) {
  char d[4];
  hcc__out_put(o, d, hcc__utf8_encode(cp, d));
}

uint32_t hcc__utf8_next_multi(const char *s, size_t n, size_t *i) {
  const unsigned char *p = (const unsigned char *)s + *i;
  size_t len = seq_len(p[0]);
  uint32_t cp;
  if (*i + len > n) len = n - *i; /* defensive: never read past the end */
  switch (len) {
  case 1: cp = p[0]; break;
  case 2: cp = ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F); break;
  case 3: cp = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F); break;
  default: cp = ((uint32_t)(p[0] & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
                ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F); break;
  }
  *i += len;
  return cp;
}
