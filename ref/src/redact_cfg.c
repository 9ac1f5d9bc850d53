/* redact_cfg.c -- the config-key passes (spec REDACT-18, REDACT-19):
 * _CFG_DOTTED_RE, _CFG_ANCHORED_RE (both =_CFG_VALUE) and _YAML_ASSIGN_RE,
 * all IGNORECASE, with the gate _CFG_SECRET_WORD_RE.search.
 *
 * A key of these patterns is a run of its class (K = [A-Za-z0-9_.\-] or
 * J = [A-Za-z0-9_\-], with the IGNORECASE code points) that ends at the
 * '=' or ':' after it, except that the name api[ _.\-]?key may bridge two
 * runs with the one character no run holds (a space; for J also '.').
 * So each attempt follows one run (or two around a bridge) once; the
 * value is one [^\s&] run. */
#include "redact_util.h"

/* K (dotted=1) or J (dotted=0) under IGNORECASE */
static int in_k(uint32_t c, int dotted) {
  return (c < 0x80 && (is_alnum((unsigned char)c) || c == '_' || c == '-' || (dotted && c == '.'))) ||
         is_fold_special(c);
}
static size_t run_end(const char *s, size_t n, size_t i, int dotted) {
  size_t nx;
  while (i < n && in_k(cp_at(s, n, i, &nx), dotted)) i = nx;
  return i;
}

/* _SECRET_CFG_NAMES (auth=1) or _YAML_CFG_NAMES (auth=0) at i, inside
 * s[0..n): its end */
static const char *const cfg_words[] = {"token", "secret", "passwd", "password", "credential", "auth", NULL};
static int name_at(const char *s, size_t n, size_t i, int auth, size_t *end) {
  size_t j;
  if (hcc__rd_ci_lit(s, n, i, "api", &j)) {
    if (j < n && s[j] && strchr(" _.-", s[j]) && hcc__rd_ci_lit(s, n, j + 1, "key", end)) return 1;
    if (hcc__rd_ci_lit(s, n, j, "key", end)) return 1;
  }
  for (const char *const *q = cfg_words; *q; q++) {
    if (!auth && strcmp(*q, "auth") == 0) continue;
    if (hcc__rd_ci_lit(s, n, i, *q, end)) return 1;
  }
  return 0;
}
/* A name inside [a, e): *first its first start, *min_end the least end. */
static int names_in(const char *s, size_t a, size_t e, int auth, size_t *first, size_t *min_end) {
  int any = 0;
  for (size_t i = a; i < e; i++) {
    size_t q;
    if (is_cont((unsigned char)s[i]) || !name_at(s, e, i, auth, &q)) continue;
    if (!any) *first = i, *min_end = q;
    else if (q < *min_end) *min_end = q;
    any = 1;
  }
  return any;
}
/* _CFG_SECRET_WORD_RE.search(text) */
int hcc__rd_cfg_word(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    size_t e;
    unsigned char c = (unsigned char)(s[i] | 32);
    /* a first letter of a name, or the lead byte of U+017F (s) */
    if (((c && strchr("atspc", c)) || (unsigned char)s[i] == 0xC5) && name_at(s, n, i, 1, &e)) return 1;
  }
  return 0;
}
/* The bridge: the run [a, e1) ends in "api", s[e1] is one of `seps`, and
 * "key" follows; *api: where "api" starts, *k_end: where "key" ends. */
static int bridge(const char *s, size_t n, size_t a, size_t e1, const char *seps, size_t *api,
                  size_t *k_end) {
  size_t t;
  if (e1 >= n || !strchr(seps, s[e1]) || !s[e1]) return 0;
  for (size_t back = 3; back <= 4; back++) /* "ap" then i, or U+0130/U+0131 (2 bytes) */
    if (e1 >= a + back && hcc__rd_ci_lit(s, e1, e1 - back, "api", &t) && t == e1) {
      *api = e1 - back;
      return hcc__rd_ci_lit(s, n, e1 + 1, "key", k_end);
    }
  return 0;
}
/* A '.' in [a, e) with at least one character after it before e. */
static int dot_before_last(const char *s, size_t a, size_t e) {
  return e >= a + 2 && memchr(s + a, '.', e - 1 - a) != NULL;
}

/* _CFG_VALUE = (['"]?)([^\s&]+?)\2(?=[\s&]|$) from v: the lookahead puts
 * the end at the end t of the [^\s&] run, so the quoted try holds when
 * the run ends in the same quote after at least one character. */
static size_t val_end(const char *s, size_t n, size_t v) {
  size_t nx;
  while (v < n && s[v] != '&' && !hcc__py_isspace(cp_at(s, n, v, &nx))) v = nx;
  return v;
}
static int cfg_value(const char *s, size_t n, size_t v, size_t *vs, size_t *ve, char *q) {
  size_t t = val_end(s, n, v);
  if (t == v) return 0;
  if ((s[v] == '"' || s[v] == '\'') && t >= v + 3 && s[t - 1] == s[v]) {
    *vs = v + 1, *ve = t - 1, *q = s[v];
    return 1;
  }
  *vs = v, *ve = t, *q = 0;
  return 1;
}
/* ---- _CFG_DOTTED_RE (REDACT-18) ---------------------------------------------- */
/* At a run start r (the lookbehind): the key's end (where '=' is), or 0.
 * Alternative 1: a dot-free run from r, '.', then a name; alternative 2:
 * a name, later a '.' with at least one character after it. */
static size_t dotted_key(const char *s, size_t n, size_t r) {
  size_t e1 = run_end(s, n, r, 1), kend, api;
  const char *d = s[r] == '.' ? NULL : memchr(s + r, '.', e1 - r);
  if (e1 < n && s[e1] == '=') {
    size_t first, min_end;
    if (d && names_in(s, (size_t)(d - s) + 1, e1, 1, &first, &min_end)) return e1;
    if (names_in(s, r, e1, 1, &first, &min_end) && dot_before_last(s, min_end, e1)) return e1;
    return 0;
  }
  if (!bridge(s, n, r, e1, " ", &api, &kend)) return 0; /* the name is the bridge */
  size_t e2 = run_end(s, n, e1 + 1, 1);
  if (e2 >= n || s[e2] != '=') return 0;
  if (d && (size_t)(d - s) < api) return e2;
  return dot_before_last(s, kend, e2) ? e2 : 0;
}
void hcc__rd_pass_cfg_dotted(const char *s, size_t n, wr *w) {
  size_t pos = 0, from = 0;
  int prev_in = 0;
  while (pos < n) {
    size_t nx;
    uint32_t c = cp_at(s, n, pos, &nx);
    if (!in_k(c, 1)) {
      prev_in = 0;
      pos = nx;
      continue;
    }
    size_t ke = prev_in ? 0 : dotted_key(s, n, pos), vs, ve;
    char q;
    if (ke && cfg_value(s, n, ke + 1, &vs, &ve, &q)) {
      put(w, s + from, pos - from);
      hcc__rd_emit_assign(s, w, pos, ke, vs, ve, q, ve + (q ? 1 : 0));
      pos = from = ve + (q ? 1 : 0);
      prev_in = pos > 0 && in_k(cp_before(s, n, pos), 1);
    } else {
      pos = run_end(s, n, pos, 1);
      prev_in = 1;
    }
  }
  put(w, s + from, n - from);
}

/* ---- the line start of _CFG_ANCHORED_RE and _YAML_ASSIGN_RE ---------------- */
static size_t blanks(const char *s, size_t n, size_t i) {
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  return i;
}
/* _LINE_NUMBER_GUTTER after the indentation w0: where the key may start
 * behind it, or 0 when there is none.  Each [ \t]* is maximal (what
 * follows never starts with a blank). */
static size_t gutter(const char *s, size_t n, size_t w0) {
  size_t d = w0;
  while (d < n && s[d] >= '0' && s[d] <= '9') d++;
  if (d == w0 || d >= n || !strchr("|:-\t", s[d]) || !s[d]) return 0;
  return blanks(s, n, d + 1);
}
/* The key from k0: a run holding a name ending at `term`, or a run ending
 * in "api", a bridge character, and a run from "key" ending at `term`:
 * the key's end, or 0. */
static size_t line_key(const char *s, size_t n, size_t k0, int dotted, int auth, char term,
                       const char *seps) {
  size_t e1 = run_end(s, n, k0, dotted), first, min_end, kend, api;
  if (e1 < n && s[e1] == term) return names_in(s, k0, e1, auth, &first, &min_end) ? e1 : 0;
  if (!bridge(s, n, k0, e1, seps, &api, &kend)) return 0;
  size_t e2 = run_end(s, n, e1 + 1, dotted);
  return e2 < n && s[e2] == term ? e2 : 0;
}

/* ---- _CFG_ANCHORED_RE (REDACT-18) ----------------------------------------------- */
/* ^[ \t]*GUTTER?(?:export[ \t]+)?J*NAME J* '=' at line start l: the key's
 * end.  The starts the optional parts allow are tried in the pattern's
 * order; all that succeed end at the same '='. */
static size_t anchored_key(const char *s, size_t n, size_t l) {
  size_t w0 = blanks(s, n, l), g = gutter(s, n, w0), starts[2] = {g, w0};
  for (int k = g ? 0 : 1; k < 2; k++) { /* g is 0 when there is no gutter */
    size_t p = starts[k], x, e;
    if (hcc__rd_ci_lit(s, n, p, "export", &x) && x < n && (s[x] == ' ' || s[x] == '\t') &&
        (e = line_key(s, n, blanks(s, n, x), 0, 1, '=', " .")))
      return e;
    if ((e = line_key(s, n, p, 0, 1, '=', " ."))) return e;
  }
  return 0;
}
void hcc__rd_pass_cfg_anchored(const char *s, size_t n, wr *w) {
  size_t from = 0;
  for (size_t l = 0; l < n;) {
    size_t ke = anchored_key(s, n, l), vs, ve;
    char q;
    if (ke && cfg_value(s, n, ke + 1, &vs, &ve, &q)) {
      put(w, s + from, l - from);
      hcc__rd_emit_assign(s, w, l, ke, vs, ve, q, ve + (q ? 1 : 0));
      from = ve + (q ? 1 : 0);
    }
    const char *nl = memchr(s + l, '\n', n - l); /* a match stays on its line */
    if (!nl) break;
    l = (size_t)(nl - s) + 1;
  }
  put(w, s + from, n - from);
}

/* ---- _YAML_ASSIGN_RE (REDACT-19) ---------------------------------------------------- */
/* ^[ \t]*+GUTTER?K*NAME K*+ (:[ \t]*+)(?!['"])([^\s&]++) at line start l */
void hcc__rd_pass_yaml(const char *s, size_t n, wr *w) {
  size_t from = 0;
  for (size_t l = 0; l < n;) {
    size_t w0 = blanks(s, n, l), g = gutter(s, n, w0), ke = 0;
    if (g) ke = line_key(s, n, g, 1, 0, ':', " ");
    if (!ke) ke = line_key(s, n, w0, 1, 0, ':', " ");
    if (ke) {
      size_t v = blanks(s, n, ke + 1), t = val_end(s, n, v);
      if (v < n && s[v] != '"' && s[v] != '\'' && t > v) {
        put(w, s + from, l - from);
        if (hcc__rd_should_redact(s + l, ke - l, s + v, t - v, 1)) {
          put(w, s + l, v - l);
          hcc__rd_mask_token(w, s + v, t - v);
        } else
          put(w, s + l, t - l);
        from = t;
      }
    }
    const char *nl = memchr(s + l, '\n', n - l);
    if (!nl) break;
    l = (size_t)(nl - s) + 1;
  }
  put(w, s + from, n - from);
}
