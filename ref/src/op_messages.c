/* op_messages.c -- `hcc messages`: one line per message, so the transcript
 * model can be seen working.  Line format (spec MODEL-3):
 *   <index> <role> content=<kind>[:<size>] [tool_call_id=<json string>]
 *       [calls=<n> <id>:<name> ...]
 * where kind is str (size in code points), parts (size in elements), null,
 * absent, or other; ids and names are JSON strings, "-" when absent. */
#include "ops.h"
#include "transcript.h"

size_t hcc__need_transcript(const hcc_json_info *info, size_t len) {
  (void)len;
  return hcc__transcript_need(info);
}

static const char *const role_names[] = {"other", "system", "user", "assistant", "tool", "none"};

/* Writes a string token as a JSON string (raw bytes: already escaped), or
 * "-" when absent or not a string. */
static void put_str_tok(const hcc_doc *d, int v, hcc_out *o) {
  size_t n;
  if (v < 0 || d->tok[v].type != HCC_T_STRING) {
    hcc__out_ch(o, '-');
    return;
  }
  const char *raw = hcc__json_raw(d, v, &n);
  hcc__out_put(o, raw, n);
}

int hcc__op_messages(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  (void)p;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_PLAIN, a, err);
  if (rc != HCC_OK) return rc;
  const hcc_doc *d = &t.doc;
  for (int i = 0; i < t.nmsg; i++) {
    const hcc_msg *m = &t.msg[i];
    hcc__out_i64(o, i);
    hcc__out_ch(o, ' ');
    if (m->role == HCC_ROLE_OTHER) put_str_tok(d, m->role_tok, o);
    else hcc__out_str(o, role_names[m->role]);
    hcc__out_str(o, " content=");
    if (m->content < 0) hcc__out_str(o, "absent");
    else if (d->tok[m->content].type == HCC_T_STRING) {
      const hcc_tok *c = &d->tok[m->content];
      size_t cps = hcc__json_str_cps(d->text + c->start, (size_t)(c->end - c->start));
      hcc__out_str(o, "str:");
      hcc__out_i64(o, (int64_t)cps);
    } else if (d->tok[m->content].type == HCC_T_ARRAY) {
      hcc__out_str(o, "parts:");
      hcc__out_i64(o, d->tok[m->content].size);
    } else if (hcc__json_is_null(d, m->content)) hcc__out_str(o, "null");
    else hcc__out_str(o, "other");
    if (m->tool_call_id >= 0) {
      hcc__out_str(o, " tool_call_id=");
      put_str_tok(d, m->tool_call_id, o);
    }
    if (m->tool_calls >= 0) {
      hcc__out_str(o, " calls=");
      hcc__out_i64(o, m->ncalls);
      for (int k = 0; k < m->ncalls; k++) {
        const hcc_call *c = &t.call[m->first_call + k];
        hcc__out_ch(o, ' ');
        put_str_tok(d, c->call_id >= 0 ? c->call_id : c->id, o);
        hcc__out_ch(o, ':');
        put_str_tok(d, c->name, o);
      }
    }
    hcc__out_ch(o, '\n');
  }
  return HCC_OK;
}
