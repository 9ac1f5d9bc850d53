/* ops.c -- the op table, parameter defaults and parsing, and hcc_run. */
#include <stdlib.h>

#include "ops.h"

static const hcc_op_entry *entry(hcc_op op) {
  const hcc_op_entry *e = hcc__op_table;
  for (; e->name; e++)
    if (e->op == op) return e;
  return NULL;
}

static const char *const op_names[HCC_OP__COUNT] = {
    "validate",      "messages",    "align",           "trajectory-snap",
    "truncate-args", "strip-prefix", "with-prefix",    "classify-summary",
    "repair",        "prune",        "prune-only",     "compress",
    "trajectory",    "check",        "strip-media",    "align-at",
    "redact"};

const char *hcc_op_name(hcc_op op) {
  if ((unsigned)op >= HCC_OP__COUNT) return NULL;
  return op_names[op];
}

int hcc_op_from_name(const char *name, size_t len) {
  for (int i = 0; i < HCC_OP__COUNT; i++)
    if (strlen(op_names[i]) == len && memcmp(op_names[i], name, len) == 0) return i;
  return -1;
}

int hcc_op_supported(hcc_op op) { return entry(op) != NULL; }

/* The arena aligns the caller's buffer, which may start anywhere, to 16
 * bytes: up to 15 of it are lost before the first piece (arena.c). */
size_t hcc__need_fallback(const hcc_json_info *info, size_t len, const hcc_params *p); /* op_compress.c */

static size_t with_pad(size_t need) { return need ? need + 15 : 0; }

size_t hcc_workspace_bound(hcc_op op, size_t len) {
  const hcc_op_entry *e = entry(op);
  if (!e) return 0;
  hcc_json_info worst = hcc__json_info_bound(len);
  size_t fb = op == HCC_OP_COMPRESS ? hcc__need_fallback(&worst, len, NULL) : 0;
  return with_pad(e->need(&worst, len) + fb);
}

int hcc_workspace_size(hcc_op op, const hcc_params *p, const char *in,
                       size_t len, size_t *need, hcc_error *err) {
  const hcc_op_entry *e = entry(op);
  hcc_json_info info;
  *need = 0;
  if (!e) return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "operation not supported by this build");
  int rc = hcc_json_validate(in, len, &info, err);
  if (rc != HCC_OK) return rc;
  /* hermes's fallback summary (FALLBACK-9) runs only when the summarizer
   * fails and the pass does not abort: its room is kept only then */
  int fb = op == HCC_OP_COMPRESS && (!p || (p->summarizer_fail && !p->abort_on_summary_failure));
  *need = with_pad(e->need(&info, len) + (fb ? hcc__need_fallback(&info, len, p) : 0));
  return HCC_OK;
}

int hcc_run(hcc_op op, const hcc_params *p, const char *in, size_t len,
            void *ws, size_t ws_size, char *out, size_t out_cap,
            size_t *out_len, hcc_error *err) {
  const hcc_op_entry *e = entry(op);
  hcc_arena a;
  hcc_out o;
  *out_len = 0;
  hcc__fail(err, HCC_OK, 0, "ok");
  if (!e) return hcc__fail(err, HCC_E_UNSUPPORTED, 0, "operation not supported by this build");
  hcc__arena_init(&a, ws, ws_size);
  hcc__out_init(&o, out, out_cap);
  int rc = e->run(p, in, len, &a, &o, err);
  if (rc != HCC_OK) return rc;
  *out_len = o.len;
  if (o.len > out_cap) return hcc__fail(err, HCC_E_NOSPACE, 0, "output buffer too small");
  return HCC_OK;
}

/* ---- parameters ---------------------------------------------------------- */
void hcc_params_init(hcc_params *p) {
  memset(p, 0, sizeof *p);
  p->context_length = HCC_DEFAULT_CONTEXT_LENGTH;
  p->threshold_percent = 0.50;
  p->summary_target_ratio = 0.20;
  p->protect_first_n = 3;
  p->protect_last_n = 20;
  p->min_tail_user_messages = 1; /* ContextCompressor.__init__'s default */
  p->compression_count = 0;
  p->tail_token_budget = -1;
  p->head_chars = 200;
  p->policy = HCC_POLICY_STRIP;
  p->abort_on_summary_failure = 0;
  p->profile = HCC_PROFILE_OPENAI;
  /* trajectory_compressor.py's CompressionConfig defaults */
  p->target_max_tokens = 15250;
  p->summary_target_tokens = 750;
  p->protect_first_system = p->protect_first_human = 1;
  p->protect_first_gpt = p->protect_first_tool = 1;
  p->protect_last_n_turns = 4;
  p->add_summary_notice = 1;
  p->max_retries = 3;
  p->metrics_per_trajectory = 1;
  /* ContextCompressor.__init__'s proactive-prune defaults */
  p->proactive_prune_min_result_chars = 8000;
  p->proactive_prune_min_reclaim_tokens = 4096;
  p->current_tokens = -1;
}

typedef enum { P_INT, P_REAL, P_BOOL, P_ENUM, P_TEXT } ptype;
typedef struct pdesc {
  const char *name;
  ptype type;
  size_t off;
  double lo, hi;               /* P_TEXT: hi is the longest value, in bytes */
  const char *const *choices; /* P_ENUM: NULL-terminated */
  size_t len_off;             /* P_TEXT: where the value's length goes */
  const char *too_long;       /* P_TEXT: the message for a value longer than hi */
} pdesc;

static const char *const policies[] = {"strip", "stub", NULL};
static const char *const profiles[] = {"openai", "openai-strict", "anthropic",
                                       "gemini", "deepseek-thinking", "responses", NULL};

#define F(x) offsetof(hcc_params, x)
static const pdesc params[] = {
    {"context_length", P_INT, F(context_length), 1, 1e12, NULL, 0, NULL},
    {"threshold_percent", P_REAL, F(threshold_percent), 0, 1, NULL, 0, NULL},
    {"summary_target_ratio", P_REAL, F(summary_target_ratio), 0, 1, NULL, 0, NULL},
    {"protect_first_n", P_INT, F(protect_first_n), 0, 1e9, NULL, 0, NULL},
    {"protect_last_n", P_INT, F(protect_last_n), 0, 1e9, NULL, 0, NULL},
    {"min_tail_user_messages", P_INT, F(min_tail_user_messages), 0, 1e9, NULL, 0, NULL},
    {"compression_count", P_INT, F(compression_count), 0, 1e9, NULL, 0, NULL},
    {"tail_token_budget", P_INT, F(tail_token_budget), -1, 1e12, NULL, 0, NULL},
    {"explain", P_BOOL, F(explain), 0, 1, NULL, 0, NULL},
    {"head_chars", P_INT, F(head_chars), 0, 1e9, NULL, 0, NULL},
    {"truncate_all", P_BOOL, F(truncate_all), 0, 1, NULL, 0, NULL},
    {"policy", P_ENUM, F(policy), 0, 0, policies, 0, NULL},
    {"summarizer_fail", P_BOOL, F(summarizer_fail), 0, 1, NULL, 0, NULL},
    {"abort_on_summary_failure", P_BOOL, F(abort_on_summary_failure), 0, 1, NULL, 0, NULL},
    {"wire", P_BOOL, F(wire), 0, 1, NULL, 0, NULL},
    {"profile", P_ENUM, F(profile), 0, 0, profiles, 0, NULL},
    {"json", P_BOOL, F(check_json), 0, 1, NULL, 0, NULL},
    {"target_max_tokens", P_INT, F(target_max_tokens), 0, 1e12, NULL, 0, NULL},
    {"summary_target_tokens", P_INT, F(summary_target_tokens), 0, 1e12, NULL, 0, NULL},
    {"protect_first_system", P_BOOL, F(protect_first_system), 0, 1, NULL, 0, NULL},
    {"protect_first_human", P_BOOL, F(protect_first_human), 0, 1, NULL, 0, NULL},
    {"protect_first_gpt", P_BOOL, F(protect_first_gpt), 0, 1, NULL, 0, NULL},
    {"protect_first_tool", P_BOOL, F(protect_first_tool), 0, 1, NULL, 0, NULL},
    {"protect_last_n_turns", P_INT, F(protect_last_n_turns), 0, 1e9, NULL, 0, NULL},
    {"add_summary_notice", P_BOOL, F(add_summary_notice), 0, 1, NULL, 0, NULL},
    {"max_retries", P_INT, F(max_retries), 0, 1e6, NULL, 0, NULL},
    {"metrics_per_trajectory", P_BOOL, F(metrics_per_trajectory), 0, 1, NULL, 0, NULL},
    {"proactive_prune_tokens", P_INT, F(proactive_prune_tokens), -1e12, 1e12, NULL, 0, NULL},
    {"proactive_prune_min_result_chars", P_INT, F(proactive_prune_min_result_chars), -1e12, 1e12, NULL, 0, NULL},
    {"proactive_prune_min_reclaim_tokens", P_INT, F(proactive_prune_min_reclaim_tokens), -1e12, 1e12, NULL, 0, NULL},
    {"current_tokens", P_INT, F(current_tokens), -1, 1e12, NULL, 0, NULL},
    {"at", P_INT, F(at), 0, 1e12, NULL, 0, NULL},
    {"fail_reason", P_TEXT, F(fail_reason), 0, HCC_MAX_PARAM_TEXT, NULL, F(fail_reason_len),
     "text parameter longer than HCC_MAX_PARAM_TEXT bytes"},
    {"previous_summary", P_TEXT, F(previous_summary), 0, HCC_MAX_PREVIOUS_SUMMARY, NULL, F(previous_summary_len),
     "text parameter longer than HCC_MAX_PREVIOUS_SUMMARY bytes"},
    {NULL, P_INT, 0, 0, 0, NULL, 0, NULL}};
#undef F

const char *hcc_param_name(size_t i) {
  return i < sizeof params / sizeof params[0] ? params[i].name : NULL;
}

/* Whether s[0..n) is WTF-8: UTF-8 whose code points may include lone
 * surrogates (what a JSON string with a \ud800 escape decodes to). */
static int wtf8_valid(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    unsigned c = u[i];
    size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!k || i + k > n) return 0;
    for (size_t j = 1; j < k; j++)
      if ((u[i + j] & 0xC0) != 0x80) return 0;
    if ((c == 0xE0 && u[i + 1] < 0xA0) || (c == 0xF0 && u[i + 1] < 0x90) || (c == 0xF4 && u[i + 1] > 0x8F))
      return 0;
    i += k;
  }
  return 1;
}

/* Names compare with '-' and '_' as the same character, so CLI flags
 * (--protect-first-n) and hermes's names (protect_first_n) both work. */
static int name_eq(const char *a, const char *b, size_t blen) {
  size_t i = 0;
  for (; i < blen && a[i]; i++) {
    char x = a[i] == '-' ? '_' : a[i], y = b[i] == '-' ? '_' : b[i];
    if (x != y) return 0;
  }
  return i == blen && a[i] == 0;
}

int hcc_params_set(hcc_params *p, const char *name, size_t name_len,
                   const char *value, size_t value_len, hcc_error *err) {
  const pdesc *d = params;
  char buf[64];
  for (; d->name; d++)
    if (name_eq(d->name, name, name_len)) break;
  if (!d->name) return hcc__fail(err, HCC_E_PARAM, 0, "unknown parameter");
  if (d->type == P_TEXT) { /* the pointer is kept: the caller owns the text */
    if ((double)value_len > d->hi) return hcc__fail(err, HCC_E_PARAM, 0, d->too_long);
    if (!wtf8_valid(value, value_len))
      return hcc__fail(err, HCC_E_PARAM, 0, "text parameter is not UTF-8");
    *(const char **)((char *)p + d->off) = value;
    *(size_t *)((char *)p + d->len_off) = value_len;
    return HCC_OK;
  }
  if (value_len >= sizeof buf) return hcc__fail(err, HCC_E_PARAM, 0, "parameter value too long");
  /* a NUL would end the C string early: "true\0x" must not read as true */
  if (value_len && memchr(value, 0, value_len))
    return hcc__fail(err, HCC_E_PARAM, 0, "parameter value holds a NUL byte");
  memcpy(buf, value, value_len);
  buf[value_len] = 0;
  char *base = (char *)p + d->off;
  if (d->type == P_ENUM) {
    for (int i = 0; d->choices[i]; i++)
      if (strcmp(d->choices[i], buf) == 0) {
        *(int *)base = i;
        return HCC_OK;
      }
    return hcc__fail(err, HCC_E_PARAM, 0, "parameter value is not one of its choices");
  }
  if (d->type == P_BOOL) {
    if (!strcmp(buf, "true") || !strcmp(buf, "1")) *(int *)base = 1;
    else if (!strcmp(buf, "false") || !strcmp(buf, "0")) *(int *)base = 0;
    else return hcc__fail(err, HCC_E_PARAM, 0, "boolean parameter must be true or false");
    return HCC_OK;
  }
  /* strtod also reads hex ("0x10"), "inf", "nan" and leading blanks; the
   * documented form is a decimal number only. */
  if (strspn(buf, "0123456789+-.eE") != value_len)
    return hcc__fail(err, HCC_E_PARAM, 0, "numeric parameter is not a decimal number");
  char *end = NULL;
  double v = strtod(buf, &end);
  if (value_len == 0 || *end || v != v || v < d->lo || v > d->hi)
    return hcc__fail(err, HCC_E_PARAM, 0, "numeric parameter out of range");
  if (d->type == P_INT) {
    if (v != (double)(int64_t)v)
      return hcc__fail(err, HCC_E_PARAM, 0, "integer parameter has a fraction");
    *(int64_t *)base = (int64_t)v;
  } else {
    *(double *)base = v;
  }
  return HCC_OK;
}
