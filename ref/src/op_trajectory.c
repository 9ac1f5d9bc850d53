/* op_trajectory.c -- `hcc trajectory`: compresses one trajectory entry the
 * way hermes's batch runner does each JSONL line (spec TRAJ-*).
 *
 * The plan (traj.c) picks the region [start, until) of turns to summarize;
 * this file replaces it by one "human" turn holding the stub summary
 * (TRAJ-7), appends the summary notice to the system turns of the head
 * (TRAJ-8), and writes the entry back with "conversations" replaced and,
 * when compressed, "compression_metrics" set (TRAJ-10).  An entry that is
 * not compressed comes out as it went in (re-serialized as Python's
 * json.dumps writes it). */
#include <stdio.h>

#include "msg_write.h"
#include "ops.h"
#include "py.h"
#include "traj.h"

/* The constants of trajectory_compressor.py, quoted as data. */
#define SUMMARY_PREFIX "[CONTEXT SUMMARY]: "
#define SUMMARY_FALLBACK                                                               \
  "[CONTEXT SUMMARY]: [Summary generation failed - previous turns contained tool " \
  "calls and responses that have been compressed to save context space.]"
#define SUMMARY_NOTICE \
  "\n\nSome of your previous tool responses may be summarized to preserve context."

size_t hcc__need_trajectory(const hcc_json_info *info, size_t len) {
  (void)len;
  return hcc__traj_need(info) + hcc__py_dumps_need(info) + hcc__obj_write_need(info) +
         hcc__arena_cost(info->max_string + 1) + 64;
}

typedef struct job {
  const hcc_traj *t;
  const hcc_params *p;
  const hcc_traj_plan *pl;
  char summary[320]; /* the summary turn's value; ASCII */
  size_t summary_len;
  int summary_null;  /* max_retries == 0: hermes's loop never runs */
  int64_t api_calls, errors;
  int64_t compressed_tokens;
  int compressed_turns;
  char *buf;         /* decode buffer for a system turn's value */
} job;

/* The system turns of the head get the notice (TRAJ-8). */
static int noticed(const job *j, int i) {
  return j->p->add_summary_notice && i < j->pl->start && j->t->turn[i].from == HCC_FROM_SYSTEM;
}

/* TRAJ-7: the text hermes's summary step returns for [start, until). */
static void make_summary(job *j) {
  const hcc_traj *t = j->t;
  int64_t calls = j->p->max_retries;
  j->summary_null = 0;
  if (calls == 0) {
    j->summary_null = 1;
    j->summary_len = 0;
    j->api_calls = j->errors = 0;
    return;
  }
  if (j->p->summarizer_fail) { /* every attempt fails: the fallback text */
    j->summary_len = sizeof SUMMARY_FALLBACK - 1;
    memcpy(j->summary, SUMMARY_FALLBACK, j->summary_len);
    j->api_calls = j->errors = calls;
    return;
  }
  int user = 0, assistant = 0, tool = 0, other = 0;
  for (int i = j->pl->start; i < j->pl->until; i++) {
    switch (t->turn[i].from) {
    case HCC_FROM_HUMAN: user++; break;
    case HCC_FROM_GPT: assistant++; break;
    case HCC_FROM_TOOL: tool++; break;
    default: other++; break;
    }
  }
  int n = snprintf(j->summary, sizeof j->summary,
                   SUMMARY_PREFIX "## Historical Task Snapshot\n"
                   "Deterministic stub summary: %d messages compacted (%d user, %d assistant, "
                   "%d tool, %d other).\nTool calls: none",
                   j->pl->until - j->pl->start, user, assistant, tool, other);
  j->summary_len = (size_t)n;
  j->api_calls = 1;
  j->errors = 0;
}

/* count_trajectory_tokens of the assembled list, without assembling it. */
static void count_compressed(job *j) {
  const hcc_traj *t = j->t;
  const hcc_doc *d = &t->doc;
  int64_t sum = 0;
  for (int i = 0; i < j->pl->start; i++) {
    if (!noticed(j, i)) {
      sum += t->turn[i].tokens;
      continue;
    }
    const hcc_tok *v = &d->tok[t->turn[i].value];
    size_t cps = hcc__json_str_cps(d->text + v->start, (size_t)(v->end - v->start));
    sum += (int64_t)((cps + sizeof SUMMARY_NOTICE - 1) / 4); /* the notice is ASCII */
  }
  sum += (int64_t)(j->summary_len / 4); /* ASCII too; null counts 0 */
  for (int i = j->pl->until; i < t->n; i++) sum += t->turn[i].tokens;
  j->compressed_tokens = sum;
  j->compressed_turns = j->pl->start + 1 + (t->n - j->pl->until);
}

static int write_noticed_value(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                               hcc_out *o, hcc_error *err) {
  const job *j = ctx;
  const hcc_tok *v = &d->tok[old];
  size_t n = hcc__json_decode(d->text + v->start, (size_t)(v->end - v->start), j->buf);
  (void)scratch;
  (void)err;
  hcc__out_ch(o, '"');
  hcc__out_json_body(o, j->buf, n);
  hcc__out_json_body(o, SUMMARY_NOTICE, sizeof SUMMARY_NOTICE - 1);
  hcc__out_ch(o, '"');
  return HCC_OK;
}

static int write_turn(job *j, int i, hcc_arena *scratch, hcc_out *o, hcc_error *err) {
  const hcc_doc *d = &j->t->doc;
  int tok = j->t->turn[i].tok;
  if (!noticed(j, i)) return hcc__py_dumps(d, tok, NULL, NULL, scratch, o, err);
  hcc_edit e = {"value", 5, HCC_EDIT_SET, write_noticed_value, j, NULL, 0};
  return hcc__obj_write(d, tok, &e, 1, scratch, o, err);
}

static int write_conversations(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                               hcc_out *o, hcc_error *err) {
  job *j = ctx;
  int first = 1, rc = HCC_OK;
  (void)d;
  (void)old;
  hcc__out_ch(o, '[');
  for (int i = 0; i < j->pl->start && rc == HCC_OK; i++) {
    if (!first) hcc__out_put(o, ", ", 2);
    first = 0;
    rc = write_turn(j, i, scratch, o, err);
  }
  if (!first) hcc__out_put(o, ", ", 2);
  hcc__out_str(o, "{\"from\": \"human\", \"value\": ");
  if (j->summary_null) hcc__out_str(o, "null");
  else hcc__out_json_str(o, j->summary, j->summary_len);
  hcc__out_ch(o, '}');
  for (int i = j->pl->until; i < j->t->n && rc == HCC_OK; i++) {
    hcc__out_put(o, ", ", 2);
    rc = write_turn(j, i, scratch, o, err);
  }
  hcc__out_ch(o, ']');
  return rc;
}

static void key_i64(hcc_out *o, const char *k, int64_t v) {
  hcc__out_ch(o, '"');
  hcc__out_str(o, k);
  hcc__out_str(o, "\": ");
  hcc__out_i64(o, v);
}

/* TrajectoryMetrics.to_dict() of a compressed trajectory (TRAJ-10). */
static int write_metrics(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch,
                         hcc_out *o, hcc_error *err) {
  const job *j = ctx;
  const hcc_traj *t = j->t;
  int64_t ot = t->total, ct = j->compressed_tokens;
  (void)d, (void)old, (void)scratch, (void)err;
  hcc__out_ch(o, '{');
  key_i64(o, "original_tokens", ot);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "compressed_tokens", ct);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "tokens_saved", ot - ct);
  hcc__out_str(o, ", \"compression_ratio\": ");
  char ratio[40];
  hcc__out_put(o, ratio, hcc__traj_ratio(ct, ot, ratio));
  hcc__out_put(o, ", ", 2);
  key_i64(o, "original_turns", t->n);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "compressed_turns", j->compressed_turns);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "turns_removed", t->n - j->compressed_turns);
  hcc__out_str(o, ", \"compression_region\": {");
  key_i64(o, "start_idx", j->pl->start);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "end_idx", j->pl->until);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "turns_count", j->pl->until - j->pl->start);
  hcc__out_str(o, "}, \"was_compressed\": true, \"still_over_limit\": ");
  hcc__out_str(o, ct > j->p->target_max_tokens ? "true" : "false");
  hcc__out_str(o, ", \"skipped_under_target\": false, ");
  key_i64(o, "summarization_api_calls", j->api_calls);
  hcc__out_put(o, ", ", 2);
  key_i64(o, "summarization_errors", j->errors);
  hcc__out_ch(o, '}');
  return HCC_OK;
}

/* TRAJ-9: the head's system turns must hold a string to append to
 * (hermes: KeyError when "value" is absent, TypeError otherwise). */
static int check_notice_targets(const job *j, size_t *longest, hcc_error *err) {
  const hcc_doc *d = &j->t->doc;
  *longest = 0;
  for (int i = 0; i < j->pl->start; i++) {
    if (!noticed(j, i)) continue;
    int v = j->t->turn[i].value;
    if (v < 0 || d->tok[v].type != HCC_T_STRING)
      return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[j->t->turn[i].tok].start,
                       "system turn of the head has no string value to append the notice to");
    size_t raw = (size_t)(d->tok[v].end - d->tok[v].start);
    if (raw > *longest) *longest = raw;
  }
  return HCC_OK;
}

/* TRAJ-9: hermes formats the region's turns for the summarizer prompt
 * before any summary exists, taking len() of each value (absent: "") and
 * calling .upper() on each "from" (absent: "unknown"); values with no
 * len() and a "from" that is not a string raise there.  A list or object
 * value longer than 3000 would go to the unpinned elision helper: hcc
 * rejects it (DIV-TRAJ-3). */
static int check_region(const hcc_traj *t, const hcc_traj_plan *pl, hcc_error *err) {
  const hcc_doc *d = &t->doc;
  for (int i = pl->start; i < pl->until; i++) {
    int v = t->turn[i].value;
    int f = t->turn[i].from_tok;
    if (v >= 0) {
      const hcc_tok *tk = &d->tok[v];
      if (tk->type == HCC_T_PRIMITIVE)
        return hcc__fail(err, HCC_E_SHAPE, (size_t)tk->start,
                         "a turn to summarize has a null, false or zero value (hermes raises TypeError)");
      if (tk->type != HCC_T_STRING && t->turn[i].len > 3000)
        return hcc__fail(err, HCC_E_SHAPE, (size_t)tk->start,
                         "a turn to summarize has a list or object value longer than 3000");
    }
    if (f >= 0 && d->tok[f].type != HCC_T_STRING)
      return hcc__fail(err, HCC_E_SHAPE, (size_t)d->tok[f].start,
                       "a turn to summarize has a \"from\" that is not a string (hermes raises AttributeError)");
  }
  return HCC_OK;
}

/* hermes's process_entry_async leaves an entry alone unless it is a dict
 * holding "conversations"; {} and "" iterate as an empty trajectory. */
static int find_turns(const hcc_doc *d, int *conv, hcc_error *err) {
  *conv = -1;
  if (d->tok[0].type != HCC_T_OBJECT) return HCC_OK;
  int c = hcc__json_get(d, 0, "conversations");
  if (c < 0) return HCC_OK;
  const hcc_tok *tk = &d->tok[c];
  if (tk->type == HCC_T_ARRAY) *conv = c;
  else if (!((tk->type == HCC_T_OBJECT && tk->size == 0) ||
             (tk->type == HCC_T_STRING && tk->end == tk->start)))
    return hcc__fail(err, HCC_E_SHAPE, (size_t)tk->start,
                     "conversations is not a list (hermes cannot iterate it as turns)");
  return HCC_OK;
}

int hcc__op_trajectory(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                       hcc_out *o, hcc_error *err) {
  hcc_traj t;
  hcc_traj_plan pl;
  int conv;
  int rc = hcc__traj_parse(&t, in, len, a, err);
  if (rc == HCC_OK) rc = find_turns(&t.doc, &conv, err);
  if (rc != HCC_OK) return rc;
  pl.region = 0;
  if (conv >= 0) {
    rc = hcc__traj_turns(&t, conv, a, err);
    if (rc == HCC_OK) rc = hcc__traj_plan(&t, p, &pl, err);
    if (rc != HCC_OK) return rc;
  }
  if (!pl.region) return hcc__py_dumps(&t.doc, 0, NULL, NULL, a, o, err);

  job j;
  j.t = &t;
  j.p = p;
  j.pl = &pl;
  size_t longest;
  rc = check_region(&t, &pl, err);
  if (rc == HCC_OK) rc = check_notice_targets(&j, &longest, err);
  if (rc != HCC_OK) return rc;
  /* a decoded string is never longer than its raw body */
  j.buf = hcc__arena_take(a, longest + 1);
  if (!j.buf) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for a decode buffer");
  make_summary(&j);
  count_compressed(&j);
  hcc_edit e[2] = {
      {"conversations", 13, HCC_EDIT_SET, write_conversations, &j, NULL, 0},
      {"compression_metrics", 19, HCC_EDIT_SET, write_metrics, &j, NULL, 0}};
  return hcc__obj_write(&t.doc, 0, e, p->metrics_per_trajectory ? 2 : 1, a, o, err);
}
