/* pyfloat_exact.c -- whether a float's JSON text already is its repr().
 *
 * Python and JavaScript write a float as its shortest round-trip digits,
 * so the number text an op reads is most often exactly what repr(float)
 * would write back.  Proving that takes a few 128-bit integer comparisons,
 * where finding the digits again (pyfloat.c) takes printf and strtod, a
 * microsecond a number: a tool call passing an embedding parses 1,536 of
 * them.
 *
 * With v = M * 2^E (M the integer significand) and the text's digits
 * T = D * 10^F (k significant digits), text is repr(v) when:
 *   1. it is laid out as repr lays those digits out (hcc__py_float_layout);
 *   2. no decimal of k - 1 digits lies in v's rounding interval, which is
 *      [v - 2^(E-1), v + 2^(E-1)], ends included when M is even (strtod
 *      rounds ties to even).  T lies in it (v = float(text)), so if some
 *      shorter decimal did, one of the two (k-1)-digit decimals either side
 *      of T would too: only those two are checked;
 *   3. T is the nearest k-digit decimal to v, strictly (Gay's mode 0 picks
 *      the nearest of the shortest; a tie falls back).
 * Away from a power of two the interval is symmetric, which 2 and 3 rely
 * on; powers of two fall back, as do texts of more than 17 digits and
 * exponents whose powers of five do not fit 64 bits. */
#include "py.h"

/* 5^0 .. 5^27, the largest power of five below 2^64. */
static const uint64_t pow5[28] = {
    1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u, 9765625u,
    48828125u, 244140625u, 1220703125u, 6103515625u, 30517578125u, 152587890625u,
    762939453125u, 3814697265625u, 19073486328125u, 95367431640625u, 476837158203125u,
    2384185791015625u, 11920928955078125u, 59604644775390625u, 298023223876953125u,
    1490116119384765625u, 7450580596923828125u};

typedef unsigned __int128 u128;
#define CANT HCC_PY_CANT

/* 10^f = 5^f * 2^f: the fives go to the side where they are a multiplier
 * (each side then stays below 2^125), the twos become one shift s,
 * compared without shifting anything out unseen. */
int hcc__py_dec_bin_cmp(uint64_t x, int f, uint64_t m, int g) {
  if (f > 27 || f < -27) return CANT;
  u128 a = (u128)x * (f > 0 ? pow5[f] : 1), b = (u128)m * (f < 0 ? pow5[-f] : 1);
  int s = g - f; /* compare a with b * 2^s */
  if (s >= 0) {
    u128 q = s >= 128 ? 0 : a >> s, r = s >= 128 ? a : a - (q << s);
    return q > b ? 1 : q < b ? -1 : r > 0;
  }
  int t = -s; /* a * 2^t against b */
  u128 q = t >= 128 ? 0 : b >> t, r = t >= 128 ? b : b - (q << t);
  return a > q ? 1 : a < q ? -1 : r > 0 ? -1 : 0;
}

/* Whether x * 10^f lies in the rounding interval of M * 2^e (CANT when
 * that cannot be told here). */
static int in_interval(uint64_t x, int f, uint64_t m, int e) {
  int lo = hcc__py_dec_bin_cmp(x, f, 2 * m - 1, e - 1), hi = hcc__py_dec_bin_cmp(x, f, 2 * m + 1, e - 1);
  if (lo == CANT || hi == CANT) return CANT;
  if (lo > 0 && hi < 0) return 1;
  return (lo == 0 || hi == 0) && !(m & 1);
}

/* v = M * 2^e for a finite, positive v that is no power of two (the
 * interval is symmetric only then); 0 for the others. */
static int split(double v, uint64_t *m, int *e) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  uint64_t frac = bits & 0xFFFFFFFFFFFFFu;
  int bexp = (int)((bits >> 52) & 0x7FF);
  if (bexp == 0x7FF || !(v > 0) || frac == 0) return 0;
  *m = bexp ? frac | ((uint64_t)1 << 52) : frac;
  *e = bexp ? bexp - 1075 : -1074;
  return 1;
}

int hcc__py_dec_rounds_to(uint64_t x, int f, double v) {
  uint64_t m;
  int e;
  if (!split(v, &m, &e)) return CANT;
  return in_interval(x, f, m, e);
}

int hcc__py_float_text_is_repr(const char *s, size_t n, double v) {
  hcc_py_dec d;
  return hcc__py_dec_read(s, n, &d) && hcc__py_dec_is_repr(&d, s, n, v);
}

int hcc__py_dec_is_repr(const hcc_py_dec *dec, const char *s, size_t n, double v) {
  uint64_t m;
  int e;
  if (!split(v < 0 ? -v : v, &m, &e)) return 0; /* inf, nan, zero, powers of two */
  int k = dec->nd;
  if (!k || k > 17) return 0;
  int decpt = dec->e10 + k; /* value = 0.d * 10^decpt */
  /* 1: the layout */
  char want[48];
  size_t wn = hcc__py_float_layout(dec->d, k, decpt - 1, want + dec->neg);
  if (dec->neg) want[0] = '-', wn++;
  if (wn != n || memcmp(want, s, n) != 0) return 0;
  uint64_t big = dec->sig;
  int f = dec->e10; /* T = big * 10^f */
  /* 2: shortest.  T lies in the interval, so the neighbour below T is in
   * it when it is not below the interval's low end, the one above when it
   * is not above the high end: one comparison each */
  if (k > 1) {
    uint64_t down = big / 10;
    int lo = down ? hcc__py_dec_bin_cmp(down, f + 1, 2 * m - 1, e - 1) : -1;
    int hi = hcc__py_dec_bin_cmp(down + 1, f + 1, 2 * m + 1, e - 1);
    if (lo == CANT || hi == CANT || lo > 0 || hi < 0) return 0; /* a shorter one reads back */
    if ((lo == 0 || hi == 0) && !(m & 1)) return 0;              /* an end, and it counts */
  }
  /* 3: nearest, strictly: (2T - u) / 2 < v < (2T + u) / 2 with u = 10^f */
  int below = hcc__py_dec_bin_cmp(2 * big - 1, f, m, e + 1), above = hcc__py_dec_bin_cmp(2 * big + 1, f, m, e + 1);
  return below == -1 && above == 1;
}
