/* pyfloat.c -- JSON numbers as Python sees them: int or float, float() of
 * the text (correctly rounded) and repr() of the float.
 *
 * repr(float) is the shortest decimal string that reads back as the same
 * double (David Gay's mode 0, which CPython uses), laid out in fixed or
 * scientific notation by CPython's 'r' rules.  The digits come from the C
 * library: glibc's printf("%.*e") and strtod are exact, so the first
 * precision whose correctly rounded digits read back is the shortest.
 *
 * Neither printf nor strtod ever sees a decimal point that we wrote: both
 * follow LC_NUMERIC, so the digits are moved around as "DDDDe±X" strings,
 * which read the same in every locale. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "py.h"

int hcc__py_number_is_int(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == '.' || s[i] == 'e' || s[i] == 'E') return 0;
  return 1;
}

/* 10^0 .. 10^19, the powers a 19-digit significand is scaled by. */
static const uint64_t pow10u[20] = {1u,
                                    10u,
                                    100u,
                                    1000u,
                                    10000u,
                                    100000u,
                                    1000000u,
                                    10000000u,
                                    100000000u,
                                    1000000000u,
                                    10000000000u,
                                    100000000000u,
                                    1000000000000u,
                                    10000000000000u,
                                    100000000000000u,
                                    1000000000000000u,
                                    10000000000000000u,
                                    100000000000000000u,
                                    1000000000000000000u,
                                    10000000000000000000u};

#ifdef HCC_LE_WORDS
/* The number eight digit values (one a byte, the first the most
 * significant) spell: pairs, then fours, then all eight, each step one
 * multiplication (Lemire's SWAR parse). */
static uint64_t eight_value(uint64_t x) {
  x = (x * 10) + (x >> 8);
  x = (x & 0x00FF00FF00FF00FFu) * 6553601 >> 16;
  return (x & 0x0000FFFF0000FFFFu) * 42949672960001u >> 32;
}
#endif

/* One pass over the text, digits kept from the first nonzero one on (at
 * most 19 of them, or the text goes the long way), trailing zeros taken
 * off at the end.  A text over 4096 bytes goes the long way too, which
 * keeps every count far from overflowing an int. */
int hcc__py_dec_read(const char *s, size_t n, hcc_py_dec *o) {
  uint64_t sig = 0;
  int cnt = 0, last = 0, frac = 0, point = 0, x = 0;
  char d[20];
  size_t i = n > 0 && s[0] == '-';
  if (n > 4096) return 0;
  o->neg = (int)i;
  for (; i < n; i++) {
#ifdef HCC_LE_WORDS
    /* past the leading zeros, eight digits at a time while they fit */
    if (cnt && cnt <= 11 && n - i >= 8) {
      uint64_t v;
      memcpy(&v, s + i, 8);
      if (!hcc__nondigits8(v)) {
        uint64_t dv = v - 0x3030303030303030u; /* each byte its digit */
        sig = sig * 100000000u + eight_value(dv);
        memcpy(d + cnt, s + i, 8);
        if (dv) last = cnt + 8 - (__builtin_clzll(dv) >> 3); /* after the last nonzero byte */
        cnt += 8, frac += 8 * point, i += 7;
        continue;
      }
    }
#endif
    unsigned c = (unsigned)(unsigned char)s[i] - '0';
    if (c > 9) {
      if (s[i] != '.' || point) break;
      point = 1;
      continue;
    }
    frac += point;
    if (!(cnt | (int)c)) continue; /* a leading zero */
    if (cnt == 19) return 0;
    sig = sig * 10 + c;
    d[cnt++] = s[i];
    if (c) last = cnt;
  }
  o->is_int = !point;
  if (i < n) {
    int neg = 0;
    if (s[i] != 'e' && s[i] != 'E') return 0;
    o->is_int = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    if (i == n || n - i > 6) return 0;
    for (; i < n; i++) {
      unsigned c = (unsigned)(unsigned char)s[i] - '0';
      if (c > 9) return 0;
      x = x * 10 + (int)c;
    }
    if (neg) x = -x;
  }
  int tz = cnt - last; /* zeros after the last nonzero digit */
  o->sig = tz ? sig / pow10u[tz] : sig;
  o->nd = last, o->e10 = x + tz - frac;
  memcpy(o->d, d, (size_t)last);
  return 1;
}

/* Significant digits of a double, as "%.*e" prints them. */
typedef struct digits {
  char d[24]; /* at most 17 digits, NUL-terminated */
  int nd;
  int exp; /* value = d[0].d[1..] * 10^exp */
} digits;

/* Digits of x > 0 correctly rounded to p significant digits.  The printf
 * output is read back character by character, so a locale's decimal
 * separator (whatever its bytes) is skipped, not interpreted. */
static void round_digits(double x, int p, digits *g) {
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%.*e", p - 1, x);
  const char *c = tmp;
  g->nd = 0;
  for (; *c && *c != 'e' && *c != 'E'; c++)
    if (*c >= '0' && *c <= '9' && g->nd < 23) g->d[g->nd++] = *c;
  g->d[g->nd] = 0;
  g->exp = *c ? atoi(c + 1) : 0;
}

/* Writes "e" and the decimal exponent e at p (printf("e%d") without
 * printf's cost, which was a third of a float's repr); returns the end. */
static char *put_exp(char *p, long e) {
  char r[24];
  int k = 0;
  unsigned long u = e < 0 ? 0ul - (unsigned long)e : (unsigned long)e;
  *p++ = 'e';
  if (e < 0) *p++ = '-';
  do {
    r[k++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  while (k) *p++ = r[--k];
  *p = 0;
  return p;
}

/* strtod of digits*10^exp, written with no decimal point. */
static double read_back(const digits *g) {
  char tmp[64];
  memcpy(tmp, g->d, (size_t)g->nd);
  put_exp(tmp + g->nd, g->exp - (g->nd - 1));
  return strtod(tmp, NULL);
}

/* The next p-digit decimal above g (…9 carries, 999 becomes 1000 = 1e+1). */
static void digits_up(digits *g) {
  int k = g->nd - 1;
  while (k >= 0 && g->d[k] == '9') g->d[k--] = '0';
  if (k >= 0) {
    g->d[k]++;
  } else {
    g->d[0] = '1';
    for (int j = 1; j < g->nd; j++) g->d[j] = '0';
    g->exp++;
  }
}

/* Whether some p-digit decimal reads back as x, and if so the one Gay's
 * algorithm picks, in *g.  The nearest p-digit decimal is the right
 * candidate except just above a power of two, where the gap to the next
 * double up is twice the gap below: there the p-digit decimal one step up
 * may round-trip while the nearest one, below x, does not; Gay's algorithm
 * then picks it, so we try it too.  Those two are the only candidates: if
 * any p-digit decimal lies in x's rounding interval, the nearest does,
 * or, when the nearest lies below x on the narrow side, the next one up
 * (which is no further above x than the one that lies in it). */
static int round_trips(double x, int p, int pow2, digits *g) {
  round_digits(x, p, g);
  if (read_back(g) == x) return 1;
  if (pow2) {
    digits up = *g;
    digits_up(&up);
    if (read_back(&up) == x) {
      *g = up;
      return 1;
    }
  }
  return 0;
}

/* Shortest digits that read back as x (x finite, > 0), given that some
 * hi-digit decimal does (hi <= 17; 17 digits always do).  Whether some
 * p-digit decimal reads back grows with p (a p-digit decimal is also a
 * (p+1)-digit one), so the shortest p is found by bisection: at most five
 * tries of printf and strtod where counting up from 1 took up to 17.  With
 * a bound from the number's text the first try is hi - 1: a number written
 * by a shortest-repr writer (Python, JavaScript) has no shorter spelling,
 * so one failed try settles it.  Without one (hi = 17) the tries gallop
 * up, 1, 2, 4, 8, 16 digits, then bisect: short numbers stay cheap. */
static void shortest(double x, int hi, digits *g) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  int pow2 = (bits & 0xFFFFFFFFFFFFFu) == 0; /* zero fraction field */
  int lo = 1, best = 0;                      /* best: the p whose digits *g holds */
  digits t;
  if (hi == 17) { /* no bound but the one every double has: gallop up from one digit */
    for (int p = 1; p < hi; p *= 2) {
      if (round_trips(x, p, pow2, &t)) {
        hi = best = p, *g = t;
        break;
      }
      lo = p + 1;
    }
  } else if (hi > 1) {
    if (round_trips(x, hi - 1, pow2, &t)) hi--, best = hi, *g = t;
    else lo = hi;
  }
  while (lo < hi) { /* some hi-digit decimal reads back, no (lo-1)-digit one */
    int mid = lo + (hi - lo) / 2;
    if (round_trips(x, mid, pow2, &t)) hi = mid, best = mid, *g = t;
    else lo = mid + 1;
  }
  if (best == lo) return;
  /* lo is the bound we were given, untried: some lo-digit decimal reads
   * back, so away from a power of two the nearest one does (the rounding
   * interval is symmetric there) and needs no strtod */
  if (!pow2) round_digits(x, lo, g);
  else if (!round_trips(x, lo, pow2, g)) round_digits(x, 17, g); /* 17 always do */
}

static size_t float_repr(double v, int hi, char *buf) {
  size_t n = 0;
  if (isnan(v)) {
    memcpy(buf, "nan", 4);
    return 3;
  }
  if (signbit(v)) buf[n++] = '-';
  if (isinf(v)) {
    memcpy(buf + n, "inf", 4);
    return n + 3;
  }
  if (v == 0) {
    memcpy(buf + n, "0.0", 4);
    return n + 3;
  }
  digits g;
  shortest(v < 0 ? -v : v, hi, &g);
  while (g.nd > 1 && g.d[g.nd - 1] == '0') g.d[--g.nd] = 0;
  return n + hcc__py_float_layout(g.d, g.nd, g.exp, buf + n);
}

size_t hcc__py_float_layout(const char *d, int nd, int exp, char *buf) {
  size_t n = 0;
  /* CPython's repr: decpt is where the point goes relative to the digits
   * (value = 0.DDD * 10^decpt); scientific when decpt > 16 or decpt < -3. */
  int decpt = exp + 1;
  if (decpt > 16 || decpt < -3) {
    buf[n++] = d[0];
    if (nd > 1) {
      buf[n++] = '.';
      memcpy(buf + n, d + 1, (size_t)nd - 1);
      n += (size_t)nd - 1;
    }
    int e = exp;
    buf[n++] = 'e';
    buf[n++] = e < 0 ? '-' : '+';
    if (e < 0) e = -e;
    char tmp[8];
    int k = 0;
    do {
      tmp[k++] = (char)('0' + e % 10);
      e /= 10;
    } while (e);
    if (k < 2) tmp[k++] = '0'; /* at least two exponent digits: 1e+16, 1e-05 */
    while (k) buf[n++] = tmp[--k];
  } else if (decpt <= 0) {
    buf[n++] = '0';
    buf[n++] = '.';
    for (int k = decpt; k < 0; k++) buf[n++] = '0';
    memcpy(buf + n, d, (size_t)nd);
    n += (size_t)nd;
  } else if (decpt >= nd) {
    memcpy(buf + n, d, (size_t)nd);
    n += (size_t)nd;
    for (int k = nd; k < decpt; k++) buf[n++] = '0';
    buf[n++] = '.';
    buf[n++] = '0';
  } else {
    memcpy(buf + n, d, (size_t)decpt);
    n += (size_t)decpt;
    buf[n++] = '.';
    memcpy(buf + n, d + decpt, (size_t)(nd - decpt));
    n += (size_t)(nd - decpt);
  }
  buf[n] = 0;
  return n;
}

size_t hcc__py_float_repr(double v, char *buf) { return float_repr(v, 17, buf); }

/* The significant digits of a JSON number's text (leading and trailing
 * zeros of its digit string not counted; 1 for a zero).  float(text) lies
 * in the rounding interval of text's own decimal, so some decimal of that
 * many digits reads back as it: the bisection's upper end. */
static int sig_digits(const char *s, size_t n) {
  size_t first = 0, last = 0, k = 0;
  for (size_t i = 0; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
    if (s[i] < '0' || s[i] > '9') continue;
    k++;
    if (s[i] != '0') {
      if (!first) first = k;
      last = k;
    }
  }
  if (!first) return 1;
  size_t d = last - first + 1;
  return d < 17 ? (int)d : 17;
}

/* repr(v) for v = float(text), the text read into *d when dok. */
static size_t repr_read(const hcc_py_dec *d, int dok, const char *s, size_t n, double v, char *buf) {
  if (dok && n < 32 && hcc__py_dec_is_repr(d, s, n, v)) { /* most floats in JSON */
    memcpy(buf, s, n);
    buf[n] = 0;
    return n;
  }
  return float_repr(v, sig_digits(s, n), buf);
}

size_t hcc__py_number_repr(const char *s, size_t n, double v, char *buf) {
  hcc_py_dec d;
  int dok = n < 32 && hcc__py_dec_read(s, n, &d);
  return repr_read(&d, dok, s, n, v, buf);
}

/* Significant digits kept when reading a long number.  The exact decimal
 * value of a double, or of the midpoint between two neighbours, has at
 * most 767 significant digits, so no rounding boundary lies strictly
 * between the first 768 digits and the full number: cutting there and
 * appending one nonzero "sticky" digit when anything nonzero was cut off
 * rounds exactly as the full text would.  The buffer stays small whatever
 * the input's length. */
#define KEEP_DIGITS 768

/* float(text) from its digits read, or 0 with *done unset when the
 * fast paths do not settle it.  Clinger's: at most 15 digits are exact in
 * a double, and so is 10^k for k <= 22, so one multiplication or
 * division, correctly rounded by IEEE 754, gives strtod's answer.  16 to
 * 18 digits (Python writes most floats with 16 or 17): the significand was
 * rounded once before the multiplication, so the result is within an ulp
 * of the answer; the exact comparison of pyfloat_exact.c tells which of
 * it and its two neighbours sig * 10^e10 rounds to.  A power of two falls
 * back. */
static double value_read(const hcc_py_dec *r, int *done) {
  *done = 1;
  if (!r->nd) return r->neg ? -0.0 : 0.0;
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
  int e = r->e10;
  if (r->nd <= 18 && e >= -22 && e <= 22) {
    static const double p10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    double v = e >= 0 ? (double)r->sig * p10[e] : (double)r->sig / p10[-e];
    if (r->nd <= 15) return r->neg ? -v : v;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    for (int k = 0; k < 3; k++) {
      uint64_t b = k == 0 ? bits : k == 1 ? bits + 1 : bits - 1;
      double c;
      memcpy(&c, &b, sizeof c);
      int got = hcc__py_dec_rounds_to(r->sig, e, c);
      if (got == 1) return r->neg ? -c : c;
      if (got != 0) break;
    }
  }
#endif
  *done = 0;
  return 0;
}

/* float(text) the long way: any length, any exponent. */
static double value_long(const char *s, size_t n) {
  char tmp[KEEP_DIGITS + 32];
  size_t i = 0, nd = 0;
  int neg = 0;
  int64_t scale = 0; /* value = digits * 10^(exp + scale) */
  int64_t zeros = 0; /* zeros seen after the last kept nonzero digit */
  int cut = 0;       /* a nonzero digit was dropped */
  if (i < n && s[i] == '-') {
    neg = 1;
    i++;
  }
  for (int frac = 0; i < n; i++) {
    char c = s[i];
    if (c == '.') {
      frac = 1;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (frac) scale--;
    if (c == '0') {
      if (nd) zeros++; /* leading zeros carry no digit */
      continue;
    }
    /* a nonzero digit: pending zeros become digits first */
    if (nd + (size_t)zeros + 1 > KEEP_DIGITS) {
      /* everything from here on is cut: count its weight instead */
      if (nd < KEEP_DIGITS) {
        while (nd < KEEP_DIGITS && zeros) {
          tmp[nd++] = '0';
          zeros--;
        }
      }
      scale += zeros + 1;
      zeros = 0;
      cut = 1;
      continue;
    }
    while (zeros) {
      tmp[nd++] = '0';
      zeros--;
    }
    tmp[nd++] = c;
  }
  scale += zeros; /* trailing zeros of the digits multiply by ten */
  int64_t e = 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    int eneg = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
      if (e < 1000000000) e = e * 10 + (s[i] - '0'); /* saturates: far past any double */
    if (eneg) e = -e;
  }
  if (!nd) return neg ? -0.0 : 0.0;
  if (cut) tmp[nd++] = '1', scale--; /* the sticky digit, one place lower */
  e += scale;
  /* Beyond these exponents the value is 0 or infinity whatever the digits
   * (at most KEEP_DIGITS+1 of them); clamping keeps the text short. */
  if (e > 100000) e = 100000;
  if (e < -100000) e = -100000;
  put_exp(tmp + nd, (long)e);
  double v = strtod(tmp, NULL);
  return neg ? -v : v;
}

double hcc__py_number_value(const char *s, size_t n) {
  hcc_py_dec d;
  int done = 0;
  double v = hcc__py_dec_read(s, n, &d) ? value_read(&d, &done) : 0;
  return done ? v : value_long(s, n);
}

int hcc__py_number_text(const char *s, size_t n, char *buf, hcc_slice *text, double *v) {
  hcc_py_dec d;
  int dok = hcc__py_dec_read(s, n, &d), done = 0;
  if (dok ? d.is_int : hcc__py_number_is_int(s, n)) {
    /* int(text) keeps every digit; only -0 changes */
    if (n == 2 && s[0] == '-' && s[1] == '0') *text = (hcc_slice){"0", 1};
    else *text = (hcc_slice){s, n};
    *v = 0;
    return 0;
  }
  *v = dok ? value_read(&d, &done) : 0;
  if (!done) *v = value_long(s, n);
  text->s = buf;
  text->n = repr_read(&d, dok, s, n, *v, buf);
  return 1;
}

void hcc__py_number_dump(const char *s, size_t n, hcc_out *o) {
  char buf[32];
  hcc_slice t;
  double v;
  /* Python would write Infinity / -Infinity (not JSON): spec DIV-JSON-2 */
  if (hcc__py_number_text(s, n, buf, &t, &v) && isinf(v)) t = (hcc_slice){s, n};
  hcc__out_put(o, t.s, t.n);
}

int hcc__py_doc_has_huge_int(const hcc_doc *d) {
  for (int j = 0; j < d->ntok; j++) {
    const hcc_tok *t = &d->tok[j];
    if (t->type != HCC_T_PRIMITIVE) continue;
    const char *s = d->text + t->start;
    size_t n = (size_t)(t->end - t->start);
    if (s[0] != '-' && (s[0] < '0' || s[0] > '9')) continue;
    if (hcc__py_number_is_int(s, n) && n - (s[0] == '-') > HCC_PY_INT_MAX_DIGITS) return 1;
  }
  return 0;
}
