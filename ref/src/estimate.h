/* estimate.h -- token estimators (spec ALIGN-EST-*).
 *
 * Two layers:
 *   - a text estimator: tokens of one piece of text.  It is a table of
 *     function pointers so that other estimators can be plugged in; hermes's
 *     CJK-aware rough estimate is the default (hcc__est_hermes);
 *   - the per-message budget of the tail walk (hermes's
 *     _estimate_msg_budget_tokens): content, the whole tool-call envelopes
 *     and the provider replay fields, each measured with the text
 *     estimator.  Prune and compress reuse it.
 *
 * Nothing allocates: the message budget renders Python's str() of tool
 * calls into a buffer taken once from the workspace (hcc__est_init). */
#ifndef HCC_ESTIMATE_H
#define HCC_ESTIMATE_H
#include "py.h"
#include "transcript.h"

/* Running sums over a stream of code points; what an estimator needs to
 * turn text into tokens without holding the text. */
typedef struct hcc_est_acc {
  uint64_t cps;   /* code points */
  uint64_t dense; /* code points the estimator counts one token each */
  uint64_t bytes; /* UTF-8 bytes of the other code points (lone surrogate = 1) */
} hcc_est_acc;

typedef struct hcc_estimator {
  const char *name;
  /* Adds one code point to the sums. */
  void (*feed)(hcc_est_acc *acc, uint32_t cp);
  /* Tokens of the text whose sums are acc. */
  int64_t (*tokens)(const hcc_est_acc *acc);
  /* Optional (NULL: feed is called per code point): adds n ASCII code
   * points at once, the same as n calls of feed with code points below
   * 0x80, so the walkers can skip plain text fast. */
  void (*feed_ascii)(hcc_est_acc *acc, size_t n);
} hcc_estimator;

/* hermes's estimate_tokens_rough (agent/model_metadata.py): code points in
 * the CJK/Hangul/fullwidth ranges count one token each; every other code
 * point adds its UTF-8 bytes (a lone surrogate one byte, as "replace"
 * encodes it), and those bytes cost ceil(bytes / 4) tokens. */
extern const hcc_estimator hcc__est_hermes;

/* An estimator's running sums fed by the writers of py.h (str(),
 * repr()), so text is measured without being rendered. */
typedef struct hcc_est_sink {
  const hcc_estimator *e;
  hcc_est_acc acc;
} hcc_est_sink;
/* The callbacks that feed sink s. */
hcc_py_feed hcc__est_sink_feed(hcc_est_sink *s);
/* Adds one code point to the sink (an hcc_ts_emit, sink an hcc_est_sink). */
void hcc__est_sink_cp(void *sink, uint32_t cp);
/* Adds the code points of WTF-8 text s[0..n) to the sink. */
void hcc__est_sink_text(hcc_est_sink *f, const char *s, size_t n);

/* Tokens of WTF-8 text, of a JSON string body (escapes decoded as
 * json.loads does), under estimator e. */
int64_t hcc__est_text(const hcc_estimator *e, const char *s, size_t n);
int64_t hcc__est_body(const hcc_estimator *e, const char *raw, size_t n);

/* hermes's constants of the budget walk. */
#define HCC_CHARS_PER_TOKEN 4
#define HCC_IMAGE_CHAR_EQUIVALENT (1600 * HCC_CHARS_PER_TOKEN)
#define HCC_MSG_OVERHEAD_TOKENS 10

/* State of the per-message budget: the transcript, scratch for Python's
 * dict semantics, and a buffer for str() renderings. */
typedef struct hcc_est_ctx {
  const hcc_estimator *e;
  const hcc_transcript *t;
  hcc_arena *scratch;
  char *buf;
  size_t cap;
  /* 1: hcc__est_message only checks the shapes hermes's estimate raises
   * on (DIV-ALIGN-1) and measures nothing (*tokens is 0): the same walk
   * over the message, without rendering or counting its text. */
  int check_only;
} hcc_est_ctx;

/* Workspace hcc__est_init takes for a document with these statistics. */
size_t hcc__est_need(const hcc_json_info *info, size_t len);
/* Prepares ctx over transcript t (input length len); takes the render
 * buffer from a and keeps a as scratch for later calls.  check_only is 0. */
int hcc__est_init(hcc_est_ctx *ctx, const hcc_estimator *e,
                  const hcc_transcript *t, size_t len, hcc_arena *a,
                  hcc_error *err);

/* The estimator's sums over str() of token tok, measured as it is
 * written.  HCC_E_WORKSPACE only. */
int hcc__est_str_sums(hcc_est_ctx *ctx, int tok, hcc_est_acc *acc, hcc_error *err);

/* Renders Python's str() of token tok into ctx->buf; *n gets the length
 * (WTF-8 bytes).  HCC_E_WORKSPACE only. */
int hcc__est_render_str(hcc_est_ctx *ctx, int tok, size_t *n, hcc_error *err);

/* hermes's _content_length_for_budget of the value at token tok (-1 for a
 * missing value, which Python sees as None): code points of a string;
 * for a list the sum over its parts (strings by length, image parts
 * HCC_IMAGE_CHAR_EQUIVALENT, other dicts len() of their "text" value when
 * truthy, anything else len(str(part))); otherwise len(str(value or "")).
 * HCC_E_SHAPE where Python raises TypeError (a dict part whose "type" is
 * a list or dict; a "text" that is a non-zero number or true). */
int hcc__est_content_len(hcc_est_ctx *ctx, int tok, int64_t *len, hcc_error *err);

/* hermes's _serialized_length_for_budget: 0 for a missing value, null or
 * ""; a string's code points; otherwise the code points of
 * json.dumps(value, ensure_ascii=False, sort_keys=True). */
int hcc__est_serialized_len(hcc_est_ctx *ctx, int tok, int64_t *len, hcc_error *err);

/* hermes's _estimate_msg_budget_tokens of message i.  HCC_E_SHAPE where
 * Python raises (see hcc__est_content_len; tool_calls a non-zero number
 * or true). */
int hcc__est_message(hcc_est_ctx *ctx, int i, int64_t *tokens, hcc_error *err);
#endif
