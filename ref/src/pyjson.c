/* pyjson.c -- json.dumps(json.loads(raw), ensure_ascii=False) over tokens,
 * and the subtree walk that pyrepr.c shares.
 *
 * The walk exists for Python's dict: json.loads keeps one entry per key,
 * at the position of the key's first occurrence, holding the value of its
 * last one.  Keys compare by decoded value ("a" and "\u0061" are one key),
 * found through a hash table keyed on decoded code points and rebuilt for
 * each object in time proportional to that object's members. */
#include "py.h"

/* ---- keys ----------------------------------------------------------------- */

struct hcc_pyslot {
  uint32_t hash;
  int key;    /* key token, -1 when the slot is empty */
  int member; /* member index of the key's first occurrence */
};

static const char *body(const hcc_doc *d, int t, size_t *n) {
  *n = (size_t)(d->tok[t].end - d->tok[t].start);
  return d->text + d->tok[t].start;
}

static uint32_t key_hash(const hcc_doc *d, int t) {
  size_t n, pos = 0;
  const char *s = body(d, t, &n);
  uint64_t h = 0xcbf29ce484222325u; /* FNV-1a over code points ... */
  while (pos < n) h = (h ^ hcc__json_body_next(s, n, &pos)) * 0x100000001b3u;
  h ^= h >> 33; /* ... with a final mix so the low bits index well */
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  return (uint32_t)h;
}

static int key_eq(const hcc_doc *d, int a, int b) {
  size_t na, nb, pa = 0, pb = 0;
  const char *sa = body(d, a, &na), *sb = body(d, b, &nb);
  if (na == nb && memcmp(sa, sb, na) == 0) return 1;
  while (pa < na && pb < nb)
    if (hcc__json_body_next(sa, na, &pa) != hcc__json_body_next(sb, nb, &pb)) return 0;
  return pa == na && pb == nb;
}

/* ---- the walk --------------------------------------------------------------- */

static size_t table_slots(size_t members) {
  size_t s = 1;
  if (members < 2) return 0; /* zero or one member: nothing can repeat */
  while (s < 2 * members) s <<= 1; /* load factor at most 1/2 */
  return s;
}

size_t hcc__py_walk_need(const hcc_json_info *info, int want_buf) {
  size_t t = info->tokens ? info->tokens : 1;
  /* an object of m members has 2m+1 tokens, so m <= t/2 */
  return hcc__arena_cost(t * sizeof(int)) + hcc__arena_cost((t / 2 + 1) * sizeof(int)) +
         hcc__arena_cost(table_slots(t / 2) * sizeof(hcc_pyslot)) +
         (want_buf ? hcc__arena_cost(info->max_string + 1) : 0);
}

int hcc__py_walk_init(hcc_pywalk *w, const hcc_doc *d, int i, int want_buf,
                      hcc_arena *a, hcc_error *err) {
  const hcc_tok *t = d->tok;
  int end = i + 1;
  size_t members = 0, widest = 0, longest = 0;
  while (end < d->ntok && t[end].start < t[i].end) end++;
  for (int j = i; j < end; j++) {
    if (t[j].type == HCC_T_OBJECT) {
      members += (size_t)t[j].size;
      if ((size_t)t[j].size > widest) widest = (size_t)t[j].size;
    } else if (t[j].type == HCC_T_STRING && (size_t)(t[j].end - t[j].start) > longest) {
      longest = (size_t)(t[j].end - t[j].start);
    }
  }
  w->d = d;
  w->root = i;
  w->end = end;
  w->plan_top = 0;
  w->next = hcc__arena_take(a, (size_t)(end - i) * sizeof(int));
  w->plan = hcc__arena_take(a, (members + 1) * sizeof(int));
  w->slot = hcc__arena_take(a, table_slots(widest) * sizeof(hcc_pyslot));
  w->buf = want_buf ? hcc__arena_take(a, longest + 1) : NULL;
  if (!w->next || !w->plan || (!w->slot && widest >= 2) || (want_buf && !w->buf))
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for re-serializing JSON");
  /* End of every subtree in one pass over parent links: reaching token j
   * closes j-1 and those of its ancestors that are not j's parent. */
  for (int j = i + 1; j <= end; j++) {
    int stop = j < end ? t[j].parent : t[i].parent;
    for (int q = j - 1; q >= i && q != stop; q = t[q].parent) w->next[q - i] = j;
  }
  return HCC_OK;
}

const int *hcc__py_walk_members(hcc_pywalk *w, int obj) {
  const hcc_doc *d = w->d;
  int m = d->tok[obj].size;
  int *plan = w->plan + w->plan_top;
  w->plan_top += (size_t)m;
  size_t nslot = table_slots((size_t)m);
  size_t mask = nslot - 1;
  for (size_t s = 0; s < nslot; s++) w->slot[s].key = -1;
  int key = obj + 1;
  for (int k = 0; k < m; k++, key = hcc__py_walk_next(w, key + 1)) {
    plan[k] = key + 1;
    if (!nslot) continue;
    uint32_t h = key_hash(d, key);
    size_t s = h & mask;
    for (; w->slot[s].key >= 0; s = (s + 1) & mask) {
      if (w->slot[s].hash == h && key_eq(d, w->slot[s].key, key)) break;
    }
    if (w->slot[s].key >= 0) { /* a repeat: its value replaces the first's */
      plan[w->slot[s].member] = key + 1;
      plan[k] = -1;
    } else {
      w->slot[s].hash = h;
      w->slot[s].key = key;
      w->slot[s].member = k;
    }
  }
  return plan;
}

void hcc__py_walk_pop(hcc_pywalk *w, int obj) {
  w->plan_top -= (size_t)w->d->tok[obj].size;
}

/* ---- json.dumps ------------------------------------------------------------ */

typedef struct dumper {
  hcc_pywalk w;
  hcc_str_hook hook;
  void *ctx;
  hcc_out *o;
} dumper;

static void dump_string(dumper *s, int t, int is_key) {
  size_t n;
  const char *raw = body(s->w.d, t, &n);
  const char *txt = raw;
  if (memchr(raw, '\\', n)) { /* without escapes the body is the value */
    n = hcc__json_decode(raw, n, s->w.buf);
    txt = s->w.buf;
  }
  hcc__out_ch(s->o, '"');
  if (s->hook && !is_key) s->hook(s->ctx, txt, n, s->o);
  else hcc__out_json_body(s->o, txt, n);
  hcc__out_ch(s->o, '"');
}

static void dump(dumper *s, int t) {
  const hcc_doc *d = s->w.d;
  const hcc_tok *tok = &d->tok[t];
  hcc_out *o = s->o;
  switch (tok->type) {
  case HCC_T_STRING:
    dump_string(s, t, 0);
    return;
  case HCC_T_ARRAY: {
    hcc__out_ch(o, '[');
    int j = t + 1;
    for (int k = 0; k < tok->size; k++, j = hcc__py_walk_next(&s->w, j)) {
      if (k) hcc__out_put(o, ", ", 2);
      dump(s, j);
    }
    hcc__out_ch(o, ']');
    return;
  }
  case HCC_T_OBJECT: {
    const int *plan = hcc__py_walk_members(&s->w, t);
    int key = t + 1, first = 1;
    hcc__out_ch(o, '{');
    for (int k = 0; k < tok->size; k++, key = hcc__py_walk_next(&s->w, key + 1)) {
      if (plan[k] < 0) continue;
      if (!first) hcc__out_put(o, ", ", 2);
      first = 0;
      dump_string(s, key, 1);
      hcc__out_put(o, ": ", 2);
      dump(s, plan[k]);
    }
    hcc__out_ch(o, '}');
    hcc__py_walk_pop(&s->w, t);
    return;
  }
  default: {
    const char *raw = d->text + tok->start;
    size_t n = (size_t)(tok->end - tok->start);
    if (raw[0] == 't' || raw[0] == 'f' || raw[0] == 'n') hcc__out_put(o, raw, n);
    else hcc__py_number_dump(raw, n, o);
    return;
  }
  }
}

size_t hcc__py_dumps_need(const hcc_json_info *info) { return hcc__py_walk_need(info, 1); }

int hcc__py_dumps(const hcc_doc *d, int i, hcc_str_hook hook, void *ctx,
                  hcc_arena *scratch, hcc_out *o, hcc_error *err) {
  dumper s;
  size_t mark = scratch->used;
  int rc = hcc__py_walk_init(&s.w, d, i, 1, scratch, err);
  if (rc == HCC_OK) {
    s.hook = hook;
    s.ctx = ctx;
    s.o = o;
    dump(&s, i);
  }
  scratch->used = mark;
  return rc;
}
