/* diff_fuzz.c -- coverage-guided differential fuzzing: every input runs
 * through hcc and through another implementation of the rules in the same
 * process, and a difference no documented rule explains aborts (so
 * libFuzzer keeps the input).  Build with -DHCC_DIFF_OP=HCC_OP_<NAME>, one
 * binary per op (make fuzz-diff; fuzz/README.md, "Differential fuzzing").
 *
 * The other side is the pinned hermes (HERMES_SRC), run by an embedded
 * CPython through the corpus's own adapter code, or any program speaking
 * spec/PROTOCOL.md --serve (HCC_DIFF_IMPL); tools/diff_oracle.py does the
 * asking and tools/div_classify.py the judging.  The first input bytes
 * choose the parameters exactly as every other harness reads them
 * (hcc_fuzz_params, fuzz/harness.c), and hcc runs under the same contract
 * checks (hcc_fuzz_run).
 *
 * The harness may allocate (it is not the library); the library is built
 * for coverage only, without ASan, which an embedded CPython does not
 * survive cheaply. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "harness.h"

#ifndef HCC_DIFF_OP
#error "define HCC_DIFF_OP"
#endif
#ifndef HCC_TOOLS_DIR
#error "define HCC_TOOLS_DIR (the repository's tools/ folder)"
#endif

/* ---- hcc_params as the protocol's "params" object ------------------------ */

enum kind { I64, DBL, BOOL, POLICY, PROFILE, TEXT /* a const char * with its _len beside it */ };
typedef struct field {
  const char *name; /* hcc_param_name's spelling */
  size_t off;
  enum kind kind;
} field;

#define F(n, k) {#n, offsetof(hcc_params, n), k}
static const field fields[] = {
    F(context_length, I64), F(threshold_percent, DBL), F(summary_target_ratio, DBL),
    F(protect_first_n, I64), F(protect_last_n, I64), F(min_tail_user_messages, I64),
    F(compression_count, I64), F(tail_token_budget, I64), F(explain, BOOL),
    F(head_chars, I64), F(truncate_all, BOOL), F(policy, POLICY), F(summarizer_fail, BOOL),
    F(abort_on_summary_failure, BOOL), F(wire, BOOL), F(profile, PROFILE),
    {"json", offsetof(hcc_params, check_json), BOOL},
    F(target_max_tokens, I64), F(summary_target_tokens, I64), F(protect_first_system, BOOL),
    F(protect_first_human, BOOL), F(protect_first_gpt, BOOL), F(protect_first_tool, BOOL),
    F(protect_last_n_turns, I64), F(add_summary_notice, BOOL), F(max_retries, I64),
    F(metrics_per_trajectory, BOOL), F(proactive_prune_tokens, I64),
    F(proactive_prune_min_result_chars, I64), F(proactive_prune_min_reclaim_tokens, I64),
    F(current_tokens, I64), F(at, I64), F(fail_reason, TEXT), F(previous_summary, TEXT)};
#define NFIELDS (sizeof fields / sizeof fields[0])

/* In the order of HCC_PROFILE_* (hcc.h) and HCC_POLICY_*. */
static const char *const profiles[] = {"openai", "openai-strict", "anthropic",
                                       "gemini", "deepseek-thinking", "responses"};
static const char *const policies[] = {"strip", "stub"};

static int64_t get_i(const hcc_params *p, const field *f) {
  const char *b = (const char *)p + f->off;
  if (f->kind == I64) return *(const int64_t *)b;
  return *(const int *)b;
}

static const char *text_of(const hcc_params *p, const field *f, size_t *len) {
  const char *b = (const char *)p + f->off;
  *len = *(const size_t *)(b + sizeof(const char *)); /* the _len field that follows */
  return *(const char *const *)b;
}

static int same(const hcc_params *a, const hcc_params *b, const field *f) {
  if (f->kind == TEXT) {
    size_t la, lb;
    const char *ta = text_of(a, f, &la), *tb = text_of(b, f, &lb);
    return (ta == NULL) == (tb == NULL) && la == lb && (la == 0 || memcmp(ta, tb, la) == 0);
  }
  if (f->kind == DBL)
    return *(const double *)((const char *)a + f->off) == *(const double *)((const char *)b + f->off);
  return get_i(a, f) == get_i(b, f);
}

/* The value of field f as protocol JSON text. */
static void value_text(const hcc_params *p, const field *f, char *buf, size_t cap) {
  if (f->kind == TEXT) { /* a JSON string: quotes, backslashes and controls escaped */
    size_t len, n = 0;
    const char *t = text_of(p, f, &len);
    if (!t) {
      snprintf(buf, cap, "null");
      return;
    }
    buf[n++] = '"';
    for (size_t i = 0; i < len && n + 8 < cap; i++) {
      unsigned char c = (unsigned char)t[i];
      if (c == '"' || c == '\\') buf[n++] = '\\', buf[n++] = (char)c;
      else if (c < 0x20) n += (size_t)snprintf(buf + n, cap - n, "\\u%04x", c);
      else buf[n++] = (char)c;
    }
    snprintf(buf + n, cap - n, "\"");
    return;
  }
  int64_t v = get_i(p, f);
  switch (f->kind) {
  case DBL: snprintf(buf, cap, "%.17g", *(const double *)((const char *)p + f->off)); break;
  case BOOL: snprintf(buf, cap, "%s", v ? "true" : "false"); break;
  case POLICY: snprintf(buf, cap, "\"%s\"", policies[v == HCC_POLICY_STUB]); break;
  case PROFILE: snprintf(buf, cap, "\"%s\"", (v >= 0 && v < 6) ? profiles[v] : "openai"); break;
  default: snprintf(buf, cap, "%lld", (long long)v); break;
  }
}

/* {"name": value, ...} for every parameter that differs from its default
 * (the other side's defaults are hermes's, the same). */
static size_t params_json(const hcc_params *p, char *buf, size_t cap) {
  hcc_params d;
  hcc_params_init(&d);
  size_t n = (size_t)snprintf(buf, cap, "{");
  for (size_t i = 0; i < NFIELDS; i++) {
    if (same(p, &d, &fields[i])) continue;
    char v[8192]; /* a text parameter of the fuzz table (fuzz/harness.c) fits, escaped */
    value_text(p, &fields[i], v, sizeof v);
    n += (size_t)snprintf(buf + n, cap - n, "%s\"%s\": %s", n > 1 ? ", " : "", fields[i].name, v);
  }
  n += (size_t)snprintf(buf + n, cap - n, "}");
  return n;
}

/* The table above must name every parameter hcc has, each at the field
 * hcc_params_set writes: a value set by name through the library and
 * written back by the table reads the same.  Checked once at start. */
static void check_table(void) {
  for (size_t i = 0; hcc_param_name(i); i++) {
    const char *name = hcc_param_name(i);
    const field *f = NULL;
    for (size_t k = 0; k < NFIELDS; k++)
      if (strcmp(fields[k].name, name) == 0) f = &fields[k];
    if (!f) {
      fprintf(stderr, "diff_fuzz: parameter %s is missing from the harness's table\n", name);
      exit(2);
    }
    hcc_params p;
    hcc_error err;
    char v[64];
    hcc_params_init(&p);
    const char *probe = f->kind == DBL ? "0.375" : f->kind == BOOL ? "true"
                      : f->kind == POLICY ? "stub" : f->kind == PROFILE ? "gemini"
                      : f->kind == TEXT ? "why" : "7";
    if (hcc_params_set(&p, name, strlen(name), probe, strlen(probe), &err) != HCC_OK) {
      fprintf(stderr, "diff_fuzz: hcc_params_set(%s, %s) refused: %s\n", name, probe, err.message);
      exit(2);
    }
    value_text(&p, f, v, sizeof v);
    const char *want = v[0] == '"' ? v + 1 : v;
    if (strncmp(want, probe, strlen(probe)) != 0) {
      fprintf(stderr, "diff_fuzz: parameter %s: set %s, the table reads %s\n", name, probe, v);
      exit(2);
    }
  }
}

/* ---- the embedded oracle --------------------------------------------------- */

static PyObject *check_fn, *stats_fn;

static void fail_python(const char *what) {
  fprintf(stderr, "diff_fuzz: %s\n", what);
  PyErr_Print();
  abort();
}

static void print_stats(void) {
  if (!stats_fn) return;
  PyObject *r = PyObject_CallNoArgs(stats_fn);
  if (r && PyUnicode_Check(r))
    fprintf(stderr, "diff_fuzz %s: %s\n", hcc_op_name(HCC_DIFF_OP), PyUnicode_AsUTF8(r));
  Py_XDECREF(r);
  /* The CPU this process was charged (hermes runs in it too): a campaign is
     counted in CPU time, not in wall time shared with other work. */
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    fprintf(stderr, "diff_fuzz %s cpu: %.1f s\n", hcc_op_name(HCC_DIFF_OP),
            (double)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  check_table();
  if (!hcc_op_supported(HCC_DIFF_OP)) {
    fprintf(stderr, "diff_fuzz: op %s is not supported by this build\n", hcc_op_name(HCC_DIFF_OP));
    exit(2);
  }
  Py_InitializeEx(0);
  PyObject *path = PySys_GetObject("path"); /* borrowed */
  PyObject *dir = PyUnicode_FromString(HCC_TOOLS_DIR);
  if (!path || !dir || PyList_Insert(path, 0, dir) != 0) fail_python("cannot extend sys.path");
  Py_DECREF(dir);
  PyObject *mod = PyImport_ImportModule("diff_oracle");
  if (!mod) fail_python("cannot import tools/diff_oracle.py");
  PyObject *setup = PyObject_GetAttrString(mod, "setup");
  check_fn = PyObject_GetAttrString(mod, "check");
  stats_fn = PyObject_GetAttrString(mod, "stats");
  if (!setup || !check_fn || !stats_fn) fail_python("diff_oracle lacks setup/check/stats");
  PyObject *msg = PyObject_CallNoArgs(setup);
  if (!msg) fail_python("diff_oracle.setup() raised");
  if (msg != Py_None) {
    fprintf(stderr, "%s\n", PyUnicode_Check(msg) ? PyUnicode_AsUTF8(msg) : "diff_oracle: not set up");
    exit(2);
  }
  Py_DECREF(msg);
  Py_DECREF(setup);
  Py_DECREF(mod);
  atexit(print_stats);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hcc_params p;
  hcc_fuzz_params(&data, &size, &p);
  hcc_fuzz_result r = hcc_fuzz_run(HCC_DIFF_OP, &p, (const char *)data, size);
  char pj[16384], err[128];
  size_t pn = params_json(&p, pj, sizeof pj);
  int status = r.rc == HCC_OK ? 0 : 1;
  err[0] = 0;
  if (r.rc != HCC_OK) snprintf(err, sizeof err, "error: %s", hcc_error_name(r.rc));
  PyObject *res = PyObject_CallFunction(check_fn, "sy#y#iy#y", hcc_op_name(HCC_DIFF_OP), pj,
                                        (Py_ssize_t)pn, (const char *)data, (Py_ssize_t)size, status,
                                        r.out ? r.out : "", (Py_ssize_t)(r.out ? r.out_len : 0), err);
  hcc_fuzz_free(&r);
  if (!res) fail_python("diff_oracle.check() raised");
  if (res != Py_None) {
    fprintf(stderr, "%s\n", PyUnicode_Check(res) ? PyUnicode_AsUTF8(res) : "diff_fuzz: a difference");
    print_stats();
    stats_fn = NULL;
    abort();
  }
  Py_DECREF(res);
  return 0;
}
