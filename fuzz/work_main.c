/* work_main.c -- the cost bound: proves, input by input, that an op's work
 * stays within a fixed number of steps per input byte, also on copies of
 * the input grown many times over.  See fuzz/README.md, "Work bound".
 *
 * The step counter lives here, in the harness, not in the library (which
 * has no mutable globals): the library is compiled with
 * -fsanitize-coverage=trace-pc-guard, so every basic-block edge it takes
 * calls __sanitizer_cov_trace_pc_guard below, and every libc call it makes
 * (memcpy, memchr, strtod, snprintf, ...) goes through a --wrap wrapper
 * below that adds the bytes it handles.  A basic block has a fixed length,
 * so edges plus libc bytes bound the instructions the library executes on
 * any machine; the count is exact and deterministic (no hardware counter:
 * this machine's kernel exposes none).
 *
 * Usage: work/<op> FILE|DIR...  (each file: 4 parameter bytes + input).
 * Exit status 1 when an input breaks the bound. */
#include <dirent.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness.h"
#include "jv.h"

#ifndef HCC_FUZZ_OP
#error "define HCC_FUZZ_OP"
#endif

/* ---- the counter ---------------------------------------------------------- */
static unsigned long long steps;
static int counting;

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop);
void __sanitizer_cov_trace_pc_guard(uint32_t *guard);
void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
  for (uint32_t *g = start; g < stop; g++) *g = 1;
}
void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  (void)guard;
  steps += (unsigned long long)counting;
}

/* libc work: one step per 8 bytes handled, plus the call. */
#define LIBC(n) (steps += counting ? (unsigned long long)(n) / 8 + 1 : 0)

void *__real_memcpy(void *d, const void *s, size_t n);
void *__real_memmove(void *d, const void *s, size_t n);
void *__real_memset(void *d, int c, size_t n);
int __real_memcmp(const void *a, const void *b, size_t n);
void *__real_memchr(const void *s, int c, size_t n);
size_t __real_strlen(const char *s);
size_t __real_strspn(const char *s, const char *a);
int __real_strcmp(const char *a, const char *b);
double __real_strtod(const char *s, char **end);
long __real_strtol(const char *s, char **end, int base);

void *__wrap_memcpy(void *d, const void *s, size_t n);
void *__wrap_memmove(void *d, const void *s, size_t n);
void *__wrap_memset(void *d, int c, size_t n);
int __wrap_memcmp(const void *a, const void *b, size_t n);
void *__wrap_memchr(const void *s, int c, size_t n);
size_t __wrap_strlen(const char *s);
size_t __wrap_strspn(const char *s, const char *a);
int __wrap_strcmp(const char *a, const char *b);
double __wrap_strtod(const char *s, char **end);
long __wrap_strtol(const char *s, char **end, int base);
int __wrap_snprintf(char *b, size_t n, const char *fmt, ...);

void *__wrap_memcpy(void *d, const void *s, size_t n) { LIBC(n); return __real_memcpy(d, s, n); }
void *__wrap_memmove(void *d, const void *s, size_t n) { LIBC(n); return __real_memmove(d, s, n); }
void *__wrap_memset(void *d, int c, size_t n) { LIBC(n); return __real_memset(d, c, n); }
int __wrap_memcmp(const void *a, const void *b, size_t n) { LIBC(n); return __real_memcmp(a, b, n); }
void *__wrap_memchr(const void *s, int c, size_t n) {
  void *r = __real_memchr(s, c, n);
  LIBC(r ? (size_t)((const char *)r - (const char *)s) + 1 : n);
  return r;
}
size_t __wrap_strlen(const char *s) {
  size_t n = __real_strlen(s);
  LIBC(n);
  return n;
}
size_t __wrap_strspn(const char *s, const char *a) {
  size_t n = __real_strspn(s, a);
  LIBC((n + 1) * __real_strlen(a));
  return n;
}
int __wrap_strcmp(const char *a, const char *b) {
  size_t n = __real_strlen(a);
  LIBC(n);
  return __real_strcmp(a, b);
}
/* strtod's own cost grows with the digits it reads (glibc does big-number
 * arithmetic for long mantissas): charge the text it consumed, squared
 * over 64, so a superlinear libc conversion is not hidden from the bound. */
double __wrap_strtod(const char *s, char **end) {
  char *e;
  double d = __real_strtod(s, &e);
  size_t n = (size_t)(e - s);
  LIBC(n + n * n / 64);
  if (end) *end = e;
  return d;
}
long __wrap_strtol(const char *s, char **end, int base) {
  char *e;
  long v = __real_strtol(s, &e, base);
  LIBC((size_t)(e - s));
  if (end) *end = e;
  return v;
}
int __wrap_snprintf(char *b, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(b, n, fmt, ap);
  va_end(ap);
  LIBC(r > 0 ? (size_t)r + 32 : 32);
  return r;
}

/* ---- the bound ------------------------------------------------------------- */
/* Steps allowed per input byte, and a fixed allowance for tiny inputs.
 * About 4x the largest ratio measured on the seed corpora and the
 * fuzz-grown corpora (fuzz/README.md has the numbers): 110 for the single
 * passes, 214 for prune, 298 for compress (which runs prune, align, the
 * summary, repair and the media sweep).  An input above its bound is
 * either superlinear cost or a constant to re-justify. */
#ifdef WORK_PER_BYTE
#define PER_BYTE WORK_PER_BYTE
#else
#define PER_BYTE (HCC_FUZZ_OP == HCC_OP_COMPRESS ? 1200 \
                  : HCC_FUZZ_OP == HCC_OP_PRUNE || HCC_FUZZ_OP == HCC_OP_PRUNE_ONLY ? 800 : 400)
#endif
#define WORK_FIXED 50000ULL
/* Grown copies are made up to this size. */
#define WORK_GROW_TO (256 * 1024)

static unsigned long long measure(const hcc_params *p, const char *in, size_t len) {
  hcc_error err;
  size_t need = 0, out_len = 0;
  steps = 0;
  counting = 1;
  int rc = hcc_workspace_size(HCC_FUZZ_OP, p, in, len, &need, &err);
  counting = 0;
  if (rc == HCC_OK) {
    char *ws = malloc(need ? need : 1);
    counting = 1;
    rc = hcc_run(HCC_FUZZ_OP, p, in, len, ws, need, NULL, 0, &out_len, &err);
    counting = 0;
    char *out = malloc(out_len ? out_len : 1);
    counting = 1;
    rc = hcc_run(HCC_FUZZ_OP, p, in, len, ws, need, out, out_len, &out_len, &err);
    counting = 0;
    free(out);
    free(ws);
  }
  return steps;
}

typedef struct {
  char *s;
  size_t n, cap;
} buf;

static void put(buf *b, const char *s, size_t n) {
  if (b->n + n > b->cap) {
    b->cap = (b->n + n) * 2;
    b->s = realloc(b->s, b->cap);
    if (!b->s) abort();
  }
  memcpy(b->s + b->n, s, n);
  b->n += n;
}

/* The input grown k times: a transcript's messages (or any root array's
 * elements) repeated k times in order, or a string's body repeated k
 * times; NULL when the input has no such part to repeat. */
static char *grow(const char *in, size_t len, size_t k, size_t *out_len) {
  if (hcc_json_validate(in, len, NULL, NULL) != HCC_OK) return NULL;
  jv *root = jv_parse(in, len);
  if (!root) return NULL;
  const jv *part = root->k == JV_STR ? root : jv_messages(root);
  if (!part || (part->k == JV_ARR && part->len == 0) || (part->k == JV_STR && part->n == 0)) {
    jv_free(root);
    return NULL;
  }
  buf b = {0};
  size_t pre = (size_t)(part->raw - in);
  put(&b, in, pre + 1); /* up to and including '[' or '"' */
  size_t body_from = pre + 1, body_to = pre + part->raw_len - 1;
  if (part->k == JV_ARR) { /* elements only: from the first to the last */
    body_from = (size_t)(part->kids[0].raw - in);
    body_to = (size_t)(part->kids[part->len - 1].raw - in) + part->kids[part->len - 1].raw_len;
  }
  for (size_t i = 0; i < k; i++) {
    if (i && part->k == JV_ARR) put(&b, ", ", 2);
    put(&b, in + body_from, body_to - body_from);
  }
  put(&b, in + pre + part->raw_len - 1, len - (pre + part->raw_len - 1));
  jv_free(root);
  *out_len = b.n;
  return b.s;
}

static int bad;
static long files;
static double worst_ratio;
static char worst_name[512];

static int verbose;

static int check(const char *name, const hcc_params *p, const char *in, size_t len, size_t k) {
  unsigned long long w = measure(p, in, len);
  double ratio = len ? (double)w / (double)len : 0;
  if (verbose) printf("%s x%zu: %zu bytes, %llu steps, %.1f per byte\n", name, k, len, w, ratio);
  if (len >= 1024 && ratio > worst_ratio) {
    worst_ratio = ratio;
    snprintf(worst_name, sizeof worst_name, "%s x%zu", name, k);
  }
  if (w > (unsigned long long)PER_BYTE * len + WORK_FIXED) {
    fprintf(stderr, "work bound broken: %s grown x%zu: %zu bytes, %llu steps (%.1f per byte > %d)\n",
            name, k, len, w, ratio, PER_BYTE);
    bad = 1;
    return 0;
  }
  return 1;
}

static void one(const char *name, const uint8_t *data, size_t size) {
  hcc_params p;
  hcc_fuzz_params(&data, &size, &p);
  const char *in = (const char *)data;
  files++;
  if (!check(name, &p, in, size, 1)) return;
  /* grow in steps of 4x up to WORK_GROW_TO; the last step also reports
   * how the cost grew over the step before (linear: about 4x) */
  unsigned long long prev = 0;
  size_t prev_len = 0;
  for (size_t k = 4; size * k / 4 < WORK_GROW_TO; k *= 4) {
    size_t n = 0;
    char *g = grow(in, size, k, &n);
    if (!g) break;
    if (!check(name, &p, g, n, k)) {
      free(g);
      return;
    }
    unsigned long long w = steps;
    /* informational: per-byte cost doubling over a 4x step */
    if (prev && prev_len >= 16384 && ((double)w / (double)n) > 2.0 * ((double)prev / (double)prev_len))
      fprintf(stderr, "work growth suspect: %s x%zu: %.1f steps/byte after %.1f\n", name, k,
              (double)w / (double)n, (double)prev / (double)prev_len);
    prev = w;
    prev_len = n;
    free(g);
  }
}

static void file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    bad = 1;
    return;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
  size_t got = n > 0 ? fread(b, 1, (size_t)n, f) : 0;
  fclose(f);
  one(path, b, got);
  free(b);
}

static void walk(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    perror(path);
    bad = 1;
    return;
  }
  if (!S_ISDIR(st.st_mode)) {
    file(path);
    return;
  }
  DIR *d = opendir(path);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char sub[4096];
    snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
    walk(sub);
  }
  if (d) closedir(d);
}

int main(int argc, char **argv) {
  if (!hcc_op_supported(HCC_FUZZ_OP)) {
    printf("unsupported by this build\n");
    return 0;
  }
  verbose = getenv("HCC_WORK_VERBOSE") != NULL; /* every measurement, one a line */
  for (int i = 1; i < argc; i++) walk(argv[i]);
  printf("%ld inputs (and grown copies up to %d KiB): worst %.1f steps/byte (%s), bound %d: %s\n", files,
         WORK_GROW_TO / 1024, worst_ratio, worst_name[0] ? worst_name : "-", PER_BYTE, bad ? "BROKEN" : "ok");
  return bad;
}
