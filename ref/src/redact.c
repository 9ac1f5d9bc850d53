/* redact.c -- redact_sensitive_text(text, force=True) of hermes's
 * agent/redact.py (spec REDACT-*), as one hand-written matcher per pattern.
 *
 * Every pass is one re.sub of the Python module: it reads the previous
 * pass's text and writes the next into the other of two buffers, so a pass
 * sees what the one before it wrote, as in Python.  Each matcher mirrors
 * the pattern's backtracking by the argument its REDACT rule gives (most
 * quantified runs are maximal and then either pass or fail whole), which
 * is what keeps every pass linear: no position is scanned more than a
 * constant number of times (the one exception, the DSN password run, is
 * cached: REDACT-12).  Code points, not bytes, where Python counts them
 * (\d, \s, lengths of masks). */
#include "redact.h"
#include "redact_util.h"
#include "tool_summary.h"

/* [A-Za-z0-9_-]: the prefix guard class (REDACT-4) */
static int is_g(unsigned char c) { return is_alnum(c) || c == '_' || c == '-'; }
static int is_hex(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Python 3.11's \d in a str pattern: Unicode category Nd (spec REDACT-3),
 * the table the prune's tool summaries use. */
static int is_nd(uint32_t cp) {
  if (cp < 0x80) return cp >= '0' && cp <= '9';
  return hcc__ts_is_digit(cp);
}

/* ---- the vendor-prefix patterns (REDACT-4) --------------------------------- */
enum { K_GEN, K_SK, K_XAPP, K_XOX, K_AM };
enum { C_AN, C_ANU, C_ANUD, C_AND, C_ANUED, C_ANUDD, C_UD };
typedef struct pfx {
  const char *lit;    /* literal the pattern starts with */
  unsigned char gate; /* length of its _extract_literal_prefix (the gate) */
  unsigned char kind, cls, min, fixed;
} pfx;

/* _PREFIX_PATTERNS in their order (the alternation tries them so). */
static const pfx pfxs[] = {
    {"sk-", 3, K_SK, C_ANUD, 9, 0},           {"ghp_", 4, K_GEN, C_AN, 10, 0},
    {"github_pat_", 11, K_GEN, C_ANU, 10, 0}, {"gho_", 4, K_GEN, C_AN, 10, 0},
    {"ghu_", 4, K_GEN, C_AN, 10, 0},          {"ghs_", 4, K_GEN, C_AN, 10, 0},
    {"ghr_", 4, K_GEN, C_AN, 10, 0},          {"xapp-", 5, K_XAPP, C_AND, 10, 0},
    {"xox", 3, K_XOX, C_AND, 10, 0},          {"AIza", 4, K_GEN, C_ANUD, 30, 0},
    {"pplx-", 5, K_GEN, C_AN, 10, 0},         {"fal_", 4, K_GEN, C_ANUD, 10, 0},
    {"fc-", 3, K_GEN, C_AN, 10, 0},           {"bb_live_", 8, K_GEN, C_ANUD, 10, 0},
    {"gAAAA", 5, K_GEN, C_ANUED, 20, 0},      {"AKIA", 4, K_GEN, C_UD, 16, 16},
    {"sk_live_", 8, K_GEN, C_AN, 10, 0},      {"sk_test_", 8, K_GEN, C_AN, 10, 0},
    {"rk_live_", 8, K_GEN, C_AN, 10, 0},      {"SG.", 2, K_GEN, C_ANUD, 10, 0},
    {"hf_", 3, K_GEN, C_AN, 10, 0},           {"r8_", 3, K_GEN, C_AN, 10, 0},
    {"npm_", 4, K_GEN, C_AN, 10, 0},          {"pypi-", 5, K_GEN, C_ANUD, 10, 0},
    {"dop_v1_", 7, K_GEN, C_AN, 10, 0},       {"doo_v1_", 7, K_GEN, C_AN, 10, 0},
    {"am_", 3, K_AM, C_AN, 20, 0},            {"sk_", 3, K_GEN, C_ANU, 10, 0},
    {"tvly-", 5, K_GEN, C_AN, 10, 0},         {"exa_", 4, K_GEN, C_AN, 10, 0},
    {"gsk_", 4, K_GEN, C_AN, 10, 0},          {"syt_", 4, K_GEN, C_AN, 10, 0},
    {"retaindb_", 9, K_GEN, C_AN, 10, 0},     {"hsk-", 4, K_GEN, C_AN, 10, 0},
    {"mem0_", 5, K_GEN, C_AN, 10, 0},         {"brv_", 4, K_GEN, C_AN, 10, 0},
    {"xai-", 4, K_GEN, C_AN, 30, 0},          {"ntn_", 4, K_GEN, C_AN, 10, 0},
    {"fw-", 3, K_GEN, C_AN, 30, 0},           {"fw_", 3, K_GEN, C_AN, 30, 0},
    {"fpk_", 4, K_GEN, C_AN, 30, 0},          {"glpat-", 6, K_GEN, C_ANUD, 10, 0},
    {"gloas-", 6, K_GEN, C_ANUD, 10, 0},      {"gldt-", 5, K_GEN, C_ANUD, 10, 0},
    {"glrt-", 5, K_GEN, C_ANUDD, 10, 0},      {"glrtr-", 6, K_GEN, C_ANUDD, 10, 0},
    {"glcbt-", 6, K_GEN, C_ANUD, 10, 0},      {"glptt-", 6, K_GEN, C_ANUD, 10, 0},
    {"glft-", 5, K_GEN, C_ANUD, 10, 0},       {"glimt-", 6, K_GEN, C_ANUD, 10, 0},
    {"glagent-", 8, K_GEN, C_ANUD, 10, 0},    {"glsoat-", 7, K_GEN, C_ANUD, 10, 0},
    {"glffct-", 7, K_GEN, C_ANUD, 10, 0},     {"glwt-", 5, K_GEN, C_ANUD, 10, 0},
    {"GR1348941", 9, K_GEN, C_ANUD, 10, 0},   {"pk-lf-", 6, K_GEN, C_AND, 8, 0},
};
#define NPFX (sizeof pfxs / sizeof pfxs[0])

static int in_cls(int cls, unsigned char c) {
  switch (cls) {
  case C_AN: return is_alnum(c);
  case C_ANU: return is_alnum(c) || c == '_';
  case C_ANUD: return is_g(c);
  case C_AND: return is_alnum(c) || c == '-';
  case C_ANUED: return is_g(c) || c == '=';
  case C_ANUDD: return is_g(c) || c == '.';
  default: return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}
static size_t run(const char *s, size_t n, size_t j, int cls) {
  size_t k = j;
  while (k < n && in_cls(cls, (unsigned char)s[k])) k++;
  return k - j;
}
static int has_lit(const char *s, size_t n, size_t i, const char *lit, size_t ln) {
  return i <= n && n - i >= ln && memcmp(s + i, lit, ln) == 0;
}
/* A class run from j of at least min (exactly `fixed` when set) followed
 * by the trailing guard (?![A-Za-z0-9_-]).  Every body class either
 * contains the guard class (the maximal run then passes the guard) or lies
 * inside it (every shorter run then fails it): the maximal run decides. */
static int body(const char *s, size_t n, size_t j, int cls, size_t min, size_t fixed, size_t *end) {
  size_t r = run(s, n, j, cls);
  if (fixed) {
    if (r < fixed) return 0;
    r = fixed;
  } else if (r < min)
    return 0;
  size_t e = j + r;
  if (e < n && is_g((unsigned char)s[e])) return 0;
  *end = e;
  return 1;
}
static int match_one(const pfx *p, const char *s, size_t n, size_t i, size_t *end) {
  size_t ln = strlen(p->lit), j = i + ln;
  if (!has_lit(s, n, i, p->lit, ln)) return 0;
  switch (p->kind) {
  case K_GEN: return body(s, n, j, p->cls, p->min, p->fixed, end);
  case K_SK: { /* [A-Za-z0-9_-](?:\.?[A-Za-z0-9_-]){9,} */
    if (j >= n || !is_g((unsigned char)s[j])) return 0;
    j++;
    size_t u = 0;
    for (;;) {
      if (j < n && is_g((unsigned char)s[j])) j++;
      else if (j + 1 < n && s[j] == '.' && is_g((unsigned char)s[j + 1])) j += 2;
      else break;
      u++;
    }
    if (u < 9) return 0;
    *end = j; /* what follows is not in the guard class */
    return 1;
  }
  case K_XAPP: { /* \d+-[A-Za-z0-9-]{10,}, \d being Unicode Nd */
    size_t k = j, nx, d = 0;
    while (k < n && is_nd(cp_at(s, n, k, &nx))) k = nx, d++;
    if (!d || k >= n || s[k] != '-') return 0;
    return body(s, n, k + 1, C_AND, 10, 0, end);
  }
  case K_XOX: /* [baprs]-[A-Za-z0-9-]{10,} */
    if (j + 1 >= n || s[j] == 0 || !strchr("baprs", s[j]) || s[j + 1] != '-') return 0;
    return body(s, n, j + 2, C_AND, 10, 0, end);
  default: /* (?:org_)?[A-Za-z0-9]{20,}: with org_ first, then without */
    if (has_lit(s, n, j, "org_", 4) && body(s, n, j + 4, C_AN, 20, 0, end)) return 1;
    return body(s, n, j, C_AN, 20, 0, end);
  }
}
/* The leading block of _compile_prefix_matcher before position i. */
static int lead_ok(const char *s, size_t i) {
  if (i == 0 || !is_g((unsigned char)s[i - 1])) return 1;
  if (i >= 2 && s[i - 2] == '\\' && (s[i - 1] | 32) >= 'a' && (s[i - 1] | 32) <= 'z') return 1;
  if (i >= 6 && s[i - 6] == '\\' && s[i - 5] == 'u' && is_hex(s[i - 4]) && is_hex(s[i - 3]) &&
      is_hex(s[i - 2]) && is_hex(s[i - 1]))
    return 1;
  return i >= 4 && s[i - 4] == '\\' && s[i - 3] == 'x' && is_hex(s[i - 2]) && is_hex(s[i - 1]);
}
/* First characters of the literals: most positions are ruled out here. */
static int may_start(unsigned char c) {
  return c < 0x80 && c && strchr("sgxAfpbSrhndatemG", c) != NULL;
}
static int prefix_at(const char *s, size_t n, size_t i, size_t *end) {
  if (!may_start((unsigned char)s[i]) || !lead_ok(s, i)) return 0;
  for (size_t k = 0; k < NPFX; k++)
    if (pfxs[k].lit[0] == s[i] && match_one(&pfxs[k], s, n, i, end)) return 1;
  return 0;
}
static int prefix_search(const char *s, size_t n) {
  size_t e;
  for (size_t i = 0; i < n; i++)
    if (prefix_at(s, n, i, &e)) return 1;
  return 0;
}
/* _has_known_prefix_substring */
static int prefix_gate(const char *s, size_t n) {
  for (size_t k = 0; k < NPFX; k++)
    if (hcc__rd_has(s, n, pfxs[k].lit, pfxs[k].gate)) return 1;
  return 0;
}
/* re.sub(pattern, _mask_token) for a matcher `at` of the whole match. */
typedef int (*match_fn)(const char *s, size_t n, size_t i, size_t *end);
static void sub_masked(const char *s, size_t n, wr *w, match_fn at) {
  size_t i = 0, from = 0, e;
  while (i < n) {
    if (at(s, n, i, &e)) {
      put(w, s + from, i - from);
      hcc__rd_mask_token(w, s + i, e - i);
      i = from = e;
    } else
      i++;
  }
  put(w, s + from, n - from);
}
/* _PREFIX_RE.sub(_mask_token) */
static void pass_prefix(const char *s, size_t n, wr *w) { sub_masked(s, n, w, prefix_at); }

/* ---- _mask_control_split_tokens (REDACT-6) ---------------------------------- */
static int is_split_control(uint32_t c) {
  return c <= 0x1f || c == 0x7f || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) ||
         c == 0x2060 || c == 0xfeff;
}
static int is_token_body(uint32_t c) { return c < 0x80 && (is_g((unsigned char)c) || c == '.'); }

/* st: room for n bytes (the control-stripped copy); map: for n offsets
 * (where each of its bytes stands in s). */
static void pass_split(const char *s, size_t n, char *st, uint32_t *map, wr *w) {
  size_t m = 0, i = 0;
  int any = 0;
  while (i < n) {
    size_t at = i;
    uint32_t c = hcc__utf8_next(s, n, &i);
    if (is_split_control(c)) {
      any = 1;
      continue;
    }
    for (size_t k = at; k < i; k++) st[m] = s[k], map[m++] = (uint32_t)k;
  }
  if (!any) {
    put(w, s, n);
    return;
  }
  size_t pos = 0, e;
  for (i = 0; i < m;) {
    if (!prefix_at(st, m, i, &e)) {
      i++;
      continue;
    }
    size_t so = map[i], eo = (size_t)map[e - 1] + 1;
    int nl = memchr(s + so, '\n', eo - so) || memchr(s + so, '\r', eo - so);
    int ok = !(nl && prefix_search(s + so, eo - so));
    for (size_t k = so; ok && k < eo;) {
      uint32_t c = hcc__utf8_next(s, n, &k);
      if (!is_token_body(c) && !is_split_control(c)) ok = 0;
    }
    if (ok && (eo >= n || s[eo] != '=')) {
      put(w, s + pos, so - pos);
      hcc__rd_mask_token(w, st + i, e - i);
      pos = eo;
    }
    i = e;
  }
  put(w, s + pos, n - pos);
}

/* ---- _ZHIPU_API_KEY_RE (REDACT-7) ------------------------------------------- */
static int is_zg(unsigned char c) { return is_g(c) || c == '.'; }
static int zhipu_at(const char *s, size_t n, size_t i, size_t *end) {
  if ((i > 0 && is_zg((unsigned char)s[i - 1])) || n - i <= 33) return 0;
  for (size_t k = 0; k < 32; k++) {
    unsigned char c = (unsigned char)s[i + k];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return 0;
  }
  if (s[i + 32] != '.') return 0;
  size_t r = run(s, n, i + 33, C_AN), e = i + 33 + r;
  if (r < 16 || (e < n && is_zg((unsigned char)s[e]))) return 0;
  *end = e;
  return 1;
}
static void pass_zhipu(const char *s, size_t n, wr *w) { sub_masked(s, n, w, zhipu_at); }

/* ---- _TELEGRAM_RE (REDACT-8) ------------------------------------------------ */
static int telegram_from(const char *s, size_t n, size_t j, size_t *colon, size_t *end) {
  size_t k = j, nx, d = 0;
  while (k < n && is_nd(cp_at(s, n, k, &nx))) k = nx, d++;
  if (d < 8 || k >= n || s[k] != ':') return 0;
  size_t t = k + 1;
  while (t < n && is_g((unsigned char)s[t])) t++;
  if (t - (k + 1) < 30) return 0;
  *colon = k;
  *end = t;
  return 1;
}
static void pass_telegram(const char *s, size_t n, wr *w) {
  size_t i = 0, from = 0, colon, end;
  while (i < n) {
    if (is_cont((unsigned char)s[i]) || (i > 0 && is_nd(cp_before(s, n, i)))) {
      i++;
      continue;
    }
    int ok = has_lit(s, n, i, "bot", 3) && telegram_from(s, n, i + 3, &colon, &end);
    if (!ok) ok = telegram_from(s, n, i, &colon, &end);
    if (ok) {
      put(w, s + from, colon - from); /* "bot" (when there), the id */
      puts_(w, ":***");
      i = from = end;
    } else
      i++;
  }
  put(w, s + from, n - from);
}

/* ---- _PRIVATE_KEY_RE (REDACT-9) --------------------------------------------- */
static int is_uc_sp(unsigned char c) { return (c >= 'A' && c <= 'Z') || c == ' '; }
/* "<word>[A-Z ]*PRIVATE KEY-----" at i: its end, or 0. */
static size_t pk_marker(const char *s, size_t n, size_t i, const char *word) {
  size_t wl = strlen(word);
  if (!has_lit(s, n, i, word, wl)) return 0;
  size_t e = i + wl;
  while (e < n && is_uc_sp((unsigned char)s[e])) e++;
  if (e - (i + wl) < 11 || memcmp(s + e - 11, "PRIVATE KEY", 11) != 0) return 0;
  if (!has_lit(s, n, e, "-----", 5)) return 0;
  return e + 5;
}
static void pass_private_key(const char *s, size_t n, wr *w) {
  size_t i = 0, from = 0;
  while (i < n) {
    size_t q = pk_marker(s, n, i, "-----BEGIN"), e = 0;
    if (!q) {
      i++;
      continue;
    }
    for (size_t p = q; p < n && !e; p++) e = pk_marker(s, n, p, "-----END");
    if (!e) break; /* no later BEGIN can find an END either */
    put(w, s + from, i - from);
    puts_(w, "[REDACTED PRIVATE KEY]");
    i = from = e;
  }
  put(w, s + from, n - from);
}

static int any_ci(const char *s, size_t n, size_t i, const char *const *alts, size_t *end) {
  unsigned char c = (unsigned char)s[i];
  /* the first letter of some alternative, either case, or a lead byte of
   * U+017F/U+0130/U+0131 (0xC4, 0xC5) */
  if (c < 0x80) {
    int hit = 0;
    for (const char *const *a = alts; *a && !hit; a++) hit = (c | 32) == (unsigned char)(*a)[0];
    if (!hit) return 0;
  } else if (c != 0xC4 && c != 0xC5)
    return 0;
  for (; *alts; alts++)
    if (hcc__rd_ci_lit(s, n, i, *alts, end)) return 1;
  return 0;
}
/* End of the run from j of code points neither in `stop` nor \s; *count:
 * its length in code points. */
static size_t run_not(const char *s, size_t n, size_t j, const char *stop, size_t *count) {
  size_t k = j, c = 0;
  while (k < n) {
    size_t nx;
    uint32_t cp = cp_at(s, n, k, &nx);
    if ((cp && cp < 0x80 && strchr(stop, (int)cp)) || hcc__py_isspace(cp)) break;
    k = nx;
    c++;
  }
  if (count) *count = c;
  return k;
}

/* ---- _DB_CONNSTR_RE (REDACT-10) ---------------------------------------------- */
static const char *const db_schemes[] = {"postgresql://", "postgres://", "mysql://", "mongodb+srv://",
                                         "mongodb://",    "redis://",    "amqp://",  NULL};
static void pass_db(const char *s, size_t n, wr *w) {
  /* [memo_lo, memo_end): the last password run; every start inside it
   * stops where it stopped (REDACT-10: what keeps the pass linear) */
  size_t i = 0, from = 0, memo_lo = 1, memo_end = 0;
  while (i < n) {
    size_t j, c;
    if (is_cont((unsigned char)s[i]) || !any_ci(s, n, i, db_schemes, &j)) {
      i++;
      continue;
    }
    size_t u = run_not(s, n, j, ":", &c);
    if (c == 0 || u >= n || s[u] != ':') {
      i++;
      continue;
    }
    size_t p = u + 1, pe;
    if (p >= memo_lo && p < memo_end) pe = memo_end;
    else {
      pe = run_not(s, n, p, "@", NULL);
      memo_lo = p;
      memo_end = pe;
    }
    if (pe == p || pe >= n || s[pe] != '@') {
      i++;
      continue;
    }
    put(w, s + from, p - from);
    puts_(w, "***@");
    i = from = pe + 1;
  }
  put(w, s + from, n - from);
}

/* ---- _URL_BARE_TOKEN_RE (REDACT-11) ------------------------------------------- */
static const char *const bare_schemes[] = {"https://", "http://", "wss://",  "ws://",   "git://",
                                           "ssh://",   "ftp://",  "ftps://", "sftp://", NULL};
static void pass_bare(const char *s, size_t n, wr *w) {
  size_t i = 0, from = 0;
  while (i < n) {
    size_t j, c;
    if (is_cont((unsigned char)s[i]) || !any_ci(s, n, i, bare_schemes, &j)) {
      i++;
      continue;
    }
    size_t te = run_not(s, n, j, ":@/", &c);
    if (c < 8 || te >= n || s[te] != '@') {
      i++;
      continue;
    }
    size_t he = run_not(s, n, te + 1, "", &c);
    if (c == 0) {
      i++;
      continue;
    }
    put(w, s + from, j - from);
    hcc__rd_mask_token(w, s + j, te - j);
    put(w, s + te, he - te);
    i = from = he;
  }
  put(w, s + from, n - from);
}

/* ---- _JWT_RE (REDACT-13) ------------------------------------------------------ */
static int jwt_at(const char *s, size_t n, size_t i, size_t *end) {
  size_t r;
  if (!has_lit(s, n, i, "eyJ", 3) || (r = run(s, n, i + 3, C_ANUD)) < 10) return 0;
  size_t e = i + 3 + r;
  for (int g = 0; g < 2; g++) { /* (?:\.[A-Za-z0-9_=-]{4,}){0,2} */
    if (e >= n || s[e] != '.') break;
    size_t q = run(s, n, e + 1, C_ANUED);
    if (q < 4) break;
    e += 1 + q;
  }
  *end = e;
  return 1;
}
static void pass_jwt(const char *s, size_t n, wr *w) { sub_masked(s, n, w, jwt_at); }

/* ---- _redact_form_body (REDACT-14) -------------------------------------------- */
static const char *const query_params[] = {
    "access_token", "refresh_token", "id_token",  "token",           "api_key",
    "apikey",       "client_secret", "password",  "auth",            "jwt",
    "session",      "secret",        "key",       "code",            "signature",
    "x-amz-signature", "x-goog-signature", "sig", NULL};
static unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c | 32) : c; }
static int sensitive_param(const char *k, size_t n) {
  for (const char *const *q = query_params; *q; q++) {
    size_t i = 0;
    if (strlen(*q) != n) continue;
    while (i < n && lower((unsigned char)k[i]) == (unsigned char)(*q)[i]) i++;
    if (i == n) return 1;
  }
  return 0;
}
static int is_key_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_key_char(unsigned char c) { return is_alnum(c) || c == '_' || c == '.' || c == '-'; }
static void pass_form(const char *s, size_t n, wr *w) {
  hcc_slice t = hcc__py_strip((hcc_slice){s, n});
  size_t pairs = 0, i = 0;
  int ok = !memchr(s, '\n', n) && memchr(s, '&', n);
  while (ok) { /* ^k=v(?:&k=v)+$ over the stripped text */
    if (i >= t.n || !is_key_start((unsigned char)t.s[i])) {
      ok = 0;
      break;
    }
    i++;
    while (i < t.n && is_key_char((unsigned char)t.s[i])) i++;
    if (i >= t.n || t.s[i] != '=') {
      ok = 0;
      break;
    }
    i = run_not(t.s, t.n, i + 1, "&", NULL);
    pairs++;
    if (i == t.n) break;
    if (t.s[i] != '&') ok = 0;
    else i++;
  }
  if (!ok || pairs < 2) {
    put(w, s, n);
    return;
  }
  for (i = 0; i <= t.n;) { /* _redact_query_string */
    const char *amp = memchr(t.s + i, '&', t.n - i);
    size_t e = amp ? (size_t)(amp - t.s) : t.n;
    const char *eq = memchr(t.s + i, '=', e - i);
    if (i) put(w, "&", 1);
    if (eq && sensitive_param(t.s + i, (size_t)(eq - (t.s + i)))) {
      put(w, t.s + i, (size_t)(eq - (t.s + i)));
      puts_(w, "=***");
    } else
      put(w, t.s + i, e - i);
    i = e + 1;
  }
}

/* ---- _SIGNAL_PHONE_RE (REDACT-15) --------------------------------------------- */
static void pass_phone(const char *s, size_t n, wr *w) {
  size_t i = 0, from = 0;
  while (i < n) {
    if (s[i] != '+' || i + 1 >= n || s[i + 1] < '1' || s[i + 1] > '9') {
      i++;
      continue;
    }
    size_t ends[15], d = 0, k = i + 2, nx; /* ends[x]: byte end after x digits */
    while (d < 14 && k < n && is_nd(cp_at(s, n, k, &nx))) ends[++d] = k = nx;
    size_t e = 0, digits = 0;
    for (size_t x = d; x >= 6 && !e; x--) { /* \d{6,14} gives back digits */
      size_t at = ends[x];
      if (at >= n || !is_alnum((unsigned char)s[at])) e = at, digits = x;
    }
    if (!e) {
      i++;
      continue;
    }
    size_t len = digits + 2, keep = len <= 8 ? 2 : 4;
    size_t head_end = keep == 2 ? i + 2 : ends[2], tail = i;
    for (size_t x = 0; x < len - keep; x++) cp_at(s, n, tail, &tail);
    put(w, s + from, head_end - from);
    puts_(w, "****");
    put(w, s + tail, e - tail);
    i = from = e;
  }
  put(w, s + from, n - from);
}

/* ---- redact_sensitive_text (REDACT-1) ----------------------------------------- */
/* One pass's output: masks are shorter than what they replace except the
 * DSN's "***" (2 more than a 1-byte password), the phone mask (3 more
 * than 9 code points), a form body's "***" (3 more than an empty value of
 * a 3-byte pair), the assignment and header masks (2 more than a 1-byte
 * value in a match of at least 4 bytes, "PW=a"; the JSON passes add one
 * space, 3 more in at least 11 bytes).  A "***" is kept as it is by every
 * later pass, so no bytes grow twice and the chain stays under 1.5n + 64:
 * 3n + 64 holds it (and a chain that outgrew it would stop with
 * HCC_E_WORKSPACE, never write past it; test_growing_masks_fit). */
static size_t buf_cap(size_t n) { return 3 * n + 64; }
size_t hcc__redact_ws(size_t n) {
  return 2 * hcc__arena_cost(buf_cap(n)) + hcc__arena_cost(n + 1) + hcc__arena_cost(4 * (n + 1));
}

int hcc__redact(const char *s, size_t n, char *ws, size_t ws_n, hcc_slice *out, hcc_error *err) {
  hcc_arena a;
  hcc__arena_init(&a, ws, ws_n);
  size_t cap = buf_cap(n);
  char *bufs[2];
  bufs[0] = hcc__arena_take(&a, cap);
  bufs[1] = hcc__arena_take(&a, cap);
  char *st = hcc__arena_take(&a, n + 1);
  uint32_t *map = hcc__arena_take(&a, 4 * (n + 1));
  if (!bufs[0] || !bufs[1] || !st || !map)
    return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for redaction");
  out->s = s;
  out->n = n;
  if (n == 0) return HCC_OK;
  const char *cur = s;
  size_t cn = n;
  int which = 0;
#define STEP(call)                                                                              \
  do {                                                                                          \
    wr w = {bufs[which], 0, cap, 0};                                                            \
    call;                                                                                       \
    if (w.over) return hcc__fail(err, HCC_E_WORKSPACE, 0, "redaction outgrew its buffer");      \
    cur = w.b;                                                                                  \
    cn = w.n;                                                                                   \
    which ^= 1;                                                                                 \
  } while (0)
  if (prefix_gate(cur, cn)) {
    STEP(pass_split(cur, cn, st, map, &w));
    STEP(pass_prefix(cur, cn, &w));
  }
  if (memchr(cur, '.', cn)) STEP(pass_zhipu(cur, cn, &w));
  /* _redact_assignments (REDACT-16..21): each gate on the text so far */
  if (memchr(cur, '=', cn)) {
    STEP(hcc__rd_pass_env_upper(cur, cn, &w));
    if (!hcc__rd_has(cur, cn, "://", 3)) STEP(hcc__rd_pass_env_lower(cur, cn, &w));
    if (!hcc__rd_has(cur, cn, "://", 3) && hcc__rd_cfg_word(cur, cn)) {
      STEP(hcc__rd_pass_cfg_dotted(cur, cn, &w));
      STEP(hcc__rd_pass_cfg_anchored(cur, cn, &w));
    }
  }
  if (memchr(cur, ':', cn) && memchr(cur, '"', cn)) {
    STEP(hcc__rd_pass_json(cur, cn, &w));
    if (hcc__rd_has(cur, cn, "\\\"", 2)) STEP(hcc__rd_pass_json_escaped(cur, cn, &w));
  }
  if (memchr(cur, ':', cn) && memchr(cur, '\'', cn)) STEP(hcc__rd_pass_repr(cur, cn, &w));
  if (memchr(cur, ':', cn) && !hcc__rd_has(cur, cn, "://", 3)) STEP(hcc__rd_pass_yaml(cur, cn, &w));
  /* the header passes (REDACT-22), then Telegram */
  if (hcc__rd_has(cur, cn, "uthorization", 12) || hcc__rd_has(cur, cn, "UTHORIZATION", 12))
    STEP(hcc__rd_pass_auth_header(cur, cn, &w));
  if (memchr(cur, ':', cn)) {
    STEP(hcc__rd_pass_secret_header(cur, cn, &w));
    STEP(pass_telegram(cur, cn, &w));
  }
  if (hcc__rd_has(cur, cn, "BEGIN", 5) && hcc__rd_has(cur, cn, "-----", 5)) STEP(pass_private_key(cur, cn, &w));
  if (hcc__rd_has(cur, cn, "://", 3)) {
    STEP(pass_db(cur, cn, &w));
    STEP(pass_bare(cur, cn, &w));
  }
  if (hcc__rd_has(cur, cn, "eyJ", 3)) STEP(pass_jwt(cur, cn, &w));
  if (memchr(cur, '&', cn) && memchr(cur, '=', cn)) STEP(pass_form(cur, cn, &w));
  if (memchr(cur, '+', cn)) STEP(pass_phone(cur, cn, &w));
#undef STEP
  out->s = cur;
  out->n = cn;
  return HCC_OK;
}
