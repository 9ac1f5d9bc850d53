/* redact_util.c -- the pieces every redaction pass shares (redact_util.h):
 * IGNORECASE literals (REDACT-3), substring tests for the gates
 * (REDACT-1) and _mask_token (REDACT-5). */
#include "redact_util.h"

/* Python's re.IGNORECASE matches an ASCII letter also by U+017F (s),
 * U+0130 and U+0131 (i) and U+212A (k); nothing else outside ASCII folds
 * onto the letters the patterns spell. */
int hcc__rd_ci_lit(const char *s, size_t n, size_t i, const char *lit, size_t *end) {
  for (; *lit; lit++) {
    if (i >= n) return 0;
    size_t nx;
    uint32_t c = cp_at(s, n, i, &nx);
    char l = *lit;
    int ok;
    if (c < 0x80) ok = (l >= 'a' && l <= 'z') ? (c | 32) == (uint32_t)l : c == (uint32_t)l;
    else
      ok = (l == 's' && c == 0x17f) || (l == 'i' && (c == 0x130 || c == 0x131)) ||
           (l == 'k' && c == 0x212a);
    if (!ok) return 0;
    i = nx;
  }
  *end = i;
  return 1;
}

/* memmem, which C11 lacks; needles here are at most 12 bytes. */
int hcc__rd_has(const char *s, size_t n, const char *lit, size_t ln) {
  for (size_t i = 0; i + ln <= n;) {
    const char *p = memchr(s + i, lit[0], n - i - ln + 1);
    if (!p) return 0;
    if (memcmp(p, lit, ln) == 0) return 1;
    i = (size_t)(p - s) + 1;
  }
  return 0;
}

/* mask_secret's _DISPLAY_CONTROL_RE */
static int is_display_control(uint32_t c) {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x200b && c <= 0x200f) ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064);
}
/* _mask_token(token): "***" under 18 code points (after dropping display
 * controls; "" when none is left), else the first 6 and last 4 of those
 * around "...". */
void hcc__rd_mask_token(wr *w, const char *t, size_t n) {
  size_t i = 0, count = 0;
  if (n == 0) {
    puts_(w, "***");
    return;
  }
  while (i < n)
    if (!is_display_control(hcc__utf8_next(t, n, &i))) count++;
  if (count == 0) return;
  if (count < 18) {
    puts_(w, "***");
    return;
  }
  size_t k = 0;
  for (i = 0; i < n;) {
    size_t at = i;
    if (is_display_control(hcc__utf8_next(t, n, &i))) continue;
    if (k < 6 || k >= count - 4) put(w, t + at, i - at);
    if (k == 5) puts_(w, "...");
    k++;
  }
}
