/* test_json_string.c -- hcc__json_decode, hcc__json_decoded_len and
 * hcc__json_str_cps on JSON string bodies.
 *
 * Expected values come from Python 3.11: for each body b,
 *   v = json.loads('"' + b + '"')
 *   decoded = v.encode('utf-8', 'surrogatepass')   # WTF-8 for lone surrogates
 *   cps = len(v)
 * (the table was printed by a throw-away script running exactly that). */
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
  const char *raw;
  size_t raw_len;
  const char *dec;
  size_t dec_len;
  size_t cps;
} str_case;

static const str_case cases[] = {
    {"", 0, "", 0, 0},
    {"abc", 3, "abc", 3, 3},
    {"\\\"", 2, "\"", 1, 1},
    {"\\\\", 2, "\\", 1, 1},
    {"\\/", 2, "/", 1, 1},
    {"\\b\\f\\n\\r\\t", 10, "\x08\x0c\x0a\x0d\x09", 5, 5},
    {"\\u0000", 6, "\x00", 1, 1},
    {"\\u0041", 6, "A", 1, 1},
    {"\\u00e9", 6, "\xc3\xa9", 2, 1},
    {"\\u00E9", 6, "\xc3\xa9", 2, 1},
    {"\\u07ff", 6, "\xdf\xbf", 2, 1},
    {"\\u0800", 6, "\xe0\xa0\x80", 3, 1},
    {"\\u20ac", 6, "\xe2\x82\xac", 3, 1},
    {"\\uffff", 6, "\xef\xbf\xbf", 3, 1},
    {"\\ud83d\\ude00", 12, "\xf0\x9f\x98\x80", 4, 1},
    {"\\uD834\\uDD1E", 12, "\xf0\x9d\x84\x9e", 4, 1},
    {"\\ud800", 6, "\xed\xa0\x80", 3, 1},
    {"\\udfff", 6, "\xed\xbf\xbf", 3, 1},
    {"\\udc00\\ud800", 12, "\xed\xb0\x80\xed\xa0\x80", 6, 2},
    {"\\ud800\\ud800\\udc00", 18, "\xed\xa0\x80\xf0\x90\x80\x80", 7, 2},
    {"\\ud800\\u0041", 12, "\xed\xa0\x80" "A", 4, 2},
    {"\\ud800\\n", 8, "\xed\xa0\x80\x0a", 4, 2},
    {"x\\ud83d", 7, "x\xed\xa0\xbd", 4, 2},
    {"\\ud83dx\\ude00", 13, "\xed\xa0\xbdx\xed\xb8\x80", 7, 3},
    {"caf\xc3\xa9", 5, "caf\xc3\xa9", 5, 4},
    {"\xf0\x9f\x98\x80", 4, "\xf0\x9f\x98\x80", 4, 1},
    {"a\\u00e9\xc3\xa9", 9, "a\xc3\xa9\xc3\xa9", 5, 3},
    {"\\\\u0041", 7, "\\u0041", 6, 6},
    {"\\\\\\\\", 4, "\\\\", 2, 2},
    {"h\xc3\xa9llo \\ud83d\\ude00 w\xc3\xb6rld", 26, "h\xc3\xa9llo \xf0\x9f\x98\x80 w\xc3\xb6rld", 18, 13},
    {"\\u002F\\u005c", 12, "/\\", 2, 2},
    {"\xe2\x80\xa8\xe2\x80\xa9", 6, "\xe2\x80\xa8\xe2\x80\xa9", 6, 2},
    {"\x7f", 1, "\x7f", 1, 1},
    {"\\u000a\\u000A", 12, "\x0a\x0a", 2, 2},
    {"\\ud7ff\\ue000", 12, "\xed\x9f\xbf\xee\x80\x80", 6, 2},
    {"\\udbff\\udfff", 12, "\xf4\x8f\xbf\xbf", 4, 1},
};

static void test_decode_table(void **state) {
  (void)state;
  for (size_t i = 0; i < N(cases); i++) {
    const str_case *c = &cases[i];
    /* the body must be a valid JSON string for the decoder's contract */
    char quoted[64];
    quoted[0] = '"';
    memcpy(quoted + 1, c->raw, c->raw_len);
    quoted[c->raw_len + 1] = '"';
    assert_int_equal(hcc_json_validate(quoted, c->raw_len + 2, NULL, NULL), HCC_OK);

    /* the destination is exactly raw_len bytes (the documented bound),
     * followed by guard bytes that must stay untouched */
    char *dst = malloc(c->raw_len + 8);
    memset(dst, 0xA5, c->raw_len + 8);
    size_t n = hcc__json_decode(c->raw, c->raw_len, dst);
    if (n != c->dec_len || memcmp(dst, c->dec, n) != 0) print_error("case %zu: \"%s\"\n", i, c->raw);
    assert_int_equal(n, c->dec_len);
    assert_memory_equal(dst, c->dec, n);
    assert_true(n <= c->raw_len);
    for (size_t k = c->raw_len; k < c->raw_len + 8; k++) assert_int_equal((unsigned char)dst[k], 0xA5);
    free(dst);

    assert_int_equal(hcc__json_decoded_len(c->raw, c->raw_len), c->dec_len);
    assert_int_equal(hcc__json_str_cps(c->raw, c->raw_len), c->cps);
    /* code points of the decoded WTF-8 agree with the decoder's count */
    assert_int_equal(hcc__utf8_count(c->dec, c->dec_len), c->cps);
  }
}

/* The decoder is also used piecewise (hcc__json_str_eq decodes one escape
 * at a time): decoding a body split at escape boundaries gives the same
 * bytes as decoding it whole, except that a surrogate pair split in two
 * decodes to two lone surrogates. */
static void test_decode_pieces(void **state) {
  (void)state;
  const char *raw = "a\\n\\u00e9b\\\\\\u20ac";
  size_t n = strlen(raw);
  static const size_t cuts[] = {0, 1, 3, 9, 10, 12, 18};
  char whole[32], pieces[32];
  size_t wn = hcc__json_decode(raw, n, whole), pn = 0;
  for (size_t k = 0; k + 1 < N(cuts); k++)
    pn += hcc__json_decode(raw + cuts[k], cuts[k + 1] - cuts[k], pieces + pn);
  assert_int_equal(cuts[N(cuts) - 1], n);
  assert_int_equal(pn, wn);
  assert_memory_equal(pieces, whole, wn);

  const char *pair = "\\ud83d\\ude00";
  pn = hcc__json_decode(pair, 6, pieces);
  pn += hcc__json_decode(pair + 6, 6, pieces + pn);
  assert_int_equal(pn, 6);
  assert_memory_equal(pieces, "\xed\xa0\xbd\xed\xb8\x80", 6);
}

/* hcc__json_str_cps counts escapes by their length, not by decoding:
 * against the code points of the decoded text, on random bodies of
 * every kind of piece, long enough for many sixteen-byte blocks and for
 * the counter's batches of 255 blocks. */
static void test_cps_random(void **state) { /* and _longer, _newlines, _decode_wide, _some */
  (void)state;
  static const char *const pieces[] = {"a", "xyz ", "\\n", "\\\\", "\\\"", "\\/", "\\u00e9",
                                       "\\u20AC", "\\ud83d\\ude00", "\\ud800", "\\udfff",
                                       "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\\u0000",
                                       "\\u000a", "\\u000A", "\\\\n", "n"};
  /* half the bodies are text with short escapes and a rare \u (the
   * common kind: long stretches with no \u at all) */
  static const char *const light[] = {"a", "xyz ", "hello world, ", "\\n", "\\n", "\\\\", "\\\"", "\\/",
                                      "\\t", "\\\\n", "\xc3\xa9", "\xe6\x97\xa5"};
  static char raw[20000], dec[20000];
  uint64_t x = 0x2545f4914f6cdd1dull;
  for (int it = 0; it < 300; it++) {
    size_t n = 0, want = (size_t)(it * 61) % 19000;
    while (n < want) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const char *p = it % 2 && x % 64 ? light[(x >> 8) % N(light)] : pieces[x % N(pieces)];
      size_t k = strlen(p);
      if (n + k > want) break;
      memcpy(raw + n, p, k);
      n += k;
    }
    size_t dn = hcc__json_decode(raw, n, dec);
    size_t cps = hcc__utf8_count(dec, dn);
    assert_int_equal(hcc__json_str_cps(raw, n), cps);
    /* the length test around the count and at the ends of its shortcuts */
    size_t ks[] = {0, 1, cps ? cps - 1 : 0, cps, cps + 1, n / 12, n / 12 + 1, n, n + 1, 199, 500};
    for (size_t j = 0; j < N(ks); j++) assert_int_equal(hcc__json_str_longer(raw, n, ks[j]), cps > ks[j]);
    /* every k on the shorter bodies: the count stops once past k, at any
     * step boundary an escape or a pair may straddle */
    for (size_t k = 0; n < 1500 && k <= cps + 1; k++) assert_int_equal(hcc__json_str_longer(raw, n, k), cps > k);
    size_t nl = 0;
    for (size_t j = 0; j < dn; j++) nl += dec[j] == '\n';
    assert_int_equal(hcc__json_newlines(raw, n), nl);
    /* the wide decoder: same text, and nothing written past n bytes */
    static char wide[20000 + 64];
    memset(wide, 0x5A, sizeof wide);
    assert_int_equal(hcc__json_decode_wide(raw, n, wide), dn);
    assert_memory_equal(wide, dec, dn);
    for (size_t j = n; j < n + 64; j++) assert_int_equal(wide[j], 0x5A);
    /* the same text in pieces of at most cap bytes, for caps from 4 (the
     * longest escape's bytes) up: never past cap, never an empty piece
     * before the end, and the pieces join to the whole */
    size_t caps[] = {4, 5, 15, 16, 17, 63, 64, 65, 127, 1000 + (size_t)it};
    for (size_t c = 0; c < 2 * N(caps); c++) { /* with the AVX-512 blocks (if any), then without */
      size_t pos = 0, got = 0, piece, cap = caps[c % N(caps)];
      static char part[20000 + 64];
      do {
        memset(part + got, 0x5A, cap + 1);
        piece = hcc__json_decode_some_as(c < N(caps), raw, n, &pos, part + got, cap);
        assert_true(piece <= cap);
        assert_int_equal(part[got + cap], 0x5A);
        assert_true(piece > 0 || pos == n);
        got += piece;
      } while (piece);
      assert_int_equal(pos, n);
      assert_int_equal(got, dn);
      assert_memory_equal(part, dec, dn);
    }
  }
  /* twelve raw bytes a code point: the shortcut's edge */
  char pairs[12 * 12 + 1] = "";
  for (int j = 0; j < 12; j++) strcat(pairs, "\\ud83d\\ude00");
  assert_int_equal(hcc__json_str_longer(pairs, 144, 11), 1);
  assert_int_equal(hcc__json_str_longer(pairs, 144, 12), 0);
}

/* hcc__json_dumps_span: where it answers, json.dumps of the decoded span
 * (hcc__out_json_body) is the raw span byte for byte; on bodies made only
 * of escapes json.dumps writes itself it answers for every span between
 * code points, and a non-canonical escape inside a span stops it. */
static void test_dumps_span(void **state) {
  (void)state;
  static const char *const canon[] = {"a", "xyz ", "\\n", "\\\\", "\\\"", "\\t", "\\r", "\\b", "\\f",
                                      "\\u0000", "\\u001b", "\\ud800x", "\\udfff", "\xc3\xa9",
                                      "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\x7f"};
  static const char *const other[] = {"\\/", "\\u0041", "\\u00e9", "\\u001B", "\\u000a", "\\u0022",
                                      "\\ud83d\\ude00", "\\uDC00"};
  static char raw[4000], dec[4000], enc[24000];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  size_t copied = 0, refused = 0;
  for (int it = 0; it < 3000; it++) {
    size_t n = 0;
    int clean = it % 2;
    size_t want = (size_t)(it % 97) + (it % 3 ? 0 : 2500); /* a third long: many 64-byte blocks */
    while (n < want) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const char *p = clean || x % 5 ? canon[x % N(canon)] : other[(x >> 8) % N(other)];
      memcpy(raw + n, p, strlen(p));
      n += strlen(p);
    }
    size_t dn = hcc__json_decode(raw, n, dec);
    static size_t bound[4000];
    size_t nb = 0;
    for (size_t k = 0; k <= dn; k++)
      if (k == dn || ((unsigned char)dec[k] & 0xC0) != 0x80) bound[nb++] = k;
    for (int t = 0; t < 12; t++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      size_t a = bound[x % nb], b = bound[(x >> 20) % nb], ra, rb;
      if (a > b) { size_t tmp = a; a = b; b = tmp; }
      int ok = hcc__json_dumps_span(raw, n, a, b, &ra, &rb);
      if (clean) assert_int_equal(ok, 1);
      if (!ok) { refused++; continue; }
      hcc_out o;
      hcc__out_init(&o, enc, sizeof enc);
      hcc__out_json_body(&o, dec + a, b - a);
      assert_int_equal(o.len, rb - ra);
      assert_memory_equal(enc, raw + ra, o.len);
      copied++;
    }
  }
  assert_true(copied > 10000 && refused > 1000);
  size_t ra, rb;
  assert_int_equal(hcc__json_dumps_span("ab\\/cd", 6, 0, 5, &ra, &rb), 0);
  assert_int_equal(hcc__json_dumps_span("ab\\/cd", 6, 3, 5, &ra, &rb), 1); /* the span after it */
  assert_int_equal(ra, 4);
  assert_int_equal(rb, 6);
}

/* Every BMP code point written as \uXXXX decodes to its UTF-8 (or WTF-8
 * for surrogates), one code point each; every supplementary code point
 * written as a pair decodes to its 4-byte UTF-8. */
static void test_decode_all_escapes(void **state) {
  (void)state;
  char raw[16], out[16];
  for (uint32_t cp = 0; cp < 0x10000; cp++) {
    snprintf(raw, sizeof raw, "\\u%04x", (unsigned)cp);
    size_t n = hcc__json_decode(raw, 6, out);
    size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
    assert_int_equal(n, want);
    size_t i = 0;
    assert_int_equal(hcc__utf8_next(out, n, &i), cp);
    assert_int_equal(i, n);
    assert_int_equal(hcc__json_str_cps(raw, 6), 1);
    /* upper-case hex digits decode the same */
    snprintf(raw, sizeof raw, "\\u%04X", (unsigned)cp);
    char out2[16];
    assert_int_equal(hcc__json_decode(raw, 6, out2), n);
    assert_memory_equal(out, out2, n);
  }
  for (uint32_t cp = 0x10000; cp <= 0x10FFFF; cp += 0x3F) {
    uint32_t v = cp - 0x10000;
    snprintf(raw, sizeof raw, "\\u%04x\\u%04x", (unsigned)(0xD800 + (v >> 10)),
             (unsigned)(0xDC00 + (v & 0x3FF)));
    size_t n = hcc__json_decode(raw, 12, out);
    assert_int_equal(n, 4);
    size_t i = 0;
    assert_int_equal(hcc__utf8_next(out, n, &i), cp);
    assert_int_equal(hcc__json_str_cps(raw, 12), 1);
    assert_int_equal(hcc__json_decoded_len(raw, 12), 4);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decode_table),
      cmocka_unit_test(test_decode_pieces),
      cmocka_unit_test(test_decode_all_escapes),
      cmocka_unit_test(test_cps_random),
      cmocka_unit_test(test_dumps_span),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
