/* pyspace.h -- Python's idea of whitespace and of truth, for parsed JSON
 * values (pyspace.c).  hermes tests `not content.strip()` and `if not x`;
 * these answer the same questions over tokens, without decoding into a
 * buffer and without allocating. */
#ifndef HCC_PYSPACE_H
#define HCC_PYSPACE_H
#include "internal.h"

/* 1 when str.isspace() is true for the one-character string chr(cp) in
 * Python 3.11: the set str.strip() (no argument) removes.  29 code points:
 * U+0009..U+000D, U+001C..U+0020, U+0085, U+00A0, U+1680, U+2000..U+200A,
 * U+2028, U+2029, U+202F, U+205F, U+3000.  Not U+200B nor U+FEFF. */
int hcc__py_isspace(uint32_t cp);

/* str.lstrip() / str.rstrip() / str.strip() with no argument, on WTF-8
 * text: the result is always a slice of the input. */
hcc_slice hcc__py_lstrip(hcc_slice t);
/* str.lstrip() of text whose code points next reads one by one: WTF-8
 * (hcc__utf8_next, which hcc__py_lstrip is) or a raw JSON string body
 * (hcc__json_body_next); the result is a slice of t either way. */
typedef uint32_t (*hcc_cp_reader)(const char *s, size_t n, size_t *pos);
hcc_slice hcc__py_lstrip_by(hcc_slice t, hcc_cp_reader next);
hcc_slice hcc__py_rstrip(hcc_slice t);
hcc_slice hcc__py_strip(hcc_slice t);

/* 1 when the valid JSON string body raw[0..n), decoded as json.loads does,
 * is empty or made only of hcc__py_isspace code points, i.e. when
 * `not s.strip()` is true in Python. */
int hcc__py_str_blank(const char *raw, size_t n);

/* Python's bool() of json.loads applied to token i: false for null, false,
 * a number equal to zero (int 0, or a float that is 0.0 once rounded, such
 * as "0.0", "-0e5" or "1e-400"), "", [] and {}; true otherwise. */
int hcc__py_truthy(const hcc_doc *d, int i);
#endif
