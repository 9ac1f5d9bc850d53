/* glue.c -- the few facts of hcc.h the JavaScript wrapper cannot read from
 * the library's own exports: struct sizes and the fields of hcc_error.
 * Accessors instead of offsets, so that index.mjs mirrors no C layout.
 * Like the library, this file never allocates: the wrapper owns every byte
 * of memory it hands to these functions. */
#include "hcc.h"

const char *hccjs_version(void) { return HCC_VERSION; }
size_t hccjs_sizeof_params(void) { return sizeof(hcc_params); }
size_t hccjs_sizeof_error(void) { return sizeof(hcc_error); }
int hccjs_error_code(const hcc_error *e) { return e->code; }
size_t hccjs_error_offset(const hcc_error *e) { return e->offset; }
const char *hccjs_error_message(const hcc_error *e) { return e->message; }
