/* transcript.c -- building the message and call tables over the tokens. */
#include "transcript.h"

#include "pyspace.h"

size_t hcc__transcript_need(const hcc_json_info *info) {
  return hcc__arena_cost(info->tokens * sizeof(hcc_tok)) +
         hcc__arena_cost(hcc__max_msgs(info) * sizeof(hcc_msg)) +
         hcc__arena_cost(hcc__max_calls(info) * sizeof(hcc_call)) + 64;
}

static hcc_role role_of(const hcc_doc *d, int v) {
  if (v < 0 || d->tok[v].type != HCC_T_STRING) return HCC_ROLE_NONE;
  static const unsigned char words[] = {HCC_W_SYSTEM, HCC_W_USER, HCC_W_ASSISTANT, HCC_W_TOOL};
  static const hcc_role roles[] = {HCC_ROLE_SYSTEM, HCC_ROLE_USER, HCC_ROLE_ASSISTANT, HCC_ROLE_TOOL};
  int k = hcc__json_word_value(d, v, words, 4); /* the scan tagged it: no load */
  return k < 0 ? HCC_ROLE_OTHER : roles[k];
}

/* Offset of the first byte of token v (for strings the opening quote:
 * string tokens start after it). */
static size_t value_offset(const hcc_doc *d, int v) {
  size_t n;
  return (size_t)(hcc__json_raw(d, v, &n) - d->text);
}

int hcc__transcript_parse(hcc_transcript *t, const char *in, size_t len, hcc_parse_mode mode,
                          hcc_arena *a, hcc_error *err) {
  static const unsigned char mkeys[] = {HCC_W_ROLE, HCC_W_CONTENT, HCC_W_TOOL_CALLS, HCC_W_TOOL_CALL_ID};
  static const unsigned char ckeys[] = {HCC_W_ID, HCC_W_CALL_ID, HCC_W_FUNCTION};
  static const unsigned char fkeys[] = {HCC_W_NAME, HCC_W_ARGUMENTS};
  hcc_doc *d = &t->doc;
  int rc = hcc__json_parse_as(d, in, len, mode, a, err);
  if (rc != HCC_OK) return rc;
  t->root = 0;
  t->array = 0;
  if (d->tok[0].type == HCC_T_OBJECT) {
    t->array = hcc__json_get(d, 0, "messages");
    if (t->array < 0)
      return hcc__fail(err, HCC_E_SHAPE, 0, "object input needs a \"messages\" member");
  }
  if (d->tok[t->array].type != HCC_T_ARRAY)
    return hcc__fail(err, HCC_E_SHAPE, value_offset(d, t->array),
                     "messages must be a JSON array");
  t->nmsg = d->tok[t->array].size;
  t->msg = hcc__arena_take(a, hcc__max_msgs(&d->info) * sizeof(hcc_msg));
  t->call = hcc__arena_take(a, hcc__max_calls(&d->info) * sizeof(hcc_call));
  if (!t->msg || !t->call)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the message tables");
  t->ncall = 0;
  int j = t->array + 1;
  for (int i = 0; i < t->nmsg; i++) {
    hcc_msg *m = &t->msg[i];
    int v[4];
    if (d->tok[j].type != HCC_T_OBJECT)
      return hcc__fail(err, HCC_E_SHAPE, value_offset(d, j),
                       "every message must be a JSON object");
    m->tok = j;
    hcc__json_members_w(d, j, mkeys, 4, v);
    m->role_tok = v[0];
    m->role = role_of(d, v[0]);
    m->content = v[1];
    m->tool_calls = v[2];
    m->tool_call_id = v[3];
    m->content_truthy = (unsigned char)(v[1] >= 0 && hcc__py_truthy(d, v[1]));
    m->content_type = (unsigned char)(v[1] >= 0 ? d->tok[v[1]].type : HCC_T_UNDEF);
    m->calls_truthy = (unsigned char)(v[2] >= 0 && hcc__py_truthy(d, v[2]));
    m->first_call = t->ncall;
    m->ncalls = 0;
    if (v[2] >= 0 && d->tok[v[2]].type == HCC_T_ARRAY) {
      int c = v[2] + 1;
      m->ncalls = d->tok[v[2]].size;
      for (int k = 0; k < m->ncalls; k++) {
        hcc_call *call = &t->call[t->ncall++];
        int cv[3], fv[2];
        call->tok = c;
        hcc__json_members_w(d, c, ckeys, 3, cv);
        call->id = cv[0];
        call->call_id = cv[1];
        call->function = cv[2];
        hcc__json_members_w(d, cv[2], fkeys, 2, fv);
        call->name = fv[0];
        call->arguments = fv[1];
        c = hcc__json_skip(d, c);
      }
    }
    j = hcc__json_skip(d, j);
  }
  return HCC_OK;
}

void hcc__transcript_open(const hcc_transcript *t, hcc_out *o) {
  hcc__out_put(o, t->doc.text, (size_t)t->doc.tok[t->array].start);
  hcc__out_ch(o, '[');
}

void hcc__transcript_close(const hcc_transcript *t, hcc_out *o) {
  size_t end = (size_t)t->doc.tok[t->array].end;
  hcc__out_ch(o, ']');
  hcc__out_put(o, t->doc.text + end, t->doc.len - end);
}

void hcc__transcript_copy_msg(const hcc_transcript *t, int i, hcc_out *o) {
  size_t n;
  const char *raw = hcc__json_raw(&t->doc, t->msg[i].tok, &n);
  hcc__out_put(o, raw, n);
}
