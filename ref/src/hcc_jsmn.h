/* hcc_jsmn.h -- the jsmn configuration whose tokens the library writes.
 *
 * The library's scan (json_validate.c) writes tokens in jsmn's layout and
 * order with these flags; jsmn itself is the oracle that tests compare
 * them with (tests/unit/test_json_tokens.c), so the library does not
 * link jsmn.
 * JSMN_STRICT: primitives are only numbers and literals.
 * JSMN_PARENT_LINKS: every token records its parent.
 * JSMN_STATIC: jsmn's functions stay private to the file that includes
 *   this header. */
#ifndef HCC_JSMN_H
#define HCC_JSMN_H
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#define JSMN_STATIC
#include <jsmn.h>
#endif
