/* bench_json.c -- throughput of the JSON layer (a benchmark, not a test).
 *
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iref/include -Iref/src \
 *      bench/bench_json.c build/libhcc.a -o build/bench_json && build/bench_json [MB]
 *
 * Generates its inputs in memory (no files), deterministically:
 *   flat-object   one flat object of about MB megabytes (default 64):
 *                 string members with escapes and UTF-8, and numbers
 *   long-string   one string of MB megabytes (the string scanner alone)
 *   messages-1M   an array of 1,000,000 chat messages (user / assistant
 *                 with tool_calls / tool), the shape hcc's ops read
 *   deep-100k     100,000 '[' then 100,000 ']': must be refused by the
 *                 depth cap at byte HCC_MAX_DEPTH, without reading on
 * and reports, best of several runs, MB/s (10^6 bytes per second) of
 *   validate      hcc_json_validate
 *   parse         hcc__json_parse: the validating scan writing jsmn-layout tokens
 *   messages      hcc_run(HCC_OP_MESSAGES) on messages-1M (whole pipeline)
 * Exit status 1 when an input is not answered as expected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hcc.h"
#include "internal.h"

typedef struct {
  char *p;
  size_t n, cap;
} buf;

static void put(buf *b, const char *s, size_t n) {
  if (b->n + n > b->cap) {
    b->cap = (b->n + n) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) {
      fprintf(stderr, "bench_json: out of memory\n");
      exit(70);
    }
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
}
static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- generators ---------------------------------------------------------- */

static void gen_flat(buf *b, size_t target) {
  static const char *const values[] = {
      "\"plain ascii text of a typical length for a configuration value\"",
      "\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e \xf0\x9f\x98\x80 with \\\"quotes\\\" and \\n newlines\"",
      "\"\\u00e9\\u20ac\\ud83d\\ude00 escaped code points \\\\ backslash\"",
      "1234567890", "-0.000123e-45", "3.14159", "true", "null"};
  char key[32];
  puts_(b, "{");
  for (unsigned long i = 0; b->n < target; i++) {
    int k = snprintf(key, sizeof key, "%s\"key%08lu\": ", i ? ", " : "", i);
    put(b, key, (size_t)k);
    puts_(b, values[i % (sizeof values / sizeof values[0])]);
  }
  puts_(b, "}");
}

static void gen_long_string(buf *b, size_t target) {
  static const char chunk[] = "lorem ipsum dolor sit amet, \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 \\n\\t\\\" ";
  puts_(b, "\"");
  while (b->n < target) put(b, chunk, sizeof chunk - 1);
  puts_(b, "\"");
}

static void gen_messages(buf *b, unsigned long count) {
  char tmp[512];
  puts_(b, "[");
  for (unsigned long i = 0; i < count; i++) {
    int k;
    if (i) puts_(b, ", ");
    switch (i % 3) {
    case 0:
      k = snprintf(tmp, sizeof tmp,
                   "{\"role\": \"user\", \"content\": \"Please look at file number %lu and tell me"
                   " what it does \\u2014 briefly.\"}", i);
      break;
    case 1:
      k = snprintf(tmp, sizeof tmp,
                   "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_%lu\","
                   " \"type\": \"function\", \"function\": {\"name\": \"read_file\", \"arguments\":"
                   " \"{\\\"path\\\": \\\"src/file_%lu.c\\\"}\"}}]}", i, i);
      break;
    default:
      k = snprintf(tmp, sizeof tmp,
                   "{\"role\": \"tool\", \"tool_call_id\": \"call_%lu\", \"content\": \"int main(void)"
                   " {\\n  return 0;\\n}\\n\"}", i - 1);
      break;
    }
    put(b, tmp, (size_t)k);
  }
  puts_(b, "]");
}

/* ---- measurements -------------------------------------------------------- */

static int failures;

/* Best time of `runs` calls of hcc_json_validate; checks the answer. */
static double time_validate(const buf *b, int runs, int want, size_t want_off, hcc_json_info *info) {
  double best = 1e30;
  for (int r = 0; r < runs; r++) {
    hcc_error err;
    double t0 = now();
    int rc = hcc_json_validate(b->p, b->n, info, &err);
    double t = now() - t0;
    if (rc != want || (rc != HCC_OK && err.offset != want_off)) {
      fprintf(stderr, "bench_json: validate gave %s at %zu, want %s\n", hcc_error_name(rc),
              err.offset, hcc_error_name(want));
      failures++;
    }
    if (t < best) best = t;
  }
  return best;
}

static double time_parse(const buf *b, int runs, size_t tokens) {
  size_t need = hcc__arena_cost(tokens * sizeof(hcc_tok)) + 16;
  void *mem = malloc(need);
  double best = 1e30;
  for (int r = 0; r < runs && mem; r++) {
    hcc_arena a;
    hcc_doc d;
    hcc_error err;
    hcc__arena_init(&a, mem, need);
    double t0 = now();
    int rc = hcc__json_parse(&d, b->p, b->n, &a, &err);
    double t = now() - t0;
    if (rc != HCC_OK || (size_t)d.ntok != tokens) {
      fprintf(stderr, "bench_json: parse gave %s (%s)\n", hcc_error_name(rc), err.message);
      failures++;
    }
    if (t < best) best = t;
  }
  free(mem);
  return best;
}

static double time_messages(const buf *b, int runs, size_t *out_bytes) {
  hcc_params p;
  hcc_error err;
  size_t need = 0, out_len = 0;
  hcc_params_init(&p);
  if (hcc_workspace_size(HCC_OP_MESSAGES, &p, b->p, b->n, &need, &err) != HCC_OK) {
    failures++;
    return 0;
  }
  void *ws = malloc(need);
  size_t cap = b->n;
  char *out = malloc(cap);
  double best = 1e30;
  for (int r = 0; r < runs && ws && out; r++) {
    double t0 = now();
    int rc = hcc_run(HCC_OP_MESSAGES, &p, b->p, b->n, ws, need, out, cap, &out_len, &err);
    double t = now() - t0;
    if (rc != HCC_OK) {
      fprintf(stderr, "bench_json: messages gave %s (%s)\n", hcc_error_name(rc), err.message);
      failures++;
    }
    if (t < best) best = t;
  }
  *out_bytes = out_len;
  free(ws);
  free(out);
  return best;
}

static void row(const char *input, const char *what, size_t bytes, double secs, const char *extra) {
  printf("%-13s %-9s %10.1f MB %10.3f ms %10.1f MB/s  %s\n", input, what, (double)bytes / 1e6,
         secs * 1e3, (double)bytes / 1e6 / secs, extra);
}

int main(int argc, char **argv) {
  size_t mb = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 64;
  int runs = 5;
  char extra[128];
  hcc_json_info info;
  buf b = {NULL, 0, 0};
  if (mb < 1) mb = 1;
  printf("hcc %s JSON layer benchmark (best of %d runs; MB = 10^6 bytes)\n", HCC_VERSION, runs);

  gen_flat(&b, mb << 20);
  double t = time_validate(&b, runs, HCC_OK, 0, &info);
  snprintf(extra, sizeof extra, "%zu tokens", info.tokens);
  row("flat-object", "validate", b.n, t, extra);
  t = time_parse(&b, runs, info.tokens);
  row("flat-object", "parse", b.n, t, "");

  b.n = 0;
  gen_long_string(&b, mb << 20);
  t = time_validate(&b, runs, HCC_OK, 0, &info);
  row("long-string", "validate", b.n, t, "");

  b.n = 0;
  gen_messages(&b, 1000000);
  t = time_validate(&b, runs, HCC_OK, 0, &info);
  snprintf(extra, sizeof extra, "%zu tokens", info.tokens);
  row("messages-1M", "validate", b.n, t, extra);
  t = time_parse(&b, runs, info.tokens);
  row("messages-1M", "parse", b.n, t, "");
  size_t out_bytes = 0;
  t = time_messages(&b, 3, &out_bytes);
  snprintf(extra, sizeof extra, "%.1f MB of outline", (double)out_bytes / 1e6);
  row("messages-1M", "messages", b.n, t, extra);

  b.n = 0;
  for (int i = 0; i < 100000; i++) put(&b, "[", 1);
  for (int i = 0; i < 100000; i++) put(&b, "]", 1);
  t = time_validate(&b, 1000, HCC_E_DEPTH, HCC_MAX_DEPTH, NULL);
  printf("%-13s %-9s %10.1f MB %10.3f us  rejected: HCC_E_DEPTH at byte %d\n", "deep-100k",
         "validate", (double)b.n / 1e6, t * 1e6, HCC_MAX_DEPTH);

  free(b.p);
  if (failures) printf("bench_json: %d unexpected answers\n", failures);
  return failures ? 1 : 0;
}
