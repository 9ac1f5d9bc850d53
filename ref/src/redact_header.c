/* redact_header.c -- the header passes (spec REDACT-22): _AUTH_HEADER_RE
 * ((?:Proxy-)?Authorization:\s*)([A-Za-z][\w.+-]*\s+)?([^\s"']+) and
 * _SECRET_HEADER_RE ((?:x-api-key|...)\s*:\s*)(\S+), both IGNORECASE; the
 * header name, separator and scheme word are kept, the credential masked
 * (REDACT-5).  Every run here is maximal: what follows it is a character
 * the run cannot take, so the greedy run decides the match. */
#include "redact_util.h"
#include "py.h"

/* End of the run of [^\s"'] from i. */
static size_t cred_end(const char *s, size_t n, size_t i) {
  size_t nx;
  while (i < n && s[i] != '"' && s[i] != '\'' && !hcc__py_isspace(cp_at(s, n, i, &nx))) i = nx;
  return i;
}
/* [\w.+-] */
static int is_scheme_char(uint32_t c) { return c == '.' || c == '+' || c == '-' || hcc__py_isword(c); }

void hcc__rd_pass_auth_header(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    unsigned char c0 = (unsigned char)(s[pos] | 32);
    size_t j, nx;
    if ((c0 != 'p' && c0 != 'a') || !(hcc__rd_ci_lit(s, n, pos, "proxy-authorization:", &j) ||
                                      hcc__rd_ci_lit(s, n, pos, "authorization:", &j))) {
      pos++;
      continue;
    }
    size_t v = sp_end(s, n, j), x = 0, t;
    /* the scheme word: a letter, [\w.+-]*, then \s+ and a credential */
    if (v < n && is_ci_letter(cp_at(s, n, v, &nx))) {
      size_t k = nx;
      while (k < n && is_scheme_char(cp_at(s, n, k, &nx))) k = nx;
      size_t sp = sp_end(s, n, k);
      if (sp > k && cred_end(s, n, sp) > sp) x = sp;
    }
    if (!x) x = v; /* no scheme word: the credential starts at v */
    t = cred_end(s, n, x);
    if (t == x) {
      pos++;
      continue;
    }
    put(w, s + from, x - from);
    hcc__rd_mask_token(w, s + x, t - x);
    pos = from = t;
  }
  put(w, s + from, n - from);
}

static const char *const header_names[] = {"x-api-key",   "x-goog-api-key", "api-key", "apikey",
                                           "x-api-token", "x-auth-token",   "x-access-token", NULL};
void hcc__rd_pass_secret_header(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    unsigned char c0 = (unsigned char)(s[pos] | 32);
    size_t j = 0, k, v, t;
    int hit = 0;
    if (c0 == 'x' || c0 == 'a') /* no two names share a start, so one can match here */
      for (const char *const *q = header_names; *q && !hit; q++) hit = hcc__rd_ci_lit(s, n, pos, *q, &j);
    if (!hit || (k = sp_end(s, n, j)) >= n || s[k] != ':') {
      pos++;
      continue;
    }
    v = sp_end(s, n, k + 1);
    if ((t = nonsp_end(s, n, v)) == v) {
      pos++;
      continue;
    }
    put(w, s + from, v - from);
    hcc__rd_mask_token(w, s + v, t - v);
    pos = from = t;
  }
  put(w, s + from, n - from);
}
