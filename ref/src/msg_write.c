/* msg_write.c -- one object rewritten with member edits, in Python's
 * json.dumps bytes (contract in msg_write.h). */
#include "msg_write.h"
#include "py.h"

/* json.dumps's default item separator */
#define SEP ", "

/* ---- decoded strings ------------------------------------------------------ */

uint32_t hcc__jstr_hash(const hcc_doc *d, int t) {
  const char *s = d->text + d->tok[t].start;
  size_t n = (size_t)(d->tok[t].end - d->tok[t].start), pos = 0;
  uint64_t h = 0xcbf29ce484222325u; /* FNV-1a over code points ... */
  while (pos < n) h = (h ^ hcc__json_body_next(s, n, &pos)) * 0x100000001b3u;
  h ^= h >> 33; /* ... mixed so the low bits index a table well */
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  return (uint32_t)h;
}

int hcc__jstr_eq(const hcc_doc *d, int a, int b) {
  const char *sa = d->text + d->tok[a].start, *sb = d->text + d->tok[b].start;
  size_t na = (size_t)(d->tok[a].end - d->tok[a].start);
  size_t nb = (size_t)(d->tok[b].end - d->tok[b].start), pa = 0, pb = 0;
  if (na == nb && memcmp(sa, sb, na) == 0) return 1;
  while (pa < na && pb < nb)
    if (hcc__json_body_next(sa, na, &pa) != hcc__json_body_next(sb, nb, &pb)) return 0;
  return pa == na && pb == nb;
}

/* ---- the duplicate-key plan ------------------------------------------------ */

typedef struct slot {
  uint32_t hash;
  int key;    /* key token of the first occurrence, -1 when empty */
  int member; /* its member index */
} slot;

static size_t table_slots(size_t members) {
  size_t s = 1;
  if (members < 2) return 0; /* nothing can repeat */
  while (s < 2 * members) s <<= 1; /* load factor at most 1/2 */
  return s;
}

size_t hcc__obj_write_need(const hcc_json_info *info) {
  /* Nested calls write descendants, whose member sets are disjoint: the
   * members summed over one nesting path are at most tokens/2 (a member is
   * a key and a value).  Per member: one plan int and, with the table at
   * most 4 slots per member, 4 slots; per level two rounded takes. */
  size_t t = info->tokens ? info->tokens : 1;
  return (t / 2 + 1) * (sizeof(int) + 4 * sizeof(slot)) + 32 * (info->max_depth + 2);
}

/* plan[k]: value token for member k, or -1 when k repeats an earlier key
 * (its value then sits at the first occurrence's entry). */
static void build_plan(const hcc_doc *d, int obj, int *plan, slot *tab, size_t nslot) {
  int m = d->tok[obj].size;
  size_t mask = nslot - 1;
  for (size_t s = 0; s < nslot; s++) tab[s].key = -1;
  int key = obj + 1;
  for (int k = 0; k < m; k++, key = hcc__json_skip(d, key + 1)) {
    plan[k] = key + 1;
    if (!nslot) continue;
    uint32_t h = hcc__jstr_hash(d, key);
    size_t s = h & mask;
    while (tab[s].key >= 0 && !(tab[s].hash == h && hcc__jstr_eq(d, tab[s].key, key)))
      s = (s + 1) & mask;
    if (tab[s].key >= 0) {
      plan[tab[s].member] = key + 1;
      plan[k] = -1;
    } else {
      tab[s].hash = h;
      tab[s].key = key;
      tab[s].member = k;
    }
  }
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
  size_t nslot = table_slots((size_t)m);
  int *plan = hcc__arena_take(scratch, (size_t)m * sizeof(int) + 1);
  slot *tab = nslot ? hcc__arena_take(scratch, nslot * sizeof(slot)) : NULL;
  if (!plan || (nslot && !tab)) {
    scratch->used = mark;
    return hcc__fail(err, HCC_E_WORKSPACE, (size_t)d->tok[obj].start,
                     "workspace too small for rewriting an object");
  }
  build_plan(d, obj, plan, tab, nslot);
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
