/* gen_bench.c -- deterministic generator of benchmark inputs (not a test).
 *
 *   gen_bench KIND [--bytes N] [--count N] [--seed N] -o FILE
 *
 * Writes one JSON document to FILE and a sidecar FILE.meta.json
 * ({"kind", "bytes", "messages", "tool_calls", "seed", "gen_version"}).
 * The same arguments always give the same bytes (splitmix64 seeded by
 * --seed, default 1; no clock, no locale, no address-dependent choices).
 *
 * Documents are written in the format of Python's
 * json.dumps(value, ensure_ascii=False) (", " and ": " separators, the
 * same escapes), so hcc's byte-for-byte copies and hermes's re-serialized
 * output can be compared on them.
 *
 * Kinds (realistic; --bytes is the target size, the document stops at the
 * first message boundary past it):
 *   transcript   a hermes chat transcript (a JSON array of messages): a
 *                system prompt, an earlier compaction summary (the current
 *                SUMMARY_PREFIX, a Markdown body, the end marker), user
 *                turns (some with image parts, some CJK, some long pastes),
 *                assistant turns with parallel tool calls whose JSON
 *                arguments are sometimes large (write_file, patch), tool
 *                results (file reads, terminal output with ANSI escapes,
 *                search listings, web results), final answers; a few
 *                orphan tool results and unanswered calls (1 turn in 400)
 *                so repair has work to do.  About 500 bytes a message.
 *   summary      one JSON string: SUMMARY_PREFIX, "\n", a Markdown summary
 *                body, the end marker (strip-prefix / with-prefix input)
 *   merged       a message content list (classify-summary input): a text
 *                part with the merged-context header, preserved tail text,
 *                the merged delimiter, then the prefixed summary
 *   trajectory   one trajectory entry {"conversations": [{"from", "value"}
 *                ...], ...metadata} as hermes's batch runner writes them
 *
 * Kinds (adversarial shapes; sizes by --count or --bytes):
 *   deep         transcript whose every message carries a member nested
 *                --count levels deep in total (<= HCC_MAX_DEPTH), half of
 *                them inside a tool call, which the estimator renders
 *   deep-reject  --count '[' then as many ']' (must be refused: depth cap)
 *   wide-msg     a transcript whose user message has --count extra keys
 *   wide-args    a transcript whose first tool call's arguments are a JSON
 *                object of --count keys (truncate-args parses it)
 *   huge-output  a transcript with one tool result of --bytes bytes
 *   huge-args    a transcript with one tool call whose arguments hold one
 *                string of --bytes bytes
 *   near-miss    one summary-shaped string of --bytes bytes made of
 *                almost-matches of the end marker and merged delimiter
 *                (what a naive substring search is quadratic on)
 *   tiny         --count two-word messages, user and assistant in turn
 *   parallel     one assistant message with --count parallel tool calls,
 *                then --count tool results
 *   parallel-orphans  the same calls with no results (repair removes all)
 *   floats       turns until --bytes whose tool calls each pass a vector of
 *                1,536 floats (an embedding) in their arguments, written
 *                as Python writes them (shortest repr, 16-17 digits)
 *   traj-tiny    a trajectory of --count tiny turns
 *   traj-huge    a trajectory with one tool turn of --bytes bytes
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefixes.h"
#include "py.h"

#define GEN_VERSION 1

/* ---- output ---------------------------------------------------------------- */

static FILE *out_f;
static char out_buf[1 << 20];
static size_t out_n;
static uint64_t out_total;

static void flush_out(void) {
  if (out_n && fwrite(out_buf, 1, out_n, out_f) != out_n) {
    perror("gen_bench: write");
    exit(1);
  }
  out_n = 0;
}

static void put(const char *s, size_t n) {
  out_total += n;
  while (n) {
    size_t k = sizeof out_buf - out_n;
    if (k > n) k = n;
    memcpy(out_buf + out_n, s, k);
    out_n += k;
    s += k;
    n -= k;
    if (out_n == sizeof out_buf) flush_out();
  }
}
static void puts_(const char *s) { put(s, strlen(s)); }

/* ---- scratch strings ------------------------------------------------------- */

typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n) {
  if (b->n + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + n) cap *= 2;
    b->p = realloc(b->p, cap);
    if (!b->p) {
      fprintf(stderr, "gen_bench: out of memory\n");
      exit(1);
    }
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
}
static void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
static void sb_printf(sbuf *b, const char *fmt, unsigned long long v) {
  char tmp[64];
  int k = snprintf(tmp, sizeof tmp, fmt, v);
  sb_put(b, tmp, (size_t)k);
}

/* The body of a JSON string as Python's json.dumps(ensure_ascii=False)
 * escapes s[0..n) (UTF-8 in): \" \\ \n \r \t \b \f, other control bytes
 * as \u00xx, everything else raw. */
static void esc_body(sbuf *dst, const char *s, size_t n, int to_out) {
  static const char hex[] = "0123456789abcdef";
  size_t run = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *e = NULL;
    char u[6];
    size_t en = 2;
    if (c == '"') e = "\\\"";
    else if (c == '\\') e = "\\\\";
    else if (c == '\n') e = "\\n";
    else if (c == '\r') e = "\\r";
    else if (c == '\t') e = "\\t";
    else if (c == '\b') e = "\\b";
    else if (c == '\f') e = "\\f";
    else if (c < 0x20) {
      memcpy(u, "\\u00", 4);
      u[4] = hex[c >> 4];
      u[5] = hex[c & 15];
      e = u;
      en = 6;
    }
    if (!e) continue;
    if (to_out) put(s + run, i - run);
    else sb_put(dst, s + run, i - run);
    if (to_out) put(e, en);
    else sb_put(dst, e, en);
    run = i + 1;
  }
  if (to_out) put(s + run, n - run);
  else sb_put(dst, s + run, n - run);
}
/* A quoted JSON string to the output / into a scratch buffer. */
static void out_jstr(const char *s, size_t n) {
  put("\"", 1);
  esc_body(NULL, s, n, 1);
  put("\"", 1);
}
static void sb_jstr(sbuf *b, const char *s, size_t n) {
  sb_put(b, "\"", 1);
  esc_body(b, s, n, 0);
  sb_put(b, "\"", 1);
}

/* ---- randomness ------------------------------------------------------------ */

static uint64_t rng_state;
static uint64_t rnd(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static size_t below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }
static size_t between(size_t lo, size_t hi) { return lo + below(hi - lo + 1); }
static int pct(unsigned p) { return below(100) < p; }

/* ---- text ------------------------------------------------------------------ */

static const char *const words[] = {
    "the", "build", "fails", "because", "config", "path", "is", "missing", "from", "cache",
    "we", "should", "check", "whether", "tests", "pass", "after", "patch", "function",
    "returns", "null", "when", "input", "empty", "string", "buffer", "overflow", "parser",
    "token", "compaction", "summary", "context", "window", "model", "provider", "request",
    "retry", "timeout", "server", "client", "database", "migration", "schema", "index",
    "query", "latency", "memory", "thread", "lock", "deadlock", "queue", "worker", "deploy",
    "rollback", "branch", "commit", "review", "merge", "conflict", "release", "version",
    "dependency", "upgrade", "warning", "error", "stack", "trace", "line", "file", "module",
    "import", "export", "async", "await", "promise", "handler", "route", "endpoint", "auth",
    "token_budget", "max_tokens", "tool_calls", "src/main.c", "README.md", "Makefile",
    "pyproject.toml", "--verbose", "-j2", "0x7ffd", "42", "3.14", "1e-9", "100%", "(ok)",
    "\"quoted\"", "back\\slash", "tab\there", "caf\xc3\xa9", "na\xc3\xafve", "Z\xc3\xbcrich",
    "se\xc3\xb1or", "\xc3\xa5ngstr\xc3\xb6m", "\xe2\x80\x94", "\xe2\x86\x92", "\xe2\x80\xa6",
    "\xc2\xb5s", "\xce\xbb", "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", "\xf0\x9f\x98\x80",
    "\xf0\x9f\x9a\x80"};
#define NWORDS (sizeof words / sizeof words[0])

/* CJK, Hangul and fullwidth text: what the token estimator counts densely. */
static const char *const cjk[] = {
    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x81\xae\xe3\x83\x86\xe3\x82\xad\xe3\x82\xb9\xe3\x83\x88",
    "\xe4\xb8\xad\xe6\x96\x87\xe6\xb5\x8b\xe8\xaf\x95\xe6\x96\x87\xe6\x9c\xac",
    "\xe6\x9e\x84\xe5\xbb\xba\xe5\xa4\xb1\xe8\xb4\xa5\xef\xbc\x8c\xe8\xaf\xb7\xe6\xa3\x80\xe6\x9f\xa5\xe9\x85\x8d\xe7\xbd\xae\xe3\x80\x82",
    "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4 \xed\x85\x8c\xec\x8a\xa4\xed\x8a\xb8",
    "\xe3\x83\x95\xe3\x82\xa1\xe3\x82\xa4\xe3\x83\xab\xe3\x82\x92\xe8\xaa\xad\xe3\x81\xbf\xe8\xbe\xbc\xe3\x82\x80",
    "\xef\xbc\xa1\xef\xbc\xa2\xef\xbc\xa3\xef\xbc\x91\xef\xbc\x92\xef\xbc\x93",
    "\xe4\xbb\xa3\xe7\xa0\x81\xe5\xae\xa1\xe6\x9f\xa5\xe5\xb7\xb2\xe5\xae\x8c\xe6\x88\x90"};
#define NCJK (sizeof cjk / sizeof cjk[0])

/* Prose of about n bytes; cjk_pct percent of the words are CJK phrases. */
static void prose(sbuf *b, size_t n, unsigned cjk_pct) {
  size_t end = b->n + n;
  int first = 1;
  while (b->n < end) {
    if (!first) sb_puts(b, below(12) == 0 ? ".\n" : " ");
    first = 0;
    sb_puts(b, pct(cjk_pct) ? cjk[below(NCJK)] : words[below(NWORDS)]);
  }
}

static const char *const code_lines[] = {
    "static int parse_header(const char *s, size_t n, struct header *h) {",
    "    if (n < 4 || memcmp(s, \"HCC1\", 4) != 0) return -1;",
    "    for (size_t i = 0; i < n; i++) total += (unsigned char)s[i];",
    "    return snprintf(buf, sizeof buf, \"%s\\t%d\\n\", name, count);",
    "def compress(messages, *, budget=12800):",
    "    \"\"\"Return the messages that fit the budget.\"\"\"",
    "    tokens = sum(estimate(m) for m in messages)",
    "    if tokens <= budget:\n        return messages",
    "    raise ValueError(f\"budget {budget} exceeded by {tokens - budget}\")",
    "}", "", "# \xe6\xb3\xa8\xe9\x87\x8a: \xe8\xbf\x99\xe9\x87\x8c\xe5\xa4\x84\xe7\x90\x86\xe8\xbe\xb9\xe7\x95\x8c\xe6\x83\x85\xe5\x86\xb5",
    "const path = require('path'); // caf\xc3\xa9 \xe2\x80\x94 r\xc3\xa9sum\xc3\xa9",
    "    print(\"\xe5\xae\x8c\xe4\xba\x86\xe3\x81\x97\xe3\x81\xbe\xe3\x81\x97\xe3\x81\x9f \xf0\x9f\x98\x80\")"};
#define NCODE (sizeof code_lines / sizeof code_lines[0])

/* read_file output: numbered lines as hermes's file tool shows them. */
static void file_text(sbuf *b, size_t n, int numbered) {
  size_t end = b->n + n;
  for (unsigned long ln = 1; b->n < end; ln++) {
    if (numbered) sb_printf(b, "%6llu|", ln);
    sb_puts(b, code_lines[below(NCODE)]);
    sb_puts(b, "\n");
  }
}

static const char *const term_lines[] = {
    "\x1b[32mPASS\x1b[0m tests/test_parser.py::test_empty (0.01s)",
    "\x1b[31mFAIL\x1b[0m tests/test_budget.py::test_cjk_dense - AssertionError: 12 != 13",
    "gcc -O2 -g -std=c11 -Wall -Wextra -c src/json.c -o build/json.o",
    "src/json.c:412:9: warning: unused variable \xe2\x80\x98tmp\xe2\x80\x99 [-Wunused-variable]",
    "npm WARN deprecated inflight@1.0.6: This module is not supported",
    "  File \"/home/user/app/main.py\", line 88, in <module>",
    "drwxr-xr-x  5 user user   4096 Mar  3 10:12 src",
    "-rw-r--r--  1 user user  18234 Mar  3 10:12 README.md",
    "\xe7\xbc\x96\xe8\xaf\x91\xe5\xae\x8c\xe6\x88\x90\xef\xbc\x8c\xe8\x80\x97\xe6\x97\xb6 3.2 \xe7\xa7\x92",
    "100%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88| 512/512 [00:03<00:00, 160.2it/s]",
    "\r\x1b[K[=====>      ] 47% resolving deltas"};
#define NTERM (sizeof term_lines / sizeof term_lines[0])

static void terminal_text(sbuf *b, size_t n) {
  size_t end = b->n + n;
  while (b->n < end) {
    sb_puts(b, term_lines[below(NTERM)]);
    sb_puts(b, "\n");
  }
}

static void base64_text(sbuf *b, size_t n) {
  static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char chunk[64];
  n -= n % 4;
  while (n) {
    size_t k = n < sizeof chunk ? n : sizeof chunk;
    uint64_t r = rnd();
    for (size_t i = 0; i < k; i++) {
      if (i % 10 == 0) r = rnd();
      chunk[i] = a[r & 63];
      r >>= 6;
    }
    sb_put(b, chunk, k);
    n -= k;
  }
}

/* Sizes with a heavy tail: p_mid percent in [mid], p_big in [big]. */
static size_t tail_size(size_t lo, size_t hi, unsigned p_mid, size_t mlo, size_t mhi,
                        unsigned p_big, size_t blo, size_t bhi) {
  size_t r = below(100);
  if (r < p_big) return between(blo, bhi);
  if (r < p_big + p_mid) return between(mlo, mhi);
  return between(lo, hi);
}

/* ---- messages -------------------------------------------------------------- */

static uint64_t n_messages, n_calls, id_counter;
static int first_elem;
/* tmp1: the text of the message being written; tmp2: text nested in it
 * (the string inside tool-call arguments); tmp3: arguments and outputs
 * that go inside trajectory turns. */
static sbuf tmp1, tmp2, tmp3;

static void begin_elem(void) {
  if (!first_elem) put(", ", 2);
  first_elem = 0;
}

/* {"role": ROLE, "content": TEXT} with TEXT from a scratch buffer. */
static void msg_text(const char *role, const sbuf *text) {
  begin_elem();
  puts_("{\"role\": \"");
  puts_(role);
  puts_("\", \"content\": ");
  out_jstr(text->p, text->n);
  puts_("}");
  n_messages++;
}

static void make_call_id(char *id) {
  snprintf(id, 40, "call_%06llx%012llx", (unsigned long long)(id_counter++ & 0xffffff),
           (unsigned long long)(rnd() & 0xffffffffffffULL));
}

static const char *const tools[] = {"read_file", "terminal", "search_files", "write_file",
                                    "patch", "web_search"};

/* Arguments object (as JSON text) of a call to tool t. */
static void call_args(sbuf *a, int t) {
  a->n = 0;
  tmp2.n = 0;
  switch (t) {
  case 0:
    sb_puts(a, "{\"path\": \"src/module_");
    sb_printf(a, "%llu.c\"", below(500));
    if (pct(30)) sb_printf(a, ", \"offset\": %llu, \"limit\": 200", below(4000));
    sb_puts(a, "}");
    break;
  case 1:
    sb_puts(a, "{\"command\": ");
    prose(&tmp2, between(20, 120), 2);
    sb_jstr(a, tmp2.p, tmp2.n);
    sb_puts(a, ", \"timeout\": 300}");
    break;
  case 2:
    sb_puts(a, "{\"pattern\": \"TODO|FIXME\", \"path\": \"src\", \"file_glob\": \"*.py\"}");
    break;
  case 3: /* the large ones: whole files written */
    sb_puts(a, "{\"path\": \"docs/notes_");
    sb_printf(a, "%llu.md\", \"content\": ", below(100));
    file_text(&tmp2, tail_size(150, 800, 17, 1500, 5000, 3, 8000, 30000), 0);
    sb_jstr(a, tmp2.p, tmp2.n);
    sb_puts(a, "}");
    break;
  case 4:
    sb_puts(a, "{\"path\": \"src/app.py\", \"old_string\": ");
    file_text(&tmp2, between(60, 600), 0);
    sb_jstr(a, tmp2.p, tmp2.n);
    sb_puts(a, ", \"new_string\": ");
    tmp2.n = 0;
    file_text(&tmp2, between(60, 900), 0);
    sb_jstr(a, tmp2.p, tmp2.n);
    sb_puts(a, "}");
    break;
  default:
    sb_puts(a, "{\"query\": ");
    prose(&tmp2, between(10, 60), 40);
    sb_jstr(a, tmp2.p, tmp2.n);
    sb_puts(a, "}");
    break;
  }
}

/* What tool t answers. */
static void tool_output(sbuf *o, int t) {
  o->n = 0;
  switch (t) {
  case 0:
    file_text(o, tail_size(80, 400, 15, 700, 2000, 2, 4000, 16000), 1);
    break;
  case 1:
    terminal_text(o, tail_size(50, 350, 15, 600, 1600, 2, 4000, 16000));
    break;
  case 2:
    for (size_t i = 0, k = between(2, 12); i < k; i++) {
      sb_printf(o, "src/pkg/mod_%llu.py:", below(300));
      sb_printf(o, "%llu:    # TODO ", below(900));
      prose(o, between(10, 40), 5);
      sb_puts(o, "\n");
    }
    break;
  case 3:
  case 4:
    sb_puts(o, "{\"success\": true, \"bytes_written\": ");
    sb_printf(o, "%llu}", between(100, 40000));
    break;
  default:
    for (size_t i = 0, k = between(2, 5); i < k; i++) {
      sb_puts(o, "## ");
      prose(o, between(20, 50), 30);
      sb_puts(o, "\nhttps://example.com/");
      sb_printf(o, "%llu\n", below(100000));
      prose(o, between(60, 200), 30);
      sb_puts(o, "\n\n");
    }
    break;
  }
}

static int pick_tool(void) {
  size_t r = below(100);
  if (r < 30) return 0;
  if (r < 60) return 1;
  if (r < 72) return 2;
  if (r < 80) return 3;
  if (r < 90) return 4;
  return 5;
}

static void user_turn(void) {
  tmp1.n = 0;
  size_t r = below(100);
  if (r < 8) { /* a screenshot with a question */
    begin_elem();
    puts_("{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": ");
    prose(&tmp1, between(30, 200), 15);
    out_jstr(tmp1.p, tmp1.n);
    puts_("}, {\"type\": \"image_url\", \"image_url\": {\"url\": \"data:image/png;base64,");
    tmp1.n = 0;
    base64_text(&tmp1, between(400, 3000));
    put(tmp1.p, tmp1.n);
    puts_("\"}}]}");
    n_messages++;
    return;
  }
  if (r < 14) file_text(&tmp1, between(500, 3000), 0); /* a pasted log or file */
  else prose(&tmp1, between(30, 300), r < 30 ? 60 : 4);
  msg_text("user", &tmp1);
}

/* One assistant message with k parallel calls; ids into ids[], tools into ts[]. */
static void assistant_calls(size_t k, char ids[][40], int *ts) {
  begin_elem();
  puts_("{\"role\": \"assistant\", \"content\": ");
  size_t r = below(100);
  if (r < 50) puts_("null");
  else if (r < 70) puts_("\"\"");
  else {
    tmp1.n = 0;
    prose(&tmp1, between(20, 200), 10);
    out_jstr(tmp1.p, tmp1.n);
  }
  puts_(", \"tool_calls\": [");
  for (size_t i = 0; i < k; i++) {
    ts[i] = pick_tool();
    make_call_id(ids[i]);
    if (i) puts_(", ");
    puts_("{\"id\": \"");
    puts_(ids[i]);
    puts_("\", \"type\": \"function\", \"function\": {\"name\": \"");
    puts_(tools[ts[i]]);
    puts_("\", \"arguments\": ");
    call_args(&tmp1, ts[i]);
    out_jstr(tmp1.p, tmp1.n);
    puts_("}}");
    n_calls++;
  }
  puts_("]}");
  n_messages++;
}

static void tool_result(const char *id, int t) {
  begin_elem();
  puts_("{\"role\": \"tool\", \"tool_call_id\": \"");
  puts_(id);
  puts_("\", \"content\": ");
  tool_output(&tmp1, t);
  out_jstr(tmp1.p, tmp1.n);
  puts_("}");
  n_messages++;
}

static void summary_body(sbuf *b, size_t n) {
  size_t end = b->n + n;
  sb_puts(b, "## Historical Task Snapshot\n");
  while (b->n < end) {
    static const char *const heads[] = {"## Historical In-Progress State\n",
                                        "## Historical Pending User Asks\n",
                                        "## Files Touched\n", "## Decisions\n"};
    sb_puts(b, heads[below(4)]);
    for (size_t i = 0, k = between(2, 6); i < k && b->n < end; i++) {
      sb_puts(b, "- ");
      prose(b, between(40, 200), 20);
      sb_puts(b, "\n");
    }
    sb_puts(b, "\n");
  }
}

static void system_prompt(sbuf *b) {
  sb_puts(b, "You are a coding agent working in a terminal. Use the tools to read, edit and "
             "run code; keep answers short.\n\n# MEMORY.md\n");
  prose(b, 700, 10);
  sb_puts(b, "\n\n# USER.md\n");
  prose(b, 300, 50);
  sb_puts(b, "\n\n# Skills\n- ");
  prose(b, 300, 0);
}

static void handoff_summary(sbuf *b, size_t body) {
  const hcc_lit *pre = &hcc__lits[HCC_LIT_SUMMARY_PREFIX];
  const hcc_lit *end = &hcc__lits[HCC_LIT_SUMMARY_END_MARKER];
  sb_put(b, pre->s, pre->n);
  sb_puts(b, "\n");
  summary_body(b, body);
  sb_puts(b, "\n");
  sb_put(b, end->s, end->n);
}

/* One user turn and the agent's work on it: 0-4 rounds of parallel tool
 * calls, then an answer.  `orphans`: 1 in 400 turns drops a tool result or
 * adds a result for an unknown call. */
static void turn(int orphans) {
  char ids[8][40];
  int ts[8];
  user_turn();
  for (size_t round = 0, rounds = tail_size(0, 2, 25, 3, 4, 0, 0, 0); round < rounds; round++) {
    size_t k = tail_size(1, 1, 28, 2, 4, 7, 5, 8);
    assistant_calls(k, ids, ts);
    int drop = orphans && below(400) == 0 ? (int)below(k) : -1;
    for (size_t i = 0; i < k; i++)
      if ((int)i != drop) tool_result(ids[i], ts[i]);
    if (orphans && below(400) == 0) {
      char stray[40];
      make_call_id(stray);
      tool_result(stray, 1);
    }
  }
  tmp1.n = 0;
  prose(&tmp1, tail_size(40, 300, 15, 400, 1200, 0, 0, 0), 12);
  msg_text("assistant", &tmp1);
}

static void gen_transcript(uint64_t target) {
  put("[", 1);
  first_elem = 1;
  tmp1.n = 0;
  system_prompt(&tmp1);
  msg_text("system", &tmp1);
  tmp1.n = 0;
  handoff_summary(&tmp1, target < 100000 ? 600 : 3000);
  msg_text("user", &tmp1);
  tmp1.n = 0;
  sb_puts(&tmp1, "Understood; continuing from the summary.");
  msg_text("assistant", &tmp1);
  while (out_total < target) turn(1);
  tmp1.n = 0;
  prose(&tmp1, 120, 10);
  msg_text("user", &tmp1);
  put("]", 1);
}

static void gen_summary(uint64_t target) {
  tmp1.n = 0;
  handoff_summary(&tmp1, target > 2000 ? target - 1800 : 200);
  out_jstr(tmp1.p, tmp1.n);
}

static void gen_merged(uint64_t target) {
  const hcc_lit *hdr = &hcc__lits[HCC_LIT_MERGED_PRIOR_CONTEXT_HEADER];
  const hcc_lit *del = &hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER];
  tmp1.n = 0;
  sb_put(&tmp1, hdr->s, hdr->n);
  sb_puts(&tmp1, "\n");
  prose(&tmp1, target / 3, 10);
  sb_puts(&tmp1, "\n");
  sb_put(&tmp1, del->s, del->n);
  sb_puts(&tmp1, "\n");
  tmp2.n = 0;
  handoff_summary(&tmp2, target > 3000 ? target - target / 3 - 2000 : 200);
  puts_("[{\"type\": \"text\", \"text\": ");
  out_jstr(tmp1.p, tmp1.n);
  puts_("}, {\"type\": \"text\", \"text\": ");
  out_jstr(tmp2.p, tmp2.n);
  puts_("}]");
}

/* ---- trajectories ---------------------------------------------------------- */

static void turn_v(const char *from, const sbuf *v) {
  begin_elem();
  puts_("{\"from\": \"");
  puts_(from);
  puts_("\", \"value\": ");
  out_jstr(v->p, v->n);
  puts_("}");
  n_messages++;
}

static void traj_round(void) {
  tmp1.n = 0;
  prose(&tmp1, between(30, 300), 10);
  turn_v("human", &tmp1);
  for (size_t round = 0, rounds = between(1, 4); round < rounds; round++) {
    int t = pick_tool();
    tmp1.n = 0;
    sb_puts(&tmp1, "<think>\n");
    prose(&tmp1, between(40, 400), 8);
    sb_puts(&tmp1, "\n</think>\n<tool_call>\n{\"name\": \"");
    sb_puts(&tmp1, tools[t]);
    sb_puts(&tmp1, "\", \"arguments\": ");
    call_args(&tmp3, t);
    sb_put(&tmp1, tmp3.p, tmp3.n);
    sb_puts(&tmp1, "}\n</tool_call>");
    turn_v("gpt", &tmp1);
    n_calls++;
    tmp1.n = 0;
    sb_puts(&tmp1, "<tool_response>\n{\"tool_call_id\": \"call_");
    sb_printf(&tmp1, "%llu\", \"name\": \"", id_counter++);
    sb_puts(&tmp1, tools[t]);
    sb_puts(&tmp1, "\", \"content\": ");
    tool_output(&tmp3, t);
    sb_jstr(&tmp1, tmp3.p, tmp3.n);
    sb_puts(&tmp1, "}\n</tool_response>");
    turn_v("tool", &tmp1);
  }
  tmp1.n = 0;
  prose(&tmp1, between(40, 600), 12);
  turn_v("gpt", &tmp1);
}

static void traj_open(void) {
  puts_("{\"conversations\": [");
  first_elem = 1;
  tmp1.n = 0;
  system_prompt(&tmp1);
  turn_v("system", &tmp1);
}
static void traj_close(void) {
  puts_("], \"timestamp\": \"2025-01-01T00:00:00\", \"model\": \"bench/model\", "
        "\"completed\": true, \"partial\": false, \"toolsets_used\": [\"terminal\", \"file\"]}");
}

static void gen_trajectory(uint64_t target) {
  traj_open();
  while (out_total < target) traj_round();
  traj_close();
}

/* ---- adversarial shapes ---------------------------------------------------- */

static void nest(size_t depth) { /* depth levels of arrays around a 1 */
  for (size_t i = 0; i < depth; i++) put("[", 1);
  put("1", 1);
  for (size_t i = 0; i < depth; i++) put("]", 1);
}

/* Messages ~1 KB each; every one nests to `depth` levels in total (the
 * root array and the message object are 2 of them). */
static void gen_deep(uint64_t target, size_t depth) {
  put("[", 1);
  first_elem = 1;
  for (uint64_t i = 0; out_total < target; i++) {
    char id[40];
    begin_elem();
    if (i % 2 == 0) {
      puts_("{\"role\": \"user\", \"content\": \"look at this\", \"meta\": ");
      nest(depth - 2);
      puts_("}");
      n_messages++;
    } else { /* the tool call object is at depth 5: [ { [ { extra */
      make_call_id(id);
      puts_("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"");
      puts_(id);
      puts_("\", \"type\": \"function\", \"function\": {\"name\": \"terminal\", \"arguments\": "
            "\"{\\\"command\\\": \\\"ls\\\"}\"}, \"extra\": ");
      nest(depth - 4);
      puts_("}]}");
      n_messages++;
      n_calls++;
      begin_elem();
      puts_("{\"role\": \"tool\", \"tool_call_id\": \"");
      puts_(id);
      puts_("\", \"content\": \"ok\"}");
      n_messages++;
    }
  }
  puts_("]");
}

static void gen_deep_reject(size_t depth) {
  for (size_t i = 0; i < depth; i++) put("[", 1);
  for (size_t i = 0; i < depth; i++) put("]", 1);
}

/* Filler messages after a big item, so it lies outside the protected tail
 * (hermes's default tail: 20 messages and 12,800 tokens). */
static void filler(void) {
  for (int i = 0; i < 40; i++) {
    tmp1.n = 0;
    prose(&tmp1, 2000, 5);
    msg_text(i % 2 ? "assistant" : "user", &tmp1);
  }
}

static void head_msgs(void) {
  put("[", 1);
  first_elem = 1;
  tmp1.n = 0;
  system_prompt(&tmp1);
  msg_text("system", &tmp1);
}

/* A user message of a fixed text. */
static void user_says(const char *text) {
  tmp1.n = 0;
  sb_puts(&tmp1, text);
  msg_text("user", &tmp1);
}

static void gen_wide_msg(size_t keys) {
  char k[48];
  head_msgs();
  begin_elem();
  puts_("{");
  for (size_t i = 0; i < keys; i++) {
    int n = snprintf(k, sizeof k, "\"k%07zu\": %zu, ", i, i % 1000);
    put(k, (size_t)n);
  }
  puts_("\"role\": \"user\", \"content\": \"hello\"}");
  n_messages++;
  filler();
  put("]", 1);
}

static void gen_wide_args(size_t keys) {
  char k[64], id[40];
  head_msgs();
  user_says("run it");
  make_call_id(id);
  tmp1.n = 0;
  sb_puts(&tmp1, "{");
  for (size_t i = 0; i < keys; i++) {
    int n = snprintf(k, sizeof k, "%s\"k%07zu\": \"value %zu\"", i ? ", " : "", i, i);
    sb_put(&tmp1, k, (size_t)n);
  }
  sb_puts(&tmp1, "}");
  begin_elem();
  puts_("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"");
  puts_(id);
  puts_("\", \"type\": \"function\", \"function\": {\"name\": \"configure\", \"arguments\": ");
  out_jstr(tmp1.p, tmp1.n);
  puts_("}}]}");
  n_messages++;
  n_calls++;
  tmp1.n = 0;
  sb_puts(&tmp1, "configured");
  tool_result(id, 2);
  filler();
  put("]", 1);
}

static void gen_huge_output(uint64_t bytes) {
  char id[40];
  head_msgs();
  user_says("read the log");
  make_call_id(id);
  begin_elem();
  puts_("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"");
  puts_(id);
  puts_("\", \"type\": \"function\", \"function\": {\"name\": \"read_file\", \"arguments\": "
        "\"{\\\"path\\\": \\\"build.log\\\"}\"}}]}");
  n_messages++;
  n_calls++;
  begin_elem();
  puts_("{\"role\": \"tool\", \"tool_call_id\": \"");
  puts_(id);
  puts_("\", \"content\": ");
  tmp1.n = 0;
  terminal_text(&tmp1, bytes);
  out_jstr(tmp1.p, tmp1.n);
  puts_("}");
  n_messages++;
  filler();
  put("]", 1);
}

/* An assistant message with one write_file call whose arguments are the
 * JSON text in tmp1, then the call's result. */
static void write_call_turn(const char *id) {
  begin_elem();
  puts_("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"");
  puts_(id);
  puts_("\", \"type\": \"function\", \"function\": {\"name\": \"write_file\", \"arguments\": ");
  out_jstr(tmp1.p, tmp1.n);
  puts_("}}]}");
  n_messages++;
  n_calls++;
  tool_result(id, 3);
}

static void gen_huge_args(uint64_t bytes) {
  char id[40];
  head_msgs();
  user_says("write it");
  make_call_id(id);
  tmp2.n = 0;
  file_text(&tmp2, bytes, 0);
  tmp1.n = 0;
  sb_puts(&tmp1, "{\"path\": \"big.txt\", \"content\": ");
  sb_jstr(&tmp1, tmp2.p, tmp2.n);
  sb_puts(&tmp1, "}");
  write_call_turn(id);
  filler();
  put("]", 1);
}

/* An embedding's worth of floats per call: the numbers every op that reads
 * arguments (truncate-args, prune, compress) parses, and re-writes by
 * repr(float), which is where a float costs most. */
static void gen_floats(uint64_t bytes) {
  char id[40], num[32];
  head_msgs();
  while (out_total < bytes) {
    user_says("store the embedding");
    make_call_id(id);
    tmp1.n = 0;
    sb_puts(&tmp1, "{\"path\": \"vectors/");
    sb_puts(&tmp1, id);
    sb_puts(&tmp1, ".json\", \"vector\": [");
    for (int k = 0; k < 1536; k++) {
      /* a sum of uniforms, roughly normal around 0 with sd 0.05 */
      double x = ((double)(rnd() >> 11) + (double)(rnd() >> 11) - 9007199254740992.0) / 9007199254740992.0 * 0.0866;
      if (k) sb_puts(&tmp1, ", ");
      sb_put(&tmp1, num, hcc__py_float_repr(x, num));
    }
    sb_puts(&tmp1, "]}");
    write_call_turn(id);
  }
  filler();
  put("]", 1);
}

static void gen_near_miss(uint64_t bytes) {
  const hcc_lit *end = &hcc__lits[HCC_LIT_SUMMARY_END_MARKER];
  const hcc_lit *del = &hcc__lits[HCC_LIT_MERGED_SUMMARY_DELIMITER];
  const hcc_lit *pre = &hcc__lits[HCC_LIT_SUMMARY_PREFIX];
  tmp1.n = 0;
  sb_put(&tmp1, pre->s, pre->n);
  sb_puts(&tmp1, "\n");
  while (tmp1.n < bytes) { /* every copy but its last byte, back to back */
    sb_put(&tmp1, end->s, end->n - 1);
    sb_put(&tmp1, del->s, del->n - 1);
    sb_put(&tmp1, pre->s, pre->n - 1);
  }
  out_jstr(tmp1.p, tmp1.n);
}

static void gen_tiny(size_t count) {
  put("[", 1);
  first_elem = 1;
  for (size_t i = 0; i < count; i++) {
    begin_elem();
    puts_(i % 2 ? "{\"role\": \"assistant\", \"content\": \"ok\"}"
                : "{\"role\": \"user\", \"content\": \"hi\"}");
    n_messages++;
  }
  put("]", 1);
}

static void gen_parallel(size_t count, int answered) {
  char k[160];
  head_msgs();
  user_says("read all files");
  begin_elem();
  puts_("{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [");
  for (size_t i = 0; i < count; i++) {
    int n = snprintf(k, sizeof k,
                     "%s{\"id\": \"call_%07zu\", \"type\": \"function\", \"function\": {\"name\": "
                     "\"read_file\", \"arguments\": \"{\\\"path\\\": \\\"f%zu\\\"}\"}}",
                     i ? ", " : "", i, i);
    put(k, (size_t)n);
  }
  puts_("]}");
  n_messages++;
  n_calls += count;
  for (size_t i = 0; answered && i < count; i++) {
    begin_elem();
    int n = snprintf(k, sizeof k, "{\"role\": \"tool\", \"tool_call_id\": \"call_%07zu\", "
                     "\"content\": \"line %zu\"}", i, i);
    put(k, (size_t)n);
    n_messages++;
  }
  tmp1.n = 0;
  sb_puts(&tmp1, "done");
  msg_text("assistant", &tmp1);
  user_says("thanks");
  put("]", 1);
}

static void gen_traj_tiny(size_t count) {
  static const char *const from[] = {"human", "gpt", "tool", "gpt"};
  traj_open();
  for (size_t i = 0; i < count; i++) {
    begin_elem();
    puts_("{\"from\": \"");
    puts_(from[i % 4]);
    puts_("\", \"value\": \"ok\"}");
    n_messages++;
  }
  traj_close();
}

static void gen_traj_huge(uint64_t bytes) {
  traj_open();
  for (int i = 0; i < 4; i++) traj_round();
  tmp1.n = 0;
  sb_puts(&tmp1, "<tool_response>\n");
  terminal_text(&tmp1, bytes);
  sb_puts(&tmp1, "</tool_response>");
  turn_v("tool", &tmp1);
  for (int i = 0; i < 8; i++) traj_round();
  traj_close();
}

/* ---- main ------------------------------------------------------------------ */

static int usage(void) {
  fprintf(stderr, "usage: gen_bench KIND [--bytes N] [--count N] [--seed N] -o FILE\n"
                  "kinds: transcript summary merged trajectory deep deep-reject wide-msg\n"
                  "       wide-args huge-output huge-args near-miss tiny parallel\n"
                  "       parallel-orphans floats traj-tiny traj-huge\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage();
  const char *kind = argv[1], *path = NULL;
  uint64_t bytes = 1000000, count = 1000, seed = 1;
  for (int i = 2; i < argc; i++) {
    if (i + 1 >= argc) return usage();
    if (!strcmp(argv[i], "--bytes")) bytes = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--count")) count = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "-o")) path = argv[++i];
    else return usage();
  }
  if (!path) return usage();
  rng_state = seed * 0x2545f4914f6cdd1dULL + 1;
  out_f = fopen(path, "wb");
  if (!out_f) {
    perror(path);
    return 1;
  }
  if (!strcmp(kind, "transcript")) gen_transcript(bytes);
  else if (!strcmp(kind, "summary")) gen_summary(bytes);
  else if (!strcmp(kind, "merged")) gen_merged(bytes);
  else if (!strcmp(kind, "trajectory")) gen_trajectory(bytes);
  else if (!strcmp(kind, "deep")) {
    if (count < 6 || count > HCC_MAX_DEPTH) {
      fprintf(stderr, "gen_bench: deep needs 6 <= --count <= %d\n", HCC_MAX_DEPTH);
      return 2;
    }
    gen_deep(bytes, count);
  } else if (!strcmp(kind, "deep-reject")) gen_deep_reject(count);
  else if (!strcmp(kind, "wide-msg")) gen_wide_msg(count);
  else if (!strcmp(kind, "wide-args")) gen_wide_args(count);
  else if (!strcmp(kind, "huge-output")) gen_huge_output(bytes);
  else if (!strcmp(kind, "huge-args")) gen_huge_args(bytes);
  else if (!strcmp(kind, "near-miss")) gen_near_miss(bytes);
  else if (!strcmp(kind, "floats")) gen_floats(bytes);
  else if (!strcmp(kind, "tiny")) gen_tiny(count);
  else if (!strcmp(kind, "parallel")) gen_parallel(count, 1);
  else if (!strcmp(kind, "parallel-orphans")) gen_parallel(count, 0);
  else if (!strcmp(kind, "traj-tiny")) gen_traj_tiny(count);
  else if (!strcmp(kind, "traj-huge")) gen_traj_huge(bytes);
  else return usage();
  flush_out();
  if (fclose(out_f) != 0) {
    perror(path);
    return 1;
  }
  size_t pl = strlen(path);
  char *meta = malloc(pl + 16);
  memcpy(meta, path, pl);
  memcpy(meta + pl, ".meta.json", 11);
  FILE *m = fopen(meta, "w");
  if (!m) {
    perror(meta);
    return 1;
  }
  fprintf(m, "{\"kind\": \"%s\", \"bytes\": %llu, \"messages\": %llu, \"tool_calls\": %llu, "
             "\"seed\": %llu, \"gen_version\": %d}\n",
          kind, (unsigned long long)out_total, (unsigned long long)n_messages,
          (unsigned long long)n_calls, (unsigned long long)seed, GEN_VERSION);
  fclose(m);
  free(meta);
  free(tmp1.p);
  free(tmp2.p);
  free(tmp3.p);
  return 0;
}
