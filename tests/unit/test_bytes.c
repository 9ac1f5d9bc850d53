/* test_bytes.c -- hcc__find_pair and hcc__find_pairs against a
 * byte-at-a-time search, on every length up to 70 (the sixteen-wide loop,
 * its tails and the pair straddling a block edge) over a four-letter
 * alphabet; hcc__count_byte against a byte-at-a-time count, up to and
 * past the 255 blocks its lane counters hold; hcc__text_stats, both ways
 * (one AVX-512 pass where the CPU has it, one pass a count), against
 * byte-at-a-time counts, on every length up to 200 and the pair across
 * 64-byte blocks. */
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

static void test_count_byte(void **state) {
  (void)state;
  enum { MAX = 255 * 16 * 2 + 40 };
  static char s[MAX];
  uint64_t x = 0x13198a2e03707344ull;
  for (int it = 0; it < 3000; it++) {
    size_t n = it < 2000 ? (size_t)(it % 90) : (size_t)(x % MAX);
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      s[k] = it % 3 == 0 ? '\n' : "\n\nab\xff"[x % 5]; /* a third all newlines: every lane full */
    }
    size_t nl = 0, ff = 0;
    for (size_t k = 0; k < n; k++) nl += s[k] == '\n', ff += s[k] == '\xff';
    assert_int_equal(hcc__count_byte(s, n, '\n'), nl);
    assert_int_equal(hcc__count_byte(s, n, '\xff'), ff); /* a byte above 0x7f */
  }
  memset(s, '\n', MAX);
  assert_int_equal(hcc__count_byte(s, MAX, '\n'), MAX);
  assert_int_equal(hcc__count_byte(s, 0, '\n'), 0);
}

static void test_text_stats(void **state) {
  (void)state;
  char s[200];
  uint64_t x = 0xa4093822299f31d0ull;
  for (int it = 0; it < 40000; it++) {
    size_t n = (size_t)(it % 201);
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      s[k] = "\"\"etx\n\xc3\xa9\xe4\xb8\x80"[x % 10]; /* quotes, letters, newlines, bytes of é and 一 */
    }
    int before = it % 3 == 0;
    size_t cps = 0, nl = 0;
    int et = n && before && (s[0] == 'e' || s[0] == 't');
    for (size_t k = 0; k < n; k++) {
      cps += ((unsigned char)s[k] & 0xC0) != 0x80;
      nl += s[k] == '\n';
      et |= k + 1 < n && s[k] == '"' && (s[k + 1] == 'e' || s[k + 1] == 't');
    }
    for (int way = 0; way < 2; way++) {
      hcc_text_stats st;
      hcc__text_stats_as(way, s, n, before, &st);
      assert_int_equal(st.cps, cps);
      assert_int_equal(st.newlines, nl);
      assert_int_equal(st.quote_et, et);
    }
  }
}

/* Every byte value at every offset of a 64-byte block and across blocks
 * (the masked last step), both ways. */
static void test_rewrite_weight(void **state) {
  (void)state;
  enum { MAX = 700 };
  static char s[MAX];
  uint64_t x = 0x082efa98ec4e6c89ull;
  for (int it = 0; it < 6000; it++) {
    size_t n = it < 256 * 3 ? (size_t)(it % 131) : (size_t)(x % MAX), want = 0;
    for (size_t k = 0; k < n; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      /* the first 768 runs put each byte value everywhere, the rest a mix
       * heavy in the weighed bytes */
      s[k] = it < 256 * 3 ? (char)(unsigned char)((it / 3 + k) & 0xff) : "0\"\x7f\x80\xff\\',:a9 "[x % 13];
      want += unit_weight_of((unsigned char)s[k]);
    }
    assert_int_equal(hcc__rewrite_weight_as(1, s, n), want);
    assert_int_equal(hcc__rewrite_weight_as(0, s, n), want);
  }
  assert_int_equal(hcc__rewrite_weight("", 0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_find_pair), cmocka_unit_test(test_count_byte),
                                     cmocka_unit_test(test_text_stats), cmocka_unit_test(test_rewrite_weight)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
