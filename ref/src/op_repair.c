/* op_repair.c -- `hcc repair`: orphan tool-pair repair (spec PAIRS-*).
 *
 * Both policies work on two sets of decoded id strings, as hermes does
 * (the rule is set-based over the whole transcript, not positional):
 *   calls   = the id of every call in the tool_calls list of a message
 *             whose role is "assistant": "call_id" when it is a non-empty
 *             string, else "id" when it is one (PAIRS-1);
 *   results = the non-empty string "tool_call_id" of every message whose
 *             role is "tool".
 * A tool message whose id is in results but not in calls is dropped
 * (PAIRS-2).  A call whose id is in calls but not in results is then
 *   strip: removed from its message; a message left with no call loses
 *          "tool_calls" and, when its content is falsy or only
 *          whitespace, gets the content "(tool call removed)" (PAIRS-3);
 *   stub:  answered by a stub tool message inserted right after its
 *          assistant message, in call order (PAIRS-4).
 * Input hermes would crash on, and ids that are not strings, are rejected
 * before anything is written (PAIRS-5, spec Divergences).
 *
 * One hash table over the id tokens holds both sets (a flag per set), so
 * the op is linear in the input; nothing is copied or decoded into a
 * buffer: ids are hashed and compared by code points. */
#include "idset.h"
#include "msg_write.h"
#include "ops.h"
#include "pyspace.h"
#include "repair.h"
#include "transcript.h"

/* The constants hermes writes (context_compressor.py), quoted as data. */
#define REMOVED_CONTENT "\"(tool call removed)\""
#define STUB_CONTENT "[Result from earlier conversation \xe2\x80\x94 see context summary above]"

enum { IN_CALLS = 1, IN_RESULTS = 2 };

size_t hcc__need_repair(const hcc_json_info *info, size_t len) {
  (void)len;
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  return hcc__transcript_need(info) + hcc__idset_need(hcc__max_ids(info)) +
         hcc__arena_cost(hcc__max_msgs(info) * sizeof(int)) +
         hcc__arena_cost(hcc__max_calls(info) * sizeof(int)) + hcc__obj_write_need(&m);
}

/* A non-empty JSON string token (Python: a truthy str). */
static int nonempty_str(const hcc_doc *d, int v) {
  return v >= 0 && d->tok[v].type == HCC_T_STRING && d->tok[v].end > d->tok[v].start;
}

/* hermes's `call_id or id`, restricted to strings (PAIRS-1): the id token
 * of a call, or -1 when it has none. */
static int call_key(const hcc_doc *d, const hcc_call *c) {
  if (d->tok[c->tok].type != HCC_T_OBJECT) return -1; /* hermes: getattr -> "" */
  if (nonempty_str(d, c->call_id)) return c->call_id;
  if (nonempty_str(d, c->id)) return c->id;
  return -1;
}

static int is_list_calls(const hcc_doc *d, const hcc_msg *m) {
  return m->role == HCC_ROLE_ASSISTANT && m->tool_calls >= 0 &&
         d->tok[m->tool_calls].type == HCC_T_ARRAY;
}

static int str_or_null(const hcc_doc *d, int v) {
  return v < 0 || d->tok[v].type == HCC_T_STRING || hcc__json_is_null(d, v);
}

typedef struct repair {
  const hcc_transcript *t;
  hcc_idset ids;
  /* the id slot of each result message and each call, -1 for none: the
   * writing pass reads flags there instead of hashing every id again */
  int *msg_slot, *call_slot;
  const hcc_msg *m; /* the message being rewritten */
} repair;

/* The shape checks hermes would crash on (PAIRS-5), in message order, and,
 * with r, the registration of every id in r's table as it goes: one pass
 * over the ids, whose tokens and text are cold by now. */
static int scan_ids(const hcc_transcript *t, repair *r, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  for (int i = 0; i < t->nmsg; i++) {
    const hcc_msg *m = &t->msg[i];
    if (r) r->msg_slot[i] = -1;
    if (m->role == HCC_ROLE_TOOL) {
      if (!str_or_null(d, m->tool_call_id))
        return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[m->tool_call_id].start,
                         "tool_call_id must be a string or null");
      if (r && nonempty_str(d, m->tool_call_id))
        r->msg_slot[i] = hcc__idset_add(&r->ids, m->tool_call_id, IN_RESULTS);
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
      int key = r ? call_key(d, c) : -1;
      if (key >= 0) r->call_slot[m->first_call + k] = hcc__idset_add(&r->ids, key, IN_CALLS);
    }
  }
  return HCC_OK;
}

int hcc__repair_check_shape(const hcc_transcript *t, hcc_error *err) { return scan_ids(t, NULL, err); }

/* A call hermes finds unanswered: its id is a call id with no result. */
static int missing(const repair *r, const hcc_call *c) {
  int k = r->call_slot[c - r->t->call];
  return k >= 0 && !(r->ids.slot[k].flags & IN_RESULTS);
}

static int orphan_result(const repair *r, const hcc_msg *m) {
  int k = r->msg_slot[m - r->t->msg];
  return k >= 0 && !(r->ids.slot[k].flags & IN_CALLS);
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

static int call_gone(void *ctx, int k) {
  const repair *r = ctx;
  return missing(r, &r->t->call[r->m->first_call + k]);
}

/* PAIRS-3: one assistant message under the strip policy. */
static int write_stripped(repair *r, const hcc_msg *m, hcc_arena *a, hcc_out *o, hcc_error *err) {
  int gone = 0;
  for (int k = 0; k < m->ncalls; k++) gone += missing(r, &r->t->call[m->first_call + k]);
  if (!gone) {
    hcc__transcript_copy_msg(r->t, (int)(m - r->t->msg), o);
    return HCC_OK;
  }
  r->m = m;
  return hcc__repair_write_stripped(&r->t->doc, m->tok, m->ncalls, call_gone, r, a, o, err);
}

/* PAIRS-4: the stub answering call c, in the key order hermes builds it. */
static void write_stub(const repair *r, const hcc_call *c, hcc_out *o) {
  size_t n;
  const char *raw = hcc__json_raw(&r->t->doc, call_key(&r->t->doc, c), &n);
  hcc__out_str(o, "{\"role\": \"tool\", \"content\": \"" STUB_CONTENT "\", \"tool_call_id\": ");
  hcc__out_put(o, raw, n);
  hcc__out_ch(o, '}');
}

int hcc__op_repair(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                   hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  repair r;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_IDS, a, err);
  if (rc != HCC_OK) return rc;
  const hcc_doc *d = &t.doc;
  r.t = &t;
  r.m = NULL;
  /* a result id a message, a call id a call: a table that small stays in
   * cache better than the sizing bound would */
  rc = hcc__idset_init(&r.ids, d, (size_t)t.nmsg + (size_t)t.ncall, a, err);
  if (rc != HCC_OK) return rc;
  r.msg_slot = hcc__arena_take(a, (size_t)(t.nmsg ? t.nmsg : 1) * sizeof(int));
  r.call_slot = hcc__arena_take(a, (size_t)(t.ncall ? t.ncall : 1) * sizeof(int));
  if (!r.msg_slot || !r.call_slot) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the id slots");
  for (int k = 0; k < t.ncall; k++) r.call_slot[k] = -1;
  rc = scan_ids(&t, &r, err);
  if (rc != HCC_OK) return rc;
  int first = 1;
  hcc__transcript_open(&t, o);
  for (int i = 0; i < t.nmsg && rc == HCC_OK; i++) {
    const hcc_msg *m = &t.msg[i];
    if (orphan_result(&r, m)) continue;
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    if (p->policy == HCC_POLICY_STRIP && is_list_calls(d, m)) {
      rc = write_stripped(&r, m, a, o, err);
      continue;
    }
    hcc__transcript_copy_msg(&t, i, o);
    if (p->policy != HCC_POLICY_STUB || !is_list_calls(d, m)) continue;
    for (int k = 0; k < m->ncalls; k++) {
      const hcc_call *c = &t.call[m->first_call + k];
      if (!missing(&r, c)) continue;
      hcc__out_str(o, HCC_ITEM_SEP);
      write_stub(&r, c, o);
    }
  }
  if (rc != HCC_OK) return rc;
  hcc__transcript_close(&t, o);
  return HCC_OK;
}
