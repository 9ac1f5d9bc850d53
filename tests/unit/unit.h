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
#include "internal.h"

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
