/* redact.h -- hermes's redact_sensitive_text (agent/redact.py at the
 * pinned redaction commit, spec REDACT-*), zero allocation, linear time.
 *
 * The text is WTF-8 (json_decode_wide's form).  hcc__redact writes the
 * redacted text into caller memory: `ws` of hcc__redact_ws(n) bytes holds
 * the passes' two ping-pong buffers and the control-split map; *out points
 * into ws.  Every pass of the pinned function under REDACT-1's flags is
 * implemented (redact.c and the redact_*.c modules); nothing is refused. */
#ifndef HCC_REDACT_H
#define HCC_REDACT_H
#include "internal.h"

/* Bytes of workspace hcc__redact needs for n bytes of text. */
size_t hcc__redact_ws(size_t n);
int hcc__redact(const char *s, size_t n, char *ws, size_t ws_n, hcc_slice *out,
                hcc_error *err);
#endif
