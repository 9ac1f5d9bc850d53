/* redact_json.c -- the quoted-field passes (spec REDACT-20, REDACT-21):
 * _JSON_FIELD_RE, _JSON_FIELD_ESCAPED_RE (IGNORECASE) and the Python repr
 * field pass _redact_python_repr_fields (_PYTHON_REPR_FIELD_RE).  Every
 * quantified run of these patterns is followed by a character it cannot
 * take (a quote, ':' or the backslashes of \2), so the greedy run decides
 * each match and no matcher backtracks; REDACT-21 says why no run is
 * scanned twice. */
#include "redact_util.h"

/* _JSON_KEY_NAMES between quotes (the names are whole words: one
 * followed by the closing quote is the only one that can match) */
static const char *const json_names[] = {
    "api_key", "apikey", "token", "secret", "password", "access_token", "refresh_token", "auth_token",
    "bearer", "secret_value", "raw_secret", "secret_input", "key_material", NULL};
/* a name at i followed by `close` (a quote, or backslashes): its end */
static int json_name(const char *s, size_t n, size_t i, char close, size_t *end) {
  for (const char *const *q = json_names; *q; q++)
    if (hcc__rd_ci_lit(s, n, i, *q, end) && *end < n && s[*end] == close) return 1;
  return 0;
}

/* ---- _JSON_FIELD_RE ("NAME")\s*:\s*"([^"]+)" (REDACT-20) ------------------ */
void hcc__rd_pass_json(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    const char *qp = memchr(s + pos, '"', n - pos);
    if (!qp) break;
    size_t i = (size_t)(qp - s), e, j, v;
    pos = i + 1;
    if (!json_name(s, n, i + 1, '"', &e)) continue;
    j = sp_end(s, n, e + 1);
    if (j >= n || s[j] != ':') continue;
    v = sp_end(s, n, j + 1);
    if (v >= n || s[v] != '"') continue;
    const char *close = v + 1 < n ? memchr(s + v + 1, '"', n - v - 1) : NULL;
    if (!close) break; /* no '"' after v: no later attempt has its quotes */
    size_t c = (size_t)(close - s);
    if (c == v + 1) continue; /* [^"]+ needs one character */
    put(w, s + from, i - from);
    if (hcc__rd_should_redact(s + i, e + 1 - i, s + v + 1, c - v - 1, 0)) {
      put(w, s + i, e + 1 - i);
      puts_(w, ": \"");
      hcc__rd_mask_token(w, s + v + 1, c - v - 1);
      put(w, "\"", 1);
    } else
      put(w, s + i, c + 1 - i);
    pos = from = c + 1;
  }
  put(w, s + from, n - from);
}

/* ---- _JSON_FIELD_ESCAPED_RE ((\\+)"NAME\2")\s*:\s*\2"([^"\\]+)\2" ------------ */
static size_t bs_end(const char *s, size_t n, size_t i) {
  while (i < n && s[i] == '\\') i++;
  return i;
}
/* c backslashes then '"' at i */
static int bs_quote(const char *s, size_t n, size_t i, size_t c) {
  return bs_end(s, n, i) == i + c && i + c < n && s[i + c] == '"';
}
void hcc__rd_pass_json_escaped(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    const char *bp = memchr(s + pos, '\\', n - pos);
    if (!bp) break;
    size_t b0 = (size_t)(bp - s), b = bs_end(s, n, b0), e, r, j, v, z;
    pos = b; /* the run [b0, b) is decided here */
    if (b >= n || s[b] != '"' || !json_name(s, n, b + 1, '\\', &e)) continue;
    /* \2 after the name repeats the leading backslashes exactly, so the
     * one start that can work is the one whose run is as long as the one
     * after the name */
    r = bs_end(s, n, e) - e;
    if (r > b - b0 || e + r >= n || s[e + r] != '"') continue;
    size_t i = b - r;
    j = sp_end(s, n, e + r + 1);
    if (j >= n || s[j] != ':') continue;
    v = sp_end(s, n, j + 1);
    if (!bs_quote(s, n, v, r)) continue;
    size_t vs = v + r + 1;
    for (z = vs; z < n && s[z] != '"' && s[z] != '\\'; z++) {
    }
    if (z == vs || !bs_quote(s, n, z, r)) continue;
    put(w, s + from, i - from);
    if (hcc__rd_should_redact(s + i, e + r + 1 - i, s + vs, z - vs, 0)) {
      put(w, s + i, e + r + 1 - i);
      puts_(w, ": ");
      put(w, s + b0, r);
      put(w, "\"", 1);
      hcc__rd_mask_token(w, s + vs, z - vs);
      put(w, s + b0, r);
      put(w, "\"", 1);
    } else
      put(w, s + i, z + r + 1 - i);
    pos = from = z + r + 1;
  }
  put(w, s + from, n - from);
}

/* ---- _redact_python_repr_fields (REDACT-21) ------------------------------------ */
static int is_id_start(unsigned char c) { return ((c | 32) >= 'a' && (c | 32) <= 'z') || c == '_'; }
static int is_id(unsigned char c) { return is_alnum(c) || c == '_'; }
/* (?:\\.|[^Q\\])+ then Q from i: a backslash always takes the next code
 * point (unless it is '\n'), any other code point but Q stands alone, so
 * the units are forced and the run stops at the first unescaped Q.
 * *end: where Q is. */
static int repr_value(const char *s, size_t n, size_t i, char qc, size_t *end) {
  size_t k = i, nx;
  while (k < n) {
    if (s[k] == '\\') {
      if (k + 1 >= n || s[k + 1] == '\n') return 0;
      cp_at(s, n, k + 1, &nx);
      k = nx;
    } else if (s[k] == qc) {
      if (k == i) return 0;
      *end = k;
      return 1;
    } else {
      cp_at(s, n, k, &nx);
      k = nx;
    }
  }
  return 0;
}
void hcc__rd_pass_repr(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    const char *qp = memchr(s + pos, '\'', n - pos);
    if (!qp) break;
    size_t i = (size_t)(qp - s), k = i + 1, j, v, p, ve;
    pos = i + 1;
    if (k >= n || !is_id_start((unsigned char)s[k])) continue;
    while (k < n && is_id((unsigned char)s[k])) k++;
    if (k >= n || s[k] != '\'') continue;
    j = sp_end(s, n, k + 1);
    if (j >= n || s[j] != ':') continue;
    v = sp_end(s, n, j + 1);
    char qc = 0;
    for (int alt = 0; alt < 2 && !qc; alt++) { /* 'single' first, then "double" */
      char want = alt ? '"' : '\'';
      p = v < n && (s[v] == 'b' || s[v] == 'B') && v + 1 < n && s[v + 1] == want ? v + 1 : v;
      if (p < n && s[p] == want && repr_value(s, n, p + 1, want, &ve)) qc = want;
    }
    if (!qc) continue;
    const char *val = s + p + 1;
    size_t vn = ve - p - 1;
    put(w, s + from, i - from);
    if (hcc__rd_repr_secret_key(s + i + 1, k - i - 1) && !hcc__rd_env_lookup(val, vn) &&
        !hcc__rd_has(val, vn, "***", 3) && !(vn >= 11 && memcmp(val, "\xC2\xABredacted:", 11) == 0)) {
      put(w, s + i, p + 1 - i); /* 'key', the separator, the prefix, the quote */
      puts_(w, "***");
      put(w, &qc, 1);
    } else
      put(w, s + i, ve + 1 - i);
    pos = from = ve + 1;
  }
  put(w, s + from, n - from);
}
