/* redact_util.h -- what every redaction pass shares (spec REDACT-3,
 * REDACT-5): text written into caller memory, code points, Python's
 * re.IGNORECASE on ASCII literals, white-space runs and _mask_token.
 * redact.c holds the passes of REDACT-4..15, redact_env.c, redact_cfg.c,
 * redact_json.c and redact_header.c those of REDACT-16..22; all of them
 * read one text and write the next through a `wr`. */
#ifndef HCC_REDACT_UTIL_H
#define HCC_REDACT_UTIL_H
#include "internal.h"
#include "pyspace.h"

/* growing text in caller memory: `over` is set, and nothing written,
 * when a write would pass cap (the caller turns that into an error) */
typedef struct wr {
  char *b;
  size_t n, cap;
  int over;
} wr;

static inline void put(wr *w, const char *s, size_t n) {
  if (w->n + n > w->cap) {
    w->over = 1;
    return;
  }
  memcpy(w->b + w->n, s, n);
  w->n += n;
}
static inline void puts_(wr *w, const char *s) { put(w, s, strlen(s)); }

static inline int is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }
static inline int is_alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
static inline uint32_t cp_at(const char *s, size_t n, size_t i, size_t *next) {
  *next = i;
  return hcc__utf8_next(s, n, next);
}
/* The code point before byte i (i > 0). */
static inline uint32_t cp_before(const char *s, size_t n, size_t i) {
  size_t k = i - 1, nx;
  while (k > 0 && is_cont((unsigned char)s[k])) k--;
  return cp_at(s, n, k, &nx);
}
/* The four code points re.IGNORECASE folds onto ASCII letters (REDACT-3):
 * U+017F (s), U+212A (k), U+0130 and U+0131 (i).  Every ASCII-letter
 * class of an IGNORECASE pattern also holds them. */
static inline int is_fold_special(uint32_t c) {
  return c == 0x17f || c == 0x212a || c == 0x130 || c == 0x131;
}
/* [A-Za-z] under re.IGNORECASE */
static inline int is_ci_letter(uint32_t c) {
  return (c < 0x80 && ((c | 32) >= 'a' && (c | 32) <= 'z')) || is_fold_special(c);
}
/* End of the run of \s (str.isspace) from i. */
static inline size_t sp_end(const char *s, size_t n, size_t i) {
  size_t nx;
  while (i < n && hcc__py_isspace(cp_at(s, n, i, &nx))) i = nx;
  return i;
}
/* End of the run of \S from i. */
static inline size_t nonsp_end(const char *s, size_t n, size_t i) {
  size_t nx;
  while (i < n && !hcc__py_isspace(cp_at(s, n, i, &nx))) i = nx;
  return i;
}

/* lit (lower-case ASCII letters and punctuation) at i under
 * re.IGNORECASE; *end: where it ends. */
int hcc__rd_ci_lit(const char *s, size_t n, size_t i, const char *lit, size_t *end);
/* 1 when lit[0..ln) occurs in s[0..n) */
int hcc__rd_has(const char *s, size_t n, const char *lit, size_t ln);
/* _mask_token(t) appended to w */
void hcc__rd_mask_token(wr *w, const char *t, size_t n);

/* The passes of REDACT-16..22: each one re.sub over s[0..n) into w. */
void hcc__rd_pass_env_upper(const char *s, size_t n, wr *w);
void hcc__rd_pass_env_lower(const char *s, size_t n, wr *w);
int hcc__rd_cfg_word(const char *s, size_t n);
void hcc__rd_pass_cfg_dotted(const char *s, size_t n, wr *w);
void hcc__rd_pass_cfg_anchored(const char *s, size_t n, wr *w);
void hcc__rd_pass_yaml(const char *s, size_t n, wr *w);
void hcc__rd_pass_json(const char *s, size_t n, wr *w);
void hcc__rd_pass_json_escaped(const char *s, size_t n, wr *w);
void hcc__rd_pass_repr(const char *s, size_t n, wr *w);
void hcc__rd_pass_auth_header(const char *s, size_t n, wr *w);
void hcc__rd_pass_secret_header(const char *s, size_t n, wr *w);

/* The key and value policy (redact_policy.c, REDACT-17). */
int hcc__rd_should_redact(const char *k, size_t kn, const char *v, size_t vn, int check_keyword);
int hcc__rd_repr_secret_key(const char *k, size_t kn);
int hcc__rd_env_lookup(const char *v, size_t vn);
void hcc__rd_emit_assign(const char *s, wr *w, size_t ks, size_t ke, size_t vs, size_t ve, char q,
                         size_t end);
#endif
