/* harness.c -- running an op under the library's contracts. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hooks need a sanitizer allocator (ASan here); builds without one
 * (AFL++ plain, gcc coverage, the work counter) rely on `make alloc-check`
 * (no allocator symbol in the library's objects) alone. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HCC_FUZZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HCC_FUZZ_ASAN 1
#endif
#if defined(HCC_FUZZ_ASAN) && defined(__has_include)
#if __has_include(<sanitizer/allocator_interface.h>)
#include <sanitizer/allocator_interface.h>
#define HCC_FUZZ_MALLOC_HOOKS 1
#endif
#endif

/* Negative test of the hook (tests/fuzz/test_alloc_hook.sh): with
 * -DHCC_FUZZ_ALLOC_PROBE the harness itself allocates while the flag is
 * up, standing in for a library that allocates; the run must abort. */
#ifdef HCC_FUZZ_ALLOC_PROBE
static void probe(void) {
  void *volatile p = malloc(16);
  free(p);
}
#else
static void probe(void) {}
#endif

/* Zero allocation, checked at run time: while the library runs, any malloc
 * or free (even one hidden inside libc) aborts.  The flag is the harness's
 * own state, not the library's. */
/* Thread-local: the hooks see every thread's allocations, and libFuzzer's
 * own threads (the RSS and timer threads) allocate while the fuzzed call
 * runs on the main thread. */
static _Thread_local volatile int in_library;

#ifdef HCC_FUZZ_MALLOC_HOOKS
static void on_malloc(const volatile void *ptr, size_t size) {
  (void)ptr;
  (void)size;
  if (in_library) {
    in_library = 0; /* fprintf may allocate: no recursion */
    fprintf(stderr, "hcc fuzz: allocation inside the library\n");
    abort();
  }
}
static void on_free(const volatile void *ptr) {
  (void)ptr;
  if (in_library) {
    in_library = 0;
    fprintf(stderr, "hcc fuzz: free inside the library\n");
    abort();
  }
}
static void install_hooks(void) {
  static int done;
  if (!done) {
    __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
    done = 1;
  }
}
#else
static void install_hooks(void) {}
#endif

int hcc_fuzz_alloc_hooks(void) {
#ifdef HCC_FUZZ_MALLOC_HOOKS
  return 1;
#else
  return 0;
#endif
}

void hcc_fuzz_fail(const char *what, const char *in, size_t len) {
  fprintf(stderr, "hcc fuzz: invariant broken: %s (input %zu bytes)\n", what, len);
  fwrite(in, 1, len < 2000 ? len : 2000, stderr);
  fputc('\n', stderr);
  abort();
}

/* The parameter bytes (tools/make_corpus.py encodes the same layout;
 * keep the two in step):
 *   b0  bits 0-2 protect_first_n (0..7), protect_last_n_turns (0..7)
 *       bits 3-7 protect_last_n (0..31)
 *   b1  bit 0 policy (strip/stub); trajectory: !protect_first_system
 *       bit 1 truncate_all;        trajectory: !protect_first_human
 *       bit 2 explain;             trajectory: !protect_first_gpt
 *       bit 3 wire;                trajectory: !protect_first_tool
 *       bit 4 summarizer_fail;     trajectory: !add_summary_notice
 *       bit 5 abort_on_summary_failure; trajectory: max_retries 0 (else 3)
 *       bits 6-7 min_tail_user_messages (0..3); bit 6 also
 *       !metrics_per_trajectory
 *   b2  bits 0-6 head_chars (0..126, 127 means the default 200)
 *       bit 7 check_json
 *   b3  bits 0-1 context_length {128000, 8000, 1000000, 64000},
 *                target_max_tokens {15250, 200, 2000, 50}
 *       bits 2-3 tail_token_budget {-1, 0, 50, 2000},
 *                summary_target_tokens {750, 0, 50, 2000}
 *       bit 4 compression_count (0..1)
 *       bits 5-7 profile (mod 6); for the ops that read them (they do
 *                not read the profile) also previous_summary and
 *                fail_reason, the pair chain_state[bits 5-7]
 *   align-at: at = b0 (0..255) */

/* A long previous summary: over FALLBACK-7's 3,000 code points. */
#define LONG40 "## Step: the parser was fixed and tested.\n"
#define LONG400 LONG40 LONG40 LONG40 LONG40 LONG40 LONG40 LONG40 LONG40 LONG40 LONG40
#define LONG3200 LONG400 LONG400 LONG400 LONG400 LONG400 LONG400 LONG400 LONG400

/* The state a chain of compactions hands the next call (COMPRESS-17), with
 * a failure reason, as (previous_summary, fail_reason); NULL is None.
 * Entry 0 is the first compaction of a process, the seeds' default. */
static const char *const chain_state[8][2] = {
    {NULL, NULL},
    {NULL, "HTTP 500"},
    {"", NULL},
    {"Earlier: the build was fixed.", NULL},
    {"Earlier: the build was fixed.", "timeout after 30s"},
    {"User asked: 'deploy with OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890'", "HTTP 500"},
    {"  \n", NULL},
    {LONG3200, "rate limited (429)"}};
void hcc_fuzz_params(const uint8_t **data, size_t *size, hcc_params *p) {
  uint8_t b[HCC_FUZZ_PARAM_BYTES] = {0};
  size_t k = *size < HCC_FUZZ_PARAM_BYTES ? *size : HCC_FUZZ_PARAM_BYTES;
  static const int64_t contexts[4] = {128000, 8000, 1000000, 64000};
  static const int64_t budgets[4] = {-1, 0, 50, 2000};
  static const int64_t targets[4] = {15250, 200, 2000, 50};
  static const int64_t summaries[4] = {750, 0, 50, 2000};
  memcpy(b, *data, k);
  *data += k;
  *size -= k;
  hcc_params_init(p);
  p->protect_first_n = b[0] & 7;
  p->protect_last_n_turns = b[0] & 7;
  p->protect_last_n = (b[0] >> 3) & 31;
  p->policy = b[1] & 1;
  p->truncate_all = (b[1] >> 1) & 1;
  p->explain = (b[1] >> 2) & 1;
  p->wire = (b[1] >> 3) & 1;
  p->summarizer_fail = (b[1] >> 4) & 1;
  p->abort_on_summary_failure = (b[1] >> 5) & 1;
  p->min_tail_user_messages = (b[1] >> 6) & 3;
  p->protect_first_system = !(b[1] & 1);
  p->protect_first_human = !((b[1] >> 1) & 1);
  p->protect_first_gpt = !((b[1] >> 2) & 1);
  p->protect_first_tool = !((b[1] >> 3) & 1);
  p->add_summary_notice = !((b[1] >> 4) & 1);
  p->max_retries = (b[1] >> 5) & 1 ? 0 : 3;
  p->metrics_per_trajectory = !((b[1] >> 6) & 1);
  p->head_chars = (b[2] & 127) == 127 ? 200 : (b[2] & 127);
  p->check_json = (b[2] >> 7) & 1;
  p->context_length = contexts[b[3] & 3];
  p->target_max_tokens = targets[b[3] & 3];
  p->tail_token_budget = budgets[(b[3] >> 2) & 3];
  p->summary_target_tokens = summaries[(b[3] >> 2) & 3];
  p->compression_count = (b[3] >> 4) & 1;
  p->profile = (b[3] >> 5) % 6;
  const char *const *st = chain_state[(b[3] >> 5) & 7];
  p->previous_summary = st[0];
  p->previous_summary_len = st[0] ? strlen(st[0]) : 0;
  p->fail_reason = st[1];
  p->fail_reason_len = st[1] ? strlen(st[1]) : 0;
  p->at = b[0];
}

static int known_code(int rc) { return rc <= 0 && rc >= HCC_E__LAST; }

hcc_fuzz_result hcc_fuzz_run(hcc_op op, const hcc_params *p, const char *in, size_t len) {
  hcc_fuzz_result r = {0, NULL, 0};
  hcc_error err;
  size_t need = 0;
  install_hooks();
  in_library = 1;
  probe();
  int rc = hcc_workspace_size(op, p, in, len, &need, &err);
  in_library = 0;
  if (!known_code(rc)) hcc_fuzz_fail("unknown status code from sizing", in, len);
  if (rc != HCC_OK) {
    if (need != 0) hcc_fuzz_fail("failed sizing reported a size", in, len);
    r.rc = rc;
    return r;
  }
  if (need > hcc_workspace_bound(op, len)) hcc_fuzz_fail("exact workspace above the bound", in, len);
  /* The workspace one byte past malloc's alignment: hcc.h allows any
   * start, so the arena loses 15 bytes aligning it, which the sizing must
   * have counted; a write past ws + need still lands outside the block
   * (one byte of slack), where ASan sees it. */
  char *ws_block = malloc(need + 1), *ws = ws_block + 1;
  size_t out_len = 0;
  /* First call with no output room: must say NOSPACE (or succeed with an
   * empty output, or reject), and report the size. */
  in_library = 1;
  rc = hcc_run(op, p, in, len, ws, need, NULL, 0, &out_len, &err);
  in_library = 0;
  if (!known_code(rc)) hcc_fuzz_fail("unknown status code", in, len);
  if (rc == HCC_E_WORKSPACE) hcc_fuzz_fail("workspace from hcc_workspace_size was not enough", in, len);
  if (rc != HCC_OK && rc != HCC_E_NOSPACE) {
    if (!err.message || err.code != rc) hcc_fuzz_fail("error not described", in, len);
    free(ws_block);
    r.rc = rc;
    return r;
  }
  if (rc == HCC_OK && out_len != 0) hcc_fuzz_fail("success with output into a zero-size buffer", in, len);
  size_t want = out_len;
  char *out = malloc(want ? want : 1);
  in_library = 1;
  rc = hcc_run(op, p, in, len, ws, need, out, want, &out_len, &err);
  in_library = 0;
  if (rc != HCC_OK) hcc_fuzz_fail("second run with the reported size failed", in, len);
  if (out_len != want) hcc_fuzz_fail("reported size differs from the output size", in, len);
  if (want > 0) {
    size_t len2 = 0;
    /* One byte short must be NOSPACE with the same size. */
    in_library = 1;
    int rc2 = hcc_run(op, p, in, len, ws, need, out, want - 1, &len2, &err);
    in_library = 0;
    if (rc2 != HCC_E_NOSPACE || len2 != want) hcc_fuzz_fail("one byte short is not NOSPACE", in, len);
    in_library = 1;
    rc2 = hcc_run(op, p, in, len, ws, need, out, want, &len2, &err);
    in_library = 0;
    if (rc2 != HCC_OK || len2 != want) hcc_fuzz_fail("not deterministic", in, len);
  }
  free(ws_block);
  r.rc = HCC_OK;
  r.out = out;
  r.out_len = want;
  return r;
}

void hcc_fuzz_free(hcc_fuzz_result *r) {
  free(r->out);
  r->out = NULL;
}
