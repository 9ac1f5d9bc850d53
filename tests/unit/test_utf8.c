/* test_utf8.c -- code point arithmetic over WTF-8 (utf8.c): count, prefix,
 * next.
 *
 * Expected values come from Python 3.11, for each str s:
 *   b = s.encode('utf-8', 'surrogatepass')      # WTF-8
 *   count = len(s)
 *   prefix[k] = len(s[:k].encode('utf-8', 'surrogatepass'))  for k in 0..len(s)+2
 *   cps = [ord(c) for c in s]
 * (printed by a throw-away script running exactly that). */
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
  const char *s;
  size_t n;
  size_t count;
  size_t prefix[16];
  uint32_t cps[16];
} u_case;

static const u_case cases[] = {
    {"", 0, 0, {0, 0, 0}, {0}},
    {"abc", 3, 3, {0, 1, 2, 3, 3, 3}, {0x61, 0x62, 0x63}},
    {"h\xc3\xa9llo", 6, 5, {0, 1, 3, 4, 5, 6, 6, 6}, {0x68, 0xE9, 0x6C, 0x6C, 0x6F}},
    {"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 9, 3, {0, 3, 6, 9, 9, 9}, {0x65E5, 0x672C, 0x8A9E}},
    {"\xf0\x9f\x98\x80x", 5, 2, {0, 4, 5, 5, 5}, {0x1F600, 0x78}},
    {"a\xed\xa0\x80" "b", 5, 3, {0, 1, 4, 5, 5, 5}, {0x61, 0xD800, 0x62}},
    {"\xed\xb0\x80\xed\xa0\xbd\xf0\x9f\x98\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\xf4\x8f\xbf\xbf", 22, 7, {0, 3, 6, 10, 12, 15, 18, 22, 22, 22}, {0xDC00, 0xD83D, 0x1F600, 0x7FF, 0x800, 0xFFFF, 0x10FFFF}},
    {"\x00\x7f\xc2\x80", 4, 3, {0, 1, 2, 4, 4, 4}, {0x0, 0x7F, 0x80}},
};

static void test_count(void **state) {
  (void)state;
  for (size_t i = 0; i < N(cases); i++)
    assert_int_equal(hcc__utf8_count(cases[i].s, cases[i].n), cases[i].count);
  /* the eight-at-a-time sum against one byte at a time, on every byte
   * value at every position of words and tails (any bytes: the count is
   * defined per byte) */
  unsigned char b[67];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int it = 0; it < 20000; it++) {
    size_t n = (size_t)(it % 67), want = 0;
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      b[k] = it < 256 ? (unsigned char)it : (unsigned char)(x >> 24);
      want += (b[k] & 0xC0) != 0x80;
    }
    assert_int_equal(hcc__utf8_count((const char *)b, n), want);
  }
  /* long texts: several batches of 255 sixteen-byte blocks */
  static unsigned char big[20000];
  for (size_t n = 4000; n < sizeof big; n += 3111) {
    size_t want = 0;
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      big[k] = (unsigned char)(x >> 24);
      want += (big[k] & 0xC0) != 0x80;
    }
    assert_int_equal(hcc__utf8_count((const char *)big, n), want);
  }
}

static void test_prefix(void **state) {
  (void)state;
  for (size_t i = 0; i < N(cases); i++) {
    const u_case *c = &cases[i];
    for (size_t k = 0; k < c->count + 3; k++) {
      size_t got = hcc__utf8_prefix(c->s, c->n, k);
      if (got != c->prefix[k]) print_error("case %zu k=%zu: %zu\n", i, k, got);
      assert_int_equal(got, c->prefix[k]);
    }
    /* a huge k is the whole text */
    assert_int_equal(hcc__utf8_prefix(c->s, c->n, SIZE_MAX), c->n);
  }
}

static void test_next(void **state) {
  (void)state;
  for (size_t i = 0; i < N(cases); i++) {
    const u_case *c = &cases[i];
    size_t at = 0;
    for (size_t k = 0; k < c->count; k++) {
      size_t before = at;
      uint32_t cp = hcc__utf8_next(c->s, c->n, &at);
      assert_int_equal(cp, c->cps[k]);
      /* each step ends where the prefix of k+1 code points ends */
      assert_int_equal(at, c->prefix[k + 1]);
      assert_true(at > before);
    }
    assert_int_equal(at, c->n);
  }
}

/* next never reads past n, even on a sequence cut short (defensive). */
static void test_next_cut(void **state) {
  (void)state;
  char *p = malloc(2);
  memcpy(p, "\xf0\x9f", 2);
  size_t i = 0;
  (void)hcc__utf8_next(p, 2, &i);
  assert_int_equal(i, 2);
  free(p);
}

/* All scalar values and all surrogates round-trip through the reference
 * encoder of unit.h. */

static void test_all_code_points(void **state) {
  (void)state;
  char b[8];
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
    size_t n = unit_utf8_encode(cp, b);
    size_t i = 0;
    assert_int_equal(hcc__utf8_next(b, n, &i), cp);
    assert_int_equal(i, n);
    assert_int_equal(hcc__utf8_count(b, n), 1);
    assert_int_equal(hcc__utf8_prefix(b, n, 1), n);
    assert_int_equal(hcc__utf8_prefix(b, n, 0), 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_count),
      cmocka_unit_test(test_prefix),
      cmocka_unit_test(test_next),
      cmocka_unit_test(test_next_cut),
      cmocka_unit_test(test_all_code_points),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
