/* oracle_selftest.c -- the oracles must bite: each case hands
 * hcc_fuzz_oracles() a forged output (what a buggy op could write) and
 * expects the abort, in a child process; the positive controls hand it the
 * library's real output and expect no abort.  Built and run by
 * tests/fuzz/test_fuzz_harness.sh against the replay flavour (ASan+UBSan).
 * The last line is "N passed, N failed". */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

typedef struct {
  const char *name;
  hcc_op op;
  int policy, head_chars, truncate_all;
  const char *in;
  const char *forged; /* NULL: the library's own output (must pass) */
  int forged_rc;      /* HCC_OK unless the forged result is a rejection */
  const char *why;    /* forged: words the abort message must hold */
} tcase;

#define ASST2 \
  "[{\"role\": \"assistant\", \"content\": \"\", \"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}, {\"id\": \"b\", \"function\": {\"name\": \"g\", \"arguments\": \"{}\"}}]}"
#define TOOL_A "{\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"ok\"}"
#define ORPHAN "{\"role\": \"tool\", \"tool_call_id\": \"zz\", \"content\": \"orphan\"}"
#define REPAIR_IN ASST2 ", " TOOL_A ", " ORPHAN "]"
#define ASST_A \
  "{\"role\": \"assistant\", \"content\": \"\", \"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]}"
#define STUB_B \
  "{\"role\": \"tool\", \"content\": \"[Result from earlier conversation \xe2\x80\x94 see context summary above]\", \"tool_call_id\": \"b\"}"
#define LONG60 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
#define ARGS_IN \
  "[{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"c\", \"function\": {\"name\": \"w\", \"arguments\": \"{\\\"p\\\": \\\"" LONG60 "\\\", \\\"n\\\": 1}\"}}]}]"
#define ARGS_OUT(cut, rest) \
  "[{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"c\", \"function\": {\"name\": \"w\", \"arguments\": \"{\\\"p\\\": \\\"" cut "...[truncated]\\\"" rest "}\"}}]}]"
#define ALIGN_IN \
  "[{\"role\": \"system\", \"content\": \"s\"}, {\"role\": \"user\", \"content\": \"u\"}, {\"role\": \"tool\", \"content\": \"t\"}, {\"role\": \"user\", \"content\": \"v\"}]"

#define MEDIA_IN \
  "[{\"role\": \"user\", \"content\": [{\"type\": \"image_url\", \"image_url\": {\"url\": \"data:x\"}}], \"api_content\": \"a\"}, {\"role\": \"user\", \"content\": [{\"type\": \"image_url\", \"image_url\": {\"url\": \"data:y\"}}]}]"
#define PRUNE_IN "[{\"role\": \"user\", \"content\": \"a\"}, {\"role\": \"tool\", \"tool_call_id\": \"x\", \"content\": \"b\"}]"

static const tcase cases[] = {
    /* positive controls: the library's real output */
    {"repair strip real output", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN, NULL, 0, NULL},
    {"repair stub real output", HCC_OP_REPAIR, HCC_POLICY_STUB, 200, 0, REPAIR_IN, NULL, 0, NULL},
    {"truncate real output", HCC_OP_TRUNCATE_ARGS, 0, 10, 1, ARGS_IN, NULL, 0, NULL},
    {"align real output", HCC_OP_ALIGN, 0, 200, 0, ALIGN_IN, NULL, 0, NULL},
    {"strip-media real output", HCC_OP_STRIP_MEDIA, 0, 200, 0, MEDIA_IN, NULL, 0, NULL},
    {"prune real output", HCC_OP_PRUNE, 0, 200, 0, PRUNE_IN, NULL, 0, NULL},
    {"strip-prefix real output", HCC_OP_STRIP_PREFIX, 0, 200, 0, "\"[CONTEXT SUMMARY]: body\"", NULL, 0, NULL},
    {"with-prefix real output", HCC_OP_WITH_PREFIX, 0, 200, 0, "\"[CONTEXT SUMMARY]: body\"", NULL, 0, NULL},
    /* forged outputs the oracles must refuse */
    {"repair strip keeps an unanswered call", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN,
     ASST2 ", " TOOL_A "]", 0, "PAIRS-3"},
    {"repair keeps an orphan result", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN,
     "[" ASST_A ", " TOOL_A ", " ORPHAN "]", 0, "PAIRS-2..4"},
    {"repair reorders messages", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN,
     "[" TOOL_A ", " ASST_A "]", 0, "byte for byte"},
    {"repair reformats an untouched message", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN,
     "[" ASST_A ", {\"role\":\"tool\", \"tool_call_id\": \"a\", \"content\": \"ok\"}]", 0, "byte for byte"},
    {"repair changes the wrapper separator", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN,
     "[" ASST_A "," TOOL_A "]", 0, "MODEL-2"},
    {"repair stub in the wrong place", HCC_OP_REPAIR, HCC_POLICY_STUB, 200, 0, REPAIR_IN,
     ASST2 ", " TOOL_A ", " STUB_B "]", 0, "PAIRS-4"},
    {"repair stub missing", HCC_OP_REPAIR, HCC_POLICY_STUB, 200, 0, REPAIR_IN, ASST2 ", " TOOL_A "]", 0, "PAIRS-4"},
    {"truncate cuts one code point too many", HCC_OP_TRUNCATE_ARGS, 0, 10, 1, ARGS_IN,
     ARGS_OUT("xxxxxxxxxxx", ", \\\"n\\\": 1"), 0, "ARGS-2/3"},
    {"truncate drops a key", HCC_OP_TRUNCATE_ARGS, 0, 10, 1, ARGS_IN, ARGS_OUT("xxxxxxxxxx", ""), 0, "ARGS-2/3"},
    {"truncate changes a number", HCC_OP_TRUNCATE_ARGS, 0, 10, 1, ARGS_IN,
     ARGS_OUT("xxxxxxxxxx", ", \\\"n\\\": 2"), 0, "ARGS-2/3"},
    {"strip-media keeps api_content of a rewritten message", HCC_OP_STRIP_MEDIA, 0, 200, 0, MEDIA_IN,
     "[{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"[Attached image \xe2\x80\x94 stripped after compression]\"}], \"api_content\": \"a\"}, {\"role\": \"user\", \"content\": [{\"type\": \"image_url\", \"image_url\": {\"url\": \"data:y\"}}]}]",
     0, "PRUNE-12"},
    {"prune changes a user message", HCC_OP_PRUNE, 0, 200, 0, PRUNE_IN,
     "[{\"role\": \"user\", \"content\": \"z\"}, {\"role\": \"tool\", \"tool_call_id\": \"x\", \"content\": \"b\"}]", 0,
     "ARGS-4"},
    {"prune drops a message", HCC_OP_PRUNE, 0, 200, 0, PRUNE_IN, "[{\"role\": \"user\", \"content\": \"a\"}]", 0,
     "PRUNE-10"},
    {"align non-tool message inside [head_end, compress_start)", HCC_OP_ALIGN, 0, 200, 0, ALIGN_IN,
     "{\"head_end\": 1, \"compress_start\": 2, \"compress_end\": 3}", 0, "ALIGN-7"},
    {"align boundaries out of order", HCC_OP_ALIGN, 0, 200, 0, ALIGN_IN,
     "{\"head_end\": 2, \"compress_start\": 1, \"compress_end\": 3}", 0, "head_end <= compress_start"},
    {"align boundary on a tool result", HCC_OP_ALIGN, 0, 200, 0, ALIGN_IN,
     "{\"head_end\": 2, \"compress_start\": 2, \"compress_end\": 3}", 0, "on a tool result"},
    {"strip-prefix body not a slice", HCC_OP_STRIP_PREFIX, 0, 200, 0, "\"[CONTEXT SUMMARY]: body\"", "\"bodyX\"", 0, "not a slice"},
    {"strip-prefix body with a blank", HCC_OP_STRIP_PREFIX, 0, 200, 0, "\"[CONTEXT SUMMARY]: body\"", "\" body\"", 0, "whitespace"},
    {"with-prefix without the prefix", HCC_OP_WITH_PREFIX, 0, 200, 0, "\"[CONTEXT SUMMARY]: body\"", "\"body\"", 0, "PREFIX-4"},
    {"classify-summary unknown answer", HCC_OP_CLASSIFY_SUMMARY, 0, 200, 0, "\"x\"", "\"maybe\"", 0, "PREFIX-6"},
    {"validate changes its input", HCC_OP_VALIDATE, 0, 200, 0, "[1, 2]", "[1,2]", 0, "validate changed"},
    {"messages misses a line", HCC_OP_MESSAGES, 0, 200, 0, ALIGN_IN, "0 system content=str:1\n", 0, "MODEL-3"},
    {"bad JSON accepted", HCC_OP_VALIDATE, 0, 200, 0, "[1,", "[1,", 0, "disagrees with hcc_json_validate"},
    {"bad JSON rejected with another code", HCC_OP_VALIDATE, 0, 200, 0, "[1,", NULL, HCC_E_SHAPE, "disagrees with hcc_json_validate"},
    {"output not strict JSON", HCC_OP_REPAIR, HCC_POLICY_STRIP, 200, 0, REPAIR_IN, "[", 0, "not strict JSON"},
};

/* compress's explain form: the state after the call (COMPRESS-17).  The
 * forged output is the library's own explain output with the two state
 * members replaced by `state` (NULL: kept, a positive control). */
#define COMPRESS_IN \
  "[{\"role\": \"system\", \"content\": \"s\"}, {\"role\": \"user\", \"content\": \"a\"}, {\"role\": \"assistant\", \"content\": \"b\"}, " \
  "{\"role\": \"user\", \"content\": \"c\"}, {\"role\": \"assistant\", \"content\": \"d\"}, {\"role\": \"user\", \"content\": \"e\"}, " \
  "{\"role\": \"assistant\", \"content\": \"f\"}, {\"role\": \"user\", \"content\": \"g\"}]"
typedef struct {
  const char *name;
  const char *in;
  const char *prev; /* the previous_summary parameter */
  const char *state;
  const char *why;
} ccase;

static const ccase ccases[] = {
    {"compress explain real output", COMPRESS_IN, NULL, NULL, NULL},
    {"compress explain real output, too few messages", "[{\"role\": \"user\", \"content\": \"a\"}]", "kept", NULL, NULL},
    {"compress does not count the compaction", COMPRESS_IN, NULL,
     "\"previous_summary\": \"## Historical Task Snapshot\\nx\", \"compression_count\": 0", "compression_count after"},
    {"compress keeps another previous summary than the stub's", COMPRESS_IN, NULL,
     "\"previous_summary\": \"other\", \"compression_count\": 1", "stub's body"},
    {"compress without a compaction drops the given summary", "[{\"role\": \"user\", \"content\": \"a\"}]", "kept",
     "\"previous_summary\": null, \"compression_count\": 0", "changed the previous summary"},
};

static void run_compress(const ccase *c) {
  hcc_params p;
  hcc_params_init(&p);
  p.protect_first_n = 1;
  p.tail_token_budget = 0;
  p.protect_last_n = 2;
  p.explain = 1;
  p.previous_summary = c->prev;
  p.previous_summary_len = c->prev ? strlen(c->prev) : 0;
  size_t len = strlen(c->in);
  hcc_fuzz_result r = hcc_fuzz_run(HCC_OP_COMPRESS, &p, c->in, len);
  if (r.rc != HCC_OK) {
    fprintf(stderr, "compress control rejected: rc %d\n", r.rc);
    abort();
  }
  if (c->state) {
    char *o = malloc(r.out_len + 1); /* the output is not NUL-terminated */
    if (!o) abort();
    memcpy(o, r.out, r.out_len);
    o[r.out_len] = 0;
    char *a = strstr(o, "\"previous_summary\": "), *b = strstr(o, ", \"result\": ");
    if (!a || !b) abort();
    size_t n = (size_t)(a - o) + strlen(c->state) + strlen(b);
    char *f = malloc(n + 1);
    if (!f) abort();
    memcpy(f, o, (size_t)(a - o));
    strcpy(f + (a - o), c->state);
    strcat(f, b);
    free(o);
    hcc_fuzz_free(&r);
    r.out = f;
    r.out_len = n;
  }
  hcc_fuzz_oracles(HCC_OP_COMPRESS, &p, c->in, len, &r);
  hcc_fuzz_free(&r);
}

static void run(const tcase *c) {
  hcc_params p;
  hcc_params_init(&p);
  p.policy = c->policy;
  p.head_chars = c->head_chars;
  p.truncate_all = c->truncate_all;
  size_t len = strlen(c->in);
  hcc_fuzz_result r;
  if (c->forged || c->forged_rc) {
    r.rc = c->forged_rc;
    r.out = c->forged ? strdup(c->forged) : NULL;
    r.out_len = c->forged ? strlen(c->forged) : 0;
  } else {
    r = hcc_fuzz_run(c->op, &p, c->in, len);
    if (r.rc != HCC_OK) {
      fprintf(stderr, "positive control rejected: rc %d\n", r.rc);
      abort();
    }
  }
  hcc_fuzz_oracles(c->op, &p, c->in, len, &r);
  hcc_fuzz_free(&r);
}

/* Runs fn(arg) in a child; it must abort with `why` in its message
 * (must_abort) or exit 0.  Prints the verdict; returns 1 when it holds. */
static int verdict(const char *name, void (*fn)(const void *), const void *arg, int must_abort, const char *why) {
  fflush(NULL);
  char log[] = "/tmp/hcc_oracle_selftest.XXXXXX";
  int fd = mkstemp(log);
  if (fd < 0) exit(2);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd, 2); /* the abort message, read back below */
    fn(arg);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  char msg[4096] = {0};
  ssize_t got = pread(fd, msg, sizeof msg - 1, 0);
  (void)got;
  close(fd);
  unlink(log);
  int aborted = WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT;
  int ok = must_abort ? aborted && strstr(msg, why) != NULL : (WIFEXITED(st) && WEXITSTATUS(st) == 0);
  printf("%s: %s\n", ok ? "ok" : "FAIL", name);
  if (!ok) printf("  child said: %.300s\n", msg);
  return ok;
}

static void run_op(const void *c) { run(c); }
static void run_compress_case(const void *c) { run_compress(c); }

int main(void) {
  int pass = 0, fail = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const tcase *c = &cases[i];
    if (!hcc_op_supported(c->op)) {
      printf("skip: %s (op not in this build)\n", c->name);
      continue;
    }
    if (verdict(c->name, run_op, c, c->forged != NULL || c->forged_rc != 0, c->why)) pass++;
    else fail++;
  }
  for (size_t i = 0; hcc_op_supported(HCC_OP_COMPRESS) && i < sizeof ccases / sizeof ccases[0]; i++) {
    const ccase *c = &ccases[i];
    if (verdict(c->name, run_compress_case, c, c->state != NULL, c->why)) pass++;
    else fail++;
  }
  printf("oracle selftest: %d passed, %d failed\n", pass, fail);
  return fail != 0;
}
