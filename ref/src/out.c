/* out.c -- the output writer: writes while there is room, counts always. */
#include <stdio.h>

#include "internal.h"

void hcc__out_init(hcc_out *o, char *buf, size_t cap) {
  o->buf = buf;
  o->cap = buf ? cap : 0;
  o->len = 0;
}


void hcc__out_str(hcc_out *o, const char *s) { hcc__out_put(o, s, strlen(s)); }


void hcc__out_i64(hcc_out *o, int64_t v) {
  char tmp[24];
  int n = snprintf(tmp, sizeof tmp, "%lld", (long long)v);
  hcc__out_put(o, tmp, (size_t)n);
}

/* Python's json encoder (ensure_ascii=False) escapes '"', '\\', and every
 * code point below U+0020; \b \f \n \r \t use their short forms, the rest
 * \u00XX with lowercase hex.  Everything else, DEL and U+2028 included, is
 * written raw. */
void hcc__out_json_body(hcc_out *o, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *esc = NULL;
    char ubuf[6];
    size_t skip = 1;
    if (c == '"') esc = "\\\"";
    else if (c == '\\') esc = "\\\\";
    else if (c == '\n') esc = "\\n";
    else if (c == '\r') esc = "\\r";
    else if (c == '\t') esc = "\\t";
    else if (c == '\b') esc = "\\b";
    else if (c == '\f') esc = "\\f";
    else if (c < 0x20 || (c == 0xED && i + 2 < n && (unsigned char)s[i + 1] >= 0xA0)) {
      uint32_t cp = c;
      if (c == 0xED) {
        size_t j = i;
        cp = hcc__utf8_next(s, n, &j);
        skip = 3;
      }
      ubuf[0] = '\\';
      ubuf[1] = 'u';
      ubuf[2] = hex[(cp >> 12) & 15];
      ubuf[3] = hex[(cp >> 8) & 15];
      ubuf[4] = hex[(cp >> 4) & 15];
      ubuf[5] = hex[cp & 15];
      hcc__out_put(o, s + i - run, run);
      run = 0;
      hcc__out_put(o, ubuf, 6);
      i += skip - 1;
      continue;
    }
    if (esc) {
      hcc__out_put(o, s + i - run, run);
      run = 0;
      hcc__out_put(o, esc, 2);
      continue;
    }
    run++;
  }
  hcc__out_put(o, s + n - run, run);
}

void hcc__out_json_str(hcc_out *o, const char *s, size_t n) {
  hcc__out_ch(o, '"');
  hcc__out_json_body(o, s, n);
  hcc__out_ch(o, '"');
}
