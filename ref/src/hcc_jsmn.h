/* hcc_jsmn.h -- the one place where jsmn's configuration is chosen.
 *
 * JSMN_STRICT: primitives are only numbers and literals.
 * JSMN_PARENT_LINKS: closing a container and reading a ',' cost O(depth)
 *   instead of O(width); depth is capped by HCC_MAX_DEPTH.
 * JSMN_STATIC: jsmn's functions stay private to json_tokens.c, so the
 *   library exports no jsmn_* symbol that could clash with a caller's jsmn
 *   built with other flags.
 * Only json_tokens.c includes this file. */
#ifndef HCC_JSMN_H
#define HCC_JSMN_H
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#define JSMN_STATIC
#include <jsmn.h>
#endif
