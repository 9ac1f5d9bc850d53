/* stub_summary.c -- the project's deterministic stub summarizer (spec
 * COMPRESS-7, COMPRESS-8) and the PREFIX-3 body of a decoded text, which
 * compress needs on texts it builds itself (the stub body, the body of an
 * earlier handoff).
 *
 * The stub stands where hermes's _generate_summary stands and reads only
 * the turns it is handed: their roles and the names of the tool calls of
 * the assistant turns.  Neither changes between the input and the seam
 * (pruning rewrites tool output and arguments, the handoff strip rewrites
 * content), so the turns are read from the input transcript. */
#include "compress.h"

#include "prefixes.h"
#include "py.h"
#include "pyspace.h"

/* ---- PREFIX-3 on slices ------------------------------------------------------ */


/* ---- the body ------------------------------------------------------------------ */

/* A tool name as the stub writes it: decoded, every control character (C0,
 * DEL, C1) and U+2028, U+2029 one space, so that no name breaks a line
 * (those are all the code points str.splitlines() breaks at). */
static void put_name(const hcc_doc *d, int tok, hcc_out *o) {
  const hcc_tok *t = &d->tok[tok];
  const char *raw = d->text + t->start;
  size_t n = (size_t)(t->end - t->start), pos = 0;
  while (pos < n && (unsigned char)raw[pos] >= 0x20 && (unsigned char)raw[pos] < 0x7F && raw[pos] != '\\')
    pos++;
  hcc__out_put(o, raw, pos); /* printable ASCII, most names whole: as it stands */
  while (pos < n) {
    uint32_t cp = hcc__json_body_next(raw, n, &pos);
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029) cp = ' ';
    hcc__utf8_put(o, cp);
  }
}

void hcc__stub_body(const hcc_transcript *t, const int *turn, size_t n, int fallback,
                    hcc_out *o) {
  const hcc_doc *d = &t->doc;
  int64_t users = 0, assistants = 0, tools = 0, other = 0;
  for (size_t k = 0; k < n; k++) {
    switch (t->msg[turn[k]].role) {
    case HCC_ROLE_USER: users++; break;
    case HCC_ROLE_ASSISTANT: assistants++; break;
    case HCC_ROLE_TOOL: tools++; break;
    default: other++; break;
    }
  }
  hcc__out_str(o, "## Historical Task Snapshot\n");
  hcc__out_str(o, fallback ? HCC_STUB_FALLBACK_LEAD : HCC_STUB_LEAD);
  hcc__out_str(o, ": ");
  hcc__out_i64(o, (int64_t)n);
  hcc__out_str(o, " messages compacted (");
  hcc__out_i64(o, users);
  hcc__out_str(o, " user, ");
  hcc__out_i64(o, assistants);
  hcc__out_str(o, " assistant, ");
  hcc__out_i64(o, tools);
  hcc__out_str(o, " tool, ");
  hcc__out_i64(o, other);
  hcc__out_str(o, " other).\nTool calls: ");
  int names = 0;
  for (size_t k = 0; k < n; k++) {
    const hcc_msg *m = &t->msg[turn[k]];
    if (m->role != HCC_ROLE_ASSISTANT) continue;
    /* ncalls is non-zero only when tool_calls is a list; the name token is
     * found only through an object call and an object "function" */
    for (int c = 0; c < m->ncalls; c++) {
      const hcc_call *call = &t->call[m->first_call + c];
      if (names++) hcc__out_str(o, ", ");
      if (call->name >= 0 && d->tok[call->name].type == HCC_T_STRING) put_name(d, call->name, o);
      else hcc__out_ch(o, '?');
    }
  }
  if (!names) hcc__out_str(o, "none");
}
