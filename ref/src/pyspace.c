/* pyspace.c -- Python whitespace and truthiness over JSON tokens.
 *
 * The whitespace set is the one Python 3.11's str.isspace() (and so
 * str.strip()) uses; tests/unit/test_repair.c checks every code point
 * against a table printed by python3 (tools/gen_cases_repair.py --spaces). */
#include "pyspace.h"
#include "py.h"

int hcc__py_isspace(uint32_t cp) {
  if (cp <= 0x20) return (cp >= 0x09 && cp <= 0x0D) || cp >= 0x1C;
  if (cp < 0x85) return 0;
  switch (cp) {
  case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
  case 0x202F: case 0x205F: case 0x3000:
    return 1;
  default:
    return cp >= 0x2000 && cp <= 0x200A;
  }
}

int hcc__py_str_blank(const char *raw, size_t n) {
  size_t pos = 0;
  while (pos < n)
    if (!hcc__py_isspace(hcc__json_body_next(raw, n, &pos))) return 0;
  return 1;
}

/* A JSON int is zero when every digit is '0' ("-0" too); a float is zero
 * when float(text) is 0.0, which an underflowing "1e-400" also is. */
static int number_is_zero(const char *s, size_t n) {
  if (hcc__py_number_is_int(s, n)) {
    for (size_t k = 0; k < n; k++)
      if (s[k] >= '1' && s[k] <= '9') return 0;
    return 1;
  }
  return hcc__py_number_value(s, n) == 0.0;
}

int hcc__py_truthy(const hcc_doc *d, int i) {
  const hcc_tok *t = &d->tok[i];
  const char *s = d->text + t->start;
  switch (t->type) {
  case HCC_T_STRING:
    return t->end > t->start;
  case HCC_T_ARRAY:
  case HCC_T_OBJECT:
    return t->size > 0;
  case HCC_T_PRIMITIVE: {
    /* the scan tags every primitive with its first byte: a literal is
     * decided without loading the text (a null content in a later pass) */
    if (t->tag == 'n' || t->tag == 'f') return 0; /* null, false */
    if (t->tag == 't') return 1;
    return !number_is_zero(s, (size_t)(t->end - t->start));
  }
  default:
    return 0;
  }
}

hcc_slice hcc__py_lstrip_by(hcc_slice t, hcc_cp_reader next) {
  size_t i = 0;
  while (i < t.n) {
    size_t j = i;
    if (!hcc__py_isspace(next(t.s, t.n, &j))) break;
    i = j;
  }
  t.s += i;
  t.n -= i;
  return t;
}

hcc_slice hcc__py_lstrip(hcc_slice t) { return hcc__py_lstrip_by(t, hcc__utf8_next); }

hcc_slice hcc__py_rstrip(hcc_slice t) {
  while (t.n > 0) {
    size_t start = t.n - 1;
    while (start > 0 && ((unsigned char)t.s[start] & 0xC0) == 0x80) start--;
    size_t j = start;
    if (!hcc__py_isspace(hcc__utf8_next(t.s, t.n, &j))) break;
    t.n = start;
  }
  return t;
}

hcc_slice hcc__py_strip(hcc_slice t) { return hcc__py_rstrip(hcc__py_lstrip(t)); }
