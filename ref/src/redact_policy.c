/* redact_policy.c -- which assignment gets masked (spec REDACT-17):
 * _should_redact_assignment with _key_has_secret_keyword, the word-bounded
 * keyword tests, _PATH_OR_VAR_VALUE_RE, _OPAQUE_PATH_SEGMENT_RE and
 * _looks_like_opaque_credential; and the repr-key policy of REDACT-20
 * (_is_python_repr_secret_key).  Keys reaching here hold ASCII and the
 * four IGNORECASE code points only (every key class of REDACT-16..21 is
 * made of those), so str.isalpha/isupper/islower are answered here for
 * them; values may hold any code point. */
#include "redact_util.h"
#include "py.h"

/* ---- str.isalpha / isupper / islower of a key's code points ---------------- */
static int k_upper(uint32_t c) { return (c >= 'A' && c <= 'Z') || c == 0x212a || c == 0x130; }
static int k_lower(uint32_t c) { return (c >= 'a' && c <= 'z') || c == 0x17f || c == 0x131; }
static int k_alpha(uint32_t c) { return k_upper(c) || k_lower(c); }

/* ---- the keyword alternations, as re.finditer tries them ------------------- */
/* (?:HEAD)[ _.\\-]?(?:TAIL): with the separator first (the ? is greedy),
 * then without; the first head that leads to a tail wins. */
static int head_sep_tail(const char *s, size_t n, size_t i, const char *const *heads,
                         const char *const *tails, size_t *end) {
  for (; *heads; heads++) {
    size_t j;
    if (!hcc__rd_ci_lit(s, n, i, *heads, &j)) continue;
    for (int sep = 1; sep >= 0; sep--) {
      size_t t = j;
      if (sep) {
        if (t >= n || !strchr(" _.\\-", s[t]) || !s[t]) continue;
        t++;
      }
      for (const char *const *tl = tails; *tl; tl++)
        if (hcc__rd_ci_lit(s, n, t, *tl, end)) return 1;
    }
  }
  return 0;
}
static int first_lit(const char *s, size_t n, size_t i, const char *const *alts, size_t *end) {
  for (; *alts; alts++)
    if (hcc__rd_ci_lit(s, n, i, *alts, end)) return 1;
  return 0;
}

enum { KW_KEY, KW_STRONG, KW_PASSWORD };
static const char *const key_tk[] = {"key", "token", NULL};
static const char *const kw_heads[] = {"api", "auth", "access", "refresh", "session", "secret", NULL};
static const char *const kw_rest[] = {"token", "secret", "passwd", "password", "pass", "pw",
                                      "credential", "auth", "key", NULL};
static const char *const st_heads[] = {"api", "auth", "access", "refresh", "session", "id", "bearer", NULL};
static const char *const st_key[] = {"key", NULL};
static const char *const st_material[] = {"material", NULL};
static const char *const st_rest[] = {"secret", "passwd", "password", "pass", "pw",
                                      "credential", "auth", "bearer", NULL};
static const char *const pw_alts[] = {"passwd", "password", "pass", "pw", NULL};

/* _KEY_KEYWORD_RE, _STRONG_KEY_KEYWORD_RE or _PASSWORD_KEY_RE at i */
static int kw_at(int which, const char *s, size_t n, size_t i, size_t *end) {
  switch (which) {
  case KW_KEY: return head_sep_tail(s, n, i, kw_heads, key_tk, end) || first_lit(s, n, i, kw_rest, end);
  case KW_STRONG:
    return head_sep_tail(s, n, i, st_heads, key_tk, end) ||
           head_sep_tail(s, n, i, st_key, st_material, end) || first_lit(s, n, i, st_rest, end);
  default: return first_lit(s, n, i, pw_alts, end);
  }
}

/* _is_word_start(key, i) */
static int word_start(const char *s, size_t n, size_t i) {
  if (i == 0) return 1;
  size_t nx, nx2;
  uint32_t prev = cp_before(s, n, i), cur = cp_at(s, n, i, &nx);
  if (!k_alpha(prev) || (k_upper(cur) && k_lower(prev))) return 1;
  return k_upper(cur) && k_upper(prev) && nx < n && k_lower(cp_at(s, n, nx, &nx2));
}
/* _is_word_end(key, j): one trailing s or S is taken as a plural */
static int word_end(const char *s, size_t n, size_t j, int allow_plural) {
  if (j >= n) return 1;
  size_t nx;
  uint32_t cur = cp_at(s, n, j, &nx);
  if (!k_alpha(cur) || (k_upper(cur) && k_lower(cp_before(s, n, j)))) return 1;
  return allow_plural && (cur == 's' || cur == 'S') && word_end(s, n, nx, 0);
}
/* _has_word_bounded_keyword: the hits of re.finditer (left to right, each
 * search resuming at the last hit's end), any of them word-bounded */
static int bounded(int which, const char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    size_t e;
    if (kw_at(which, s, n, i, &e)) {
      if (word_start(s, n, i) && word_end(s, n, e, 1)) return 1;
      i = e;
    } else {
      cp_at(s, n, i, &i);
    }
  }
  return 0;
}

/* ---- values ------------------------------------------------------------------ */
static int starts(const char *v, size_t vn, const char *lit) {
  size_t l = strlen(lit);
  return vn >= l && memcmp(v, lit, l) == 0;
}
/* _ENV_LOOKUP_VALUE_RE.match */
int hcc__rd_env_lookup(const char *v, size_t vn) {
  return starts(v, vn, "os.getenv") || starts(v, vn, "os.environ") || starts(v, vn, "process.env") ||
         starts(v, vn, "$ENV{");
}
static size_t cps(const char *v, size_t vn) {
  size_t c = 0;
  for (size_t i = 0; i < vn; i++) c += !is_cont((unsigned char)v[i]);
  return c;
}
static int all_in(const char *v, size_t vn, const char *extra, int hex_only) {
  for (size_t i = 0; i < vn; i++) {
    unsigned char c = (unsigned char)v[i];
    if (hex_only) {
      if (!((c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'f'))) return 0;
    } else if (!is_alnum(c) && !(c && strchr(extra, c)))
      return 0;
  }
  return 1;
}
/* _looks_like_opaque_credential (lengths in code points) */
static int opaque(const char *v, size_t vn) {
  size_t len = cps(v, vn);
  if ((vn == 3 && memcmp(v, "***", 3) == 0) || starts(v, vn, "\xC2\xABredacted:")) return 1;
  if (len >= 16 && all_in(v, vn, "", 1)) return 1;
  if (len >= 20 && all_in(v, vn, "_./+=-", 0)) return 1;
  if (len < 12) return 0;
  int lo = 0, up = 0, dg = 0;
  for (size_t i = 0; i < vn; i++) {
    unsigned char c = (unsigned char)v[i];
    lo |= c >= 'a' && c <= 'z';
    up |= c >= 'A' && c <= 'Z';
    dg |= c >= '0' && c <= '9';
  }
  return lo + up + dg >= 2;
}

/* _SHELL_VAR_REF at i: \$(?:\{[A-Za-z_]\w*[^}]*\}|[A-Za-z_]\w*).  The
 * braced form runs to the first '}' ([^}]* cannot pass one); the bare
 * form's \w* is followed by the loop of _PATH_OR_VAR_VALUE_RE, which takes
 * \w itself, so how much it takes does not change the match. */
static int shell_var(const char *v, size_t vn, size_t i, size_t *end) {
  if (i + 1 >= vn || v[i] != '$') return 0;
  unsigned char c = (unsigned char)v[i + 1];
  if (c == '{') {
    if (i + 2 >= vn || !(((v[i + 2] | 32) >= 'a' && (v[i + 2] | 32) <= 'z') || v[i + 2] == '_')) return 0;
    const char *close = memchr(v + i + 3, '}', vn - (i + 3));
    if (!close) return 0;
    *end = (size_t)(close - v) + 1;
    return 1;
  }
  if (!(((c | 32) >= 'a' && (c | 32) <= 'z') || c == '_')) return 0;
  *end = i + 2;
  return 1;
}
/* _PATH_OR_VAR_VALUE_RE.match: ^(?:VAR|\$\(|~|/)(?:[\w./:-]|VAR)*$ -- one
 * way to read the value (a '$' can only start VAR), to its end or to a
 * final '\n' ($ matches before one) */
static int path_or_var(const char *v, size_t vn) {
  size_t i;
  if (vn == 0) return 0;
  if (shell_var(v, vn, 0, &i)) {
  } else if (vn >= 2 && v[0] == '$' && v[1] == '(') i = 2;
  else if (v[0] == '~' || v[0] == '/') i = 1;
  else return 0;
  while (i < vn) {
    size_t nx;
    uint32_t c = cp_at(v, vn, i, &nx);
    if (c == '.' || c == '/' || c == ':' || c == '-' || hcc__py_isword(c)) i = nx;
    else if (c == '$' && shell_var(v, vn, i, &nx)) i = nx;
    else break;
  }
  return i == vn || (i + 1 == vn && v[i] == '\n');
}
/* _OPAQUE_PATH_SEGMENT_RE.fullmatch on one '/'-segment: 16+ code points,
 * no '.', an ASCII lower-case letter, upper-case letter and digit */
static int opaque_segment(const char *g, size_t gn) {
  int lo = 0, up = 0, dg = 0;
  if (memchr(g, '.', gn) || cps(g, gn) < 16) return 0;
  for (size_t i = 0; i < gn; i++) {
    unsigned char c = (unsigned char)g[i];
    lo |= c >= 'a' && c <= 'z';
    up |= c >= 'A' && c <= 'Z';
    dg |= c >= '0' && c <= '9';
  }
  return lo && up && dg;
}

/* _should_redact_assignment(key, value, check_keyword) */
int hcc__rd_should_redact(const char *k, size_t kn, const char *v, size_t vn, int check_keyword) {
  if (hcc__rd_env_lookup(v, vn)) return 0;
  if ((vn == 3 && memcmp(v, "***", 3) == 0) || starts(v, vn, "\xC2\xABredacted")) return 0;
  if (check_keyword && !bounded(KW_KEY, k, kn)) return 0;
  if (path_or_var(v, vn) && !bounded(KW_PASSWORD, k, kn)) {
    if (v[0] == '$') return 0;
    int any = 0;
    for (size_t i = 0; i <= vn && !any;) {
      const char *sl = memchr(v + i, '/', vn - i);
      size_t e = sl ? (size_t)(sl - v) : vn;
      any = opaque_segment(v + i, e - i);
      i = e + 1;
    }
    if (!any) return 0;
  }
  return bounded(KW_STRONG, k, kn) || opaque(v, vn);
}

/* _redact_env's rendering (REDACT-16, REDACT-18): the key s[ks..ke), '=',
 * the quote q (0: none), the mask of s[vs..ve), q again, when the policy
 * says so; else the match s[ks..end) as it was. */
void hcc__rd_emit_assign(const char *s, wr *w, size_t ks, size_t ke, size_t vs, size_t ve, char q,
                         size_t end) {
  if (!hcc__rd_should_redact(s + ks, ke - ks, s + vs, ve - vs, 1)) {
    put(w, s + ks, end - ks);
    return;
  }
  put(w, s + ks, ke - ks);
  put(w, "=", 1);
  if (q) put(w, &q, 1);
  hcc__rd_mask_token(w, s + vs, ve - vs);
  if (q) put(w, &q, 1);
}

/* ---- _is_python_repr_secret_key (REDACT-21); keys are ASCII identifiers --- */
static const char *const repr_keys[] = {
    "access_token", "refresh_token", "id_token", "auth_token", "token", "api_key", "apikey",
    "client_secret", "secret", "password", "passwd", "private_key", "credential", "credentials",
    "authorization", "bearer", "secret_value", "raw_secret", "secret_input", "key_material", NULL};
static const char *const repr_env_suffixes[] = {"_API_KEY", "_TOKEN", "_SECRET", "_PASSWORD",
                                                "_PASSWD", "_CREDENTIAL", "_CREDENTIALS", NULL};
static const char *const repr_cred_suffixes[] = {"apikey", "api_key", "token", "secret", "password",
                                                 "passwd", "credential", "credentials", NULL};
static int ends_with(const char *k, size_t kn, const char *suf, int fold) {
  size_t l = strlen(suf);
  if (kn < l) return 0;
  for (size_t i = 0; i < l; i++) {
    char c = k[kn - l + i];
    if (fold && c >= 'A' && c <= 'Z') c = (char)(c | 32);
    if (c != suf[i]) return 0;
  }
  return 1;
}
int hcc__rd_repr_secret_key(const char *k, size_t kn) {
  int has_upper = 0, has_lower = 0;
  for (const char *const *q = repr_keys; *q; q++)
    if (strlen(*q) == kn && ends_with(k, kn, *q, 1)) return 1;
  for (size_t i = 0; i < kn; i++) {
    has_upper |= k[i] >= 'A' && k[i] <= 'Z';
    has_lower |= k[i] >= 'a' && k[i] <= 'z';
  }
  if (has_upper && !has_lower) /* str.isupper() */
    for (const char *const *q = repr_env_suffixes; *q; q++)
      if (ends_with(k, kn, *q, 0)) return 1;
  for (const char *const *q = repr_cred_suffixes; *q; q++)
    if (ends_with(k, kn, *q, 1)) return 1;
  return 0;
}
