/* test_redact.c -- the redaction module (redact.c, op_redact.c).
 *
 * golden/redact pins what redaction writes (expectations from the pinned
 * agent/redact.py); these tests pin what the corpus cannot see: the
 * workspace contract of the op and of the module (the size reported
 * suffices, less fails cleanly with HCC_E_WORKSPACE, never a partial
 * answer), the output contract (HCC_E_NOSPACE with the size needed), and
 * that megabytes of near misses come back unchanged (REDACT-4: the guard
 * refuses every run) in time proportional to their size (REDACT-12).
 * Expectations are spec decisions, not Python behaviour. */
#include <time.h>

#include "py.h"
#include "redact.h"
#include "unit.h"

static int run_op(const char *in, size_t len, size_t short_by, size_t cap, char **out, size_t *out_len) {
  hcc_params p;
  hcc_error err;
  size_t need = 0;
  hcc_params_init(&p);
  int rc = hcc_workspace_size(HCC_OP_REDACT, &p, in, len, &need, &err);
  if (rc != HCC_OK) return rc;
  assert_true(need <= hcc_workspace_bound(HCC_OP_REDACT, len));
  void *ws = malloc(need - short_by ? need - short_by : 1);
  *out = malloc(cap + 1);
  rc = hcc_run(HCC_OP_REDACT, &p, in, len, ws, need - short_by, *out, cap, out_len, &err);
  free(ws);
  return rc;
}

static const char *const samples[] = {
    "\"\"",
    "\"plain text\"",
    "\"use ghp_ABCDEFGHIJKLMNOPQRST and +14155552671 at postgres://u:p@h\"",
    "\"tok sk-abc\\u001bdefghijklmn456 end\"",
    "\"a=1&jwt=2\"",
    "\"PW=a PW=a {\\\"token\\\":\\\"a\\\"} 'token':'a' apikey:a Authorization: Bearer a\"",
};

static void test_workspace_exact_and_short(void **state) {
  (void)state;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++) {
    char *out;
    size_t n;
    assert_int_equal(run_op(samples[s], strlen(samples[s]), 0, 1 << 16, &out, &n), HCC_OK);
    free(out);
    /* past the 15 bytes of alignment slack the arena keeps */
    assert_int_equal(run_op(samples[s], strlen(samples[s]), 32, 1 << 16, &out, &n), HCC_E_WORKSPACE);
    free(out);
  }
}

static void test_output_too_small(void **state) {
  (void)state;
  const char *in = samples[2];
  char *out;
  size_t n = 0, want;
  assert_int_equal(run_op(in, strlen(in), 0, 1 << 16, &out, &want), HCC_OK);
  free(out);
  assert_int_equal(run_op(in, strlen(in), 0, want - 1, &out, &n), HCC_E_NOSPACE);
  assert_int_equal(n, want);
  free(out);
}

static void test_module_workspace_short(void **state) {
  (void)state;
  const char *t = "ghp_ABCDEFGHIJKLMNOPQRST";
  size_t n = strlen(t), wn = hcc__redact_ws(n);
  char *ws = malloc(wn);
  hcc_slice r;
  hcc_error err;
  assert_int_equal(hcc__redact(t, n, ws, wn, &r, &err), HCC_OK);
  assert_int_equal(hcc__redact(t, n, ws, wn / 2, &r, &err), HCC_E_WORKSPACE);
  free(ws);
}

static void test_not_a_string(void **state) {
  (void)state;
  char *out;
  size_t n;
  assert_int_equal(run_op("[\"x\"]", 5, 0, 64, &out, &n), HCC_E_SHAPE);
  free(out);
  assert_int_equal(run_op("null", 4, 0, 64, &out, &n), HCC_E_SHAPE);
  free(out);
}

/* n bytes of near misses: vendor prefixes whose runs end in a character
 * the guard refuses; nothing is masked. */
static void near_misses(unit_text *t, size_t n) {
  unit_put(t, "\"", 1);
  while (t->n < n) {
    unit_put(t, " ghp_", 5);
    for (int i = 0; i < 500; i++) unit_put(t, "aB3", 3);
    unit_put(t, "- sk_live_abc_", 14);
  }
  unit_put(t, "\"", 1);
}

static double seconds(const char *in, size_t len, char **out, size_t *n) {
  clock_t c0 = clock();
  assert_int_equal(run_op(in, len, 0, 3 * len + 64, out, n), HCC_OK);
  return (double)(clock() - c0) / CLOCKS_PER_SEC;
}

/* The text build(n) makes, at 400 kB and 4 MB, comes back unchanged, the
 * larger in time proportional to its size. */
static void unchanged_linear(void (*build)(unit_text *, size_t)) {
  unit_text a = {0}, b = {0};
  build(&a, 400000);
  build(&b, 4000000);
  char *oa, *ob;
  size_t na, nb;
  double ta = seconds(a.buf, a.n, &oa, &na), tb = seconds(b.buf, b.n, &ob, &nb);
  assert_int_equal(na, a.n);
  assert_memory_equal(oa, a.buf, a.n);
  assert_int_equal(nb, b.n);
  assert_memory_equal(ob, b.buf, b.n);
  /* 10x the input: a quadratic matcher takes ~100x; allow 30x for noise */
  if (ta > 0.002) assert_true(tb < 30 * ta);
  free(oa);
  free(ob);
  free(a.buf);
  free(b.buf);
}

static void test_near_misses_unchanged_linear(void **state) {
  (void)state;
  unchanged_linear(near_misses);
}

/* Every code point's \\w bit, against the digest of Python's answers
 * (tools/gen_unicode_word.py): the table behind REDACT-17 and REDACT-22. */
static void test_word_exhaustive(void **state) {
  (void)state;
  uint64_t h = 0xcbf29ce484222325u;
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
    h ^= (uint64_t)(hcc__py_isword(cp) ? 1 : 0);
    h *= 0x100000001b3u;
  }
  assert_true(h == hcc__py_word_digest);
}

/* n bytes of near misses of the assignment and header passes
 * (REDACT-16..22): key runs with no '=' or ':' after them, escaped keys
 * behind long runs of backslashes, unterminated repr values, headers with
 * no credential; no "://", so every pass runs.  Nothing is masked. */
static void put_s(unit_text *t, const char *lit) { unit_put(t, lit, strlen(lit)); }
static void assignment_near_misses(unit_text *t, size_t n) {
  put_s(t, "\"a=b ");
  while (t->n < n) {
    for (int i = 0; i < 300; i++) put_s(t, "AB_TOKEN_");
    put_s(t, " x\\n5|  ");
    for (int i = 0; i < 300; i++) put_s(t, "a.password_");
    put_s(t, " ");
    for (int i = 0; i < 300; i++) put_s(t, "\\\\");
    put_s(t, "\\\"token\\\\\\\" x 'secret': 'it\\\\\\n");
    put_s(t, " Authorization: \\\" x-api-key ; ");
  }
  put_s(t, "\"");
}

static void test_assignment_near_misses_linear(void **state) {
  (void)state;
  unchanged_linear(assignment_near_misses);
}

/* The masks that outgrow what they replace ("PW=a" -> "PW=***"), many
 * times over: the module's buffers (REDACT-1) hold them. */
static void test_growing_masks_fit(void **state) {
  (void)state;
  unit_text a = {0};
  unit_put(&a, "\"", 1);
  while (a.n < 100000) unit_put(&a, "PW=a 'token':'a' ", 17);
  unit_put(&a, "\"", 1);
  char *o;
  size_t n;
  seconds(a.buf, a.n, &o, &n);
  assert_true(n > a.n);
  assert_memory_equal(o, "\"PW=*** 'token':'***' ", 22);
  free(o);
  free(a.buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_workspace_exact_and_short),
      cmocka_unit_test(test_output_too_small),
      cmocka_unit_test(test_module_workspace_short),
      cmocka_unit_test(test_not_a_string),
      cmocka_unit_test(test_near_misses_unchanged_linear),
      cmocka_unit_test(test_word_exhaustive),
      cmocka_unit_test(test_assignment_near_misses_linear),
      cmocka_unit_test(test_growing_masks_fit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
