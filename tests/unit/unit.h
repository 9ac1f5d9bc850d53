/* unit.h -- common includes of the CMocka unit tests. */
#ifndef HCC_UNIT_H
#define HCC_UNIT_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hcc.h"
#include "../ref_utf8.h"
#include "internal.h"

/* A growing text the tests build inputs in (free buf when done); kept
 * NUL-terminated. */
typedef struct unit_text {
  char *buf;
  size_t n, cap;
} unit_text;

static inline void unit_put(unit_text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    t->cap = 2 * (t->n + n + 1);
    t->buf = realloc(t->buf, t->cap);
    assert_non_null(t->buf);
  }
  memcpy(t->buf + t->n, s, n);
  t->n += n;
  t->buf[t->n] = 0;
}

static inline void unit_puts(unit_text *t, const char *s) { unit_put(t, s, strlen(s)); }

/* The rewrite weight of a byte as hcc_json_info.max_deep_weight documents
 * it, written out again from the documentation for the tests to compare. */
static inline size_t unit_weight_of(unsigned char c) {
  if ((c >= '0' && c <= '9') || c == '"') return 6;
  if (c == 0x7f) return 5;
  if (c >= 0x80 || c == '\\') return 4;
  if (c == '\'') return 3;
  if (c == ',' || c == ':') return 2;
  return 1;
}

/* A valid JSON text parsed into tokens in a workspace of its own (free
 * p->mem when done), as the ops that pair ids parse (HCC_PARSE_IDS: the
 * values of id keys carry hashes and links, which no other reader of a
 * token may mistake for anything). */
typedef struct unit_parsed {
  hcc_doc d;
  hcc_json_info info;
  void *mem;
} unit_parsed;

static inline void unit_parse(unit_parsed *p, const char *text, size_t n) {
  hcc_arena a;
  assert_int_equal(hcc_json_validate(text, n, &p->info, NULL), HCC_OK);
  size_t size = p->info.tokens * sizeof(hcc_tok) + 64;
  p->mem = malloc(size);
  assert_non_null(p->mem);
  hcc__arena_init(&a, p->mem, size);
  assert_int_equal(hcc__json_parse_as(&p->d, text, n, HCC_PARSE_IDS, &a, NULL), HCC_OK);
}

/* UTF-8 (WTF-8 for surrogates) of code point cp, written here from the
 * RFC 3629 table rather than taken from the library, so that tests of the
 * library's encoder and writers have an independent reference. */
static inline size_t unit_utf8_encode(uint32_t cp, char *d) {
  unsigned char *u = (unsigned char *)d;
  if (cp < 0x80) { u[0] = (unsigned char)cp; return 1; }
  if (cp < 0x800) { u[0] = (unsigned char)(0xC0 | cp >> 6); u[1] = (unsigned char)(0x80 | (cp & 63)); return 2; }
  if (cp < 0x10000) {
    u[0] = (unsigned char)(0xE0 | cp >> 12);
    u[1] = (unsigned char)(0x80 | ((cp >> 6) & 63));
    u[2] = (unsigned char)(0x80 | (cp & 63));
    return 3;
  }
  u[0] = (unsigned char)(0xF0 | cp >> 18);
  u[1] = (unsigned char)(0x80 | ((cp >> 12) & 63));
  u[2] = (unsigned char)(0x80 | ((cp >> 6) & 63));
  u[3] = (unsigned char)(0x80 | (cp & 63));
  return 4;
}

#endif
