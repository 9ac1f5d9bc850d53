/* test_out.c -- the output writer (out.c): counting past the buffer end,
 * integers, and JSON string bodies escaped exactly as Python's
 * json.dumps(s, ensure_ascii=False).
 *
 * Expected escapes come from Python 3.11: ascii_body[c] is
 * json.dumps(chr(c), ensure_ascii=False)[1:-1] for c in 0..127, and
 * composite[i].out is json.dumps(s, ensure_ascii=False) (printed by a
 * throw-away script).  The same script checked that every code point from
 * U+0080 to U+10FFFF except the surrogates is written raw, which
 * test_raw_above_ascii relies on. */
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const ascii_body[128] = {
    "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
    "\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f",
    "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
    "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
    " ", "!", "\\\"", "#", "$", "%", "&", "'",
    "(", ")", "*", "+", ",", "-", ".", "/",
    "0", "1", "2", "3", "4", "5", "6", "7",
    "8", "9", ":", ";", "<", "=", ">", "?",
    "@", "A", "B", "C", "D", "E", "F", "G",
    "H", "I", "J", "K", "L", "M", "N", "O",
    "P", "Q", "R", "S", "T", "U", "V", "W",
    "X", "Y", "Z", "[", "\\\\", "]", "^", "_",
    "`", "a", "b", "c", "d", "e", "f", "g",
    "h", "i", "j", "k", "l", "m", "n", "o",
    "p", "q", "r", "s", "t", "u", "v", "w",
    "x", "y", "z", "{", "|", "}", "~", "\x7f",
};
static const struct { const char *in; size_t n; const char *out; } composite[] = {
    {"", 0, "\"\""},
    {"plain", 5, "\"plain\""},
    {"a\"b\\c", 5, "\"a\\\"b\\\\c\""},
    {"line1\x0aline2\x0d\x0a\x09tab", 17, "\"line1\\nline2\\r\\n\\ttab\""},
    {"\x00\x01\x1f\x7f", 4, "\"\\u0000\\u0001\\u001f\x7f\""},
    {"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80", 17, "\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80\""},
    {"\xe2\x80\xa8\xe2\x80\xa9\xef\xbb\xbf", 9, "\"\xe2\x80\xa8\xe2\x80\xa9\xef\xbb\xbf\""},
    {"</script>", 9, "\"</script>\""},
    {"it's", 4, "\"it's\""},
    {"\x08\x0c", 2, "\"\\b\\f\""},
    {"xxxxx\"yyyyy", 11, "\"xxxxx\\\"yyyyy\""},
};

static void test_put_counts_past_end(void **state) {
  (void)state;
  char buf[8];
  hcc_out o;
  memset(buf, '#', sizeof buf);
  hcc__out_init(&o, buf, 5);
  hcc__out_put(&o, "abc", 3);
  assert_int_equal(o.len, 3);
  hcc__out_put(&o, "defg", 4); /* only "de" fits */
  assert_int_equal(o.len, 7);
  assert_memory_equal(buf, "abcde###", 8);
  hcc__out_put(&o, "hij", 3); /* nothing fits, still counted */
  hcc__out_ch(&o, 'k');
  hcc__out_str(&o, "lmn");
  assert_int_equal(o.len, 14);
  assert_memory_equal(buf, "abcde###", 8);
  hcc__out_put(&o, "", 0);
  assert_int_equal(o.len, 14);

  /* a NULL buffer only measures, whatever cap says */
  hcc__out_init(&o, NULL, 100);
  assert_int_equal(o.cap, 0);
  hcc__out_str(&o, "hello");
  hcc__out_json_str(&o, "a\"b", 3);
  assert_int_equal(o.len, 5 + 6);

  /* exact fit */
  hcc__out_init(&o, buf, 3);
  hcc__out_str(&o, "xyz");
  assert_int_equal(o.len, 3);
  assert_memory_equal(buf, "xyz", 3);
}

static void test_i64(void **state) {
  (void)state;
  static const struct { int64_t v; const char *s; } c[] = {
      {0, "0"}, {7, "7"}, {-1, "-1"}, {1234567890123LL, "1234567890123"},
      {INT64_MAX, "9223372036854775807"}, {INT64_MIN, "-9223372036854775808"},
  };
  for (size_t i = 0; i < N(c); i++) {
    char buf[32];
    hcc_out o;
    hcc__out_init(&o, buf, sizeof buf);
    hcc__out_i64(&o, c[i].v);
    assert_int_equal(o.len, strlen(c[i].s));
    assert_memory_equal(buf, c[i].s, o.len);
    /* into a 2-byte buffer: truncated but fully counted */
    char small[2];
    hcc__out_init(&o, small, 2);
    hcc__out_i64(&o, c[i].v);
    assert_int_equal(o.len, strlen(c[i].s));
    assert_memory_equal(small, c[i].s, strlen(c[i].s) < 2 ? strlen(c[i].s) : 2);
  }
  /* every power of ten and its neighbours, both signs, and a spread of
   * values from a fixed LCG, against the C library's %lld */
  uint64_t x = 88172645463325252ull;
  for (int k = 0; k < 2000; k++) {
    int64_t v;
    if (k < 19 * 6) {
      int64_t p = 1;
      for (int e = 0; e < k / 6; e++) p *= 10;
      int64_t d[3] = {p - 1, p, p + 1};
      v = d[(k % 6) / 2] * ((k % 2) ? -1 : 1);
    } else {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      v = (int64_t)(x >> (x & 63)) * ((x >> 7 & 1) ? -1 : 1);
    }
    char want[32], buf[32];
    int n = snprintf(want, sizeof want, "%lld", (long long)v);
    hcc_out o;
    hcc__out_init(&o, buf, sizeof buf);
    hcc__out_i64(&o, v);
    assert_int_equal(o.len, (size_t)n);
    assert_memory_equal(buf, want, o.len);
  }
}

static void body(const char *s, size_t n, char *buf, size_t cap, size_t *len) {
  hcc_out o;
  hcc__out_init(&o, buf, cap);
  hcc__out_json_body(&o, s, n);
  *len = o.len;
}

/* The AVX-512 escaper (32 bytes a step) against the loop every CPU runs:
 * random texts of quotes, backslashes, every control byte, Hangul (0xED
 * before a byte under 0xA0, raw), lone surrogates (0xED before 0xA0 and
 * up, \udXXX), other UTF-8 and long plain runs, at lengths around the
 * step, into buffers of every size from none (measuring) to ample: the
 * same bytes and the same count.  Without AVX-512 both calls take the
 * same loop. */
static void test_body_avx512_same(void **state) {
  (void)state;
  static const char *const piece[] = {"a", "xyz", "\"", "\\", "\n", "\t", "\r", "\b", "\f", "\x01", "\x1f",
                                      "\x7f", "\xc3\xa9", "\xe4\xb8\xad", "\xed\x95\x9c", "\xed\xa0\x80",
                                      "\xed\xbf\xbf", "\xf0\x9f\x98\x80", "{\"k\": \"v\"}, ",
                                      "plain text of some length, no escapes at all here"};
  static char in[4096], a[16384], b[16384];
  uint32_t seed = 12345;
  for (int round = 0; round < 3000; round++) {
    size_t n = 0, want = (size_t)(round % 300) + (round % 7 == 0 ? 2000 : 0);
    while (n < want) {
      seed = seed * 1103515245u + 12345u;
      const char *p = piece[(seed >> 16) % (sizeof piece / sizeof piece[0])];
      size_t m = strlen(p);
      if (p[0] == '\x01' && (seed & 0x100)) m = 1, p = "\0"; /* a NUL too */
      if (n + m > sizeof in) break;
      memcpy(in + n, p, m);
      n += m;
    }
    hcc_out ref, got;
    hcc__out_init(&ref, a, sizeof a);
    hcc__out_json_body_as(0, &ref, in, n);
    size_t caps[] = {0, 1, 31, 63, 64, 65, ref.len / 2, ref.len, ref.len + 63, sizeof b};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
      size_t cap = caps[c] < sizeof b ? caps[c] : sizeof b;
      memset(b, '#', sizeof b);
      hcc__out_init(&got, cap ? b : NULL, cap);
      hcc__out_json_body_as(1, &got, in, n);
      assert_int_equal(got.len, ref.len);
      size_t w = cap < ref.len ? cap : ref.len;
      if (memcmp(a, b, w)) print_error("round %d, %zu bytes in, cap %zu\n", round, n, cap);
      assert_memory_equal(a, b, w);
      if (cap > w) assert_int_equal(b[w], '#'); /* nothing written past the text */
    }
  }
}

static void test_ascii_escapes(void **state) {
  (void)state;
  for (int c = 0; c < 128; c++) {
    char in = (char)c, buf[16];
    size_t n;
    body(&in, 1, buf, sizeof buf, &n);
    if (n != strlen(ascii_body[c]) || memcmp(buf, ascii_body[c], n))
      print_error("byte 0x%02x: got %.*s\n", c, (int)n, buf);
    assert_int_equal(n, strlen(ascii_body[c]));
    assert_memory_equal(buf, ascii_body[c], n);
  }
}

/* Every ASCII byte and a lone surrogate at every offset of a 40-byte
 * run: the sixteen-at-a-time search for bytes to escape must stop at each
 * of them, whatever their position in its blocks. */
static void test_long_runs(void **state) {
  (void)state;
  char in[48], buf[128], want[128];
  for (int c = 0; c < 128; c++)
    for (size_t at = 0; at < 40; at++) {
      memset(in, 'a', 40);
      in[at] = (char)c;
      size_t n, e = strlen(ascii_body[c]);
      body(in, 40, buf, sizeof buf, &n);
      memset(want, 'a', at);
      memcpy(want + at, ascii_body[c], e);
      memset(want + at + e, 'a', 39 - at);
      assert_int_equal(n, 39 + e);
      assert_memory_equal(buf, want, n);
    }
  for (size_t at = 0; at + 3 <= 40; at++) {
    size_t n;
    memset(in, 'a', 40);
    memcpy(in + at, "\xed\xa0\x80", 3); /* U+D800 alone */
    body(in, 40, buf, sizeof buf, &n);
    assert_int_equal(n, 37 + 6);
    assert_memory_equal(buf + at, "\\ud800", 6);
    memcpy(in + at, "\xed\x9f\xbf", 3); /* U+D7FF: written as it is */
    body(in, 40, buf, sizeof buf, &n);
    assert_int_equal(n, 40);
    assert_memory_equal(buf, in, 40);
  }
}

static void test_composite(void **state) {
  (void)state;
  for (size_t i = 0; i < N(composite); i++) {
    char buf[128];
    hcc_out o;
    hcc__out_init(&o, buf, sizeof buf);
    hcc__out_json_str(&o, composite[i].in, composite[i].n);
    size_t want = strlen(composite[i].out);
    if (o.len != want || memcmp(buf, composite[i].out, want))
      print_error("case %zu: got %.*s\n", i, (int)o.len, buf);
    assert_int_equal(o.len, want);
    assert_memory_equal(buf, composite[i].out, want);
    /* with every smaller capacity: the same bytes as far as they fit, and
     * the full length reported */
    for (size_t cap = 0; cap < want; cap++) {
      char small[128];
      memset(small, '#', sizeof small);
      hcc__out_init(&o, small, cap);
      hcc__out_json_str(&o, composite[i].in, composite[i].n);
      assert_int_equal(o.len, want);
      assert_memory_equal(small, composite[i].out, cap);
      assert_int_equal(small[cap], '#');
    }
  }
}


static void test_raw_above_ascii(void **state) {
  (void)state;
  for (uint32_t cp = 0x80; cp <= 0x10FFFF; cp++) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    char in[8], buf[16];
    size_t n = unit_utf8_encode(cp, in), m;
    body(in, n, buf, sizeof buf, &m);
    assert_int_equal(m, n);
    assert_memory_equal(buf, in, n);
  }
}

/* Lone surrogates (WTF-8 ED A0..BF xx from the decoder) are written as
 * \udxxx with lowercase hex, the escape json.loads reads back to the same
 * lone surrogate (Python's json.dumps would leave the surrogate itself in
 * its str, which cannot be written as UTF-8; hcc writes the escape). */
static void test_lone_surrogates(void **state) {
  (void)state;
  for (uint32_t cp = 0xD800; cp <= 0xDFFF; cp++) {
    char in[4], buf[16], want[8];
    size_t n = unit_utf8_encode(cp, in), m;
    body(in, n, buf, sizeof buf, &m);
    snprintf(want, sizeof want, "\\u%04x", (unsigned)cp);
    assert_int_equal(m, 6);
    assert_memory_equal(buf, want, 6);
  }
  /* in context, next to ordinary text and escapes */
  const char *s = "a\xed\xa0\x80\n\xed\xbf\xbf\xed\x9f\xbf" "b";
  char buf[64];
  size_t m;
  body(s, strlen(s), buf, sizeof buf, &m);
  const char *want = "a\\ud800\\n\\udfff\xed\x9f\xbf" "b"; /* U+D7FF stays raw */
  assert_int_equal(m, strlen(want));
  assert_memory_equal(buf, want, m);
  /* decoding "\ud800" then writing it gives the escape back */
  char dec[8];
  size_t dn = hcc__json_decode("\\uD800", 6, dec);
  body(dec, dn, buf, sizeof buf, &m);
  assert_int_equal(m, 6);
  assert_memory_equal(buf, "\\ud800", 6);
}

/* Decode then write: every JSON string body from a small set comes back
 * in Python's canonical form. */
static void test_roundtrip(void **state) {
  (void)state;
  /* raw body -> json.dumps(json.loads('"'+raw+'"'), ensure_ascii=False)[1:-1]
   * (computed with Python 3.11) */
  static const struct { const char *raw; const char *canon; } c[] = {
      {"\\u0041\\/\\u00e9", "A/\xc3\xa9"},
      {"\\u000b\\u001F\\u0008", "\\u000b\\u001f\\b"},
      {"\\ud83d\\ude00", "\xf0\x9f\x98\x80"},
      {"\\\"\\\\", "\\\"\\\\"},
      {"\\u007f\\u2028", "\x7f\xe2\x80\xa8"},
  };
  for (size_t i = 0; i < N(c); i++) {
    char dec[64], buf[64];
    size_t dn = hcc__json_decode(c[i].raw, strlen(c[i].raw), dec), m;
    body(dec, dn, buf, sizeof buf, &m);
    assert_int_equal(m, strlen(c[i].canon));
    assert_memory_equal(buf, c[i].canon, m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_put_counts_past_end),
      cmocka_unit_test(test_i64),
      cmocka_unit_test(test_ascii_escapes),
      cmocka_unit_test(test_body_avx512_same),
      cmocka_unit_test(test_composite), cmocka_unit_test(test_long_runs),
      cmocka_unit_test(test_raw_above_ascii),
      cmocka_unit_test(test_lone_surrogates),
      cmocka_unit_test(test_roundtrip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
