/* tool_summary.c -- one-line summaries of old tool outputs (spec PRUNE-5,
 * PRUNE-6), as hermes's _summarize_tool_result and
 * _summarize_tool_result_unguarded write them.
 *
 * Python semantics this file spells out:
 *   - the arguments are json.loads'ed from the arguments string; anything
 *     json.loads refuses, and anything that is not a dict, reads as {};
 *     an integer of more than 4300 digits makes json.loads raise a plain
 *     ValueError, which only the outer guard catches (FALLBACK below);
 *   - values are formatted with str(): strings as themselves, the rest as
 *     repr() (hcc__py_str), None as "None";
 *   - lengths and cuts count code points;
 *   - f"{n:,}" groups digits by three with commas;
 *   - re's \s is str.isspace() and \d is Unicode category Nd.
 * Arguments text that only Python's json module reads (NaN, Infinity, a
 * raw lone surrogate, nesting deeper than 512) reads as {} here
 * (DIV-PRUNE-5). */
#include "tool_summary.h"

#include "py.h"
#include "pyspace.h"

/* CPython >= 3.11 refuses int() of more digits than this; json.loads then
 * raises ValueError (not JSONDecodeError), which hermes's inner handler
 * does not catch. */

/* ---- \d: Unicode category Nd of Python 3.11 (Unicode 14.0), 660 code
 * points in 62 runs; printed by `tools/gen_cases_prune.py --digits`. ---- */
static const uint32_t nd_runs[][2] = {
    {0x30, 0x39},       {0x660, 0x669},     {0x6F0, 0x6F9},     {0x7C0, 0x7C9},     {0x966, 0x96F},
    {0x9E6, 0x9EF},     {0xA66, 0xA6F},     {0xAE6, 0xAEF},     {0xB66, 0xB6F},     {0xBE6, 0xBEF},
    {0xC66, 0xC6F},     {0xCE6, 0xCEF},     {0xD66, 0xD6F},     {0xDE6, 0xDEF},     {0xE50, 0xE59},
    {0xED0, 0xED9},     {0xF20, 0xF29},     {0x1040, 0x1049},   {0x1090, 0x1099},   {0x17E0, 0x17E9},
    {0x1810, 0x1819},   {0x1946, 0x194F},   {0x19D0, 0x19D9},   {0x1A80, 0x1A89},   {0x1A90, 0x1A99},
    {0x1B50, 0x1B59},   {0x1BB0, 0x1BB9},   {0x1C40, 0x1C49},   {0x1C50, 0x1C59},   {0xA620, 0xA629},
    {0xA8D0, 0xA8D9},   {0xA900, 0xA909},   {0xA9D0, 0xA9D9},   {0xA9F0, 0xA9F9},   {0xAA50, 0xAA59},
    {0xABF0, 0xABF9},   {0xFF10, 0xFF19},   {0x104A0, 0x104A9}, {0x10D30, 0x10D39}, {0x11066, 0x1106F},
    {0x110F0, 0x110F9}, {0x11136, 0x1113F}, {0x111D0, 0x111D9}, {0x112F0, 0x112F9}, {0x11450, 0x11459},
    {0x114D0, 0x114D9}, {0x11650, 0x11659}, {0x116C0, 0x116C9}, {0x11730, 0x11739}, {0x118E0, 0x118E9},
    {0x11950, 0x11959}, {0x11C50, 0x11C59}, {0x11D50, 0x11D59}, {0x11DA0, 0x11DA9}, {0x16A60, 0x16A69},
    {0x16AC0, 0x16AC9}, {0x16B50, 0x16B59}, {0x1D7CE, 0x1D7FF}, {0x1E140, 0x1E149}, {0x1E2F0, 0x1E2F9},
    {0x1E950, 0x1E959}, {0x1FBF0, 0x1FBF9}};

int hcc__ts_is_digit(uint32_t cp) {
  size_t lo = 0, hi = sizeof nd_runs / sizeof nd_runs[0];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (cp < nd_runs[mid][0]) hi = mid;
    else if (cp > nd_runs[mid][1]) lo = mid + 1;
    else return 1;
  }
  return 0;
}

void hcc__ts_put_grouped(hcc_out *o, uint64_t n) {
  char b[32];
  int k = 0, g = 0;
  do {
    if (g == 3) b[k++] = ',', g = 0;
    b[k++] = (char)('0' + n % 10);
    n /= 10;
    g++;
  } while (n);
  while (k) hcc__out_ch(o, b[--k]);
}

static void put_u64(hcc_out *o, uint64_t n) { hcc__out_i64(o, (int64_t)n); }

/* ---- the tail: what the tool output contributes ---------------------------- */

uint32_t hcc__ts_next(const hcc_ts_text *t, size_t *pos) {
  return t->json ? hcc__json_body_next(t->s, t->n, pos) : hcc__utf8_next(t->s, t->n, pos);
}

void hcc__ts_emit_out(void *ctx, uint32_t cp) { hcc__utf8_put(ctx, cp); }

static void emit_str(hcc_ts_emit emit, void *ctx, const char *s) {
  while (*s) emit(ctx, (unsigned char)*s++);
}

static void emit_u64(hcc_ts_emit emit, void *ctx, uint64_t n, int grouped) {
  char b[32];
  hcc_out o;
  hcc__out_init(&o, b, sizeof b - 1);
  if (grouped) hcc__ts_put_grouped(&o, n);
  else put_u64(&o, n);
  b[o.len] = 0;
  emit_str(emit, ctx, b);
}

/* re.search(r'"<word>"\s*:\s*(-?\d+)', content) (the minus only when
 * `minus`), one code point at a time: the literal is found with KMP;
 * after it, the blanks, the colon, the blanks, the optional minus and the
 * digits are each one state.  A candidate that fails resumes the literal
 * search at the failing code point (none of the characters the states
 * consume can start the literal, except the literal's own closing quote
 * when nothing followed it).  On a match, [*gs, *ge) are the offsets of
 * group 1. */
/* A character of lit (the word or its quote): other escapes (an ANSI
 * colour's \u001b, say) cannot help spell the word. */
static int in_lit(const void *lit, uint32_t cp) { return cp && cp < 0x80 && strchr(lit, (int)cp); }

/* Where the search for the quoted word lit ("\"word\"", the word ASCII
 * letters and one '_') can start in t without missing a match, or t->n
 * when t cannot contain it.  Every match begins with the word's opening
 * quote.  Before the first \u escape that spells one of its characters
 * (hcc__json_find_u_escape; in text there are none), the word can only
 * appear as its own bytes, after a '"' (in a body always the escape \",
 * which starts a code point), so the search may start at the first such
 * occurrence.  With such an escape nothing is skipped. */
static size_t search_start(const hcc_ts_text *t, const char *lit) {
  const char *w = lit + 1;
  size_t wn = strlen(lit) - 2, q = t->json ? 2 : 1;
  size_t u = (size_t)(strchr(w, '_') - w); /* the rare byte and the one before it */
  size_t esc = t->json ? hcc__json_find_u_escape(t->s, t->n, in_lit, lit) : t->n;
  for (size_t at = 0; at < t->n;) {
    size_t k = hcc__find_pair(t->s + at, t->n - at, w[u - 1], w[u]);
    if (k == t->n - at) break;
    size_t c = at + k - (u - 1); /* where the word would start */
    at += k + 1;
    if (c > esc) break;
    if (c < q || c + wn > t->n || memcmp(t->s + c, w, wn) != 0) continue;
    if (t->s[c - 1] != '"' || (t->json && t->s[c - 2] != '\\')) continue;
    return c - q;
  }
  return esc < t->n ? 0 : t->n;
}

static int find_number(const hcc_ts_text *t, const char *lit, int minus, size_t *gs,
                       size_t *ge) {
  enum { LIT, WS1, WS2, MINUS, DIG } st = LIT;
  if ((t->facts & HCC_TS_NO_KEY_QUOTE) && (lit[1] == 'e' || lit[1] == 't')) return 0;
  size_t m = strlen(lit), pos = search_start(t, lit), start = 0;
  if (pos == t->n) return 0;
  int fail[24], k = 0, consumed = 0;
  fail[0] = fail[1] = 0;
  for (size_t i = 1, b = 0; i < m; i++) { /* fail[i+1]: border of lit[0..i] */
    while (b && lit[i] != lit[b]) b = (size_t)fail[b];
    if (lit[i] == lit[b]) b++;
    fail[i + 1] = (int)b;
  }
  while (pos < t->n) {
    size_t at = pos;
    uint32_t cp = hcc__ts_next(t, &pos);
    int again = 1;
    while (again) {
      again = 0;
      int ok = 1;
      switch (st) {
      case LIT:
        while (k > 0 && cp != (unsigned char)lit[k]) k = fail[k];
        if (cp == (unsigned char)lit[k]) k++;
        if ((size_t)k == m) st = WS1, consumed = 0, k = fail[m];
        break;
      case WS1:
        if (cp == ':') st = WS2, consumed = 1;
        else if (hcc__py_isspace(cp)) consumed = 1;
        else ok = 0;
        break;
      case WS2:
        if (minus && cp == '-') st = MINUS, start = at;
        else if (hcc__ts_is_digit(cp)) st = DIG, start = at;
        else if (!hcc__py_isspace(cp)) ok = 0;
        break;
      case MINUS:
        if (hcc__ts_is_digit(cp)) st = DIG;
        else ok = 0;
        break;
      case DIG:
        if (!hcc__ts_is_digit(cp)) {
          *gs = start, *ge = at;
          return 1;
        }
        break;
      }
      if (!ok) { /* feed cp again to the literal search */
        st = LIT;
        if (consumed) k = 0;
        again = 1;
      }
    }
  }
  if (st == DIG) {
    *gs = start, *ge = t->n;
    return 1;
  }
  return 0;
}

/* Emits group 1 of a match, or "?" when there is none. */
static void emit_number(const hcc_ts_text *t, const char *lit, int minus, hcc_ts_emit emit,
                        void *ctx) {
  size_t gs, ge;
  if (!find_number(t, lit, minus, &gs, &ge)) {
    emit(ctx, '?');
    return;
  }
  while (gs < ge) emit(ctx, hcc__ts_next(t, &gs));
}

/* content.count("\n") + 1 if content.strip() else 0, from the facts the
 * caller knows where it knows them.  The blank test
 * stops at the first non-blank code point; the count reads only the
 * escapes of a JSON body (a raw newline cannot appear in one) and the
 * newline bytes of text, skipping everything else in bulk. */
static uint64_t line_count(const hcc_ts_text *t) {
  int blank = !(t->facts & HCC_TS_NOT_BLANK);
  for (size_t pos = 0; blank && pos < t->n;) blank = hcc__py_isspace(hcc__ts_next(t, &pos));
  if (blank) return 0;
  if (t->nl1) return t->nl1;
  if (t->json) return 1 + (uint64_t)hcc__json_newlines(t->s, t->n);
  uint64_t lines = 1;
  for (const char *p = t->s, *end = t->s + t->n; (p = memchr(p, '\n', (size_t)(end - p))); p++) lines++;
  return lines;
}

static uint64_t code_points(const hcc_ts_text *t) {
  if (t->cps1) return t->cps1 - 1;
  if (t->json) return hcc__json_str_cps(t->s, t->n);
  return hcc__utf8_count(t->s, t->n);
}

void hcc__ts_tail(const hcc_ts_text *content, hcc_ts_tail tail, hcc_ts_emit emit, void *ctx) {
  switch (tail) {
  case HCC_TS_NONE:
    return;
  case HCC_TS_EXIT_LINES:
    emit_number(content, "\"exit_code\"", 1, emit, ctx);
    emit_str(emit, ctx, ", ");
    emit_u64(emit, ctx, line_count(content), 0);
    emit_str(emit, ctx, " lines output");
    return;
  case HCC_TS_CHARS:
  case HCC_TS_CHARS_RESULT:
    emit_u64(emit, ctx, code_points(content), 1);
    emit_str(emit, ctx, tail == HCC_TS_CHARS ? " chars)" : " chars result)");
    return;
  case HCC_TS_COUNT_MATCHES:
    emit_number(content, "\"total_count\"", 0, emit, ctx);
    emit_str(emit, ctx, " matches");
    return;
  case HCC_TS_LINES_OUTPUT:
    emit_u64(emit, ctx, line_count(content), 0);
    emit_str(emit, ctx, " lines output)");
    return;
  }
}

/* ---- the head: what the call contributes ----------------------------------- */

size_t hcc__ts_head_cap(size_t name_len, size_t args_len, size_t weight) {
  /* The values a head formats are disjoint pieces of the name and of the
   * decoded arguments, each formatted whole before it is cut.  str() of a
   * value is at most 5 times its JSON text (see estimate.c), and at most
   * the call's rewrite weight (bytes.c), even escaped once more; 256
   * covers the fixed words and web_extract's " (+N more)" spelled out as
   * a list, twice that the same words escaped. */
  size_t by_bytes = 5 * (name_len + args_len) + 256, by_weight = weight + 512;
  return by_weight < by_bytes ? by_weight : by_bytes;
}

size_t hcc__ts_head_need(const hcc_json_info *info) {
  size_t m = info->max_arguments;
  hcc_json_info in = hcc__json_info_bound(m);
  if (info->max_arguments_tokens < in.tokens) in.tokens = info->max_arguments_tokens;
  return hcc__arena_cost(m + 1) + hcc__arena_cost(in.tokens * sizeof(hcc_tok)) +
         2 * hcc__py_str_need(&in) + hcc__py_str_need(info) + 64;
}

/* The branches of _summarize_tool_result_unguarded, by tool name. */
typedef enum {
  B_GENERIC, B_TERMINAL, B_READ, B_WRITE, B_SEARCH, B_PATCH, B_BROWSER, B_WEB_SEARCH,
  B_WEB_EXTRACT, B_DELEGATE, B_EXECUTE, B_SKILL, B_VISION, B_MEMORY, B_TODO, B_CLARIFY,
  B_TTS, B_CRON, B_PROCESS
} branch;

/* each name with its length (the match runs for every call summarised) */
#define BR(s, b) {s, sizeof s - 1, b}
static const struct {
  const char *name;
  size_t len;
  branch b;
} branches[] = {
    BR("terminal", B_TERMINAL),         BR("read_file", B_READ),
    BR("write_file", B_WRITE),          BR("search_files", B_SEARCH),
    BR("patch", B_PATCH),               BR("browser_navigate", B_BROWSER),
    BR("browser_click", B_BROWSER),     BR("browser_snapshot", B_BROWSER),
    BR("browser_type", B_BROWSER),      BR("browser_scroll", B_BROWSER),
    BR("browser_vision", B_BROWSER),    BR("web_search", B_WEB_SEARCH),
    BR("web_extract", B_WEB_EXTRACT),   BR("delegate_task", B_DELEGATE),
    BR("execute_code", B_EXECUTE),      BR("skill_view", B_SKILL),
    BR("skills_list", B_SKILL),         BR("skill_manage", B_SKILL),
    BR("vision_analyze", B_VISION),     BR("memory", B_MEMORY),
    BR("todo", B_TODO),                 BR("clarify", B_CLARIFY),
    BR("text_to_speech", B_TTS),        BR("cronjob", B_CRON),
    BR("process", B_PROCESS)};

#undef BR

enum { BRANCH_NAME_MAX = 32 }; /* more than any name above (browser_snapshot: 16) */

/* Returned by a branch when Python would raise inside it: the outer guard
 * then writes "[<name>] (<n:,> chars result)". */
#define FALLBACK 1

typedef struct hctx {
  const hcc_doc *d; /* the transcript */
  int name;         /* name token in d, -1: "unknown" */
  hcc_doc a;        /* the parsed arguments */
  int dict;         /* 1 when the arguments are a dict (token 0 of a) */
  const char *known;/* the tool name when it selects a branch */
  hcc_arena *scratch;
  hcc_out *o;
  hcc_error *err;
} hctx;

static const hctx no_hctx;

/* args = json.loads(tool_args) if tool_args else {}; not a dict -> {}.
 * Returns FALLBACK when json.loads raises ValueError. */
static int parse_args(hctx *c, int args) {
  const hcc_doc *d = c->d;
  c->dict = 0;
  if (args < 0 || d->tok[args].type != HCC_T_STRING) return HCC_OK; /* falsy, or TypeError */
  const hcc_tok *t = &d->tok[args];
  size_t rn = (size_t)(t->end - t->start);
  if (!rn) return HCC_OK;
  char *text = hcc__arena_take(c->scratch, rn + 1);
  if (!text) return hcc__fail(c->err, HCC_E_WORKSPACE, (size_t)t->start, "workspace too small for tool arguments");
  size_t m = hcc__json_decode_wide(d->text + t->start, rn, text);
  hcc_error ierr;
  int rc = hcc__json_parse(&c->a, text, m, c->scratch, &ierr);
  if (rc == HCC_E_WORKSPACE) return hcc__fail(c->err, rc, (size_t)t->start, ierr.message);
  if (rc != HCC_OK) return HCC_OK; /* JSONDecodeError (or DIV-PRUNE-5) */
  if (hcc__py_doc_has_huge_int(&c->a)) return FALLBACK;
  c->dict = c->a.tok[0].type == HCC_T_OBJECT;
  return HCC_OK;
}

static int arg(const hctx *c, const char *key) {
  return c->dict ? hcc__json_get(&c->a, 0, key) : -1;
}

static int put_str(hctx *c, int v) { return hcc__py_str(&c->a, v, c->scratch, c->o, c->err); }

/* f"{args.get(key, dflt)}" */
static int put_get(hctx *c, const char *key, const char *dflt) {
  int v = arg(c, key);
  if (v < 0) {
    hcc__out_str(c->o, dflt);
    return HCC_OK;
  }
  return put_str(c, v);
}

/* _str_arg(args, key): absent or None give "", a string itself, the rest
 * str(). */
static int put_str_arg(hctx *c, const char *key) {
  int v = arg(c, key);
  if (v < 0 || hcc__json_is_null(&c->a, v)) return HCC_OK;
  return put_str(c, v);
}

static int truthy(const hctx *c, int v) { return v >= 0 && hcc__py_truthy(&c->a, v); }

/* The text written since mark, in the buffer. */
static int written(hctx *c, size_t mark, const char **s, size_t *n) {
  if (c->o->len > c->o->cap)
    return hcc__fail(c->err, HCC_E_WORKSPACE, 0, "internal: summary head outgrew its bound");
  *s = c->o->buf + mark;
  *n = c->o->len - mark;
  return HCC_OK;
}

/* When what was written since mark has more than `limit` code points,
 * keeps its first `keep` and appends `more` (s[:keep] + more). */
static int cut(hctx *c, size_t mark, size_t limit, size_t keep, const char *more) {
  const char *s = NULL;
  size_t n = 0;
  int rc = written(c, mark, &s, &n);
  if (rc != HCC_OK || hcc__utf8_count(s, n) <= limit) return rc;
  c->o->len = mark + hcc__utf8_prefix(s, n, keep);
  hcc__out_str(c->o, more);
  return HCC_OK;
}

/* str(name): the tool name as an f-string formats it. */
static int put_name(hctx *c) {
  if (c->known) {
    hcc__out_str(c->o, c->known);
    return HCC_OK;
  }
  if (c->name < 0) {
    hcc__out_str(c->o, "unknown");
    return HCC_OK;
  }
  return hcc__py_str(c->d, c->name, c->scratch, c->o, c->err);
}

/* The generic line: up to two " key=value" pairs, values cut to 40 code
 * points (list(args.items())[:2]: first-occurrence order, last value). */
static int put_first_args(hctx *c) {
  if (!c->dict) return HCC_OK;
  hcc_pywalk w;
  size_t mark = c->scratch->used;
  int rc = hcc__py_walk_init(&w, &c->a, 0, 0, c->scratch, c->err);
  if (rc != HCC_OK) return rc;
  const int *plan = hcc__py_walk_members(&w, 0);
  int key = 1, shown = 0;
  for (int k = 0; k < c->a.tok[0].size && shown < 2 && rc == HCC_OK;
       k++, key = hcc__json_skip(w.d, key + 1)) {
    if (plan[k] < 0) continue;
    hcc__out_ch(c->o, ' ');
    rc = put_str(c, key);
    hcc__out_ch(c->o, '=');
    size_t at = c->o->len;
    if (rc == HCC_OK) rc = put_str(c, plan[k]);
    if (rc == HCC_OK) rc = cut(c, at, 40, 40, "");
    shown++;
  }
  hcc__py_walk_pop(&w, 0);
  c->scratch->used = mark;
  return rc;
}

/* web_extract's url_desc: the first url (a dict's "url" or "href"), plus
 * " (+N more)".  That `+=` is list.extend for a list (each character one
 * element) and a TypeError for a dict, a number or True (FALLBACK). */
static int put_url_desc(hctx *c) {
  const hcc_doc *a = &c->a;
  int urls = arg(c, "urls"), first = -1, count = 0; /* first -1: "?" */
  if (urls >= 0 && a->tok[urls].type == HCC_T_ARRAY && a->tok[urls].size > 0)
    first = urls + 1, count = a->tok[urls].size;
  if (first >= 0 && a->tok[first].type == HCC_T_OBJECT) {
    int u = hcc__json_get(a, first, "url"), h = hcc__json_get(a, first, "href");
    first = truthy(c, u) ? u : truthy(c, h) ? h : -1;
  } else if (first >= 0 && a->tok[first].type != HCC_T_STRING) {
    first = -1;
  }
  int is_str = first < 0 || a->tok[first].type == HCC_T_STRING;
  if (count > 1 && !is_str && a->tok[first].type != HCC_T_ARRAY) return FALLBACK;
  int rc = first < 0 ? (hcc__out_ch(c->o, '?'), HCC_OK) : put_str(c, first);
  if (rc != HCC_OK || count <= 1) return rc;
  char more[32];
  hcc_out m;
  hcc__out_init(&m, more, sizeof more);
  hcc__out_str(&m, " (+");
  put_u64(&m, (uint64_t)count - 1);
  hcc__out_str(&m, " more)");
  if (is_str) {
    hcc__out_put(c->o, more, m.len);
    return HCC_OK;
  }
  /* a non-empty list: "[a, b" then ", ' ', '(', '+', ... ')'" then "]" */
  c->o->len--;
  for (size_t k = 0; k < m.len; k++) {
    hcc__out_str(c->o, ", '");
    hcc__out_ch(c->o, more[k]);
    hcc__out_ch(c->o, '\'');
  }
  hcc__out_ch(c->o, ']');
  return HCC_OK;
}

/* write_file's line count: str(content).count("\n") + 1 when the content
 * is truthy.  repr() escapes every newline, so only a string has any. */
static void put_written_lines(hctx *c) {
  int v = arg(c, "content");
  if (!truthy(c, v)) {
    hcc__out_ch(c->o, '?');
    return;
  }
  uint64_t lines = 1;
  if (c->a.tok[v].type == HCC_T_STRING) {
    const char *raw = c->a.text + c->a.tok[v].start;
    size_t n = (size_t)(c->a.tok[v].end - c->a.tok[v].start), pos = 0;
    while (pos < n) lines += hcc__json_body_next(raw, n, &pos) == '\n';
  }
  put_u64(c->o, lines);
}

/* One branch; writes the head and sets *tail. */
static int branch_head(hctx *c, branch b, hcc_ts_tail *tail) {
  hcc_out *o = c->o;
  size_t at;
  int rc = HCC_OK;
  switch (b) {
  case B_TERMINAL:
    hcc__out_str(o, "[terminal] ran `");
    at = o->len;
    rc = put_str_arg(c, "command");
    if (rc == HCC_OK) rc = cut(c, at, 80, 77, "...");
    hcc__out_str(o, "` -> exit ");
    *tail = HCC_TS_EXIT_LINES;
    return rc;
  case B_READ:
    hcc__out_str(o, "[read_file] read ");
    rc = put_get(c, "path", "?");
    hcc__out_str(o, " from line ");
    if (rc == HCC_OK) rc = put_get(c, "offset", "1");
    hcc__out_str(o, " (");
    *tail = HCC_TS_CHARS;
    return rc;
  case B_WRITE:
    hcc__out_str(o, "[write_file] wrote to ");
    rc = put_get(c, "path", "?");
    hcc__out_str(o, " (");
    put_written_lines(c);
    hcc__out_str(o, " lines)");
    return rc;
  case B_SEARCH:
    hcc__out_str(o, "[search_files] ");
    rc = put_get(c, "target", "content");
    hcc__out_str(o, " search for '");
    if (rc == HCC_OK) rc = put_get(c, "pattern", "?");
    hcc__out_str(o, "' in ");
    if (rc == HCC_OK) rc = put_get(c, "path", ".");
    hcc__out_str(o, " -> ");
    *tail = HCC_TS_COUNT_MATCHES;
    return rc;
  case B_PATCH:
    hcc__out_str(o, "[patch] ");
    rc = put_get(c, "mode", "replace");
    hcc__out_str(o, " in ");
    if (rc == HCC_OK) rc = put_get(c, "path", "?");
    hcc__out_str(o, " (");
    *tail = HCC_TS_CHARS_RESULT;
    return rc;
  case B_BROWSER: {
    int url = arg(c, "url"), ref = arg(c, "ref");
    hcc__out_ch(o, '[');
    put_name(c);
    hcc__out_ch(o, ']');
    if (truthy(c, url)) {
      hcc__out_ch(o, ' ');
      rc = put_str(c, url);
    } else if (truthy(c, ref)) {
      hcc__out_str(o, " ref=");
      rc = put_str(c, ref);
    }
    hcc__out_str(o, " (");
    *tail = HCC_TS_CHARS;
    return rc;
  }
  case B_WEB_SEARCH:
    hcc__out_str(o, "[web_search] query='");
    rc = put_get(c, "query", "?");
    hcc__out_str(o, "' (");
    *tail = HCC_TS_CHARS_RESULT;
    return rc;
  case B_WEB_EXTRACT:
    hcc__out_str(o, "[web_extract] ");
    rc = put_url_desc(c);
    hcc__out_str(o, " (");
    *tail = HCC_TS_CHARS;
    return rc;
  case B_DELEGATE:
    hcc__out_str(o, "[delegate_task] '");
    at = o->len;
    rc = put_str_arg(c, "goal");
    if (rc == HCC_OK) rc = cut(c, at, 60, 57, "...");
    hcc__out_str(o, "' (");
    *tail = HCC_TS_CHARS_RESULT;
    return rc;
  case B_EXECUTE: {
    hcc__out_str(o, "[execute_code] `");
    at = o->len;
    rc = put_str_arg(c, "code");
    if (rc == HCC_OK) rc = cut(c, at, 60, 60, "...");
    const char *s = NULL;
    size_t n = 0;
    if (rc == HCC_OK) rc = written(c, at, &s, &n);
    for (size_t k = 0; rc == HCC_OK && k < n; k++) /* code_str[:60].replace("\n", " ") */
      if (s[k] == '\n') c->o->buf[at + k] = ' ';
    hcc__out_str(o, "` (");
    *tail = HCC_TS_LINES_OUTPUT;
    return rc;
  }
  case B_SKILL:
    hcc__out_ch(o, '[');
    put_name(c);
    hcc__out_str(o, "] name=");
    rc = put_get(c, "name", "?");
    hcc__out_str(o, " (");
    *tail = HCC_TS_CHARS;
    return rc;
  case B_VISION:
    hcc__out_str(o, "[vision_analyze] '");
    at = o->len;
    rc = put_str_arg(c, "question");
    if (rc == HCC_OK) rc = cut(c, at, 50, 50, "");
    hcc__out_str(o, "' (");
    *tail = HCC_TS_CHARS;
    return rc;
  case B_MEMORY:
    hcc__out_str(o, "[memory] ");
    rc = put_get(c, "action", "?");
    hcc__out_str(o, " on ");
    if (rc == HCC_OK) rc = put_get(c, "target", "?");
    return rc;
  case B_TODO:
    hcc__out_str(o, "[todo] updated task list");
    return HCC_OK;
  case B_CLARIFY:
    hcc__out_str(o, "[clarify] asked user a question");
    return HCC_OK;
  case B_TTS:
    hcc__out_str(o, "[text_to_speech] generated audio (");
    *tail = HCC_TS_CHARS;
    return HCC_OK;
  case B_CRON:
    hcc__out_str(o, "[cronjob] ");
    return put_get(c, "action", "?");
  case B_PROCESS:
    hcc__out_str(o, "[process] ");
    rc = put_get(c, "action", "?");
    hcc__out_str(o, " session=");
    if (rc == HCC_OK) rc = put_get(c, "session_id", "?");
    return rc;
  case B_GENERIC:
    break;
  }
  hcc__out_ch(o, '[');
  rc = put_name(c);
  hcc__out_ch(o, ']');
  if (rc == HCC_OK) rc = put_first_args(c);
  hcc__out_str(o, " (");
  *tail = HCC_TS_CHARS_RESULT;
  return rc;
}

int hcc__ts_head(const hcc_doc *d, int name, int args, hcc_arena *scratch,
                 hcc_out *o, hcc_ts_tail *tail, hcc_error *err) {
  hctx c = no_hctx; /* a copy: memset of this size is a slow `rep stos` */
  size_t smark = scratch->used, omark = o->len;
  c.d = d, c.name = name, c.scratch = scratch, c.o = o, c.err = err;
  *tail = HCC_TS_NONE;
  branch b = B_GENERIC;
  int unhashable = 0;
  if (name < 0) {
    c.known = NULL; /* "unknown": the generic line */
  } else if (d->tok[name].type == HCC_T_STRING) {
    /* decoded once, then compared with each name; an escape takes at
     * most six bytes a byte, so a longer body decodes longer than any */
    char nm[6 * BRANCH_NAME_MAX];
    size_t rn = (size_t)(d->tok[name].end - d->tok[name].start);
    size_t n = rn <= sizeof nm ? hcc__json_decode(d->text + d->tok[name].start, rn, nm) : BRANCH_NAME_MAX + 1;
    for (size_t k = 0; n <= BRANCH_NAME_MAX && k < sizeof branches / sizeof branches[0]; k++)
      if (branches[k].len == n && memcmp(branches[k].name, nm, n) == 0) {
        b = branches[k].b;
        c.known = branches[k].name;
        break;
      }
  } else {
    /* `tool_name in {...}` hashes the name: a list or dict raises */
    unhashable = d->tok[name].type == HCC_T_ARRAY || d->tok[name].type == HCC_T_OBJECT;
  }
  int rc = parse_args(&c, args);
  if (rc == HCC_OK && !unhashable) rc = branch_head(&c, b, tail);
  else if (rc == HCC_OK) rc = FALLBACK;
  scratch->used = smark;
  if (rc != FALLBACK) return rc;
  /* the outer guard: "[<name>] (<n:,> chars result)" */
  o->len = omark;
  c.known = NULL;
  hcc__out_ch(o, '[');
  rc = put_name(&c);
  hcc__out_str(o, "] (");
  *tail = HCC_TS_CHARS_RESULT;
  return rc;
}
