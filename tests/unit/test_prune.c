/* test_prune.c -- the prune and prune-only ops (spec PRUNE-*) through the
 * public API, and the historical media sweep (media.c, spec PRUNE-11/12):
 * bytes kept, bytes rewritten, workspace and output sizing, linear time.
 *
 * Expected transcripts were produced by running the pinned hermes code with
 * python3 on the same input, e.g. for the first test
 *   c = ContextCompressor(model="m", quiet_mode=True, config_context_length=128000)
 *   out, n = c._prune_old_tool_results(json.loads(IN), protect_tail_count=1,
 *                                      protect_tail_tokens=0)
 *   json.dumps(out, ensure_ascii=False), n
 * and for the media tests
 *   json.dumps(_strip_historical_media(json.loads(IN)), ensure_ascii=False)
 * with agent/turn_context.py pinned (see README.md).  Byte identity of
 * untouched input is hcc's contract (MODEL-2, PRUNE-9), not Python's. */
#include <time.h>

#include "unit.h"

#include "internal.h"
#include "prune.h"
#include "transcript.h"

int hcc__op_strip_media(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                        hcc_out *o, hcc_error *err);
size_t hcc__need_strip_media(const hcc_json_info *info, size_t len);

static char out[1 << 20];
static size_t out_len;

static int run(hcc_op op, const hcc_params *p, const char *in) {
  size_t len = strlen(in), need;
  hcc_error err;
  int rc = hcc_workspace_size(op, p, in, len, &need, &err);
  if (rc != HCC_OK) return rc;
  void *ws = malloc(need ? need : 1);
  assert_non_null(ws);
  rc = hcc_run(op, p, in, len, ws, need, out, sizeof out - 1, &out_len, &err);
  free(ws);
  if (rc == HCC_OK) out[out_len] = 0;
  return rc;
}

static hcc_params count1(void) {
  hcc_params p;
  hcc_params_init(&p);
  p.tail_token_budget = 0;
  p.protect_last_n = 1;
  return p;
}

/* 225 code points: "line of output\n" fifteen times, as a JSON body */
#define OUT15 "line of output\\n" "line of output\\n" "line of output\\n" "line of output\\n" \
  "line of output\\n" "line of output\\n" "line of output\\n" "line of output\\n" "line of output\\n" \
  "line of output\\n" "line of output\\n" "line of output\\n" "line of output\\n" "line of output\\n" \
  "line of output\\n"

/* A summarised output in a compactly written transcript: the changed
 * message is written as json.dumps writes it, the others byte for byte. */
static void test_summary_and_bytes(void **state) {
  (void)state;
  hcc_params p = count1();
  const char *in =
      "[{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":\"function\","
      "\"function\":{\"name\":\"read_file\",\"arguments\":\"{\\\"path\\\": \\\"a.txt\\\"}\"}}]},"
      "{\"role\":\"tool\",\"tool_call_id\":\"a\",\"content\":\"" OUT15 "\",\"extra\":[1,2]},"
      "{\"role\":\"user\",\"content\":\"ok\"}]";
  assert_int_equal(run(HCC_OP_PRUNE, &p, in), HCC_OK);
  assert_string_equal(out,
      "[{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":\"function\","
      "\"function\":{\"name\":\"read_file\",\"arguments\":\"{\\\"path\\\": \\\"a.txt\\\"}\"}}]}, "
      "{\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"[read_file] read a.txt from line 1 "
      "(225 chars)\", \"extra\": [1,2]}, {\"role\":\"user\",\"content\":\"ok\"}]");
}

/* prune-only: whenever hermes hands back its input, the output is the
 * input byte for byte, odd spacing and escapes included. */
static void test_prune_only_no_op_bytes(void **state) {
  (void)state;
  const char *in = "  {\"messages\" : [ {\"role\":\"tool\",\"tool_call_id\":\"\\u0061\",\"content\":\"" OUT15
                   "\"} ,{\"role\":\"user\",\"content\":\"x\"}], \"k\":1e5 }\n";
  hcc_params p;
  hcc_params_init(&p); /* proactive_prune_tokens 0: disabled */
  assert_int_equal(run(HCC_OP_PRUNE_ONLY, &p, in), HCC_OK);
  assert_string_equal(out, in);
  p.proactive_prune_tokens = 10;
  p.current_tokens = 9; /* below the trigger */
  assert_int_equal(run(HCC_OP_PRUNE_ONLY, &p, in), HCC_OK);
  assert_string_equal(out, in);
  p.current_tokens = -1;
  p.protect_last_n = 0;
  p.protect_first_n = 0;
  p.proactive_prune_min_result_chars = 200;
  p.proactive_prune_min_reclaim_tokens = 0; /* commits: the output above 200 is summarised */
  assert_int_equal(run(HCC_OP_PRUNE_ONLY, &p, in), HCC_OK);
  assert_non_null(strstr(out, "\"content\": \"[unknown] (225 chars result)\""));
  assert_int_equal(strncmp(out, "  {\"messages\" : [", 17), 0);
}

/* explain: hermes's count (two duplicates: pass 1 counts each older copy). */
static void test_explain_count(void **state) {
  (void)state;
  hcc_params p = count1();
  p.protect_last_n = 10;
  p.explain = 1;
  const char *in = "[{\"role\": \"tool\", \"content\": \"" OUT15 "\"}, {\"role\": \"tool\", \"content\": \"" OUT15
                   "\"}, {\"role\": \"tool\", \"content\": \"" OUT15 "\"}]";
  assert_int_equal(run(HCC_OP_PRUNE, &p, in), HCC_OK);
  assert_int_equal(strncmp(out, "{\"pruned\": 2, \"result\": [{\"role\": \"tool\", \"content\": \"[Duplicate", 61), 0);
}

/* The dedupe key encodes a lone surrogate as "?" (errors="replace"). */
static void test_dedupe_surrogate_key(void **state) {
  (void)state;
  hcc_params p = count1();
  p.protect_last_n = 10;
  const char *in = "[{\"role\": \"tool\", \"content\": \"" OUT15 "\\ud800\"}, "
                   "{\"role\": \"tool\", \"content\": \"" OUT15 "?\"}]";
  assert_int_equal(run(HCC_OP_PRUNE, &p, in), HCC_OK);
  assert_non_null(strstr(out, "[Duplicate tool output \xe2\x80\x94 same content as a more recent call]"));
  assert_non_null(strstr(out, OUT15 "?\"}]"));
}

/* Sizing: a workspace one byte short fails cleanly; a short output buffer
 * reports the size needed. */
static void test_sizing(void **state) {
  (void)state;
  hcc_params p = count1();
  const char *in = "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"terminal\", "
                   "\"arguments\": \"{\\\"command\\\": \\\"ls\\\"}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"a\", "
                   "\"content\": \"" OUT15 "\"}, {\"role\": \"user\", \"content\": \"ok\"}]";
  size_t len = strlen(in), need, n;
  hcc_error err;
  assert_int_equal(hcc_workspace_size(HCC_OP_PRUNE, &p, in, len, &need, &err), HCC_OK);
  assert_true(need <= hcc_workspace_bound(HCC_OP_PRUNE, len));
  char *ws = malloc(need);
  assert_non_null(ws);
  char small[16];
  assert_int_equal(hcc_run(HCC_OP_PRUNE, &p, in, len, ws, need, small, sizeof small, &n, &err), HCC_E_NOSPACE);
  assert_int_equal(hcc_run(HCC_OP_PRUNE, &p, in, len, ws, need, out, sizeof out, &out_len, &err), HCC_OK);
  assert_int_equal(n, out_len);
  assert_int_equal(hcc_run(HCC_OP_PRUNE, &p, in, len, ws, 64, out, sizeof out, &n, &err), HCC_E_WORKSPACE);
  free(ws);
}

/* tool_calls true: hermes raises while indexing the calls (DIV-PAIRS-1). */
static void test_reject(void **state) {
  (void)state;
  hcc_params p = count1();
  assert_int_equal(run(HCC_OP_PRUNE, &p, "[{\"role\": \"assistant\", \"tool_calls\": true}]"), HCC_E_SHAPE);
  assert_int_equal(run(HCC_OP_PRUNE, &p, "[1]"), HCC_E_SHAPE);
}

/* Appends a read_file call (path, and 300 KB of other arguments) answered
 * by 20,000 outputs, and the closing "]"; returns the new length. */
static size_t one_call_answered(char *in, size_t n, const char *path) {
  n += (size_t)sprintf(in + n, "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"a\", \"function\": "
                                "{\"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"%s\\\", \\\"x\\\": \\\"", path);
  for (int i = 0; i < 300000; i++) in[n++] = 'y';
  n += (size_t)sprintf(in + n, "\\\"}\"}}]}");
  for (int i = 0; i < 20000; i++)
    n += (size_t)sprintf(in + n, ", {\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"%05d" OUT15 "\"}", i);
  return n + (size_t)sprintf(in + n, "]");
}

/* Linear time: 20,000 outputs answer one call whose arguments hold 300 KB;
 * the call's head is formatted (its arguments parsed) once and kept, not
 * once per output: that would parse 6 GB, seconds at -O2 (3,000 outputs
 * took 0.3 s there before heads were kept, 2.5 s in the coverage build). */
static void test_many_outputs_one_call(void **state) {
  (void)state;
  size_t cap = 20000 * 300 + 400000, n = 0;
  char *in = malloc(cap);
  assert_non_null(in);
  in[n++] = '[';
  n = one_call_answered(in, n, "p");
  in[n] = 0;
  hcc_params p = count1();
  size_t need;
  hcc_error err;
  assert_int_equal(hcc_workspace_size(HCC_OP_PRUNE, &p, in, n, &need, &err), HCC_OK);
  char *ws = malloc(need), *big = malloc(4 << 20);
  assert_true(ws && big);
  clock_t t0 = clock();
  assert_int_equal(hcc_run(HCC_OP_PRUNE, &p, in, n, ws, need, big, 4 << 20, &out_len, &err), HCC_OK);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  big[out_len < (4u << 20) ? out_len : 0] = 0;
  assert_non_null(strstr(big, "\"content\": \"[read_file] read p from line 1 (230 chars)\"}, "));
  print_message("20000 outputs of one call: %.3f s\n", secs);
  assert_true(secs < 1.0); /* 0.2 s in the coverage build */
  free(ws);
  free(big);
  free(in);
}

/* A transcript parsed and pruned through the internal API (protect_last_n
 * 1, no token budget), in the workspace the sizing asks for, so a test
 * can read the prune's counters; pruned_write writes every message. */
typedef struct pruned {
  hcc_arena a;
  hcc_transcript t;
  hcc_prune pr;
  char *ws;
} pruned;

static void prune_in(pruned *q, const char *in, size_t n) {
  hcc_json_info info;
  hcc_error err;
  assert_int_equal(hcc_json_validate(in, n, &info, &err), HCC_OK);
  size_t need = hcc__transcript_need(&info) + hcc__prune_need(&info, n, 1);
  hcc_prune_cfg cfg = {1, 0, HCC_PRUNE_MIN_CHARS, NULL};
  q->ws = malloc(need);
  assert_non_null(q->ws);
  hcc__arena_init(&q->a, q->ws, need);
  assert_int_equal(hcc__transcript_parse(&q->t, in, n, HCC_PARSE_IDS, &q->a, &err), HCC_OK);
  assert_int_equal(hcc__prune_run(&q->pr, &q->t, &cfg, n, &q->a, &err), HCC_OK);
}

/* Messages from..to - 1 written into buf (NUL-terminated). */
static void pruned_write(pruned *q, int from, int to, char *buf, size_t cap) {
  hcc_out o;
  hcc_error err;
  hcc__out_init(&o, buf, cap - 1);
  for (int i = from; i < to; i++) assert_int_equal(hcc__prune_write_msg(&q->pr, i, &o, &err), HCC_OK);
  assert_true(o.len < cap);
  buf[o.len] = 0;
}

/* The same, after the heads store's cache is full, counted rather than
 * timed: 4,000 terminal calls with 150-character commands each get a
 * summary first, and their heads (126 bytes, more than a third of their
 * call's 176 bytes of strings) fill the cache; then a read_file call with
 * a 200-character path and 300 KB of arguments is answered 20,000 times.
 * Its head (241 bytes, under a third of its strings) must be kept: the
 * cache, with less than 126 bytes left, is dropped for it.  Every head is
 * then made at most twice (for its memo, and once more by the writer when
 * the cache that held it was dropped); a read_file head not kept would be
 * made 20,000 times, parsing the arguments each time. */
static void test_many_outputs_after_cache(void **state) {
  (void)state;
  size_t cap = 4000 * 600 + 20000 * 300 + 400000, n = 0;
  char *in = malloc(cap), path[201], cmd[151];
  assert_non_null(in);
  memset(path, 'p', 200), path[200] = 0;
  memset(cmd, 'c', 150), cmd[150] = 0;
  in[n++] = '[';
  for (int i = 0; i < 4000; i++) {
    n += (size_t)sprintf(in + n, "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"t%d\", \"function\": "
                                  "{\"name\": \"terminal\", \"arguments\": \"{\\\"command\\\": \\\"%s\\\"}\"}}]}, "
                                  "{\"role\": \"tool\", \"tool_call_id\": \"t%d\", \"content\": \"t%05d" OUT15 "\"}, ",
                         i, cmd, i, i);
  }
  n = one_call_answered(in, n, path);
  assert_true(n < cap);
  size_t big_cap = 16 << 20;
  char *big = malloc(big_cap);
  assert_non_null(big);
  pruned q;
  prune_in(&q, in, n);
  pruned_write(&q, 0, q.t.nmsg, big, big_cap);
  assert_true(q.pr.heads_nocache); /* the cache was dropped */
  assert_true(q.pr.heads_made <= 2 * 4001);
  char want[400];
  sprintf(want, "\"content\": \"[terminal] ran `%.77s...` -> exit ?, 16 lines output\"}", cmd);
  assert_non_null(strstr(big, want));
  sprintf(want, "\"content\": \"[read_file] read %s from line 1 (230 chars)\"}", path);
  size_t heads = 0;
  for (const char *s = big; (s = strstr(s, want)) != NULL; s++) heads++;
  assert_int_equal(heads, 19999); /* the last output is protected */
  print_message("20000 outputs of one call after a full cache: %zu heads made\n", q.pr.heads_made);
  free(q.ws);
  free(big);
  free(in);
}

/* A head longer than its call's strings (read_file of "a.c": 34 bytes of
 * head, "[read_file] read a.c from line 1 (", on 28 of name and arguments)
 * is kept while the store has room, like any head that need not be: each
 * is made once, in pass 2, and written from the store, not made again for
 * the write (1,000 outputs: 999 heads made, 1,998 when such heads were
 * never kept).  The room: one call with 300 KB of arguments, unanswered,
 * makes the store 100 KB. */
static void test_long_heads_kept_once(void **state) {
  (void)state;
  enum { CALLS = 1000, BIG = 300000 };
  size_t cap = CALLS * 500 + BIG + 200, n = 0;
  char *in = malloc(cap), *big = malloc(1 << 20);
  assert_true(in && big);
  n += (size_t)sprintf(in + n, "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"w\", \"function\": "
                                "{\"name\": \"patch\", \"arguments\": \"{\\\"text\\\": \\\"");
  memset(in + n, 'x', BIG), n += BIG;
  n += (size_t)sprintf(in + n, "\\\"}\"}}]}, ");
  for (int i = 0; i < CALLS; i++)
    n += (size_t)sprintf(in + n, "%s{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"t%d\", \"function\": "
                                  "{\"name\": \"read_file\", \"arguments\": \"{\\\"path\\\": \\\"a.c\\\"}\"}}]}, "
                                  "{\"role\": \"tool\", \"tool_call_id\": \"t%d\", \"content\": \"t%05d" OUT15 "\"}",
                         i ? ", " : "", i, i, i);
  in[n++] = ']';
  assert_true(n < cap);
  pruned q;
  prune_in(&q, in, n);
  assert_int_equal(q.pr.pruned, CALLS - 1); /* the last output is protected */
  size_t made = q.pr.heads_made;
  pruned_write(&q, 0, q.t.nmsg, big, 1 << 20);
  assert_false(q.pr.heads_nocache);
  assert_int_equal(made, CALLS - 1);
  assert_int_equal(q.pr.heads_made, CALLS - 1); /* none made again for the write */
  const char *want = "\"content\": \"[read_file] read a.c from line 1 (";
  size_t heads = 0;
  for (const char *at = big; (at = strstr(at, want)) != NULL; at++) heads++;
  assert_int_equal(heads, CALLS - 1);
  free(q.ws);
  free(big);
  free(in);
}

/* The index of calls (hermes's call_id_to_tool) holds a key per call and
 * "": it is sized by the calls, not by the messages.  20,000 messages, of
 * them 2,000 results whose ids no call has, and one call: lookups of the
 * absent ids still end (the table is at most half full), and the result
 * of the one call still finds it. */
static void test_index_sized_by_calls(void **state) {
  (void)state;
  enum { MSGS = 20000 };
  size_t cap = MSGS * 400 + 1000, n = 0;
  char *in = malloc(cap);
  assert_non_null(in);
  n += (size_t)sprintf(in + n, "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"function\": "
                                "{\"name\": \"terminal\", \"arguments\": \"{}\"}}]}, "
                                "{\"role\": \"tool\", \"tool_call_id\": \"c\", \"content\": \"t" OUT15 "\"}");
  for (int i = 2; i < MSGS; i++) {
    if (i % 10) n += (size_t)sprintf(in + n, ", {\"role\": \"user\", \"content\": \"hello %d\"}", i);
    else n += (size_t)sprintf(in + n, ", {\"role\": \"tool\", \"tool_call_id\": \"x%d\", \"content\": \"t%d" OUT15 "\"}", i, i);
  }
  in[n++] = ']';
  assert_true(n < cap);
  char *buf = malloc(1 << 16);
  assert_non_null(buf);
  pruned q;
  prune_in(&q, in, n);
  assert_int_equal(q.t.ncall, 1);
  assert_true(q.pr.nslot <= hcc__table_slots(2)); /* not 2 slots a message */
  pruned_write(&q, 1, 2, buf, 1 << 16);
  assert_non_null(strstr(buf, "[terminal] ran")); /* its call found */
  pruned_write(&q, 10, 11, buf, 1 << 16);
  assert_non_null(strstr(buf, "\"content\": \"[unknown] (228 chars result)\"")); /* no call: ("unknown", "") */
  free(q.ws);
  free(buf);
  free(in);
}

/* ---- what the duplicate pass learns (PRUNE-3 feeding PRUNE-4, PRUNE-6) ----- */

/* Appends a JSON body of n decoded characters to in: letters, a newline
 * every 37th, with `wide` an "é" every 11th (two bytes, one code point);
 * *nl and *cps count the newlines and code points. */
static size_t filler(char *in, size_t n0, size_t n, int wide, size_t *nl, size_t *cps) {
  for (size_t j = 0; j < n; j++, (*cps)++) {
    if (j % 37 == 36) {
      in[n0++] = '\\', in[n0++] = 'n', (*nl)++;
    } else if (wide && j % 11 == 0) {
      in[n0++] = '\xc3', in[n0++] = '\xa9';
    } else {
      in[n0++] = (char)('a' + j % 26);
    }
  }
  return n0;
}

static size_t call(char *in, size_t n, int id, const char *name, const char *args) {
  return n + (size_t)sprintf(in + n, "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"c%d\", "
                                     "\"type\": \"function\", \"function\": {\"name\": \"%s\", \"arguments\": \"%s\"}}]}, "
                                     "{\"role\": \"tool\", \"tool_call_id\": \"c%d\", \"content\": \"", id, name, args, id);
}

/* The duplicate pass decodes each long output in pieces of about 1 KB
 * and learns its newlines, code points and whether it can hold
 * "exit_code" while hashing it; the summaries read those instead of the
 * text.  Outputs with the key at every offset up to 2,400 put its quote
 * at the end of a piece, and its letters on both sides of a boundary;
 * each summary must still show the exit code and the line count
 * (content.count("\n") + 1), and each read_file summary the code points
 * of a text of two-byte characters longer than a piece. */
static void test_facts_across_pieces(void **state) {
  (void)state;
  enum { N = 2400, R = 40 };
  size_t cap = (size_t)(N + R) * 6000, n = 0;
  char *in = malloc(cap), *big = malloc(8 << 20);
  size_t *lines = malloc((N + R) * sizeof *lines);
  assert_true(in && big && lines);
  in[n++] = '[';
  for (int o = 0; o < N + R; o++) {
    size_t nl = 0, cps = 0;
    if (o < N) {
      n = call(in, n, o, "terminal", "{\\\"command\\\": \\\"ls\\\"}");
      n = filler(in, n, (size_t)o, 0, &nl, &cps);
      n += (size_t)sprintf(in + n, "\\\"exit_code\\\": %d", o % 97);
      n = filler(in, n, 250, 0, &nl, &cps);
      lines[o] = nl + 1;
    } else {
      n = call(in, n, o, "read_file", "{\\\"path\\\": \\\"f\\\"}");
      n = filler(in, n, 1000 + (size_t)(o - N) * 37, 1, &nl, &cps);
      lines[o] = cps; /* what its summary prints */
    }
    n += (size_t)sprintf(in + n, "\"}, ");
  }
  n += (size_t)sprintf(in + n, "{\"role\": \"user\", \"content\": \"ok\"}]");
  hcc_params p = count1();
  size_t need;
  hcc_error err;
  assert_int_equal(hcc_workspace_size(HCC_OP_PRUNE, &p, in, n, &need, &err), HCC_OK);
  char *ws = malloc(need);
  assert_non_null(ws);
  assert_int_equal(hcc_run(HCC_OP_PRUNE, &p, in, n, ws, need, big, (8 << 20) - 1, &out_len, &err), HCC_OK);
  big[out_len] = 0;
  const char *at = big;
  char want[128];
  for (int o = 0; o < N + R; o++) {
    if (o < N) /* the read_file texts have 1,000 to 2,443 code points: f"{n:,}" */
      sprintf(want, "\"content\": \"[terminal] ran `ls` -> exit %d, %zu lines output\"}", o % 97, lines[o]);
    else
      sprintf(want, "\"content\": \"[read_file] read f from line 1 (%zu,%03zu chars)\"}", lines[o] / 1000,
              lines[o] % 1000);
    const char *hit = strstr(at, want);
    if (!hit) print_message("offset %d: no %s\n", o, want);
    assert_non_null(hit);
    at = hit + strlen(want);
  }
  free(ws);
  free(lines);
  free(big);
  free(in);
}

/* The tests of pass 2 and of the tails on what the duplicate pass learns
 * of a text's start and blankness, against hermes's answers: a placeholder
 * or summary prefix spelt with an escape is the same prefix (the output
 * stays); text blank in Python's sense, ASCII or U+3000, has 0 lines, and
 * is not blank once one letter follows. */
static void test_facts_decoded(void **state) {
  (void)state;
  size_t cap = 1 << 16, n = 0, nl = 0, cps = 0;
  char *in = malloc(cap);
  assert_non_null(in);
  in[n++] = '[';
  const char *kept[] = {"\\u005bDuplicate tool output", "\\u005bscreenshot removed", "\\u005b"};
  for (int k = 0; k < 3; k++) {
    n = call(in, n, k, "terminal", "{\\\"command\\\": \\\"ls\\\"}");
    n += (size_t)sprintf(in + n, "%s", kept[k]);
    n = filler(in, n, 250 + (size_t)k, 0, &nl, &cps);
    n += (size_t)sprintf(in + n, "%s\"}, ", k == 2 ? "(9 chars)" : "");
  }
  for (int k = 0; k < 4; k++) { /* blank: spaces, newlines, U+3000; then U+3000 and a letter */
    n = call(in, n, 10 + k, "terminal", "{\\\"command\\\": \\\"ls\\\"}");
    for (int j = 0; j < 210; j++)
      n += (size_t)sprintf(in + n, "%s", k == 0 ? " \\t" : k == 1 ? "\\n" : "\xe3\x80\x80");
    n += (size_t)sprintf(in + n, "%s\"}, ", k == 3 ? "x\\n" : "");
  }
  n += (size_t)sprintf(in + n, "{\"role\": \"user\", \"content\": \"ok\"}]");
  in[n] = 0;
  hcc_params p = count1();
  assert_int_equal(run(HCC_OP_PRUNE, &p, in), HCC_OK);
  assert_non_null(strstr(out, "\"content\": \"\\u005bDuplicate tool outputabcd"));
  assert_non_null(strstr(out, "\"content\": \"\\u005bscreenshot removedabcd"));
  /* "[" ... " chars)" under 400 code points reads as a summary line */
  assert_non_null(strstr(out, "\"content\": \"\\u005babcd"));
  const char *want[] = {"exit ?, 0 lines output", "exit ?, 0 lines output", "exit ?, 0 lines output",
                        "exit ?, 2 lines output"};
  const char *at = out;
  for (int k = 0; k < 4; k++) {
    const char *hit = strstr(at, want[k]);
    assert_non_null(hit);
    at = hit + 1;
  }
  free(in);
}

/* ---- historical media (media.c) ------------------------------------------ */

static int run_media(const char *in) {
  size_t len = strlen(in);
  hcc_json_info info;
  hcc_error err;
  assert_int_equal(hcc_json_validate(in, len, &info, &err), HCC_OK);
  size_t need = hcc__need_strip_media(&info, len);
  void *ws = malloc(need);
  hcc_arena a;
  hcc_out o;
  hcc__arena_init(&a, ws, need);
  hcc__out_init(&o, out, sizeof out - 1);
  int rc = hcc__op_strip_media(NULL, in, len, &a, &o, &err);
  free(ws);
  out[o.len] = 0;
  return rc;
}

#define IMG "{\"type\": \"image_url\", \"image_url\": {\"url\": \"data:image/png;base64,AAAA\"}}"
#define STRIPPED "{\"type\": \"text\", \"text\": \"[Attached image \xe2\x80\x94 stripped after compression]\"}"

/* Every message before the newest user message with an image loses its
 * image parts (any role) and its api_content; later ones keep theirs. */
static void test_media_anchor(void **state) {
  (void)state;
  const char *in = "[{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"look\"}, " IMG "], \"api_content\": \"x\"}, "
                   "{\"role\": \"tool\", \"tool_call_id\": \"c\", \"content\": [" IMG ", \"s\"]}, "
                   "{\"role\": \"user\", \"content\": [" IMG "]}, "
                   "{\"role\": \"assistant\", \"content\": [" IMG "]}]";
  assert_int_equal(run_media(in), HCC_OK);
  assert_string_equal(out,
      "[{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"look\"}, " STRIPPED "]}, "
      "{\"role\": \"tool\", \"tool_call_id\": \"c\", \"content\": [" STRIPPED ", \"s\"]}, "
      "{\"role\": \"user\", \"content\": [" IMG "]}, "
      "{\"role\": \"assistant\", \"content\": [" IMG "]}]");
}

/* No image-bearing user message after index 0: nothing changes, and a
 * message without images keeps its api_content. */
static void test_media_no_anchor(void **state) {
  (void)state;
  const char *in = "[{\"role\":\"user\",\"content\":[" IMG "]},{\"role\":\"assistant\",\"content\":[" IMG "],\"api_content\":\"a\"}]";
  assert_int_equal(run_media(in), HCC_OK);
  assert_string_equal(out, "[{\"role\":\"user\",\"content\":[" IMG "]}, {\"role\":\"assistant\",\"content\":[" IMG "],\"api_content\":\"a\"}]");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_summary_and_bytes),
      cmocka_unit_test(test_prune_only_no_op_bytes),
      cmocka_unit_test(test_explain_count),
      cmocka_unit_test(test_dedupe_surrogate_key),
      cmocka_unit_test(test_sizing),
      cmocka_unit_test(test_reject),
      cmocka_unit_test(test_many_outputs_one_call),
      cmocka_unit_test(test_many_outputs_after_cache),
      cmocka_unit_test(test_long_heads_kept_once),
      cmocka_unit_test(test_index_sized_by_calls),
      cmocka_unit_test(test_facts_across_pieces),
      cmocka_unit_test(test_facts_decoded),
      cmocka_unit_test(test_media_anchor),
      cmocka_unit_test(test_media_no_anchor),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
