/* prune.c -- hermes's _prune_old_tool_results over a parsed transcript
 * (spec PRUNE-1 .. PRUNE-8; contract in prune.h).
 *
 * The passes run on per-message states, not on text: a message is kept,
 * or its content becomes the duplicate placeholder, a summary line, a
 * screenshot line or a list with image parts replaced, or its long call
 * arguments are shrunk.  The text of a change is produced when the message
 * is written.  Token estimates are kept per message and updated by
 * difference, so the pressure pass's repeated "protected region" sums cost
 * O(1) each.
 *
 * A summary line is a per-call head plus a per-output tail
 * (tool_summary.h); a head is made once per call and its facts memoised
 * (`memo`); the text of a short head is kept too, so a call answered by
 * many outputs is parsed once (the heads store, below).
 *
 * Linear: every pass visits each message a bounded number of times (the
 * pressure pass at most twice), a call's arguments are parsed a bounded
 * number of times, and the key table of tool_call_id look-ups is an
 * open-addressing hash table in the workspace. */
#include "prune.h"

#include <stdio.h>

#include "align.h"
#include "args.h"
#include "md5.h"
#include "media.h"
#include "msg_write.h"
#include "py.h"
#include "pyspace.h"
#include "summary_text.h"
#include "tail_walk.h"

/* Tool outputs shorter than this are never deduplicated (pass 1). */
#define DEDUPE_MIN_CHARS 200
/* A line that starts with "[", holds " chars)" and is shorter than this
 * is taken for a summary already and left alone. */
#define SUMMARY_LINE_MAX 400
/* "[screenshot removed] " + the first 200 of text_summary */
#define SHOT_PREFIX "[screenshot removed] "
#define SHOT_KEEP 200

/* Offsets and lengths are 32 bits: inputs are shorter than HCC_MAX_INPUT
 * (2^31), and a memo per call is part of prune's workspace. */
struct hcc_prune_memo {
  uint32_t len;     /* bytes of the head; read only when kept */
  uint32_t kept;    /* where p->heads holds it, plus 1; 0: written again when needed */
  hcc_est_acc acc;  /* the estimator's sums over the head */
  unsigned char tail;
  unsigned char summary; /* hcc__is_summary_text(head): see hcc__prune_reads_as_summary */
  unsigned char done;
  unsigned char args;    /* ARGS_*: what shrinking its arguments gave (shrink_call) */
  uint32_t args_at;      /* ARGS_KEPT: where p->heads holds the result */
  uint32_t args_len;
};

/* A call's shrunk arguments, made once by pass 3 (or the pressure pass)
 * and used again by the writer: unknown, unchanged, changed and kept in
 * p->heads, changed but made again when needed (no room left). */
enum { ARGS_UNKNOWN, ARGS_SAME, ARGS_KEPT, ARGS_AGAIN };

/* The heads store, p->heads: one third of the bytes of the calls' string
 * names and arguments (what the validator counts into name_bytes and
 * arguments_bytes).
 *
 * A head at most a third of its call's strings must be kept: making it
 * again parses the arguments, three times the head or more, and one call
 * can be answered by thousands of outputs (20,000 outputs of a call with
 * 300 KB of arguments would parse 6 GB).  Those heads together take at
 * most a third of all the strings, so they always fit; they are stored
 * from the bottom.  Anything else is a cache, stored from the top down
 * while there is room: a longer head (made again, it costs at most three
 * times what writing it out costs; even one longer than its call's
 * strings, a read_file of a short path, costs a parse of the arguments)
 * and shrunk arguments (made again, once per write of their message).
 * When a head that must be kept meets the cache, the cache is dropped
 * for good (its entries are made again when
 * asked for; one walk over the memos, once), and the head fits.  Keeping
 * every head no longer than its call's strings took three times the room
 * (a quarter of a realistic transcript where a fifteenth is used). */
#define HEADS_SHARE 3

/* ---- keys: Python's dict equality for tool_call_id values --------------- */

/* hermes indexes calls by tc.get("id", "") and looks results up by
 * msg.get("tool_call_id", ""): any JSON value.  Python compares dict keys
 * by value: True == 1 == 1.0, None only with None, strings exactly; a list
 * or dict is unhashable (TypeError; DIV-PRUNE-1 skips it). */
enum { K_STR, K_NULL, K_NUM, K_UNHASHABLE };

struct hcc_prune_slot {
  uint32_t hash;
  int key;          /* the key's token; -1: the default "" */
  int call;         /* index into t->call; -1: hermes's ("unknown", "") */
  unsigned char kind;
  unsigned char used;
};

static int key_kind(const hcc_doc *d, int tok) {
  if (tok < 0) return K_STR;
  switch (d->tok[tok].type) {
  case HCC_T_STRING: return K_STR;
  case HCC_T_ARRAY:
  case HCC_T_OBJECT: return K_UNHASHABLE;
  default: return hcc__json_is_null(d, tok) ? K_NULL : K_NUM;
  }
}

/* The number a key stands for, as text that two equal Python numbers
 * share: an int's digits ("-0" is 0), True as 1, False as 0, an integral
 * float as its exact digits, any other float as "f" + its repr. */
static const char *num_text(const hcc_doc *d, int tok, char buf[400], size_t *n) {
  const char *s = d->text + d->tok[tok].start;
  size_t len = (size_t)(d->tok[tok].end - d->tok[tok].start);
  if (s[0] == 't' || s[0] == 'f') {
    *n = 1;
    return s[0] == 't' ? "1" : "0";
  }
  hcc_slice t;
  double v;
  if (!hcc__py_number_text(s, len, buf + 1, &t, &v)) { /* an int's digits, "-0" as 0 */
    *n = t.n;
    return t.s;
  }
  double mag = v < 0 ? -v : v;
  if (v == 0) {
    *n = 1;
    return "0";
  }
  if (mag > 1.7976931348623157e308) { /* inf */
    *n = (size_t)snprintf(buf, 400, "%s", v < 0 ? "-inf" : "inf");
    return buf;
  }
  /* every double of magnitude >= 2^52 is integral */
  if (mag >= 4503599627370496.0 || v == (double)(int64_t)v) {
    *n = (size_t)snprintf(buf, 400, "%.0f", v);
    return buf;
  }
  buf[0] = 'f'; /* the repr hcc__py_number_text wrote after it */
  *n = 1 + t.n;
  return buf;
}

static uint32_t fnv(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  return (uint32_t)h;
}

static uint32_t key_hash(const hcc_doc *d, int tok, int kind) {
  char buf[400];
  size_t n = 0;
  uint64_t h = 0xcbf29ce484222325u + (uint64_t)kind;
  if (kind == K_NULL) return fnv(h, "", 0);
  if (kind == K_NUM) {
    const char *s = num_text(d, tok, buf, &n);
    return fnv(h, s, n);
  }
  /* a string by its decoded value (the default, tok < 0, is "") */
  return tok >= 0 ? hcc__jstr_hash(d, tok) : hcc__jstr_hash_raw("", 0);
}

static int key_eq(const hcc_doc *d, int a, int b, int kind) {
  char ba[400], bb[400];
  size_t na, nb;
  if (kind == K_NULL) return 1;
  if (kind == K_NUM) {
    const char *sa = num_text(d, a, ba, &na), *sb = num_text(d, b, bb, &nb);
    return na == nb && memcmp(sa, sb, na) == 0;
  }
  if (a < 0 || b < 0) { /* against the default "" */
    int t = a < 0 ? b : a;
    return t < 0 || d->tok[t].end == d->tok[t].start;
  }
  return hcc__jstr_eq(d, a, b);
}

static hcc_prune_slot *slot_find(hcc_prune *p, int tok, int kind, uint32_t h) {
  const hcc_doc *d = &p->t->doc;
  size_t n = p->nslot, s = hcc__table_home(h, n);
  while (p->index[s].used &&
         !(p->index[s].hash == h && p->index[s].kind == kind && key_eq(d, p->index[s].key, tok, kind)))
    s = hcc__table_next(s, n);
  return &p->index[s];
}

/* call_id_to_tool[key] = call (the last assignment wins). */
static void index_put(hcc_prune *p, int tok, int call) {
  int kind = key_kind(&p->t->doc, tok);
  if (kind == K_UNHASHABLE) return; /* DIV-PRUNE-1 */
  uint32_t h = key_hash(&p->t->doc, tok, kind);
  hcc_prune_slot *s = slot_find(p, tok, kind, h);
  if (!s->used) s->used = 1, s->hash = h, s->kind = (unsigned char)kind, s->key = tok;
  s->call = call;
}

/* The memo entry of call_id_to_tool.get(tool_call_id, ("unknown", "")). */
static int index_get(hcc_prune *p, int tok) {
  int kind = key_kind(&p->t->doc, tok), dflt = p->t->ncall;
  if (kind == K_UNHASHABLE) return dflt; /* DIV-PRUNE-1 */
  hcc_prune_slot *s = slot_find(p, tok, kind, key_hash(&p->t->doc, tok, kind));
  return s->used && s->call >= 0 ? s->call : dflt;
}

/* hermes's index of every assistant message's calls (PRUNE-2).  Elements
 * that are not objects (and the keys or characters of a dict or string
 * tool_calls) register ("unknown", "") under "". */
static int build_index(hcc_prune *p, hcc_error *err) {
  const hcc_transcript *t = p->t;
  const hcc_doc *d = &t->doc;
  for (int i = 0; i < t->nmsg; i++) {
    const hcc_msg *m = &t->msg[i];
    if (m->role != HCC_ROLE_ASSISTANT || !m->calls_truthy)
      continue;
    const hcc_tok *tc = &d->tok[m->tool_calls];
    if (tc->type == HCC_T_PRIMITIVE) /* DIV-PAIRS-1 */
      return hcc__fail(err, HCC_E_SHAPE, (size_t)tc->start,
                       "tool_calls is a number or true (hermes raises TypeError)");
    if (tc->type != HCC_T_ARRAY) { /* a dict's keys, a string's characters */
      index_put(p, -1, -1);
      continue;
    }
    for (int k = 0; k < m->ncalls; k++) {
      const hcc_call *c = &t->call[m->first_call + k];
      if (d->tok[c->tok].type != HCC_T_OBJECT) index_put(p, -1, -1);
      else if (c->function < 0) index_put(p, c->id, -1);
      else if (d->tok[c->function].type == HCC_T_OBJECT) index_put(p, c->id, m->first_call + k);
      /* else: function is not a dict, hermes raises AttributeError (DIV-ARGS-5) */
    }
  }
  return HCC_OK;
}

/* ---- text helpers --------------------------------------------------------- */

static hcc_ts_text body_of(const hcc_doc *d, int tok) {
  hcc_ts_text t = {d->text + d->tok[tok].start, (size_t)(d->tok[tok].end - d->tok[tok].start), 1, 0, 0, 0};
  return t;
}

static void acc_add(hcc_est_acc *a, const hcc_est_acc *b, int sign) {
  if (sign > 0) a->cps += b->cps, a->dense += b->dense, a->bytes += b->bytes;
  else a->cps -= b->cps, a->dense -= b->dense, a->bytes -= b->bytes;
}

/* Compares the decoded text with an ASCII/UTF-8 literal: 1 when t starts
 * with it (or equals it, with whole). */
static int text_starts(const hcc_ts_text *t, const char *lit, int whole) {
  size_t pos = 0, j = 0, ln = strlen(lit);
  while (j < ln) {
    if (pos >= t->n) return 0;
    if (hcc__ts_next(t, &pos) != hcc__utf8_next(lit, ln, &j)) return 0;
  }
  return !whole || pos == t->n;
}

static int text_contains(const hcc_ts_text *t, const char *lit) {
  size_t pos = 0;
  while (pos < t->n) {
    hcc_ts_text rest = {t->s + pos, t->n - pos, t->json, 0, 0, 0}; /* a suffix: nothing known */
    if (text_starts(&rest, lit, 0)) return 1;
    hcc__ts_next(t, &pos);
  }
  return 0;
}

/* len(t) > k, counting only where the byte length does not decide; a
 * count made is kept in t->cps1.  (It counts the whole text, not only
 * past k: most long outputs are summarised, and the summary line's
 * length would count them again; stopping early measured 0.3 % more
 * instructions on prune.) */
static int text_longer(hcc_ts_text *t, size_t k) {
  if (t->cps1) return t->cps1 - 1 > k;
  int gate = t->json ? hcc__json_len_gate(t->n, k) : t->n <= k ? 0 : -1;
  if (gate >= 0) return gate;
  t->cps1 = 1 + (t->json ? hcc__json_str_cps(t->s, t->n) : hcc__utf8_count(t->s, t->n));
  return t->cps1 - 1 > k;
}

/* The string tests of _demote_tool_result_at: a string content is
 * summarised unless empty, already a placeholder or a summary line, or not
 * longer than min_chars (PRUNE-4). */
static int summarizable(hcc_ts_text *t, int64_t min_chars) {
  /* The tests are independent, so the ones that need not read the text
   * go first: the length (mostly decided by the byte length or counted
   * by the duplicate pass), then the prefixes, which all start with '['
   * (a fact that pass may know). */
  if (t->n == 0 || (min_chars >= 0 && !text_longer(t, (size_t)min_chars))) return 0;
  if (t->facts & HCC_TS_NOT_BRACKET) return 1;
  if (text_starts(t, HCC_PRUNED_TOOL_PLACEHOLDER, 1)) return 0;
  if (text_starts(t, "[Duplicate tool output", 0)) return 0;
  if (text_starts(t, "[", 0) && !text_longer(t, SUMMARY_LINE_MAX - 1) && text_contains(t, " chars)")) return 0;
  return !text_starts(t, "[screenshot removed", 0);
}

/* ---- summary heads (memo) ------------------------------------------------- */

/* Raw bytes of call k's name and arguments where they are strings: what the
 * validator counts into name_bytes and arguments_bytes. */
static size_t string_bytes(const hcc_prune *p, int k) {
  const hcc_doc *d = &p->t->doc;
  size_t n = 0;
  if (k >= p->t->ncall) return 0;
  int v[2] = {p->t->call[k].name, p->t->call[k].arguments};
  for (int j = 0; j < 2; j++)
    if (v[j] >= 0 && d->tok[v[j]].type == HCC_T_STRING) n += (size_t)(d->tok[v[j]].end - d->tok[v[j]].start);
  return n;
}

/* A head that must be kept (3 len <= its call's strings): *at is where,
 * from the bottom of the store; the cache is dropped first when it is in
 * the way.  1, since such heads take at most the whole store (0, the head
 * not kept, only if that sum were wrong: never a write past the store). */
static int store_must(hcc_prune *p, size_t len, size_t *at) {
  if (p->heads_top - p->heads_used < len) {
    for (int k = 0; k <= p->t->ncall; k++) {
      hcc_prune_memo *mm = &p->memo[k];
      if (mm->kept && mm->kept - 1 >= p->heads_top) mm->kept = 0;
      if (mm->args == ARGS_KEPT) mm->args = ARGS_AGAIN;
    }
    p->heads_top = p->heads_cap;
    p->heads_nocache = 1;
  }
  if (p->heads_top - p->heads_used < len) return 0;
  *at = p->heads_used;
  p->heads_used += len;
  return 1;
}

/* Room for a cache entry of len bytes at the top of the store: 1 and *at
 * where, or 0 (the entry is made again when asked for). */
static int store_cache(hcc_prune *p, size_t len, size_t *at) {
  if (p->heads_nocache || p->heads_top - p->heads_used < len) return 0;
  p->heads_top -= len;
  *at = p->heads_top;
  return 1;
}

/* The head of call k (ncall: hermes's default call): the one memo_get kept,
 * or written into a buffer taken from the arena above *mark (the caller
 * gives it back by setting used = *mark): all heads together could take
 * several times the input, one at a time they take one call's bound. */
static int format_head(hcc_prune *p, int k, size_t *mark, const char **head, size_t *len,
                       hcc_ts_tail *tail, hcc_error *err) {
  const hcc_doc *d = &p->t->doc;
  const hcc_prune_memo *mm = &p->memo[k];
  int name = -1, args = -1;
  size_t nl = 0, al = 0;
  *mark = p->a->used;
  *head = NULL, *len = 0, *tail = HCC_TS_NONE; /* what a failure leaves */
  if (mm->kept) { /* kept by memo_get: no parsing of the arguments again */
    *head = p->heads + mm->kept - 1, *len = mm->len, *tail = (hcc_ts_tail)mm->tail;
    return HCC_OK;
  }
  if (k < p->t->ncall) {
    name = p->t->call[k].name;
    args = p->t->call[k].arguments;
  }
  if (name >= 0) hcc__json_raw(d, name, &nl);
  if (args >= 0) hcc__json_raw(d, args, &al);
  size_t cap = hcc__ts_head_cap(nl, al, d->info.max_deep_weight);
  char *buf = hcc__arena_take(p->a, cap);
  if (!buf) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for a summary line");
  hcc_out o;
  hcc__out_init(&o, buf, cap);
  p->heads_made++;
  int rc = hcc__ts_head(d, name, args, p->a, &o, tail, err);
  if (rc != HCC_OK) return rc;
  if (o.len > cap) return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: summary head outgrew its bound");
  *head = buf, *len = o.len;
  return HCC_OK;
}

/* The memo of call k: its head's length, estimator sums and tail kind. */
static int memo_get(hcc_prune *p, int k, hcc_prune_memo **out, hcc_error *err) {
  hcc_prune_memo *mm = &p->memo[k];
  *out = mm;
  if (mm->done) return HCC_OK;
  const char *head;
  size_t len, mark;
  hcc_ts_tail tail;
  int rc = format_head(p, k, &mark, &head, &len, &tail, err);
  if (rc == HCC_OK) {
    hcc_est_sink f = {p->est.e, {0, 0, 0}};
    hcc__est_sink_text(&f, head, len);
    mm->len = (uint32_t)len, mm->acc = f.acc, mm->tail = (unsigned char)tail, mm->done = 1;
    mm->summary = (unsigned char)hcc__is_summary_text((hcc_slice){head, len});
    size_t sb = string_bytes(p, k), at;
    if (HEADS_SHARE * len <= sb ? store_must(p, len, &at) : store_cache(p, len, &at)) {
      memcpy(p->heads + at, head, len);
      mm->kept = (uint32_t)at + 1;
    }
  }
  p->a->used = mark;
  return rc;
}

/* Message i's string content, with what the duplicate pass learnt of it
 * (its code points, its newlines, the facts). */
static hcc_ts_text content_of(const hcc_prune *p, int i) {
  hcc_ts_text t = body_of(&p->t->doc, p->t->msg[i].content);
  t.cps1 = p->m[i].cps1, t.nl1 = p->m[i].nl1, t.facts = p->m[i].facts;
  return t;
}

/* The text a SUMMARY of depth 1 stands on: the message's content, counted
 * once for the tails that print its length (the estimate and the write
 * both ask). */
static hcc_ts_text summary_source(hcc_prune *p, int i) {
  hcc_ts_text t = content_of(p, i);
  hcc_ts_tail tail = (hcc_ts_tail)p->memo[p->m[i].memo].tail;
  if (!t.cps1 && (tail == HCC_TS_CHARS || tail == HCC_TS_CHARS_RESULT))
    t.cps1 = p->m[i].cps1 = 1 + hcc__json_str_cps(t.s, t.n);
  return t;
}

/* Writes the depth-1 summary of message i as WTF-8 into the estimator's
 * render buffer (the text a second summary reads). */
static int materialize_summary(hcc_prune *p, int i, hcc_ts_text *out, hcc_error *err) {
  hcc_prune_memo *mm = &p->memo[p->m[i].memo];
  hcc_out o;
  const char *head;
  size_t len, mark;
  hcc_ts_tail tail;
  int rc = format_head(p, p->m[i].memo, &mark, &head, &len, &tail, err);
  if (rc != HCC_OK) return rc;
  hcc__out_init(&o, p->est.buf, p->est.cap);
  hcc__out_put(&o, head, len);
  p->a->used = mark;
  hcc_ts_text src = summary_source(p, i);
  hcc__ts_tail(&src, (hcc_ts_tail)mm->tail, hcc__ts_emit_out, &o);
  if (o.len > o.cap) return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: summary outgrew the render buffer");
  *out = (hcc_ts_text){p->est.buf, o.len, 0, 0, 0, 0}; /* WTF-8, nothing known */
  return HCC_OK;
}

/* The text the summary of message i (its current depth) reads its tail
 * from. */
static int tail_source(hcc_prune *p, int i, hcc_ts_text *src, hcc_error *err) {
  if (p->m[i].depth < 2) {
    *src = summary_source(p, i);
    return HCC_OK;
  }
  return materialize_summary(p, i, src, err);
}

/* ---- screenshot lines (dict content with "_multimodal") -------------------- */

/* The text_summary value to use: *v is -1 for hermes's default line, or
 * the token of a string or list.  Returns 0 when hermes would raise
 * slicing it (an object, a number, true: DIV-PRUNE-3), 1 otherwise. */
static int shot_summary(const hcc_doc *d, int content, int *v) {
  int s = hcc__json_get(d, content, "text_summary");
  *v = -1;
  if (s < 0 || !hcc__py_truthy(d, s)) return 1;
  if (d->tok[s].type != HCC_T_STRING && d->tok[s].type != HCC_T_ARRAY) return 0;
  *v = s;
  return 1;
}

/* f"[screenshot removed] {summary[:200]}" into the render buffer. */
static int render_shot(hcc_prune *p, int i, hcc_ts_text *out, hcc_error *err) {
  const hcc_doc *d = &p->t->doc;
  int v, rc = HCC_OK;
  hcc_out o;
  hcc__out_init(&o, p->est.buf, p->est.cap);
  hcc__out_str(&o, SHOT_PREFIX);
  shot_summary(d, p->t->msg[i].content, &v);
  if (v < 0) {
    hcc__out_str(&o, HCC_SCREENSHOT_PLACEHOLDER);
  } else if (d->tok[v].type == HCC_T_STRING) {
    hcc_ts_text s = body_of(d, v);
    size_t pos = 0;
    for (int k = 0; k < SHOT_KEEP && pos < s.n; k++) hcc__utf8_put(&o, hcc__ts_next(&s, &pos));
  } else { /* str(list[:200]): the first 200 elements */
    int e = v + 1;
    hcc__out_ch(&o, '[');
    for (int k = 0; k < d->tok[v].size && k < SHOT_KEEP && rc == HCC_OK; k++, e = hcc__json_skip(d, e)) {
      if (k) hcc__out_str(&o, ", ");
      if (d->tok[e].type == HCC_T_STRING) {
        hcc_ts_text s = body_of(d, e);
        hcc__py_repr_text(s.s, s.n, s.json, &o);
      } else {
        rc = hcc__py_str(d, e, p->a, &o, err);
      }
    }
    hcc__out_ch(&o, ']');
  }
  if (rc != HCC_OK) return rc;
  if (o.len > o.cap) return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: screenshot line outgrew the render buffer");
  *out = (hcc_ts_text){p->est.buf, o.len, 0, 0, 0, 0}; /* WTF-8, nothing known */
  return HCC_OK;
}

/* Whether a summary line reads as a compaction summary is decided by its
 * head alone: every summary prefix ends in ':' and the merged delimiter in
 * ']', and a tail is digits, '-', '?', ',', ' ', ASCII words and ')'
 * (tool_summary.h), so no prefix or delimiter can end inside the tail,
 * and neither can one start there.  The head is the call's, so the answer
 * is memoised with it, at any depth (test_tool_summary checks the property on
 * every tail kind). */
int hcc__prune_reads_as_summary(hcc_prune *p, int i, int *yes, hcc_error *err) {
  hcc_ts_text s;
  hcc_prune_memo *mm;
  int rc = HCC_OK;
  switch ((hcc_prune_action)p->m[i].action) {
  case HCC_PRUNE_DUPLICATE:
    *yes = hcc__is_summary_text((hcc_slice){HCC_DUPLICATE_TOOL_OUTPUT, strlen(HCC_DUPLICATE_TOOL_OUTPUT)});
    return HCC_OK;
  case HCC_PRUNE_SUMMARY:
    rc = memo_get(p, p->m[i].memo, &mm, err);
    *yes = rc == HCC_OK && mm->summary;
    return rc;
  case HCC_PRUNE_SCREENSHOT:
    rc = render_shot(p, i, &s, err);
    *yes = rc == HCC_OK && hcc__is_summary_text((hcc_slice){s.s, s.n});
    return rc;
  default:
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "internal: the prune left no string content");
  }
}

/* ---- image parts (_strip_image_parts_from_parts) --------------------------- */

/* _strip_image_parts_from_parts tests the same three types as
 * _is_image_part; a list or dict "type" (unhashable in Python: TypeError)
 * is no image (DIV-PRUNE-2). */
static int image_part(const hcc_doc *d, int e) { return hcc__media_is_image_part(d, e); }

static int count_images(const hcc_doc *d, int list) {
  int k = 0, e = list + 1;
  for (int j = 0; j < d->tok[list].size; j++, e = hcc__json_skip(d, e)) k += image_part(d, e);
  return k;
}

/* ---- argument shrinking (pass 3) ------------------------------------------ */

/* Call k's shrunk arguments (v its arguments token): the result made
 * before when there is one, else made now in p->a (the caller gives the
 * arena back) and cached in the heads store when there is room: pass 3
 * makes it, the writer used to make it again, a sixth of prune's time. */
static int shrink_call(hcc_prune *p, int k, int v, hcc_arena *a, const char **res, size_t *n,
                       int *changed, hcc_error *err) {
  hcc_prune_memo *mm = &p->memo[k];
  size_t at;
  if (mm->args == ARGS_SAME || mm->args == ARGS_KEPT) {
    *changed = mm->args == ARGS_KEPT;
    *res = p->heads + mm->args_at;
    *n = mm->args_len;
    return HCC_OK;
  }
  int rc = hcc__args_shrink(&p->t->doc, v, HCC_ARGS_HEAD, a, res, n, changed, err);
  if (rc != HCC_OK) return rc;
  if (!*changed) {
    mm->args = ARGS_SAME, mm->args_at = 0, mm->args_len = 0;
  } else if (store_cache(p, *n, &at)) {
    memcpy(p->heads + at, *res, *n);
    mm->args = ARGS_KEPT, mm->args_at = (uint32_t)at, mm->args_len = (uint32_t)*n;
  } else {
    mm->args = ARGS_AGAIN;
  }
  return HCC_OK;
}

static int shrink_source(void *ctx, int k, int v, hcc_arena *a, const char **res, size_t *n,
                         int *changed, hcc_error *err) {
  return shrink_call(ctx, k, v, a, res, n, changed, err);
}

/* 1 when some call of message i gets new arguments. */
static int args_change(hcc_prune *p, int i, int *changed, hcc_error *err) {
  const hcc_transcript *t = p->t;
  const hcc_msg *m = &t->msg[i];
  *changed = 0;
  if (m->role != HCC_ROLE_ASSISTANT || !m->calls_truthy)
    return HCC_OK;
  for (int k = 0; k < m->ncalls && !*changed; k++) {
    int v = hcc__args_selected(&t->doc, &t->call[m->first_call + k], 0);
    if (v < 0) continue;
    size_t mark = p->a->used, n;
    const char *res;
    int rc = shrink_call(p, m->first_call + k, v, p->a, &res, &n, changed, err);
    p->a->used = mark;
    if (rc != HCC_OK) return rc;
  }
  return HCC_OK;
}

/* Change of message i's estimate once its calls are shrunk: per changed
 * call, str(tc) differs only in repr(arguments). */
static int args_delta(hcc_prune *p, int i, int64_t *delta, hcc_error *err) {
  const hcc_transcript *t = p->t;
  const hcc_msg *m = &t->msg[i];
  const hcc_estimator *e = p->est.e;
  *delta = 0;
  for (int k = 0; k < m->ncalls; k++) {
    const hcc_call *c = &t->call[m->first_call + k];
    int v = hcc__args_selected(&t->doc, c, 0), changed = 0;
    if (v < 0) continue;
    size_t mark = p->a->used, n;
    const char *res;
    int rc = shrink_call(p, m->first_call + k, v, p->a, &res, &n, &changed, err);
    if (rc == HCC_OK && changed) {
      hcc_est_sink old = {e, {0, 0, 0}}, was = {e, {0, 0, 0}}, now = {e, {0, 0, 0}};
      rc = hcc__est_str_sums(&p->est, c->tok, &old.acc, err);
      if (rc == HCC_OK) {
        hcc_ts_text a = body_of(&t->doc, v);
        hcc_py_feed fw = hcc__est_sink_feed(&was), fn = hcc__est_sink_feed(&now);
        hcc__py_repr_text_feed(a.s, a.n, a.json, &fw);
        hcc__py_repr_text_feed(res, n, 0, &fn);
        hcc_est_acc acc = old.acc;
        acc_add(&acc, &was.acc, -1);
        acc_add(&acc, &now.acc, 1);
        *delta += e->tokens(&acc) - e->tokens(&old.acc);
      }
    }
    p->a->used = mark;
    if (rc != HCC_OK) return rc;
  }
  return HCC_OK;
}

/* ---- estimates -------------------------------------------------------------- */

int hcc__prune_orig_tokens(hcc_prune *p, int i, int64_t *tokens, hcc_error *err) {
  if (p->m[i].orig < 0) {
    int rc = hcc__est_message(&p->est, i, &p->m[i].orig, err);
    if (rc != HCC_OK) return rc;
  }
  *tokens = p->m[i].orig;
  return HCC_OK;
}

/* The content's share of message i's input estimate. */
static int content_part(hcc_prune *p, int i, int64_t *part, hcc_error *err) {
  const hcc_doc *d = &p->t->doc;
  int c = p->t->msg[i].content;
  if (c < 0 || !hcc__py_truthy(d, c)) {
    *part = HCC_MSG_OVERHEAD_TOKENS;
  } else if (d->tok[c].type == HCC_T_STRING) {
    *part = hcc__est_body(p->est.e, d->text + d->tok[c].start, (size_t)(d->tok[c].end - d->tok[c].start)) +
            HCC_MSG_OVERHEAD_TOKENS;
  } else {
    int64_t len;
    int rc = hcc__est_content_len(&p->est, c, &len, err);
    if (rc != HCC_OK) return rc;
    *part = len / HCC_CHARS_PER_TOKEN + HCC_MSG_OVERHEAD_TOKENS;
  }
  return HCC_OK;
}

/* The share of the new content of message i (its action's text). */
static int new_part(hcc_prune *p, int i, int64_t *part, hcc_error *err) {
  const hcc_doc *d = &p->t->doc;
  hcc_prune_msg *pm = &p->m[i];
  const hcc_estimator *e = p->est.e;
  int rc = HCC_OK;
  switch (pm->action) {
  case HCC_PRUNE_DUPLICATE:
    *part = hcc__est_text(e, HCC_DUPLICATE_TOOL_OUTPUT, strlen(HCC_DUPLICATE_TOOL_OUTPUT));
    break;
  case HCC_PRUNE_SUMMARY: {
    hcc_prune_memo *mm = &p->memo[pm->memo];
    hcc_ts_text src;
    rc = tail_source(p, i, &src, err);
    if (rc != HCC_OK) return rc;
    hcc_est_sink f = {e, mm->acc};
    hcc__ts_tail(&src, (hcc_ts_tail)mm->tail, hcc__est_sink_cp, &f);
    *part = e->tokens(&f.acc);
    break;
  }
  case HCC_PRUNE_SCREENSHOT: {
    hcc_ts_text s;
    rc = render_shot(p, i, &s, err);
    if (rc != HCC_OK) return rc;
    *part = hcc__est_text(e, s.s, s.n);
    break;
  }
  case HCC_PRUNE_IMAGES: {
    int64_t len;
    int c = p->t->msg[i].content;
    rc = hcc__est_content_len(&p->est, c, &len, err);
    if (rc != HCC_OK) return rc;
    int64_t k = count_images(d, c);
    len += k * ((int64_t)strlen(HCC_SCREENSHOT_PLACEHOLDER) - HCC_IMAGE_CHAR_EQUIVALENT);
    *part = len / HCC_CHARS_PER_TOKEN;
    break;
  }
  default:
    *part = 0;
  }
  *part += HCC_MSG_OVERHEAD_TOKENS;
  return HCC_OK;
}

int hcc__prune_now_tokens(hcc_prune *p, int i, int64_t *tokens, hcc_error *err) {
  hcc_prune_msg *pm = &p->m[i];
  if (pm->now < 0) {
    int64_t orig, a = 0, b = 0;
    int rc = hcc__prune_orig_tokens(p, i, &orig, err);
    if (rc == HCC_OK && pm->action == HCC_PRUNE_ARGS) {
      rc = args_delta(p, i, &a, err); /* the content is unchanged: b stays 0 */
    } else if (rc == HCC_OK && pm->action != HCC_PRUNE_KEEP) {
      rc = content_part(p, i, &b, err);
      if (rc == HCC_OK) rc = new_part(p, i, &a, err);
    }
    if (rc != HCC_OK) return rc;
    pm->now = orig - b + a;
  }
  *tokens = pm->now;
  return HCC_OK;
}

/* ---- the steps of one message ---------------------------------------------- */

/* _demote_tool_result_at: *hit is 1 when message i changed. */
static int demote(hcc_prune *p, int i, int *hit, hcc_error *err) {
  const hcc_doc *d = &p->t->doc;
  const hcc_msg *m = &p->t->msg[i];
  hcc_prune_msg *pm = &p->m[i];
  *hit = 0;
  if (m->role != HCC_ROLE_TOOL) return HCC_OK;
  int c = m->content, rc;
  if (pm->action == HCC_PRUNE_SUMMARY) { /* a second pass reads the summary line */
    hcc_ts_text s;
    if (pm->depth >= 2) return hcc__fail(err, HCC_E_CHECK, 0, "internal: third summary of one output");
    rc = materialize_summary(p, i, &s, err);
    if (rc != HCC_OK || !summarizable(&s, p->cfg.min_prune_chars)) return rc;
    pm->depth = 2;
  } else if (pm->action != HCC_PRUNE_KEEP || c < 0) {
    return HCC_OK; /* placeholders, stripped images, absent content ("") */
  } else if (d->tok[c].type == HCC_T_ARRAY) {
    if (!count_images(d, c)) return HCC_OK;
    pm->action = HCC_PRUNE_IMAGES;
  } else if (d->tok[c].type == HCC_T_OBJECT) {
    int mm = hcc__json_get(d, c, "_multimodal"), v;
    if (mm < 0 || !hcc__py_truthy(d, mm) || !shot_summary(d, c, &v)) return HCC_OK;
    pm->action = HCC_PRUNE_SCREENSHOT;
  } else if (d->tok[c].type == HCC_T_STRING) {
    hcc_ts_text s = content_of(p, i);
    int yes = summarizable(&s, p->cfg.min_prune_chars);
    pm->cps1 = s.cps1;
    if (!yes) return HCC_OK;
    hcc_prune_memo *memo;
    pm->memo = index_get(p, m->tool_call_id);
    rc = memo_get(p, pm->memo, &memo, err);
    if (rc != HCC_OK) return rc;
    pm->action = HCC_PRUNE_SUMMARY;
    pm->depth = 1;
  } else {
    return HCC_OK;
  }
  p->pruned++;
  pm->now = -1;
  *hit = 1;
  return HCC_OK;
}

/* _truncate_tool_call_args_at.  Shrinking is idempotent (a second pass
 * writes back what the first wrote), so a message already shrunk is not
 * looked at again. */
static int truncate_args(hcc_prune *p, int i, int *hit, hcc_error *err) {
  *hit = 0;
  if (p->m[i].action != HCC_PRUNE_KEEP) return HCC_OK;
  int rc = args_change(p, i, hit, err);
  if (rc == HCC_OK && *hit) p->m[i].action = HCC_PRUNE_ARGS, p->m[i].now = -1;
  return rc;
}

/* ---- pass 1: duplicates ------------------------------------------------------ */

/* The texts the duplicate keys hash: md5(content.encode("utf-8",
 * errors="replace")).hexdigest()[:12] of a string token, where a lone
 * surrogate encodes as "?".  Text k is the content of message items[k],
 * decoded piece by piece into the hasher's buffer (hcc__md5_many).
 *
 * This is the one pass over the outputs that has their decoded text in
 * cache, so it also learns what the later passes would otherwise read
 * each output again for, from memory, on a large transcript: its code
 * points (cps[k]; whether it has 200 is the key's own condition, the
 * few found shorter are dropped after), its newlines (nl[k]) and the
 * HCC_TS_* facts (fl[k]): pass 2 asks whether it starts with '[', a
 * summary's tail counts its lines or characters and looks for
 * "exit_code" or "total_count" (tool_summary.c).  A lone surrogate is one
 * code point to Python and its "?" one byte, and neither is a newline,
 * '[', '"', 'e', 't' or blank, so the counts and facts are the same
 * before and after the replacement. */
#define QUOTE_LAST 0x40u /* fl[k]: its last piece ended with '"' */
#define KEY_QUOTE 0x80u  /* fl[k]: a '"' followed by 'e' or 't' was seen */
typedef struct dedupe_src {
  const hcc_doc *d;
  const hcc_transcript *t;
  const int *items;
  size_t *cps, *nl;
  unsigned char *fl;
} dedupe_src;

static void learn(const dedupe_src *s, size_t k, int first, const char *b, size_t n) {
  unsigned f = s->fl[k];
  hcc_text_stats st;
  if (!n) return;
  hcc__text_stats(b, n, (f & QUOTE_LAST) != 0, &st);
  s->cps[k] += st.cps, s->nl[k] += st.newlines;
  if (st.quote_et) f |= KEY_QUOTE;
  if (first && b[0] != '[') f |= HCC_TS_NOT_BRACKET;
  /* an ASCII byte that is not blank; a multi-byte code point may be
   * blank (U+3000), so those leave the question open */
  for (size_t i = 0; !(f & HCC_TS_NOT_BLANK) && i < n; i++)
    if ((unsigned char)b[i] < 0x80 && !hcc__py_isspace((unsigned char)b[i])) f |= HCC_TS_NOT_BLANK;
  f = (f & ~QUOTE_LAST) | (b[n - 1] == '"' ? QUOTE_LAST : 0);
  s->fl[k] = (unsigned char)f;
}

static size_t content_bytes(void *ctx, size_t k, size_t *pos, unsigned char *buf, size_t cap) {
  const dedupe_src *s = ctx;
  const hcc_tok *tok = &s->d->tok[s->t->msg[s->items[k]].content];
  char *dst = (char *)buf;
  int first = *pos == 0;
  size_t n = hcc__json_decode_some(s->d->text + tok->start, (size_t)(tok->end - tok->start), pos, dst, cap);
  learn(s, k, first, dst, n);
  /* A lone surrogate decodes to ED A0..BF xx, which valid raw UTF-8 never
   * holds (the validator refuses encoded surrogates): "?" replaces it.
   * The validator counted the document's lone surrogates: mostly none,
   * and then there is nothing to look for. */
  if (!s->d->info.lone_surrogates) return n;
  char *e = memchr(dst, 0xED, n);
  if (!e) return n;
  size_t w = (size_t)(e - dst);
  for (size_t r = w; r < n;) {
    if ((unsigned char)dst[r] == 0xED && r + 2 < n && (unsigned char)dst[r + 1] >= 0xA0) {
      dst[w++] = '?';
      r += 3;
    } else {
      dst[w++] = dst[r++];
    }
  }
  return w;
}

static int dedupe(hcc_prune *p, hcc_error *err) {
  const hcc_transcript *t = p->t;
  const hcc_doc *d = &t->doc;
  size_t nslot = hcc__table_slots((size_t)t->nmsg), mark = p->a->used, n = 0;
  uint64_t *set = hcc__arena_take(p->a, nslot * sizeof *set); /* key + 1; 0 is empty */
  int *items = hcc__arena_take(p->a, ((size_t)t->nmsg + 1) * sizeof *items);
  uint64_t *keys = hcc__arena_take(p->a, ((size_t)t->nmsg + 1) * sizeof *keys);
  size_t *cps = hcc__arena_take(p->a, ((size_t)t->nmsg + 1) * sizeof *cps);
  size_t *nl = hcc__arena_take(p->a, ((size_t)t->nmsg + 1) * sizeof *nl);
  unsigned char *fl = hcc__arena_take(p->a, (size_t)t->nmsg + 1);
  if (!set || !items || !keys || !cps || !nl || !fl)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the duplicate table");
  memset(set, 0, nslot * sizeof *set);
  /* the outputs hashed in input order (memory order: the lanes read
   * ahead through the text, not back); then all their keys at once; then
   * hermes's walk over the keys, newest first */
  for (int i = 0; i < t->nmsg; i++) {
    const hcc_msg *m = &t->msg[i];
    int c = m->content;
    if (m->role != HCC_ROLE_TOOL || c < 0 || d->tok[c].type != HCC_T_STRING) continue;
    /* len(content) < 200 skips it; where the byte length does not say,
     * it is hashed anyway and counted while hashed.  Nothing is counted
     * before: this is the first pass over the outputs. */
    if (!hcc__json_len_gate((size_t)(d->tok[c].end - d->tok[c].start), DEDUPE_MIN_CHARS - 1)) continue;
    cps[n] = nl[n] = 0, fl[n] = 0;
    items[n++] = i;
  }
  dedupe_src src = {d, t, items, cps, nl, fl};
  hcc__md5_many(n, content_bytes, &src, keys);
  for (size_t k = n; k-- > 0;) {
    hcc_prune_msg *pm = &p->m[items[k]];
    pm->cps1 = 1 + cps[k], pm->nl1 = 1 + nl[k];
    pm->facts = (unsigned char)((fl[k] & (HCC_TS_NOT_BLANK | HCC_TS_NOT_BRACKET)) |
                                (fl[k] & KEY_QUOTE ? 0 : HCC_TS_NO_KEY_QUOTE));
    if (cps[k] < DEDUPE_MIN_CHARS) continue;
    uint64_t key = keys[k] + 1;
    size_t s = hcc__table_home((uint32_t)(key * 0x9e3779b97f4a7c15u >> 32), nslot);
    while (set[s] && set[s] != key) s = hcc__table_next(s, nslot);
    if (set[s]) {
      p->m[items[k]].action = HCC_PRUNE_DUPLICATE;
      p->pruned++;
    } else {
      set[s] = key;
    }
  }
  p->a->used = mark;
  return HCC_OK;
}

/* ---- the boundary (PRUNE-1) ------------------------------------------------- */

static int orig_tokens(void *ctx, int i, int64_t *tokens, hcc_error *err) {
  return hcc__prune_orig_tokens(ctx, i, tokens, err);
}

static int find_boundary(hcc_prune *p, hcc_error *err) {
  int64_t n = p->t->nmsg, budget = p->cfg.protect_tail_tokens;
  if (budget <= 0) {
    p->boundary = n - p->cfg.protect_tail_count;
    return HCC_OK;
  }
  return hcc__tail_walk(n, budget, p->cfg.protect_tail_count, orig_tokens, p, &p->boundary, err);
}

/* ---- pass 4: pressure inside the protected tail (PRUNE-8) -------------------- */

typedef struct region {
  int64_t sum, soft;
} region;

/* Applies step (0: demote, 1: truncate) to message i and keeps the
 * region's sum. */
static int region_step(hcc_prune *p, region *r, int i, int step, hcc_error *err) {
  int64_t before = p->m[i].now, after;
  int hit = 0;
  int rc = step ? truncate_args(p, i, &hit, err) : demote(p, i, &hit, err);
  if (rc != HCC_OK || !hit) return rc;
  rc = hcc__prune_now_tokens(p, i, &after, err);
  if (rc == HCC_OK) r->sum += after - before;
  return rc;
}

static int pressure(hcc_prune *p, hcc_error *err) {
  int64_t n = p->t->nmsg, b = p->boundary < 0 ? 0 : p->boundary, budget = p->cfg.protect_tail_tokens;
  if (budget <= 0 || n == 0) return HCC_OK;
  region r = {0, budget + budget / 2}; /* int(budget * 1.5) */
  int64_t keep = n < HCC_PRESSURE_KEEP_RECENT_MESSAGES ? n : HCC_PRESSURE_KEEP_RECENT_MESSAGES;
  int64_t demote_end = n - keep;
  if (demote_end <= p->boundary) return HCC_OK;
  for (int64_t i = b; i < n; i++) {
    int64_t t;
    int rc = hcc__prune_now_tokens(p, (int)i, &t, err);
    if (rc != HCC_OK) return rc;
    r.sum += t;
  }
  if (r.sum <= r.soft) return HCC_OK;
  for (int64_t i = b; i < demote_end; i++) {
    int rc = region_step(p, &r, (int)i, 0, err);
    if (rc == HCC_OK) rc = region_step(p, &r, (int)i, 1, err);
    if (rc != HCC_OK) return rc;
    if (r.sum <= r.soft) break;
  }
  if (r.sum <= r.soft) return HCC_OK;
  int64_t last_tool = -1;
  for (int64_t i = n - 1; i >= 0 && last_tool < 0; i--)
    if (p->t->msg[i].role == HCC_ROLE_TOOL) last_tool = i;
  for (int64_t i = b; i < n; i++) {
    hcc_role role = p->t->msg[i].role;
    int rc = HCC_OK;
    if (i == last_tool) continue;
    if (role == HCC_ROLE_TOOL) rc = region_step(p, &r, (int)i, 0, err);
    else if (role == HCC_ROLE_ASSISTANT) rc = region_step(p, &r, (int)i, 1, err);
    if (rc != HCC_OK) return rc;
  }
  if (last_tool >= 0 && last_tool >= p->boundary && r.sum > r.soft)
    return region_step(p, &r, (int)last_tool, 0, err);
  return HCC_OK;
}

/* ---- the pass ------------------------------------------------------------------ */

/* The heads store: a third of the calls' string bytes, rounded up. */
static size_t heads_cap(const hcc_json_info *info) {
  return (info->name_bytes + info->arguments_bytes + HEADS_SHARE - 1) / HEADS_SHARE;
}

/* The largest buffer format_head takes: a call object nests at least
 * three levels deep, so its name and arguments together are at most the
 * largest such container, and its weight at most theirs (the default
 * call has neither). */
static size_t head_cap_bound(const hcc_json_info *info) {
  return hcc__ts_head_cap(info->max_deep_container, 0, info->max_deep_weight);
}

size_t hcc__prune_need(const hcc_json_info *info, size_t len, int own_est) {
  size_t msgs = hcc__max_msgs(info), calls = hcc__max_calls(info);
  size_t slots = hcc__table_slots(calls + 1), dup = hcc__table_slots(msgs);
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  /* per message and per call a state; the kept heads; the key table; the
   * duplicate set with the outputs it hashes and their keys (given back);
   * the estimator; msg_write's scratch; the render scratch of str() for
   * screenshot lines; and the largest of three things never taken at
   * once: the duplicate tables (dedupe gives them back before pass 2), one
   * summary head with its scratch (written for a message's content and
   * given back: demote, memo_get, put_summary) and one call's shrinking
   * (for its tool_calls, given back: args_change, args_delta, put_calls;
   * a message is written with one edit, never both). */
  size_t dups = hcc__arena_cost(dup * sizeof(uint64_t)) + hcc__arena_cost((msgs + 1) * sizeof(int)) +
                hcc__arena_cost((msgs + 1) * sizeof(uint64_t)) + 2 * hcc__arena_cost((msgs + 1) * sizeof(size_t)) +
                hcc__arena_cost(msgs + 1);
  size_t head = hcc__arena_cost(head_cap_bound(info)) + hcc__ts_head_need(&m);
  size_t shrink = hcc__args_shrink_need(info->max_arguments, info->max_arguments_tokens, info->max_deep_weight);
  size_t once = dups > head ? dups : head;
  if (shrink > once) once = shrink;
  return hcc__arena_cost(msgs * sizeof(hcc_prune_msg)) + hcc__arena_cost(calls * sizeof(hcc_prune_memo)) +
         hcc__arena_cost(heads_cap(info) + 1) +
         hcc__arena_cost(slots * sizeof(hcc_prune_slot)) + once + (own_est ? hcc__est_need(info, len) : 0) +
         hcc__obj_write_need(&m) + hcc__py_str_need(&m) + 256;
}

int hcc__prune_run(hcc_prune *p, const hcc_transcript *t, const hcc_prune_cfg *cfg,
                   size_t len, hcc_arena *a, hcc_error *err) {
  /* the index holds a key per call at most, and "" (build_index) */
  size_t n = (size_t)t->nmsg, slots = hcc__table_slots((size_t)t->ncall + 1);
  memset(p, 0, sizeof *p);
  p->t = t;
  p->cfg = *cfg;
  p->a = a;
  p->nslot = slots;
  p->m = hcc__arena_take(a, (n ? n : 1) * sizeof *p->m);
  p->memo = hcc__arena_take(a, ((size_t)t->ncall + 1) * sizeof *p->memo);
  p->index = hcc__arena_take(a, slots * sizeof *p->index);
  p->heads_cap = heads_cap(&t->doc.info);
  p->heads_used = 0;
  p->heads_top = p->heads_cap;
  p->heads = hcc__arena_take(a, p->heads_cap + 1);
  if (!p->m || !p->memo || !p->index || !p->heads)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the pruning tables");
  memset(p->memo, 0, ((size_t)t->ncall + 1) * sizeof *p->memo);
  memset(p->index, 0, slots * sizeof *p->index);
  for (size_t i = 0; i < n; i++) {
    p->m[i].action = HCC_PRUNE_KEEP;
    p->m[i].depth = 0;
    p->m[i].memo = -1;
    p->m[i].orig = p->m[i].now = -1;
    p->m[i].cps1 = p->m[i].nl1 = 0;
    p->m[i].facts = 0;
  }
  int rc = HCC_OK;
  if (cfg->est) {
    p->est = *cfg->est;
    p->est.e = &hcc__est_hermes;
    p->est.check_only = 0;
  } else {
    rc = hcc__est_init(&p->est, &hcc__est_hermes, t, len, a, err);
  }
  if (rc == HCC_OK) rc = build_index(p, err);
  if (rc == HCC_OK) rc = find_boundary(p, err);
  if (rc == HCC_OK) rc = dedupe(p, err);
  for (int64_t i = 0; rc == HCC_OK && i < p->boundary; i++) { /* pass 2 */
    int hit;
    rc = demote(p, (int)i, &hit, err);
  }
  for (int64_t i = 0; rc == HCC_OK && i < p->boundary; i++) { /* pass 3 */
    int hit;
    rc = truncate_args(p, (int)i, &hit, err);
  }
  if (rc == HCC_OK) rc = pressure(p, err);
  return rc;
}

/* ---- writing -------------------------------------------------------------------- */

typedef struct wjob {
  hcc_prune *p;
  int i;
} wjob;

static int put_summary(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                       hcc_error *err) {
  wjob *j = ctx;
  hcc_prune *p = j->p;
  hcc_ts_text src;
  const char *head;
  size_t len, mark;
  hcc_ts_tail tail;
  (void)d, (void)old, (void)scratch;
  /* the tail source first: at depth 2 it is the depth-1 summary, written
   * into the estimator's buffer with a head of its own */
  int rc = tail_source(p, j->i, &src, err);
  if (rc == HCC_OK) rc = format_head(p, p->m[j->i].memo, &mark, &head, &len, &tail, err);
  if (rc != HCC_OK) return rc;
  hcc__out_ch(o, '"');
  hcc__out_json_body(o, head, len);
  hcc__ts_tail(&src, tail, hcc__ts_emit_out, o);
  hcc__out_ch(o, '"');
  p->a->used = mark;
  return HCC_OK;
}

static int put_shot(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                    hcc_error *err) {
  wjob *j = ctx;
  hcc_ts_text s;
  (void)d, (void)old, (void)scratch;
  int rc = render_shot(j->p, j->i, &s, err);
  if (rc == HCC_OK) hcc__out_json_str(o, s.s, s.n);
  return rc;
}

static int put_images(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                      hcc_error *err) {
  int e = old + 1;
  size_t n;
  (void)ctx, (void)scratch, (void)err;
  hcc__out_ch(o, '[');
  for (int k = 0; k < d->tok[old].size; k++, e = hcc__json_skip(d, e)) {
    if (k) hcc__out_str(o, HCC_ITEM_SEP);
    if (image_part(d, e)) {
      hcc__out_str(o, "{\"type\": \"text\", \"text\": \"" HCC_SCREENSHOT_PLACEHOLDER "\"}");
      continue;
    }
    const char *raw = hcc__json_raw(d, e, &n);
    hcc__out_put(o, raw, n);
  }
  hcc__out_ch(o, ']');
  return HCC_OK;
}

/* The new tool_calls list: shrunk calls rewritten, the others as they
 * stand (the writer truncate-args uses). */
static int put_calls(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                     hcc_error *err) {
  const wjob *j = ctx;
  (void)d, (void)old;
  return hcc__args_write_calls(j->p->t, &j->p->t->msg[j->i], 0, HCC_ARGS_HEAD, shrink_source, j->p,
                               scratch, o, NULL, err);
}

int hcc__prune_write_msg(hcc_prune *p, int i, hcc_out *o, hcc_error *err) {
  const hcc_transcript *t = p->t;
  wjob j = {p, i};
  hcc_edit e = {"content", 7, HCC_EDIT_SET, NULL, &j, NULL, 0};
  switch ((hcc_prune_action)p->m[i].action) {
  case HCC_PRUNE_KEEP:
    hcc__transcript_copy_msg(t, i, o);
    return HCC_OK;
  case HCC_PRUNE_DUPLICATE:
    e.lit = "\"" HCC_DUPLICATE_TOOL_OUTPUT "\"";
    e.lit_len = strlen(e.lit);
    break;
  case HCC_PRUNE_SUMMARY: e.fn = put_summary; break;
  case HCC_PRUNE_SCREENSHOT: e.fn = put_shot; break;
  case HCC_PRUNE_IMAGES: e.fn = put_images; break;
  case HCC_PRUNE_ARGS:
    e.key = "tool_calls", e.key_len = 10, e.fn = put_calls;
    break;
  }
  return hcc__obj_write(&t->doc, t->msg[i].tok, &e, 1, p->a, o, err);
}
