/* repair.c -- the parts of orphan tool-pair repair (spec PAIRS-*) that
 * compress shares with the repair op (op_repair.c): the id scan with its
 * shape checks (PAIRS-1, PAIRS-5) and the writing of an assistant message
 * with some calls stripped (PAIRS-3).  repair.h says what each does. */
#include <string.h>

#include "idset.h"
#include "msg_write.h"
#include "pyspace.h"
#include "repair.h"

/* The constant hermes writes (context_compressor.py), quoted as data. */
#define REMOVED_CONTENT "\"(tool call removed)\""

/* A non-empty JSON string token (Python: a truthy str). */
static int nonempty_str(const hcc_doc *d, int v) {
  return v >= 0 && d->tok[v].type == HCC_T_STRING && d->tok[v].end > d->tok[v].start;
}

int hcc__repair_call_key(const hcc_doc *d, const hcc_call *c) {
  if (d->tok[c->tok].type != HCC_T_OBJECT) return -1; /* hermes: getattr -> "" */
  if (nonempty_str(d, c->call_id)) return c->call_id;
  if (nonempty_str(d, c->id)) return c->id;
  return -1;
}

static int str_or_null(const hcc_doc *d, int v) {
  return v < 0 || d->tok[v].type == HCC_T_STRING || hcc__json_is_null(d, v);
}

/* The shape checks hermes would crash on (PAIRS-5), in message order, and,
 * with r, the registration of every id in r's table as it goes: one pass
 * over the ids, whose tokens and text are cold by now. */
int hcc__repair_scan(const hcc_transcript *t, hcc_repair_ids *r, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  for (int i = 0; i < t->nmsg; i++) {
    const hcc_msg *m = &t->msg[i];
    if (r) r->msg_slot[i] = -1;
    if (m->role == HCC_ROLE_TOOL) {
      if (!str_or_null(d, m->tool_call_id))
        return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[m->tool_call_id].start,
                         "tool_call_id must be a string or null");
      if (r && nonempty_str(d, m->tool_call_id))
        r->msg_slot[i] = hcc__idset_add(&r->ids, m->tool_call_id, HCC_REPAIR_IN_RESULTS);
    }
    if (m->role != HCC_ROLE_ASSISTANT || m->tool_calls < 0) continue;
    const hcc_tok *tc = &d->tok[m->tool_calls];
    /* hermes iterates `tool_calls or []`: a truthy number or true raises
     * TypeError; lists, objects (keys) and strings (characters) iterate */
    if (tc->type == HCC_T_PRIMITIVE && m->calls_truthy)
      return hcc__fail(err, HCC_E_SHAPE, (size_t)tc->start,
                       "tool_calls is a number or true (hermes raises TypeError)");
    for (int k = 0; k < m->ncalls; k++) { /* ncalls > 0: a list */
      const hcc_call *c = &t->call[m->first_call + k];
      if (!str_or_null(d, c->call_id))
        return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[c->call_id].start,
                         "call_id must be a string or null");
      if (!str_or_null(d, c->id))
        return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[c->id].start,
                         "id must be a string or null");
      int key = r ? hcc__repair_call_key(d, c) : -1;
      if (key >= 0) r->call_slot[m->first_call + k] = hcc__idset_add(&r->ids, key, HCC_REPAIR_IN_CALLS);
    }
  }
  return HCC_OK;
}

int hcc__repair_check_shape(const hcc_transcript *t, hcc_error *err) {
  return hcc__repair_scan(t, NULL, err);
}

/* ---- PAIRS-3: an assistant message with some calls stripped ------------------- */

typedef struct strip_job {
  hcc_call_gone_fn gone;
  void *ctx;
} strip_job;

/* SET tool_calls: the kept calls (list items of `old`), each copied raw. */
static int write_kept(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                      hcc_error *err) {
  const strip_job *j = ctx;
  int item = old + 1, first = 1;
  (void)scratch, (void)err;
  hcc__out_ch(o, '[');
  for (int k = 0; k < d->tok[old].size; k++, item = hcc__json_skip(d, item)) {
    size_t n;
    if (j->gone(j->ctx, k)) continue;
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    const char *raw = hcc__json_raw(d, item, &n);
    hcc__out_put(o, raw, n);
  }
  hcc__out_ch(o, ']');
  return HCC_OK;
}

int hcc__repair_write_stripped(const hcc_doc *d, int msg, int ncalls, hcc_call_gone_fn gone,
                               void *ctx, hcc_arena *a, hcc_out *o, hcc_error *err) {
  strip_job j = {gone, ctx};
  int ngone = 0;
  for (int k = 0; k < ncalls; k++) ngone += gone(ctx, k) != 0;
  hcc_edit e[2];
  size_t ne = 1;
  memset(e, 0, sizeof e);
  e[0].key = "tool_calls";
  e[0].key_len = 10;
  if (ngone < ncalls) {
    e[0].op = HCC_EDIT_SET;
    e[0].fn = write_kept;
    e[0].ctx = &j;
  } else {
    int c = hcc__json_get(d, msg, "content");
    e[0].op = HCC_EDIT_DEL;
    if (c < 0 || !hcc__py_truthy(d, c) ||
        (d->tok[c].type == HCC_T_STRING &&
         hcc__py_str_blank(d->text + d->tok[c].start, (size_t)(d->tok[c].end - d->tok[c].start)))) {
      e[1].key = "content";
      e[1].key_len = 7;
      e[1].op = HCC_EDIT_SET;
      e[1].lit = REMOVED_CONTENT;
      e[1].lit_len = sizeof REMOVED_CONTENT - 1;
      ne = 2;
    }
  }
  return hcc__obj_write(d, msg, e, ne, a, o, err);
}

