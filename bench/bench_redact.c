/* bench_redact.c -- redaction time against input size (a benchmark, not a
 * test): spec REDACT-12 says `redact` is linear; this shows it.
 *
 *   build/bench_redact            (make bench runs it)
 *
 * Builds, in memory and deterministically, 1, 2, 5 and 10 MB of
 * adversarial text, one JSON string each, of segments chosen in turn:
 * long runs of key characters behind every vendor prefix that end in a
 * character the guard refuses (each attempt scans the whole run), near
 * misses of every other pattern (a 7-digit phone, a Telegram id with a
 * 29-char token, DSNs with no '@' before the next space and with a
 * password run holding 50 schemes, a bare URL token one character short,
 * a PEM header without a footer, hex runs one short of a Zhipu id, "eyJ"
 * with 9 body characters), and control characters that make the
 * control-split pass run, runs of key words with no separator after
 * them, and near misses of the assignment and header passes of
 * REDACT-16..22: long key runs (upper-case, `_`-bounded, dotted, behind
 * a line gutter, bridged by "api key") with no '=' or ':' after them,
 * JSON and escaped-JSON keys with no value, runs of backslashes before a
 * key, unterminated repr values, headers with no credential.  Reports the best of 5 runs per size, MB/s, and
 * the time per byte at each size over the time per byte at 1 MB (a
 * quadratic matcher doubles it per doubling).  Exit 1 if an input is
 * refused or the 10 MB ratio passes 3. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hcc.h"

typedef struct {
  char *p;
  size_t n, cap;
} buf;

static void put(buf *b, const char *s) {
  size_t n = strlen(s);
  if (b->n + n > b->cap) {
    b->cap = (b->n + n) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) exit(70);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
}

static const char *const prefixes[] = {
    "sk_live_", "ghp_", "github_pat_", "xoxb-", "AIza", "pplx-", "fc-", "AKIA", "sk_test_", "hf_",
    "npm_", "dop_v1_", "am_org_", "tvly-", "exa_", "gsk_", "xai-", "fw_", "glpat-", "pk-lf-", NULL};

/* no_url: the URL segment is left out, so the text holds no "://" and the
 * passes that only run without one (REDACT-16's lower-case names,
 * REDACT-18, REDACT-19) run as well */
static void segment(buf *b, unsigned k, int no_url) {
  char run[4200];
  switch (no_url && k % 10 == 2 ? 8 : k % 10) {
  case 0: { /* a long run of key characters behind a prefix, refused by the guard at its end */
    const char *p = prefixes[(k / 8) % 20];
    size_t i = 0;
    for (; i < 4000; i++) run[i] = "aB3dE5gH7jK9"[i % 12];
    run[i] = 0;
    put(b, " ");
    put(b, p);
    put(b, run);
    put(b, strchr(p, '_') ? "~" : "_-");
    break;
  }
  case 1: put(b, " +1234567a 1234567:AAAAAAAAAAAAAAAAAAAAAAAAAAAAA bot1234567:x "); break;
  case 2:
    put(b, " postgres://u:");
    for (int i = 0; i < 50; i++) put(b, "mysql://v:w");
    put(b, " redis://x:y https://abcdefg@h ");
    break;
  case 3: put(b, " -----BEGIN RSA PRIVATE K3Y----- 0123456789abcdef0123456789abcde.AbCdEfGhIjKlMnOpQr "); break;
  case 4: put(b, " eyJabcdefghi sk-abc..defghijklmnop gAAAA====================- "); break;
  case 5: put(b, " text\\u001bwith\\u200bcontrols sk-ab\\u001bc "); break;
  case 6: /* key words the REDACT-2 scan must follow, with no separator after their runs */
    put(b, " a=b&c=d ## Key Decisions ");
    for (int i = 0; i < 300; i++) put(b, "keyTOKENpw");
    put(b, " done ");
    break;
  case 8: { /* ENV and config key runs that no '=' follows */
    size_t i = 0;
    for (; i < 3000; i++) run[i] = "AB_TOKEN0"[i % 9];
    run[i] = 0;
    put(b, " ");
    put(b, run);
    put(b, " x my_key ");
    for (i = 0; i < 3000; i++) run[i] = "a.password_"[i % 11];
    run[i] = 0;
    put(b, run);
    put(b, " y\\n5|   ");
    put(b, run);
    put(b, "api key.z ::\\nexport export api_key \\n");
    break;
  }
  case 9: /* quoted keys with no value, backslash runs, open repr values, bare headers */
    put(b, " \\\"token\\\" : 5 ");
    for (int i = 0; i < 200; i++) put(b, "\\\\\\\\");
    put(b, "\\\\\\\"api_key\\\\\\\\\\\": x {'secret': 'it\\\\'s ");
    for (int i = 0; i < 100; i++) put(b, "'k': \\\"v\\\\\\\" ");
    put(b, " Authorization:   \\\" x-api-key \\n: Proxy-Authorization: Bearer\\t' ");
    break;
  default: {
    size_t i = 0;
    for (; i < 2000; i++) run[i] = "0123456789abcdef"[i % 16];
    run[i] = 0;
    put(b, " ");
    put(b, run);
    put(b, ".");
    break;
  }
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
  static const size_t mbs[] = {1, 2, 5, 10};
  double base = 0;
  int bad = 0;
  for (int no_url = 0; no_url < 2; no_url++) {
    printf("redact on adversarial text (REDACT-12)%s: best of 5 runs\n",
           no_url ? ", no \"://\" (every assignment pass runs)" : "");
    printf("%6s %10s %10s %12s\n", "size", "seconds", "MB/s", "ns/B vs 1MB");
    for (size_t m = 0; m < 4; m++) {
      buf b = {0};
      put(&b, "\"");
      for (unsigned k = 0; b.n < mbs[m] * 1000000; k++) segment(&b, k, no_url);
      put(&b, "\"");
      hcc_params p;
      hcc_params_init(&p);
      hcc_error err;
      size_t need, out_len;
      if (hcc_workspace_size(HCC_OP_REDACT, &p, b.p, b.n, &need, &err) != HCC_OK) {
        fprintf(stderr, "bench_redact: %s\n", err.message);
        return 1;
      }
      void *ws = malloc(need);
      size_t cap = 3 * b.n + 64;
      char *out = malloc(cap);
      if (!ws || !out) return 70;
      double best = 1e9;
      for (int r = 0; r < 5; r++) {
        double t0 = now();
        int rc = hcc_run(HCC_OP_REDACT, &p, b.p, b.n, ws, need, out, cap, &out_len, &err);
        double t = now() - t0;
        if (rc != HCC_OK) {
          fprintf(stderr, "bench_redact: %s: %s\n", hcc_error_name(rc), err.message);
          return 1;
        }
        if (t < best) best = t;
      }
      double nspb = best * 1e9 / (double)b.n;
      if (m == 0) base = nspb;
      printf("%4zuMB %10.4f %10.1f %12.2f\n", mbs[m], best, (double)b.n / 1e6 / best, nspb / base);
      if (m == 3 && nspb / base > 3.0) bad = 1;
      free(ws);
      free(out);
      free(b.p);
    }
  }
  if (bad) printf("bench_redact: time per byte grows with size: not linear\n");
  return bad;
}
