/* py.h -- Python's semantics where hermes relies on them: json.dumps of a
 * json.loads'ed value, float repr, and str()/repr() of parsed JSON values.
 * Implemented in pyfloat.c, pyjson.c, pyrepr.c (and the generated table
 * unicode_printable.c).  Nothing here allocates. */
#ifndef HCC_PY_H
#define HCC_PY_H
#include "internal.h"

/* ---- numbers (pyfloat.c) ------------------------------------------------ */
/* Kind of a JSON number as json.loads reads it: an int (no '.', 'e', 'E') or
 * a float. */
int hcc__py_number_is_int(const char *s, size_t n);
/* A JSON number's text read once, for the readers below that each walked
 * its characters before (a float in a tool call's arguments was read three
 * times to be written back once).  hcc__py_dec_read fills it from valid
 * JSON number text s[0..n) and returns 1 when the number has at most 19
 * significant digits and an exponent of at most 6 digits; 0 (nothing to
 * rely on) for the rest, which the readers take the long way. */
typedef struct hcc_py_dec {
  uint64_t sig; /* the digits from the first nonzero one to the last nonzero one */
  int nd;       /* how many (0: the value is zero) */
  int e10;      /* value = sig * 10^e10 */
  int neg;      /* the text starts with '-' */
  int is_int;   /* no '.', 'e' or 'E': json.loads makes an int of it */
  char d[20];   /* sig's digits as text (not NUL-terminated) */
} hcc_py_dec;
int hcc__py_dec_read(const char *s, size_t n, hcc_py_dec *d);
/* hcc__py_float_text_is_repr for a number read by hcc__py_dec_read. */
int hcc__py_dec_is_repr(const hcc_py_dec *d, const char *s, size_t n, double v);

/* Writes Python's repr() of v (shortest round-trip: "1.0", "1e+16",
 * "1.5e-05", "-0.0", "inf", "nan") into buf (at least 32 bytes),
 * NUL-terminated; returns the length. */
size_t hcc__py_float_repr(double v, char *buf);
/* The same for v = float(text), the float of number text s[0..n)
 * (hcc__py_number_value, or strtod of a text hcc wrote): the text's digits
 * bound the search for the shortest digits, so a number that already is
 * its shortest spelling costs two tries of printf and strtod, not one per
 * digit (pyfloat.c, shortest). */
size_t hcc__py_number_repr(const char *s, size_t n, double v, char *buf);
/* repr()'s layout of the positive decimal 0.d[0..nd) * 10^(exp+1) (d has
 * no leading or trailing zero but for the single digit 0): fixed notation
 * for exponents -4..15, scientific otherwise ("1e+16", "1.5e-05").  Writes
 * at most nd + 24 bytes and a NUL; returns the length. */
size_t hcc__py_float_layout(const char *d, int nd, int exp, char *buf);
/* 1 when number text s[0..n) is exactly repr(v) for v = float(text), as
 * most floats in JSON are (Python and JavaScript write the shortest
 * round-trip digits): proved with exact integer arithmetic
 * (pyfloat_exact.c), no printf or strtod.  0 when it is not, or when the
 * number is outside what the proof covers (more than 17 digits, decimal
 * exponents beyond about +-27 from the digits, powers of two). */
int hcc__py_float_text_is_repr(const char *s, size_t n, double v);
/* Its exact comparison: the sign (-1, 0, 1) of x * 10^f - m * 2^g for
 * x, m < 2^62, or HCC_PY_CANT when |f| > 27. */
#define HCC_PY_CANT 2
int hcc__py_dec_bin_cmp(uint64_t x, int f, uint64_t m, int g);
/* 1 when the decimal x * 10^f (x < 2^62) rounds to the double v > 0 under
 * round-half-even, 0 when it does not, HCC_PY_CANT when that cannot be
 * told here (|f| > 27, v a power of two, not finite). */
int hcc__py_dec_rounds_to(uint64_t x, int f, double v);
/* What str() and json.dumps write for JSON number text s[0..n), the text
 * read once: an int's digits (only "-0" changes, to "0"), or a float's
 * repr ("inf" and "-inf" for one that overflows), in *text (s itself, a
 * literal, or buf of at least 32 bytes).  Returns 1 for a float, whose
 * float(text) goes to *v, 0 for an int. */
int hcc__py_number_text(const char *s, size_t n, char *buf, hcc_slice *text, double *v);
/* Writes the number text json.dumps(json.loads(text)) gives: ints keep
 * their digits exactly ("-0" becomes "0"); floats become repr(float(text)).
 * A float that overflows to infinity would be written by Python as
 * "Infinity", which is not JSON: hcc writes the original text instead
 * (spec DIV-JSON-2).  An int of more than 4300 digits, which Python 3.11's
 * json.loads refuses (ValueError of its int/str conversion limit), is
 * written unchanged like any other int. */
void hcc__py_number_dump(const char *s, size_t n, hcc_out *o);
/* float(text) of a valid JSON number, correctly rounded whatever its length
 * and independent of the locale: "1e400" is inf, "-1e-400" is -0.0. */
double hcc__py_number_value(const char *s, size_t n);

/* CPython >= 3.11 refuses int() of more digits than this
 * (sys.int_info.default_max_str_digits): json.loads raises ValueError. */
#define HCC_PY_INT_MAX_DIGITS 4300
/* 1 when some integer of d has more digits than json.loads converts. */
int hcc__py_doc_has_huge_int(const hcc_doc *d);

/* ---- json.dumps (pyjson.c) ---------------------------------------------- */
/* Optional hook for string values (never keys): the decoded WTF-8 value is
 * passed in; the hook writes the body (without quotes) of the string to
 * put, e.g. truncated, using hcc__out_json_body. */
typedef void (*hcc_str_hook)(void *ctx, const char *s, size_t n, hcc_out *o);

/* Writes token i of d as Python's json.dumps(value, ensure_ascii=False)
 * writes json.loads(raw) (separators ", " and ": "; duplicate keys: the last
 * value at the first key's position).  scratch supplies decode buffers and
 * the duplicate-key table; hcc__py_dumps_need() tells how much it takes.
 * What is taken from scratch is given back before returning.  Fails only
 * with HCC_E_WORKSPACE. */
int hcc__py_dumps(const hcc_doc *d, int i, hcc_str_hook hook, void *ctx,
                  hcc_arena *scratch, hcc_out *o, hcc_error *err);
/* The same for a hook that decides from a value's first `reads` + 1 code
 * points (a cut at `reads`): a longer value is decoded (and passed) only
 * that far, at least reads + 1 whole code points of it; a value cut to 200
 * code points no longer decodes its megabytes.  hcc__py_dumps reads all. */
int hcc__py_dumps_cut(const hcc_doc *d, int i, hcc_str_hook hook, void *ctx, size_t reads,
                      hcc_arena *scratch, hcc_out *o, hcc_error *err);
/* Scratch one call takes at most, for any token of a document with these
 * statistics. */
size_t hcc__py_dumps_need(const hcc_json_info *info);

/* ---- str()/repr() (pyrepr.c) -------------------------------------------- */
/* Writes Python's str(value) of json.loads(raw) for token i: a top-level
 * string is itself; dicts, lists and nested strings use repr() with
 * Python's quote choice and escapes (\n, \x1f, \u200b for non-printable
 * code points, per unicodedata of Python 3.11); True/False/None; floats by
 * repr.  Duplicate keys as in hcc__py_dumps.  Output is WTF-8 text.
 * scratch holds the duplicate-key table (given back before returning);
 * fails only with HCC_E_WORKSPACE. */
int hcc__py_str(const hcc_doc *d, int i, hcc_arena *scratch, hcc_out *o,
                hcc_error *err);
/* A consumer of text that needs no buffer: ascii gets runs of ASCII
 * bytes, cp every other code point (a lone surrogate too). */
typedef struct hcc_py_feed {
  void (*ascii)(void *ctx, const char *s, size_t n);
  void (*cp)(void *ctx, uint32_t cp);
  void *ctx;
} hcc_py_feed;
/* str() as hcc__py_str writes it, fed to f instead of written. */
int hcc__py_str_feed(const hcc_doc *d, int i, hcc_arena *scratch, hcc_py_feed *f,
                     hcc_error *err);
/* repr() of a text, a JSON string body (json 1) or WTF-8 text: written
 * to o, or fed to f. */
void hcc__py_repr_text(const char *s, size_t n, int json, hcc_out *o);
void hcc__py_repr_text_feed(const char *s, size_t n, int json, hcc_py_feed *f);
/* Scratch one hcc__py_str call takes at most (see hcc__py_dumps_need). */
size_t hcc__py_str_need(const hcc_json_info *info);
/* 1 when Python's str.isprintable() is true for code point cp
 * (unicode_printable.c, generated by tools/gen_unicode_printable.py). */
int hcc__py_isprintable(uint32_t cp);
/* 1 when Python's re matches \w (a str pattern) on code point cp:
 * str.isalnum() or '_' (generated table unicode_word.c) */
int hcc__py_isword(uint32_t cp);
extern const uint64_t hcc__py_word_digest;
/* Digest of the table, recomputed by the unit test as an exhaustive check
 * (see tools/gen_unicode_printable.py). */
extern const uint64_t hcc__py_printable_digest;

/* ---- shared by pyjson.c and pyrepr.c ------------------------------------ */
/* A walk over the subtree of one token, with what Python's dict semantics
 * need: the end of every subtree (so skipping a value is O(1)) and, per
 * object, which members survive json.loads's duplicate-key rule. */
typedef struct hcc_pywalk {
  const hcc_doc *d;
  int *plan;         /* stack of member plans of the objects being written */
  size_t plan_top;
  hcc_keyslot *slot; /* hcc__keyplan's table, rebuilt per object */
  char *buf;         /* decode buffer for the longest string, or NULL */
} hcc_pywalk;

/* Takes what the subtree of token i needs from a (plus a decode buffer
 * when want_buf).  Returns HCC_OK or HCC_E_WORKSPACE. */
int hcc__py_walk_init(hcc_pywalk *w, const hcc_doc *d, int i, int want_buf,
                      hcc_arena *a, hcc_error *err);
/* Bound of what hcc__py_walk_init takes for any token of a document. */
size_t hcc__py_walk_need(const hcc_json_info *info, int want_buf);
/* For each member of object obj in order: the value token to write, or -1
 * when the member repeats an earlier key (Python's dict keeps the first
 * key's position with the last value).  Pushed on the plan stack: call
 * hcc__py_walk_pop(w, obj) when done with it, innermost first. */
const int *hcc__py_walk_members(hcc_pywalk *w, int obj);
void hcc__py_walk_pop(hcc_pywalk *w, int obj);
#endif
