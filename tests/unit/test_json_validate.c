/* test_json_validate.c -- hcc_json_validate: every error code of the JSON
 * layer with its exact byte offset, the inputs jsmn accepts although they
 * are not JSON, strict UTF-8, the depth cap, the size cap, and the facts
 * reported in hcc_json_info.
 *
 * Expected codes and offsets follow the documented contract of hcc.h (one
 * root value, RFC 8259 grammar, strict UTF-8, offsets are the byte where the
 * problem was found, or the input length when the input ends too early). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include <sys/mman.h>

#include "unit.h"

/* A byte string with its length (inputs may hold NUL bytes). */
#define B(s) s, sizeof(s) - 1

typedef struct {
  const char *in;
  size_t len;
  int code;
  size_t offset;
} err_case;

static void check_error(const err_case *c) {
  hcc_json_info info;
  hcc_error err;
  memset(&info, 0x5a, sizeof info);
  int rc = hcc_json_validate(c->in, c->len, &info, &err);
  if (rc != c->code || err.offset != c->offset) {
    print_error("input (%zu bytes) \"%.*s\": got %s at %zu (%s), want %s at %zu\n", c->len,
                (int)c->len, c->in, hcc_error_name(rc), err.offset, err.message,
                hcc_error_name(c->code), c->offset);
  }
  assert_int_equal(rc, c->code);
  assert_int_equal(err.code, c->code);
  assert_int_equal(err.offset, c->offset);
  assert_non_null(err.message);
  assert_true(strlen(err.message) > 0);
  /* a failing call leaves info zeroed, never half-filled */
  assert_int_equal(info.tokens, 0);
  assert_int_equal(info.max_depth, 0);
  assert_int_equal(info.max_string, 0);
  assert_int_equal(info.max_arguments, 0);
  assert_int_equal(info.lone_surrogates, 0);
  /* same answer without info and without err */
  assert_int_equal(hcc_json_validate(c->in, c->len, NULL, NULL), c->code);
}

static void run_errors(const err_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) check_error(&cases[i]);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- one group per error code ----------------------------------------- */

static void test_empty(void **state) {
  (void)state;
  static const err_case c[] = {
      {B(""), HCC_E_EMPTY, 0},
      {B(" "), HCC_E_EMPTY, 1},
      {B("   "), HCC_E_EMPTY, 3},
      {B(" \t\r\n"), HCC_E_EMPTY, 4},
      {B("\n\n"), HCC_E_EMPTY, 2},
  };
  run_errors(c, N(c));
  /* a NULL pointer with length 0 is not read */
  assert_int_equal(hcc_json_validate(NULL, 0, NULL, NULL), HCC_E_EMPTY);
}

static void test_syntax(void **state) {
  (void)state;
  static const err_case c[] = {
      /* missing and extra commas (jsmn accepts all of these) */
      {B("[1 2]"), HCC_E_SYNTAX, 3},
      {B("[1,]"), HCC_E_SYNTAX, 3},
      {B("[,1]"), HCC_E_SYNTAX, 1},
      {B("[1,,2]"), HCC_E_SYNTAX, 3},
      {B("[,]"), HCC_E_SYNTAX, 1},
      {B("{\"a\":1,}"), HCC_E_SYNTAX, 7},
      {B("{,\"a\":1}"), HCC_E_SYNTAX, 1},
      {B("{\"a\":1 \"b\":2}"), HCC_E_SYNTAX, 7},
      {B("{\"a\":1,,\"b\":2}"), HCC_E_SYNTAX, 7},
      /* keys and colons */
      {B("{\"a\"}"), HCC_E_SYNTAX, 4},
      {B("{\"a\" 1}"), HCC_E_SYNTAX, 5},
      {B("{\"a\"::1}"), HCC_E_SYNTAX, 5},
      {B("{\"a\":}"), HCC_E_SYNTAX, 5},
      {B("{1:2}"), HCC_E_SYNTAX, 1},
      {B("{a:1}"), HCC_E_SYNTAX, 1},
      {B("{'a':1}"), HCC_E_SYNTAX, 1},
      {B("{null:1}"), HCC_E_SYNTAX, 1},
      {B("{[]:1}"), HCC_E_SYNTAX, 1},
      {B("{\"a\":1:2}"), HCC_E_SYNTAX, 6},
      {B("[\"a\":1]"), HCC_E_SYNTAX, 4},
      {B("[1:2]"), HCC_E_SYNTAX, 2},
      /* brackets */
      {B("[1}"), HCC_E_SYNTAX, 2},
      {B("{\"a\":1]"), HCC_E_SYNTAX, 6},
      {B("[}"), HCC_E_SYNTAX, 1},
      {B("{]"), HCC_E_SYNTAX, 1},
      {B("]"), HCC_E_SYNTAX, 0},
      {B("}"), HCC_E_SYNTAX, 0},
      {B(","), HCC_E_SYNTAX, 0},
      {B(":"), HCC_E_SYNTAX, 0},
      {B("  ]"), HCC_E_SYNTAX, 2},
      /* values that cannot start a value */
      {B(".5"), HCC_E_SYNTAX, 0},
      {B("[.5]"), HCC_E_SYNTAX, 1},
      {B("+1"), HCC_E_SYNTAX, 0},
      {B("'a'"), HCC_E_SYNTAX, 0},
      {B("\x7f"), HCC_E_SYNTAX, 0},
      {B("\xc3\xa9"), HCC_E_SYNTAX, 0},          /* valid UTF-8 'é' as a value */
      {B("\xef\xbb\xbf{}"), HCC_E_SYNTAX, 0},    /* UTF-8 BOM */
      {B(" \xef\xbb\xbf[]"), HCC_E_SYNTAX, 1},
      {B("\x01"), HCC_E_SYNTAX, 0},
      {B("\x0b" "1"), HCC_E_SYNTAX, 0},          /* VT is not a JSON blank */
      {B("\x0c" "1"), HCC_E_SYNTAX, 0},          /* nor is FF */
      {B("[1,\x0c" "2]"), HCC_E_SYNTAX, 3},
      /* NUL bytes outside strings */
      {B("\0"), HCC_E_SYNTAX, 0},
      {B(" \0"), HCC_E_SYNTAX, 1},
      {B("[\0]"), HCC_E_SYNTAX, 1},
      {B("[1\0]"), HCC_E_NUMBER, 2},
      {B("[1,\0]"), HCC_E_SYNTAX, 3},
      {B("{\0}"), HCC_E_SYNTAX, 1},
      {B("{\"a\"\0:1}"), HCC_E_SYNTAX, 4},
      {B("[true\0]"), HCC_E_LITERAL, 5},
  };
  run_errors(c, N(c));
}

static void test_utf8(void **state) {
  (void)state;
  static const err_case c[] = {
      /* overlong forms */
      {B("\"\xc0\x80\""), HCC_E_UTF8, 1},
      {B("\"\xc1\xbf\""), HCC_E_UTF8, 1},
      {B("\"\xe0\x80\x80\""), HCC_E_UTF8, 1},
      {B("\"\xe0\x9f\xbf\""), HCC_E_UTF8, 1},
      {B("\"\xf0\x80\x80\x80\""), HCC_E_UTF8, 1},
      {B("\"\xf0\x8f\xbf\xbf\""), HCC_E_UTF8, 1},
      /* UTF-8 encoded surrogates */
      {B("\"\xed\xa0\x80\""), HCC_E_UTF8, 1},
      {B("\"\xed\xbf\xbf\""), HCC_E_UTF8, 1},
      {B("\"\xed\xa0\xbd\xed\xb8\x80\""), HCC_E_UTF8, 1}, /* CESU-8 pair */
      /* above U+10FFFF and bytes that never start a sequence */
      {B("\"\xf4\x90\x80\x80\""), HCC_E_UTF8, 1},
      {B("\"\xf5\x80\x80\x80\""), HCC_E_UTF8, 1},
      {B("\"\xf8\x88\x80\x80\x80\""), HCC_E_UTF8, 1},
      {B("\"\xfe\""), HCC_E_UTF8, 1},
      {B("\"\xff\""), HCC_E_UTF8, 1},
      /* truncated sequences */
      {B("\"\xc3\""), HCC_E_UTF8, 1},
      {B("\"\xe2\x82\""), HCC_E_UTF8, 1},
      {B("\"\xf0\x9f\x98\""), HCC_E_UTF8, 1},
      {B("\"ab\xe2\x82\xac" "cd\xc3\x28\""), HCC_E_UTF8, 8},
      {B("\"\xe2\x82"), HCC_E_UTF8, 1},       /* cut by the end of input */
      {B("\"\xf0\x9f\x98"), HCC_E_UTF8, 1},
      /* stray continuation bytes */
      {B("\"\x80\""), HCC_E_UTF8, 1},
      {B("\"a\xbf\""), HCC_E_UTF8, 2},
      {B("\"\xc3\xa9\xa9\""), HCC_E_UTF8, 3},
      /* in keys, and where a value should start */
      {B("{\"k\xff\":1}"), HCC_E_UTF8, 3},
      {B("\x80"), HCC_E_UTF8, 0},
      {B("[\xff]"), HCC_E_UTF8, 1},
      {B("[1,\xc0\x80]"), HCC_E_UTF8, 3},
  };
  run_errors(c, N(c));
}

static void test_control(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("\"\0\""), HCC_E_CONTROL, 1}, /* NUL inside a string */
      {B("\"ab\0cd\""), HCC_E_CONTROL, 3},
      {B("\"a\x01\""), HCC_E_CONTROL, 2},
      {B("\"\n\""), HCC_E_CONTROL, 1},
      {B("\"\t\""), HCC_E_CONTROL, 1},
      {B("\"\r\""), HCC_E_CONTROL, 1},
      {B("\"\x1f\""), HCC_E_CONTROL, 1},
      {B("{\"a\x02\":1}"), HCC_E_CONTROL, 3},
      {B("[\"ok\",\"x\x1b[0m\"]"), HCC_E_CONTROL, 8},
      {B("\"\0"), HCC_E_CONTROL, 1}, /* control byte wins over truncation */
  };
  run_errors(c, N(c));
}

static void test_escape(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("\"\\x\""), HCC_E_ESCAPE, 1},
      {B("\"ab\\'\""), HCC_E_ESCAPE, 3},
      {B("\"\\0\""), HCC_E_ESCAPE, 1},
      {B("\"\\a\""), HCC_E_ESCAPE, 1},
      {B("\"\\U0041\""), HCC_E_ESCAPE, 1},
      {B("\"\\u\""), HCC_E_ESCAPE, 1},
      {B("\"\\u12\""), HCC_E_ESCAPE, 1},
      {B("\"\\u12G4\""), HCC_E_ESCAPE, 1},
      {B("\"\\u-123\""), HCC_E_ESCAPE, 1},
      {B("\"\\u 123\""), HCC_E_ESCAPE, 1},
      {B("\"\\u12"), HCC_E_ESCAPE, 1},           /* hex digits cut by the end */
      {B("\"\\ud800\\u12\""), HCC_E_ESCAPE, 7},  /* bad escape after a high surrogate */
      {B("\"\\ud800\\x\""), HCC_E_ESCAPE, 7},
      {B("\"\\\xc3\xa9\""), HCC_E_ESCAPE, 1},     /* backslash before a non-ASCII char */
      {B("{\"\\q\":1}"), HCC_E_ESCAPE, 2},
  };
  run_errors(c, N(c));
}

static void test_number(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("-01"), HCC_E_NUMBER, 2},
      {B("01"), HCC_E_NUMBER, 1},
      {B("00"), HCC_E_NUMBER, 1},
      {B("[012]"), HCC_E_NUMBER, 2},
      {B("1eE2"), HCC_E_NUMBER, 2},
      {B("1e"), HCC_E_NUMBER, 2},
      {B("1e+"), HCC_E_NUMBER, 3},
      {B("1e+-2"), HCC_E_NUMBER, 3},
      {B("[1e]"), HCC_E_NUMBER, 3},
      {B("1."), HCC_E_NUMBER, 2},
      {B("2.e5"), HCC_E_NUMBER, 2},
      {B("[1.]"), HCC_E_NUMBER, 3},
      {B("1.5.3"), HCC_E_NUMBER, 3},
      {B("-"), HCC_E_NUMBER, 1},
      {B("[-]"), HCC_E_NUMBER, 2},
      {B("- 1"), HCC_E_NUMBER, 1},
      {B("--1"), HCC_E_NUMBER, 1},
      {B("-a"), HCC_E_NUMBER, 1},
      {B("-Infinity"), HCC_E_NUMBER, 1},
      {B("1x"), HCC_E_NUMBER, 1},
      {B("0x10"), HCC_E_NUMBER, 1},
      {B("1_000"), HCC_E_NUMBER, 1},
      {B("[1true]"), HCC_E_NUMBER, 2},
      {B("[1\"a\"]"), HCC_E_NUMBER, 2},
      {B("[1[]]"), HCC_E_NUMBER, 2},
      {B("{\"a\":1{}}"), HCC_E_NUMBER, 6},
      {B("1\xc3\xa9"), HCC_E_NUMBER, 1},
  };
  run_errors(c, N(c));
}

static void test_literal(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("tru"), HCC_E_LITERAL, 3},
      {B("t"), HCC_E_LITERAL, 1},
      {B("nul"), HCC_E_LITERAL, 3},
      {B("nulll"), HCC_E_LITERAL, 4},
      {B("truex"), HCC_E_LITERAL, 4},
      {B("falsey"), HCC_E_LITERAL, 5},
      {B("truE"), HCC_E_LITERAL, 3},
      {B("True"), HCC_E_LITERAL, 0},
      {B("NULL"), HCC_E_LITERAL, 0},
      {B("nan"), HCC_E_LITERAL, 1},
      {B("NaN"), HCC_E_LITERAL, 0},
      {B("Infinity"), HCC_E_LITERAL, 0},
      {B("undefined"), HCC_E_LITERAL, 0},
      {B("[fals]"), HCC_E_LITERAL, 5},
      {B("[true1]"), HCC_E_LITERAL, 5},
      {B("{\"a\":nul}"), HCC_E_LITERAL, 8},
      {B("[null\"x\"]"), HCC_E_LITERAL, 5},
  };
  run_errors(c, N(c));
}

static void test_trailing(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("1 2"), HCC_E_TRAILING, 2},
      {B("{}{}"), HCC_E_TRAILING, 2},
      {B("[] []"), HCC_E_TRAILING, 3},
      {B("\"a\"\"b\""), HCC_E_TRAILING, 3},
      {B("\"a\":1"), HCC_E_TRAILING, 3},
      {B("[1]]"), HCC_E_TRAILING, 3},
      {B("{}}"), HCC_E_TRAILING, 2},
      {B("[1],"), HCC_E_TRAILING, 3},
      {B("{} x"), HCC_E_TRAILING, 3},
      {B("null null"), HCC_E_TRAILING, 5},
      {B("[1]\0"), HCC_E_TRAILING, 3}, /* a NUL after the root is data */
      {B("1 \0"), HCC_E_TRAILING, 2},
      {B("[]\xef\xbb\xbf"), HCC_E_TRAILING, 2},
      {B("[]\xff"), HCC_E_TRAILING, 2},
  };
  run_errors(c, N(c));
}

static void test_truncated(void **state) {
  (void)state;
  static const err_case c[] = {
      {B("["), HCC_E_TRUNCATED, 1},
      {B("{"), HCC_E_TRUNCATED, 1},
      {B("[   "), HCC_E_TRUNCATED, 4},
      {B("[1"), HCC_E_TRUNCATED, 2},
      {B("[1,"), HCC_E_TRUNCATED, 3},
      {B("[true"), HCC_E_TRUNCATED, 5},
      {B("[[[]]"), HCC_E_TRUNCATED, 5},
      {B("{\"a\""), HCC_E_TRUNCATED, 4},
      {B("{\"a\":"), HCC_E_TRUNCATED, 5},
      {B("{\"a\":1"), HCC_E_TRUNCATED, 6},
      {B("{\"a\":1,"), HCC_E_TRUNCATED, 7},
      {B("{\"a\":\"b"), HCC_E_TRUNCATED, 7},
      {B("\""), HCC_E_TRUNCATED, 1},
      {B("\"abc"), HCC_E_TRUNCATED, 4},
      {B("\"ab\\"), HCC_E_TRUNCATED, 4},  /* ends on a backslash */
      {B("\"ab\\\""), HCC_E_TRUNCATED, 5}, /* the quote is escaped */
      {B("{\"ab"), HCC_E_TRUNCATED, 4},
  };
  run_errors(c, N(c));
}

/* ---- nesting ---------------------------------------------------------- */

static char *nest(size_t depth, int objects) {
  /* objects: {"a":{"a":...1...}}; else [[...[1]...]] */
  size_t per = objects ? 5 : 1;
  char *s = malloc(depth * per * 2 + 2);
  size_t n = 0;
  assert_non_null(s);
  for (size_t i = 0; i < depth; i++) {
    if (objects) { memcpy(s + n, "{\"a\":", 5); n += 5; }
    else s[n++] = '[';
  }
  s[n++] = '1';
  for (size_t i = 0; i < depth; i++) s[n++] = objects ? '}' : ']';
  s[n] = 0;
  return s;
}

static void test_depth(void **state) {
  (void)state;
  hcc_json_info info;
  hcc_error err;
  for (int objects = 0; objects < 2; objects++) {
    size_t per = objects ? 5 : 1;
    char *ok = nest(HCC_MAX_DEPTH, objects);
    assert_int_equal(hcc_json_validate(ok, strlen(ok), &info, &err), HCC_OK);
    assert_int_equal(info.max_depth, HCC_MAX_DEPTH);
    assert_int_equal(info.tokens, objects ? 2 * HCC_MAX_DEPTH + 1 : HCC_MAX_DEPTH + 1);
    free(ok);
    char *bad = nest(HCC_MAX_DEPTH + 1, objects);
    memset(&info, 0x5a, sizeof info);
    assert_int_equal(hcc_json_validate(bad, strlen(bad), &info, &err), HCC_E_DEPTH);
    /* the offset is the opening bracket that goes one level too deep */
    assert_int_equal(err.offset, HCC_MAX_DEPTH * per);
    assert_int_equal(bad[err.offset], objects ? '{' : '[');
    assert_int_equal(info.max_depth, 0);
    free(bad);
  }
  /* mixed kinds across the 64-bit words of the kind stack: closing with
   * the wrong bracket at every level must be caught */
  {
    size_t d = HCC_MAX_DEPTH;
    char *s = malloc(d * 6 + 4);
    size_t n = 0;
    for (size_t i = 0; i < d; i++) {
      if (i % 3 == 0) { memcpy(s + n, "{\"k\":", 5); n += 5; }
      else s[n++] = '[';
    }
    s[n++] = '0';
    size_t close_at = n;
    for (size_t i = d; i-- > 0;) s[n++] = i % 3 == 0 ? '}' : ']';
    assert_int_equal(hcc_json_validate(s, n, &info, NULL), HCC_OK);
    assert_int_equal(info.max_depth, d);
    for (size_t k = 0; k < d; k++) {
      char right = s[close_at + k];
      s[close_at + k] = right == '}' ? ']' : '}';
      assert_int_equal(hcc_json_validate(s, n, NULL, &err), HCC_E_SYNTAX);
      assert_int_equal(err.offset, close_at + k);
      s[close_at + k] = right;
    }
    free(s);
  }
  /* a depth that comes back down can go up again: depth is not cumulative */
  {
    char buf[4 * HCC_MAX_DEPTH + 8];
    size_t n = 0;
    buf[n++] = '[';
    for (int r = 0; r < 2; r++) {
      if (r) buf[n++] = ',';
      for (int i = 0; i < HCC_MAX_DEPTH - 1; i++) buf[n++] = '[';
      for (int i = 0; i < HCC_MAX_DEPTH - 1; i++) buf[n++] = ']';
    }
    buf[n++] = ']';
    assert_int_equal(hcc_json_validate(buf, n, &info, NULL), HCC_OK);
    assert_int_equal(info.max_depth, HCC_MAX_DEPTH);
  }
}

/* 100k-deep nesting is refused at the cap, without reading the rest. */
static void test_deep_rejected_early(void **state) {
  (void)state;
  size_t d = 100000;
  char *s = malloc(2 * d);
  hcc_error err;
  memset(s, '[', d);
  memset(s + d, ']', d);
  assert_int_equal(hcc_json_validate(s, 2 * d, NULL, &err), HCC_E_DEPTH);
  assert_int_equal(err.offset, HCC_MAX_DEPTH);
  free(s);
}

/* ---- size cap ----------------------------------------------------------- */

static void test_toobig(void **state) {
  (void)state;
  /* A PROT_NONE reservation one page larger than HCC_MAX_INPUT: any read
   * of it would crash, so success proves the check happens before the
   * first byte is read.  Nothing is committed (MAP_NORESERVE). */
  size_t span = HCC_MAX_INPUT + 4096;
  void *m = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) {
    skip();
    return;
  }
  hcc_error err;
  hcc_json_info info;
  memset(&info, 0x5a, sizeof info);
  assert_int_equal(hcc_json_validate(m, HCC_MAX_INPUT + 1, &info, &err), HCC_E_TOOBIG);
  assert_int_equal(err.code, HCC_E_TOOBIG);
  assert_int_equal(err.offset, HCC_MAX_INPUT);
  assert_int_equal(info.tokens, 0);
  assert_int_equal(hcc_json_validate(m, SIZE_MAX, NULL, &err), HCC_E_TOOBIG);
  munmap(m, span);

  /* Exactly HCC_MAX_INPUT bytes is not too big: over zero pages the first
   * byte is a NUL, a syntax error at offset 0 (one page is touched). */
  m = mmap(NULL, HCC_MAX_INPUT, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) return;
  assert_int_equal(hcc_json_validate(m, HCC_MAX_INPUT, NULL, &err), HCC_E_SYNTAX);
  assert_int_equal(err.offset, 0);
  munmap(m, HCC_MAX_INPUT);
}

/* ---- valid inputs (JSONTestSuite-style y_ table, written for hcc) ------- */

typedef struct {
  const char *name;
  const char *in;
  size_t len;
  size_t tokens;
} y_case;

static const y_case y_cases[] = {
    {"y_array_empty", B("[]"), 1},
    {"y_object_empty", B("{}"), 1},
    {"y_array_nested_empty", B("[[]]"), 2},
    {"y_array_of_empty_object", B("[{}]"), 2},
    {"y_number_0", B("0"), 1},
    {"y_number_minus_0", B("-0"), 1},
    {"y_number_minus_0_frac_exp", B("-0.0e+0"), 1},
    {"y_number_E", B("1E10"), 1},
    {"y_number_e_minus", B("1e-5"), 1},
    {"y_number_E_plus", B("[0E+1]"), 2},
    {"y_number_zero_exp", B("[0e1]"), 2},
    {"y_number_huge_exp", B("123.456e789"), 1},
    {"y_number_negative", B("-123"), 1},
    {"y_number_frac", B("1.5"), 1},
    {"y_number_long", B("123456789012345678901234567890"), 1},
    {"y_number_after_space", B("[ 4]"), 2},
    {"y_number_before_space", B("[4 ]"), 2},
    {"y_number_root_trailing_ws", B("7 \n"), 1},
    {"y_literal_true", B("true"), 1},
    {"y_literal_false", B("false"), 1},
    {"y_literal_null", B("null"), 1},
    {"y_literals_in_array", B("[true,false,null]"), 4},
    {"y_string_empty", B("\"\""), 1},
    {"y_string_space", B("\" \""), 1},
    {"y_string_escaped_nul", B("\"\\u0000\""), 1},
    {"y_string_short_escapes", B("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""), 1},
    {"y_string_pair", B("\"\\uD834\\uDD1E\""), 1},
    {"y_string_pair_lower", B("\"\\ud83d\\ude00\""), 1},
    {"y_string_lone_high", B("\"\\ud800\""), 1},
    {"y_string_lone_low", B("\"\\udc00\""), 1},
    {"y_string_low_then_high", B("\"\\udc00\\ud800\""), 1},
    {"y_string_DEL_raw", B("\"\x7f\""), 1},
    {"y_string_C1_raw", B("\"\xc2\x80\xc2\x9f\""), 1},
    {"y_string_U+D7FF", B("\"\xed\x9f\xbf\""), 1},
    {"y_string_U+E000", B("\"\xee\x80\x80\""), 1},
    {"y_string_U+FFFF", B("\"\xef\xbf\xbf\""), 1},
    {"y_string_U+10000", B("\"\xf0\x90\x80\x80\""), 1},
    {"y_string_U+10FFFF", B("\"\xf4\x8f\xbf\xbf\""), 1},
    {"y_string_U+0800", B("\"\xe0\xa0\x80\""), 1},
    {"y_string_U+07FF", B("\"\xdf\xbf\""), 1},
    {"y_string_U+2028", B("\"\xe2\x80\xa8\""), 1},
    {"y_string_BOM_inside", B("\"\xef\xbb\xbf\""), 1},
    {"y_string_emoji", B("[\"\xf0\x9f\x98\x80\"]"), 2},
    {"y_string_backslash_quote_end", B("\"a\\\\\""), 1},
    {"y_string_brackets_inside", B("\"[{,:}]\""), 1},
    {"y_object_simple", B("{\"a\":1}"), 3},
    {"y_object_empty_key", B("{\"\":0}"), 3},
    {"y_object_duplicate_keys", B("{\"a\":1,\"a\":2}"), 5},
    {"y_object_spaces", B(" { \"a\" : [ 1 , 2 ] } "), 5},
    {"y_object_nested", B("{\"a\":{\"b\":[null,true,false]}}"), 8},
    {"y_object_escaped_key", B("{\"\\u0072ole\":\"user\"}"), 3},
    {"y_ws_all_four", B("\t\r\n [\t\r\n 1\t\r\n ]\t\r\n "), 2},
    {"y_array_heterogeneous", B("[1,\"a\",{},[],null,-2.5e3]"), 7},
};

static void test_valid(void **state) {
  (void)state;
  for (size_t i = 0; i < N(y_cases); i++) {
    const y_case *c = &y_cases[i];
    hcc_json_info info;
    hcc_error err;
    int rc = hcc_json_validate(c->in, c->len, &info, &err);
    if (rc != HCC_OK)
      print_error("%s: %s at %zu (%s)\n", c->name, hcc_error_name(rc), err.offset, err.message);
    assert_int_equal(rc, HCC_OK);
    assert_int_equal(err.code, HCC_OK);
    assert_int_equal(err.offset, 0);
    assert_non_null(err.message);
    if (info.tokens != c->tokens) print_error("%s: tokens %zu\n", c->name, info.tokens);
    assert_int_equal(info.tokens, c->tokens);
  }
}

/* n_ table: each must be rejected (the code is checked by the groups
 * above; here only that nothing slips through). */
static const struct { const char *name; const char *in; size_t len; } n_cases[] = {
    {"n_array_comma_only", B("[,]")},
    {"n_array_extra_close", B("[1]]")},
    {"n_array_unclosed", B("[1")},
    {"n_array_missing_comma", B("[1 true]")},
    {"n_array_colon", B("[\"\": 1]")},
    {"n_object_trailing_comma", B("{\"id\":0,}")},
    {"n_object_missing_value", B("{\"a\":}")},
    {"n_object_missing_colon", B("{\"a\" \"b\"}")},
    {"n_object_no_key", B("{:1}")},
    {"n_object_unquoted_key", B("{a:1}")},
    {"n_object_single_quote", B("{'a':1}")},
    {"n_object_comment", B("{\"a\":1/**/}")},
    {"n_number_plus", B("[+1]")},
    {"n_number_leading_zero", B("[012]")},
    {"n_number_hex", B("[0x1]")},
    {"n_number_dot_start", B("[.5]")},
    {"n_number_dot_end", B("[1.]")},
    {"n_number_exp_empty", B("[1e]")},
    {"n_number_NaN", B("[NaN]")},
    {"n_number_Infinity", B("[Infinity]")},
    {"n_number_minus_inf", B("[-Infinity]")},
    {"n_number_fullwidth_digit", B("[\xef\xbc\x91]")},
    {"n_string_single_quote", B("['a']")},
    {"n_string_unescaped_tab", B("[\"\t\"]")},
    {"n_string_unescaped_nl", B("[\"a\nb\"]")},
    {"n_string_bad_escape", B("[\"\\a\"]")},
    {"n_string_bad_u", B("[\"\\uqqqq\"]")},
    {"n_string_overlong", B("[\"\xc0\xaf\"]")},
    {"n_string_surrogate_utf8", B("[\"\xed\xb0\x80\"]")},
    {"n_string_above_max", B("[\"\xf4\x90\x80\x80\"]")},
    {"n_string_unterminated", B("[\"a]")},
    {"n_literal_capital", B("[True]")},
    {"n_literal_partial", B("[nul]")},
    {"n_structure_two_roots", B("[][]")},
    {"n_structure_bom", B("\xef\xbb\xbf[]")},
    {"n_structure_nul_after", B("[]\0")},
    {"n_structure_nul_before", B("\0[]")},
    {"n_structure_empty", B("")},
    {"n_structure_ws_only", B(" \n")},
    {"n_structure_lone_open", B("{")},
    {"n_structure_angle", B("<>")},
    {"n_structure_comma_root", B("1,")},
};

static void test_invalid_table(void **state) {
  (void)state;
  for (size_t i = 0; i < N(n_cases); i++) {
    hcc_error err;
    int rc = hcc_json_validate(n_cases[i].in, n_cases[i].len, NULL, &err);
    if (rc == HCC_OK) print_error("%s accepted\n", n_cases[i].name);
    assert_true(rc < 0);
    assert_true(rc >= HCC_E__LAST);
    assert_int_equal(err.code, rc);
    assert_true(err.offset <= n_cases[i].len);
  }
}

/* ---- hcc_json_info ------------------------------------------------------ */

static void test_info(void **state) {
  (void)state;
  hcc_json_info info;
  const char *s = "{\"a\":[1,2,{\"b\":null}],\"longer\":\"xyz\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  /* object, a, array, 1, 2, object, b, null, longer, "xyz" */
  assert_int_equal(info.tokens, 10);
  assert_int_equal(info.max_depth, 3);
  assert_int_equal(info.max_string, 6); /* "longer": keys count too */
  assert_int_equal(info.max_arguments, 0);
  assert_int_equal(info.lone_surrogates, 0);

  /* scalars have depth 0 */
  assert_int_equal(hcc_json_validate("1", 1, &info, NULL), HCC_OK);
  assert_int_equal(info.max_depth, 0);
  assert_int_equal(info.tokens, 1);

  /* max_string is the raw body length, escapes included */
  s = "[\"\\u00e9\\n\"]";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_string, 8);
}

static void test_info_arguments(void **state) {
  (void)state;
  hcc_json_info info;
  const char *s =
      "[{\"function\":{\"name\":\"nnnnnnnnnnnnnnnnnnnn\",\"arguments\":\"{\\\"k\\\": 1}\"}},"
      "{\"function\":{\"name\":\"x\",\"arguments\":\"abc\"}}]";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  /* raw body {\"k\": 1} is 10 bytes */
  assert_int_equal(info.max_arguments, 10);
  assert_int_equal(info.max_string, 20);

  /* only a string directly under the key "arguments" counts */
  s = "{\"arguments\":{\"x\":\"0123456789\"},\"y\":[\"arguments\",\"0123456789\"]}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  s = "{\"arguments\":[\"0123456789\"]}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  /* the key of the member, not an earlier one, decides */
  s = "{\"arguments\":\"ab\",\"other\":\"0123456789\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 2);
  s = "{\"arguments\":1,\"other\":\"0123456789\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  /* a key is not a value */
  s = "{\"arguments\":{\"0123456789\":1}}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  /* empty arguments string */
  s = "{\"arguments\":\"\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  /* The key is compared decoded, as json.loads and hcc__json_get see it:
   * an escaped spelling of "arguments" counts (it did not, and the
   * truncate-args workspace sized from max_arguments came out too small:
   * HCC_E_WORKSPACE with the size hcc_workspace_size had asked for). */
  s = "{\"\\u0061rguments\":\"0123456789\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 10);
  s = "{\"\\u0061\\u0072\\u0067\\u0075\\u006d\\u0065\\u006e\\u0074\\u0073\":\"0123\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 4);
  s = "{\"argument\\u0073\":\"012\",\"arguments\\n\":\"0123456789\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 3);
  s = "{\"\\u0041rguments\":\"0123456789\",\"Arguments\":\"0123456789\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  assert_int_equal(info.max_arguments, 0);
  /* max_arguments_tokens is 1 + the '[', '{', ',', ':' and \u escapes of
   * the longest body (the bytes a count must pass, not only the longest
   * body's): long bodies, past the 4,080 bytes a lane of the vector count
   * holds, at every length around its 16-byte steps */
  static char doc[20000];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (size_t len = 0; len < 9000; len += len < 100 ? 1 : 97) {
    size_t n = 0, want = 1;
    n += (size_t)sprintf(doc, "{\"arguments\": \"");
    for (size_t k = 0; k < len; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      static const char pick[] = "[{,:ab }]x";
      char ch = pick[x % 10];
      if (x % 7 == 0) { /* an escaped quote: it spells no '[', '{', ',' or ':' */
        doc[n++] = '\\', doc[n++] = '"';
        continue;
      }
      if (x % 11 == 0) { /* a \u escape counts, whatever it spells */
        n += (size_t)sprintf(doc + n, "\\u%04x", (unsigned)(x >> 40) % 0x7f + 1);
        want++;
        continue;
      }
      doc[n++] = ch;
      want += ch == '[' || ch == '{' || ch == ',' || ch == ':';
    }
    n += (size_t)sprintf(doc + n, "\"}");
    assert_int_equal(hcc_json_validate(doc, n, &info, NULL), HCC_OK);
    assert_int_equal(info.max_arguments_tokens, want);
  }
  /* every byte counted: a lane takes one match per 16 bytes, the most */
  static const size_t dense[] = {4079, 4080, 4081, 4096, 8160, 8161, 9000};
  for (size_t d = 0; d < sizeof dense / sizeof dense[0]; d++) {
    size_t n = (size_t)sprintf(doc, "{\"arguments\": \"");
    memset(doc + n, ',', dense[d]);
    n += dense[d];
    n += (size_t)sprintf(doc + n, "\"}");
    assert_int_equal(hcc_json_validate(doc, n, &info, NULL), HCC_OK);
    assert_int_equal(info.max_arguments_tokens, dense[d] + 1);
  }
}

static void test_info_surrogates(void **state) {
  (void)state;
  static const struct { const char *in; size_t lone; } c[] = {
      {"\"\\ud800\"", 1},
      {"\"\\udc00\"", 1},
      {"\"\\uDBFF\"", 1},
      {"\"\\uDFFF\"", 1},
      {"\"\\ud83d\\ude00\"", 0},      /* a pair */
      {"\"\\uD83D\\uDE00\"", 0},
      {"\"\\udc00\\ud800\"", 2},      /* wrong order: two lone */
      {"\"\\ud800\\ud800\"", 2},
      {"\"\\ud800\\ud800\\udc00\"", 1}, /* lone, then a pair */
      {"\"\\ud800a\\udc00\"", 2},
      {"\"\\ud800\\n\"", 1},
      {"\"\\ud800\\u0041\"", 1},
      {"\"\\ud7ff\\ue000\"", 0},      /* neighbours of the range */
      {"[\"\\ud800\",{\"\\udfff\":\"\\ud83d\\ude00\\udbff\"}]", 3},
      {"\"\\\\ud800\"", 0},           /* an escaped backslash, then text */
  };
  for (size_t i = 0; i < N(c); i++) {
    hcc_json_info info;
    int rc = hcc_json_validate(c[i].in, strlen(c[i].in), &info, NULL);
    if (rc != HCC_OK || info.lone_surrogates != c[i].lone)
      print_error("%s: rc %d lone %zu\n", c[i].in, rc, info.lone_surrogates);
    assert_int_equal(rc, HCC_OK);
    assert_int_equal(info.lone_surrogates, c[i].lone);
  }
}

/* Every prefix of a valid document is rejected with TRUNCATED or NUMBER
 * or LITERAL (a number or literal cut short), never accepted unless it is
 * itself a complete value, and never read past its length. */
static void test_prefixes(void **state) {
  (void)state;
  const char *doc =
      "{\"messages\": [{\"role\": \"user\", \"content\": \"h\\u00e9llo \\ud83d\\ude00\"},"
      " {\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"c1\", \"function\":"
      " {\"name\": \"f\", \"arguments\": \"{}\"}}], \"n\": -1.5e3, \"t\": true}]}";
  size_t n = strlen(doc);
  assert_int_equal(hcc_json_validate(doc, n, NULL, NULL), HCC_OK);
  for (size_t k = 1; k < n; k++) {
    char *p = malloc(k); /* exact size: ASan/valgrind would see an overread */
    memcpy(p, doc, k);
    hcc_error err;
    int rc = hcc_json_validate(p, k, NULL, &err);
    assert_true(rc == HCC_E_TRUNCATED || rc == HCC_E_NUMBER || rc == HCC_E_LITERAL ||
                rc == HCC_E_ESCAPE);
    assert_true(err.offset <= k);
    free(p);
  }
}

/* Flipping any byte of a valid document into each of a set of bad bytes
 * is rejected (these bytes can appear nowhere in JSON text). */
static void test_bad_bytes_everywhere(void **state) {
  (void)state;
  const char *doc = "{\"a\": [1, \"b\", {\"c\": null}, -2.5e+3, true], \"d\": \"\\u00e9\"}";
  size_t n = strlen(doc);
  static const unsigned char bad[] = {0x00, 0x01, 0x1f, 0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xff};
  char buf[128];
  for (size_t i = 0; i < n; i++)
    for (size_t b = 0; b < sizeof bad; b++) {
      memcpy(buf, doc, n);
      buf[i] = (char)bad[b];
      hcc_error err;
      int rc = hcc_json_validate(buf, n, NULL, &err);
      if (rc == HCC_OK) print_error("byte %02x at %zu accepted\n", bad[b], i);
      assert_true(rc < 0);
      assert_true(err.offset <= i); /* found no later than the bad byte */
    }
}

/* ---- strings, by a reference scanner -------------------------------------- */

/* The string rules of JSON-3..JSON-5 one byte at a time, for a document
 * that is one string (then blanks): the error and its offset, or HCC_OK
 * with the body length and the lone surrogates.  UTF-8 is strict: a bad
 * or cut sequence is an error at its first byte. */
static int hexv(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? 1 : 0;
}
static long hex4_at(const char *s, size_t n, size_t i) {
  if (n - i < 4) return -1;
  long u = 0;
  for (size_t k = 0; k < 4; k++) {
    if (!hexv(s[i + k])) return -1;
    char c = s[i + k];
    u = u * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return u;
}
static int ref_string(const char *s, size_t n, size_t *off, size_t *body, size_t *lone, size_t *odd) {
  size_t i = 1;
  *lone = *odd = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80) {
      size_t k = hcc_ref_utf8_seq((const unsigned char *)s, n, i);
      if (!k) { *off = i; return HCC_E_UTF8; }
      i += k;
      continue;
    }
    if (c == '"') {
      *body = i - 1;
      for (size_t j = i + 1; j < n; j++)
        if (s[j] != ' ') { *off = j; return HCC_E_TRAILING; }
      return HCC_OK;
    }
    if (c < 0x20) { *off = i; return HCC_E_CONTROL; }
    if (c != '\\') { i++; continue; }
    if (i + 1 >= n) break;
    char e = s[i + 1];
    if (e == 'u') {
      long u = hex4_at(s, n, i + 2);
      if (u < 0) { *off = i; return HCC_E_ESCAPE; }
      (*odd)++; /* a pair counts once */
      i += 6;
      if (u >= 0xD800 && u <= 0xDBFF) {
        long w = (i + 1 < n && s[i] == '\\' && s[i + 1] == 'u') ? hex4_at(s, n, i + 2) : -1;
        if (w >= 0xDC00 && w <= 0xDFFF) i += 6;
        else (*lone)++;
      } else if (u >= 0xDC00 && u <= 0xDFFF) {
        (*lone)++;
      }
      continue;
    }
    if (strchr("\"\\/bfnrt", e) && e) {
      *odd += e == '/';
      i += 2;
      continue;
    }
    *off = i;
    return HCC_E_ESCAPE;
  }
  *off = n;
  return HCC_E_TRUNCATED;
}

/* Random strings of every length around the 16- and 64-byte blocks of the
 * string scan (most followed by 70 blanks, so that blocks are read to the
 * closing quote, not only to the end of the text): plain text, runs of
 * backslashes before quotes, every short escape, \u escapes (pairs, lone
 * halves, bad hex), UTF-8 of every length (so sequences straddle blocks)
 * and bad UTF-8 of every kind (the long-string scan checks it block by
 * block), control bytes, bad escapes, a missing closing quote, a bad byte
 * after the closing quote in the same block. */
static void test_strings_against_reference(void **state) {
  (void)state;
  static const char *const pieces[] = {
      "a", "bc", "hello world ", "\\n", "\\t", "\\\"", "\\\\", "\\\\\\\"", "\\\\\\\\",
      "\\/", "\\b", "\\f", "\\r", "\\u0041", "\\ud83d\\ude00", "\\ud800", "\\udc00x",
      "\\u12G4", "\\x", "\\a", "\x01", "\x1f", "\t", "\x7f", "'"};
  static const char *const utf8[] = {"\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xe2\x80\x94",
                                     "\xdf\xbf", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf"};
  static const char *const bad8[] = {"\x80", "\xbf", "\xe6\x97", "\xc0\xaf", "\xe0\x80\x80",
                                     "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5", "\xff", "\xc3",
                                     "\xf0\x9f\x98"};
  static char doc[1600];
  uint64_t x = 0x853c49e6748fea9bull;
  size_t seen[8] = {0}, utf8_errors = 0;
  for (int it = 0; it < 60000; it++) {
    size_t n = 0, want = (size_t)(it % 300);
    int rare = it % 7 == 0; /* most strings hold no error at all */
    doc[n++] = '"';
    while (n < want + 1) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      size_t k = x % N(pieces);
      if (!rare && k >= 17) k = x % 15; /* errors only in the rare ones */
      const char *piece = pieces[k];
      if (it % 2 && (x >> 32) % 3 == 0) piece = utf8[(x >> 40) % N(utf8)];
      if (rare && (x >> 32) % 41 == 0) piece = bad8[(x >> 40) % N(bad8)];
      size_t len = strlen(piece);
      memcpy(doc + n, piece, len);
      n += len;
    }
    if (it % 11) doc[n++] = '"';
    if (it % 13 == 0 && it % 11) { /* a bad byte after the quote, in its block */
      memset(doc + n, ' ', 5);
      n += 5;
      doc[n++] = (char)0x80;
    }
    if (it % 3) { /* blanks after it: the block scan runs up to the quote */
      memset(doc + n, ' ', 70);
      n += 70;
    }
    size_t off = 0, body = 0, lone = 0, odd = 0, roff;
    int want_rc = ref_string(doc, n, &off, &body, &lone, &odd);
    hcc_json_info info;
    hcc_error err;
    int rc = hcc_json_validate(doc, n, &info, &err);
    if (rc != want_rc) print_error("%.*s: got %s at %zu, want %s at %zu\n", (int)n, doc, hcc_error_name(rc),
                                   err.offset, hcc_error_name(want_rc), off);
    assert_int_equal(rc, want_rc);
    roff = rc == HCC_OK ? 0 : err.offset;
    if (rc != HCC_OK) assert_int_equal(roff, off);
    else {
      assert_int_equal(info.max_string, body);
      assert_int_equal(info.lone_surrogates, lone);
      assert_int_equal(info.odd_escapes, odd);
    }
    seen[-rc < 8 ? -rc : 7]++;
    utf8_errors += rc == HCC_E_UTF8;
  }
  assert_true(seen[0] > 10000); /* many valid strings, many of each error */
  assert_true(utf8_errors > 300);
}

/* Each kind of bad UTF-8 at every offset of a long string (ASCII or
 * non-ASCII around it, so the bad bytes meet every position of the 64-byte
 * blocks and a cut sequence meets an all-ASCII block): rejected as
 * HCC_E_UTF8 at the first byte of the bad sequence; and good UTF-8 at
 * every offset is accepted. */
static void test_utf8_at_every_offset(void **state) {
  (void)state;
  static const char *const bad8[] = {"\x80", "\xe6\x97", "\xc0\xaf", "\xe0\x80\x80", "\xed\xa0\x80",
                                     "\xf4\x90\x80\x80", "\xf5", "\xc3", "\xf0\x9f\x98"};
  static const char *const fill[] = {"a", "\xc3\xa9", "\xe6\x97\xa5"};
  static char doc[512];
  for (size_t f = 0; f < N(fill); f++)
    for (size_t b = 0; b <= N(bad8); b++)
      for (size_t at = 1; at < 260; at++) {
        size_t n = 0, fl = strlen(fill[f]);
        doc[n++] = '"';
        while (n < at) { /* whole fill sequences up to the offset */
          if (n + fl > at) { doc[n++] = 'b'; continue; }
          memcpy(doc + n, fill[f], fl);
          n += fl;
        }
        size_t where = n;
        if (b < N(bad8)) {
          memcpy(doc + n, bad8[b], strlen(bad8[b]));
          n += strlen(bad8[b]);
        }
        while (n < 300) doc[n++] = 'c'; /* ASCII after it: a cut sequence meets it */
        doc[n++] = '"';
        memset(doc + n, ' ', 80);
        n += 80;
        hcc_error err;
        int rc = hcc_json_validate(doc, n, NULL, &err);
        if (b == N(bad8)) {
          assert_int_equal(rc, HCC_OK);
          continue;
        }
        if (rc != HCC_E_UTF8 || err.offset != where)
          print_error("fill %zu, bad %zu at %zu: %s at %zu\n", f, b, where, hcc_error_name(rc), err.offset);
        assert_int_equal(rc, HCC_E_UTF8);
        assert_int_equal(err.offset, where);
      }
}

/* hcc__digits_end, the number scan's word-at-a-time digit run, against a
 * byte loop: runs of every length 0..40 ended by each byte value, with
 * the bytes before the run drawn from those whose "+6" carries into the
 * next byte (0xFA..0xFF) and the near misses of a digit ('/', ':'), at
 * every offset of a buffer that ends where the run ends or a little after. */
static void test_digits_end(void **state) {
  (void)state;
  unsigned char buf[64];
  const unsigned char before[] = {0xFA, 0xFF, '/', ':', '.', 'e', '0'};
  for (size_t len = 0; len <= 40; len++)
    for (unsigned end = 0; end < 256; end++)
      for (size_t b = 0; b < N(before); b++)
        for (size_t extra = 0; extra <= 9; extra += 3) {
          size_t n = 1 + len + 1 + extra;
          if (n > sizeof buf) continue;
          buf[0] = before[b];
          for (size_t k = 0; k < len; k++) buf[1 + k] = (unsigned char)('0' + (k * 7 + end) % 10);
          buf[1 + len] = (unsigned char)end;
          for (size_t k = 2 + len; k < n; k++) buf[k] = (unsigned char)('0' + k % 10);
          for (size_t lim = 1 + len; lim <= n; lim++) {
            size_t want = 1;
            while (want < lim && buf[want] >= '0' && buf[want] <= '9') want++;
            size_t got = hcc__digits_end(buf, 1, lim);
            if (got != want) fail_msg("run %zu ended by 0x%02x, limit %zu: %zu, want %zu", len, end, lim, got, want);
          }
        }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_digits_end),
      cmocka_unit_test(test_empty),
      cmocka_unit_test(test_syntax),
      cmocka_unit_test(test_utf8),
      cmocka_unit_test(test_control),
      cmocka_unit_test(test_escape),
      cmocka_unit_test(test_number),
      cmocka_unit_test(test_literal),
      cmocka_unit_test(test_trailing),
      cmocka_unit_test(test_truncated),
      cmocka_unit_test(test_depth),
      cmocka_unit_test(test_deep_rejected_early),
      cmocka_unit_test(test_toobig),
      cmocka_unit_test(test_valid),
      cmocka_unit_test(test_invalid_table),
      cmocka_unit_test(test_info),
      cmocka_unit_test(test_info_arguments),
      cmocka_unit_test(test_info_surrogates),
      cmocka_unit_test(test_prefixes),
      cmocka_unit_test(test_bad_bytes_everywhere),
      cmocka_unit_test(test_strings_against_reference),
      cmocka_unit_test(test_utf8_at_every_offset),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
