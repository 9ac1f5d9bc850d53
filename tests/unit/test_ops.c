/* test_ops.c -- the public entry points around the ops (ops.c, arena.c,
 * error.c): op names, parameters, status code names, the arena, and the
 * memory contract of hcc_workspace_size / hcc_workspace_bound / hcc_run
 * (HCC_E_WORKSPACE, HCC_E_NOSPACE with the needed size in *out_len),
 * exercised with the 'validate' and 'messages' ops. */
#include <limits.h>

#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- status codes -------------------------------------------------------- */

static void test_error_names(void **state) {
  (void)state;
  static const char *const names[] = {
      "HCC_OK",          "HCC_E_NOSPACE", "HCC_E_WORKSPACE", "HCC_E_EMPTY",
      "HCC_E_SYNTAX",    "HCC_E_UTF8",    "HCC_E_CONTROL",   "HCC_E_ESCAPE",
      "HCC_E_NUMBER",    "HCC_E_LITERAL", "HCC_E_TRAILING",  "HCC_E_DEPTH",
      "HCC_E_TOOBIG",    "HCC_E_SHAPE",   "HCC_E_PARAM",     "HCC_E_UNSUPPORTED",
      "HCC_E_SUMMARY",   "HCC_E_CHECK",   "HCC_E_TRUNCATED"};
  static const int codes[] = {
      HCC_OK,         HCC_E_NOSPACE, HCC_E_WORKSPACE, HCC_E_EMPTY,    HCC_E_SYNTAX,
      HCC_E_UTF8,     HCC_E_CONTROL, HCC_E_ESCAPE,    HCC_E_NUMBER,   HCC_E_LITERAL,
      HCC_E_TRAILING, HCC_E_DEPTH,   HCC_E_TOOBIG,    HCC_E_SHAPE,    HCC_E_PARAM,
      HCC_E_UNSUPPORTED, HCC_E_SUMMARY, HCC_E_CHECK,  HCC_E_TRUNCATED};
  assert_int_equal(N(names), 1 - HCC_E__LAST);
  for (size_t i = 0; i < N(codes); i++) {
    assert_int_equal(codes[i], -(int)i); /* numbers are stable */
    assert_string_equal(hcc_error_name(codes[i]), names[i]);
    const char *t = hcc_error_text(codes[i]);
    assert_non_null(t);
    assert_true(strlen(t) > 0);
    for (size_t j = 0; j < i; j++) assert_string_not_equal(t, hcc_error_text(codes[j]));
  }
  static const int unknown[] = {1, 2, HCC_E__LAST - 1, -100, INT_MIN, INT_MAX};
  for (size_t i = 0; i < N(unknown); i++) {
    assert_string_equal(hcc_error_name(unknown[i]), "HCC_E_UNKNOWN");
    assert_non_null(hcc_error_text(unknown[i]));
  }
}

/* ---- op names -------------------------------------------------------------- */

static void test_op_names(void **state) {
  (void)state;
  static const char *const names[HCC_OP__COUNT] = {
      "validate",      "messages",     "align",       "trajectory-snap",
      "truncate-args", "strip-prefix", "with-prefix", "classify-summary",
      "repair",        "prune",        "prune-only",  "compress",
      "trajectory",    "check",        "strip-media", "align-at",
      "redact"};
  for (int i = 0; i < HCC_OP__COUNT; i++) {
    assert_string_equal(hcc_op_name((hcc_op)i), names[i]);
    assert_int_equal(hcc_op_from_name(names[i], strlen(names[i])), i);
    /* the length is honoured: a longer buffer with the name as a prefix */
    char buf[64];
    snprintf(buf, sizeof buf, "%sXYZ", names[i]);
    assert_int_equal(hcc_op_from_name(buf, strlen(names[i])), i);
    assert_int_equal(hcc_op_from_name(buf, strlen(buf)), -1);
    assert_int_equal(hcc_op_from_name(names[i], strlen(names[i]) - 1), -1);
  }
  assert_null(hcc_op_name(HCC_OP__COUNT));
  assert_null(hcc_op_name((hcc_op)-1));
  assert_null(hcc_op_name((hcc_op)1000));
  assert_int_equal(hcc_op_from_name("", 0), -1);
  assert_int_equal(hcc_op_from_name("VALIDATE", 8), -1);
  assert_int_equal(hcc_op_from_name("truncate_args", 13), -1); /* ops use '-' only */
  assert_int_equal(hcc_op_from_name("nope", 4), -1);
  /* the two ops this file exercises are always built */
  assert_true(hcc_op_supported(HCC_OP_VALIDATE));
  assert_true(hcc_op_supported(HCC_OP_MESSAGES));
  assert_false(hcc_op_supported(HCC_OP__COUNT));
  assert_false(hcc_op_supported((hcc_op)-1));
}

/* Ops not in this build answer HCC_E_UNSUPPORTED everywhere. */
static void test_unsupported(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  int ops[HCC_OP__COUNT + 2];
  size_t nops = 0;
  for (int i = 0; i < HCC_OP__COUNT; i++)
    if (!hcc_op_supported((hcc_op)i)) ops[nops++] = i;
  ops[nops++] = HCC_OP__COUNT;
  ops[nops++] = 99;
  for (size_t k = 0; k < nops; k++) {
    hcc_op op = (hcc_op)ops[k];
    hcc_error err;
    size_t need = 77, out_len = 77;
    char out[8];
    assert_int_equal(hcc_workspace_bound(op, 100), 0);
    assert_int_equal(hcc_workspace_size(op, &p, "[]", 2, &need, &err), HCC_E_UNSUPPORTED);
    assert_int_equal(need, 0);
    assert_int_equal(err.code, HCC_E_UNSUPPORTED);
    assert_int_equal(hcc_run(op, &p, "[]", 2, NULL, 0, out, sizeof out, &out_len, &err),
                     HCC_E_UNSUPPORTED);
    assert_int_equal(out_len, 0);
    assert_int_equal(err.code, HCC_E_UNSUPPORTED);
  }
}

/* ---- parameters ------------------------------------------------------------ */

static int set(hcc_params *p, const char *name, const char *value) {
  hcc_error err;
  err.code = 12345;
  int rc = hcc_params_set(p, name, strlen(name), value, strlen(value), &err);
  if (rc != HCC_OK) {
    assert_int_equal(err.code, rc);
    assert_non_null(err.message);
  }
  return rc;
}

static void test_params_defaults(void **state) {
  (void)state;
  hcc_params p;
  memset(&p, 0x5a, sizeof p);
  hcc_params_init(&p);
  /* hermes's ContextCompressor defaults (agent/context_compressor.py of
   * the pinned commit: threshold_percent=0.50, protect_first_n=3,
   * protect_last_n=20, summary_target_ratio=0.20, min_tail_user_messages=1;
   * _truncate_tool_call_args_json head_chars=200); the 128000 fallback
   * window is ops.h's constant. */
  assert_int_equal(p.context_length, 128000);
  assert_true(p.threshold_percent == 0.50);
  assert_true(p.summary_target_ratio == 0.20);
  assert_int_equal(p.protect_first_n, 3);
  assert_int_equal(p.protect_last_n, 20);
  assert_int_equal(p.min_tail_user_messages, 1);
  assert_int_equal(p.compression_count, 0);
  assert_int_equal(p.tail_token_budget, -1);
  assert_int_equal(p.explain, 0);
  assert_int_equal(p.head_chars, 200);
  assert_int_equal(p.truncate_all, 0);
  assert_int_equal(p.policy, HCC_POLICY_STRIP);
  assert_int_equal(p.summarizer_fail, 0);
  assert_int_equal(p.abort_on_summary_failure, 0);
  assert_int_equal(p.wire, 0);
  assert_int_equal(p.profile, HCC_PROFILE_OPENAI);
  assert_int_equal(p.check_json, 0);
}

static void test_param_names(void **state) {
  (void)state;
  static const char *const want[] = {
      "context_length", "threshold_percent", "summary_target_ratio", "protect_first_n",
      "protect_last_n", "min_tail_user_messages", "compression_count", "tail_token_budget",
      "explain", "head_chars", "truncate_all", "policy", "summarizer_fail",
      "abort_on_summary_failure", "wire", "profile", "json"};
  /* The core parameters come first, in this order; ops append their own
   * after them, so the list only grows at the end. */
  size_t i = 0;
  for (; i < N(want); i++) {
    assert_non_null(hcc_param_name(i));
    assert_string_equal(hcc_param_name(i), want[i]);
  }
  while (hcc_param_name(i)) i++;
  assert_null(hcc_param_name(i + 1));
  assert_null(hcc_param_name(SIZE_MAX));
  /* every listed name is settable, with '_' or '-' */
  for (i = 0; hcc_param_name(i); i++) {
    hcc_params p;
    hcc_params_init(&p);
    const char *n = hcc_param_name(i);
    const char *v = !strcmp(n, "policy") ? "stub" : !strcmp(n, "profile") ? "gemini" : "1";
    assert_int_equal(set(&p, n, v), HCC_OK);
    char dashed[64];
    snprintf(dashed, sizeof dashed, "%s", n);
    for (char *c = dashed; *c; c++)
      if (*c == '_') *c = '-';
    assert_int_equal(set(&p, dashed, v), HCC_OK);
  }
}

static void test_params_set_values(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  assert_int_equal(set(&p, "context_length", "200000"), HCC_OK);
  assert_int_equal(p.context_length, 200000);
  assert_int_equal(set(&p, "context-length", "1e6"), HCC_OK);
  assert_int_equal(p.context_length, 1000000);
  assert_int_equal(set(&p, "threshold_percent", "0.75"), HCC_OK);
  assert_true(p.threshold_percent == 0.75);
  assert_int_equal(set(&p, "threshold_percent", "1"), HCC_OK);
  assert_int_equal(set(&p, "threshold_percent", "0"), HCC_OK);
  assert_int_equal(set(&p, "summary-target-ratio", "0.05"), HCC_OK);
  assert_true(p.summary_target_ratio == 0.05);
  assert_int_equal(set(&p, "protect_first_n", "0"), HCC_OK);
  assert_int_equal(p.protect_first_n, 0);
  assert_int_equal(set(&p, "protect_last_n", "5.0"), HCC_OK); /* integral value */
  assert_int_equal(p.protect_last_n, 5);
  assert_int_equal(set(&p, "tail_token_budget", "-1"), HCC_OK);
  assert_int_equal(p.tail_token_budget, -1);
  assert_int_equal(set(&p, "tail_token_budget", "+4096"), HCC_OK);
  assert_int_equal(p.tail_token_budget, 4096);
  assert_int_equal(set(&p, "head_chars", "0"), HCC_OK);
  assert_int_equal(p.head_chars, 0);
  /* booleans */
  assert_int_equal(set(&p, "explain", "true"), HCC_OK);
  assert_int_equal(p.explain, 1);
  assert_int_equal(set(&p, "explain", "false"), HCC_OK);
  assert_int_equal(p.explain, 0);
  assert_int_equal(set(&p, "wire", "1"), HCC_OK);
  assert_int_equal(p.wire, 1);
  assert_int_equal(set(&p, "wire", "0"), HCC_OK);
  assert_int_equal(p.wire, 0);
  assert_int_equal(set(&p, "json", "true"), HCC_OK);
  assert_int_equal(p.check_json, 1);
  /* enums */
  static const char *const profiles[] = {"openai", "openai-strict", "anthropic", "gemini",
                                         "deepseek-thinking"};
  static const int pv[] = {HCC_PROFILE_OPENAI, HCC_PROFILE_OPENAI_STRICT, HCC_PROFILE_ANTHROPIC,
                           HCC_PROFILE_GEMINI, HCC_PROFILE_DEEPSEEK_THINKING};
  for (size_t i = 0; i < N(profiles); i++) {
    assert_int_equal(set(&p, "profile", profiles[i]), HCC_OK);
    assert_int_equal(p.profile, pv[i]);
  }
  assert_int_equal(set(&p, "policy", "stub"), HCC_OK);
  assert_int_equal(p.policy, HCC_POLICY_STUB);
  assert_int_equal(set(&p, "policy", "strip"), HCC_OK);
  assert_int_equal(p.policy, HCC_POLICY_STRIP);
  /* the name length is honoured */
  hcc_error err;
  assert_int_equal(hcc_params_set(&p, "wireXYZ", 4, "1", 1, &err), HCC_OK);
  assert_int_equal(p.wire, 1);
  assert_int_equal(hcc_params_set(&p, "head_chars", 10, "123456", 2, &err), HCC_OK);
  assert_int_equal(p.head_chars, 12);
}

static void test_params_rejected(void **state) {
  (void)state;
  static const struct { const char *name, *value; } bad[] = {
      {"nope", "1"},
      {"", "1"},
      {"context", "1"},             /* a prefix of a name */
      {"context_length_", "1"},
      {"CONTEXT_LENGTH", "1"},
      {"context_length", ""},
      {"context_length", "0"},      /* below its range */
      {"context_length", "-5"},
      {"context_length", "2e12"},   /* above */
      {"context_length", "1.5"},    /* fraction */
      {"context_length", "12abc"},
      {"context_length", "abc"},
      {"context_length", "nan"},
      {"context_length", "inf"},
      {"context_length", "0x10"},   /* not decimal */
      {"context_length", " 100"},   /* no blanks */
      {"context_length", "100 "},
      {"threshold_percent", "1.01"},
      {"threshold_percent", "-0.1"},
      {"threshold_percent", "NaN"},
      {"threshold_percent", "0x1p-1"},
      {"tail_token_budget", "-2"},
      {"protect_first_n", "-1"},
      {"explain", "yes"},
      {"explain", "TRUE"},
      {"explain", "2"},
      {"explain", ""},
      {"policy", "Strip"},
      {"policy", "remove"},
      {"policy", ""},
      {"profile", "openai_strict"}, /* enum words are exact */
      {"profile", "claude"},
      {"head_chars", "12345678901234567890123456789012345678901234567890123456789012345"},
  };
  for (size_t i = 0; i < N(bad); i++) {
    hcc_params p, before;
    hcc_params_init(&p);
    before = p;
    int rc = set(&p, bad[i].name, bad[i].value);
    if (rc != HCC_E_PARAM) print_error("%s=%s accepted\n", bad[i].name, bad[i].value);
    assert_int_equal(rc, HCC_E_PARAM);
    assert_memory_equal(&p, &before, sizeof p); /* nothing changed */
  }
  /* a NUL inside the value is not ignored */
  hcc_params p;
  hcc_params_init(&p);
  hcc_error err;
  assert_int_equal(hcc_params_set(&p, "explain", 7, "true\0x", 6, &err), HCC_E_PARAM);
  assert_int_equal(hcc_params_set(&p, "head_chars", 10, "5\0" "7", 3, &err), HCC_E_PARAM);
  assert_int_equal(hcc_params_set(&p, "policy", 6, "stub\0", 5, &err), HCC_E_PARAM);
  assert_int_equal(hcc_params_set(&p, "head_chars", 10, "5", 1, NULL), HCC_OK);
  assert_int_equal(hcc_params_set(&p, "nope", 4, "5", 1, NULL), HCC_E_PARAM);
}

/* ---- arena ----------------------------------------------------------------- */

static void test_arena(void **state) {
  (void)state;
  _Alignas(16) unsigned char mem[256];
  hcc_arena a;
  assert_int_equal(hcc__arena_cost(0), 0);
  assert_int_equal(hcc__arena_cost(1), 16);
  assert_int_equal(hcc__arena_cost(16), 16);
  assert_int_equal(hcc__arena_cost(17), 32);
  for (int off = 0; off < 16; off++) {
    hcc__arena_init(&a, mem + off, 100);
    void *p1 = hcc__arena_take(&a, 1);
    void *p2 = hcc__arena_take(&a, 20);
    assert_non_null(p1);
    assert_non_null(p2);
    assert_int_equal((uintptr_t)p1 % 16, 0);
    assert_int_equal((uintptr_t)p2 % 16, 0);
    assert_int_equal((unsigned char *)p2 - (unsigned char *)p1, 16);
    assert_true((unsigned char *)p1 >= mem + off);
    assert_true((unsigned char *)p2 + 32 <= mem + off + 100);
    size_t pad = (size_t)((16 - off) % 16);
    assert_int_equal(a.need, pad + 48);
    /* what no longer fits returns NULL but still counts */
    size_t left = 100 - pad - 48;
    void *p3 = hcc__arena_take(&a, left + 1);
    assert_null(p3);
    assert_int_equal(a.need, pad + 48 + hcc__arena_cost(left + 1));
  }
  /* a NULL arena measures, counting the worst alignment pad */
  hcc__arena_init(&a, NULL, 1000);
  assert_int_equal(a.size, 0);
  assert_null(hcc__arena_take(&a, 10));
  assert_null(hcc__arena_take(&a, 100));
  assert_int_equal(a.need, 15 + 16 + 112);
  /* memory smaller than its alignment pad gives nothing */
  hcc__arena_init(&a, mem + 1, 3);
  assert_null(hcc__arena_take(&a, 1));
}

/* ---- hcc_run: validate ------------------------------------------------------ */

static void test_run_validate(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  const char *in = " {\"a\": [1, 2]} ";
  size_t len = strlen(in), need = 99, out_len = 99;
  hcc_error err;
  char out[64];
  assert_int_equal(hcc_workspace_size(HCC_OP_VALIDATE, &p, in, len, &need, &err), HCC_OK);
  assert_int_equal(need, 0);
  assert_int_equal(hcc_workspace_bound(HCC_OP_VALIDATE, len), 0);
  /* no workspace at all: output is the input, unchanged */
  assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, in, len, NULL, 0, out, sizeof out, &out_len, &err),
                   HCC_OK);
  assert_int_equal(err.code, HCC_OK);
  assert_int_equal(out_len, len);
  assert_memory_equal(out, in, len);
  /* exact output capacity */
  assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, in, len, NULL, 0, out, len, &out_len, &err), HCC_OK);
  /* one byte short: NOSPACE with the size needed (snprintf style) */
  assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, in, len, NULL, 0, out, len - 1, &out_len, &err),
                   HCC_E_NOSPACE);
  assert_int_equal(err.code, HCC_E_NOSPACE);
  assert_int_equal(out_len, len);
  /* a size query with no buffer */
  assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, in, len, NULL, 0, NULL, 0, &out_len, &err),
                   HCC_E_NOSPACE);
  assert_int_equal(out_len, len);
  /* bad input: the validator's code and offset, out_len 0, also through
   * workspace_size */
  static const struct { const char *in; int code; size_t off; } bad[] = {
      {"[1,]", HCC_E_SYNTAX, 3}, {"", HCC_E_EMPTY, 0}, {"\"\\x\"", HCC_E_ESCAPE, 1},
      {"[1] 2", HCC_E_TRAILING, 4}, {"{\"a\":", HCC_E_TRUNCATED, 5},
  };
  for (size_t i = 0; i < N(bad); i++) {
    out_len = 99;
    need = 99;
    size_t n = strlen(bad[i].in);
    assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, bad[i].in, n, NULL, 0, out, sizeof out, &out_len, &err),
                     bad[i].code);
    assert_int_equal(err.offset, bad[i].off);
    assert_int_equal(out_len, 0);
    assert_int_equal(hcc_workspace_size(HCC_OP_VALIDATE, &p, bad[i].in, n, &need, &err), bad[i].code);
    assert_int_equal(err.offset, bad[i].off);
    assert_int_equal(need, 0);
  }
  /* a NUL byte is an error like any other */
  assert_int_equal(hcc_run(HCC_OP_VALIDATE, &p, "[1]\0", 4, NULL, 0, out, sizeof out, &out_len, &err),
                   HCC_E_TRAILING);
  assert_int_equal(err.offset, 3);
}

/* ---- hcc_run: messages ------------------------------------------------------ */

static const char transcript[] =
    "[{\"role\": \"system\", \"content\": \"hi\"},"
    " {\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"x\"}]},"
    " {\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"c1\","
    " \"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]},"
    " {\"role\": \"tool\", \"tool_call_id\": \"c1\", \"content\": \"r\\u00e9\\ud83d\\ude00\"},"
    " {\"role\": \"critic\"}, {}]";

static const char transcript_out[] =
    "0 system content=str:2\n"
    "1 user content=parts:1\n"
    "2 assistant content=null calls=1 \"c1\":\"f\"\n"
    "3 tool content=str:3 tool_call_id=\"c1\"\n"
    "4 \"critic\" content=absent\n"
    "5 none content=absent\n";

static int run_messages(const char *in, size_t len, void *ws, size_t ws_size, char *out,
                        size_t cap, size_t *out_len, hcc_error *err) {
  hcc_params p;
  hcc_params_init(&p);
  return hcc_run(HCC_OP_MESSAGES, &p, in, len, ws, ws_size, out, cap, out_len, err);
}

static void test_run_messages_output(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  size_t len = strlen(transcript), need, out_len;
  hcc_error err;
  assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, transcript, len, &need, &err), HCC_OK);
  assert_true(need > 0);
  assert_true(need <= hcc_workspace_bound(HCC_OP_MESSAGES, len));
  void *ws = malloc(need);
  char out[512];
  int rc = run_messages(transcript, len, ws, need, out, sizeof out, &out_len, &err);
  if (rc != HCC_OK) print_error("%s: %s\n", hcc_error_name(rc), err.message);
  assert_int_equal(rc, HCC_OK);
  if (out_len != strlen(transcript_out) || memcmp(out, transcript_out, out_len))
    print_error("got:\n%.*s", (int)out_len, out);
  assert_int_equal(out_len, strlen(transcript_out));
  assert_memory_equal(out, transcript_out, out_len);

  /* NOSPACE reports the exact size; a second run with it succeeds */
  size_t want = out_len;
  for (size_t cap = 0; cap < want; cap += 7) {
    rc = run_messages(transcript, len, ws, need, cap ? out : NULL, cap, &out_len, &err);
    assert_int_equal(rc, HCC_E_NOSPACE);
    assert_int_equal(out_len, want);
  }
  rc = run_messages(transcript, len, ws, need, out, want, &out_len, &err);
  assert_int_equal(rc, HCC_OK);
  assert_memory_equal(out, transcript_out, want);

  /* the wrapper object form gives the same outline */
  char wrapped[1024];
  int wn = snprintf(wrapped, sizeof wrapped, "{\"model\": \"m\", \"messages\": %s}", transcript);
  size_t wneed;
  assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, wrapped, (size_t)wn, &wneed, &err), HCC_OK);
  void *ws2 = malloc(wneed);
  assert_int_equal(run_messages(wrapped, (size_t)wn, ws2, wneed, out, sizeof out, &out_len, &err), HCC_OK);
  assert_int_equal(out_len, want);
  assert_memory_equal(out, transcript_out, want);
  free(ws2);
  free(ws);
}

/* The workspace hcc_workspace_size asks for is enough at any alignment;
 * much less is HCC_E_WORKSPACE (offset 0, out_len 0). */
static void test_run_messages_workspace(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  size_t len = strlen(transcript), need, out_len;
  hcc_error err;
  char out[512];
  assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, transcript, len, &need, &err), HCC_OK);
  unsigned char *mem = malloc(need + 32);
  for (int off = 0; off < 16; off++) {
    memset(mem, 0xEE, need + 32);
    int rc = run_messages(transcript, len, mem + off, need, out, sizeof out, &out_len, &err);
    assert_int_equal(rc, HCC_OK);
    assert_memory_equal(out, transcript_out, out_len);
    /* nothing written past the workspace */
    for (size_t k = off + need; k < need + 32; k++) assert_int_equal(mem[k], 0xEE);
  }
  /* no workspace */
  out_len = 99;
  assert_int_equal(run_messages(transcript, len, NULL, 0, out, sizeof out, &out_len, &err),
                   HCC_E_WORKSPACE);
  assert_int_equal(err.code, HCC_E_WORKSPACE);
  assert_int_equal(err.offset, 0);
  assert_int_equal(out_len, 0);
  /* a fraction of it */
  assert_int_equal(run_messages(transcript, len, mem, need / 4, out, sizeof out, &out_len, &err),
                   HCC_E_WORKSPACE);
  assert_int_equal(run_messages(transcript, len, mem, 16, out, sizeof out, &out_len, &err),
                   HCC_E_WORKSPACE);
  /* the smallest workspace that works is never more than need */
  size_t lo = 0, hi = need;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (run_messages(transcript, len, mem, mid, out, sizeof out, &out_len, &err) == HCC_OK) hi = mid;
    else lo = mid + 1;
  }
  assert_true(lo <= need);
  assert_true(lo > 0);
  /* WORKSPACE wins over NOSPACE: the output is never started */
  assert_int_equal(run_messages(transcript, len, NULL, 0, NULL, 0, &out_len, &err), HCC_E_WORKSPACE);
  free(mem);
}

/* Input errors come back even without workspace; shape errors with it. */
static void test_run_messages_errors(void **state) {
  (void)state;
  static const struct { const char *in; int code; size_t off; } c[] = {
      {"[{\"role\": \"user\"},]", HCC_E_SYNTAX, 18},
      {"", HCC_E_EMPTY, 0},
      {"[{\"a\":1}", HCC_E_TRUNCATED, 8},
      {"[\"\xff\"]", HCC_E_UTF8, 2},
  };
  hcc_params p;
  hcc_params_init(&p);
  char out[64];
  size_t out_len, need;
  hcc_error err;
  for (size_t i = 0; i < N(c); i++) {
    size_t n = strlen(c[i].in);
    assert_int_equal(run_messages(c[i].in, n, NULL, 0, out, sizeof out, &out_len, &err), c[i].code);
    assert_int_equal(err.offset, c[i].off);
    assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, c[i].in, n, &need, &err), c[i].code);
    assert_int_equal(err.offset, c[i].off);
  }
  /* valid JSON of the wrong shape: HCC_E_SHAPE with enough workspace
   * (scalars included: a bare number root is tokenized too) */
  static const char *const shapes[] = {"1", "null", "\"s\"", "{}", "{\"messages\": 1}",
                                       "[1]", "[{}, []]"};
  for (size_t i = 0; i < N(shapes); i++) {
    size_t n = strlen(shapes[i]);
    assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, shapes[i], n, &need, &err), HCC_OK);
    void *ws = malloc(need);
    int rc = run_messages(shapes[i], n, ws, need, out, sizeof out, &out_len, &err);
    if (rc != HCC_E_SHAPE) print_error("%s: %s %s\n", shapes[i], hcc_error_name(rc), err.message);
    assert_int_equal(rc, HCC_E_SHAPE);
    free(ws);
  }
  /* an empty transcript is fine and prints nothing */
  assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, "[]", 2, &need, &err), HCC_OK);
  void *ws = malloc(need);
  assert_int_equal(run_messages("[]", 2, ws, need, out, sizeof out, &out_len, &err), HCC_OK);
  assert_int_equal(out_len, 0);
  free(ws);
}

/* workspace_bound covers workspace_size for any input of that length,
 * including the densest token layouts. */
static void test_bound_covers_size(void **state) {
  (void)state;
  hcc_params p;
  hcc_params_init(&p);
  char buf[4096];
  for (int k = 0; k < 300; k++) {
    /* [{},{},...] (messages' densest valid input) and [1,1,...] */
    for (int form = 0; form < 3; form++) {
      size_t n = 0;
      buf[n++] = '[';
      for (int i = 0; i < k; i++) {
        if (i) buf[n++] = ',';
        if (form == 0) { buf[n++] = '{'; buf[n++] = '}'; }
        else if (form == 1) buf[n++] = '1';
        else { memcpy(buf + n, "{\"\":0}", 6); n += 6; }
      }
      buf[n++] = ']';
      size_t need;
      hcc_error err;
      for (int op = HCC_OP_VALIDATE; op <= HCC_OP_MESSAGES; op++) {
        assert_int_equal(hcc_workspace_size((hcc_op)op, &p, buf, n, &need, &err), HCC_OK);
        assert_true(need <= hcc_workspace_bound((hcc_op)op, n));
      }
    }
  }
  /* the one-byte document */
  size_t need;
  assert_int_equal(hcc_workspace_size(HCC_OP_MESSAGES, &p, "1", 1, &need, NULL), HCC_OK);
  assert_true(need <= hcc_workspace_bound(HCC_OP_MESSAGES, 1));
}

/* The contract for every op of the build: the workspace
 * hcc_workspace_size asks for is enough (never HCC_E_WORKSPACE), at the
 * worst alignment, and within hcc_workspace_bound.  Inputs include keys
 * spelled with escapes, which json.loads (and hcc__json_get) decode: an
 * escaped "arguments" key once made truncate-args fail this way. */
static void test_size_suffices_all_ops(void **state) {
  (void)state;
  static char big[60000];
  const char *pad = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
  const char *keys[] = {"arguments", "\\u0061rguments", "\\u0061\\u0072guments"};
  for (size_t k = 0; k < N(keys); k++) {
    int n = snprintf(big, sizeof big,
                     "[{\"role\": \"user\", \"content\": \"q\"}, {\"role\": \"assistant\", "
                     "\"content\": null, \"tool_calls\": [{\"id\": \"c1\", \"type\": \"function\", "
                     "\"function\": {\"name\": \"f\", \"%s\": \"{\\\"p\\\": \\\"",
                     keys[k]);
    for (int i = 0; i < 700; i++) n += snprintf(big + n, sizeof big - (size_t)n, "%s", pad);
    n += snprintf(big + n, sizeof big - (size_t)n,
                  "\\\"}\"}}]}, {\"role\": \"tool\", \"tool_call_id\": \"c1\", \"content\": \"r\"}]");
    assert_true((size_t)n < sizeof big);
    assert_int_equal(hcc_json_validate(big, (size_t)n, NULL, NULL), HCC_OK);
    for (int op = 0; op < HCC_OP__COUNT; op++) {
      if (!hcc_op_supported((hcc_op)op)) continue;
      for (int all = 0; all < 2; all++) {
        hcc_params p;
        hcc_params_init(&p);
        p.truncate_all = all;
        size_t need = 0, out_len = 0;
        hcc_error err;
        int rc = hcc_workspace_size((hcc_op)op, &p, big, (size_t)n, &need, &err);
        assert_int_equal(rc, HCC_OK);
        assert_true(need <= hcc_workspace_bound((hcc_op)op, (size_t)n));
        unsigned char *mem = malloc(need + 16);
        /* mem + 1: the library loses 15 bytes to alignment */
        rc = hcc_run((hcc_op)op, &p, big, (size_t)n, need ? mem + 1 : NULL, need, NULL, 0, &out_len, &err);
        if (rc == HCC_E_WORKSPACE)
          print_error("op %s, key %s: HCC_E_WORKSPACE with the %zu bytes asked for\n",
                      hcc_op_name((hcc_op)op), keys[k], need);
        assert_int_not_equal(rc, HCC_E_WORKSPACE);
        free(mem);
      }
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_error_names),
      cmocka_unit_test(test_op_names),
      cmocka_unit_test(test_unsupported),
      cmocka_unit_test(test_params_defaults),
      cmocka_unit_test(test_param_names),
      cmocka_unit_test(test_params_set_values),
      cmocka_unit_test(test_params_rejected),
      cmocka_unit_test(test_arena),
      cmocka_unit_test(test_run_validate),
      cmocka_unit_test(test_run_messages_output),
      cmocka_unit_test(test_run_messages_workspace),
      cmocka_unit_test(test_run_messages_errors),
      cmocka_unit_test(test_bound_covers_size),
      cmocka_unit_test(test_size_suffices_all_ops),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
