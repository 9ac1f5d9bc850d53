/* traj.c -- the trajectory model of traj.h: turn table, token counts,
 * protection, boundary snapping and the region plan (spec TRAJ-1..TRAJ-6).
 *
 * Every step is one pass over the turns (each turn's members are visited
 * once to find "from" and "value"; snapping walks at most the whole list
 * twice), so the plan is linear in the input. */
#include <stdio.h>
#include <stdlib.h>

#include "py.h"
#include "pyspace.h"
#include "traj.h"

size_t hcc__traj_need(const hcc_json_info *info) {
  size_t t = info->tokens ? info->tokens : 1;
  /* every turn is at least one token; the walk counts an object value's
   * distinct keys (TRAJ-2) */
  return hcc__arena_cost(t * sizeof(hcc_tok)) + hcc__arena_cost(t * sizeof(hcc_turn)) +
         hcc__py_walk_need(info, 0) + 32;
}

int hcc__traj_parse(hcc_traj *t, const char *in, size_t len, hcc_arena *a,
                    hcc_error *err) {
  t->conv = -1;
  t->n = 0;
  t->turn = NULL;
  t->total = 0;
  /* every turn's value is measured: counted as the scan reads it */
  return hcc__json_parse_as(&t->doc, in, len, HCC_PARSE_CPS, a, err);
}

static size_t tok_offset(const hcc_doc *d, int v) {
  size_t n;
  return (size_t)(hcc__json_raw(d, v, &n) - d->text);
}

static hcc_from from_of(const hcc_doc *d, int v) {
  static const unsigned char words[] = {HCC_W_SYSTEM, HCC_W_HUMAN, HCC_W_GPT, HCC_W_TOOL};
  static const hcc_from from[] = {HCC_FROM_SYSTEM, HCC_FROM_HUMAN, HCC_FROM_GPT, HCC_FROM_TOOL};
  if (v < 0) return HCC_FROM_OTHER;
  if (d->tok[v].type == HCC_T_ARRAY || d->tok[v].type == HCC_T_OBJECT) return HCC_FROM_UNHASHABLE;
  if (d->tok[v].type != HCC_T_STRING) return HCC_FROM_OTHER;
  int k = hcc__json_word_value(d, v, words, 4); /* the scan tagged it: no load */
  return k < 0 ? HCC_FROM_OTHER : from[k];
}

/* Python's len() of json.loads(value) for an object: its distinct decoded
 * keys (a repeated key is one dict entry). */
static int distinct_keys(const hcc_doc *d, int obj, hcc_arena *a, int64_t *count,
                         hcc_error *err) {
  hcc_pywalk w;
  size_t mark = a->used;
  int m = d->tok[obj].size;
  *count = m;
  if (m >= 2) {
    int rc = hcc__py_walk_init(&w, d, obj, 0, a, err);
    if (rc != HCC_OK) return rc;
    const int *plan = hcc__py_walk_members(&w, obj);
    *count = 0;
    for (int k = 0; k < m; k++) *count += plan[k] >= 0;
    hcc__py_walk_pop(&w, obj);
  }
  a->used = mark;
  return HCC_OK;
}

/* count_tokens(turn.get("value", "")) with the fallback counter: 0 for a
 * falsy value, else len(value) // 4, where len is code points for a
 * string, elements for a list and distinct keys for a dict.  True and
 * non-zero numbers have no len(): hermes raises TypeError (TRAJ-9). */
static int count_value(const hcc_doc *d, int v, hcc_arena *a, hcc_turn *u,
                       hcc_error *err) {
  u->len = u->tokens = 0;
  if (v < 0 || !hcc__py_truthy(d, v)) return HCC_OK;
  const hcc_tok *tk = &d->tok[v];
  int64_t len = 0;
  switch (tk->type) {
  case HCC_T_STRING:
    len = tk->size; /* HCC_PARSE_CPS (hcc__traj_parse) */
    break;
  case HCC_T_ARRAY:
    len = tk->size;
    break;
  case HCC_T_OBJECT: {
    int rc = distinct_keys(d, v, a, &len, err);
    if (rc != HCC_OK) return rc;
    break;
  }
  default:
    return hcc__fail(err, HCC_E_SHAPE, tok_offset(d, v),
                     "turn value is true or a non-zero number (hermes raises TypeError)");
  }
  u->len = len;
  u->tokens = len / 4;
  return HCC_OK;
}

int hcc__traj_turns(hcc_traj *t, int conv, hcc_arena *a, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  t->conv = conv;
  t->n = d->tok[conv].size;
  t->total = 0;
  t->turn = hcc__arena_take(a, (size_t)(t->n ? t->n : 1) * sizeof(hcc_turn));
  if (!t->turn) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the turn table");
  int j = conv + 1;
  for (int i = 0; i < t->n; i++, j = hcc__json_skip(d, j)) {
    hcc_turn *u = &t->turn[i];
    if (d->tok[j].type != HCC_T_OBJECT)
      return hcc__fail(err, HCC_E_SHAPE, tok_offset(d, j),
                       "every turn must be a JSON object (hermes calls turn.get)");
    static const char *const keys[] = {"value", "from"};
    int v[2];
    hcc__json_members(d, j, keys, 2, v);
    u->tok = j;
    u->value = v[0];
    u->from_tok = v[1];
    u->from = from_of(d, v[1]);
    int rc = count_value(d, u->value, a, u, err);
    if (rc != HCC_OK) return rc;
    t->total += u->tokens;
  }
  return HCC_OK;
}

/* A boundary at i does not cut a gpt/tool pair: i is past the end or turn
 * i is not a "tool" turn. */
static int clean(const hcc_traj *t, int i) {
  return i >= t->n || t->turn[i].from != HCC_FROM_TOOL;
}

int hcc__traj_snap(const hcc_traj *t, int idx, int min_idx, int max_idx) {
  int forward = idx;
  while (forward < max_idx && !clean(t, forward)) forward++;
  if (clean(t, forward)) return forward;
  int backward = idx;
  while (backward > min_idx && !clean(t, backward)) backward--;
  return backward;
}

int hcc__traj_protected(const hcc_traj *t, const hcc_traj_plan *pl, int i) {
  (void)t;
  if (i >= pl->tail_from) return 1;
  for (int r = 0; r < 4; r++)
    if (pl->first_seen[r] == i) return 1;
  return 0;
}

/* _find_protected_indices: the protected set is the first turn of each
 * protected role plus the last protect_last_n_turns turns; the ones below
 * n // 2 are the head, the others the tail. */
static void protect(const hcc_traj *t, const hcc_params *p, hcc_traj_plan *pl) {
  const int on[4] = {p->protect_first_system, p->protect_first_human,
                     p->protect_first_gpt, p->protect_first_tool};
  int n = t->n, half = n / 2;
  for (int r = 0; r < 4; r++) pl->first_seen[r] = -1;
  for (int i = n - 1; i >= 0; i--) {
    hcc_from f = t->turn[i].from;
    if (f >= HCC_FROM_SYSTEM && f <= HCC_FROM_TOOL && on[f - HCC_FROM_SYSTEM])
      pl->first_seen[f - HCC_FROM_SYSTEM] = i;
  }
  int64_t tf = (int64_t)n - p->protect_last_n_turns;
  pl->tail_from = tf < 0 ? 0 : (int)tf;
  int head_max = -1, tail_min = n;
  for (int r = 0; r < 4; r++) {
    int i = pl->first_seen[r];
    if (i < 0) continue;
    if (i < half && i > head_max) head_max = i;
    if (i >= half && i < tail_min) tail_min = i;
  }
  if (pl->tail_from < n) { /* the tail range is not empty */
    if (pl->tail_from < half && half - 1 > head_max) head_max = half - 1;
    int lo = pl->tail_from > half ? pl->tail_from : half;
    if (lo < tail_min) tail_min = lo;
  }
  pl->cstart = head_max + 1;
  pl->cend = tail_min;
}

int hcc__traj_plan(const hcc_traj *t, const hcc_params *p, hcc_traj_plan *pl,
                   hcc_error *err) {
  memset(pl, 0, sizeof *pl);
  pl->cstart = pl->cend = pl->start = pl->until_acc = pl->until = -1;
  pl->over = t->total > p->target_max_tokens;
  if (!pl->over) return HCC_OK; /* skipped_under_target */
  for (int i = 0; i < t->n; i++)
    if (t->turn[i].from == HCC_FROM_UNHASHABLE)
      return hcc__fail(err, HCC_E_SHAPE, tok_offset(&t->doc, t->turn[i].tok),
                       "turn \"from\" is an array or object (hermes raises TypeError)");
  pl->reached = 1;
  protect(t, p, pl);
  /* never start on a tool turn whose gpt turn is in the protected head */
  pl->start = hcc__traj_snap(t, pl->cstart, pl->cstart, pl->cend);
  if (pl->start >= pl->cend) return HCC_OK;
  pl->accumulated = 1;
  /* summarizing k turns saves their tokens minus the summary's */
  pl->target_to_compress = t->total - p->target_max_tokens + p->summary_target_tokens;
  int64_t acc = 0;
  int until = pl->start;
  for (int i = pl->start; i < pl->cend; i++) {
    acc += t->turn[i].tokens;
    until = i + 1;
    if (acc >= pl->target_to_compress) break;
  }
  if (acc < pl->target_to_compress && until < pl->cend) until = pl->cend;
  pl->until_acc = until;
  pl->until = hcc__traj_snap(t, until, pl->start, pl->cend);
  pl->region_tokens = 0;
  for (int i = pl->start; i < pl->until; i++) pl->region_tokens += t->turn[i].tokens;
  /* a region no larger than its summary cannot shrink the trajectory */
  pl->region = pl->until > pl->start && pl->region_tokens > p->summary_target_tokens;
  return HCC_OK;
}

/* Python's round(x, 4) is correctly rounded (ties to even on the exact
 * binary value of x), and so is glibc's printf; the digits read back give
 * the float round() returns, which repr() then writes. */
size_t hcc__traj_ratio(int64_t num, int64_t den, char *buf) {
  char text[64];
  double x = (double)num / (double)(den > 1 ? den : 1);
  snprintf(text, sizeof text, "%.4f", x);
  return hcc__py_number_repr(text, strlen(text), strtod(text, NULL), buf);
}
