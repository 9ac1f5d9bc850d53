/* test_utf8_check.c -- the validator's UTF-8 check of long strings (the
 * AVX-512 blocks of utf8_avx512.h and the AVX2 blocks of utf8_avx2.h,
 * where the CPU has them, each run here, and the byte scan
 * that decides what they doubt) against a byte-at-a-time strict decoder
 * (overlongs, surrogates and values past U+10FFFF invalid, as Python's
 * bytes.decode("utf-8") has it): a text is put in a JSON string with 80
 * blanks after it, and must be accepted exactly when it is valid UTF-8,
 * else refused as HCC_E_UTF8 at its first bad sequence.
 *
 * Every 1- to 4-byte sequence over the bytes that matter (each lead byte,
 * continuation bytes at the range edges, ASCII) is placed at every offset
 * of a 72-byte ASCII text, so sequences straddle the 32-byte blocks and
 * end the text; then random texts over a UTF-8-heavy alphabet of every
 * length up to 200, and random mutations of valid texts; then long texts
 * with a cut sequence at each place of a block. */
#include "unit.h"

static int ref_valid(const unsigned char *s, size_t n) { return hcc_ref_utf8_first_bad(s, n) == n; }

/* The validator on "t" (its JSON-special ASCII bytes made plain first):
 * 1 when accepted, 0 when refused as bad UTF-8 at the reference's first
 * bad sequence (any other answer fails the test). */
static int fast(const unsigned char *t, size_t n) {
  static char doc[6000];
  assert_true(n + 90 <= sizeof doc);
  doc[0] = '"';
  for (size_t i = 0; i < n; i++) doc[1 + i] = t[i] < 0x20 || t[i] == '"' || t[i] == '\\' ? 'x' : (char)t[i];
  doc[n + 1] = '"';
  memset(doc + n + 2, ' ', 80);
  size_t bad = hcc_ref_utf8_first_bad((const unsigned char *)doc + 1, n);
  hcc_error err, err2;
  int rc = hcc_json_validate(doc, n + 82, NULL, &err);
  /* without the AVX-512 blocks (AVX2's, where the CPU has AVX-512): the same answer */
  assert_int_equal(hcc__json_validate_as(doc, n + 82, HCC_PARSE_NO_AVX512, NULL, &err2), rc);
  if (rc == HCC_OK) return 1;
  assert_int_equal(err2.offset, err.offset);
  if (rc != HCC_E_UTF8 || err.offset != bad + 1)
    print_error("%s at %zu, the first bad sequence at %zu\n", hcc_error_name(rc), err.offset, bad + 1);
  assert_int_equal(rc, HCC_E_UTF8);
  assert_int_equal(err.offset, bad + 1);
  return 0;
}

static void test_sequences_everywhere(void **state) {
  (void)state;
  static const unsigned char bytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                        0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                                        0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF};
  const size_t nb = sizeof bytes;
  unsigned char t[80];
  size_t checked = 0;
  for (size_t len = 1; len <= 4; len++) {
    size_t combos = 1;
    for (size_t k = 0; k < len; k++) combos *= nb;
    for (size_t c = 0; c < combos; c++) {
      unsigned char seq[4];
      size_t x = c;
      for (size_t k = 0; k < len; k++) seq[k] = bytes[x % nb], x /= nb;
      if (len > 1 && seq[0] < 0xC0) continue; /* only sequences that start with a lead */
      for (size_t at = 0; at + len <= 72; at += (len == 4 ? 5 : 1)) {
        memset(t, 'a', 72);
        memcpy(t + at, seq, len);
        assert_int_equal(fast(t, 72), ref_valid(t, 72));
        assert_int_equal(fast(t, at + len), ref_valid(t, at + len)); /* ending the text */
        checked++;
      }
    }
  }
  assert_true(checked > 100000);
}

static void test_random_texts(void **state) {
  (void)state;
  static const char *const pieces[] = {"a", " ", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80",
                                       "\xed\x9f\xbf", "\xee\x80\x80", "\xf4\x8f\xbf\xbf"};
  unsigned char t[256];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  size_t valid = 0, invalid = 0;
  for (int it = 0; it < 200000; it++) {
    size_t n = 0, want = (size_t)(it % 201);
    while (n < want) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const char *p = pieces[x % 8];
      size_t k = strlen(p);
      if (n + k > want) break;
      memcpy(t + n, p, k);
      n += k;
    }
    if (it % 2) { /* mutate one byte to anything */
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      if (n) t[(x >> 8) % n] = (unsigned char)(x >> 32);
    }
    for (size_t i = 0; i < n; i++) /* as fast() will see it */
      if (t[i] < 0x20 || t[i] == '"' || t[i] == '\\') t[i] = 'x';
    int r = ref_valid(t, n);
    assert_int_equal(fast(t, n), r);
    r ? valid++ : invalid++;
  }
  assert_true(valid > 50000 && invalid > 20000);
}

/* Long texts: bad bytes far in, and the all-ASCII blocks after a cut
 * sequence. */
static void test_long_texts(void **state) {
  (void)state;
  static unsigned char t[5000];
  for (size_t i = 0; i < sizeof t; i++) t[i] = (unsigned char)('a' + i % 26);
  assert_int_equal(fast(t, sizeof t), 1);
  for (size_t at = 0; at < sizeof t; at += 97) {
    t[at] = 0xE6; /* a lead byte followed by ASCII */
    assert_int_equal(fast(t, sizeof t), 0);
    t[at] = (unsigned char)('a' + at % 26);
  }
  /* a lead byte cut off at each place of a block, then at least 128 ASCII
   * bytes (skipped in bulk), then valid non-ASCII text */
  for (size_t at = 0; at < 32; at++) {
    size_t n = 0;
    memset(t, 'a', 400);
    t[32 + at] = 0xE6;
    n = 32 + at + 1 + 260;
    memcpy(t + n, "\xc3\xa9\xc3\xa9", 4);
    n += 4;
    assert_int_equal(fast(t, n), 0);
    t[32 + at] = 'a';
    assert_int_equal(fast(t, n), 1);
  }
  for (size_t at = 0; at + 3 <= sizeof t; at += 3) memcpy(t + at, "\xe6\x97\xa5", 3);
  assert_int_equal(fast(t, sizeof t - sizeof t % 3), 1);
  assert_int_equal(fast(t, sizeof t - sizeof t % 3 - 1), 0); /* cut in the last sequence */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sequences_everywhere),
      cmocka_unit_test(test_random_texts),
      cmocka_unit_test(test_long_texts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
