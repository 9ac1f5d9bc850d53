/* json_string.c -- decoding JSON string bodies into WTF-8.
 *
 * Python's json.loads turns "\ud83d\ude00" into one code point and keeps an
 * unpaired "\ud800" as a lone surrogate code point.  To keep Python's code
 * point arithmetic exact, a lone surrogate is decoded to its 3-byte
 * generalized UTF-8 form (ED A0..BF xx, "WTF-8"); hcc__out_json_body writes
 * it back as a \udxxx escape.  Decoded text is never longer than the raw
 * body, so a buffer of the raw length always suffices. */
#include "internal.h"

static unsigned hex4(const char *p) {
  unsigned u = 0;
  for (int k = 0; k < 4; k++) {
    unsigned char c = (unsigned char)p[k];
    u = u * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return u;
}

static size_t put_cp(char *dst, uint32_t cp) {
  unsigned char *d = (unsigned char *)dst;
  if (cp < 0x80) { d[0] = (unsigned char)cp; return 1; }
  if (cp < 0x800) {
    d[0] = (unsigned char)(0xC0 | (cp >> 6));
    d[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
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

/* Shared walk: with dst NULL it only measures.  *cps (when not NULL)
 * receives the number of code points decoded. */
static size_t decode(const char *raw, size_t n, char *dst, size_t *cps) {
  size_t out = 0, count = 0;
  char tmp[4];
  size_t i = 0;
  while (i < n) {
    const char *run = raw + i;
    size_t k = 0;
    while (i + k < n && raw[i + k] != '\\') k++;
    if (k) {
      for (size_t q = 0; q < k; q++) count += ((unsigned char)run[q] & 0xC0) != 0x80;
      if (dst) memcpy(dst + out, run, k);
      out += k;
      i += k;
      continue;
    }
    char e = raw[i + 1];
    char c;
    switch (e) {
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    case 'u': {
      uint32_t u = hex4(raw + i + 2);
      i += 6;
      if (u >= 0xD800 && u <= 0xDBFF && i + 6 <= n && raw[i] == '\\' &&
          raw[i + 1] == 'u') {
        uint32_t w = hex4(raw + i + 2);
        if (w >= 0xDC00 && w <= 0xDFFF) {
          u = 0x10000 + ((u - 0xD800) << 10) + (w - 0xDC00);
          i += 6;
        }
      }
      size_t m = put_cp(dst ? dst + out : tmp, u);
      out += m;
      count++;
      continue;
    }
    default: c = e; break; /* '"', '\\', '/' */
    }
    if (dst) dst[out] = c;
    out++;
    count++;
    i += 2;
  }
  if (cps) *cps = count;
  return out;
}

size_t hcc__json_decode(const char *raw, size_t n, char *dst) {
  return decode(raw, n, dst, NULL);
}

size_t hcc__json_decoded_len(const char *raw, size_t n) {
  return decode(raw, n, NULL, NULL);
}

size_t hcc__json_str_cps(const char *raw, size_t n) {
  size_t cps;
  decode(raw, n, NULL, &cps);
  return cps;
}
