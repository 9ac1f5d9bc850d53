/* jv.h -- a small JSON value tree for the oracles, independent of the
 * library's tokenizer (so an oracle never trusts the code it checks).
 *
 * The harness may allocate; this module does (malloc), the library never.
 * Values are read as Python's json.loads reads them where that matters to
 * an invariant: strings decoded to code points (kept as WTF-8, a lone
 * surrogate escape as its 3-byte form), ints and floats told apart, and
 * objects seen through jv_view(): each distinct key once, at the position
 * of its first occurrence, with the value of its last. */
#ifndef HCC_FUZZ_JV_H
#define HCC_FUZZ_JV_H
#include <stddef.h>

typedef enum { JV_NULL, JV_FALSE, JV_TRUE, JV_INT, JV_FLOAT, JV_STR, JV_ARR, JV_OBJ } jv_kind;

typedef struct jv {
  jv_kind k;
  const char *raw; /* the value's exact bytes in the parsed text */
  size_t raw_len;  /* (strings: with the quotes) */
  char *s;         /* JV_STR: decoded WTF-8 (NUL-terminated too) */
  size_t n;        /* JV_STR: decoded length in bytes */
  size_t len;      /* JV_ARR: elements; JV_OBJ: members (duplicates too) */
  struct jv *kids; /* elements, or member values */
  struct jv *keys; /* JV_OBJ: member keys (JV_STR) */
} jv;

/* Parses text[0..len) (which the caller has checked with
 * hcc_json_validate); NULL when it is not one JSON value.  The tree points
 * into text: keep text alive while using it. */
jv *jv_parse(const char *text, size_t len);
void jv_free(jv *v);

/* Python's view of an object: idx[i] is the member index of the i-th
 * distinct key (first position) and val[i] the index of its last value.
 * Returns the number of distinct keys; the arrays are malloc'd (free both). */
size_t jv_view(const jv *obj, size_t **idx, size_t **val);

/* Value of key (decoded comparison, last duplicate wins) or NULL; NULL
 * too when obj is not an object. */
const jv *jv_get(const jv *obj, const char *key);

/* 1 when v is a string decoding to exactly s (NUL-terminated). */
int jv_is_str(const jv *v, const char *s);
/* 1 when a and b are strings with the same decoded text. */
int jv_str_eq(const jv *a, const jv *b);
/* 1 when v is a non-empty string. */
int jv_nonempty_str(const jv *v);
/* Python truthiness of the value json.loads makes of v (NULL, an absent
 * member, is None: false). */
int jv_truthy(const jv *v);
/* Code points of a string's decoded text. */
size_t jv_cps(const jv *v);
/* 1 when the raw bytes of a and b are identical. */
int jv_raw_eq(const jv *a, const jv *b);

/* Python value equality, stricter in two ways that the invariants want:
 * ints and floats never compare equal to each other (json.dumps keeps the
 * kind), and objects compare their views in order (Python dicts keep
 * insertion order, and json.dumps writes it). */
int jv_eq(const jv *a, const jv *b);

/* The message array of a transcript (spec MODEL-1): the root array, or
 * the "messages" member of a root object; NULL for anything else. */
const jv *jv_messages(const jv *root);

/* The id a tool call names (spec PAIRS-1): its call_id when that is a
 * non-empty string, else its id when that is, else NULL. */
const jv *jv_call_id(const jv *call);

/* Python's str.isspace() of one code point. */
int jv_py_space(unsigned cp);
/* Decodes the code point at s[*i] of WTF-8 text, advancing *i. */
unsigned jv_next_cp(const char *s, size_t n, size_t *i);
/* 1 when every code point of the string v is Python whitespace. */
int jv_all_space(const jv *v);
#endif
