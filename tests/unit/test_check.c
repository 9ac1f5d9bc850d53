/* test_check.c -- the provider check (check.h, op_check.c, check_rules.c, check_findings.c).
 *
 * The golden corpus (golden/check/) pins each rule's findings; these tests
 * pin what the corpus cannot see: the workspace contract (the exact size
 * hcc_workspace_size reports suffices, one byte less fails cleanly), that
 * the internal entry point other ops call agrees with the op, that JSON
 * lines are JSON, decoded comparisons of ids, keys and thinking text, odd
 * shapes that must not crash, and linear running time on large inputs.
 * Expectations are spec decisions (spec/SPEC.md), not Python
 * behaviour, so nothing here comes from running python3. */
#include <time.h>

#include "check.h"
#include "unit.h"

/* ---- helpers ---------------------------------------------------------------- */

typedef struct {
  int rc;
  char *out;
  size_t len;
} result;

/* Runs op check through the public API with exactly the workspace
 * hcc_workspace_size asks for (or that minus `short_by`). */
static result run_ws(const char *profile, int json, const char *in, size_t short_by) {
  hcc_params p;
  hcc_error err;
  result r = {0, NULL, 0};
  size_t need = 0, len = strlen(in);
  hcc_params_init(&p);
  if (profile) assert_int_equal(hcc_params_set(&p, "profile", 7, profile, strlen(profile), &err), HCC_OK);
  p.check_json = json;
  r.rc = hcc_workspace_size(HCC_OP_CHECK, &p, in, len, &need, &err);
  if (r.rc != HCC_OK) return r;
  assert_true(need <= hcc_workspace_bound(HCC_OP_CHECK, len));
  size_t ws_size = need - short_by;
  void *ws = malloc(ws_size ? ws_size : 1);
  size_t cap = 1 << 20;
  r.out = malloc(cap + 1);
  r.rc = hcc_run(HCC_OP_CHECK, &p, in, len, ws, ws_size, r.out, cap, &r.len, &err);
  if (r.rc == HCC_E_NOSPACE) {
    free(r.out);
    cap = r.len;
    r.out = malloc(cap + 1);
    r.rc = hcc_run(HCC_OP_CHECK, &p, in, len, ws, ws_size, r.out, cap, &r.len, &err);
  }
  free(ws);
  if (r.rc == HCC_OK) r.out[r.len] = 0;
  return r;
}

static result run(const char *profile, const char *in) { return run_ws(profile, 0, in, 0); }

static void expect(const char *profile, const char *in, const char *want) {
  result r = run(profile, in);
  assert_int_equal(r.rc, HCC_OK);
  if (strcmp(r.out, want) != 0) print_error("input %s\nwant %s\ngot  %s\n", in, want, r.out);
  assert_string_equal(r.out, want);
  free(r.out);
}

static size_t count_lines(const char *s) {
  size_t n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

static const char *const profiles[] = {"openai", "openai-strict", "anthropic", "gemini",
                                       "deepseek-thinking", "responses"};

/* Inputs with findings under several profiles, for the contract tests. */
static const char *const samples[] = {
    "[]",
    "{\"messages\": []}",
    "[{\"role\": \"user\", \"content\": \"hi\"}]",
    "[{\"role\": \"tool\", \"tool_call_id\": \"c0\", \"content\": \"x\"}, {\"role\": \"assistant\", "
    "\"content\": null, \"tool_calls\": [{\"id\": \"c1\", \"type\": \"function\", \"function\": "
    "{\"name\": \"a b\", \"arguments\": \"nope\"}}, 7, {\"function\": 3}], \"_ts\": 1}]",
    "[{\"role\": \"user\", \"content\": \"hi\", \"\\u005fk\": 1}, {\"role\": \"assistant\", \"content\": "
    "[{\"type\": \"thinking\", \"thinking\": \"t\", \"signature\": \"s\"}], \"tool_calls\": [{\"id\": "
    "\"c\\n1\", \"call_id\": \"\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]}, "
    "{\"role\": \"user\", \"content\": \"wait\"}, {\"role\": \"tool\", \"tool_call_id\": \"c\\n1\"}, "
    "{\"role\": \"tool\"}, {\"role\": 5}, {\"type\": \"function_call\", \"call_id\": \"z\"}, "
    "{\"type\": \"function_call_output\"}]",
    "{\"messages\": [{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\": "
    "\"a\"}], \"tool_calls\": []}], \"original\": [{\"role\": \"assistant\", \"thinking_blocks\": "
    "[{\"type\": \"redacted_thinking\", \"data\": \"d\"}]}]}",
};

/* ---- workspace contract ------------------------------------------------------- */

static void test_exact_workspace_suffices_and_less_fails(void **state) {
  (void)state;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++)
    for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
      result r = run_ws(profiles[p], 0, samples[s], 0);
      assert_int_equal(r.rc, HCC_OK);
      free(r.out);
      /* the transcript tables keep 64 bytes of slack, so take away more
       * than that: the check's own share is pinned exactly below */
      r = run_ws(profiles[p], 0, samples[s], 64 + 32);
      assert_int_equal(r.rc, HCC_E_WORKSPACE);
      free(r.out);
    }
}

/* The entry point other ops call gives the op's findings, and counts them
 * without an output buffer. */
static void test_internal_entry_agrees_with_op(void **state) {
  (void)state;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++)
    for (int prof = 0; prof <= HCC_PROFILE_RESPONSES; prof++) {
      const char *in = samples[s];
      size_t len = strlen(in);
      hcc_json_info info;
      assert_int_equal(hcc_json_validate(in, len, &info, NULL), HCC_OK);
      size_t need = hcc__transcript_need(&info) + hcc__check_need(&info, len);
      void *ws = malloc(need);
      hcc_arena a;
      hcc_transcript t;
      hcc__arena_init(&a, ws, need);
      assert_int_equal(hcc__transcript_parse(&t, in, len, HCC_PARSE_IDS, &a, NULL), HCC_OK);
      size_t used = a.used, n1 = 0, n2 = 0;
      assert_int_equal(hcc__check_transcript(&t, prof, &a, NULL, &n1), HCC_OK);
      /* the check takes exactly what hcc__check_need reports */
      assert_int_equal(a.used - used, hcc__check_need(&info, len));
      a.used = used; /* the check's tables can be given back and taken again */
      char buf[8192];
      hcc_out o;
      hcc__out_init(&o, buf, sizeof buf - 1);
      assert_int_equal(hcc__check_transcript(&t, prof, &a, &o, &n2), HCC_OK);
      assert_true(o.len < sizeof buf);
      buf[o.len] = 0;
      assert_int_equal(n1, n2);
      assert_int_equal(count_lines(buf), n2);
      if (!strstr(in, "\"original\"")) {
        result r = run(profiles[prof], in);
        assert_int_equal(r.rc, HCC_OK);
        assert_string_equal(r.out, buf);
        free(r.out);
      }
      free(ws);
    }
}

static void test_unknown_profile(void **state) {
  (void)state;
  hcc_params p;
  hcc_error err;
  hcc_params_init(&p);
  assert_int_equal(hcc_params_set(&p, "profile", 7, "responses", 9, &err), HCC_OK);
  assert_int_equal(p.profile, HCC_PROFILE_RESPONSES);
  assert_int_equal(hcc_params_set(&p, "profile", 7, "claude", 6, &err), HCC_E_PARAM);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_RESPONSES + 1), 0);
  assert_int_equal(hcc__check_rules(-1), 0);
  p.profile = 99;
  char out[16];
  size_t out_len;
  char ws[4096];
  assert_int_equal(hcc_run(HCC_OP_CHECK, &p, "[]", 2, ws, sizeof ws, out, sizeof out, &out_len, &err),
                   HCC_E_PARAM);
}

/* CHECK-20: the rule sets. */
static void test_profile_rule_sets(void **state) {
  (void)state;
  assert_int_equal(hcc__check_rules(HCC_PROFILE_OPENAI), 0x1eul);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_OPENAI_STRICT), 0x7eul);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_RESPONSES), 0x80ul);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_DEEPSEEK_THINKING), 0x11eul);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_ANTHROPIC), 0xfe00ul);
  assert_int_equal(hcc__check_rules(HCC_PROFILE_GEMINI), 0xf0000ul);
}

/* ---- output format ------------------------------------------------------------ */

/* Every JSON line is one valid JSON object; human lines never split. */
static void test_json_lines_are_json(void **state) {
  (void)state;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++)
    for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
      result h = run_ws(profiles[p], 0, samples[s], 0);
      result j = run_ws(profiles[p], 1, samples[s], 0);
      assert_int_equal(h.rc, HCC_OK);
      assert_int_equal(j.rc, HCC_OK);
      assert_int_equal(count_lines(h.out), count_lines(j.out));
      for (char *line = j.out; *line;) {
        char *nl = strchr(line, '\n');
        assert_non_null(nl);
        assert_int_equal(hcc_json_validate(line, (size_t)(nl - line), NULL, NULL), HCC_OK);
        assert_memory_equal(line, "{\"rule\": \"CHECK-", 16);
        line = nl + 1;
      }
      for (char *line = h.out; *line;) {
        assert_memory_equal(line, "messages", 8);
        line = strchr(line, '\n') + 1;
      }
      free(h.out);
      free(j.out);
    }
}

static void test_control_characters_in_ids_are_escaped(void **state) {
  (void)state;
  expect(NULL,
         "[{\"role\": \"tool\", \"tool_call_id\": \"a\\u0001\\n\\\\\\u2028\"}]",
         "messages[0]: CHECK-1 tool result a\\u0001\\n\\\\\xe2\x80\xa8 has no message before its "
         "run of tool messages\n");
}

/* ---- decoded comparisons -------------------------------------------------------- */

static void test_ids_compare_decoded(void **state) {
  (void)state;
  /* escaped result id answers the plain call id; and a surrogate pair */
  expect(NULL,
         "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c1\", \"function\": {\"arguments\": "
         "\"{}\"}}, {\"id\": \"\xf0\x9f\x98\x80\", \"function\": {\"arguments\": \"{}\"}}]}, "
         "{\"role\": \"tool\", \"tool_call_id\": \"\\u0063\\u0031\"}, "
         "{\"role\": \"tool\", \"tool_call_id\": \"\\ud83d\\ude00\"}]",
         "");
  /* escaped role and keys are read decoded */
  expect("openai-strict", "[{\"\\u0072ole\": \"\\u0075ser\", \"content\": \"hi\"}]", "");
}

static void test_duplicate_unknown_keys_listed_once(void **state) {
  (void)state;
  expect("openai-strict",
         "[{\"role\": \"user\", \"_a\": 1, \"content\": \"x\", \"_a\": 2, \"\\u005fa\": 3, \"_b\": 0}]",
         "messages[0]: CHECK-5 unknown keys _a, _b\n");
  /* the same unknown key in two calls is two paths */
  expect("openai-strict",
         "[{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", \"tool_calls\": [{\"id\": "
         "\"a\", \"x\": 1, \"function\": {\"arguments\": \"{}\"}}, {\"id\": \"b\", \"x\": 2, "
         "\"function\": {\"arguments\": \"{}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"a\"}, "
         "{\"role\": \"tool\", \"tool_call_id\": \"b\"}]",
         "messages[1]: CHECK-5 unknown keys tool_calls[0].x, tool_calls[1].x\n");
}

static void test_duplicate_call_ids_listed_once(void **state) {
  (void)state;
  expect(NULL,
         "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"a\", \"function\": {\"arguments\": "
         "\"{}\"}}, {\"id\": \"a\", \"function\": {\"arguments\": \"{}\"}}, {\"id\": \"b\", "
         "\"function\": {\"arguments\": \"{}\"}}]}]",
         "messages[0]: CHECK-2 calls a, b have no result before the end of the transcript\n");
}

static void test_thinking_compared_decoded(void **state) {
  (void)state;
  expect("anthropic",
         "{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", \"content\": "
         "[{\"type\": \"thinking\", \"thinking\": \"ab\", \"signature\": \"s\"}]}], \"original\": "
         "[{\"role\": \"assistant\", \"content\": [{\"signature\": \"s\", \"thinking\": \"a\\u0062\", "
         "\"type\": \"thinking\"}]}]}",
         "");
  /* a signature that differs, and a non-string member compared by text */
  expect("anthropic",
         "{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", \"content\": "
         "[{\"type\": \"thinking\", \"thinking\": \"ab\", \"signature\": 1}]}], \"original\": "
         "[{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\": \"ab\", "
         "\"signature\": 1.0}]}]}",
         "messages[1]: CHECK-14 thinking block 0 differs from the one in original[0]\n");
  /* original without an assistant message */
  expect("anthropic",
         "{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", "
         "\"thinking_blocks\": [{\"type\": \"redacted_thinking\", \"data\": \"d\"}]}], \"original\": []}",
         "messages[1]: CHECK-14 latest assistant message has 1 thinking blocks, original has no "
         "assistant message\n");
}

/* ---- CHECK-4 edge cases ------------------------------------------------------- */

static void test_arguments_edge_cases(void **state) {
  (void)state;
  /* a lone surrogate decoded at the outer level is not UTF-8, so not JSON;
   * one escaped inside the inner JSON text is fine; depth over 512 is not */
  char deep[1400];
  size_t k = 0;
  k += (size_t)sprintf(deep + k, "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"d\", "
                                 "\"function\": {\"arguments\": \"{\\\"a\\\": ");
  for (int i = 0; i < 513; i++) deep[k++] = '[';
  for (int i = 0; i < 513; i++) deep[k++] = ']';
  k += (size_t)sprintf(deep + k, "}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"d\"}]");
  expect(NULL,
         "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"a\", \"function\": {\"arguments\": "
         "\"{\\\"x\\\": \\\"\\ud800\\\"}\"}}, {\"id\": \"b\", \"function\": {\"arguments\": "
         "\"{\\\"x\\\": \\\"\\\\ud800\\\"}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"a\"}, "
         "{\"role\": \"tool\", \"tool_call_id\": \"b\"}]",
         "messages[0]: CHECK-4 call a function.arguments is not valid JSON\n");
  expect(NULL, deep, "messages[0]: CHECK-4 call d function.arguments is not valid JSON\n");
}

static void test_odd_shapes(void **state) {
  (void)state;
  /* calls that are not objects, tool_calls that is not a list, calls on a
   * user message, a role that is a number */
  expect(NULL,
         "[{\"role\": \"assistant\", \"tool_calls\": [1, \"x\"]}, {\"role\": \"user\", \"tool_calls\": "
         "[{\"id\": \"u\"}]}, {\"role\": \"assistant\", \"tool_calls\": {\"id\": \"o\"}}, "
         "{\"role\": 7}]",
         "messages[0]: CHECK-2 tool_calls[0] has no string id, so no tool message can answer it\n"
         "messages[0]: CHECK-2 tool_calls[1] has no string id, so no tool message can answer it\n"
         "messages[0]: CHECK-4 tool_calls[0] function.arguments is absent\n"
         "messages[0]: CHECK-4 tool_calls[1] function.arguments is absent\n");
  expect("openai", "[{\"role\": 7}, {\"role\": \"tool\", \"tool_call_id\": \"t\"}]",
         "messages[1]: CHECK-1 tool result t follows messages[0] (no role), which has no tool_calls\n");
  expect("openai", "[{\"role\": \"critic\"}, {\"role\": \"tool\", \"tool_call_id\": \"t\"}]",
         "messages[1]: CHECK-1 tool result t follows messages[0] (critic), which has no tool_calls\n");
  /* Anthropic: other roles are skipped like system messages */
  expect("anthropic",
         "[{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", \"tool_calls\": "
         "[{\"id\": \"t\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]}, {\"role\": "
         "\"critic\"}, {\"role\": \"tool\", \"tool_call_id\": \"t\"}]",
         "");
  /* Gemini: a final call turn has no responses */
  expect("gemini",
         "[{\"role\": \"user\", \"content\": \"x\"}, {\"role\": \"assistant\", \"tool_calls\": "
         "[{\"id\": \"t\"}]}]",
         "messages[1]: CHECK-17 function calls: 1, function responses in the next turn: 0\n");
  /* rejected shapes */
  result r = run("anthropic", "{\"messages\": [], \"original\": [1]}");
  assert_int_equal(r.rc, HCC_E_SHAPE);
  free(r.out);
  r = run(NULL, "\"x\"");
  assert_int_equal(r.rc, HCC_E_SHAPE);
  free(r.out);
}

/* ---- linear time ---------------------------------------------------------------- */

/* One assistant message with N parallel calls, N results, then N more
 * messages that repeat ids: quadratic code would take minutes. */
static void test_large_transcript_is_fast(void **state) {
  (void)state;
  const int n = 100000;
  size_t cap = (size_t)n * 160 + 1024, k = 0;
  char *in = malloc(cap);
  k += (size_t)sprintf(in + k, "[{\"role\": \"user\", \"content\": \"go\"}, {\"role\": \"assistant\", "
                               "\"tool_calls\": [");
  for (int i = 0; i < n; i++)
    k += (size_t)sprintf(in + k, "%s{\"id\": \"c%d\", \"function\": {\"name\": \"f\", \"arguments\": "
                                 "\"{}\"}}", i ? ", " : "", i);
  k += (size_t)sprintf(in + k, "]}");
  for (int i = 0; i < n; i++)
    k += (size_t)sprintf(in + k, ", {\"role\": \"tool\", \"tool_call_id\": \"c%d\"}", n - 1 - i);
  for (int i = 0; i < n; i++) k += (size_t)sprintf(in + k, ", {\"role\": \"user\", \"content\": \"u\"}");
  k += (size_t)sprintf(in + k, "]");
  assert_true(k < cap);
  for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
    clock_t t0 = clock();
    result r = run(profiles[p], in);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_int_equal(r.rc, HCC_OK);
    assert_string_equal(r.out, "");
    free(r.out);
    assert_true(secs < 5.0);
  }
  free(in);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_workspace_suffices_and_less_fails),
      cmocka_unit_test(test_internal_entry_agrees_with_op),
      cmocka_unit_test(test_unknown_profile),
      cmocka_unit_test(test_profile_rule_sets),
      cmocka_unit_test(test_json_lines_are_json),
      cmocka_unit_test(test_control_characters_in_ids_are_escaped),
      cmocka_unit_test(test_ids_compare_decoded),
      cmocka_unit_test(test_duplicate_unknown_keys_listed_once),
      cmocka_unit_test(test_duplicate_call_ids_listed_once),
      cmocka_unit_test(test_thinking_compared_decoded),
      cmocka_unit_test(test_arguments_edge_cases),
      cmocka_unit_test(test_odd_shapes),
      cmocka_unit_test(test_large_transcript_is_fast),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
