/* align.c -- compaction boundaries (spec ALIGN-*).
 *
 * hermes's rules look up the same facts again and again (is this a
 * summary? a real user turn? how many tokens?) while walking index ranges.
 * Here each fact is computed once per message in hcc__align_prepare, so
 * every rule below is a plain scan over an array, and compress()'s chain
 * calls each rule a fixed number of times: linear overall. */
#include "align.h"

#include "prefixes.h"
#include "pyspace.h"
#include "summary_text.h"

/* ---- the budget ------------------------------------------------------------- */

void hcc__align_budget(const hcc_params *p, int64_t *threshold_tokens,
                       int64_t *tail_token_budget) {
  int64_t ctx = p->context_length;
  double pct = p->threshold_percent;
  /* small windows trigger no lower than 75% (raise-only) */
  if (ctx && ctx < HCC_SMALL_CTX_WINDOW_LIMIT && pct < HCC_SMALL_CTX_THRESHOLD_PERCENT)
    pct = HCC_SMALL_CTX_THRESHOLD_PERCENT;
  /* no max_tokens reservation: the effective window is the whole window */
  int64_t thr = (int64_t)((double)ctx * pct);
  if (thr < HCC_MINIMUM_CONTEXT_LENGTH) thr = HCC_MINIMUM_CONTEXT_LENGTH;
  if (ctx > 0 && thr >= ctx) {
    /* the floor would make the threshold unreachable: 85% of the window */
    int64_t v = (int64_t)((double)ctx * HCC_MIN_CTX_TRIGGER_RATIO);
    if (v > ctx - 1) v = ctx - 1;
    thr = v < 1 ? 1 : v;
  }
  double ratio = p->summary_target_ratio;
  if (ratio > HCC_SUMMARY_TARGET_RATIO_MAX) ratio = HCC_SUMMARY_TARGET_RATIO_MAX;
  if (ratio < HCC_SUMMARY_TARGET_RATIO_MIN) ratio = HCC_SUMMARY_TARGET_RATIO_MIN;
  *threshold_tokens = thr;
  *tail_token_budget = p->tail_token_budget != -1 ? p->tail_token_budget
                                                  : (int64_t)((double)thr * ratio);
}

/* ---- text helpers (WTF-8 text in the estimator's render buffer) -------------- */

static void put_body(hcc_out *o, const hcc_doc *d, int tok) {
  const hcc_tok *t = &d->tok[tok];
  size_t raw_n = (size_t)(t->end - t->start);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  /* the decoded text is never longer than its body */
  if (raw_n <= room) o->len += hcc__json_decode_wide(d->text + t->start, raw_n, o->buf + o->len);
  else o->len += raw_n; /* cannot happen within the buffer's bound */
}

/* hermes's _content_text_for_contains: "" for None; a string itself; for
 * a list the non-empty strings and string "text" members of dict items,
 * joined by "\n"; str() of anything else.  Rendered into the estimator's
 * buffer. */
static int content_text(hcc_est_ctx *ctx, int tok, const char **s, size_t *n, hcc_error *err) {
  const hcc_doc *d = &ctx->t->doc;
  hcc_out o;
  *s = ctx->buf;
  *n = 0;
  if (tok < 0 || hcc__json_is_null(d, tok)) return HCC_OK;
  if (d->tok[tok].type == HCC_T_ARRAY) {
    hcc__out_init(&o, ctx->buf, ctx->cap);
    int item = tok + 1, first = 1;
    for (int k = 0; k < d->tok[tok].size; k++, item = hcc__json_skip(d, item)) {
      int v = item;
      if (d->tok[item].type == HCC_T_OBJECT) v = hcc__json_get(d, item, "text");
      else if (d->tok[item].type != HCC_T_STRING) continue;
      if (v < 0 || d->tok[v].type != HCC_T_STRING || d->tok[v].end == d->tok[v].start) continue;
      if (!first) hcc__out_ch(&o, '\n');
      first = 0;
      put_body(&o, d, v);
    }
    if (o.len > o.cap) return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: content text outgrew its bound");
    *n = o.len;
    return HCC_OK;
  }
  if (d->tok[tok].type == HCC_T_STRING) {
    hcc__out_init(&o, ctx->buf, ctx->cap);
    put_body(&o, d, tok);
    *n = o.len;
    return HCC_OK;
  }
  return hcc__est_render_str(ctx, tok, n, err);
}

static int str_blank(const hcc_doc *d, int tok) {
  const hcc_tok *t = &d->tok[tok];
  return hcc__py_str_blank(d->text + t->start, (size_t)(t->end - t->start));
}

/* The text test of _find_last_assistant_message_idx: a non-blank string,
 * or a list with a dict part whose "text" (or, when that is falsy,
 * "content") is a non-blank string. */
static int visible_assistant_content(const hcc_doc *d, int c) {
  if (c < 0) return 0;
  if (d->tok[c].type == HCC_T_STRING) return !str_blank(d, c);
  if (d->tok[c].type != HCC_T_ARRAY) return 0;
  int p = c + 1;
  for (int k = 0; k < d->tok[c].size; k++, p = hcc__json_skip(d, p)) {
    if (d->tok[p].type != HCC_T_OBJECT) continue;
    int v = hcc__json_get(d, p, "text");
    if (v < 0 || !hcc__py_truthy(d, v)) v = hcc__json_get(d, p, "content");
    if (v >= 0 && d->tok[v].type == HCC_T_STRING && !str_blank(d, v)) return 1;
  }
  return 0;
}

/* ---- per-message facts ---------------------------------------------------------- */

size_t hcc__align_roles_need(const hcc_json_info *info) {
  return hcc__arena_cost(hcc__max_msgs(info) * sizeof(hcc_align_msg));
}

size_t hcc__align_need(const hcc_json_info *info, size_t len) {
  return hcc__align_roles_need(info) + hcc__est_need(info, len);
}

int hcc__align_roles(hcc_align *al, const hcc_transcript *t, hcc_arena *a, hcc_error *err) {
  al->t = t;
  al->n = t->nmsg;
  al->m = hcc__arena_take(a, ((size_t)t->nmsg + 1) * sizeof(hcc_align_msg));
  if (!al->m) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the message facts");
  for (int i = 0; i < t->nmsg; i++) {
    memset(&al->m[i], 0, sizeof al->m[i]);
    al->m[i].role = (unsigned char)t->msg[i].role;
    al->m[i].tool_calls = t->msg[i].calls_truthy;
  }
  return HCC_OK;
}

static int classify(hcc_align *al, hcc_est_ctx *ctx, int i, hcc_error *err) {
  const hcc_doc *d = &al->t->doc;
  const hcc_msg *msg = &al->t->msg[i];
  hcc_align_msg *m = &al->m[i];
  int c = msg->content, summary_content = 0, synthetic = 0;
  /* most string contents are decided on their raw body, without decoding */
  if (c < 0 || d->tok[c].type != HCC_T_STRING ||
      !hcc__raw_body_plain(d->text + d->tok[c].start, (size_t)(d->tok[c].end - d->tok[c].start))) {
    const char *s;
    size_t n;
    int rc = content_text(ctx, c, &s, &n, err);
    if (rc != HCC_OK) return rc;
    summary_content = hcc__is_summary_text((hcc_slice){s, n});
    synthetic = hcc__is_synthetic_text((hcc_slice){s, n});
  }
  int meta = hcc__json_get(d, msg->tok, "_compressed_summary");
  m->summary = summary_content || (meta >= 0 && hcc__py_truthy(d, meta));
  m->real_user = m->role == HCC_ROLE_USER && !m->summary &&
                 !hcc__blank_user_content(d, c) && !synthetic;
  m->asst_anchor = m->role == HCC_ROLE_ASSISTANT && !m->summary;
  m->asst_visible = m->asst_anchor && visible_assistant_content(d, msg->content);
  return HCC_OK;
}

int hcc__align_prepare(hcc_align *al, const hcc_transcript *t,
                       const hcc_estimator *e, const hcc_params *p, size_t len,
                       hcc_arena *a, hcc_error *err) {
  hcc_est_ctx *ctx = &al->est;
  int rc = hcc__align_roles(al, t, a, err);
  if (rc != HCC_OK) return rc;
  al->estimate = NULL;
  al->estimate_ctx = NULL;
  al->rc = HCC_OK;
  al->err = err;
  al->protect_first_n = p->protect_first_n;
  al->protect_last_n = p->protect_last_n;
  al->min_tail_user_messages = p->min_tail_user_messages;
  al->compression_count = p->compression_count;
  al->has_previous_summary = p->previous_summary && p->previous_summary_len > 0;
  hcc__align_budget(p, &al->threshold_tokens, &al->tail_token_budget);
  rc = hcc__est_init(ctx, e, t, len, a, err);
  ctx->check_only = 1;
  for (int i = 0; rc == HCC_OK && i < t->nmsg; i++) {
    hcc_align_msg *m = &al->m[i];
    rc = hcc__est_message(ctx, i, &m->tokens, err);
    m->tokens = -1;
  }
  ctx->check_only = 0;
  return rc;
}

const hcc_align_msg *hcc__align_facts(hcc_align *al, int64_t i) {
  hcc_align_msg *m = &al->m[i];
  if (!m->known) {
    m->known = 1;
    int rc = classify(al, &al->est, (int)i, al->err);
    if (rc != HCC_OK && al->rc == HCC_OK) al->rc = rc;
  }
  return m;
}

int hcc__align_classify_all(hcc_align *al) {
  for (int64_t i = 0; i < al->n && al->rc == HCC_OK; i++) hcc__align_facts(al, i);
  return al->rc;
}

int64_t hcc__align_tokens(hcc_align *al, int64_t i) {
  hcc_align_msg *m = &al->m[i];
  if (m->tokens >= 0) return m->tokens;
  int64_t v = 0;
  int rc = al->estimate ? al->estimate(al->estimate_ctx, i, &v, al->err)
                        : hcc__est_message(&al->est, (int)i, &v, al->err);
  if (rc != HCC_OK) {
    if (al->rc == HCC_OK) al->rc = rc;
    return 0;
  }
  m->tokens = v;
  return v;
}

/* ---- the rules --------------------------------------------------------------------- */

static int role_is(const hcc_align *al, int64_t i, hcc_role r) { return al->m[i].role == r; }

int64_t hcc__align_forward(const hcc_align *al, int64_t idx) {
  while (idx < al->n && role_is(al, idx, HCC_ROLE_TOOL)) idx++;
  return idx;
}

int64_t hcc__align_backward(const hcc_align *al, int64_t idx) {
  if (idx <= 0 || idx >= al->n) return idx;
  int64_t check = idx - 1;
  while (check >= 0 && role_is(al, check, HCC_ROLE_TOOL)) check--;
  if (check >= 0 && role_is(al, check, HCC_ROLE_ASSISTANT) && al->m[check].tool_calls) idx = check;
  return idx;
}

/* _effective_protect_first_n: 0 once the session was compacted, or when a
 * handoff summary sits in the restart probe window (the first
 * protect_first_n + 4 messages after the system prompt). */
static int64_t effective_protect_first_n(hcc_align *al) {
  if (al->compression_count >= 1 || al->has_previous_summary) return 0;
  if (al->n > 0 && al->protect_first_n > 0) {
    int64_t first = role_is(al, 0, HCC_ROLE_SYSTEM) ? 1 : 0;
    int64_t end = first + al->protect_first_n + HCC_RESTART_HANDOFF_PROBE_EXTRA_MESSAGES;
    if (end > al->n) end = al->n;
    for (int64_t i = first; i < end; i++)
      if (hcc__align_facts(al, i)->summary) return 0;
  }
  return al->protect_first_n;
}

int64_t hcc__align_protect_head_size(hcc_align *al) {
  al->effective_protect_first_n = effective_protect_first_n(al);
  return (al->n > 0 && role_is(al, 0, HCC_ROLE_SYSTEM) ? 1 : 0) + al->effective_protect_first_n;
}

/* Only a user message can be a real user turn: others are not classified. */
static int real_user(hcc_align *al, int64_t i) {
  return role_is(al, i, HCC_ROLE_USER) && hcc__align_facts(al, i)->real_user;
}

int64_t hcc__align_last_user(hcc_align *al, int64_t head_end) {
  for (int64_t i = al->n - 1; i >= head_end; i--)
    if (real_user(al, i)) return i;
  return -1;
}

/* _find_last_assistant_message_idx: the newest anchor-eligible assistant
 * message with visible text at or after head_end, else the newest one of
 * any kind, else -1. */
static int64_t last_assistant(hcc_align *al, int64_t head_end) {
  int64_t any = -1;
  for (int64_t i = al->n - 1; i >= head_end; i--) {
    if (!role_is(al, i, HCC_ROLE_ASSISTANT) || !hcc__align_facts(al, i)->asst_anchor) continue;
    if (any < 0) any = i;
    if (al->m[i].asst_visible) return i;
  }
  return any;
}

/* _find_turn_pair_end: past the user message, its assistant reply and
 * that reply's tool results. */
static int64_t turn_pair_end(const hcc_align *al, int64_t user) {
  int64_t idx = user + 1;
  if (idx >= al->n || !role_is(al, idx, HCC_ROLE_ASSISTANT)) return idx;
  idx++;
  while (idx < al->n && role_is(al, idx, HCC_ROLE_TOOL)) idx++;
  return idx;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t ensure_last_user(hcc_align *al, int64_t cut, int64_t head_end) {
  int64_t u = hcc__align_last_user(al, head_end);
  if (u < 0 || u >= cut) return cut;
  if (head_end + 1 > u) /* the clamp would split the pair: summarise it whole */
    return max64(turn_pair_end(al, u), head_end + 1);
  return u;
}

static int64_t ensure_last_assistant(hcc_align *al, int64_t cut, int64_t head_end) {
  int64_t a = last_assistant(al, head_end);
  if (a < 0 || a >= cut) return cut;
  return max64(hcc__align_backward(al, a), head_end + 1);
}

/* _ensure_last_n_user_messages_in_tail for k > 1: the k-th newest real
 * user turn at or after head_end (the oldest one when there are fewer). */
static int64_t ensure_last_n_users(hcc_align *al, int64_t cut, int64_t head_end, int64_t k) {
  int64_t target = -1, seen = 0;
  for (int64_t i = al->n - 1; i >= head_end && seen < k; i--)
    if (real_user(al, i)) {
      target = i;
      seen++;
    }
  if (target < 0 || target >= cut) return cut;
  return max64(target, head_end + 1);
}

int64_t hcc__align_tail_cut(hcc_align *al, int64_t head_end, int64_t budget, int trace) {
  const int64_t n = al->n;
  int64_t available = max64(0, n - head_end - 1);
  int64_t floor_ = max64(3, min64(al->protect_last_n, HCC_MAX_TAIL_MESSAGE_FLOOR));
  int64_t cap = max64(3, available - 2);
  int64_t min_tail = available > 1 ? min64(min64(floor_, cap), available) : 0;
  int64_t soft = (int64_t)((double)budget * 1.5);
  int64_t acc = 0, cut = n;
  for (int64_t i = n - 1; i >= head_end; i--) {
    int64_t tk = hcc__align_tokens(al, i);
    if (acc + tk > soft && n - i >= min_tail) break;
    acc += tk;
    cut = i;
  }
  /* everything fit under the soft ceiling: walk again with the raw budget
   * so the summariser gets a worthwhile middle */
  if (cut <= head_end && acc <= soft && acc > 0) {
    int64_t racc = 0;
    for (int64_t j = n - 1; j >= head_end; j--) {
      int64_t tk = hcc__align_tokens(al, j);
      cut = j;
      if (racc + tk > budget && n - j >= min_tail) break;
      racc += tk;
    }
  }
  int64_t fallback = n - min_tail;
  cut = min64(cut, fallback);
  if (cut <= head_end) cut = max64(fallback, head_end + 1);
  int64_t c1 = hcc__align_backward(al, cut);
  int64_t c2 = ensure_last_user(al, c1, head_end);
  int64_t c3 = ensure_last_assistant(al, c2, head_end);
  int64_t c4 = al->min_tail_user_messages > 1
                   ? ensure_last_n_users(al, c3, head_end, al->min_tail_user_messages)
                   : -1;
  int64_t out = hcc__align_forward(al, max64(c4 >= 0 ? c4 : c3, head_end + 1));
  if (trace) {
    al->tail_cut_candidate = cut;
    al->align_boundary_backward = c1;
    al->ensure_last_user = c2;
    al->ensure_last_assistant = c3;
    al->ensure_last_n_user = c4;
  }
  return out;
}

void hcc__align_run(hcc_align *al) {
  al->head_end = hcc__align_protect_head_size(al);
  al->compress_start = hcc__align_forward(al, al->head_end);
  al->tail_cut = hcc__align_tail_cut(al, al->compress_start, al->tail_token_budget, 1);
  al->has_content = al->compress_start < al->tail_cut;
  al->latest_actionable = hcc__align_last_user(al, 0);
  /* compress()'s bridge: a tail that would start at the latest real user
   * turn starts instead at the assistant (or assistant + tool group) just
   * before it, when that lies past compress_start */
  int64_t end = al->tail_cut;
  if (end == al->latest_actionable) {
    int64_t bridge = al->latest_actionable - 1;
    if (bridge >= 0 && role_is(al, bridge, HCC_ROLE_TOOL))
      bridge = hcc__align_backward(al, al->latest_actionable);
    else if (bridge < 0 || !role_is(al, bridge, HCC_ROLE_ASSISTANT))
      bridge = -1;
    if (bridge > al->compress_start) end = bridge;
  }
  al->compress_end = end;
}
