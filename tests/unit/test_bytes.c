/* test_bytes.c -- hcc__find_pair and hcc__find_pairs against a
 * byte-at-a-time search, on every length up to 70 (the sixteen-wide loop,
 * its tails and the pair straddling a block edge) over a four-letter
 * alphabet. */
#include "unit.h"

static size_t naive(const char *s, size_t n, char a, char b) {
  for (size_t i = 0; i + 1 < n; i++)
    if (s[i] == a && s[i + 1] == b) return i;
  return n;
}

static void test_find_pair(void **state) {
  (void)state;
  char s[70];
  uint64_t x = 0x243f6a8885a308d3ull;
  for (int it = 0; it < 50000; it++) {
    size_t n = (size_t)(it % 71);
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      s[k] = "\\uab"[x % 4];
    }
    assert_int_equal(hcc__find_pair(s, n, '\\', 'u'), naive(s, n, '\\', 'u'));
    assert_int_equal(hcc__find_pair(s, n, 'a', 'a'), naive(s, n, 'a', 'a'));
    size_t u = naive(s, n, '\\', 'u'), ab = naive(s, n, 'a', 'b');
    assert_int_equal(hcc__find_pairs(s, n, '\\', 'u', 'a', 'b'), u < ab ? u : ab);
    assert_int_equal(hcc__find_pairs(s, n, 'b', 'a', 'u', 'u'),
                     naive(s, n, 'b', 'a') < naive(s, n, 'u', 'u') ? naive(s, n, 'b', 'a') : naive(s, n, 'u', 'u'));
  }
  assert_int_equal(hcc__find_pair("x", 1, 'x', 'x'), 1);
  assert_int_equal(hcc__find_pair("", 0, 'x', 'x'), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_find_pair)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
