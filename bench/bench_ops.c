/* bench_ops.c -- times one hcc op in process through the public API (a
 * benchmark, not a test).  tools/bench.py drives it; see bench/README.md.
 *
 *   bench_ops --list
 *   bench_ops OP FILE [--runs N] [--budget SECONDS] [--name=value ...] [--no-touch]
 *             [--touch-max BYTES] [--no-md5]
 *   bench_ops --exec N CMD [ARG ...]
 *   bench_ops --memchr FILE [--runs N]
 *
 * Reads FILE whole (not timed), asks hcc_workspace_size (timed apart:
 * "sizing" is the validation pre-pass the CLI makes before hcc_run),
 * allocates exactly that workspace and an output buffer (grown once on
 * HCC_E_NOSPACE, outside the timing), then calls hcc_run N times and
 * prints one JSON line:
 *   {"op", "bytes", "rc", "code", "ws_need", "ws_bound", "ws_touched",
 *    "out_len", "out_md5", "sizing_s", "runs_s": [...], "median_s",
 *    "min_s", "maxrss_kb"}
 * ws_touched: the workspace is filled with a pattern before the first
 * run; afterwards the 4 KiB pages where some byte changed are counted:
 * what the workspace really costs in resident memory (bytes taken from
 * the arena but never written do not show).  maxrss_kb: getrusage of this process (input,
 * workspace pages touched, output).
 *
 * --no-touch skips the pattern fill (ws_touched is then 0); so does a
 * workspace larger than --touch-max bytes (default 4e9: filling it would
 * make all of it resident), and ws_touched is then -1.
 * --no-md5 leaves out_md5 empty (for profiles: the hash is not the op's).
 * When the workspace cannot be allocated, rc is "malloc-failed" and
 * ws_need says how much was asked.
 * --budget stops the runs once they have taken that long together (at
 * least one run always happens).
 *
 * --memchr times a plain memchr pass over the same bytes (for a NUL
 * byte, which no JSON text holds, so the whole input is read): the
 * "within 3x of memchr" yardstick of the benchmark issue.  It prints
 * {"op": "memchr", "bytes", "runs_s", "median_s", "min_s"}.
 * --list prints the ops this build supports, one a line.
 * --exec runs CMD N times (stdout to /dev/null) and prints
 *   {"median_s", "min_s", "maxrss_kb", "exit"}: wall time and peak RSS of
 *   each fresh process (wait4).  Linux carries the parent's peak RSS over
 *   fork+exec into the child's ru_maxrss, so this small process, not the
 *   Python driver, has to be the parent.
 * The in-process time excludes file I/O and allocation; rc is the name of
 * the status hcc_run returned (check returns HCC_OK with findings). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hcc.h"
#include "md5.h"

#define MAX_RUNS 101
#define PATTERN 0xA5

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  if (fseek(f, 0, SEEK_END) != 0) {
    fclose(f);
    return NULL;
  }
  long n = ftell(f);
  rewind(f);
  char *p = malloc(n > 0 ? (size_t)n : 1);
  if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
    free(p);
    p = NULL;
  }
  fclose(f);
  *len = (size_t)n;
  return p;
}

/* Bytes of the 4 KiB pages of ws[0..n) where some byte lost the pattern:
 * what the workspace adds to the resident set. */
static size_t pages_written(const unsigned char *ws, size_t n) {
  size_t total = 0;
  for (size_t off = 0; off < n; off += 4096) {
    size_t k = n - off < 4096 ? n - off : 4096;
    for (size_t i = 0; i < k; i++)
      if (ws[off + i] != PATTERN) {
        total += k;
        break;
      }
  }
  return total;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of times[0..n) (0 when n is 0), the fastest in *min. */
static double median_of(const double *times, int n, double *min) {
  double sorted[MAX_RUNS];
  *min = 0;
  if (n <= 0) return 0;
  memcpy(sorted, times, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), cmp_d);
  *min = sorted[0];
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

static void die(const char *what) {
  fprintf(stderr, "bench_ops: %s\n", what);
  exit(2);
}

/* wait4 is BSD/GNU, not POSIX: declared here rather than widening the
 * feature macros of the whole file. */
pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru);

static int exec_mode(int n, char **cmd) {
  double times[MAX_RUNS];
  long rss = 0;
  int code = 0;
  if (n < 1) n = 1;
  if (n > MAX_RUNS) n = MAX_RUNS;
  for (int r = 0; r < n; r++) {
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) die("fork failed");
    if (pid == 0) {
      int fd = open("/dev/null", O_WRONLY);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
      }
      execv(cmd[0], cmd);
      _exit(127);
    }
    int st = 0;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) < 0) die("wait4 failed");
    times[r] = now() - t0;
    if (ru.ru_maxrss > rss) rss = ru.ru_maxrss;
    code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  double min, median = median_of(times, n, &min);
  printf("{\"median_s\": %.9f, \"min_s\": %.9f, \"maxrss_kb\": %ld, \"exit\": %d}\n", median,
         min, rss, code);
  return 0;
}

static int memchr_mode(const char *path, int runs) {
  size_t len = 0;
  char *in = read_file(path, &len);
  if (!in) die("cannot read input");
  double times[MAX_RUNS];
  size_t found = 0;
  if (runs < 1) runs = 1;
  if (runs > MAX_RUNS) runs = MAX_RUNS;
  for (int r = 0; r < runs; r++) {
    double t0 = now();
    const char *hit = memchr(in, 0, len);
    times[r] = now() - t0;
    found += hit != NULL; /* used, so the call stays */
  }
  double min, median = median_of(times, runs, &min);
  printf("{\"op\": \"memchr\", \"bytes\": %zu, \"found\": %zu, \"runs_s\": [", len, found);
  for (int i = 0; i < runs; i++) printf("%s%.9f", i ? ", " : "", times[i]);
  printf("], \"median_s\": %.9f, \"min_s\": %.9f}\n", median, min);
  free(in);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 4 && !strcmp(argv[1], "--exec")) return exec_mode(atoi(argv[2]), argv + 3);
  if (argc >= 3 && !strcmp(argv[1], "--memchr"))
    return memchr_mode(argv[2], argc >= 5 && !strcmp(argv[3], "--runs") ? atoi(argv[4]) : 5);
  if (argc == 2 && !strcmp(argv[1], "--list")) {
    for (int op = 0; op < HCC_OP__COUNT; op++)
      if (hcc_op_supported((hcc_op)op)) printf("%s\n", hcc_op_name((hcc_op)op));
    return 0;
  }
  if (argc < 3) die("usage: bench_ops --list | bench_ops OP FILE [--runs N] [--name=value ...]");
  int op = hcc_op_from_name(argv[1], strlen(argv[1]));
  if (op < 0) die("unknown op");
  hcc_params p;
  hcc_error err;
  hcc_params_init(&p);
  int runs = 5, touch = 1, md5 = 1;
  double budget = 1e30, spent = 0, touch_max = 4e9;
  for (int i = 3; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--runs") && i + 1 < argc) {
      runs = atoi(argv[++i]);
      continue;
    }
    if (!strcmp(a, "--budget") && i + 1 < argc) {
      budget = atof(argv[++i]);
      continue;
    }
    if (!strcmp(a, "--touch-max") && i + 1 < argc) {
      touch_max = atof(argv[++i]);
      continue;
    }
    if (!strcmp(a, "--no-md5")) {
      md5 = 0;
      continue;
    }
    if (!strcmp(a, "--no-touch")) {
      touch = 0;
      continue;
    }
    if (strncmp(a, "--", 2) != 0) die("bad argument");
    const char *eq = strchr(a, '=');
    if (!eq) die("parameters are --name=value");
    if (hcc_params_set(&p, a + 2, (size_t)(eq - a - 2), eq + 1, strlen(eq + 1), &err) != HCC_OK)
      die(err.message);
  }
  if (runs < 1) runs = 1;
  if (runs > MAX_RUNS) runs = MAX_RUNS;

  size_t len = 0;
  char *in = read_file(argv[2], &len);
  if (!in) die("cannot read input");

  size_t need = 0;
  double t0 = now();
  int rc = hcc_workspace_size((hcc_op)op, &p, in, len, &need, &err);
  double sizing = now() - t0;
  size_t bound = hcc_workspace_bound((hcc_op)op, len);
  double times[MAX_RUNS];
  size_t out_len = 0;
  long long touched = 0;
  char md5hex[33] = "";
  int nt = 0;
  if (rc == HCC_OK) {
    unsigned char *ws = malloc(need ? need : 1);
    size_t cap = len + 4096;
    char *out = malloc(cap);
    if (!ws || !out) {
      printf("{\"op\": \"%s\", \"bytes\": %zu, \"rc\": \"malloc-failed\", \"ws_need\": %zu, "
             "\"ws_bound\": %zu, \"sizing_s\": %.9f, \"runs_s\": []}\n",
             argv[1], len, need, bound, sizing);
      return 0;
    }
    if (touch && (double)need > touch_max) {
      touch = 0;
      touched = -1;
    }
    if (touch) memset(ws, PATTERN, need);
    for (int r = 0; r < runs; r++) {
      t0 = now();
      rc = hcc_run((hcc_op)op, &p, in, len, ws, need, out, cap, &out_len, &err);
      double t = now() - t0;
      if (rc == HCC_E_NOSPACE && r == 0) { /* grow once, then time from scratch */
        free(out);
        cap = out_len + 1;
        out = malloc(cap);
        if (!out) die("out of memory");
        r--;
        continue;
      }
      if (rc != HCC_OK) break;
      times[nt++] = t;
      if (r == 0 && touch) touched = (long long)pages_written(ws, need);
      spent += t;
      if (spent >= budget) break;
    }
    if (rc == HCC_OK && md5) {
      hcc_md5 m;
      unsigned char d[16];
      hcc__md5_init(&m);
      hcc__md5_update(&m, out, out_len);
      hcc__md5_final(&m, d);
      for (int i = 0; i < 16; i++) snprintf(md5hex + 2 * i, 3, "%02x", d[i]);
    }
    free(ws);
    free(out);
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double min_t, median = median_of(times, nt, &min_t);
  printf("{\"op\": \"%s\", \"bytes\": %zu, \"rc\": \"%s\", \"code\": %d, \"error_offset\": %zu, "
         "\"ws_need\": %zu, \"ws_bound\": %zu, \"ws_touched\": %lld, \"out_len\": %zu, "
         "\"out_md5\": \"%s\", \"sizing_s\": %.9f, \"runs_s\": [",
         argv[1], len, hcc_error_name(rc), rc, rc == HCC_OK ? (size_t)0 : err.offset, need, bound,
         touched, out_len, md5hex, sizing);
  for (int i = 0; i < nt; i++) printf("%s%.9f", i ? ", " : "", times[i]);
  printf("], \"median_s\": %.9f, \"min_s\": %.9f, \"maxrss_kb\": %ld}\n", median,
         min_t, ru.ru_maxrss);
  free(in);
  return 0;
}
