/* oracles.c -- op-specific structural invariants, checked on every run.
 *
 * Each oracle asserts only what the spec guarantees (the rule ids are
 * named beside each check), reads input and output with the harness's own
 * JSON tree (jv.c) rather than the library's tokenizer, and calls the
 * library only through the public API, as any caller would -- except for
 * the table of hermes's marker strings (prefixes.h), which is static data.
 * fuzz/README.md lists every invariant and why it is sound. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jv.h"
#include "prefixes.h"
#include "../tests/ref_utf8.h"

#define FAIL(what) hcc_fuzz_fail(what, in, len)

/* Constants of the spec, quoted as data. */
#define ARGS_MARKER "...[truncated]"                     /* ARGS-2 */
#define ARGS_GATE 500                                    /* ARGS-5 */
#define STRIP_CONTENT "(tool call removed)"              /* PAIRS-3 */
#define STUB_CONTENT                                     /* PAIRS-4 */ \
  "[Result from earlier conversation \xe2\x80\x94 see context summary above]"

static int ends_json(hcc_op op) { return op != HCC_OP_MESSAGES && op != HCC_OP_CHECK; }

static int returns_transcript(hcc_op op) {
  return op == HCC_OP_REPAIR || op == HCC_OP_TRUNCATE_ARGS || op == HCC_OP_PRUNE ||
         op == HCC_OP_PRUNE_ONLY || op == HCC_OP_COMPRESS || op == HCC_OP_STRIP_MEDIA;
}

/* ---- small helpers ------------------------------------------------------- */

/* A growable list of jv pointers (id sets). */
typedef struct {
  const jv **v;
  size_t n, cap;
} jlist;

static void jl_add(jlist *l, const jv *x) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->v = realloc(l->v, l->cap * sizeof *l->v);
    if (!l->v) abort();
  }
  l->v[l->n++] = x;
}

static size_t jl_count(const jlist *l, const jv *x) {
  size_t k = 0;
  for (size_t i = 0; i < l->n; i++) k += jv_str_eq(l->v[i], x);
  return k;
}

static int is_role(const jv *msg, const char *role) { return jv_is_str(jv_get(msg, "role"), role); }

/* Result id of a tool message (PAIRS-1), or NULL. */
static const jv *result_id(const jv *msg) {
  if (!is_role(msg, "tool")) return NULL;
  const jv *id = jv_get(msg, "tool_call_id");
  return jv_nonempty_str(id) ? id : NULL;
}

/* The tool_calls list of an assistant message (PAIRS-1), or NULL. */
static const jv *call_list(const jv *msg) {
  if (!is_role(msg, "assistant")) return NULL;
  const jv *tc = jv_get(msg, "tool_calls");
  return tc && tc->k == JV_ARR ? tc : NULL;
}

/* Call ids and result ids of a message array (PAIRS-1). */
static void id_sets(const jv *msgs, jlist *calls, jlist *results) {
  for (size_t i = 0; i < msgs->len; i++) {
    const jv *m = &msgs->kids[i];
    const jv *tc = call_list(m);
    for (size_t k = 0; tc && k < tc->len; k++) {
      const jv *id = jv_call_id(&tc->kids[k]);
      if (id) jl_add(calls, id);
    }
    const jv *r = result_id(m);
    if (r) jl_add(results, r);
  }
}

/* 1 when raw == a[0..an) b[0..bn) ... given as pieces. */
static int bytes_at(const char **p, const char *end, const char *s, size_t n) {
  if ((size_t)(end - *p) < n || memcmp(*p, s, n) != 0) return 0;
  *p += n;
  return 1;
}

/* The array's raw text is "[" + its elements' raw texts joined by ", " +
 * "]" (JSON-9, MODEL-2). */
static int joined(const jv *arr) {
  const char *p = arr->raw, *end = arr->raw + arr->raw_len;
  if (!bytes_at(&p, end, "[", 1)) return 0;
  for (size_t i = 0; i < arr->len; i++) {
    if (i && !bytes_at(&p, end, ", ", 2)) return 0;
    if (!bytes_at(&p, end, arr->kids[i].raw, arr->kids[i].raw_len)) return 0;
  }
  return bytes_at(&p, end, "]", 1) && p == end;
}

/* An object written anew: every key once, ": " and ", " (JSON-9). */
static int fresh_object(const jv *o) {
  const char *p = o->raw, *end = o->raw + o->raw_len;
  size_t *ix, *vx;
  size_t n = jv_view(o, &ix, &vx);
  free(ix);
  free(vx);
  if (n != o->len || !bytes_at(&p, end, "{", 1)) return 0;
  for (size_t i = 0; i < o->len; i++) {
    if (i && !bytes_at(&p, end, ", ", 2)) return 0;
    if (!bytes_at(&p, end, o->keys[i].raw, o->keys[i].raw_len)) return 0;
    if (!bytes_at(&p, end, ": ", 2)) return 0;
    if (!bytes_at(&p, end, o->kids[i].raw, o->kids[i].raw_len)) return 0;
  }
  return bytes_at(&p, end, "}", 1) && p == end;
}

/* ---- transcripts: input and output side by side ------------------------- */

typedef struct {
  jv *in, *out;
  const jv *mi, *mo; /* message arrays */
} tpair;

static int tpair_open(tpair *t, const char *in, size_t len, const hcc_fuzz_result *r) {
  t->in = jv_parse(in, len);
  t->out = jv_parse(r->out, r->out_len);
  if (!t->in || !t->out) FAIL("transcript op: input or output does not parse");
  t->mi = jv_messages(t->in);
  t->mo = jv_messages(t->out);
  if (!t->mi) FAIL("transcript op accepted input that is not a transcript (MODEL-1)");
  if (!t->mo) FAIL("transcript op output is not a transcript (MODEL-2)");
  for (size_t i = 0; i < t->mi->len; i++)
    if (t->mi->kids[i].k != JV_OBJ) FAIL("transcript op accepted a non-object message (MODEL-1)");
  return 1;
}

static void tpair_close(tpair *t) {
  jv_free(t->in);
  jv_free(t->out);
}

/* MODEL-2: the wrapper around the messages array is the input's, byte for
 * byte, and the array is its messages joined by ", ". */
static void wrapper_in(const jv *mi, const jv *mo, const char *out, size_t out_len, const char *in,
                       size_t len) {
  size_t pre_in = (size_t)(mi->raw - in), pre_out = (size_t)(mo->raw - out);
  size_t post_in = len - pre_in - mi->raw_len, post_out = out_len - pre_out - mo->raw_len;
  if (pre_in != pre_out || memcmp(in, out, pre_in) != 0 || post_in != post_out ||
      memcmp(in + len - post_in, out + out_len - post_out, post_in) != 0)
    FAIL("wrapper around the messages changed (MODEL-2)");
  if (!joined(mo)) FAIL("messages not joined by \", \" (MODEL-2, JSON-9)");
}

static void wrapper_kept(const tpair *t, const char *in, size_t len, const hcc_fuzz_result *r) {
  size_t pre_in = (size_t)(t->mi->raw - in), pre_out = (size_t)(t->mo->raw - r->out);
  size_t post_in = len - pre_in - t->mi->raw_len, post_out = r->out_len - pre_out - t->mo->raw_len;
  if (pre_in != pre_out || memcmp(in, r->out, pre_in) != 0 || post_in != post_out ||
      memcmp(in + len - post_in, r->out + r->out_len - post_out, post_in) != 0)
    FAIL("wrapper around the messages changed (MODEL-2)");
  if (!joined(t->mo)) FAIL("messages not joined by \", \" (MODEL-2, JSON-9)");
}

/* Every transcript op: the output is a transcript in the input's wrapper
 * kind (MODEL-2); prune, prune-only and compress with explain wrap it in
 * an object, as its "result". */
static void transcript_kind(const hcc_params *p, hcc_op op, const char *in, size_t len,
                            const hcc_fuzz_result *r) {
  jv *x = jv_parse(in, len), *y = jv_parse(r->out, r->out_len);
  const jv *res = y;
  if (y && p->explain && (op == HCC_OP_PRUNE || op == HCC_OP_PRUNE_ONLY)) {
    const jv *n = jv_get(y, "pruned");
    res = jv_get(y, "result");
    if (!n || n->k != JV_INT || !res || y->len != 2) FAIL("prune explain: not {\"pruned\": N, \"result\": ...}");
  }
  if (y && p->explain && op == HCC_OP_COMPRESS) res = jv_get(y, "result");
  if (!x || !res || !jv_messages(x) || !jv_messages(res) || x->k != res->k)
    FAIL("transcript op: output not a transcript in the input's wrapper (MODEL-1, MODEL-2)");
  jv_free(x);
  jv_free(y);
}

/* ---- repair (PAIRS) -------------------------------------------------------- */

/* PAIRS-3: in is an assistant message some of whose calls are unanswered;
 * out must be it with exactly those calls removed. */
static void stripped_message(const jv *a, const jv *b, const jlist *results, const char *in,
                             size_t len) {
  const jv *tc = jv_get(a, "tool_calls");
  jlist kept = {0};
  for (size_t k = 0; k < tc->len; k++) {
    const jv *id = jv_call_id(&tc->kids[k]);
    if (!id || jl_count(results, id)) jl_add(&kept, &tc->kids[k]);
  }
  if (b->k != JV_OBJ || !fresh_object(b)) FAIL("repair strip: rewritten message not written as a fresh object (PAIRS-6)");
  size_t *ai, *av;
  size_t na = jv_view(a, &ai, &av);
  const jv *content = jv_get(a, "content");
  int set_content = kept.n == 0 && (!content || !jv_truthy(content) ||
                                    (content->k == JV_STR && jv_all_space(content)));
  size_t j = 0;
  for (size_t i = 0; i < na; i++) {
    const jv *key = &a->keys[ai[i]], *val = &a->kids[av[i]];
    if (jv_is_str(key, "tool_calls") && kept.n == 0) continue; /* member removed */
    if (j >= b->len || !jv_str_eq(key, &b->keys[j])) FAIL("repair strip: members not kept in order (PAIRS-6)");
    const jv *got = &b->kids[j++];
    if (jv_is_str(key, "tool_calls")) {
      int ok = got->k == JV_ARR && got->len == kept.n && joined(got);
      for (size_t k = 0; ok && k < kept.n; k++) ok = jv_raw_eq(&got->kids[k], kept.v[k]);
      if (!ok) FAIL("repair strip: tool_calls is not the answered calls, copied in order (PAIRS-3)");
    } else if (jv_is_str(key, "content") && set_content) {
      if (!jv_is_str(got, STRIP_CONTENT)) FAIL("repair strip: blank content not replaced (PAIRS-3)");
    } else if (!jv_raw_eq(val, got)) {
      FAIL("repair strip: untouched member not copied byte for byte (PAIRS-6)");
    }
  }
  if (set_content && !content) {
    if (j >= b->len || !jv_is_str(&b->keys[j], "content") || !jv_is_str(&b->kids[j], STRIP_CONTENT))
      FAIL("repair strip: absent content not appended (PAIRS-3)");
    j++;
  }
  if (j != b->len) FAIL("repair strip: extra members in a rewritten message (PAIRS-6)");
  free(ai);
  free(av);
  free(kept.v);
}

/* 1 when the assistant message m lists a call whose id has no result. */
static int has_unanswered(const jv *m, const jlist *results) {
  const jv *tc = call_list(m);
  for (size_t k = 0; tc && k < tc->len; k++) {
    const jv *id = jv_call_id(&tc->kids[k]);
    if (id && !jl_count(results, id)) return 1;
  }
  return 0;
}

static void repair_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  tpair t;
  tpair_open(&t, in, len, r);
  wrapper_kept(&t, in, len, r);
  jlist calls = {0}, results = {0}, ocalls = {0}, oresults = {0};
  id_sets(t.mi, &calls, &results);
  id_sets(t.mo, &ocalls, &oresults);
  size_t j = 0;
  for (size_t i = 0; i < t.mi->len; i++) {
    const jv *m = &t.mi->kids[i];
    const jv *rid = result_id(m);
    if (rid && !jl_count(&calls, rid)) continue; /* PAIRS-2: orphan result dropped */
    if (j >= t.mo->len) FAIL("repair: a message that must stay is missing (PAIRS-2, order)");
    const jv *o = &t.mo->kids[j++];
    if (p->policy == HCC_POLICY_STRIP && has_unanswered(m, &results)) {
      stripped_message(m, o, &results, in, len);
      continue;
    }
    if (!jv_raw_eq(m, o)) FAIL("repair: untouched message not copied byte for byte, or order changed (PAIRS-6)");
    if (p->policy != HCC_POLICY_STUB) continue;
    const jv *tc = call_list(m);
    for (size_t k = 0; tc && k < tc->len; k++) {
      const jv *id = jv_call_id(&tc->kids[k]);
      if (!id || jl_count(&results, id)) continue;
      /* PAIRS-4: the stub, three members in this order, id as written */
      static const char head[] = "{\"role\": \"tool\", \"content\": \"" STUB_CONTENT "\", \"tool_call_id\": ";
      const jv *s = j < t.mo->len ? &t.mo->kids[j++] : NULL;
      const char *q = s ? s->raw : NULL, *end = s ? s->raw + s->raw_len : NULL;
      if (!s || !bytes_at(&q, end, head, sizeof head - 1) || !bytes_at(&q, end, id->raw, id->raw_len) ||
          !bytes_at(&q, end, "}", 1) || q != end)
        FAIL("repair stub: missing or malformed stub after the assistant message (PAIRS-4)");
    }
  }
  if (j != t.mo->len) FAIL("repair: output has messages the rules do not make (PAIRS-2..4)");
  /* The set statement of PAIRS-6 on the output itself: every call id is a
   * result id and every result id a call id. */
  for (size_t i = 0; i < ocalls.n; i++)
    if (!jl_count(&oresults, ocalls.v[i])) FAIL("repair: a call has no result after repair (PAIRS-6)");
  for (size_t i = 0; i < oresults.n; i++)
    if (!jl_count(&ocalls, oresults.v[i])) FAIL("repair: a result has no call after repair (PAIRS-6)");
  /* CHECK-7 pairs calls and outputs of chat messages by the same id rule
   * as PAIRS-1, over the whole transcript: after repair it can only
   * report calls and outputs that have no id at all -- unless Responses
   * items (type function_call / function_call_output), which repair does
   * not read, are present. */
  int items = 0;
  for (size_t i = 0; i < t.mo->len; i++) {
    const jv *ty = jv_get(&t.mo->kids[i], "type");
    items |= jv_is_str(ty, "function_call") || jv_is_str(ty, "function_call_output");
  }
  if (!items && hcc_op_supported(HCC_OP_CHECK)) {
    hcc_params q;
    hcc_params_init(&q);
    q.profile = HCC_PROFILE_RESPONSES;
    hcc_fuzz_result c = hcc_fuzz_run(HCC_OP_CHECK, &q, r->out, r->out_len);
    if (c.rc != HCC_OK) FAIL("check refused a transcript repair wrote (CHECK-22)");
    static const char tail[] = "has no call_id";
    size_t from = 0;
    for (size_t i = 0; i < c.out_len; i++) {
      if (c.out[i] != '\n') continue;
      size_t m = sizeof tail - 1;
      if (i - from < m || memcmp(c.out + i - m, tail, m) != 0) {
        fprintf(stderr, "finding: %.*s\n", (int)(i - from), c.out + from);
        FAIL("check --profile=responses reports an unpaired id after repair (CHECK-7 vs PAIRS-6)");
      }
      from = i + 1;
    }
    hcc_fuzz_free(&c);
  }
  free(calls.v);
  free(results.v);
  free(ocalls.v);
  free(oresults.v);
  tpair_close(&t);
}

/* ---- truncate-args (ARGS) ------------------------------------------------ */

/* y is x after ARGS-2/3: same shape, keys and key order (Python's view of
 * x), non-string values equal as values, and every string either equal
 * or, when longer than head code points, its first head code points plus
 * the marker. */
static int shrunk(const jv *x, const jv *y, size_t head) {
  if (x->k != y->k) return 0;
  switch (x->k) {
  case JV_STR: {
    if (jv_str_eq(x, y)) return 1;
    if (jv_cps(x) <= head) return 0;
    size_t i = 0, k = 0;
    while (k < head && i < x->n) {
      jv_next_cp(x->s, x->n, &i);
      k++;
    }
    size_t m = strlen(ARGS_MARKER);
    return y->n == i + m && memcmp(y->s, x->s, i) == 0 && memcmp(y->s + i, ARGS_MARKER, m) == 0;
  }
  case JV_ARR:
    if (x->len != y->len) return 0;
    for (size_t i = 0; i < x->len; i++)
      if (!shrunk(&x->kids[i], &y->kids[i], head)) return 0;
    return 1;
  case JV_OBJ: {
    size_t *xi, *xv;
    size_t n = jv_view(x, &xi, &xv);
    int ok = n == y->len;
    for (size_t i = 0; ok && i < n; i++)
      ok = jv_str_eq(&x->keys[xi[i]], &y->keys[i]) && shrunk(&x->kids[xv[i]], &y->kids[i], head);
    free(xi);
    free(xv);
    return ok;
  }
  default:
    return jv_eq(x, y);
  }
}

typedef struct {
  const hcc_params *p;
  const char *in;
  size_t len;
  int role_ok;    /* its calls' arguments may change (assistant, or truncate_all) */
  int content_ok; /* prune: its content may change (a tool message) */
} args_ctx;

static void args_changed(const args_ctx *c, const jv *a, const jv *b) {
  const char *in = c->in;
  size_t len = c->len;
  if (a->k != JV_STR || b->k != JV_STR) FAIL("rewritten message: changed arguments are not strings (ARGS-7)");
  if (!c->role_ok) FAIL("rewritten message: a message that is not an assistant's changed (ARGS-5)");
  if (!c->p->truncate_all && jv_cps(a) <= ARGS_GATE) FAIL("rewritten message: arguments under the gate changed (ARGS-5)");
  /* ARGS-1: only arguments that are strict JSON are rewritten, and the
   * result is strict JSON. */
  if (hcc_json_validate(a->s, a->n, NULL, NULL) != HCC_OK)
    FAIL("rewritten message: arguments that are not JSON were rewritten (ARGS-1)");
  if (hcc_json_validate(b->s, b->n, NULL, NULL) != HCC_OK)
    FAIL("rewritten message: rewritten arguments are not valid JSON (ARGS-1)");
  jv *x = jv_parse(a->s, a->n), *y = jv_parse(b->s, b->n);
  if (!x || !y) FAIL("rewritten message: arguments do not parse");
  if (!shrunk(x, y, (size_t)c->p->head_chars))
    FAIL("rewritten message: keys, order, values or cut strings not as ARGS-2/3 say");
  jv_free(x);
  jv_free(y);
}

/* Walks a changed message: every member is copied byte for byte except
 * tool_calls[*].function.arguments (ARGS-4).  Levels: 0 the message, 1 its
 * tool_calls list, 2 a call, 3 its function, 4 the arguments. */
static void args_members(const args_ctx *c, const jv *a, const jv *b, int level) {
  const char *in = c->in;
  size_t len = c->len;
  if (jv_raw_eq(a, b)) return;
  if (level == 4) {
    args_changed(c, a, b);
    return;
  }
  if (level == 1) {
    if (a->k != JV_ARR || b->k != JV_ARR || a->len != b->len) FAIL("rewritten message: tool_calls list changed shape (ARGS-4)");
    if (!joined(b)) FAIL("rewritten message: calls not joined by \", \"");
    for (size_t i = 0; i < a->len; i++) args_members(c, &a->kids[i], &b->kids[i], 2);
    return;
  }
  if (a->k != JV_OBJ || b->k != JV_OBJ) FAIL("rewritten message: something other than arguments changed (ARGS-4)");
  if (!fresh_object(b)) FAIL("rewritten message: rewritten object not written as Python does (ARGS-4)");
  size_t *ai, *av;
  size_t n = jv_view(a, &ai, &av);
  if (n != b->len) FAIL("rewritten message: members added or removed (ARGS-4)");
  const char *next = level == 0 ? "tool_calls" : level == 2 ? "function" : "arguments";
  for (size_t i = 0; i < n; i++) {
    if (!jv_str_eq(&a->keys[ai[i]], &b->keys[i])) FAIL("rewritten message: member order changed (ARGS-4)");
    const jv *x = &a->kids[av[i]], *y = &b->kids[i];
    if (jv_is_str(&a->keys[ai[i]], next))
      args_members(c, x, y, level + 1);
    else if (level == 0 && c->content_ok && jv_is_str(&a->keys[ai[i]], "content"))
      continue; /* PRUNE-3, 4, 8 replace it: any value */
    else if (!jv_raw_eq(x, y))
      FAIL("rewritten message: member not copied byte for byte (ARGS-4)");
  }
  free(ai);
  free(av);
}

static void truncate_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  tpair t;
  tpair_open(&t, in, len, r);
  wrapper_kept(&t, in, len, r);
  if (t.mi->len != t.mo->len) FAIL("truncate-args: message count changed (ARGS-4)");
  for (size_t i = 0; i < t.mi->len; i++) {
    const jv *a = &t.mi->kids[i], *b = &t.mo->kids[i];
    args_ctx c = {p, in, len, p->truncate_all || (is_role(a, "assistant") && jv_truthy(jv_get(a, "tool_calls"))), 0};
    args_members(&c, a, b, 0);
  }
  tpair_close(&t);
}

/* ---- prune, prune-only (PRUNE) -------------------------------------------- */

/* Same messages in the same order and wrapper; a changed message is a
 * fresh object in which only a tool message's content (PRUNE-3, 4, 8) or
 * an assistant message's call arguments (PRUNE-7 = ARGS-1..5 with hermes's
 * 200 code points) differ; with explain, {"pruned": N, "result": T} where
 * N counts at least every changed output (PRUNE-10).  Ids never change,
 * so a consistent transcript stays consistent (the chain checks that). */
static void prune_oracle(hcc_op op, const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *x = jv_parse(in, len), *y = jv_parse(r->out, r->out_len);
  if (!x || !y) FAIL("prune: input or output does not parse");
  const jv *res = y;
  long long pruned = -1;
  const char *tpos = r->out; /* where the plain output's bytes stand in r->out */
  /* the plain output (this run's, or a second run's without explain) */
  hcc_params plain = *p;
  plain.explain = 0;
  hcc_fuzz_result t = p->explain ? hcc_fuzz_run(op, &plain, in, len) : *r;
  if (t.rc != HCC_OK) FAIL("prune: the plain run refused what the explain run accepted");
  if (p->explain) {
    /* exactly {"pruned": N, "result": T}, T the plain output's bytes */
    res = jv_get(y, "result");
    const jv *n = jv_get(y, "pruned");
    static const char head[] = "{\"pruned\": ";
    const char *q = r->out, *end = r->out + r->out_len;
    if (!res || !n || n->k != JV_INT || !bytes_at(&q, end, head, sizeof head - 1) ||
        !bytes_at(&q, end, n->raw, n->raw_len) || !bytes_at(&q, end, ", \"result\": ", 12) ||
        (tpos = q, 0) || !bytes_at(&q, end, t.out, t.out_len) || !bytes_at(&q, end, "}", 1) || q != end)
      FAIL("prune explain: not {\"pruned\": N, \"result\": <the plain output>} (PRUNE-10)");
    pruned = strtoll(n->raw, NULL, 10);
  }
  const jv *mi = jv_messages(x), *mo = jv_messages(res);
  if (!mi || !mo) FAIL("prune: input or output not a transcript (MODEL-1, MODEL-2)");
  /* PRUNE-9: prune-only hands its input back byte for byte when it does
   * not commit; otherwise the transcript is written anew (MODEL-2) */
  int same = t.out_len == len && memcmp(t.out, in, len) == 0;
  if (!(op == HCC_OP_PRUNE_ONLY && same)) wrapper_in(mi, mo, tpos, t.out_len, in, len);
  if (op == HCC_OP_PRUNE_ONLY && same && pruned > 0) FAIL("prune-only: input handed back but pruned > 0 (PRUNE-10)");
  if (mi->len != mo->len) FAIL("prune: message count changed (PRUNE-10)");
  hcc_params q = *p;
  q.head_chars = 200; /* PRUNE-7: hermes's default, not a parameter of prune */
  q.truncate_all = 0;
  long long changed_outputs = 0;
  for (size_t i = 0; i < mi->len; i++) {
    const jv *a = &mi->kids[i], *b = &mo->kids[i];
    if (jv_raw_eq(a, b)) continue;
    args_ctx c = {&q, in, len, is_role(a, "assistant") && jv_truthy(jv_get(a, "tool_calls")), is_role(a, "tool")};
    args_members(&c, a, b, 0);
    const jv *ca = jv_get(a, "content"), *cb = jv_get(b, "content");
    if (c.content_ok && !(ca && cb && jv_raw_eq(ca, cb))) changed_outputs++;
  }
  if (pruned >= 0 && pruned < changed_outputs) FAIL("prune: pruned count below the outputs it changed (PRUNE-10)");
  if (p->explain) hcc_fuzz_free(&t);
  jv_free(x);
  jv_free(y);
}

/* ---- strip-media (PRUNE-11, PRUNE-12) ------------------------------------ */

#define MEDIA_PART "{\"type\": \"text\", \"text\": \"[Attached image \xe2\x80\x94 stripped after compression]\"}"

/* Messages 1:1; a changed message is a fresh object with the input's
 * members minus api_content, in order, all copied byte for byte except
 * content, a list whose elements are the input's or the text part that
 * replaces an image (PRUNE-12). */
static void media_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  tpair t;
  tpair_open(&t, in, len, r);
  wrapper_kept(&t, in, len, r);
  if (t.mi->len != t.mo->len) FAIL("strip-media: message count changed (PRUNE-12)");
  for (size_t i = 0; i < t.mi->len; i++) {
    const jv *a = &t.mi->kids[i], *b = &t.mo->kids[i];
    if (jv_raw_eq(a, b)) continue;
    if (b->k != JV_OBJ || !fresh_object(b)) FAIL("strip-media: rewritten message not a fresh object (PRUNE-12)");
    size_t *ai, *av;
    size_t n = jv_view(a, &ai, &av), j = 0;
    for (size_t k = 0; k < n; k++) {
      const jv *key = &a->keys[ai[k]], *x = &a->kids[av[k]];
      if (jv_is_str(key, "api_content")) continue;
      if (j >= b->len || !jv_str_eq(key, &b->keys[j])) FAIL("strip-media: members changed (PRUNE-12)");
      const jv *y = &b->kids[j++];
      if (!jv_is_str(key, "content")) {
        if (!jv_raw_eq(x, y)) FAIL("strip-media: member other than content changed (PRUNE-12)");
        continue;
      }
      if (x->k != JV_ARR || y->k != JV_ARR || x->len != y->len || !joined(y))
        FAIL("strip-media: content is not the same list (PRUNE-12)");
      for (size_t e = 0; e < x->len; e++)
        if (!jv_raw_eq(&x->kids[e], &y->kids[e]) &&
            !(y->kids[e].raw_len == sizeof MEDIA_PART - 1 && memcmp(y->kids[e].raw, MEDIA_PART, y->kids[e].raw_len) == 0))
          FAIL("strip-media: a part changed into something other than the placeholder (PRUNE-12)");
    }
    if (j != b->len) FAIL("strip-media: members added (PRUNE-12)");
    free(ai);
    free(av);
  }
  tpair_close(&t);
  (void)p;
}

/* ---- trajectory (TRAJ-10) --------------------------------------------------- */

/* The metrics agree with themselves and with the turns written. */
static void trajectory_oracle(const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *y = jv_parse(r->out, r->out_len);
  if (!y) FAIL("trajectory: output does not parse");
  const jv *m = jv_get(y, "compression_metrics");
  const jv *conv = jv_get(y, "conversations");
  if (r->out_len == len && memcmp(r->out, in, len) == 0) m = NULL; /* unchanged (TRAJ-6) */
  if (m && m->k == JV_OBJ && conv && conv->k == JV_ARR && jv_get(m, "tokens_saved")) {
    static const char *const ints[] = {"original_tokens", "compressed_tokens", "tokens_saved", "original_turns",
                                       "compressed_turns", "turns_removed"};
    long long v[6];
    for (size_t i = 0; i < 6; i++) {
      const jv *f = jv_get(m, ints[i]);
      if (!f || f->k != JV_INT) FAIL("trajectory: a metric is missing or not an int (TRAJ-10)");
      v[i] = strtoll(f->raw, NULL, 10);
    }
    if (v[2] != v[0] - v[1] || v[5] != v[3] - v[4] || v[4] != (long long)conv->len)
      FAIL("trajectory: metrics disagree (TRAJ-10)");
    const jv *reg = jv_get(m, "compression_region");
    const jv *s = jv_get(reg, "start_idx"), *e = jv_get(reg, "end_idx"), *c = jv_get(reg, "turns_count");
    if (!s || !e || !c || strtoll(c->raw, NULL, 10) != strtoll(e->raw, NULL, 10) - strtoll(s->raw, NULL, 10))
      FAIL("trajectory: compression_region turns_count != end_idx - start_idx (TRAJ-10)");
  }
  jv_free(y);
}

/* ---- align (ALIGN) --------------------------------------------------------- */

static long long num(const jv *o, const char *key, const char *in, size_t len) {
  const jv *v = jv_get(o, key);
  if (!v || v->k != JV_INT) {
    fprintf(stderr, "align: field %s\n", key);
    FAIL("align: a boundary field is missing or not an int");
  }
  return strtoll(v->raw, NULL, 10);
}

static void align_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *o = jv_parse(r->out, r->out_len);
  jv *x = jv_parse(in, len);
  if (!o || !x || o->k != JV_OBJ) FAIL("align: output is not an object");
  const jv *msgs = jv_messages(x);
  if (!msgs) FAIL("align accepted input that is not a transcript (MODEL-1)");
  if (o->len != (p->explain ? 4u : 3u) || !jv_is_str(&o->keys[0], "head_end") ||
      !jv_is_str(&o->keys[1], "compress_start") || !jv_is_str(&o->keys[2], "compress_end"))
    FAIL("align: members are not head_end, compress_start, compress_end[, steps] (ALIGN-1)");
  long long n = (long long)msgs->len;
  long long h = num(o, "head_end", in, len), s = num(o, "compress_start", in, len),
            e = num(o, "compress_end", in, len);
  /* ALIGN-1: head_end can pass n (a head larger than the transcript) and
   * the boundaries follow it; ALIGN-13: the tail cut is always past
   * compress_start, and ALIGN-14 only moves it to a candidate that is. */
  if (h < 0 || s < h || e <= s) FAIL("align: not 0 <= head_end <= compress_start < compress_end (ALIGN-1, 13, 14)");
  /* ALIGN-7: [head_end, compress_start) are tool results; ALIGN-7/13/14:
   * neither boundary is on a tool result, so no boundary separates an
   * assistant's calls from the results right after them. */
  for (long long i = h; i < s && i < n; i++)
    if (!is_role(&msgs->kids[i], "tool")) FAIL("align: a non-tool message between head_end and compress_start (ALIGN-7)");
  if (s < n && is_role(&msgs->kids[s], "tool")) FAIL("align: compress_start is on a tool result (ALIGN-7)");
  if (e < n && is_role(&msgs->kids[e], "tool")) FAIL("align: compress_end is on a tool result (ALIGN-13, 14)");
  if (p->explain) {
    const jv *st = jv_get(o, "steps");
    if (!st || st->k != JV_OBJ) FAIL("align: explain without steps (ALIGN-15)");
    long long cut = num(st, "find_tail_cut_by_tokens", in, len);
    long long u = num(st, "find_last_user_message_idx", in, len);
    const jv *hc = jv_get(st, "has_content_to_compress");
    if (!hc || hc->k != JV_TRUE)
      FAIL("align: has_content_to_compress is not true (ALIGN-13)");
    if (cut <= s) FAIL("align: tail cut not past compress_start (ALIGN-13)");
    if (e != cut && !(cut == u && e < cut)) FAIL("align: compress_end is neither the tail cut nor the bridge (ALIGN-14)");
    if (num(st, "protect_head_size", in, len) != h || num(st, "align_boundary_forward", in, len) != s)
      FAIL("align: steps disagree with the boundaries (ALIGN-15)");
  }
  jv_free(o);
  jv_free(x);
}

/* ALIGN-16: align-at's two moves, checked against their definitions on the
 * parsed transcript (ALIGN-7 forward, ALIGN-9 backward). */
static void align_at_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *o = jv_parse(r->out, r->out_len);
  jv *x = jv_parse(in, len);
  if (!o || !x || o->k != JV_OBJ) FAIL("align-at: output is not an object");
  const jv *msgs = jv_messages(x);
  if (!msgs) FAIL("align-at accepted input that is not a transcript (ALIGN-16, ALIGN-1)");
  if (o->len != 2 || !jv_is_str(&o->keys[0], "forward") || !jv_is_str(&o->keys[1], "backward"))
    FAIL("align-at: members are not forward, backward (ALIGN-16)");
  long long n = (long long)msgs->len, at = (long long)p->at;
  long long f = num(o, "forward", in, len), b = num(o, "backward", in, len);
  long long want_f = at;
  while (want_f < n && is_role(&msgs->kids[want_f], "tool")) want_f++;
  if (f != want_f) FAIL("align-at: forward is not at moved past the tool results after it (ALIGN-7)");
  long long want_b = at;
  if (at > 0 && at < n) {
    long long c = at - 1;
    while (c >= 0 && is_role(&msgs->kids[c], "tool")) c--;
    if (c >= 0 && is_role(&msgs->kids[c], "assistant") && jv_truthy(jv_get(&msgs->kids[c], "tool_calls"))) want_b = c;
  }
  if (b != want_b) FAIL("align-at: backward is not the cut moved before the group it splits (ALIGN-9)");
  jv_free(o);
  jv_free(x);
}

/* ---- prefix ops (PREFIX) --------------------------------------------------- */

static const hcc_lit *lit(int id) { return &hcc__lits[id]; }

static int contains(const jv *s, int id) {
  const hcc_lit *l = lit(id);
  if (s->n < l->n) return 0;
  for (size_t i = 0; i + l->n <= s->n; i++)
    if (memcmp(s->s + i, l->s, l->n) == 0) return 1;
  return 0;
}

/* Starts with a known handoff prefix (PREFIX-1 list). */
static int starts_with_prefix(const jv *s) {
  static const int ids[] = {HCC_LIT_SUMMARY_PREFIX, HCC_LIT_LEGACY_SUMMARY_PREFIX};
  for (size_t k = 0; k < 2 + HCC_LIT_HISTORICAL_COUNT; k++) {
    const hcc_lit *l = lit(k < 2 ? ids[k] : HCC_LIT_HISTORICAL_0 + (int)(k - 2));
    if (s->n >= l->n && memcmp(s->s, l->s, l->n) == 0) return 1;
  }
  return 0;
}

static int edge_space(const jv *s) {
  if (s->n == 0) return 0;
  size_t i = 0;
  if (jv_py_space(jv_next_cp(s->s, s->n, &i))) return 1;
  size_t last = s->n - 1;
  while (last > 0 && ((unsigned char)s->s[last] & 0xC0) == 0x80) last--;
  i = last;
  return jv_py_space(jv_next_cp(s->s, s->n, &i));
}

static jv *json_string_out(hcc_op op, const hcc_fuzz_result *r, const char *in, size_t len) {
  jv *v = jv_parse(r->out, r->out_len);
  if (!v || v->k != JV_STR) {
    fprintf(stderr, "op %s\n", hcc_op_name(op));
    FAIL("prefix op: output is not a JSON string");
  }
  return v;
}

/* Runs op on in and returns the parsed string output (NULL if rejected). */
static jv *run_string(hcc_op op, const hcc_params *p, const char *txt, size_t n, hcc_fuzz_result *keep,
                      const char *in, size_t len) {
  *keep = hcc_fuzz_run(op, p, txt, n);
  if (keep->rc != HCC_OK) return NULL;
  return json_string_out(op, keep, in, len);
}

/* The string s as a JSON text with every character a \u escape (astral
 * ones as pairs): the same str for hermes, spelled so that the library
 * must decode it (hcc reads most summaries on their raw bytes). */
static char *all_escaped(const jv *s, size_t *n) {
  char *t = malloc(12 * s->n + 3);
  if (!t) abort();
  size_t k = 0, i = 0;
  t[k++] = '"';
  while (i < s->n) {
    unsigned cp = jv_next_cp(s->s, s->n, &i);
    if (cp >= 0x10000) {
      unsigned w = cp - 0x10000;
      k += (size_t)sprintf(t + k, "\\u%04x\\u%04x", 0xD800 + (w >> 10), 0xDC00 + (w & 0x3FF));
    } else {
      k += (size_t)sprintf(t + k, "\\u%04x", cp);
    }
  }
  t[k++] = '"';
  *n = k;
  return t;
}

static void strip_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *b = json_string_out(HCC_OP_STRIP_PREFIX, r, in, len);
  jv *x = jv_parse(in, len);
  if (!x) FAIL("strip-prefix: input does not parse");
  /* PREFIX-3: every step keeps a slice of the text, and strips it. */
  if (x->k == JV_STR) {
    int found = b->n == 0;
    for (size_t i = 0; !found && i + b->n <= x->n; i++) found = memcmp(x->s + i, b->s, b->n) == 0;
    if (!found) FAIL("strip-prefix: body is not a slice of the summary (PREFIX-3)");
  } else if (b->n != 0) {
    FAIL("strip-prefix: falsy non-string summary gave a non-empty body (PREFIX-5)");
  }
  if (edge_space(b)) FAIL("strip-prefix: body starts or ends with whitespace (PREFIX-3)");
  /* PREFIX-3 reads the decoded text only: spelled otherwise, the same */
  if (x->k == JV_STR) {
    size_t en;
    char *esc = all_escaped(x, &en);
    hcc_fuzz_result other;
    jv *b3 = run_string(HCC_OP_STRIP_PREFIX, p, esc, en, &other, in, len);
    if (!b3 || !jv_str_eq(b, b3)) FAIL("strip-prefix: the summary spelled with \\u escapes gave another body");
    jv_free(b3);
    hcc_fuzz_free(&other);
    free(esc);
  }
  if (contains(b, HCC_LIT_SUMMARY_END_MARKER)) FAIL("strip-prefix: body holds the end marker (PREFIX-3 step 4)");
  /* Stripping again changes nothing unless a second delimiter or a stacked
   * prefix is left in the body (PREFIX-3 says both are kept). */
  if (!contains(b, HCC_LIT_MERGED_SUMMARY_DELIMITER) && !starts_with_prefix(b)) {
    hcc_fuzz_result again;
    jv *b2 = run_string(HCC_OP_STRIP_PREFIX, p, r->out, r->out_len, &again, in, len);
    if (!b2 || !jv_str_eq(b, b2)) FAIL("strip-prefix: strip(strip(x)) != strip(x) without delimiter or stacked prefix");
    jv_free(b2);
    hcc_fuzz_free(&again);
  }
  jv_free(x);
  jv_free(b);
}

static void with_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *w = json_string_out(HCC_OP_WITH_PREFIX, r, in, len);
  hcc_fuzz_result sr, s2;
  jv *b = run_string(HCC_OP_STRIP_PREFIX, p, in, len, &sr, in, len);
  if (!b) FAIL("with-prefix accepted a summary strip-prefix rejects (PREFIX-5)");
  /* PREFIX-4: SUMMARY_PREFIX alone, or SUMMARY_PREFIX "\n" body. */
  const hcc_lit *pre = lit(HCC_LIT_SUMMARY_PREFIX);
  int ok = b->n == 0 ? (w->n == pre->n && memcmp(w->s, pre->s, pre->n) == 0)
                     : (w->n == pre->n + 1 + b->n && memcmp(w->s, pre->s, pre->n) == 0 &&
                        w->s[pre->n] == '\n' && memcmp(w->s + pre->n + 1, b->s, b->n) == 0);
  if (!ok) FAIL("with-prefix: not SUMMARY_PREFIX [\"\\n\" body] (PREFIX-4)");
  if (!contains(b, HCC_LIT_MERGED_SUMMARY_DELIMITER)) {
    /* then stripping gives the body back, and the result is standalone */
    jv *b2 = run_string(HCC_OP_STRIP_PREFIX, p, r->out, r->out_len, &s2, in, len);
    if (!b2 || !jv_str_eq(b, b2)) FAIL("strip(with(x)) != strip(x) (PREFIX-3, PREFIX-4)");
    jv_free(b2);
    hcc_fuzz_free(&s2);
    if (hcc_op_supported(HCC_OP_CLASSIFY_SUMMARY)) {
      hcc_fuzz_result cr = hcc_fuzz_run(HCC_OP_CLASSIFY_SUMMARY, p, r->out, r->out_len);
      if (cr.rc != HCC_OK || cr.out_len != 12 || memcmp(cr.out, "\"standalone\"", 12) != 0)
        FAIL("with-prefix output not classified standalone (PREFIX-6)");
      hcc_fuzz_free(&cr);
    }
  }
  jv_free(b);
  jv_free(w);
  hcc_fuzz_free(&sr);
}

static void classify_oracle(const char *in, size_t len, const hcc_fuzz_result *r) {
  static const char *const ok[] = {"\"merged\"", "\"standalone\"", "null"};
  for (size_t i = 0; i < 3; i++)
    if (r->out_len == strlen(ok[i]) && memcmp(r->out, ok[i], r->out_len) == 0) return;
  FAIL("classify-summary: output not \"merged\", \"standalone\" or null (PREFIX-6)");
}

/* ---- the rest ------------------------------------------------------------- */

static void messages_oracle(const char *in, size_t len, const hcc_fuzz_result *r) {
  jv *x = jv_parse(in, len);
  const jv *m = x ? jv_messages(x) : NULL;
  if (!m) FAIL("messages accepted input that is not a transcript (MODEL-1)");
  size_t lines = 0;
  for (size_t i = 0; i < r->out_len; i++) lines += r->out[i] == '\n';
  if (lines != m->len || (r->out_len && r->out[r->out_len - 1] != '\n'))
    FAIL("messages: not one line per message (MODEL-3)");
  jv_free(x);
}

/* Running op again on its own output must give the same bytes. */
static void idempotent(hcc_op op, const hcc_params *p, const char *in, size_t len,
                       const hcc_fuzz_result *r, const char *what) {
  hcc_fuzz_result again = hcc_fuzz_run(op, p, r->out, r->out_len);
  if (again.rc != HCC_OK) hcc_fuzz_fail(what, in, len);
  if (again.out_len != r->out_len || memcmp(again.out, r->out, r->out_len) != 0)
    hcc_fuzz_fail(what, in, len);
  hcc_fuzz_free(&again);
}

/* The previous summary explain reports is the one given (a NULL text is
 * JSON null). */
static int is_given(const jv *v, const char *s, size_t n) {
  if (!s) return v->k == JV_NULL;
  return v->k == JV_STR && v->n == n && memcmp(v->s, s, n) == 0;
}

/* compress (COMPRESS-1, 2, 15, 17): the explain form reports the outcome
 * and the state after the call, and carries exactly the plain output as
 * "result"; a pass that summarized (or fell back) ends with strip-policy
 * repair, so repairing its result again changes nothing, and counts one
 * more compaction; too few messages give the input back; the state is the
 * given one whenever the pass changes nothing, and the stub's body after a
 * summary. */
static void compress_oracle(const hcc_params *p, const char *in, size_t len, const hcc_fuzz_result *r) {
  hcc_params q = *p;
  q.explain = !p->explain;
  hcc_fuzz_result other = hcc_fuzz_run(HCC_OP_COMPRESS, &q, in, len);
  if (other.rc != HCC_OK) FAIL("compress: explain and plain runs disagree on accepting the input");
  const hcc_fuzz_result *ex = p->explain ? r : &other, *pl = p->explain ? &other : r;
  jv *e = jv_parse(ex->out, ex->out_len);
  static const char *const keys[7] = {"outcome", "compress_start", "compress_end", "summarized",
                                      "previous_summary", "compression_count", "result"};
  int ok = e && e->k == JV_OBJ && e->len == 7;
  for (size_t i = 0; ok && i < 7; i++) ok = jv_is_str(&e->keys[i], keys[i]);
  if (!ok)
    FAIL("compress explain: members are not outcome, compress_start, compress_end, summarized, "
         "previous_summary, compression_count, result (COMPRESS-1)");
  const jv *prev = &e->kids[4], *count = &e->kids[5];
  int counted = jv_is_str(&e->kids[0], "summarized") || jv_is_str(&e->kids[0], "fallback");
  if (count->k != JV_INT || num(e, "compression_count", in, len) != p->compression_count + counted)
    FAIL("compress: compression_count after the call is not the given one, plus one for a compaction (COMPRESS-17)");
  if (prev->k != JV_NULL && prev->k != JV_STR) FAIL("compress: previous_summary is neither a string nor null (COMPRESS-17)");
  if ((jv_is_str(&e->kids[0], "too_few_messages") || jv_is_str(&e->kids[0], "aborted")) &&
      !is_given(prev, p->previous_summary, p->previous_summary_len))
    FAIL("compress: a pass that changed nothing changed the previous summary (COMPRESS-17)");
  if (jv_is_str(&e->kids[0], "summarized") &&
      (prev->k != JV_STR || prev->n < 28 || memcmp(prev->s, "## Historical Task Snapshot\n", 28) != 0))
    FAIL("compress: the previous summary after a summary is not the stub's body (COMPRESS-7, 17)");
  /* "result" holds the plain output's bytes, then the closing brace */
  size_t m = pl->out_len;
  if (ex->out_len < m + 13 || memcmp(ex->out + ex->out_len - m - 13, ", \"result\": ", 12) != 0 ||
      memcmp(ex->out + ex->out_len - m - 1, pl->out, m) != 0 || ex->out[ex->out_len - 1] != '}')
    FAIL("compress: explain's result is not the plain output (COMPRESS-1)");
  const jv *oc = &e->kids[0];
  if (jv_is_str(oc, "summarized") || jv_is_str(oc, "fallback")) {
    hcc_params s = *p;
    s.policy = HCC_POLICY_STRIP;
    s.explain = 0;
    if (hcc_op_supported(HCC_OP_REPAIR)) {
      hcc_fuzz_result again = hcc_fuzz_run(HCC_OP_REPAIR, &s, pl->out, pl->out_len);
      if (again.rc != HCC_OK || again.out_len != m || memcmp(again.out, pl->out, m) != 0)
        FAIL("compress: summarized output is not repaired (COMPRESS-15)");
      hcc_fuzz_free(&again);
    }
  } else if (jv_is_str(oc, "too_few_messages")) {
    /* the input itself -- less the underscore members with wire, which
     * applies whatever the outcome (COMPRESS-16) */
    if (!p->wire && (m != len || memcmp(pl->out, in, len) != 0))
      FAIL("compress: too few messages but the output is not the input (COMPRESS-2)");
  } else if (!jv_is_str(oc, "empty_window") && !jv_is_str(oc, "aborted")) {
    FAIL("compress: unknown outcome (COMPRESS-1)");
  }
  /* COMPRESS-16: with wire, no member of an output message starts with _ */
  const jv *msgs = p->wire ? jv_messages(&e->kids[6]) : NULL;
  for (size_t i = 0; msgs && i < msgs->len; i++)
    for (size_t k = 0; msgs->kids[i].k == JV_OBJ && k < msgs->kids[i].len; k++)
      if (msgs->kids[i].keys[k].n > 0 && msgs->kids[i].keys[k].s[0] == '_')
        FAIL("compress: wire left an underscore member (COMPRESS-16)");
  jv_free(e);
  hcc_fuzz_free(&other);
}

void hcc_fuzz_oracles(hcc_op op, const hcc_params *p, const char *in, size_t len,
                      const hcc_fuzz_result *r) {
  /* Rejection is decided by the strict JSON layer first (JSON-*): input it
   * refuses must be refused by every op with the same code. */
  hcc_error verr;
  int vrc = hcc_json_validate(in, len, NULL, &verr);
  if (vrc != HCC_OK && r->rc != vrc) FAIL("op disagrees with hcc_json_validate on bad JSON");
  /* UTF-8 by an independent byte-at-a-time check (the validator's long
   * strings are checked by AVX2 blocks): accepted text is valid; the
   * first error is reported no later than the first bad sequence, and a
   * UTF-8 error exactly there. */
  size_t bad = hcc_ref_utf8_first_bad((const unsigned char *)in, len);
  if (vrc == HCC_OK && bad < len) FAIL("validator accepted bad UTF-8");
  if (vrc != HCC_OK && verr.offset > bad) FAIL("validator reported an error past the first bad UTF-8");
  if (vrc == HCC_E_UTF8 && verr.offset != bad) FAIL("validator's UTF-8 error is not at the first bad sequence");
  if (r->rc != HCC_OK) {
    if (r->out) FAIL("rejected input left an output");
    return;
  }
  if (ends_json(op) && hcc_json_validate(r->out, r->out_len, NULL, NULL) != HCC_OK)
    FAIL("output is not strict JSON");
  if (returns_transcript(op)) transcript_kind(p, op, in, len, r);
  switch (op) {
  case HCC_OP_VALIDATE:
    if (r->out_len != len || memcmp(r->out, in, len) != 0) FAIL("validate changed its input");
    break;
  case HCC_OP_MESSAGES:
    messages_oracle(in, len, r);
    break;
  case HCC_OP_REPAIR:
    repair_oracle(p, in, len, r);
    idempotent(op, p, in, len, r, "repair(repair(x)) != repair(x) (PAIRS-6)");
    break;
  case HCC_OP_TRUNCATE_ARGS:
    truncate_oracle(p, in, len, r);
    idempotent(op, p, in, len, r, "truncate(truncate(x)) != truncate(x)");
    break;
  case HCC_OP_STRIP_PREFIX:
    strip_oracle(p, in, len, r);
    break;
  case HCC_OP_WITH_PREFIX:
    with_oracle(p, in, len, r);
    break;
  case HCC_OP_CLASSIFY_SUMMARY:
    classify_oracle(in, len, r);
    break;
  case HCC_OP_ALIGN:
    align_oracle(p, in, len, r);
    break;
  case HCC_OP_ALIGN_AT:
    align_at_oracle(p, in, len, r);
    break;
  case HCC_OP_PRUNE:
  case HCC_OP_PRUNE_ONLY:
    prune_oracle(op, p, in, len, r);
    break;
  case HCC_OP_COMPRESS:
    compress_oracle(p, in, len, r);
    break;
  case HCC_OP_STRIP_MEDIA:
    media_oracle(p, in, len, r);
    idempotent(op, p, in, len, r, "strip-media(strip-media(x)) != strip-media(x) (PRUNE-11, 12)");
    break;
  case HCC_OP_TRAJECTORY:
    trajectory_oracle(in, len, r);
    break;
  case HCC_OP_REDACT: /* REDACT-1: the answer is one JSON string */
    if (r->out_len < 2 || r->out[0] != '"' || r->out[r->out_len - 1] != '"')
      FAIL("redact did not answer a JSON string");
    break;
  default:
    break;
  }
}
