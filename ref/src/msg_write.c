/* msg_write.c -- one object rewritten with member edits, in Python's
 * json.dumps bytes (contract in msg_write.h). */
#include "msg_write.h"
#include "py.h"

/* json.dumps's default item separator */
#define SEP ", "

/* ---- the duplicate-key plan (hcc__keyplan) --------------------------------- */

size_t hcc__obj_write_need(const hcc_json_info *info) {
  /* Nested calls write descendants, whose member sets are disjoint: the
   * members summed over one nesting path are at most tokens/2 (a member is
   * a key and a value).  Per member: one plan int and, with the table at
   * most 4 slots per member, 4 slots; per level two rounded takes. */
  size_t t = info->tokens ? info->tokens : 1;
  return (t / 2 + 1) * (sizeof(int) + 4 * sizeof(hcc_keyslot)) + 32 * (info->max_depth + 2);
}

static int put_value(const hcc_edit *e, const hcc_doc *d, int old, hcc_arena *scratch,
                     hcc_out *o, hcc_error *err) {
  if (e->fn) return e->fn(e->ctx, d, old, scratch, o, err);
  hcc__out_put(o, e->lit, e->lit_len);
  return HCC_OK;
}

int hcc__obj_write(const hcc_doc *d, int obj, const hcc_edit *edits,
                   size_t nedits, hcc_arena *scratch, hcc_out *o,
                   hcc_error *err) {
  unsigned char used[HCC_EDIT_MAX] = {0};
  if (nedits > HCC_EDIT_MAX || d->tok[obj].type != HCC_T_OBJECT)
    return hcc__fail(err, HCC_E_PARAM, 0, "internal: bad object edit request");
  size_t mark = scratch->used;
  int m = d->tok[obj].size;
  size_t nslot = hcc__keyplan_slots((size_t)m);
  int *plan = hcc__arena_take(scratch, (size_t)m * sizeof(int) + 1);
  hcc_keyslot *tab = nslot ? hcc__arena_take(scratch, nslot * sizeof(hcc_keyslot)) : NULL;
  if (!plan || (nslot && !tab)) {
    scratch->used = mark;
    return hcc__fail(err, HCC_E_WORKSPACE, (size_t)d->tok[obj].start,
                     "workspace too small for rewriting an object");
  }
  hcc__keyplan(d, obj, plan, tab, nslot);
  int rc = HCC_OK, first = 1;
  hcc__out_ch(o, '{');
  int key = obj + 1;
  for (int k = 0; k < m && rc == HCC_OK; k++, key = hcc__json_skip(d, key + 1)) {
    if (plan[k] < 0) continue;
    const hcc_edit *e = NULL;
    for (size_t x = 0; x < nedits; x++)
      if (!used[x] && hcc__json_str_eq(d, key, edits[x].key, edits[x].key_len)) {
        e = &edits[x];
        used[x] = 1;
        break;
      }
    if (e && e->op == HCC_EDIT_DEL) continue;
    size_t n;
    const char *raw = hcc__json_raw(d, key, &n);
    if (!first) hcc__out_str(o, SEP);
    first = 0;
    hcc__out_put(o, raw, n);
    hcc__out_str(o, ": ");
    if (e) {
      rc = put_value(e, d, plan[k], scratch, o, err);
    } else {
      raw = hcc__json_raw(d, plan[k], &n);
      hcc__out_put(o, raw, n);
    }
  }
  for (size_t x = 0; x < nedits && rc == HCC_OK; x++) {
    if (used[x] || edits[x].op != HCC_EDIT_SET) continue;
    if (!first) hcc__out_str(o, SEP);
    first = 0;
    hcc__out_json_str(o, edits[x].key, edits[x].key_len);
    hcc__out_str(o, ": ");
    rc = put_value(&edits[x], d, -1, scratch, o, err);
  }
  hcc__out_ch(o, '}');
  scratch->used = mark;
  return rc;
}
