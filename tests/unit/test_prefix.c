/* test_prefix.c -- the marker table (prefixes.c), its linear search, and
 * the three PREFIX ops through hcc_run: Python whitespace, workspace
 * sizing, the str() bound of classify-summary.
 *
 * Where an expectation is Python behaviour it was produced by python3:
 * - lengths and code point counts of the strings: printed by
 *   tools/gen_prefixes.py from the pinned context_compressor.py (its
 *   comments in prefixes.c), e.g. SUMMARY_PREFIX 1646 bytes / 1632 cps;
 * - the whitespace sets: python3 -c "import sys; print([hex(c) for c in
 *   range(sys.maxunicode+1) if chr(c).isspace()])", and chr(c).isspace()
 *   for the non-space list;
 * - op outputs: json.dumps(ContextCompressor.<fn>(value),
 *   ensure_ascii=False) of the pinned code (the same as golden/, where the
 *   long cases live). */
#include "unit.h"
#include "prefixes.h"
#include "py.h"
#include "summary_text.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the table ---------------------------------------------------------- */

static void test_table_lengths(void **state) {
  (void)state;
  /* from python3: len(s.encode()), len(s) of each constant */
  static const struct { int id; size_t n, cps; const char *name; } want[] = {
      {HCC_LIT_SUMMARY_PREFIX, 1646, 1632, "SUMMARY_PREFIX"},
      {HCC_LIT_LEGACY_SUMMARY_PREFIX, 18, 18, "LEGACY_SUMMARY_PREFIX"},
      {HCC_LIT_SUMMARY_END_MARKER, 86, 84, "_SUMMARY_END_MARKER"},
      {HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER, 57, 55, "_MERGED_PRIOR_CONTEXT_HEADER"},
      {HCC_LIT_MERGED_SUMMARY_DELIMITER, 51, 49, "_MERGED_SUMMARY_DELIMITER"},
      {HCC_LIT_HISTORICAL_0 + 0, 1440, 1428, "_HISTORICAL_SUMMARY_PREFIXES[0]"},
      {HCC_LIT_HISTORICAL_0 + 1, 1390, 1378, "_HISTORICAL_SUMMARY_PREFIXES[1]"},
      {HCC_LIT_HISTORICAL_0 + 2, 594, 586, "_HISTORICAL_SUMMARY_PREFIXES[2]"},
  };
  assert_int_equal(HCC_LIT__COUNT, N(want));
  for (size_t k = 0; k < N(want); k++) {
    const hcc_lit *l = &hcc__lits[want[k].id];
    assert_string_equal(l->name, want[k].name);
    assert_int_equal(l->n, want[k].n);
    assert_int_equal(strlen(l->s), l->n);
    assert_int_equal(l->cps, want[k].cps);
    assert_int_equal(hcc__utf8_count(l->s, l->n), l->cps);
  }
  assert_string_equal(hcc__lits[HCC_LIT_LEGACY_SUMMARY_PREFIX].s, "[CONTEXT SUMMARY]:");
  assert_string_equal(hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER].s,
                      "[END OF PRIOR CONTEXT \xe2\x80\x94 COMPACTION SUMMARY BELOW]");
}

/* What spec PREFIX-1 states about the strings: printable, no quote or
 * backslash (json.dumps writes them unchanged), handoff prefixes start
 * with '['. */
static void test_table_text(void **state) {
  (void)state;
  for (int id = 0; id < HCC_LIT__COUNT; id++) {
    const hcc_lit *l = &hcc__lits[id];
    size_t i = 0;
    while (i < l->n) {
      uint32_t cp = hcc__utf8_next(l->s, l->n, &i);
      assert_true(cp != '"' && cp != '\\');
      assert_false(cp >= 0xD800 && cp <= 0xDFFF);
      assert_true(hcc__py_isprintable(cp));
    }
    assert_int_equal(i, l->n);
    if (id != HCC_LIT_SUMMARY_END_MARKER) assert_int_equal(l->s[0], '[');
  }
}

/* The generated border tables are the KMP failure function. */
static void test_table_borders(void **state) {
  (void)state;
  for (int id = 0; id < HCC_LIT__COUNT; id++) {
    const hcc_lit *l = &hcc__lits[id];
    for (size_t j = 0; j < l->n; j++) {
      size_t best = 0;
      for (size_t b = j; b > 0; b--) /* longest proper border of s[0..j] */
        if (memcmp(l->s, l->s + j + 1 - b, b) == 0) {
          best = b;
          break;
        }
      assert_int_equal(l->fail[j], best);
    }
  }
}

/* No known handoff prefix starts another, so hermes's first-match order
 * and "any match" agree; the order is still SUMMARY, LEGACY, historical. */
static void test_prefix_order(void **state) {
  (void)state;
  int ids[HCC_LIT_HISTORICAL_COUNT + 2];
  size_t k = 0;
  ids[k++] = HCC_LIT_SUMMARY_PREFIX;
  ids[k++] = HCC_LIT_LEGACY_SUMMARY_PREFIX;
  for (int id = HCC_LIT_HISTORICAL_0; id < HCC_LIT__COUNT; id++) ids[k++] = id;
  for (size_t a = 0; a < k; a++) {
    const hcc_lit *l = &hcc__lits[ids[a]];
    assert_int_equal(hcc__summary_prefix_at(l->s, l->n), ids[a]);
    assert_int_equal(hcc__summary_prefix_at(l->s, l->n - 1), -1);
    for (size_t b = 0; b < k; b++)
      if (a != b) assert_false(hcc__lit_starts(ids[b], l->s, l->n));
  }
  /* hcc__lit_is_prefix names exactly the strings hcc__summary_prefix_at
   * finds: every id either is one (and is found as itself) or is not
   * found at all (the markers, the merged header) */
  for (int id = 0; id < HCC_LIT__COUNT; id++) {
    int found = hcc__summary_prefix_at(hcc__lits[id].s, hcc__lits[id].n);
    assert_int_equal(hcc__lit_is_prefix(id), found == id);
    if (!hcc__lit_is_prefix(id)) assert_int_equal(found, -1);
  }
  assert_int_equal(hcc__summary_prefix_at("", 0), -1);
  assert_int_equal(hcc__summary_prefix_at(" [CONTEXT SUMMARY]:", 19), -1);
  assert_int_equal(hcc__summary_prefix_at("[CONTEXT SUMMARY]:x", 19), HCC_LIT_LEGACY_SUMMARY_PREFIX);
}

/* ---- search ------------------------------------------------------------- */

static size_t naive_find(const char *s, size_t n, const char *p, size_t m) {
  if (m > n) return HCC_NPOS;
  for (size_t i = 0; i + m <= n; i++)
    if (memcmp(s + i, p, m) == 0) return i;
  return HCC_NPOS;
}

/* xorshift: deterministic texts made of pieces of the needle, so partial
 * matches, overlaps and false starts are frequent. */
static uint32_t rng_state = 12345;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

static void test_find_matches_naive(void **state) {
  (void)state;
  static char text[8192];
  for (int id = 0; id < HCC_LIT__COUNT; id++) {
    const hcc_lit *l = &hcc__lits[id];
    for (int round = 0; round < 300; round++) {
      size_t n = 0, want = (size_t)(rnd() % sizeof text);
      while (n < want) {
        size_t from = rnd() % l->n, len = 1 + rnd() % (l->n - from);
        if (rnd() % 4 == 0) from = 0; /* starts of the needle */
        if (rnd() % 16 == 0) len = l->n - from;
        if (n + len > want) len = want - n;
        memcpy(text + n, l->s + from, len);
        n += len;
        if (rnd() % 8 == 0 && n < want) text[n++] = (char)(rnd() & 0xff);
      }
      for (size_t cut = 0; cut <= n; cut += 1 + n / 7)
        assert_int_equal(hcc__lit_find(id, text + cut, n - cut),
                         naive_find(text + cut, n - cut, l->s, l->n));
    }
    /* whole needle at the very end, and text shorter than the needle */
    memset(text, '-', 100);
    memcpy(text + 100, l->s, l->n);
    assert_int_equal(hcc__lit_find(id, text, 100 + l->n), 100);
    assert_int_equal(hcc__lit_find(id, text + 100, l->n - 1), HCC_NPOS);
    assert_int_equal(hcc__lit_find(id, text, 0), HCC_NPOS);
  }
}

/* ---- the ops through hcc_run --------------------------------------------- */

static char ws_mem[1 << 22];
static char out_mem[1 << 21];

/* Runs op on in with exactly the workspace hcc_workspace_size reports; checks
 * that one byte less is refused when anything is needed. */
static int run_exact(hcc_op op, const char *in, size_t len, size_t *out_len) {
  hcc_params p;
  hcc_error err;
  size_t need;
  hcc_params_init(&p);
  int rc = hcc_workspace_size(op, &p, in, len, &need, &err);
  if (rc != HCC_OK) return rc;
  assert_true(need <= sizeof ws_mem);
  assert_true(need <= hcc_workspace_bound(op, len));
  /* align ws to 16 so the arena uses exactly `need` */
  char *ws = ws_mem + ((16 - ((uintptr_t)ws_mem & 15)) & 15);
  rc = hcc_run(op, &p, in, len, ws, need, out_mem, sizeof out_mem, out_len, &err);
  return rc;
}

static void expect_out(hcc_op op, const char *in, const char *want) {
  size_t n = 0;
  int rc = run_exact(op, in, strlen(in), &n);
  if (rc != HCC_OK) print_error("input %s: %s\n", in, hcc_error_name(rc));
  assert_int_equal(rc, HCC_OK);
  if (n != strlen(want) || memcmp(out_mem, want, n) != 0)
    print_error("input %s: got %.*s want %s\n", in, (int)n, out_mem, want);
  assert_int_equal(n, strlen(want));
  assert_memory_equal(out_mem, want, n);
}

/* str.strip() removes exactly Python's whitespace (29 code points). */
static void test_strip_python_whitespace(void **state) {
  (void)state;
  static const uint32_t space[] = {
      0x9,    0xa,    0xb,    0xc,    0xd,    0x1c,   0x1d,   0x1e,   0x1f,   0x20,
      0x85,   0xa0,   0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
      0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000};
  static const uint32_t not_space[] = {0x200b, 0xfeff, 0x180e, 0x0,  0x8,    0xe,
                                       0x1b,   0x7f,   0x2060, 0x3164, 0x200c, 0xad};
  char in[128], want[128];
  for (size_t k = 0; k < N(space); k++) {
    /* "\uXXXX[CONTEXT SUMMARY]:\uXXXXx\uXXXX" -> "x" */
    snprintf(in, sizeof in, "\"\\u%04x[CONTEXT SUMMARY]:\\u%04xx\\u%04x\"", space[k],
             space[k], space[k]);
    expect_out(HCC_OP_STRIP_PREFIX, in, "\"x\"");
    expect_out(HCC_OP_CLASSIFY_SUMMARY, in, "\"standalone\"");
  }
  for (size_t k = 0; k < N(not_space); k++) {
    /* nothing is stripped, so the prefix is not at the start either */
    snprintf(in, sizeof in, "\"\\u%04x[CONTEXT SUMMARY]: x\"", not_space[k]);
    size_t n = 0;
    assert_int_equal(run_exact(HCC_OP_STRIP_PREFIX, in, strlen(in), &n), HCC_OK);
    assert_true(n > 20);
    assert_memory_equal(out_mem + n - 21, "[CONTEXT SUMMARY]: x\"", 21);
    expect_out(HCC_OP_CLASSIFY_SUMMARY, in, "null");
    /* rstrip leaves it too */
    snprintf(in, sizeof in, "\"[CONTEXT SUMMARY]:y\\u%04x\"", not_space[k]);
    assert_int_equal(run_exact(HCC_OP_STRIP_PREFIX, in, strlen(in), &n), HCC_OK);
    snprintf(want, sizeof want, "\"y");
    assert_memory_equal(out_mem, want, 2);
    assert_true(n > 3);
  }
}

static void test_ops_small(void **state) {
  (void)state;
  expect_out(HCC_OP_STRIP_PREFIX, "\"  [CONTEXT SUMMARY]:  hello  \"", "\"hello\"");
  expect_out(HCC_OP_STRIP_PREFIX, "null", "\"\"");
  expect_out(HCC_OP_STRIP_PREFIX, " 0.0e0 ", "\"\"");
  expect_out(HCC_OP_STRIP_PREFIX, "[ ]", "\"\"");
  expect_out(HCC_OP_STRIP_PREFIX, "\"\"", "\"\"");
  /* split on the delimiter first, then one prefix, then the end marker */
  expect_out(HCC_OP_STRIP_PREFIX,
             "\"a[END OF PRIOR CONTEXT \xe2\x80\x94 COMPACTION SUMMARY BELOW] "
             "[CONTEXT SUMMARY]: [CONTEXT SUMMARY]: b\\n--- END OF CONTEXT SUMMARY \xe2\x80\x94 "
             "respond to the message below, not the summary above ---\\nc\"",
             "\"[CONTEXT SUMMARY]: b\"");
  /* lone surrogates pass through as escapes */
  expect_out(HCC_OP_STRIP_PREFIX, "\"[CONTEXT SUMMARY]:\\udc00 \"", "\"\\udc00\"");
  expect_out(HCC_OP_CLASSIFY_SUMMARY, "[\"x\", {\"text\": \"[CONTEXT SUMMARY]:\"}]", "null");
  expect_out(HCC_OP_CLASSIFY_SUMMARY, "[\"\", {\"text\": \"[CONTEXT SUMMARY]:\"}]",
             "\"standalone\"");
  expect_out(HCC_OP_CLASSIFY_SUMMARY, "{}", "null");
  expect_out(HCC_OP_CLASSIFY_SUMMARY, "1e15", "null");
  expect_out(HCC_OP_CLASSIFY_SUMMARY, "null", "null");
}

static void test_rejects(void **state) {
  (void)state;
  size_t n;
  assert_int_equal(run_exact(HCC_OP_STRIP_PREFIX, "5", 1, &n), HCC_E_SHAPE);
  assert_int_equal(run_exact(HCC_OP_WITH_PREFIX, "true", 4, &n), HCC_E_SHAPE);
  assert_int_equal(run_exact(HCC_OP_WITH_PREFIX, "[0]", 3, &n), HCC_E_SHAPE);
  assert_int_equal(run_exact(HCC_OP_STRIP_PREFIX, "\"x", 2, &n), HCC_E_TRUNCATED);
  assert_int_equal(run_exact(HCC_OP_CLASSIFY_SUMMARY, "", 0, &n), HCC_E_EMPTY);
}

/* with-prefix of an empty body is the bare prefix; its output is the prefix
 * as json.dumps writes it (no escapes but the quotes). */
static void test_with_prefix_bare(void **state) {
  (void)state;
  const hcc_lit *l = &hcc__lits[HCC_LIT_SUMMARY_PREFIX];
  size_t n = 0;
  assert_int_equal(run_exact(HCC_OP_WITH_PREFIX, "\" \"", 3, &n), HCC_OK);
  assert_int_equal(n, l->n + 2);
  assert_memory_equal(out_mem + 1, l->s, l->n);
  assert_int_equal(run_exact(HCC_OP_WITH_PREFIX, "\"b\"", 3, &n), HCC_OK);
  assert_int_equal(n, l->n + 2 + 3);
  assert_memory_equal(out_mem + 1 + l->n, "\\nb\"", 4);
}

/* Too little workspace or output is reported, never overrun. */
static void test_sizes(void **state) {
  (void)state;
  static const char *in[] = {"\"[CONTEXT SUMMARY]: hello\"", "[\"a\", {\"text\": \"b\"}]",
                             "{\"a\": [1e15, 9e15, \"\\u0085\"]}"};
  static const hcc_op ops[] = {HCC_OP_STRIP_PREFIX, HCC_OP_CLASSIFY_SUMMARY,
                               HCC_OP_CLASSIFY_SUMMARY};
  char *ws = ws_mem + ((16 - ((uintptr_t)ws_mem & 15)) & 15);
  for (size_t k = 0; k < N(in); k++) {
    hcc_params p;
    hcc_error err;
    size_t need, n;
    hcc_params_init(&p);
    size_t len = strlen(in[k]);
    assert_int_equal(hcc_workspace_size(ops[k], &p, in[k], len, &need, &err), HCC_OK);
    assert_true(need > 0);
    /* need is what the input's validator facts call for (for lists and
     * dicts an upper bound); too little is refused, not overrun */
    assert_int_equal(hcc_run(ops[k], &p, in[k], len, ws, 16, out_mem, sizeof out_mem, &n, &err),
                     HCC_E_WORKSPACE);
    assert_int_equal(hcc_run(ops[k], &p, in[k], len, NULL, 0, out_mem, sizeof out_mem, &n, &err),
                     HCC_E_WORKSPACE);
    assert_int_equal(hcc_run(ops[k], &p, in[k], len, ws, need, out_mem, 2, &n, &err),
                     HCC_E_NOSPACE);
    assert_true(n > 2);
    assert_int_equal(hcc_run(ops[k], &p, in[k], len, ws, need, out_mem, n, &n, &err), HCC_OK);
  }
}

/* classify-summary keeps no room for a decoded copy of a str view it
 * classifies the raw way (no \u or \/ escape in the input): the tokens
 * only, which suffice at any start of the buffer; with one such escape the
 * copy is sized again.  The views: a long str, and a list of a str part, a
 * dict part and a part that is neither. */
static void test_classify_sizes_raw_view(void **state) {
  (void)state;
  static char in[3][40000];
  const char *body = "[CONTEXT SUMMARY]: a summary line\\n\\t\\\"quoted\\\" ";
  const char *fmt[3] = {"\"%s%s\"", "[\"x\", {\"text\": \"%s%s\"}, 3]", "\"%s\\u0041%s\""};
  for (int k = 0; k < 3; k++) {
    static char fill[30000];
    size_t f = 0;
    while (f + strlen(body) < sizeof fill - 1) memcpy(fill + f, body, strlen(body)), f += strlen(body);
    fill[f] = 0;
    snprintf(in[k], sizeof in[k], fmt[k], "[CONTEXT SUMMARY]: ", fill);
    size_t len = strlen(in[k]), need, n;
    hcc_params p;
    hcc_error err;
    hcc_params_init(&p);
    assert_int_equal(hcc_workspace_size(HCC_OP_CLASSIFY_SUMMARY, &p, in[k], len, &need, &err), HCC_OK);
    if (k < 2) assert_true(need < 256);   /* a few tokens and the alignment pad */
    else assert_true(need > len);         /* the decoded copy */
    char *ws = ws_mem + 1 + ((16 - ((uintptr_t)ws_mem & 15)) & 15); /* misaligned on purpose */
    assert_int_equal(hcc_run(HCC_OP_CLASSIFY_SUMMARY, &p, in[k], len, ws, need, out_mem, sizeof out_mem, &n, &err),
                     HCC_OK);
    assert_int_equal(n, k == 1 ? 4 : 12); /* "x\n[CONTEXT..." is no summary */
    assert_memory_equal(out_mem, k == 1 ? "null" : "\"standalone\"", n);
  }
}

/* strip-prefix and with-prefix keep no room for a decoded copy of a
 * summary they read where it stands (no \u or \/ escape): the tokens
 * only, enough at an odd address; one such escape sizes the copy again. */
static void test_prefix_ops_sizes_raw(void **state) {
  (void)state;
  static char in[2][40000], fill[30000];
  size_t f = 0;
  const char *piece = "line of the summary\\n\\t\\\"q\\\" ";
  while (f + strlen(piece) < sizeof fill - 1) memcpy(fill + f, piece, strlen(piece)), f += strlen(piece);
  fill[f] = 0;
  snprintf(in[0], sizeof in[0], "\"[CONTEXT SUMMARY]: %s\"", fill);
  snprintf(in[1], sizeof in[1], "\"[CONTEXT SUMMARY]: \\u0041%s\"", fill);
  const hcc_op ops[] = {HCC_OP_STRIP_PREFIX, HCC_OP_WITH_PREFIX};
  char *ws = ws_mem + 1 + ((16 - ((uintptr_t)ws_mem & 15)) & 15); /* misaligned on purpose */
  for (int k = 0; k < 2; k++)
    for (size_t j = 0; j < N(ops); j++) {
      size_t len = strlen(in[k]), need, n;
      hcc_params p;
      hcc_error err;
      hcc_params_init(&p);
      assert_int_equal(hcc_workspace_size(ops[j], &p, in[k], len, &need, &err), HCC_OK);
      if (k == 0) assert_true(need < 64); /* one token and the alignment pad */
      else assert_true(need > len / 2);   /* the decoded copy */
      assert_int_equal(hcc_run(ops[j], &p, in[k], len, ws, need, out_mem, sizeof out_mem, &n, &err), HCC_OK);
      assert_true(n > f / 2);
    }
}

/* str(dict) of the content can be longer than its JSON text; the workspace
 * bound covers the worst constructs (floats printed positionally,
 * separators, \U escapes of non-printable astral code points). */
static void test_classify_str_bound(void **state) {
  (void)state;
  static char in[1 << 16];
  static const char *pieces[] = {"1e15", "9e15", "-1e15", "1E9", "\"\\udb40\\udc01\"",
                                 "\"\\u0085\"", "\"\xf3\xa0\x80\x81\"", "[]", "{}", "0.0001",
                                 "\"'\"", "\"\\\\\"", "\"\\\"'\"", "null", "true"};
  for (size_t k = 0; k < N(pieces); k++) {
    for (int shape = 0; shape < 3; shape++) {
      size_t n = 0;
      n += (size_t)snprintf(in + n, sizeof in - n, shape == 2 ? "{\"k\":[" : "{");
      for (int m = 0; m < 500; m++) {
        if (m) in[n++] = ',';
        if (shape == 0) n += (size_t)snprintf(in + n, sizeof in - n, "\"%d\":%s", m, pieces[k]);
        else if (shape == 1) n += (size_t)snprintf(in + n, sizeof in - n, "\"\":%s", pieces[k]);
        else n += (size_t)snprintf(in + n, sizeof in - n, "%s", pieces[k]);
      }
      n += (size_t)snprintf(in + n, sizeof in - n, shape == 2 ? "]}" : "}");
      size_t out_n;
      assert_int_equal(run_exact(HCC_OP_CLASSIFY_SUMMARY, in, n, &out_n), HCC_OK);
      assert_memory_equal(out_mem, "null", 4);
    }
  }
}

/* A long text full of false starts of the end marker is searched in one
 * pass (the result is checked against the naive search). */
static void test_long_adversarial(void **state) {
  (void)state;
  const hcc_lit *e = &hcc__lits[HCC_LIT_SUMMARY_END_MARKER];
  static char text[1 << 20];
  size_t n = 0;
  while (n + 2 * e->n < sizeof text) {
    memcpy(text + n, e->s, e->n - 1); /* all but the last byte, then a wrong one */
    n += e->n - 1;
    text[n++] = 'x';
  }
  memcpy(text + n, e->s, e->n);
  n += e->n;
  assert_int_equal(hcc__lit_find(HCC_LIT_SUMMARY_END_MARKER, text, n), n - e->n);
  assert_int_equal(naive_find(text, n, e->s, e->n), n - e->n);
  assert_int_equal(hcc__lit_find(HCC_LIT_SUMMARY_END_MARKER, text, n - 1), HCC_NPOS);
}

/* hcc__raw_body_plain decides on the raw JSON body: whenever it says
 * "plain", the decoded text is neither a summary nor a synthetic turn.
 * Bodies are built from markers written raw and with \u escapes (real and
 * fake: an escaped backslash before "u0045"), blanks of every spelling,
 * and plain words; both answers must occur often. */
static void test_raw_body_plain(void **state) {
  (void)state;
  static const char *const pieces[] = {
      "word ", "C", "[", "x", " ", "\\n", "\\t", "\\u3000", "\xe3\x80\x80", "\\u001c", "\\u001b",
      "\\u005b", "\\u0043", "\\\\u0045", "\\u2014", "\\\\", "\\\"",
      "[END OF PRIOR CONTEXT \xe2\x80\x94 COMPACTION SUMMARY BELOW]",
      "[END OF PRIOR CONTEXT \\u2014 COMPACTION SUMMARY BELOW]",
      "[\\u0045ND OF PRIOR CONTEXT \xe2\x80\x94 COMPACTION SUMMARY BELOW]",
      "[CONTEXT SUMMARY]:", "\\u005bCONTEXT SUMMARY]:",
      "Continue from the compressed conversation context above. This marker exists because no human user turn was available.",
      "[Your active task list was preserved across context compression]\\n"};
  static char raw[4096], dec[4096];
  uint64_t x = 0x2545f4914f6cdd1dull;
  size_t plain = 0, unsure = 0, marked = 0;
  for (int it = 0; it < 40000; it++) {
    size_t n = 0;
    int k = 1 + it % 6;
    int at = 0;
    while (k-- > 0) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      /* markers often first (after a blank or two), rarely later, so that
       * many bodies are plain and many marked */
      size_t np = sizeof pieces / sizeof pieces[0], i;
      if (at == 0 && x % 3 == 0) i = 4 + (x >> 8) % 6; /* a blank first */
      else if (at <= 1 && x % 2 == 0) i = 17 + (x >> 8) % (np - 17);
      else i = x % 8 ? x % 17 : x % np;
      memcpy(raw + n, pieces[i], strlen(pieces[i]));
      n += strlen(pieces[i]);
      at++;
    }
    size_t dn = hcc__json_decode(raw, n, dec);
    hcc_slice t = {dec, dn};
    int summary = hcc__is_summary_text(t), synthetic = hcc__is_synthetic_text(t);
    marked += summary || synthetic;
    if (hcc__raw_body_plain(raw, n)) {
      if (summary || synthetic) print_error("plain but marked: %.*s\n", (int)n, raw);
      assert_false(summary || synthetic);
      plain++;
    } else {
      unsure++;
    }
  }
  assert_true(plain > 5000 && unsure > 5000 && marked > 5000);
  const char *spelled = "x [END OF PRIOR CONTEXT \\u2014 COMPACTION SUMMARY BELOW] y";
  assert_int_equal(hcc__raw_body_plain(spelled, strlen(spelled)), 0);
  assert_int_equal(hcc__raw_body_plain("hello \\u001b[0m", 15), 1);
  assert_int_equal(hcc__raw_body_plain(" \\t\\u005bx", 10), 0);
}

/* Parts of a text for hcc__summary_kind_raw, read in order. */
typedef struct raw_parts {
  const char *s[8];
  size_t n[8], count, k;
} raw_parts;

static int next_raw(void *ctx, hcc_slice *r) {
  raw_parts *p = ctx;
  if (p->k == p->count) return 0;
  r->s = p->s[p->k], r->n = p->n[p->k];
  p->k++;
  return 1;
}

/* hcc__summary_body_raw and hcc__summary_kind_raw against the decoded way: random summaries made of
 * Python whitespace (raw and escaped), text with escapes, runs of
 * backslashes, the markers and the prefixes (escaped as JSON), now and
 * then a \u or \/ escape.  Where the raw way answers, its span is
 * json.dumps's text of hcc__summary_body of the decoded string; it answers
 * for every body without those two escapes. */
static void test_body_raw_matches_decoded(void **state) {
  (void)state;
  static char pre[4][4096];
  static const int ids[] = {HCC_LIT_SUMMARY_PREFIX, HCC_LIT_LEGACY_SUMMARY_PREFIX, HCC_LIT_MERGED_SUMMARY_DELIMITER,
                            HCC_LIT_SUMMARY_END_MARKER};
  for (int k = 0; k < HCC_LIT__COUNT; k++) assert_true(hcc__lits[k].n < HCC_PREFIX_HEAD);
  for (size_t k = 0; k < N(ids); k++) {
    hcc_out o;
    hcc__out_init(&o, pre[k], sizeof pre[k] - 1);
    hcc__out_json_body(&o, hcc__lits[ids[k]].s, hcc__lits[ids[k]].n);
    pre[k][o.len] = 0;
  }
  const char *pieces[] = {" ", "\\n", "\\t", "\\r", "\xe2\x80\x83", "\xc2\xa0", "\xc2\x85", "\\f", "\\b",
                          "abc", "x", "\\\"", "\\\\", "\xe6\x97\xa5", "-", "[", "---", "\\\\n", "\\\\\\\\",
                          pre[0], pre[1], pre[2], pre[3], "\\u0041", "\\/", "\\u2003"};
  static char raw[40000], dec[40000], want[60000];
  uint64_t x = 0x5851f42d4c957f2dull;
  size_t answered = 0, kinds[3] = {0, 0, 0};
  for (int it = 0; it < 4000; it++) {
    size_t n = 0, count = (size_t)(it % 23);
    int plain = it % 3 != 0; /* no \u, no \/ */
    for (size_t k = 0; k < count; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      size_t pick = x % N(pieces);
      if (plain && pick >= N(pieces) - 3) pick = x % 19;
      size_t len = strlen(pieces[pick]);
      memcpy(raw + n, pieces[pick], len);
      n += len;
    }
    hcc_slice t = {dec, hcc__json_decode(raw, n, dec)}, body = hcc__summary_body(t), rb;
    hcc_out o;
    hcc__out_init(&o, want, sizeof want);
    hcc__out_json_body(&o, body.s, body.n);
    /* the count of \u and \/ escapes, as the validator gives it */
    static char quoted[40002];
    hcc_json_info info;
    quoted[0] = '"';
    memcpy(quoted + 1, raw, n);
    quoted[n + 1] = '"';
    assert_int_equal(hcc_json_validate(quoted, n + 2, &info, NULL), HCC_OK);
    int ok = hcc__summary_body_raw(raw, n, info.odd_escapes, &rb), kind = -1;
    if (plain) assert_true(ok);
    /* classify_summary_content the same two ways, on the same terms */
    raw_parts one = {{raw}, {n}, 1, 0};
    assert_int_equal(hcc__summary_kind_raw(next_raw, &one, info.odd_escapes, &kind), ok);
    if (ok) {
      if (kind != hcc__summary_kind(t)) print_error("raw %.*s\nkind %d, decoded %d\n", (int)n, raw, kind, hcc__summary_kind(t));
      assert_int_equal(kind, hcc__summary_kind(t));
      kinds[kind]++;
    }
    if (!ok) continue;
    answered++;
    if (rb.n != o.len || memcmp(rb.s, want, o.len))
      print_error("raw %.*s\nwant %.*s\ngot  %.*s\n", (int)n, raw, (int)o.len, want, (int)rb.n, rb.s);
    assert_int_equal(rb.n, o.len);
    assert_memory_equal(rb.s, want, o.len);
  }
  assert_true(answered > 2000);
  assert_true(kinds[HCC_SUMMARY_STANDALONE] > 50 && kinds[HCC_SUMMARY_MERGED] > 50);
}

/* hcc__summary_kind_raw over several parts against hcc__summary_kind of
 * the parts decoded and joined by "\n": parts made of Python whitespace,
 * text, the delimiter and the prefixes, whole or cut in two at every
 * byte (the halves in consecutive parts: the "\n" between them spoils
 * the match), and no \u or \/ escape. */
static void test_kind_raw_parts_match_decoded(void **state) {
  (void)state;
  static char pre[3][4096];
  static const int ids[] = {HCC_LIT_SUMMARY_PREFIX, HCC_LIT_LEGACY_SUMMARY_PREFIX, HCC_LIT_MERGED_SUMMARY_DELIMITER};
  for (size_t k = 0; k < N(ids); k++) {
    hcc_out o;
    hcc__out_init(&o, pre[k], sizeof pre[k] - 1);
    hcc__out_json_body(&o, hcc__lits[ids[k]].s, hcc__lits[ids[k]].n);
    pre[k][o.len] = 0;
  }
  const char *pieces[] = {" ", "\\n", "\\t", "\xe2\x80\x83", "abc", "\\\"", "\xe6\x97\xa5", "[", pre[0], pre[1], pre[2]};
  static char raw[8][20000], dec[200000];
  uint64_t x = 0x2545f4914f6cdd1dull;
  size_t answered = 0, declined = 0, kinds[3] = {0, 0, 0};
  for (int it = 0; it < 20000; it++) {
    raw_parts rp;
    memset(&rp, 0, sizeof rp);
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    rp.count = 1 + x % 6;
    size_t dn = 0, carry = 0; /* the tail of a cut marker starts the next part */
    const char *tail = NULL;
    for (size_t p = 0; p < rp.count; p++) {
      size_t n = carry, count = (x >> (8 + 3 * p)) % 5;
      if (carry) memcpy(raw[p], tail, carry);
      carry = 0;
      for (size_t k = 0; k < count; k++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        size_t pick = x % N(pieces);
        const char *piece = pieces[pick];
        size_t len = strlen(piece);
        if (pick >= N(pieces) - 3 && (x >> 20) % 3 == 0 && p + 1 < rp.count) {
          /* a marker cut in two, not inside an escape or a UTF-8 sequence */
          size_t cut = 1 + (x >> 24) % (len - 1);
          while (cut > 1 && (((unsigned char)piece[cut] & 0xC0) == 0x80 || piece[cut - 1] == '\\')) cut--;
          memcpy(raw[p] + n, piece, cut);
          n += cut;
          tail = piece + cut, carry = len - cut;
          break;
        }
        memcpy(raw[p] + n, piece, len);
        n += len;
      }
      if (!n) raw[p][n++] = 'z'; /* parts are not empty */
      rp.s[p] = raw[p];
      rp.n[p] = n;
      if (p) dec[dn++] = '\n';
      dn += hcc__json_decode(rp.s[p], n, dec + dn);
    }
    int want = hcc__summary_kind((hcc_slice){dec, dn}), kind = -1;
    if (!hcc__summary_kind_raw(next_raw, &rp, 0, &kind)) {
      declined++;
      continue;
    }
    answered++;
    if (kind != want) {
      for (size_t p = 0; p < rp.count; p++) print_error("part %zu: %.*s\n", p, (int)rp.n[p], rp.s[p]);
      print_error("kind %d, decoded %d\n", kind, want);
    }
    assert_int_equal(kind, want);
    kinds[kind]++;
  }
  /* no prefix holds the "\n" that joins parts, so a cut one is no
   * prefix and the raw way declines nothing here */
  assert_true(answered == 20000 && declined == 0);
  assert_true(kinds[HCC_SUMMARY_STANDALONE] > 200 && kinds[HCC_SUMMARY_MERGED] > 200);
  /* a \u escape anywhere: declined */
  raw_parts u = {{"\\u0041"}, {6}, 1, 0};
  int kind;
  assert_int_equal(hcc__summary_kind_raw(next_raw, &u, 1, &kind), 0);
}

/* The delimiter and \u part of hcc__raw_body_plain, exactly: after a
 * plain first word a body is plain when no raw delimiter occurs in it
 * (naive search) and no "\u" pair (a real escape or an escaped backslash
 * before "u": both count, conservatively) before its last five bytes
 * spells a character of the delimiter.  Bodies are made of delimiters,
 * their beginnings, "\u" escapes inside and outside the delimiter's
 * characters, and filler, so both answers and every path of the one-pass
 * search (the delimiter's first pair before, after and between escapes)
 * are frequent. */
static int ref_plain_tail(const char *raw, size_t n) {
  const hcc_lit *d = &hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER];
  if (naive_find(raw, n, d->s, d->n) != HCC_NPOS) return 0;
  for (size_t e = 0; e + 1 < n; e++) {
    if (raw[e] != '\\' || raw[e + 1] != 'u') continue;
    if (n - e < 6) break;
    size_t p = e;
    uint32_t cp = hcc__json_body_next_slow(raw, n, &p);
    for (size_t k = 0; k < d->n;)
      if (hcc__utf8_next(d->s, d->n, &k) == cp) return 0;
  }
  return 1;
}

static void test_raw_body_plain_delimiter(void **state) {
  (void)state;
  const hcc_lit *d = &hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER];
  static const char *const pieces[] = {"xy ", "[E", "[END OF", "\\u001b[0m", "\\u0045", "\\u2014", "\\u00e9",
                                       "\\\\u0045", "\\\\", "\\u004", "]", " ", "\\n", NULL};
  static char raw[4096];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  size_t plain = 0, not_plain = 0;
  /* the one-pass search takes a hit on a backslash for "\u" */
  assert_true(d->n >= 2);
  assert_null(memchr(d->s, '\\', d->n));
  for (int it = 0; it < 40000; it++) {
    size_t n = 0;
    memcpy(raw, "word ", 5);
    n = 5;
    for (int k = (int)(x % 9); k >= 0; k--) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      if (x % 11 == 0) {
        memcpy(raw + n, d->s, d->n);
        n += d->n;
      } else {
        const char *pc = pieces[(x >> 8) % 13];
        memcpy(raw + n, pc, strlen(pc));
        n += strlen(pc);
      }
    }
    int want = ref_plain_tail(raw, n), got = hcc__raw_body_plain(raw, n);
    if (got != want) fail_msg("%.*s: %d, want %d", (int)n, raw, got, want);
    plain += want, not_plain += !want;
  }
  assert_true(plain > 5000 && not_plain > 5000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table_lengths),
      cmocka_unit_test(test_table_text),
      cmocka_unit_test(test_table_borders),
      cmocka_unit_test(test_prefix_order),
      cmocka_unit_test(test_find_matches_naive),
      cmocka_unit_test(test_raw_body_plain_delimiter),
      cmocka_unit_test(test_strip_python_whitespace),
      cmocka_unit_test(test_ops_small),
      cmocka_unit_test(test_rejects),
      cmocka_unit_test(test_with_prefix_bare),
      cmocka_unit_test(test_sizes),
      cmocka_unit_test(test_classify_str_bound),
      cmocka_unit_test(test_long_adversarial),
      cmocka_unit_test(test_raw_body_plain),
      cmocka_unit_test(test_body_raw_matches_decoded),
      cmocka_unit_test(test_kind_raw_parts_match_decoded),
      cmocka_unit_test(test_classify_sizes_raw_view),
      cmocka_unit_test(test_prefix_ops_sizes_raw),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
