/* test_sizing.c -- the rewrite weight in the sizing (bytes.c, and the
 * bounds that use hcc_json_info.max_deep_weight: compress's staged
 * message, the estimator's render buffer, a summary head, shrunk
 * arguments).
 *
 * Each case puts one heavy container where one rule renders it: the
 * system content the note is appended to (str()), the first tail
 * message the summary is merged into, the path a read_file head formats,
 * the arguments truncate-args cuts, a content and arguments in one
 * message; and the stub body merged into the first tail message, of 1,500
 * calls named with nothing but escapes.  The container repeats the atom whose
 * rendering grows most for one weight class (a float for digits, a
 * one-letter string for '"', DEL, non-printable code points, \b, both
 * quotes, empty lists for separators, \u0001, \\ and \").  Every op that
 * reads the case then runs in exactly the workspace hcc_workspace_size
 * asks for.  With any class weighed 1, some of them fail. */
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void rep(unit_text *b, const char *s, size_t k, const char *sep) {
  for (size_t i = 0; i < k; i++) {
    if (i && sep) unit_puts(b, sep);
    unit_puts(b, s);
  }
}

/* The atom of a class as JSON text (R of its piece in one string). */
enum { R = 200, ATOMS = 60 };
static void atom(unit_text *b, int kind) {
  static const char *const piece[] = {"", "", "\x7f", "\xc2\x85", "\xe2\x80\x8b", "\xf3\xa0\x80\x81", "\\b",
                                      "'", "", "", "\\u0001", "\\\\\\\""};
  switch (kind) {
  case 0: unit_puts(b, "1e15"); return;
  case 1: unit_puts(b, "1e9"); return;
  case 8: unit_puts(b, "["), rep(b, "[]", R, ","), unit_puts(b, "]"); return;
  case 9: unit_puts(b, "\"a\""); return;
  default:
    unit_puts(b, "\""), rep(b, piece[kind], R, NULL);
    if (kind == 7) unit_puts(b, "\\\""); /* both quotes: repr escapes every ' */
    unit_puts(b, "\"");
  }
}
#define KINDS 12

/* {"k": [atom, atom, ...]} */
static void heavy(unit_text *b, int kind) {
  unit_puts(b, "{\"k\":[");
  for (int i = 0; i < ATOMS; i++) {
    if (i) unit_puts(b, ",");
    atom(b, kind);
  }
  unit_puts(b, "]}");
}

/* heavy(kind) as the body of a JSON string. */
static void heavy_escaped(unit_text *b, int kind) {
  unit_text h = {0};
  heavy(&h, kind);
  for (size_t i = 0; i < h.n; i++) {
    if (h.buf[i] == '"' || h.buf[i] == '\\') unit_put(b, "\\", 1);
    unit_put(b, h.buf + i, 1);
  }
  free(h.buf);
}

static void filler(unit_text *b, int k) {
  rep(b, "{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\",\"content\":\"ok\"}", (size_t)k, ",");
}

static void make_case(unit_text *b, int where, int kind) {
  static const char *const tool = ",{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"";
  b->n = 0;
  switch (where) {
  case 0: /* COMPRESS-10: str() of the system content */
    unit_puts(b, "[{\"role\":\"system\",\"content\":"), heavy(b, kind), unit_puts(b, "},"), filler(b, 12);
    break;
  case 1: /* COMPRESS-14: the summary merged into a dict content */
    unit_puts(b, "[{\"role\":\"system\",\"content\":\"s\"},"), filler(b, 8);
    unit_puts(b, ",{\"role\":\"user\",\"content\":"), heavy(b, kind), unit_puts(b, "},{\"role\":\"assistant\",\"content\":\"ok\"}");
    break;
  case 4: /* both: a dict content and long arguments in one message */
    unit_puts(b, "[{\"role\":\"system\",\"content\":\"s\"},"), filler(b, 8);
    unit_puts(b, ",{\"role\":\"assistant\",\"content\":"), heavy(b, kind);
    unit_puts(b, ",\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"write_file\",\"arguments\":\"");
    heavy_escaped(b, kind);
    unit_puts(b, "\"}}]}"), unit_puts(b, tool), rep(b, "x", 400, NULL), unit_puts(b, "\"},"), filler(b, 3);
    break;
  case 5: /* the stub body: many calls whose names are all escapes */
    unit_puts(b, "[{\"role\":\"system\",\"content\":\"s\"},{\"role\":\"user\",\"content\":\"go\"}");
    for (int k = 0; k < 1500; k++) {
      unit_puts(b, ",{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\",");
      unit_puts(b, "\"function\":{\"name\":\""), rep(b, kind & 1 ? "\\\"" : "\\u2028\\\\", 40, NULL);
      unit_puts(b, "\",\"arguments\":\"{}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"c\",\"content\":\"r\"}");
    }
    unit_puts(b, ",{\"role\":\"user\",\"content\":\"and?\"},{\"role\":\"assistant\",\"content\":\"ok\"}");
    break;
  case 2: /* a read_file head formats str(path) */
  case 3: /* truncate-args cuts every string of the arguments */
    unit_puts(b, "[{\"role\":\"system\",\"content\":\"s\"},{\"role\":\"user\",\"content\":\"go\"},");
    unit_puts(b, "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",");
    unit_puts(b, where == 2 ? "\"function\":{\"name\":\"read_file\",\"arguments\":\"{\\\"path\\\":"
                        : "\"function\":{\"name\":\"write_file\",\"arguments\":\"");
    heavy_escaped(b, kind);
    unit_puts(b, where == 2 ? "}\"}}]}" : "\"}}]}");
    unit_puts(b, tool), rep(b, "x", 400, NULL), unit_puts(b, "\"},"), filler(b, 8);
    break;
  }
  unit_puts(b, "]");
}

/* Runs op in exactly the workspace the sizing asks for. */
static int run_sized(hcc_op op, const hcc_params *p, const char *in, size_t len, size_t *need) {
  hcc_error err;
  assert_int_equal(hcc_workspace_size(op, p, in, len, need, &err), HCC_OK);
  void *ws = malloc(*need ? *need : 1);
  size_t cap = 16 * len + 65536, out_len = 0;
  char *out = malloc(cap);
  assert_non_null(ws);
  assert_non_null(out);
  int rc = hcc_run(op, p, in, len, ws, *need, out, cap, &out_len, &err);
  if (rc != HCC_OK) print_error("%s: %s: %s\n", hcc_op_name(op), hcc_error_name(rc), err.message);
  free(ws);
  free(out);
  return rc;
}

static void test_worst_cases(void **state) {
  (void)state;
  static const hcc_op ops[] = {HCC_OP_ALIGN, HCC_OP_PRUNE, HCC_OP_PRUNE_ONLY, HCC_OP_TRUNCATE_ARGS, HCC_OP_COMPRESS};
  unit_text b = {0};
  for (int where = 0; where < 6; where++)
    for (int kind = 0; kind < KINDS; kind++) {
      make_case(&b, where, kind);
      assert_int_equal(hcc_json_validate(b.buf, b.n, NULL, NULL), HCC_OK);
      for (int set = 0; set < 5; set++) {
        hcc_params p;
        hcc_params_init(&p);
        if (set != 1) { /* small enough that the head and the middle are compacted */
          p.context_length = 2000;
          p.tail_token_budget = 0;
          p.protect_last_n = set == 0 ? 2 : set == 2 ? 3 : set == 3 ? 4 : 5;
          p.protect_first_n = set ? 0 : 1;
        }
        if (set) p.head_chars = 0;
        if (set == 1) p.truncate_all = 1;
        for (size_t o = 0; o < N(ops); o++) {
          size_t need;
          int rc = run_sized(ops[o], &p, b.buf, b.n, &need);
          if (rc != HCC_OK) print_error("case %d/%d, parameters %d\n", where, kind, set);
          assert_int_equal(rc, HCC_OK);
        }
      }
    }
  free(b.buf);
}

/* The bounds come closer than the bytes alone give them.  On this
 * transcript (88 KB, its largest message an arguments string of 18 KB of
 * prose) compress asked for 13.7 times the input, three staged copies of
 * 12 times that message alone (36 M), and truncate-args for 3.2 times,
 * its result buffer 6 times the arguments; with the weight, 5.7 and 1.4
 * times. */
static void test_closer(void **state) {
  (void)state;
  unit_text b = {0};
  unit_puts(&b, "[{\"role\":\"system\",\"content\":\"s\"},");
  for (int t = 0; t < 40; t++) {
    char id[32];
    snprintf(id, sizeof id, "c%d", t);
    unit_puts(&b, "{\"role\":\"user\",\"content\":\"go on\"},{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"");
    unit_puts(&b, id);
    unit_puts(&b, "\",\"type\":\"function\",\"function\":{\"name\":\"write_file\",\"arguments\":\"{\\\"path\\\": \\\"a.txt\\\", \\\"content\\\": \\\"");
    rep(&b, "the quick brown fox jumps over the lazy dog ", t == 7 ? 400 : 20, NULL);
    unit_puts(&b, "\\\"}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"");
    unit_puts(&b, id);
    unit_puts(&b, "\",\"content\":\"");
    rep(&b, "line of output\\n", 40, NULL);
    unit_puts(&b, "\"},");
  }
  unit_puts(&b, "{\"role\":\"user\",\"content\":\"done?\"}]");
  hcc_json_info info;
  assert_int_equal(hcc_json_validate(b.buf, b.n, &info, NULL), HCC_OK);
  /* prose weighs little more than its bytes */
  assert_true(info.max_deep_weight < 2 * info.max_deep_container);
  hcc_params p;
  hcc_params_init(&p);
  p.context_length = 8000;
  size_t need;
  assert_int_equal(run_sized(HCC_OP_COMPRESS, &p, b.buf, b.n, &need), HCC_OK);
  assert_true(need < 36 * info.max_message);
  assert_int_equal(run_sized(HCC_OP_TRUNCATE_ARGS, &p, b.buf, b.n, &need), HCC_OK);
  assert_true(need < 6 * info.max_message + b.n);
  free(b.buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_worst_cases), cmocka_unit_test(test_closer)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
