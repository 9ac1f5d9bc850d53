/* test_md5.c -- md5.c against the test suite of RFC 1321, appendix A.5,
 * and against Python's hashlib for the chunked and long inputs:
 *   hashlib.md5(s.encode()).hexdigest()
 * (python3 3.11; the values are printed by a one-line script running
 * exactly that). */
#include "md5.h"
#include "unit.h"

static void hex(const unsigned char d[16], char out[33]) {
  static const char digits[] = "0123456789abcdef";
  for (int i = 0; i < 16; i++) {
    out[2 * i] = digits[d[i] >> 4];
    out[2 * i + 1] = digits[d[i] & 15];
  }
  out[32] = 0;
}

static void digest_of(const char *s, size_t n, size_t chunk, char out[33]) {
  hcc_md5 m;
  unsigned char d[16];
  hcc__md5_init(&m);
  for (size_t i = 0; i < n; i += chunk) hcc__md5_update(&m, s + i, n - i < chunk ? n - i : chunk);
  hcc__md5_final(&m, d);
  hex(d, out);
}

static const struct { const char *s; const char *md5; } rfc[] = {
    {"", "d41d8cd98f00b204e9800998ecf8427e"},
    {"a", "0cc175b9c0f1b6a831c399e269772661"},
    {"abc", "900150983cd24fb0d6963f7d28e17f72"},
    {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
    {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
    {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
     "d174ab98d277d9f5a5611c2c9f419d9f"},
    {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
     "57edf4a22be3c955ac49da2e2107b67a"},
};

static void test_rfc_vectors(void **state) {
  (void)state;
  char out[33];
  for (size_t i = 0; i < sizeof rfc / sizeof rfc[0]; i++) {
    size_t n = strlen(rfc[i].s);
    /* whole, byte by byte, and in odd chunks: every buffering path */
    size_t chunks[] = {n ? n : 1, 1, 7, 63, 64, 65};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
      digest_of(rfc[i].s, n, chunks[c], out);
      assert_string_equal(out, rfc[i].md5);
    }
  }
}

/* "é" * 200: 400 bytes of UTF-8, several blocks. */
static void test_long_utf8(void **state) {
  (void)state;
  char s[400], out[33];
  for (int i = 0; i < 200; i++) s[2 * i] = (char)0xc3, s[2 * i + 1] = (char)0xa9;
  digest_of(s, sizeof s, 400, out);
  assert_string_equal(out, "2710f9983bf2b02d631601ef9eda880f");
  digest_of(s, sizeof s, 3, out);
  assert_string_equal(out, "2710f9983bf2b02d631601ef9eda880f");
}

/* Padding lengths 55, 56 and 64 bytes (one or two final blocks);
 * python3: hashlib.md5(b"a" * n).hexdigest(). */
static void test_padding_edges(void **state) {
  (void)state;
  static const struct { size_t n; const char *md5; } t[] = {
      {55, "ef1772b6dff9a122358552954ad0df65"},
      {56, "3b0c8ac703f828b04c6c197006d17218"},
      {64, "014842d480b571495a4a0363793f7367"},
  };
  char s[64], out[33];
  memset(s, 'a', sizeof s);
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    digest_of(s, t[i].n, t[i].n, out);
    assert_string_equal(out, t[i].md5);
  }
}

/* hexdigest()[:12] of "abc" is 900150983cd2. */
static void test_prefix48(void **state) {
  (void)state;
  hcc_md5 m;
  unsigned char d[16];
  hcc__md5_init(&m);
  hcc__md5_update(&m, "abc", 3);
  hcc__md5_final(&m, d);
  assert_true(hcc__md5_prefix48(d) == 0x900150983cd2ull);
}


/* hcc__md5_many: the keys of many texts hashed 32 or eight at a time
 * (every kind this CPU has: scalar, AVX2, AVX-512) equal the one-at-a-time
 * digests.  Lengths cover every padding edge (55, 56, 63,
 * 64, 119, 120 ...), empty texts and texts of many blocks, in an order
 * that leaves lanes finishing at different steps; the source hands out
 * bytes in pieces of varying size, as the dedupe pass's decoder does,
 * a third of the time all the room it is given (so a lane holds many
 * blocks at once, which are hashed in one go). */
typedef struct many_src {
  const unsigned char *text[300];
  size_t len[300];
  uint64_t x; /* xorshift state: the piece sizes */
} many_src;

static size_t many_fill(void *ctx, size_t k, size_t *pos, unsigned char *buf, size_t cap) {
  many_src *m = ctx;
  m->x ^= m->x << 13, m->x ^= m->x >> 7, m->x ^= m->x << 17;
  size_t want = m->x % 3 == 0 ? cap : 1 + (size_t)(m->x % 200), left = m->len[k] - *pos;
  size_t n = want < left ? want : left;
  if (n > cap) n = cap;
  memcpy(buf, m->text[k] + *pos, n);
  *pos += n;
  return n;
}

static void test_many(void **state) {
  (void)state;
  static unsigned char pool[300 * 1200];
  static many_src m;
  static uint64_t keys[300];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < sizeof pool; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    pool[i] = (unsigned char)x;
  }
  static const size_t edges[] = {0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 1000};
  m.x = 88172645463325252ull;
  for (size_t n = 0; n <= 300; n += 37) { /* 0, 37, ... texts: every lane count */
    for (size_t k = 0; k < n; k++) {
      m.text[k] = pool + 1200 * k;
      m.len[k] = k < sizeof edges / sizeof edges[0] ? edges[k] : (k * 131) % 1200;
    }
    for (int kind = HCC_MD5_SCALAR; kind <= HCC_MD5_AVX512_LANES; kind++) {
      for (size_t k = 0; k < n; k++) keys[k] = ~0ull;
      if (kind == HCC_MD5_AVX512_LANES) hcc__md5_many(n, many_fill, &m, keys); /* the best there is */
      else hcc__md5_many_as(kind, n, many_fill, &m, keys);
      for (size_t k = 0; k < n; k++) {
      hcc_md5 one;
      unsigned char d[16];
      hcc__md5_init(&one);
      hcc__md5_update(&one, m.text[k], m.len[k]);
      hcc__md5_final(&one, d);
      assert_int_equal(keys[k], hcc__md5_prefix48(d));
      }
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rfc_vectors),
      cmocka_unit_test(test_long_utf8),
      cmocka_unit_test(test_padding_edges),
      cmocka_unit_test(test_prefix48),
      cmocka_unit_test(test_many),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
