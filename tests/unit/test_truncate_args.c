/* test_truncate_args.c -- the truncate-args op (spec ARGS-*) through the
 * public API: what is rewritten, what is copied byte for byte, workspace
 * and output sizing.
 *
 * Expected arguments texts are Python's: each was produced by running the
 * pinned hermes function with python3, e.g.
 *   python3 -c 'import json,sys; sys.path.insert(0,"/tmp/hermes-src"); ...
 *     print(json.dumps(_truncate_tool_call_args_json(ARGS, HEAD), ensure_ascii=False))'
 * for ARGS = '{"a":"abcdef","b":[1E5,-0]}' HEAD 3, '["a","a","a"]' 0,
 * '[1e15,1e15]' 200, '{"a":"a","a":"bb"}' 0,
 * '{"k\u00e9": "\u00e9\u00e9\u00e9\u00e9", "n": null}' 2, 'not json' 0 and
 * '"\ud83d\ude00\ud83d\ude00x"' 1 (the JSON-escaped results are below).
 * The lone-surrogate test pins divergence DIV-ARGS-4 (spec decision). */
#include "unit.h"

typedef struct run_result {
  int rc;
  size_t need;
  char out[65536];
  size_t out_len;
} run_result;

static run_result R;

static int run_params(const char *in, const hcc_params *p) {
  size_t len = strlen(in);
  hcc_error err;
  int rc = hcc_workspace_size(HCC_OP_TRUNCATE_ARGS, p, in, len, &R.need, &err);
  if (rc != HCC_OK) return R.rc = rc;
  void *ws = malloc(R.need ? R.need : 1);
  assert_non_null(ws);
  R.rc = hcc_run(HCC_OP_TRUNCATE_ARGS, p, in, len, ws, R.need, R.out, sizeof R.out - 1,
                 &R.out_len, &err);
  free(ws);
  if (R.rc == HCC_OK) R.out[R.out_len] = 0;
  return R.rc;
}

/* truncate_all with head_chars */
static int run_all(const char *in, int64_t head) {
  hcc_params p;
  hcc_params_init(&p);
  p.truncate_all = 1;
  p.head_chars = head;
  return run_params(in, &p);
}

/* one assistant message whose only call has the given arguments (a JSON
 * string body, already escaped for the transcript) */
static const char *one_call(const char *args_body) {
  static char buf[65536];
  snprintf(buf, sizeof buf,
           "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c\", \"function\": "
           "{\"name\": \"w\", \"arguments\": \"%s\"}}]}]",
           args_body);
  return buf;
}

static void expect_args(const char *args_in, int64_t head, const char *args_out) {
  static char want[65536];
  snprintf(want, sizeof want, "%s", one_call(args_out));
  assert_int_equal(run_all(one_call(args_in), head), HCC_OK);
  assert_string_equal(R.out, want);
}

static void test_cut_and_reformat(void **state) {
  (void)state;
  expect_args("{\\\"a\\\":\\\"abcdef\\\",\\\"b\\\":[1E5,-0]}", 3,
              "{\\\"a\\\": \\\"abc...[truncated]\\\", \\\"b\\\": [100000.0, 0]}");
}

static void test_duplicate_keys_and_head_zero(void **state) {
  (void)state;
  expect_args("{\\\"a\\\":\\\"a\\\",\\\"a\\\":\\\"bb\\\"}", 0, "{\\\"a\\\": \\\"...[truncated]\\\"}");
}

static void test_code_points_not_bytes(void **state) {
  (void)state;
  /* escaped key and value come back raw; two code points kept */
  expect_args("{\\\"k\\\\u00e9\\\": \\\"\\\\u00e9\\\\u00e9\\\\u00e9\\\\u00e9\\\", \\\"n\\\": null}", 2,
              "{\\\"ké\\\": \\\"éé...[truncated]\\\", \\\"n\\\": null}");
  /* an escaped surrogate pair is one code point */
  expect_args("\\\"\\\\ud83d\\\\ude00\\\\ud83d\\\\ude00x\\\"", 1, "\\\"😀...[truncated]\\\"");
}

static void test_invalid_json_kept(void **state) {
  (void)state;
  expect_args("not json", 0, "not json");
  expect_args("{\\\"a\\\": NaN}", 0, "{\\\"a\\\": NaN}");    /* DIV-ARGS-1 */
  expect_args("{\\\"a\\\": \\\"x\\\"", 0, "{\\\"a\\\": \\\"x\\\""); /* unterminated */
}

static void test_lone_surrogate_escape(void **state) {
  (void)state;
  /* DIV-ARGS-4: the new arguments text carries the escape, not the raw
   * code point (which no UTF-8 text can hold). */
  expect_args("[\\\"\\\\ud800ab\\\"]", 2, "[\\\"\\\\ud800a...[truncated]\\\"]");
}

static void test_unchanged_bytes_copied(void **state) {
  (void)state;
  /* Non-canonical spacing stays in messages that do not change and in
   * calls left alone; the changed message, call and function objects are
   * written as json.dumps writes them (msg_write.c), other values raw. */
  const char *in =
      "{\"messages\":[ {\"role\":\"user\" ,\"content\":\"hi\"},\n"
      "{\"role\":\"assistant\",\"tool_calls\":[{\"function\":{\"arguments\":\"[1e15,1e15]\" , \"x\":[1 ,2]}},"
      " {\"id\" :\"keep\" ,\"function\":{\"arguments\":\"x\"}}] }\n"
      "] ,\"k\":  2}";
  const char *want =
      "{\"messages\":[{\"role\":\"user\" ,\"content\":\"hi\"}, "
      "{\"role\": \"assistant\", \"tool_calls\": [{\"function\": {\"arguments\": \"[1000000000000000.0, "
      "1000000000000000.0]\", \"x\": [1 ,2]}}, {\"id\" :\"keep\" ,\"function\":{\"arguments\":\"x\"}}]}] ,\"k\":  2}";
  assert_int_equal(run_all(in, 200), HCC_OK);
  assert_string_equal(R.out, want);
}

/* A message whose calls pass 3 looks at but none of which changes (not
 * JSON; already json.dumps's text) is copied as written, odd spacing and
 * all: the writer tries it and takes the rewrite back. */
static void test_looked_at_but_unchanged_message_raw(void **state) {
  (void)state;
  const char *in =
      "[{\"role\":\"assistant\" ,\"tool_calls\":[ {\"function\":{\"arguments\":\"x\"}} ,"
      "{\"function\" : {\"arguments\":\"[1, 2]\"}}]} ,{\"role\":\"user\"}]";
  const char *want = /* only the separator between messages is written anew */
      "[{\"role\":\"assistant\" ,\"tool_calls\":[ {\"function\":{\"arguments\":\"x\"}} ,"
      "{\"function\" : {\"arguments\":\"[1, 2]\"}}]}, {\"role\":\"user\"}]";
  assert_int_equal(run_all(in, 200), HCC_OK);
  assert_string_equal(R.out, want);
}

static void test_equal_result_keeps_raw(void **state) {
  (void)state;
  /* Already in json.dumps form: the string is copied as written, escapes
   * included (\u0061 is "a"; decoded it equals the re-serialised text). */
  const char *in = "[{\"role\": \"assistant\", \"tool_calls\": [{\"function\": {\"arguments\": \"[\\\"\\u0061\\\"]\"}}]}]";
  assert_int_equal(run_all(in, 200), HCC_OK);
  assert_string_equal(R.out, in);
}

/* Builds `[{"role": "assistant", "tool_calls": [{"function": {"arguments":
 * "<args>"}}]}, <tail copies of {"role": "user"}>` where args is a compact
 * object of n code points; returns the buffer. */
static const char *sized_call(size_t n, int tail) {
  static char buf[8192];
  size_t k = (size_t)snprintf(buf, sizeof buf,
                              "[{\"role\": \"assistant\", \"tool_calls\": [{\"function\": {\"arguments\": \"{\\\"c\\\":\\\"");
  /* {"c":"...."} is 8 code points around the value */
  for (size_t i = 0; i + 8 < n; i++) buf[k++] = 'q';
  k += (size_t)snprintf(buf + k, sizeof buf - k, "\\\"}\"}}]}");
  for (int i = 0; i < tail; i++) k += (size_t)snprintf(buf + k, sizeof buf - k, ", {\"role\": \"user\"}");
  snprintf(buf + k, sizeof buf - k, "]");
  return buf;
}

static void test_selection_gate(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  p.tail_token_budget = 0; /* selection by count */
  p.protect_last_n = 1;
  /* 500 code points: not looked at, though compact */
  const char *in = sized_call(500, 1);
  assert_int_equal(run_params(in, &p), HCC_OK);
  assert_string_equal(R.out, in);
  /* 501: re-serialised (", " / ": " and the cut value) */
  in = sized_call(501, 1);
  assert_int_equal(run_params(in, &p), HCC_OK);
  assert_non_null(strstr(R.out, "{\\\"c\\\": \\\"qqq"));
  assert_non_null(strstr(R.out, "q...[truncated]\\\"}"));
  /* inside the protected tail: untouched */
  p.protect_last_n = 2;
  assert_int_equal(run_params(in, &p), HCC_OK);
  assert_string_equal(R.out, in);
  /* a user message is never selected */
  p.protect_last_n = 0;
  char user_in[8192];
  const char *at = strstr(in, "assistant");
  snprintf(user_in, sizeof user_in, "%.*suser%s", (int)(at - in), in, at + 9);
  assert_int_equal(run_params(user_in, &p), HCC_OK);
  assert_string_equal(R.out, user_in);
}

static void test_shapes_left_alone(void **state) {
  (void)state;
  const char *in =
      "[{\"role\": \"assistant\", \"tool_calls\": [null, 3, {\"function\": null}, "
      "{\"function\": {\"arguments\": 42}}, {\"function\": {\"arguments\": {\"a\": \"xxxx\"}}}]}, "
      "{\"role\": \"assistant\", \"tool_calls\": 0.0}, {\"role\": \"user\", \"tool_calls\": 7}, "
      "{\"role\": \"assistant\", \"tool_calls\": \"[1,2]\"}]";
  assert_int_equal(run_all(in, 0), HCC_OK);
  assert_string_equal(R.out, in);
  /* an assistant tool_calls that Python cannot iterate is refused */
  assert_int_equal(run_all("[{\"role\": \"assistant\", \"tool_calls\": 7}]", 0), HCC_E_SHAPE);
  assert_int_equal(run_all("[{\"role\": \"assistant\", \"tool_calls\": true}]", 0), HCC_E_SHAPE);
  assert_int_equal(run_all("[{\"role\": \"assistant\", \"tool_calls\": 1e-400}]", 0), HCC_OK);
}

/* Inputs near the worst growth of the re-serialised text: the workspace
 * hcc_workspace_size reports must suffice. */
static void test_worst_growth(void **state) {
  (void)state;
  static char args[12000], want[40000];
  size_t k = 0, w = 0;
  args[k++] = '[';
  want[w++] = '[';
  for (int i = 0; i < 1000; i++) {
    if (i) {
      args[k++] = ',';
      memcpy(want + w, ", ", 2);
      w += 2;
    }
    memcpy(args + k, "\\\"a\\\"", 5);
    k += 5;
    memcpy(want + w, "\\\"...[truncated]\\\"", 18);
    w += 18;
  }
  args[k++] = ']';
  args[k] = 0;
  want[w++] = ']';
  want[w] = 0;
  static char in[65536];
  snprintf(in, sizeof in, "%s", one_call(args));
  static char full[65536];
  snprintf(full, sizeof full, "%s", one_call(want));
  assert_int_equal(run_all(in, 0), HCC_OK);
  assert_string_equal(R.out, full);
  /* floats that grow 4.5 times: 1e15 -> 1000000000000000.0 */
  expect_args("[1e15,1e15,1e15,1e15]", 200,
              "[1000000000000000.0, 1000000000000000.0, 1000000000000000.0, 1000000000000000.0]");
}

static void test_workspace_and_output_limits(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  p.truncate_all = 1;
  p.head_chars = 1;
  const char *in = one_call("{\\\"a\\\": \\\"abc\\\"}");
  size_t len = strlen(in), need, out_len;
  hcc_error err;
  assert_int_equal(hcc_workspace_size(HCC_OP_TRUNCATE_ARGS, &p, in, len, &need, &err), HCC_OK);
  assert_true(need <= hcc_workspace_bound(HCC_OP_TRUNCATE_ARGS, len));
  char out[512];
  /* no workspace: refused, nothing written */
  assert_int_equal(hcc_run(HCC_OP_TRUNCATE_ARGS, &p, in, len, NULL, 0, out, sizeof out, &out_len, &err),
                   HCC_E_WORKSPACE);
  void *ws = malloc(need);
  assert_non_null(ws);
  /* output too small: the size needed comes back */
  assert_int_equal(hcc_run(HCC_OP_TRUNCATE_ARGS, &p, in, len, ws, need, out, 10, &out_len, &err),
                   HCC_E_NOSPACE);
  size_t full = out_len;
  assert_int_equal(hcc_run(HCC_OP_TRUNCATE_ARGS, &p, in, len, ws, need, out, sizeof out, &out_len, &err),
                   HCC_OK);
  assert_int_equal(out_len, full);
  out[out_len] = 0;
  assert_string_equal(out, one_call("{\\\"a\\\": \\\"a...[truncated]\\\"}"));
  free(ws);
}

static void test_not_a_transcript(void **state) {
  (void)state;
  assert_int_equal(run_all("[{\"role\": \"user\"}, 5]", 200), HCC_E_SHAPE);
  assert_int_equal(run_all("{\"no_messages\": []}", 200), HCC_E_SHAPE);
  assert_int_equal(run_all("[", 200), HCC_E_TRUNCATED);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cut_and_reformat),
      cmocka_unit_test(test_duplicate_keys_and_head_zero),
      cmocka_unit_test(test_code_points_not_bytes),
      cmocka_unit_test(test_invalid_json_kept),
      cmocka_unit_test(test_lone_surrogate_escape),
      cmocka_unit_test(test_unchanged_bytes_copied),
      cmocka_unit_test(test_looked_at_but_unchanged_message_raw),
      cmocka_unit_test(test_equal_result_keeps_raw),
      cmocka_unit_test(test_selection_gate),
      cmocka_unit_test(test_shapes_left_alone),
      cmocka_unit_test(test_worst_growth),
      cmocka_unit_test(test_workspace_and_output_limits),
      cmocka_unit_test(test_not_a_transcript),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
