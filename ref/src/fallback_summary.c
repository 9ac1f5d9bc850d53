/* fallback_summary.c -- the text pieces of hermes's deterministic fallback
 * summary (spec FALLBACK-*): redaction of what it keeps, the compaction of
 * a turn, path mentions, the blocker test, the kept lists and the body.
 * Linear in the texts it is given; writes only caller memory. */
#include "fallback_summary.h"
#include "prefixes.h"
#include "py.h"
#include "pyspace.h"
#include "redact.h"

/* hermes's constants (context_compressor.py @ 0000416b), quoted as data. */
#define TURN_MAX 700
#define CUT_LONG 600
#define CUT_HEAD 420
#define CUT_TAIL 160
#define BLOCKER_MAX 500
#define SUMMARY_MAX 8000
#define PREV_MAX 3000
#define TRUNC_TURN " ...[truncated]"
#define TRUNC_SUMMARY "\n...[fallback summary truncated]"
#define NO_USER_SENTINEL "None. This session contains no user-authored turns."

/* ---- code points --------------------------------------------------------------- */

static uint32_t cp_at(const char *s, size_t n, size_t i) {
  size_t j = i;
  return hcc__utf8_next(s, n, &j);
}

/* Byte offset of the start of the code point before byte i. */
static size_t cp_back(const char *s, size_t i) {
  do i--;
  while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80);
  return i;
}

static int ascii_word(uint32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

/* re's \w for the character before byte i / at byte i: 0 at either end. */
static int word_before(const char *s, size_t i) {
  if (i == 0) return 0;
  uint32_t c = cp_at(s, i, cp_back(s, i));
  return c >= 0x80 ? hcc__py_isword(c) : ascii_word(c);
}

static int word_at(const char *s, size_t n, size_t i) {
  if (i >= n) return 0;
  uint32_t c = cp_at(s, n, i);
  return c >= 0x80 ? hcc__py_isword(c) : ascii_word(c);
}

static int unsupported(hcc_error *err, const char *what) {
  return hcc__fail(err, HCC_E_UNSUPPORTED, 0, what);
}

/* ---- redaction (FALLBACK-2) ------------------------------------------------------ */

static int in_set(const char *set, char c) { return c && strchr(set, c) != NULL; }

/* Whether _redact_strict_url_credentials (the redact_url_credentials=True
 * pass, not implemented) could change t: a userinfo `//X@` or a query
 * parameter whose name could name a secret (an escaped name, or one of
 * _SENSITIVE_QUERY_PARAMS in any ASCII case). */
static int strict_url_could_change(const char *s, size_t n) {
  static const char *const names[] = {"access_token", "refresh_token", "id_token", "token",
                                      "api_key", "apikey", "client_secret", "password", "auth",
                                      "jwt", "session", "secret", "key", "code", "signature",
                                      "x-amz-signature", "x-goog-signature", "sig", NULL};
  for (size_t i = 0; i + 1 < n; i++) {
    if (s[i] == '/' && s[i + 1] == '/') {
      size_t j = i + 2;
      while (j < n) {
        size_t k = j;
        uint32_t c = hcc__utf8_next(s, n, &k);
        if (c == '/' || c == '?' || c == '#' || c == '@' || hcc__py_isspace(c)) break;
        j = k;
      }
      if (j > i + 2 && j < n && s[j] == '@') return 1;
    }
    if (in_set("?#&;", s[i])) {
      size_t j = i + 1, esc = 0;
      while (j < n && (ascii_word((unsigned char)s[j]) || in_set(".~+%-", s[j]))) {
        if (s[j] == '%' || s[j] == '+') esc = 1;
        j++;
      }
      if (j == i + 1 || j >= n || s[j] != '=') continue;
      if (esc) return 1;
      size_t len = j - i - 1;
      for (int k = 0; names[k]; k++) {
        size_t m = strlen(names[k]), x = 0;
        if (m != len) continue;
        while (x < m && (s[i + 1 + x] | 0x20) == names[k][x]) x++;
        if (x == m) return 1;
      }
    }
  }
  return 0;
}

/* The gh tokens of _compact_fallback_turn: `\bgh[pousr]_` then a run of
 * [A-Za-z0-9_] (dots: also "." and "-"), at least 8 of them (dots: 1),
 * with a \b after it unless dots; each becomes "[REDACTED]".  Matched on
 * the source s, as re.sub matches, written to d (d == s is allowed without
 * dots, where the mask is shorter than any match; with dots a match of 5
 * bytes grows to 10, so d holds 2n bytes).  Returns the length written. */
static int gh_run_char(char c, int dots) {
  return ascii_word((unsigned char)c) || (dots && (c == '.' || c == '-'));
}

static size_t gh_sub(const char *s, size_t n, char *d, int dots) {
  size_t w = 0, i = 0;
  size_t min = dots ? 1 : 8;
  while (i < n) {
    if (i + 4 <= n && s[i] == 'g' && s[i + 1] == 'h' && in_set("pousr", s[i + 2]) && s[i + 3] == '_') {
      size_t j = i + 4;
      while (j < n && gh_run_char(s[j], dots)) j++;
      if (j - (i + 4) >= min) {
        if (!word_before(s, i) && !(dots ? 0 : word_at(s, n, j))) {
          memcpy(d + w, "[REDACTED]", 10);
          w += 10;
          i = j;
          continue;
        }
      }
    }
    d[w++] = s[i++];
  }
  return w;
}

/* hcc__redact's workspace, then room for a copy of the text (redact may
 * answer with the input itself, which the compaction must not rewrite) and
 * for the last step's output, up to twice the text it reads (which redact
 * wrote: at most 3 n + 64 bytes). */
size_t hcc__fb_compact_need(size_t n) { return hcc__redact_ws(n) + n + 64 + 6 * n + 128; }

int hcc__fb_redact(const char *s, size_t n, int compact, char *ws, size_t ws_n, hcc_slice *out,
                   hcc_error *err) {
  out->s = "", out->n = 0;
  if (strict_url_could_change(s, n))
    return unsupported(err, "the strict URL-credential redaction is not implemented (FALLBACK-2)");
  hcc_slice r = {"", 0};
  if (n) {
    int rc = hcc__redact(s, n, ws, ws_n, &r, err);
    if (rc != HCC_OK) return rc;
  }
  if (r.n && strict_url_could_change(r.s, r.n))
    return unsupported(err, "the strict URL-credential redaction is not implemented (FALLBACK-2)");
  if (!compact || !r.n) {
    *out = r;
    return HCC_OK;
  }
  char *t = (char *)r.s; /* rewritten in place, in ws */
  if (r.s < ws || r.s >= ws + ws_n) {
    t = ws + hcc__redact_ws(n);
    memcpy(t, r.s, r.n);
  }
  size_t m = gh_sub(t, r.n, t, 0);
  /* \s+ -> " ", then strip */
  size_t w = 0, i = 0;
  int pending = 0;
  while (i < m) {
    size_t k = i;
    uint32_t c = hcc__utf8_next(t, m, &k);
    if (hcc__py_isspace(c)) {
      pending = 1;
    } else {
      if (pending && w) t[w++] = ' ';
      pending = 0;
      memmove(t + w, t + i, k - i);
      w += k - i;
    }
    i = k;
  }
  m = w;
  if (hcc__utf8_count(t, m) > TURN_MAX) {
    size_t cut = hcc__utf8_prefix(t, m, TURN_MAX - 15);
    hcc_slice h = hcc__py_rstrip((hcc_slice){t, cut});
    memcpy(t + h.n, TRUNC_TURN, 15);
    m = h.n + 15;
  }
  char *d = ws + hcc__redact_ws(n) + n + 64;
  size_t k = gh_sub(t, m, d, 1);
  out->s = d, out->n = k;
  return HCC_OK;
}

/* ---- the store ------------------------------------------------------------------ */

/* Every kept text is made of one message's texts: str() of a value is at
 * most five times its bytes and a redaction at most three times its text;
 * a call keeps its id and name twice and its redacted arguments once
 * (5 + 5 + 5 + 5 + 15 bytes a byte), a turn its compacted text, cut text,
 * ask or action and dropped-turn line (each at most its text view, itself
 * at most five times the message, and capped near 2,815 bytes), plus fixed
 * words of under 512 bytes an item (FALLBACK-9). */
size_t hcc__fb_store_need(size_t len, size_t items) { return 40 * len + 512 * (items + 1) + 4096; }

void hcc__fb_init(hcc_fb *f, char *store, size_t cap) {
  memset(f, 0, sizeof *f);
  f->store = store, f->cap = cap;
}

hcc_slice hcc__fb_keep(hcc_fb *f, const char *s, size_t n) {
  if (f->cap - f->used < n) {
    f->full = 1;
    return (hcc_slice){"", 0};
  }
  char *d = f->store + f->used;
  memcpy(d, s, n);
  f->used += n;
  return (hcc_slice){d, n};
}

static int slice_eq(hcc_slice a, hcc_slice b) { return a.n == b.n && !memcmp(a.s, b.s, a.n); }

void hcc__fb_add_file(hcc_fb *f, hcc_slice v) {
  v = hcc__py_strip(v);
  if (!v.n || f->nfiles >= HCC_FB_FILES) return;
  for (int k = 0; k < f->nfiles; k++)
    if (slice_eq(f->files[k], v)) return;
  f->files[f->nfiles++] = hcc__fb_keep(f, v.s, v.n);
}

/* ---- path mentions (FALLBACK-4) ---------------------------------------------------- */

static int path_char(uint32_t c) {
  return !hcc__py_isspace(c) && c != '`' && c != '\'' && c != '"' && c != ')' && c != ']' &&
         c != '}' && c != '<' && c != '>';
}

static size_t path_run(const char *s, size_t n, size_t i) {
  while (i < n) {
    size_t k = i;
    if (!path_char(hcc__utf8_next(s, n, &k))) break;
    i = k;
  }
  return i;
}

void hcc__fb_paths(hcc_fb *f, hcc_slice t) {
  const char *s = t.s;
  size_t n = t.n, i = 0;
  while (i < n) {
    size_t from = 0;
    char c = s[i];
    if (c == '/' || c == '~') from = i + 1;
    else if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && i + 2 < n && s[i + 1] == ':' && s[i + 2] == '\\')
      from = i + 3;
    size_t end = from ? path_run(s, n, from) : 0;
    if (from && end > from) {
      size_t e = end;
      while (e > i && in_set(".,:;", s[e - 1])) e--;
      hcc__fb_add_file(f, (hcc_slice){s + i, e - i});
      i = end;
      continue;
    }
    size_t k = i;
    hcc__utf8_next(s, n, &k);
    i = k;
  }
}

/* ---- per-turn records (FALLBACK-5, FALLBACK-6) ------------------------------------------ */

void hcc__fb_dropped(hcc_fb *f, hcc_slice label, hcc_slice prefix, hcc_slice text) {
  /* turn_text = prefix + "; " + text (prefix alone when text is empty), stripped */
  size_t at = f->used;
  hcc__fb_keep(f, label.s, label.n);
  hcc__fb_keep(f, ": ", 2);
  size_t from = f->used;
  if (prefix.n) hcc__fb_keep(f, prefix.s, prefix.n);
  if (prefix.n && text.n) hcc__fb_keep(f, "; ", 2);
  hcc__fb_keep(f, text.s, text.n);
  if (f->full) return;
  hcc_slice tt = hcc__py_strip((hcc_slice){f->store + from, f->used - from});
  if (!tt.n) {
    f->used = at;
    return;
  }
  memmove(f->store + from, tt.s, tt.n);
  f->used = from + tt.n;
  f->last[f->nlast % HCC_FB_LAST] = (hcc_slice){f->store + at, f->used - at};
  f->nlast++;
}

void hcc__fb_cut600(hcc_slice t, hcc_out *o) {
  size_t cps = hcc__utf8_count(t.s, t.n);
  if (cps <= CUT_LONG) {
    hcc__out_put(o, t.s, t.n);
    return;
  }
  size_t h = hcc__utf8_prefix(t.s, t.n, CUT_HEAD);
  size_t tl = hcc__utf8_prefix(t.s, t.n, cps - CUT_TAIL);
  hcc_slice a = hcc__py_rstrip((hcc_slice){t.s, h});
  hcc_slice b = hcc__py_lstrip((hcc_slice){t.s + tl, t.n - tl});
  hcc__out_put(o, a.s, a.n);
  hcc__out_str(o, " ... ");
  hcc__out_put(o, b.s, b.n);
}

void hcc__fb_user(hcc_fb *f, hcc_slice text) {
  f->ask = hcc__fb_keep(f, text.s, text.n);
  f->has_ask = 1;
}

void hcc__fb_assistant(hcc_fb *f, hcc_slice a) {
  if (f->nasst < HCC_FB_ACTIONS) f->asst[f->nasst++] = hcc__fb_keep(f, a.s, a.n);
}

void hcc__fb_tool(hcc_fb *f, hcc_slice a) {
  if (f->ntool < HCC_FB_ACTIONS) f->tool[f->ntool++] = hcc__fb_keep(f, a.s, a.n);
}

/* re.search(r"\b(error|failed|exception|traceback|timeout|timed out|fatal)\b",
 * text, re.I). */
int hcc__fb_blocker(hcc_fb *f, hcc_slice t, hcc_error *err) {
  static const char *const words[] = {"error", "failed", "exception", "traceback",
                                      "timeout", "timed out", "fatal", NULL};
  const char *s = t.s;
  size_t n = t.n;
  int hit = 0;
  for (size_t i = 0; i < n && !hit; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80) {
      size_t k = i;
      uint32_t u = hcc__utf8_next(s, n, &k);
      /* re.I folds these onto i, s and k */
      if (u == 0x130 || u == 0x131 || u == 0x17F || u == 0x212A)
        return unsupported(err, "a case-folding lookalike in a blocker test (FALLBACK-6)");
      continue;
    }
    for (int w = 0; words[w]; w++) {
      size_t m = strlen(words[w]), x = 0;
      if (i + m > n) continue;
      while (x < m && (s[i + x] | 0x20) == words[w][x]) x++;
      if (x < m) continue;
      if (!word_before(s, i) && !word_at(s, n, i + m)) hit = 1;
    }
  }
  if (!hit) return HCC_OK;
  size_t cut = hcc__utf8_prefix(s, n, BLOCKER_MAX);
  hcc_slice b = hcc__py_strip((hcc_slice){s, cut});
  if (!b.n || f->nblock >= HCC_FB_BLOCKERS) return HCC_OK;
  for (int k = 0; k < f->nblock; k++)
    if (slice_eq(f->block[k], b)) return HCC_OK;
  f->block[f->nblock++] = hcc__fb_keep(f, b.s, b.n);
  return HCC_OK;
}

/* ---- the body (FALLBACK-7, FALLBACK-8) ---------------------------------------------------- */

/* _bullets(items, limit): "- item" lines of the first `limit` distinct
 * stripped non-empty items, or "None.". */
static void bullets(const hcc_slice *items, int n, int limit, hcc_out *o) {
  hcc_slice seen[HCC_FB_FILES];
  int k = 0;
  for (int i = 0; i < n && k < limit; i++) {
    hcc_slice it = hcc__py_strip(items[i]);
    int dup = !it.n;
    for (int j = 0; j < k && !dup; j++) dup = slice_eq(seen[j], it);
    if (dup) continue;
    if (k) hcc__out_ch(o, '\n');
    hcc__out_str(o, "- ");
    hcc__out_put(o, it.s, it.n);
    seen[k++] = it;
  }
  if (!k) hcc__out_str(o, "None.");
}

void hcc__fb_body(const hcc_fb *f, const char *reason, size_t reason_n, hcc_out *o) {
  hcc__out_str(o, "## Historical Task Snapshot\n");
  if (f->has_ask) {
    hcc__out_str(o, "User asked: ");
    hcc__py_repr_text(f->ask.s, f->ask.n, 0, o);
  } else {
    hcc__out_str(o, NO_USER_SENTINEL);
  }
  hcc__out_str(o,
               "\n\n## Goal\nRecovered from a deterministic fallback because the LLM context summarizer "
               "was unavailable. Continue from the protected recent messages after this summary and use "
               "current file/system state for exact details.");
  if (f->has_prev) {
    hcc__out_str(o, "\n\n## Previous Summary Snapshot\n");
    if (hcc__utf8_count(f->prev.s, f->prev.n) > PREV_MAX) {
      hcc_slice h = hcc__py_rstrip((hcc_slice){f->prev.s, hcc__utf8_prefix(f->prev.s, f->prev.n, PREV_MAX - 45)});
      hcc__out_put(o, h.s, h.n);
      hcc__out_str(o, "\n...[previous summary snapshot truncated]");
    } else {
      hcc__out_put(o, f->prev.s, f->prev.n);
    }
    hcc__out_str(o, "\n\nThe previous compaction summary above remains background continuity context "
                    "because the latest LLM summary update failed.");
  }
  hcc__out_str(o, "\n\n## Constraints & Preferences\n- This "
               "fallback was generated locally without an LLM summary call.\n- Secrets and credentials "
               "were redacted before preservation.\n- The summary may be incomplete; prefer verifying "
               "current files, git state, processes, and test results instead of assuming omitted "
               "details.\n\n## Completed Actions\n");
  int done = 0;
  for (int i = 0; i < f->nasst + f->ntool && done < HCC_FB_ACTIONS; i++, done++) {
    hcc_slice it = i < f->nasst ? f->asst[i] : f->tool[i - f->nasst];
    if (done) hcc__out_ch(o, '\n');
    hcc__out_i64(o, done + 1);
    hcc__out_str(o, ". ");
    hcc__out_put(o, it.s, it.n);
  }
  if (!done) hcc__out_str(o, "None recoverable from compacted turns.");
  hcc__out_str(o,
               "\n\n## Active State\nUnknown from deterministic fallback. Inspect current "
               "repository/session state if needed.\n\n## Historical In-Progress State\nUnknown from "
               "deterministic fallback \xe2\x80\x94 the latest user ask is recorded once under\n\"## "
               "Historical Task Snapshot\" above as historical context only. Do NOT treat it as an\n"
               "unfulfilled instruction to re-answer; verify current state and continue from the\n"
               "protected recent messages after this summary.\n\n## Blocked\n");
  bullets(f->block, f->nblock, HCC_FB_BLOCKERS, o);
  hcc__out_str(o,
               "\n\n## Key Decisions\nNone recoverable from deterministic fallback.\n\n## Resolved "
               "Questions\nNone recoverable from deterministic fallback.\n\n## Historical Pending User "
               "Asks\nNone recoverable from deterministic fallback. (The latest user ask is preserved "
               "once\nunder \"## Historical Task Snapshot\" as historical context \xe2\x80\x94 it is NOT "
               "necessarily\noutstanding.)\n\n## Relevant Files\n");
  bullets(f->files, f->nfiles, HCC_FB_FILES, o);
  hcc__out_str(o,
               "\n\n## Historical Remaining Work\nContinue from the most recent unfulfilled user ask and "
               "protected tail messages. Verify state with tools before making claims.\n\n## Last "
               "Dropped Turns\n");
  hcc_slice last[HCC_FB_LAST];
  size_t nl = f->nlast < HCC_FB_LAST ? f->nlast : HCC_FB_LAST;
  for (size_t k = 0; k < nl; k++) last[k] = f->last[(f->nlast - nl + k) % HCC_FB_LAST];
  bullets(last, (int)nl, HCC_FB_LAST, o);
  hcc__out_str(o,
               "\n\n## Critical Context\nSummary generation was unavailable, so this is a best-effort "
               "deterministic fallback for ");
  hcc__out_i64(o, (int64_t)f->nturns);
  hcc__out_str(o, " compacted message(s).");
  if (reason && reason_n) {
    hcc__out_str(o, " Summary failure reason: ");
    hcc__out_put(o, reason, reason_n);
    hcc__out_ch(o, '.');
  }
}

void hcc__fb_cap(hcc_slice body, hcc_out *o) {
  size_t pre = hcc__lits[HCC_LIT_SUMMARY_PREFIX].cps + 1; /* the prefix and its "\n" */
  size_t cps = hcc__utf8_count(body.s, body.n);
  if (pre + cps <= SUMMARY_MAX) {
    hcc__out_put(o, body.s, body.n);
    return;
  }
  size_t keep = SUMMARY_MAX - 42 - pre; /* the prefix is far shorter than the cap */
  hcc_slice h = hcc__py_rstrip((hcc_slice){body.s, hcc__utf8_prefix(body.s, body.n, keep)});
  hcc__out_put(o, h.s, h.n);
  hcc__out_str(o, TRUNC_SUMMARY);
}
