/* ref_utf8.h -- the independent reference of strict UTF-8 the unit tests
 * and the fuzz oracles check the validator against: the RFC 3629 table
 * read a byte at a time, sharing no code with ref/src. */
#ifndef HCC_REF_UTF8_H
#define HCC_REF_UTF8_H
#include <stddef.h>

/* Strict UTF-8 (no overlongs, surrogates or values past U+10FFFF), a byte
 * at a time from the RFC 3629 table, as the independent reference of the
 * validator's checks: the length of the multi-byte sequence at s[i] (a
 * byte 0x80 or up), or 0 when it is not a valid one. */
static inline size_t hcc_ref_utf8_seq(const unsigned char *s, size_t n, size_t i) {
  unsigned char c = s[i];
  size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (!len || n - i < len) return 0;
  unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
  unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
  if (s[i + 1] < lo || s[i + 1] > hi) return 0;
  for (size_t k = 2; k < len; k++)
    if (s[i + k] < 0x80 || s[i + k] > 0xBF) return 0;
  return len;
}

/* The offset of the first bad sequence of s[0..n), or n. */
static inline size_t hcc_ref_utf8_first_bad(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    size_t k = s[i] < 0x80 ? 1 : hcc_ref_utf8_seq(s, n, i);
    if (!k) return i;
    i += k;
  }
  return n;
}

#endif
