/* redact_env.c -- the ENV-assignment passes (spec REDACT-16):
 * _ENV_ASSIGN_RE (upper-case names, case-sensitive) and
 * _ENV_ASSIGN_LOWER_RE (IGNORECASE, `_`-bounded names), both followed by
 * \s*=\s*(['"]?)(\S+)\2 and rendered KEY=<q><mask><q> when REDACT-17 says
 * so.  Both key groups must end where their class run ends (the next
 * character must be \s or '='), so each run of key characters is looked
 * at once: the leftmost start that works is computed from the run, and a
 * failure of what follows the key fails every start in the run. */
#include "redact_util.h"

/* \s*=\s*(['"]?)(\S+)\2 from e (the key's end).  *vs, *ve: the value;
 * *q: the quote (0 for none); *end: the match's end. */
static int env_rest(const char *s, size_t n, size_t e, size_t *vs, size_t *ve, char *q, size_t *end) {
  size_t j = sp_end(s, n, e);
  if (j >= n || s[j] != '=') return 0;
  size_t v = sp_end(s, n, j + 1);
  if (v >= n) return 0;
  size_t t = nonsp_end(s, n, v);
  if (s[v] == '"' || s[v] == '\'') {
    /* the quoted try: \S+ gives back to the last quote after at least one
     * character; a quote byte never sits inside a multi-byte code point */
    for (size_t k = t - 1; k >= v + 2; k--)
      if (s[k] == s[v]) {
        *vs = v + 1, *ve = k, *q = s[v], *end = k + 1;
        return 1;
      }
  }
  *vs = v, *ve = t, *q = 0, *end = t; /* (['"]?) empty: \S+ whole */
  return 1;
}

/* ---- _ENV_ASSIGN_RE ------------------------------------------------------- */
static int is_up(unsigned char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }
static const char *const up_names[] = {"API_KEY", "APIKEY",     "KEY",  "TOKEN", "SECRET", "PASSWORD",
                                       "PASSWD",  "PASS",       "PW",   "CREDENTIAL", "AUTH", NULL};
/* The longest name of _SECRET_ENV_NAMES at p inside [p, e): its end, or 0. */
static size_t up_name_end(const char *s, size_t e, size_t p) {
  size_t best = 0;
  for (const char *const *q = up_names; *q; q++) {
    size_t l = strlen(*q);
    if (e - p >= l && memcmp(s + p, *q, l) == 0 && p + l > best) best = p + l;
  }
  return best;
}
/* ([A-Z0-9_]{0,50}NAME[A-Z0-9_]{0,50}) ending at the run end e: the
 * leftmost start >= r, that is max(r, p - 50) for the first name at p
 * that ends within 50 of e. */
static int up_key_start(const char *s, size_t r, size_t e, size_t *ks) {
  for (size_t p = r; p < e; p++) {
    size_t q = up_name_end(s, e, p);
    if (q && e - q <= 50) {
      *ks = p - r > 50 ? p - 50 : r;
      return 1;
    }
  }
  return 0;
}
void hcc__rd_pass_env_upper(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  while (pos < n) {
    if (!is_up((unsigned char)s[pos])) {
      pos++;
      continue;
    }
    size_t r = pos, e = pos, ks, vs, ve, end;
    char q;
    while (e < n && is_up((unsigned char)s[e])) e++;
    if (up_key_start(s, r, e, &ks) && env_rest(s, n, e, &vs, &ve, &q, &end)) {
      put(w, s + from, ks - from);
      hcc__rd_emit_assign(s, w, ks, e, vs, ve, q, end);
      pos = from = end;
    } else
      pos = e;
  }
  put(w, s + from, n - from);
}

/* ---- _ENV_ASSIGN_LOWER_RE ---------------------------------------------------- */
/* [a-z0-9_] under IGNORECASE */
static int is_lo_cp(uint32_t c) {
  return (c < 0x80 && (is_alnum((unsigned char)c) || c == '_')) || is_fold_special(c);
}
static const char *const lo_names[] = {"key", "pass", "pw", "token", "secret", "password",
                                       "passwd", "credential", "auth", NULL};
/* [a-z0-9_]+(?:_|^)NAME(?=[^a-z0-9_]|$) over the run [r, e): the
 * lookahead puts NAME's end at e, and ^ cannot hold after one character,
 * so the run ends in '_' NAME with at least one character before '_'. */
static int lo_key(const char *s, size_t r, size_t e) {
  for (size_t u = r + 1; u < e; u++) {
    if (s[u] != '_') continue;
    for (const char *const *q = lo_names; *q; q++) {
      size_t end;
      if (hcc__rd_ci_lit(s, e, u + 1, *q, &end) && end == e) return 1;
    }
  }
  return 0;
}
void hcc__rd_pass_env_lower(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  int prev_in = 0; /* the code point before pos is in the class (the lookbehind) */
  while (pos < n) {
    size_t nx;
    uint32_t c = cp_at(s, n, pos, &nx);
    if (!is_lo_cp(c)) {
      prev_in = 0;
      pos = nx;
      continue;
    }
    size_t r = pos, e = nx, vs, ve, end;
    char q;
    while (e < n && is_lo_cp(cp_at(s, n, e, &nx))) e = nx;
    if (!prev_in && lo_key(s, r, e) && env_rest(s, n, e, &vs, &ve, &q, &end)) {
      put(w, s + from, r - from);
      hcc__rd_emit_assign(s, w, r, e, vs, ve, q, end);
      pos = from = end;
      prev_in = is_lo_cp(cp_before(s, n, end));
    } else {
      pos = e;
      prev_in = 1;
    }
  }
  put(w, s + from, n - from);
}
