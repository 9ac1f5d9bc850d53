/* pyrepr.c -- str() of a json.loads'ed value, as Python 3.11 writes it.
 *
 * str() of a string is the string; of anything else it is repr(), which
 * writes nested strings with repr(): quoted, escaped, non-printable code
 * points as \xNN, \uNNNN or \UNNNNNNNN.  Strings are read straight from
 * their JSON bodies one code point at a time, so no decode buffer is
 * needed; only the duplicate-key rule takes scratch (see pyjson.c). */
#include "py.h"

static void put_hex(hcc_out *o, char kind, uint32_t cp, int digits) {
  static const char hex[] = "0123456789abcdef";
  char b[10];
  b[0] = '\\';
  b[1] = kind;
  for (int k = 0; k < digits; k++) b[2 + k] = hex[(cp >> (4 * (digits - 1 - k))) & 15];
  hcc__out_put(o, b, (size_t)digits + 2);
}

/* CPython's unicode_repr: single quotes unless the string holds a single
 * quote and no double quote; backslash and the chosen quote escaped; \t \n
 * \r short; other control characters and DEL as \xNN; other non-printable
 * code points by size; everything printable as itself. */
static void repr_string(const char *raw, size_t n, hcc_out *o) {
  size_t pos = 0;
  int single = 0, dbl = 0;
  while (pos < n) {
    uint32_t cp = hcc__json_body_next(raw, n, &pos);
    single |= cp == '\'';
    dbl |= cp == '"';
  }
  char quote = single && !dbl ? '"' : '\'';
  hcc__out_ch(o, quote);
  pos = 0;
  while (pos < n) {
    uint32_t cp = hcc__json_body_next(raw, n, &pos);
    if (cp == (uint32_t)quote || cp == '\\') {
      hcc__out_ch(o, '\\');
      hcc__out_ch(o, (char)cp);
    } else if (cp == '\t') {
      hcc__out_put(o, "\\t", 2);
    } else if (cp == '\n') {
      hcc__out_put(o, "\\n", 2);
    } else if (cp == '\r') {
      hcc__out_put(o, "\\r", 2);
    } else if (cp < 0x20 || cp == 0x7F) {
      put_hex(o, 'x', cp, 2);
    } else if (cp < 0x7F || hcc__py_isprintable(cp)) {
      hcc__utf8_put(o, cp);
    } else if (cp <= 0xFF) {
      put_hex(o, 'x', cp, 2);
    } else if (cp <= 0xFFFF) {
      put_hex(o, 'u', cp, 4);
    } else {
      put_hex(o, 'U', cp, 8);
    }
  }
  hcc__out_ch(o, quote);
}

static void repr_number(const char *s, size_t n, hcc_out *o) {
  if (hcc__py_number_is_int(s, n)) {
    if (n == 2 && s[0] == '-' && s[1] == '0') hcc__out_ch(o, '0');
    else hcc__out_put(o, s, n);
    return;
  }
  char buf[32];
  /* float("1e400") is inf, whose repr is "inf" */
  hcc__out_put(o, buf, hcc__py_float_repr(hcc__py_number_value(s, n), buf));
}

static void repr(hcc_pywalk *w, int t, hcc_out *o) {
  const hcc_doc *d = w->d;
  const hcc_tok *tok = &d->tok[t];
  const char *raw = d->text + tok->start;
  size_t n = (size_t)(tok->end - tok->start);
  switch (tok->type) {
  case HCC_T_STRING:
    repr_string(raw, n, o);
    return;
  case HCC_T_ARRAY: {
    int j = t + 1;
    hcc__out_ch(o, '[');
    for (int k = 0; k < tok->size; k++, j = hcc__py_walk_next(w, j)) {
      if (k) hcc__out_put(o, ", ", 2);
      repr(w, j, o);
    }
    hcc__out_ch(o, ']');
    return;
  }
  case HCC_T_OBJECT: {
    const int *plan = hcc__py_walk_members(w, t);
    int key = t + 1, first = 1;
    hcc__out_ch(o, '{');
    for (int k = 0; k < tok->size; k++, key = hcc__py_walk_next(w, key + 1)) {
      if (plan[k] < 0) continue;
      if (!first) hcc__out_put(o, ", ", 2);
      first = 0;
      repr(w, key, o);
      hcc__out_put(o, ": ", 2);
      repr(w, plan[k], o);
    }
    hcc__out_ch(o, '}');
    hcc__py_walk_pop(w, t);
    return;
  }
  default:
    if (raw[0] == 't') hcc__out_put(o, "True", 4);
    else if (raw[0] == 'f') hcc__out_put(o, "False", 5);
    else if (raw[0] == 'n') hcc__out_put(o, "None", 4);
    else repr_number(raw, n, o);
    return;
  }
}

size_t hcc__py_str_need(const hcc_json_info *info) { return hcc__py_walk_need(info, 0); }

int hcc__py_str(const hcc_doc *d, int i, hcc_arena *scratch, hcc_out *o,
                hcc_error *err) {
  const hcc_tok *tok = &d->tok[i];
  if (tok->type == HCC_T_STRING) { /* str of a str: the decoded text */
    const char *raw = d->text + tok->start;
    size_t n = (size_t)(tok->end - tok->start), pos = 0;
    while (pos < n) {
      size_t run = pos;
      while (run < n && raw[run] != '\\') run++;
      hcc__out_put(o, raw + pos, run - pos);
      pos = run;
      if (pos < n) hcc__utf8_put(o, hcc__json_body_next(raw, n, &pos));
    }
    return HCC_OK;
  }
  hcc_pywalk w;
  size_t mark = scratch->used;
  int rc = hcc__py_walk_init(&w, d, i, 0, scratch, err);
  if (rc == HCC_OK) repr(&w, i, o);
  scratch->used = mark;
  return rc;
}
