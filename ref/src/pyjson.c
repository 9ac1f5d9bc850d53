/* pyjson.c -- json.dumps(json.loads(raw), ensure_ascii=False) over tokens,
 * and the subtree walk that pyrepr.c shares.
 *
 * The walk exists for Python's dict: json.loads keeps one entry per key,
 * at the position of the key's first occurrence, holding the value of its
 * last one.  Keys compare by decoded value ("a" and "\u0061" are one key),
 * found through a hash table keyed on decoded code points and rebuilt for
 * each object in time proportional to that object's members. */
#include "py.h"

/* ---- the walk --------------------------------------------------------------- */

size_t hcc__py_walk_need(const hcc_json_info *info, int want_buf) {
  size_t t = info->tokens ? info->tokens : 1;
  /* an object of m members has 2m+1 tokens, so m <= t/2 */
  return hcc__arena_cost((t / 2 + 1) * sizeof(int)) +
         hcc__arena_cost(hcc__keyplan_slots(t / 2) * sizeof(hcc_keyslot)) +
         (want_buf ? hcc__arena_cost(info->max_string + 1) : 0);
}

int hcc__py_walk_init(hcc_pywalk *w, const hcc_doc *d, int i, int want_buf,
                      hcc_arena *a, hcc_error *err) {
  const hcc_tok *t = d->tok;
  int end = t[i].next;
  size_t members = 0, widest = 0, longest = 0;
  for (int j = i; j < end; j++) {
    if (t[j].type == HCC_T_OBJECT) {
      members += (size_t)t[j].size;
      if ((size_t)t[j].size > widest) widest = (size_t)t[j].size;
    } else if (t[j].type == HCC_T_STRING && (size_t)(t[j].end - t[j].start) > longest) {
      longest = (size_t)(t[j].end - t[j].start);
    }
  }
  w->d = d;
  w->plan_top = 0;
  w->plan = hcc__arena_take(a, (members + 1) * sizeof(int));
  w->slot = hcc__arena_take(a, hcc__keyplan_slots(widest) * sizeof(hcc_keyslot));
  w->buf = want_buf ? hcc__arena_take(a, longest + 1) : NULL;
  if (!w->plan || (!w->slot && widest >= 2) || (want_buf && !w->buf))
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for re-serializing JSON");
  return HCC_OK;
}

const int *hcc__py_walk_members(hcc_pywalk *w, int obj) {
  int m = w->d->tok[obj].size;
  int *plan = w->plan + w->plan_top;
  w->plan_top += (size_t)m;
  hcc__keyplan(w->d, obj, plan, w->slot, hcc__keyplan_slots((size_t)m));
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
  size_t prefix; /* bytes of a hooked value that hold the code points the hook reads */
  hcc_out *o;
} dumper;

static void dump_string(dumper *s, int t, int is_key) {
  const hcc_tok *k = &s->w.d->tok[t];
  size_t n = (size_t)(k->end - k->start);
  const char *raw = s->w.d->text + k->start, *txt = raw;
  if (!s->w.d->info.odd_escapes && (!s->hook || is_key)) {
    /* every escape in the text is a two-byte one json.dumps writes the
     * same (hcc_json_info.odd_escapes), and a raw byte is one it writes
     * raw: the string, quotes and all, is its own dumps */
    hcc__out_put(s->o, raw - 1, n + 2);
    return;
  }
  if (s->hook && !is_key && n > s->prefix) { /* the hook reads a prefix: decode that far */
    if (memchr(raw, '\\', s->prefix)) {
      size_t pos = 0;
      n = hcc__json_decode_some(raw, n, &pos, s->w.buf, s->prefix);
      txt = s->w.buf;
    } else {
      n = s->prefix;
    }
  } else if (memchr(raw, '\\', n)) { /* without escapes the body is the value */
    n = hcc__json_decode_wide(raw, n, s->w.buf);
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
    for (int k = 0; k < tok->size; k++, j = hcc__json_skip(s->w.d, j)) {
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
    for (int k = 0; k < tok->size; k++, key = hcc__json_skip(s->w.d, key + 1)) {
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
  return hcc__py_dumps_cut(d, i, hook, ctx, SIZE_MAX, scratch, o, err);
}

int hcc__py_dumps_cut(const hcc_doc *d, int i, hcc_str_hook hook, void *ctx, size_t reads,
                      hcc_arena *scratch, hcc_out *o, hcc_error *err) {
  dumper s;
  /* A prefix of 4 (reads + 1) bytes holds reads + 1 whole code points: a
   * copy cut inside a character keeps at least 4 reads + 1 bytes of whole
   * ones, and decoding that stops before an escape that does not fit
   * (at most 4 bytes decoded) has written at least 4 reads + 1; reads code
   * points take at most 4 reads bytes. */
  s.prefix = reads < SIZE_MAX / 4 - 1 ? 4 * (reads + 1) : SIZE_MAX;
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
