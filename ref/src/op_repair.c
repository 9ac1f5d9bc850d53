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
#include "repair.h"
#include "transcript.h"

/* The constant hermes writes (context_compressor.py), quoted as data. */
#define STUB_CONTENT "[Result from earlier conversation \xe2\x80\x94 see context summary above]"

size_t hcc__need_repair(const hcc_json_info *info, size_t len) {
  (void)len;
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  return hcc__transcript_need(info) + hcc__idset_need(hcc__max_ids(info)) +
         hcc__arena_cost(hcc__max_msgs(info) * sizeof(int)) +
         hcc__arena_cost(hcc__max_calls(info) * sizeof(int)) + hcc__obj_write_need(&m);
}

static int is_list_calls(const hcc_doc *d, const hcc_msg *m) {
  return m->role == HCC_ROLE_ASSISTANT && m->tool_calls >= 0 &&
         d->tok[m->tool_calls].type == HCC_T_ARRAY;
}

typedef struct repair {
  const hcc_transcript *t;
  hcc_repair_ids s; /* the id table and each message's and call's slot */
  const hcc_msg *m; /* the message being rewritten */
} repair;

/* A call hermes finds unanswered: its id is a call id with no result. */
static int missing(const repair *r, const hcc_call *c) {
  int k = r->s.call_slot[c - r->t->call];
  return k >= 0 && !(r->s.ids.slot[k].flags & HCC_REPAIR_IN_RESULTS);
}

static int orphan_result(const repair *r, const hcc_msg *m) {
  int k = r->s.msg_slot[m - r->t->msg];
  return k >= 0 && !(r->s.ids.slot[k].flags & HCC_REPAIR_IN_CALLS);
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
  const char *raw = hcc__json_raw(&r->t->doc, hcc__repair_call_key(&r->t->doc, c), &n);
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
  rc = hcc__idset_init(&r.s.ids, d, (size_t)t.nmsg + (size_t)t.ncall, a, err);
  if (rc != HCC_OK) return rc;
  r.s.msg_slot = hcc__arena_take(a, (size_t)(t.nmsg ? t.nmsg : 1) * sizeof(int));
  r.s.call_slot = hcc__arena_take(a, (size_t)(t.ncall ? t.ncall : 1) * sizeof(int));
  if (!r.s.msg_slot || !r.s.call_slot) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the id slots");
  for (int k = 0; k < t.ncall; k++) r.s.call_slot[k] = -1;
  rc = hcc__repair_scan(&t, &r.s, err);
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
