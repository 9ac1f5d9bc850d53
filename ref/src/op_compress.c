/* op_compress.c -- `hcc compress`: one whole compaction pass, as hermes's
 * ContextCompressor.compress() runs it, with the project's stub summarizer
 * at the _generate_summary seam (spec COMPRESS-*).
 *
 * The pass is planned over tables and written once:
 *   1. the input is parsed and measured (align's facts; the shapes any pass
 *      refuses are refused up front, DIV-COMPRESS-1); too few messages end
 *      here (COMPRESS-2);
 *   2. the prune runs over the input (its decisions, PRUNE-*); blank echoes
 *      are found; the pre-passed list P is an index map into the input;
 *   3. align's rules run on P's facts (the input's, with the estimates and
 *      summary tests of pruned messages redone), giving the window;
 *   4. handoffs, provenance, the turns, the stub summary, which head and
 *      tail messages stay, the summary's role, the orphan-repair sets and
 *      the media anchor are decided;
 *   5. every output message is written through the rules that change it.
 *
 * A message some rule rewrites is *staged*: the rule writes the whole
 * message into the workspace, where it is parsed again, so the next rule
 * reads it exactly as hermes's dict stands then.  One staged message lives
 * at a time (each stage is moved down over the previous one), so the
 * workspace holds one or two messages beyond the tables, and every stage
 * is linear in the message. */
#include "align.h"
#include "compress.h"
#include "fallback_summary.h"
#include "redact.h"
#include "tool_summary.h"
#include "idset.h"
#include "media.h"
#include "msg_write.h"
#include "ops.h"
#include "prefixes.h"
#include "prune.h"
#include "py.h"
#include "pyspace.h"
#include "repair.h"

int hcc__op_compress(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                     hcc_out *o, hcc_error *err);
size_t hcc__need_compress(const hcc_json_info *info, size_t len);
size_t hcc__need_fallback(const hcc_json_info *info, size_t len, const hcc_params *p);

/* hermes's constants (context_compressor.py @ 0000416b), quoted as data. */
#define NOTE                                                                                       \
  "[Note: Some earlier conversation turns have been compacted into a handoff summary to "          \
  "preserve context space. The current session state may still reflect earlier work, so build "   \
  "on that summary and state rather than re-doing work. Your persistent memory (MEMORY.md, "      \
  "USER.md) remains fully authoritative regardless of compaction.]"
#define NO_USER_SENTINEL "None. This session contains no user-authored turns."

typedef enum { OC_TOO_FEW, OC_EMPTY, OC_ABORTED, OC_FALLBACK, OC_SUMMARIZED } outcome;
static const char *const outcome_name[] = {"too_few_messages", "empty_window", "aborted",
                                           "fallback", "summarized"};

/* How hermes's role comparisons see a role value: .get("role", "user"). */
typedef enum { R_USER, R_ASSISTANT, R_TOOL, R_SYSTEM, R_OTHER, R_UNHASHABLE } rclass;

/* Per message of P. */
enum {
  F_HIT = 1,       /* a handoff the scan found (COMPRESS-5) */
  F_KEPT = 2,      /* stays in the head or the tail after COMPRESS-9 */
  F_NOTE = 4,      /* the system message the note is appended to */
  F_MERGE = 8,     /* the first tail message, the summary merged in */
  F_RDROP = 16,    /* an orphan result the repair drops */
  F_RFIX = 32,     /* an assistant whose unanswered calls go */
  F_IMAGES = 64,   /* its content holds image parts at the sweep */
  F_MEDIA = 128    /* rewritten by the media sweep */
};

enum { IN_CALLS = 1, IN_RESULTS = 2 };

typedef struct cx {
  const hcc_params *p;
  hcc_arena *a;
  hcc_transcript t;  /* the input */
  hcc_align al;      /* facts of the input */
  hcc_align ap;      /* facts of P */
  hcc_prune pr;
  int n;             /* messages of P */
  int *src;          /* P index -> input index */
  unsigned *fl;      /* F_* per P message */
  int64_t start, end, tail_start;
  int k;             /* the newest hit, or -1 */
  int has_user;
  int *turn;         /* input indices of the turns */
  int *turnp;        /* P indices of the turns */
  size_t nturn;
  int fallback;
  hcc_slice body;    /* the stub's body after PREFIX-3 */
  hcc_slice stub;    /* the stub's body as written (the previous summary it keeps, COMPRESS-17) */
  hcc_slice after;   /* the fallback's previous summary after the call (s NULL: None) */
  int role_user;     /* the summary's role is "user" (else "assistant") */
  int force, merge;
  hcc_idset ids;      /* the repair's sets over the assembled list */
  hcc_doc sdoc;      /* the staged message */
  size_t stage_base; /* where staged text starts in the arena */
  size_t stage_cap;  /* msg_bound: what the workspace keeps for a staged text */
} cx;

/* ---- workspace ------------------------------------------------------------------- */

/* The stub body: fixed words, then every call's decoded name (at most its
 * raw text, and every name is the value of a "name" member) or "?", each
 * after a ", ". */
static size_t body_bound(const hcc_json_info *info) {
  /* or hermes's fallback (FALLBACK-8): at most 8,000 code points, none
   * over 6 bytes escaped */
  return info->name_bytes + 3 * hcc__max_calls(info) + 4096 + 48064;
}

/* Largest text a staged message (or a text view of one) can take: a rewrite
 * is at most a pruned message (summary heads up to 5 times their call,
 * which is at most a message), a str() rendering (5 times its JSON)
 * escaped again, plus the summary merged in: the stub body escaped, no
 * longer than body_bound (a name decoded and escaped again is at most its
 * raw bytes, the fixed words and separators are counted there), and the
 * fixed texts a message can gain, escaped: the summary
 * prefix (1,646 bytes), the merge's header, delimiter and end marker, the
 * note, the wrappers of their parts, under 5 KB; 8 KB is kept.
 *
 * Only a message's container members grow that way.  Its strings do not
 * (decoded and escaped again they take at most their raw bytes), and its
 * own skeleton grows by at most two bytes a member (", " and ": " for ","
 * and ":"), a byte per token of the message.  Those containers (content
 * lists and objects, tool_calls) nest at least three levels deep under
 * either root, so each is at most max_deep_container (D), and what a
 * rewrite puts in their place is at most: content, a summary head
 * escaped (10 D + 512: the call it describes is a deep container too), a
 * str() escaped (10 D + 64) or placeholders (5 D), a number's str() its
 * bytes and 24; tool_calls, shrunk arguments escaped (5 D).  M + tokens +
 * 33 D + 64 keeps twice that margin, and is far below 12 M when a
 * message's bulk is a string (a 100 MB tool output made compress ask 38
 * times the input before).
 *
 * The rewrite weight (bytes.c) bounds the same rewrites closer, since a
 * container weighs about twice its bytes where the factors above take
 * five or ten.  A summary head escaped is at most its call's weight and
 * 512, so at most max_deep_weight (W) and 512 in place of the content; a
 * str() escaped is at most its value's weight, shrunk arguments escaped
 * their call's, so either adds at most the container's weight less its
 * bytes, max_deep_excess (X).  The prune makes one edit a message (the
 * content or the tool_calls), and a head's content is a string, which
 * the note and the merge keep a string; so a message grows by a head, or
 * by a str() of its content and its shrunk tool_calls: at most the larger
 * of W + 512 and 2 X.  The placeholders are fixed parts of at most 96
 * bytes in place of image parts of three tokens or more, 32 bytes a token
 * of the message.  In all: M + 33 tokens + max(W + 512, 2 X) + 1024. */
static size_t msg_bound(const hcc_json_info *info) {
  size_t m = info->max_message, tok = info->max_message_tokens, grow = 12 * m;
  size_t parts = m + tok + 33 * info->max_deep_container + 64;
  size_t head = info->max_deep_weight + 512, two = 2 * info->max_deep_excess;
  size_t weighed = m + 33 * tok + (head > two ? head : two) + 1024;
  if (parts < grow) grow = parts;
  if (weighed < grow) grow = weighed;
  return grow + body_bound(info) + 8192;
}

size_t hcc__need_compress(const hcc_json_info *info, size_t len) {
  size_t t = info->max_message_tokens + 1;
  size_t al = hcc__align_need(info, len), pr = hcc__prune_need(info, len, 0); /* align's estimator */
  hcc_json_info m = hcc__msg_scope(info); /* one message, or its rewrite, at a time */
  /* tokens of a staged message: rewrites add a few tokens per message and
   * at most two per image part, which itself takes three */
  size_t stoks = (2 * t + 64) * sizeof(hcc_tok);
  size_t stage = 2 * hcc__arena_cost(msg_bound(info)) + hcc__arena_cost(stoks) +
                 hcc__arena_cost(msg_bound(info)) /* text views */ + t * sizeof(hcc_strip_item) +
                 hcc__obj_write_need(&m) + hcc__py_str_need(&m) + 256;
  size_t msgs = hcc__max_msgs(info); /* P has at most the input's messages */
  return hcc__transcript_need(info) + al + hcc__arena_cost(msgs * sizeof(hcc_align_msg)) + pr +
         hcc__arena_cost(msgs) /* echoes */ + 4 * hcc__arena_cost(msgs * sizeof(int)) +
         hcc__idset_need(hcc__max_ids(info)) + hcc__arena_cost(body_bound(info)) + stage;
}

static int no_room(hcc_error *err) {
  return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for compress");
}

/* ---- staging ------------------------------------------------------------------ */

/* A staged text or text view longer than msg_bound: the sizing would not
 * have kept room for it on some other input, so it is a bug even when
 * this workspace happens to hold it. */
static int outgrew(hcc_error *err) {
  return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: a staged message outgrew its bound");
}

/* A text whose length is known only by writing it: fn writes it to o
 * (scratch from c->a, given back), once to measure, once into exactly that
 * much arena, which stays taken.  Writers are deterministic: the second
 * run writing another length is a bug. */
typedef int (*measured_fn)(cx *c, void *arg, hcc_out *o, hcc_error *err);

static int write_measured(cx *c, measured_fn fn, void *arg, hcc_slice *s, hcc_error *err) {
  hcc_out o;
  size_t mark = c->a->used;
  s->s = NULL, s->n = 0; /* what a failure leaves */
  hcc__out_init(&o, NULL, 0);
  int rc = fn(c, arg, &o, err);
  c->a->used = mark;
  if (rc != HCC_OK) return rc;
  size_t n = o.len;
  char *buf = hcc__arena_take(c->a, n ? n : 1);
  if (!buf) return no_room(err);
  hcc__out_init(&o, buf, n);
  rc = fn(c, arg, &o, err);
  if (rc != HCC_OK) return rc;
  if (o.len != n) return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: a text wrote differently twice");
  s->s = buf;
  s->n = n;
  return HCC_OK;
}

typedef int (*stage_fn)(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err);

typedef struct stage_job {
  stage_fn fn;
  hcc_view v;
  void *arg;
} stage_job;

static int run_stage(cx *c, void *arg, hcc_out *o, hcc_error *err) {
  stage_job *j = arg;
  return j->fn(c, j->v, j->arg, o, err);
}

/* Replaces view *v by what fn writes from it: measured by a dry run,
 * written at the top of the arena, moved down to stage_base (over the
 * previous staged message, no longer needed), parsed again. */
static int restage(cx *c, hcc_view *v, stage_fn fn, void *arg, hcc_error *err) {
  stage_job j = {fn, *v, arg};
  hcc_slice t;
  int rc = write_measured(c, run_stage, &j, &t, err);
  if (rc != HCC_OK) return rc;
  if (t.n > c->stage_cap) return outgrew(err);
  char *dst = (char *)c->a->base + c->stage_base;
  memmove(dst, t.s, t.n);
  c->a->used = c->stage_base + hcc__arena_cost(t.n ? t.n : 1);
  rc = hcc__json_parse(&c->sdoc, dst, t.n, c->a, err);
  if (rc != HCC_OK) return rc == HCC_E_WORKSPACE ? rc : hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: a stage wrote bad JSON");
  v->d = &c->sdoc;
  v->tok = 0;
  return HCC_OK;
}

/* Starts a message: nothing staged yet. */
static void stage_begin(cx *c) { c->stage_base = c->a->used; }
static void stage_end(cx *c) { c->a->used = c->stage_base; }

static int w_pruned(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  (void)v;
  return hcc__prune_write_msg(&c->pr, *(int *)arg, o, err);
}

/* The message P[j] as the pre-passes left it. */
static int base_view(cx *c, int j, hcc_view *v, hcc_error *err) {
  int i = c->src[j];
  v->d = &c->t.doc;
  v->tok = c->t.msg[i].tok;
  if (c->pr.m[i].action == HCC_PRUNE_KEEP) return HCC_OK;
  return restage(c, v, w_pruned, &i, err);
}

/* The text view of content token cc of v, in a buffer taken from the
 * arena (the caller gives it back). */
typedef struct tok_job {
  const hcc_doc *d;
  int tok;
} tok_job;

static int run_text_view(cx *c, void *arg, hcc_out *o, hcc_error *err) {
  tok_job *j = arg;
  return hcc__text_view(j->d, j->tok, c->a, o, err);
}

static int text_of(cx *c, hcc_view v, int cc, hcc_slice *s, hcc_error *err) {
  tok_job j = {v.d, cc};
  int rc = write_measured(c, run_text_view, &j, s, err);
  return rc == HCC_OK && s->n > c->stage_cap ? outgrew(err) : rc;
}

/* A buffer able to hold any string of message v decoded. */
static char *decode_buf(cx *c, hcc_view v) {
  size_t n;
  hcc__json_raw(v.d, v.tok, &n);
  return hcc__arena_take(c->a, n ? n : 1);
}

/* ---- small predicates ------------------------------------------------------------ */

static rclass role_class(const cx *c, int i) {
  const hcc_msg *m = &c->t.msg[i];
  if (m->role_tok < 0) return R_USER;
  switch (m->role) {
  case HCC_ROLE_USER: return R_USER;
  case HCC_ROLE_ASSISTANT: return R_ASSISTANT;
  case HCC_ROLE_TOOL: return R_TOOL;
  case HCC_ROLE_SYSTEM: return R_SYSTEM;
  default: break;
  }
  hcc_toktype ty = c->t.doc.tok[m->role_tok].type;
  return ty == HCC_T_ARRAY || ty == HCC_T_OBJECT ? R_UNHASHABLE : R_OTHER;
}

static int truthy_member(const hcc_doc *d, int obj, const char *key) {
  int v = hcc__json_get(d, obj, key);
  return v >= 0 && hcc__py_truthy(d, v);
}

/* Whether token tok is a JSON string that decodes to lit. */
static int raw_is_str(const hcc_doc *d, int tok, const char *lit) {
  const hcc_tok *t = &d->tok[tok];
  if (t->type != HCC_T_STRING) return 0;
  const char *raw = d->text + t->start;
  size_t n = (size_t)(t->end - t->start), pos = 0, k = 0, m = strlen(lit);
  while (pos < n) {
    uint32_t c = hcc__json_body_next(raw, n, &pos);
    if (k >= m || c != (unsigned char)lit[k]) return 0;
    k++;
  }
  return k == m;
}

static int raw_is(const hcc_doc *d, int tok, const char *lit) {
  size_t n;
  const char *raw = hcc__json_raw(d, tok, &n);
  return d->tok[tok].type == HCC_T_PRIMITIVE && n == strlen(lit) && memcmp(raw, lit, n) == 0;
}

static int contains(hcc_slice t, const char *needle) {
  size_t m = strlen(needle);
  for (size_t i = 0; i + m <= t.n; i++)
    if (t.s[i] == needle[0] && memcmp(t.s + i, needle, m) == 0) return 1;
  return 0;
}

/* ---- the pre-passes and P (COMPRESS-3, COMPRESS-4) ---------------------------------- */

/* Blank platform echoes after the latest actionable user turn, removed
 * only when an assistant message follows them. */
static void find_echoes(cx *c, unsigned char *echo) {
  const hcc_transcript *t = &c->t;
  int64_t l = hcc__align_last_user(&c->al, 0);
  if (l < 0) return;
  int64_t i = l + 1;
  while (i < t->nmsg && t->msg[i].role == HCC_ROLE_USER && !c->al.m[i].summary &&
         hcc__blank_user_content(&t->doc, t->msg[i].content))
    i++;
  if (i == l + 1 || i >= t->nmsg || t->msg[i].role != HCC_ROLE_ASSISTANT) return;
  for (int64_t j = l + 1; j < i; j++) echo[j] = 1;
}

/* The estimate of P[j], asked for by the tail walk only (the messages it
 * reaches): a kept message's is its input's, a pruned one's the prune's. */
static int p_tokens(void *ctx, int64_t j, int64_t *tokens, hcc_error *err) {
  cx *c = ctx;
  int i = c->src[j];
  if (c->pr.m[i].action == HCC_PRUNE_KEEP) {
    *tokens = hcc__align_tokens(&c->al, i);
    return c->al.rc;
  }
  return hcc__prune_now_tokens(&c->pr, i, tokens, err);
}

/* P's facts: the input's, with the summary test of every pruned tool
 * output redone; estimates are made when the tail walk asks (p_tokens). */
static int facts_of_p(cx *c, hcc_error *err) {
  hcc_align_msg *pm = hcc__arena_take(c->a, ((size_t)c->n + 1) * sizeof *pm);
  if (!pm) return no_room(err);
  for (int j = 0; j < c->n; j++) {
    int i = c->src[j];
    pm[j] = c->al.m[i];
    hcc_prune_action act = (hcc_prune_action)c->pr.m[i].action;
    if (act == HCC_PRUNE_KEEP) continue;
    pm[j].tokens = -1;
    if (act == HCC_PRUNE_ARGS) continue; /* content unchanged */
    int meta = truthy_member(&c->t.doc, c->t.msg[i].tok, "_compressed_summary");
    int text = 0, rc;
    if (act == HCC_PRUNE_IMAGES) { /* a list: its text view */
      hcc_view v;
      hcc_slice s;
      stage_begin(c);
      rc = base_view(c, j, &v, err);
      if (rc == HCC_OK) rc = text_of(c, v, hcc__view_get(v, "content"), &s, err);
      if (rc == HCC_OK) text = hcc__is_summary_text(s);
      stage_end(c);
    } else { /* a string: decided without writing it */
      rc = hcc__prune_reads_as_summary(&c->pr, i, &text, err);
    }
    if (rc != HCC_OK) return rc;
    pm[j].summary = (unsigned char)(meta || text);
  }
  c->ap = c->al;
  c->ap.n = c->n;
  c->ap.m = pm;
  c->ap.estimate = p_tokens;
  c->ap.estimate_ctx = c;
  hcc__align_run(&c->ap);
  c->start = c->ap.compress_start;
  c->end = c->ap.compress_end;
  return c->ap.rc;
}

/* ---- handoffs, provenance, turns (COMPRESS-5, COMPRESS-6) ----------------------------- */

/* Whether COMPRESS-9 drops P[j] (a summary message). */
static int strip_drops(cx *c, int j, int *drops, hcc_error *err) {
  hcc_view v;
  hcc_strip s;
  stage_begin(c);
  int rc = base_view(c, j, &v, err);
  char *buf = rc == HCC_OK ? decode_buf(c, v) : NULL;
  if (rc == HCC_OK && !buf) rc = no_room(err);
  if (rc == HCC_OK) rc = hcc__strip_plan(v, buf, c->a, &s, err);
  stage_end(c);
  *drops = s.kind == HCC_STRIP_DROP;
  return rc;
}

static int user_authored_present(cx *c, hcc_error *err) {
  for (int j = 0; j < c->n; j++) {
    int i = c->src[j];
    if (c->t.msg[i].role != HCC_ROLE_USER || c->ap.m[j].summary) continue;
    hcc_view v = {&c->t.doc, c->t.msg[i].tok};
    hcc_slice s;
    size_t mark = c->a->used;
    int rc = text_of(c, v, c->t.msg[i].content, &s, err);
    int synthetic = rc == HCC_OK && hcc__is_synthetic_text(s);
    c->a->used = mark;
    if (rc != HCC_OK) return rc;
    if (!synthetic) {
      c->has_user = 1;
      return HCC_OK;
    }
  }
  c->has_user = 0;
  return HCC_OK;
}

/* `self._previous_summary` is truthy: the parameter is a non-empty string. */
static int has_previous(const hcc_params *p) { return p->previous_summary && p->previous_summary_len; }

static int scan_handoffs(cx *c, hcc_error *err) {
  int64_t s = c->n > 0 && c->ap.m[0].role == HCC_ROLE_SYSTEM ? 1 : 0;
  int64_t e = c->p->compression_count < 1 && !has_previous(c->p) ? c->n : c->end;
  if (e > c->n) e = c->n;
  c->k = -1;
  for (int64_t j = s; j < e; j++)
    if (c->ap.m[j].summary) {
      c->fl[j] |= F_HIT;
      c->k = (int)j;
    }
  int rc = user_authored_present(c, err);
  if (rc != HCC_OK || c->has_user || c->k < 0) return rc;
  /* no user-authored turn: the newest handoff's provenance */
  int i = c->src[c->k];
  int prov = hcc__json_get(&c->t.doc, c->t.msg[i].tok, "_compressed_summary_has_user_turn");
  if (prov >= 0 && (raw_is(&c->t.doc, prov, "true") || raw_is(&c->t.doc, prov, "false"))) {
    c->has_user = raw_is(&c->t.doc, prov, "true");
    return HCC_OK;
  }
  hcc_view v;
  hcc_slice txt;
  stage_begin(c);
  rc = base_view(c, c->k, &v, err);
  if (rc == HCC_OK) rc = text_of(c, v, hcc__view_get(v, "content"), &txt, err);
  if (rc == HCC_OK) {
    hcc_slice body = hcc__summary_body(txt);
    c->has_user = !(body.n && contains(body, NO_USER_SENTINEL));
  }
  stage_end(c);
  return rc;
}

static int collect_turns(cx *c, hcc_error *err) {
  int64_t end = c->end < c->n ? c->end : c->n;
  c->nturn = 0;
  c->tail_start = c->end;
  if (c->k < 0) {
    for (int64_t j = c->start; j < end; j++) c->turnp[c->nturn] = (int)j, c->turn[c->nturn++] = c->src[j];
    return HCC_OK;
  }
  int drops;
  for (int64_t j = c->start; j < c->k; j++) {
    if (c->fl[j] & F_HIT) {
      int rc = strip_drops(c, (int)j, &drops, err);
      if (rc != HCC_OK) return rc;
      if (drops) continue;
    }
    c->turnp[c->nturn] = (int)j, c->turn[c->nturn++] = c->src[j];
  }
  int rc = strip_drops(c, c->k, &drops, err);
  if (rc != HCC_OK) return rc;
  if (!drops) c->turnp[c->nturn] = c->k, c->turn[c->nturn++] = c->src[c->k];
  for (int64_t j = c->k + 1; j < end; j++) c->turnp[c->nturn] = (int)j, c->turn[c->nturn++] = c->src[j];
  if (c->k >= c->end) c->tail_start = c->k + 1;
  return HCC_OK;
}

/* ---- the summary (COMPRESS-7, COMPRESS-8) -------------------------------------------- */

/* The stub body is written once, straight into the free rest of the arena
 * (it takes no scratch of its own), then taken: write_measured would write
 * it twice, every call's name each time. */
static int make_summary(cx *c, hcc_error *err) {
  size_t room;
  char *buf = hcc__arena_rest(c->a, &room);
  hcc_out o;
  hcc__out_init(&o, buf, room);
  hcc__stub_body(&c->t, c->turn, c->nturn, c->fallback, &o);
  if (o.len > room || !hcc__arena_take(c->a, o.len ? o.len : 1)) return no_room(err);
  c->stub = (hcc_slice){buf, o.len};
  c->body = hcc__summary_body(c->stub);
  return HCC_OK;
}

/* The summary's text, JSON-escaped: SUMMARY_PREFIX, then "\n" and the
 * body when there is one. */
static void put_summary(const cx *c, hcc_out *o) { hcc__put_with_prefix(o, c->body, (hcc_slice){NULL, 0}); }

static void put_lit(hcc_out *o, int id) { hcc__out_json_body(o, hcc__lits[id].s, hcc__lits[id].n); }

/* ---- rewrites ---------------------------------------------------------------------- */

/* str() of a value, in a buffer taken from the arena. */
static int run_py_str(cx *c, void *arg, hcc_out *o, hcc_error *err) {
  tok_job *j = arg;
  return hcc__py_str(j->d, j->tok, c->a, o, err);
}

static int render_str(cx *c, const hcc_doc *d, int tok, hcc_slice *s, hcc_error *err) {
  tok_job j = {d, tok};
  return write_measured(c, run_py_str, &j, s, err);
}

/* The text a content value contributes to a concatenation: a string
 * decoded, str() of anything but null (a list never comes here). */
static int concat_text(cx *c, const hcc_doc *d, int tok, hcc_slice *s, hcc_error *err) {
  s->s = "";
  s->n = 0;
  if (tok < 0 || hcc__json_is_null(d, tok)) return HCC_OK;
  if (d->tok[tok].type != HCC_T_STRING) return render_str(c, d, tok, s, err);
  size_t raw = (size_t)(d->tok[tok].end - d->tok[tok].start);
  char *buf = hcc__arena_take(c->a, raw ? raw : 1);
  if (!buf) return no_room(err);
  s->s = buf;
  s->n = hcc__json_decode(d->text + d->tok[tok].start, raw, buf);
  return HCC_OK;
}

static void put_items(const hcc_doc *d, int list, hcc_out *o, int sep_first) {
  int item = list + 1;
  for (int k = 0; k < d->tok[list].size; k++, item = hcc__json_skip(d, item)) {
    size_t n;
    if (k || sep_first) hcc__out_str(o, HCC_ITEM_SEP);
    const char *raw = hcc__json_raw(d, item, &n);
    hcc__out_put(o, raw, n);
  }
}

/* COMPRESS-10: the note appended to the system content. */
static int put_noted(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                     hcc_error *err) {
  cx *c = ctx;
  (void)scratch;
  if (old >= 0 && d->tok[old].type == HCC_T_ARRAY) {
    hcc__out_ch(o, '[');
    put_items(d, old, o, 0);
    if (d->tok[old].size) hcc__out_str(o, HCC_ITEM_SEP);
    hcc__out_str(o, "{\"type\": \"text\", \"text\": \"" NOTE "\"}]");
    return HCC_OK;
  }
  size_t mark = c->a->used;
  hcc_slice t;
  int rc = concat_text(c, d, old, &t, err);
  if (rc == HCC_OK) {
    int str = old >= 0 && d->tok[old].type == HCC_T_STRING;
    hcc__out_ch(o, '"');
    hcc__out_json_body(o, t.s, t.n);
    if (str && t.n) hcc__out_str(o, "\\n\\n");
    hcc__out_str(o, NOTE "\"");
  }
  c->a->used = mark;
  return rc;
}

static int w_note(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  (void)arg;
  hcc_edit e = {"content", 7, HCC_EDIT_SET, put_noted, c, NULL, 0};
  return hcc__obj_write(v.d, v.tok, &e, 1, c->a, o, err);
}

/* COMPRESS-9: the unwrapped handoff. */
typedef struct stripjob {
  cx *c;
  hcc_view v;
  const hcc_strip *s;
  char *buf;
} stripjob;

static int put_unwrapped(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                         hcc_error *err) {
  stripjob *j = ctx;
  (void)d, (void)old;
  return hcc__strip_write_content(j->v, j->s, j->buf, scratch, o, err);
}

static int w_strip(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  stripjob *j = arg;
  hcc_edit e[2] = {{"_compressed_summary", 19, HCC_EDIT_DEL, NULL, NULL, NULL, 0},
                   {"content", 7, HCC_EDIT_SET, put_unwrapped, j, NULL, 0}};
  return hcc__obj_write(v.d, v.tok, e, 2, c->a, o, err);
}

/* COMPRESS-14: the summary merged into the first tail message. */
static int put_merged(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                      hcc_error *err) {
  cx *c = ctx;
  (void)scratch;
  if (old >= 0 && d->tok[old].type == HCC_T_ARRAY) {
    hcc__out_str(o, "[{\"type\": \"text\", \"text\": \"");
    if (c->force) {
      put_summary(c, o);
      hcc__out_str(o, "\\n\\n");
      put_lit(o, HCC_LIT_SUMMARY_END_MARKER);
      hcc__out_str(o, "\\n\\n\"}");
      put_items(d, old, o, 1);
      hcc__out_ch(o, ']');
      return HCC_OK;
    }
    put_lit(o, HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER);
    hcc__out_str(o, "\\n\"}");
    put_items(d, old, o, 1);
    hcc__out_str(o, ", {\"type\": \"text\", \"text\": \"\\n\\n");
    put_lit(o, HCC_LIT_MERGED_SUMMARY_DELIMITER);
    hcc__out_str(o, "\\n\\n");
    put_summary(c, o);
    hcc__out_str(o, "\\n\\n");
    put_lit(o, HCC_LIT_SUMMARY_END_MARKER);
    hcc__out_str(o, "\"}]");
    return HCC_OK;
  }
  size_t mark = c->a->used;
  hcc_slice t;
  int rc = concat_text(c, d, old, &t, err);
  if (rc == HCC_OK) {
    hcc__out_ch(o, '"');
    if (c->force) {
      put_summary(c, o);
      hcc__out_str(o, "\\n\\n");
      put_lit(o, HCC_LIT_SUMMARY_END_MARKER);
      hcc__out_str(o, "\\n\\n");
      hcc__out_json_body(o, t.s, t.n);
    } else {
      put_lit(o, HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER);
      hcc__out_str(o, "\\n");
      hcc__out_json_body(o, t.s, t.n);
      hcc__out_str(o, "\\n\\n");
      put_lit(o, HCC_LIT_MERGED_SUMMARY_DELIMITER);
      hcc__out_str(o, "\\n\\n");
      put_summary(c, o);
      hcc__out_str(o, "\\n\\n");
      put_lit(o, HCC_LIT_SUMMARY_END_MARKER);
    }
    hcc__out_ch(o, '"');
  }
  c->a->used = mark;
  return rc;
}

static int w_merge(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  (void)arg;
  hcc_edit e[4] = {
      {"content", 7, HCC_EDIT_SET, put_merged, c, NULL, 0},
      {"_compressed_summary", 19, HCC_EDIT_SET, NULL, NULL, "true", 4},
      {"_compressed_summary_has_user_turn", 33, HCC_EDIT_SET, NULL, NULL,
       c->has_user ? "true" : "false", c->has_user ? 4u : 5u},
      {"api_content", 11, HCC_EDIT_DEL, NULL, NULL, NULL, 0}};
  return hcc__obj_write(v.d, v.tok, e, 4, c->a, o, err);
}

/* COMPRESS-15: orphan repair, strip policy (PAIRS-1..3). */
static int nonempty_str(const hcc_doc *d, int v) {
  return v >= 0 && d->tok[v].type == HCC_T_STRING && d->tok[v].end > d->tok[v].start;
}

static int call_key(const hcc_doc *d, const hcc_call *call) {
  if (d->tok[call->tok].type != HCC_T_OBJECT) return -1;
  if (nonempty_str(d, call->call_id)) return call->call_id;
  if (nonempty_str(d, call->id)) return call->id;
  return -1;
}


static int call_missing(const cx *c, const hcc_call *call) {
  int key = call_key(&c->t.doc, call);
  return key >= 0 && !(hcc__idset_flags(&c->ids, key) & IN_RESULTS);
}

typedef struct fixjob {
  cx *c;
  int i; /* input index: the calls of the staged list in the same order */
} fixjob;

static int fix_gone(void *ctx, int k) {
  const fixjob *j = ctx;
  const hcc_msg *m = &j->c->t.msg[j->i];
  return call_missing(j->c, &j->c->t.call[m->first_call + k]);
}

/* PAIRS-3 on the staged copy of the message (the repair's own writer). */
static int w_repair(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  fixjob *j = arg;
  return hcc__repair_write_stripped(v.d, v.tok, c->t.msg[j->i].ncalls, fix_gone, j, c->a, o, err);
}

static int w_media(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  (void)arg;
  return hcc__media_write_msg(v.d, v.tok, c->a, o, err);
}

/* _db_persisted goes from every copy compress makes (COMPRESS-10, -11). */
static int w_copy(cx *c, hcc_view v, void *arg, hcc_out *o, hcc_error *err) {
  int del = *(int *)arg;
  hcc_edit e = {"_db_persisted", 13, HCC_EDIT_DEL, NULL, NULL, NULL, 0};
  return hcc__obj_write(v.d, v.tok, &e, del ? 1 : 0, c->a, o, err);
}

/* ---- writing ------------------------------------------------------------------------ */

static int underscore_key(const hcc_doc *d, int key) {
  const hcc_tok *t = &d->tok[key];
  size_t pos = 0, n = (size_t)(t->end - t->start);
  return n && hcc__json_body_next(d->text + t->start, n, &pos) == '_';
}

/* Writes a view to the output: with `del` without _db_persisted; with
 * wire without any underscore key (COMPRESS-16). */
static int emit(cx *c, hcc_view v, int del, hcc_out *o, hcc_error *err) {
  if (!c->p->wire) {
    if (del && hcc__view_get(v, "_db_persisted") >= 0) return w_copy(c, v, &del, o, err);
    size_t n;
    const char *raw = hcc__json_raw(v.d, v.tok, &n);
    hcc__out_put(o, raw, n);
    return HCC_OK;
  }
  /* one json.loads-like pass first: each key once */
  int rc = restage(c, &v, w_copy, &del, err);
  if (rc != HCC_OK) return rc;
  const hcc_doc *d = v.d;
  int j = v.tok + 1, first = 1;
  hcc__out_ch(o, '{');
  for (int m = 0; m < d->tok[v.tok].size; m++, j = hcc__json_skip(d, j + 1)) {
    size_t kn, vn;
    if (underscore_key(d, j)) continue;
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    const char *k = hcc__json_raw(d, j, &kn);
    const char *val = hcc__json_raw(d, j + 1, &vn);
    hcc__out_put(o, k, kn);
    hcc__out_str(o, ": ");
    hcc__out_put(o, val, vn);
  }
  hcc__out_ch(o, '}');
  return HCC_OK;
}

/* The pre-passed list P, as compress() hands it back on its early returns. */
static int write_p(cx *c, hcc_out *o, hcc_error *err) {
  for (int j = 0; j < c->n; j++) {
    hcc_view v;
    if (j) hcc__out_str(o, HCC_ITEM_SEP);
    stage_begin(c);
    int rc = base_view(c, j, &v, err);
    if (rc == HCC_OK) rc = emit(c, v, 0, o, err);
    stage_end(c);
    if (rc != HCC_OK) return rc;
  }
  return HCC_OK;
}

/* The view of a kept head or tail message after the note and the strip. */
static int kept_view(cx *c, int j, hcc_view *v, hcc_strip *plan, hcc_error *err) {
  int rc = base_view(c, j, v, err);
  if (rc == HCC_OK && (c->fl[j] & F_NOTE)) rc = restage(c, v, w_note, NULL, err);
  plan->kind = HCC_STRIP_DROP;
  if (rc != HCC_OK || !c->ap.m[j].summary) return rc;
  char *buf = decode_buf(c, *v);
  if (!buf) return no_room(err);
  rc = hcc__strip_plan(*v, buf, c->a, plan, err);
  if (rc != HCC_OK || plan->kind == HCC_STRIP_DROP) return rc;
  stripjob job = {c, *v, plan, buf};
  return restage(c, v, w_strip, &job, err);
}

static int write_kept(cx *c, int j, hcc_out *o, hcc_error *err) {
  hcc_view v;
  hcc_strip plan;
  stage_begin(c);
  int rc = kept_view(c, j, &v, &plan, err);
  fixjob fj = {c, c->src[j]};
  if (rc == HCC_OK && (c->fl[j] & F_MERGE)) rc = restage(c, &v, w_merge, NULL, err);
  if (rc == HCC_OK && (c->fl[j] & F_RFIX)) rc = restage(c, &v, w_repair, &fj, err);
  if (rc == HCC_OK && (c->fl[j] & F_MEDIA)) rc = restage(c, &v, w_media, NULL, err);
  if (rc == HCC_OK) rc = emit(c, v, 1, o, err);
  stage_end(c);
  return rc;
}

static void write_summary_msg(const cx *c, hcc_out *o) {
  hcc__out_str(o, c->role_user ? "{\"role\": \"user\", \"content\": \"" : "{\"role\": \"assistant\", \"content\": \"");
  put_summary(c, o);
  hcc__out_str(o, "\\n\\n");
  put_lit(o, HCC_LIT_SUMMARY_END_MARKER);
  hcc__out_ch(o, '"');
  if (!c->p->wire) {
    hcc__out_str(o, ", \"_compressed_summary\": true, \"_compressed_summary_has_user_turn\": ");
    hcc__out_str(o, c->has_user ? "true" : "false");
  }
  hcc__out_ch(o, '}');
}

/* ---- assembly planning (COMPRESS-10..15) --------------------------------------------- */

/* Decides which head and tail messages stay, and whether their final
 * content holds image parts. */
static int plan_kept(cx *c, int j, hcc_error *err) {
  hcc_view v;
  hcc_strip plan;
  stage_begin(c);
  int rc = base_view(c, j, &v, err);
  if (rc == HCC_OK && (c->fl[j] & F_NOTE)) rc = restage(c, &v, w_note, NULL, err);
  int kept = 1, images = 0;
  if (rc == HCC_OK && c->ap.m[j].summary) {
    char *buf = decode_buf(c, v);
    rc = buf ? hcc__strip_plan(v, buf, c->a, &plan, err) : no_room(err);
    if (rc == HCC_OK) {
      kept = plan.kind != HCC_STRIP_DROP;
      for (size_t k = 0; plan.kind == HCC_STRIP_LIST && k < plan.nitem; k++)
        images |= hcc__media_is_image_part(v.d, plan.item[k].tok);
    }
  } else if (rc == HCC_OK) {
    images = hcc__media_has_images(v.d, hcc__view_get(v, "content"));
  }
  stage_end(c);
  if (kept) c->fl[j] |= F_KEPT;
  if (images) c->fl[j] |= F_IMAGES;
  return rc;
}

/* Whether the system note goes onto P[0]: not when its text view already
 * holds the note. */
static int plan_note(cx *c, hcc_error *err) {
  if (c->start <= 0 || c->n == 0 || c->ap.m[0].role != HCC_ROLE_SYSTEM) return HCC_OK;
  hcc_view v;
  hcc_slice s;
  stage_begin(c);
  int rc = base_view(c, 0, &v, err);
  if (rc == HCC_OK) rc = text_of(c, v, hcc__view_get(v, "content"), &s, err);
  if (rc == HCC_OK && !contains(s, NOTE)) c->fl[0] |= F_NOTE;
  stage_end(c);
  return rc;
}

static int plan_assembly(cx *c, hcc_error *err) {
  int64_t hend = c->start < c->n ? c->start : c->n;
  int64_t tfrom = c->end > c->tail_start ? c->end : c->tail_start;
  int rc = plan_note(c, err);
  for (int64_t j = 0; rc == HCC_OK && j < hend; j++) rc = plan_kept(c, (int)j, err);
  for (int64_t j = tfrom; rc == HCC_OK && j < c->n; j++)
    if (!(c->fl[j] & F_HIT)) rc = plan_kept(c, (int)j, err);
  if (rc != HCC_OK) return rc;
  /* COMPRESS-12: the role */
  rclass last = R_USER, first = R_OTHER;
  int have_head = 0, have_tail = 0, user_seen = 0, tail_first = -1;
  for (int64_t j = 0; j < hend; j++)
    if (c->fl[j] & F_KEPT) {
      last = role_class(c, c->src[j]);
      have_head = 1;
      if (c->t.msg[c->src[j]].role == HCC_ROLE_USER) user_seen = 1;
    }
  for (int64_t j = tfrom; j < c->n; j++)
    if (c->fl[j] & F_KEPT) {
      if (!have_tail) {
        first = role_class(c, c->src[j]);
        tail_first = (int)j;
      }
      have_tail = 1;
      if (c->t.msg[c->src[j]].role == HCC_ROLE_USER) user_seen = 1;
    }
  if (have_head && last == R_UNHASHABLE)
    return hcc__fail(err, HCC_E_SHAPE, 0,
                     "the last head message's role is a list or object (hermes raises TypeError)");
  c->force = c->start == 0 || last == R_SYSTEM || !user_seen;
  c->role_user = last == R_ASSISTANT || last == R_TOOL || c->force;
  c->merge = 0;
  rclass chosen = c->role_user ? R_USER : R_ASSISTANT;
  if (have_tail && chosen == first) {
    rclass flipped = c->role_user ? R_ASSISTANT : R_USER;
    if (flipped != last && !c->force) c->role_user = !c->role_user;
    else c->merge = 1;
  }
  if (c->merge) c->fl[tail_first] |= F_MERGE;
  return HCC_OK;
}

/* COMPRESS-15: the repair sets over the assembled list, then the media
 * anchor over what the repair keeps. */
static int plan_repair_media(cx *c, hcc_error *err) {
  int rc = hcc__idset_init(&c->ids, &c->t.doc, (size_t)c->t.nmsg + (size_t)c->t.ncall, c->a, err);
  if (rc != HCC_OK) return rc;
  const hcc_doc *d = &c->t.doc;
  for (int j = 0; j < c->n; j++) {
    if (!(c->fl[j] & F_KEPT)) continue;
    const hcc_msg *m = &c->t.msg[c->src[j]];
    if (m->role == HCC_ROLE_TOOL && nonempty_str(d, m->tool_call_id)) hcc__idset_add(&c->ids, m->tool_call_id, IN_RESULTS);
    if (m->role != HCC_ROLE_ASSISTANT) continue;
    for (int k = 0; k < m->ncalls; k++) {
      int key = call_key(d, &c->t.call[m->first_call + k]);
      if (key >= 0) hcc__idset_add(&c->ids, key, IN_CALLS);
    }
  }
  int anchor = -1; /* P index of the media anchor */
  for (int j = 0; j < c->n; j++) {
    if (!(c->fl[j] & F_KEPT)) continue;
    const hcc_msg *m = &c->t.msg[c->src[j]];
    if (m->role == HCC_ROLE_TOOL && nonempty_str(d, m->tool_call_id) &&
        !(hcc__idset_flags(&c->ids, m->tool_call_id) & IN_CALLS)) {
      c->fl[j] |= F_RDROP;
      continue;
    }
    if (m->role == HCC_ROLE_ASSISTANT)
      for (int k = 0; k < m->ncalls; k++)
        if (call_missing(c, &c->t.call[m->first_call + k])) c->fl[j] |= F_RFIX;
    if (m->role == HCC_ROLE_USER && (c->fl[j] & F_IMAGES)) anchor = j;
  }
  /* the sweep rewrites what stands before the anchor in the output (P
   * order is output order; the summary message has no image) */
  for (int j = 0; anchor > 0 && j < anchor; j++)
    if ((c->fl[j] & (F_KEPT | F_RDROP | F_IMAGES)) == (F_KEPT | F_IMAGES)) c->fl[j] |= F_MEDIA;
  return HCC_OK;
}

static int write_assembled(cx *c, hcc_out *o, hcc_error *err) {
  int64_t hend = c->start < c->n ? c->start : c->n;
  int64_t tfrom = c->end > c->tail_start ? c->end : c->tail_start;
  int first = 1, rc = HCC_OK;
  for (int64_t j = 0; rc == HCC_OK && j < hend; j++) {
    if ((c->fl[j] & (F_KEPT | F_RDROP)) != F_KEPT) continue;
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    rc = write_kept(c, (int)j, o, err);
  }
  if (rc == HCC_OK && !c->merge) {
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    write_summary_msg(c, o);
  }
  for (int64_t j = tfrom; rc == HCC_OK && j < c->n; j++) {
    if ((c->fl[j] & (F_KEPT | F_RDROP | F_HIT)) != F_KEPT) continue;
    if (!first) hcc__out_str(o, HCC_ITEM_SEP);
    first = 0;
    rc = write_kept(c, (int)j, o, err);
  }
  return rc;
}

/* ---- hermes's fallback summary (FALLBACK-*) ------------------------------------------ */

/* One tool call of the turns: str() of its id, name and redacted
 * arguments (FALLBACK-5). */
typedef struct fb_call {
  hcc_slice id, name, args;
} fb_call;

typedef struct fbx {
  cx *c;
  hcc_fb f;
  char *cws; /* hcc__fb_redact's scratch */
  size_t cws_n;
  fb_call *call; /* the call map, newest assignment found first */
  size_t ncall, cap;
  unsigned *slot; /* open-addressing table of call ids: index + 1 */
  size_t nslot;
} fbx;

static int fb_full(hcc_error *err) {
  return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: the fallback outgrew its store");
}

/* str(value) of token t of d kept in the store; `dflt` when the token is
 * absent or falsy (hermes's `x or dflt`). */
static int fb_str(fbx *x, const hcc_doc *d, int t, const char *dflt, hcc_slice *s, hcc_error *err) {
  if (t < 0 || !hcc__py_truthy(d, t)) {
    *s = (hcc_slice){dflt, strlen(dflt)};
    return HCC_OK;
  }
  size_t mark = x->c->a->used;
  hcc_slice r;
  int rc = render_str(x->c, d, t, &r, err);
  if (rc == HCC_OK) *s = hcc__fb_keep(&x->f, r.s, r.n);
  x->c->a->used = mark;
  if (rc == HCC_OK && x->f.full) return fb_full(err);
  return rc;
}

/* _extract_tool_call_name_and_args and _extract_tool_call_id. */
static int fb_extract(fbx *x, const hcc_doc *d, int tc, hcc_slice *name, hcc_slice *args,
                      hcc_slice *id, hcc_error *err) {
  /* args NULL: the name only (the per-turn pass) */
  hcc_slice none;
  int want_args = args != NULL;
  if (!args) args = &none;
  *name = (hcc_slice){"unknown", 7}, *args = (hcc_slice){"", 0}, *id = (hcc_slice){"", 0};
  if (d->tok[tc].type != HCC_T_OBJECT) return HCC_OK; /* getattr on a non-dict: no function */
  int rc = fb_str(x, d, hcc__json_get(d, tc, "id"), "", id, err);
  int fn = hcc__json_get(d, tc, "function");
  if (rc != HCC_OK || fn < 0 || !hcc__py_truthy(d, fn)) return rc;
  if (d->tok[fn].type != HCC_T_OBJECT)
    return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "a call's function is not an object: hermes's fallback raises");
  rc = fb_str(x, d, hcc__json_get(d, fn, "name"), "unknown", name, err);
  if (rc == HCC_OK && want_args) rc = fb_str(x, d, hcc__json_get(d, fn, "arguments"), "", args, err);
  return rc;
}

/* The calls of an assistant turn with truthy tool_calls (-1 otherwise). */
static int fb_calls_of(hcc_view v, int *list, hcc_error *err) {
  *list = -1;
  int role = hcc__view_get(v, "role");
  int tcs = hcc__view_get(v, "tool_calls");
  if (role < 0 || !raw_is_str(v.d, role, "assistant") || tcs < 0 || !hcc__py_truthy(v.d, tcs))
    return HCC_OK;
  if (v.d->tok[tcs].type != HCC_T_ARRAY)
    return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "tool_calls that are not a list in the fallback's turns");
  *list = tcs;
  return HCC_OK;
}

static uint64_t fb_hash(hcc_slice s) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < s.n; i++) h = (h ^ (unsigned char)s.s[i]) * 1099511628211ull;
  return h;
}

static fb_call *fb_find(fbx *x, hcc_slice id) {
  size_t mask = x->nslot - 1;
  for (size_t h = (size_t)fb_hash(id) & mask;; h = (h + 1) & mask) {
    if (!x->slot[h]) return NULL;
    fb_call *k = &x->call[x->slot[h] - 1];
    if (k->id.n == id.n && !memcmp(k->id.s, id.s, id.n)) return k;
  }
}

static void fb_put(fbx *x, fb_call k) {
  fb_call *old = fb_find(x, k.id);
  if (old) {
    *old = k; /* dict assignment: the newest wins */
    return;
  }
  size_t mask = x->nslot - 1, h = (size_t)fb_hash(k.id) & mask;
  while (x->slot[h]) h = (h + 1) & mask;
  x->call[x->ncall] = k;
  x->slot[h] = (unsigned)++x->ncall;
}

/* _collect_paths_from_jsonish over token t. */
static void fb_jsonish(fbx *x, hcc_pywalk *w, const hcc_doc *d, int t, char *buf) {
  const hcc_tok *tok = &d->tok[t];
  if (tok->type == HCC_T_STRING) {
    size_t n = hcc__json_decode_wide(d->text + tok->start, (size_t)(tok->end - tok->start), buf);
    hcc__fb_paths(&x->f, (hcc_slice){buf, n});
    return;
  }
  if (tok->type == HCC_T_ARRAY) {
    int j = t + 1;
    for (int m = 0; m < tok->size; m++, j = hcc__json_skip(d, j)) fb_jsonish(x, w, d, j, buf);
    return;
  }
  if (tok->type != HCC_T_OBJECT) return;
  const int *plan = hcc__py_walk_members(w, t);
  int key = t + 1;
  for (int m = 0; m < tok->size; m++, key = hcc__json_skip(d, key + 1)) {
    int val = plan[m];
    if (val < 0) continue;
    const hcc_tok *kt = &d->tok[key];
    size_t kn = hcc__json_decode_wide(d->text + kt->start, (size_t)(kt->end - kt->start), buf);
    int path_key = (kn == 4 && !memcmp(buf, "path", 4)) || (kn == 7 && !memcmp(buf, "workdir", 7)) ||
                   (kn == 9 && !memcmp(buf, "file_path", 9)) || (kn == 11 && !memcmp(buf, "output_path", 11));
    if (path_key && d->tok[val].type == HCC_T_STRING) {
      const hcc_tok *vt = &d->tok[val];
      size_t vn = hcc__json_decode_wide(d->text + vt->start, (size_t)(vt->end - vt->start), buf);
      hcc__fb_add_file(&x->f, (hcc_slice){buf, vn});
    }
    fb_jsonish(x, w, d, val, buf);
  }
  hcc__py_walk_pop(w, t);
}

/* json.loads(args), then _collect_paths_from_jsonish of what it gave, or of
 * args itself when it is not JSON. */
static int fb_args_paths(fbx *x, hcc_slice args, hcc_error *err) {
  cx *c = x->c;
  size_t mark = c->a->used;
  hcc_doc d;
  hcc_error perr;
  int rc = hcc__json_parse(&d, args.s, args.n, c->a, &perr);
  if (rc == HCC_E_WORKSPACE) {
    c->a->used = mark;
    return no_room(err);
  }
  if (rc != HCC_OK) {
    c->a->used = mark;
    /* json.loads reads these where hcc's parser refuses */
    if (contains(args, "NaN") || contains(args, "Infinity") || rc == HCC_E_DEPTH)
      return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "arguments json.loads reads and hcc's parser does not");
    hcc__fb_paths(&x->f, args);
    return HCC_OK;
  }
  hcc_pywalk w;
  char *buf = hcc__arena_take(c->a, args.n + 1);
  rc = buf ? hcc__py_walk_init(&w, &d, 0, 0, c->a, err) : no_room(err);
  if (rc == HCC_OK) fb_jsonish(x, &w, &d, 0, buf);
  c->a->used = mark;
  return rc;
}

/* The turn P[j] as hermes hands it to the fallback: the pre-passed message,
 * a handoff the scan found unwrapped (COMPRESS-6). */
static int fb_turn_view(cx *c, int j, hcc_view *v, hcc_error *err) {
  int rc = base_view(c, j, v, err);
  if (rc != HCC_OK || !(c->fl[j] & F_HIT)) return rc;
  hcc_strip plan;
  char *buf = decode_buf(c, *v);
  if (!buf) return no_room(err);
  rc = hcc__strip_plan(*v, buf, c->a, &plan, err);
  if (rc != HCC_OK) return rc;
  stripjob job = {c, *v, &plan, buf};
  return restage(c, v, w_strip, &job, err);
}

static int fb_redact(fbx *x, hcc_slice s, int compact, hcc_slice *out, hcc_error *err) {
  if (hcc__fb_compact_need(s.n) > x->cws_n) return outgrew(err);
  return hcc__fb_redact(s.s, s.n, compact, x->cws, x->cws_n, out, err);
}

/* Pass 1: the call map and the paths of every call's arguments. */
static int fb_pass_calls(fbx *x, int j, hcc_error *err) {
  cx *c = x->c;
  hcc_view v;
  int list;
  int rc = fb_turn_view(c, j, &v, err);
  if (rc == HCC_OK) rc = fb_calls_of(v, &list, err);
  if (rc != HCC_OK || list < 0) return rc;
  int tc = list + 1;
  for (int k = 0; k < v.d->tok[list].size && rc == HCC_OK; k++, tc = hcc__json_skip(v.d, tc)) {
    fb_call call;
    hcc_slice raw, red;
    rc = fb_extract(x, v.d, tc, &call.name, &raw, &call.id, err);
    if (rc == HCC_OK) rc = fb_redact(x, raw, 0, &red, err);
    if (rc != HCC_OK) break;
    call.args = hcc__fb_keep(&x->f, red.s, red.n);
    if (x->f.full) return fb_full(err);
    if (call.id.n) {
      if (x->ncall >= x->cap) return fb_full(err);
      fb_put(x, call);
    }
    if (call.args.n) rc = fb_args_paths(x, call.args, err);
  }
  return rc;
}

/* _summarize_tool_result(name, args, text) written to o. */
static int fb_tool_line(fbx *x, hcc_slice name, hcc_slice args, hcc_slice text, hcc_out *o,
                        hcc_error *err) {
  cx *c = x->c;
  size_t mark = c->a->used;
  /* ["name", "args"]: string tokens for the summary-line writer */
  size_t jn = 6 * (name.n + args.n) + 16;
  char *js = hcc__arena_take(c->a, jn);
  if (!js) return no_room(err);
  hcc_out jo;
  hcc__out_init(&jo, js, jn);
  hcc__out_ch(&jo, '[');
  hcc__out_json_str(&jo, name.s, name.n);
  hcc__out_str(&jo, ", ");
  hcc__out_json_str(&jo, args.s, args.n);
  hcc__out_ch(&jo, ']');
  hcc_doc d;
  int rc = jo.len <= jn ? hcc__json_parse(&d, js, jo.len, c->a, err) : outgrew(err);
  if (rc == HCC_OK) {
    size_t cap = hcc__ts_head_cap(name.n + 2, 6 * args.n + 2, d.info.max_deep_weight);
    char *hb = hcc__arena_take(c->a, cap);
    hcc_out ho;
    hcc_ts_tail tail;
    if (!hb) rc = no_room(err);
    if (rc == HCC_OK) {
      hcc__out_init(&ho, hb, cap);
      rc = hcc__ts_head(&d, 1, 2, c->a, &ho, &tail, err);
    }
    if (rc == HCC_OK && ho.len > cap) rc = outgrew(err);
    if (rc == HCC_OK) {
      hcc__out_put(o, hb, ho.len);
      hcc_ts_text t = {text.s, text.n, 0, 0, 0, 0};
      hcc__ts_tail(&t, tail, hcc__ts_emit_out, o);
    }
  }
  c->a->used = mark;
  return rc;
}

/* A kept-text writer run twice (measure, then write) into the store. */
static int fb_upper_label(fbx *x, const hcc_doc *d, int role, hcc_slice *label, hcc_error *err) {
  hcc_slice s;
  int rc;
  if (role < 0) {
    s = (hcc_slice){"unknown", 7};
  } else {
    size_t mark = x->c->a->used;
    hcc_slice r;
    rc = render_str(x->c, d, role, &r, err);
    if (rc != HCC_OK) return rc;
    s = hcc__fb_keep(&x->f, r.s, r.n);
    x->c->a->used = mark;
    if (x->f.full) return fb_full(err);
  }
  char *u = (char *)hcc__fb_keep(&x->f, s.s, s.n).s;
  if (x->f.full) return fb_full(err);
  for (size_t i = 0; i < s.n; i++) {
    if ((unsigned char)u[i] >= 0x80)
      return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "a non-ASCII role: str.upper() is not modelled");
    if (u[i] >= 'a' && u[i] <= 'z') u[i] = (char)(u[i] - 32);
  }
  *label = (hcc_slice){u, s.n};
  return HCC_OK;
}

/* Pass 2: what one turn adds to the lists (FALLBACK-5, FALLBACK-6). */
static int fb_pass_turn(fbx *x, int j, hcc_error *err) {
  cx *c = x->c;
  hcc_view v;
  hcc_slice tv, text;
  int list;
  int rc = fb_turn_view(c, j, &v, err);
  if (rc == HCC_OK) rc = fb_calls_of(v, &list, err);
  if (rc == HCC_OK) rc = text_of(c, v, hcc__view_get(v, "content"), &tv, err);
  if (rc == HCC_OK) rc = fb_redact(x, tv, 1, &text, err);
  if (rc != HCC_OK) return rc;
  text = hcc__fb_keep(&x->f, text.s, text.n);
  if (x->f.full) return fb_full(err);
  hcc__fb_paths(&x->f, text);
  int role = hcc__view_get(v, "role");
  int is_user = role >= 0 && raw_is_str(v.d, role, "user");
  int is_asst = role >= 0 && raw_is_str(v.d, role, "assistant");
  int is_tool = role >= 0 && raw_is_str(v.d, role, "tool");
  int synthetic = is_user && (truthy_member(v.d, v.tok, "_compressed_summary") ||
                              hcc__is_summary_text(tv) || hcc__is_synthetic_text(tv));
  /* the call names, first six, joined */
  hcc_slice first[6];
  int nnames = 0;
  if (list >= 0) {
    int tc = list + 1;
    for (int k = 0; k < v.d->tok[list].size; k++, tc = hcc__json_skip(v.d, tc)) {
      hcc_slice name, id;
      rc = fb_extract(x, v.d, tc, &name, NULL, &id, err);
      if (rc != HCC_OK) return rc;
      if (nnames < 6) first[nnames] = name;
      nnames++;
    }
  }
  size_t names_at = x->f.used;
  for (int k = 0; k < nnames && k < 6; k++) {
    if (k) hcc__fb_keep(&x->f, ", ", 2);
    hcc__fb_keep(&x->f, first[k].s, first[k].n);
  }
  if (x->f.full) return fb_full(err);
  hcc_slice names = {x->f.store + names_at, x->f.used - names_at};
  hcc_slice prefix = {"", 0};
  if (nnames) {
    size_t at = x->f.used;
    hcc__fb_keep(&x->f, "tool calls: ", 12);
    hcc__fb_keep(&x->f, names.s, names.n);
    prefix = (hcc_slice){x->f.store + at, x->f.used - at};
  }
  hcc_slice label;
  if (synthetic) label = (hcc_slice){"INTERNAL CONTEXT", 16};
  else if ((rc = fb_upper_label(x, v.d, role, &label, err)) != HCC_OK) return rc;
  hcc__fb_dropped(&x->f, label, prefix, text);
  /* the 600-cut */
  size_t at = x->f.used;
  hcc_out o;
  hcc__out_init(&o, x->f.store + at, x->f.cap - at);
  hcc__fb_cut600(text, &o);
  if (o.len > x->f.cap - at) return fb_full(err);
  x->f.used += o.len;
  hcc_slice t6 = {x->f.store + at, o.len};
  if (is_user && t6.n && !synthetic) {
    hcc__fb_user(&x->f, t6);
  } else if (is_asst) {
    if (nnames) {
      size_t a0 = x->f.used;
      hcc__fb_keep(&x->f, "Called tool(s): ", 16);
      hcc__fb_keep(&x->f, names.s, names.n);
      hcc__fb_assistant(&x->f, (hcc_slice){x->f.store + a0, x->f.used - a0});
    } else if (t6.n) {
      hcc__fb_assistant(&x->f, t6);
    }
  } else if (is_tool) {
    hcc_slice id;
    rc = fb_str(x, v.d, hcc__view_get(v, "tool_call_id"), "", &id, err);
    if (rc != HCC_OK) return rc;
    fb_call *k = x->nslot ? fb_find(x, id) : NULL;
    hcc_slice name = k ? k->name : (hcc_slice){"unknown", 7}, args = k ? k->args : (hcc_slice){"", 0};
    size_t a0 = x->f.used;
    hcc__out_init(&o, x->f.store + a0, x->f.cap - a0);
    rc = fb_tool_line(x, name, args, t6, &o, err);
    if (rc != HCC_OK) return rc;
    if (o.len > x->f.cap - a0) return fb_full(err);
    x->f.used += o.len;
    hcc__fb_tool(&x->f, (hcc_slice){x->f.store + a0, o.len});
    rc = hcc__fb_blocker(&x->f, t6, err);
  }
  if (rc == HCC_OK && x->f.full) return fb_full(err);
  return rc;
}

/* ---- the previous summary (COMPRESS-5, FALLBACK-1, COMPRESS-17) -------------------- */

/* Calls each(arg, body, first) for the non-empty body of every hit, in
 * order (a body lives until each returns: it is staged); *any: one was. */
typedef int (*body_fn)(void *arg, hcc_slice body, int first);
static int each_body(cx *c, body_fn each, void *arg, int *any, hcc_error *err) {
  *any = 0;
  for (int j = 0; j < c->n; j++) {
    if (!(c->fl[j] & F_HIT)) continue;
    hcc_view v;
    hcc_slice tv;
    stage_begin(c);
    int rc = base_view(c, j, &v, err);
    if (rc == HCC_OK) rc = text_of(c, v, hcc__view_get(v, "content"), &tv, err);
    if (rc == HCC_OK) {
      hcc_slice b = hcc__summary_body(tv);
      if (b.n) rc = each(arg, b, !*any), *any = 1;
    }
    stage_end(c);
    if (rc != HCC_OK) return rc;
  }
  return HCC_OK;
}

/* COMPRESS-5: _previous_summary after the scan.  A given summary stays when
 * the scan found a handoff and is dropped when it found none; with none
 * given, the hits' non-empty bodies become it, joined: they go to each()
 * and *joined is set.  Otherwise *value is it (s NULL: None). */
static int scan_previous(cx *c, body_fn each, void *arg, hcc_slice *value, int *joined, hcc_error *err) {
  const hcc_params *p = c->p;
  *joined = 0;
  *value = (hcc_slice){p->previous_summary, p->previous_summary_len};
  if (c->k < 0 && has_previous(p)) *value = (hcc_slice){NULL, 0};
  if (c->k < 0 || has_previous(p)) return HCC_OK;
  return each_body(c, each, arg, joined, err);
}

/* The joined bodies into the fallback's store. */
static int keep_body(void *arg, hcc_slice b, int first) {
  hcc_fb *f = arg;
  if (!first) hcc__fb_keep(f, "\n\n", 2);
  hcc__fb_keep(f, b.s, b.n);
  return HCC_OK;
}

/* The fallback's previous summary (FALLBACK-1): the scan's, replaced by
 * its strict redaction when the failing summarizer records a reason (a
 * call past the cooldown test redacts it on its way to the model); that
 * is also the state after the call (COMPRESS-17).  Then FALLBACK-7's
 * snapshot of it when it is non-empty: stripped, redacted (the cut to
 * 3,000 code points is hcc__fb_body's). */
static int fb_previous(fbx *x, hcc_error *err) {
  cx *c = x->c;
  const hcc_params *p = c->p;
  hcc_slice prev;
  size_t at = x->f.used;
  int joined;
  int rc = scan_previous(c, keep_body, &x->f, &prev, &joined, err);
  if (rc != HCC_OK) return rc;
  if (x->f.full) return fb_full(err);
  if (joined) prev = (hcc_slice){x->f.store + at, x->f.used - at};
  if (prev.s && prev.n && p->fail_reason) {
    hcc_slice r;
    if (hcc__fb_compact_need(prev.n) > x->cws_n) return outgrew(err);
    rc = hcc__fb_redact(prev.s, prev.n, 0, x->cws, x->cws_n, &r, err);
    if (rc != HCC_OK) return rc;
    prev = hcc__fb_keep(&x->f, r.s, r.n);
    if (x->f.full) return fb_full(err);
  }
  c->after = prev;
  if (!prev.s || !prev.n) return HCC_OK; /* None or "": no snapshot */
  hcc_slice st = hcc__py_strip(prev), red = {"", 0};
  if (st.n) {
    if (hcc__fb_compact_need(st.n) > x->cws_n) return outgrew(err);
    /* redact_sensitive_text(...) without redact_url_credentials: hcc's redact */
    rc = hcc__redact(st.s, st.n, x->cws, x->cws_n, &red, err);
    if (rc != HCC_OK) return rc;
  }
  x->f.prev = hcc__fb_keep(&x->f, red.s, red.n);
  x->f.has_prev = 1;
  if (x->f.full) return fb_full(err);
  return HCC_OK;
}

/* What the sizing call must keep for the fallback: the two texts' lengths
 * and whether the previous summary is strict-redacted; no params: any. */
typedef struct fb_size {
  size_t reason, prev;
  int strict;
} fb_size;

static fb_size fb_size_of(const hcc_params *p) {
  fb_size z = {HCC_MAX_PARAM_TEXT, HCC_MAX_PREVIOUS_SUMMARY, 1};
  if (p) {
    z.reason = p->fail_reason ? p->fail_reason_len : 0;
    z.prev = p->previous_summary ? p->previous_summary_len : 0;
    z.strict = p->fail_reason != NULL;
  }
  return z;
}

/* The previous summary is the joined bodies (at most the input) or the
 * parameter: longest of the two. */
static size_t fb_prev_bound(size_t len, fb_size z) { return len > z.prev ? len : z.prev; }

/* FALLBACK-9's store, and the previous summary's texts: the joined bodies,
 * the strict redaction (at most three times them) and the snapshot's
 * redaction of that (three times again). */
static size_t fb_store(const hcc_json_info *info, size_t len, fb_size z) {
  return hcc__fb_store_need(len, hcc__max_msgs(info) + hcc__max_calls(info) + 1) +
         (z.strict ? 13 : 4) * fb_prev_bound(len, z) + 64;
}

/* The longest text the fallback redacts: a turn's text view (at most
 * msg_bound), a call's arguments (str() of a value, at most five times its
 * bytes, FALLBACK-5), the previous summary (its strict redaction when
 * there is one), or the body: kept texts (each written once), the fixed
 * lines, the reason and repr()'s escapes of the ask (at most four bytes a
 * byte of a 700-code point text). */
static size_t fb_longest(const hcc_json_info *info, size_t len, size_t store, fb_size z) {
  size_t t = msg_bound(info), a = 5 * info->max_message + 64, body = store + z.reason + 20480;
  size_t prev = (z.strict ? 3 : 1) * fb_prev_bound(len, z);
  if (a > t) t = a;
  if (prev > t) t = prev;
  return t > body ? t : body;
}

/* What the fallback takes from the workspace beyond the rest of compress
 * (hcc_workspace_size adds it when the fallback can run). */
size_t hcc__need_fallback(const hcc_json_info *info, size_t len, const hcc_params *p) {
  fb_size z = fb_size_of(p);
  size_t calls = hcc__max_calls(info) + 1;
  size_t store = fb_store(info, len, z), longest = fb_longest(info, len, store, z);
  size_t nslot = 2;
  while (nslot < 2 * calls) nslot *= 2;
  return hcc__arena_cost(store) + hcc__arena_cost(hcc__fb_compact_need(longest)) +
         hcc__arena_cost(calls * sizeof(fb_call)) + hcc__arena_cost(nslot * sizeof(unsigned)) +
         2 * hcc__arena_cost(longest) /* the body, the capped summary */;
}

static int make_fallback(cx *c, hcc_error *err) {
  const hcc_json_info *info = &c->t.doc.info;
  fbx x;
  memset(&x, 0, sizeof x);
  x.c = c;
  fb_size z = fb_size_of(c->p);
  size_t store = fb_store(info, c->t.doc.len, z);
  char *sb = hcc__arena_take(c->a, store);
  size_t longest = fb_longest(info, c->t.doc.len, store, z);
  x.cws_n = hcc__fb_compact_need(longest);
  x.cws = hcc__arena_take(c->a, x.cws_n);
  x.cap = hcc__max_calls(info) + 1;
  x.call = hcc__arena_take(c->a, x.cap * sizeof(fb_call));
  x.nslot = 2;
  while (x.nslot < 2 * x.cap) x.nslot *= 2;
  x.slot = hcc__arena_take(c->a, x.nslot * sizeof(unsigned));
  if (!sb || !x.cws || !x.call || !x.slot) return no_room(err);
  memset(x.slot, 0, x.nslot * sizeof(unsigned));
  hcc__fb_init(&x.f, sb, store);
  x.f.nturns = c->nturn;
  int rc = HCC_OK;
  for (size_t t = 0; t < c->nturn && rc == HCC_OK; t++) {
    stage_begin(c);
    rc = fb_pass_calls(&x, c->turnp[t], err);
    stage_end(c);
  }
  for (size_t t = 0; t < c->nturn && rc == HCC_OK; t++) {
    stage_begin(c);
    rc = fb_pass_turn(&x, c->turnp[t], err);
    stage_end(c);
  }
  if (rc == HCC_OK) rc = fb_previous(&x, err);
  if (rc != HCC_OK) return rc;
  /* the body, redacted, capped (FALLBACK-7, FALLBACK-8) */
  const char *reason = c->p->fail_reason;
  size_t rn = reason ? c->p->fail_reason_len : 0;
  hcc_out o;
  hcc__out_init(&o, NULL, 0);
  hcc__fb_body(&x.f, reason, rn, &o);
  size_t bn = o.len;
  if (bn > longest) return outgrew(err);
  char *body = hcc__arena_take(c->a, bn ? bn : 1);
  if (!body) return no_room(err);
  hcc__out_init(&o, body, bn);
  hcc__fb_body(&x.f, reason, rn, &o);
  hcc_slice red;
  if (hcc__fb_compact_need(bn) > x.cws_n) return outgrew(err);
  rc = hcc__fb_redact(body, bn, 0, x.cws, x.cws_n, &red, err);
  if (rc != HCC_OK) return rc;
  if (red.n + 64 > longest) return outgrew(err);
  char *out = hcc__arena_take(c->a, red.n + 64);
  if (!out) return no_room(err);
  hcc__out_init(&o, out, red.n + 64);
  /* _with_summary_prefix: PREFIX-4's strip and cuts apply to the body as to
   * any summary (a turn can carry the merge delimiter or the end marker) */
  hcc__fb_cap(hcc__summary_body(red), &o);
  c->body = (hcc_slice){out, o.len};
  return HCC_OK;
}

/* ---- the op ------------------------------------------------------------------------- */

static void put_index(hcc_out *o, int64_t v, int known) {
  if (known) hcc__out_i64(o, v);
  else hcc__out_str(o, "null");
}

static void put_text(hcc_out *o, const char *s, size_t n) {
  if (s) hcc__out_json_str(o, s, n);
  else hcc__out_str(o, "null");
}

/* The joined bodies, JSON-escaped, into the output. */
static int put_body(void *arg, hcc_slice b, int first) {
  hcc_out *o = arg;
  if (!first) hcc__out_str(o, "\\n\\n");
  hcc__out_json_body(o, b.s, b.n);
  return HCC_OK;
}

/* COMPRESS-17: _previous_summary when compress() returns. */
static int put_after(cx *c, outcome oc, hcc_out *o, hcc_error *err) {
  const hcc_params *p = c->p;
  if (oc == OC_SUMMARIZED) {
    hcc__out_json_str(o, c->stub.s, c->stub.n);
    return HCC_OK;
  }
  if (oc == OC_FALLBACK) {
    put_text(o, c->after.s, c->after.n);
    return HCC_OK;
  }
  if (oc == OC_EMPTY) { /* the scan's, kept */
    size_t mark = o->len;
    hcc_slice value;
    int joined;
    hcc__out_ch(o, '"');
    int rc = scan_previous(c, put_body, o, &value, &joined, err);
    if (rc != HCC_OK) return rc;
    if (joined) {
      hcc__out_ch(o, '"');
      return HCC_OK;
    }
    o->len = mark; /* no body joined: the value itself */
    put_text(o, value.s, value.n);
    return HCC_OK;
  }
  /* too few messages, aborted (the scan rolled back): as given */
  put_text(o, p->previous_summary, p->previous_summary_len);
  return HCC_OK;
}

static int finish(cx *c, outcome oc, hcc_out *o, hcc_error *err) {
  const hcc_params *p = c->p;
  int known = oc != OC_TOO_FEW;
  if (p->explain) {
    hcc__out_str(o, "{\"outcome\": \"");
    hcc__out_str(o, outcome_name[oc]);
    hcc__out_str(o, "\", \"compress_start\": ");
    put_index(o, c->start, known);
    hcc__out_str(o, ", \"compress_end\": ");
    put_index(o, c->end, known);
    hcc__out_str(o, ", \"summarized\": ");
    put_index(o, (int64_t)c->nturn, known);
    hcc__out_str(o, ", \"previous_summary\": ");
    int rc = put_after(c, oc, o, err);
    if (rc != HCC_OK) return rc;
    hcc__out_str(o, ", \"compression_count\": ");
    hcc__out_i64(o, p->compression_count + (oc == OC_FALLBACK || oc == OC_SUMMARIZED));
    hcc__out_str(o, ", \"result\": ");
  }
  int rc = HCC_OK;
  if (oc == OC_TOO_FEW && !p->wire) {
    /* compress() hands back its input list itself: the input, byte for byte */
    hcc__out_put(o, c->t.doc.text, c->t.doc.len);
    if (p->explain) hcc__out_ch(o, '}');
    return HCC_OK;
  }
  hcc__transcript_open(&c->t, o);
  if (oc == OC_TOO_FEW) {
    for (int i = 0; rc == HCC_OK && i < c->t.nmsg; i++) {
      if (i) hcc__out_str(o, HCC_ITEM_SEP);
      hcc_view v = {&c->t.doc, c->t.msg[i].tok};
      stage_begin(c);
      rc = emit(c, v, 0, o, err);
      stage_end(c);
    }
  } else if (oc == OC_EMPTY || oc == OC_ABORTED) {
    rc = write_p(c, o, err);
  } else {
    rc = write_assembled(c, o, err);
  }
  if (rc != HCC_OK) return rc;
  hcc__transcript_close(&c->t, o);
  if (p->explain) hcc__out_ch(o, '}');
  return HCC_OK;
}

int hcc__op_compress(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                     hcc_out *o, hcc_error *err) {
  cx c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.a = a;
  c.k = -1;
  int rc = hcc__transcript_parse(&c.t, in, len, HCC_PARSE_IDS, a, err);
  if (rc == HCC_OK) c.stage_cap = msg_bound(&c.t.doc.info);
  if (rc == HCC_OK) rc = hcc__repair_check_shape(&c.t, err);
  if (rc == HCC_OK) rc = hcc__align_prepare(&c.al, &c.t, &hcc__est_hermes, p, len, a, err);
  /* P's facts start as copies of every message's */
  if (rc == HCC_OK) rc = hcc__align_classify_all(&c.al);
  if (rc != HCC_OK) return rc;
  /* COMPRESS-2 */
  if (c.t.nmsg <= hcc__align_protect_head_size(&c.al) + 4) return finish(&c, OC_TOO_FEW, o, err);
  /* COMPRESS-3: prune, then the blank echoes */
  hcc_prune_cfg cfg = {p->protect_last_n, c.al.tail_token_budget, HCC_PRUNE_MIN_CHARS, &c.al.est};
  rc = hcc__prune_run(&c.pr, &c.t, &cfg, len, a, err);
  if (rc != HCC_OK) return rc;
  size_t nm = (size_t)c.t.nmsg + 1;
  unsigned char *echo = hcc__arena_take(a, nm);
  c.src = hcc__arena_take(a, nm * sizeof(int));
  c.fl = hcc__arena_take(a, nm * sizeof(unsigned));
  c.turn = hcc__arena_take(a, nm * sizeof(int));
  c.turnp = hcc__arena_take(a, nm * sizeof(int));
  if (!echo || !c.src || !c.fl || !c.turn || !c.turnp) return no_room(err);
  memset(echo, 0, nm);
  find_echoes(&c, echo);
  for (int i = 0; i < c.t.nmsg; i++)
    if (!echo[i]) c.fl[c.n] = 0, c.src[c.n++] = i;
  /* COMPRESS-4..6 */
  rc = facts_of_p(&c, err);
  if (rc == HCC_OK) rc = scan_handoffs(&c, err);
  if (rc == HCC_OK) rc = collect_turns(&c, err);
  if (rc != HCC_OK) return rc;
  if (c.nturn == 0) return finish(&c, OC_EMPTY, o, err);
  /* COMPRESS-7, COMPRESS-8 */
  if (p->summarizer_fail && p->abort_on_summary_failure) return finish(&c, OC_ABORTED, o, err);
  c.fallback = p->summarizer_fail;
  rc = c.fallback ? make_fallback(&c, err) : make_summary(&c, err);
  if (rc == HCC_OK) rc = plan_assembly(&c, err);
  if (rc == HCC_OK) rc = plan_repair_media(&c, err);
  if (rc != HCC_OK) return rc;
  return finish(&c, c.fallback ? OC_FALLBACK : OC_SUMMARIZED, o, err);
}
