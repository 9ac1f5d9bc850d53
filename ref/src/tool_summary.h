/* tool_summary.h -- the one-line summaries that replace old tool outputs
 * (spec PRUNE-5, PRUNE-6), as hermes's _summarize_tool_result writes them
 * (tool_summary.c).
 *
 * A summary is a head that depends on the call only (tool name and
 * arguments) followed by a tail that depends on the tool output only (its
 * length, line count, an exit code or a match count).  Pruning keeps one
 * head per call and adds the tail per output, so a call answered by many
 * outputs is parsed once. */
#ifndef HCC_TOOL_SUMMARY_H
#define HCC_TOOL_SUMMARY_H
#include "internal.h"

/* Which tail follows a head. */
typedef enum {
  HCC_TS_NONE = 0,      /* the head is the whole summary */
  HCC_TS_EXIT_LINES,    /* "<exit code or ?>, <lines> lines output" */
  HCC_TS_CHARS,         /* "<length:,> chars)" */
  HCC_TS_CHARS_RESULT,  /* "<length:,> chars result)" */
  HCC_TS_COUNT_MATCHES, /* "<total_count or ?> matches" */
  HCC_TS_LINES_OUTPUT   /* "<lines> lines output)" */
} hcc_ts_tail;

/* Bytes a head can take for a call whose name and arguments tokens have
 * raw JSON texts of name_len and args_len bytes (0 for an absent one), in
 * a document whose max_deep_weight is `weight` (a call nests at least
 * three levels deep, so its weight is at most that). */
size_t hcc__ts_head_cap(size_t name_len, size_t args_len, size_t weight);

/* Scratch one hcc__ts_head call takes at most for any call of a document
 * with these statistics (given back before it returns); a call's values
 * are walked one at a time, so the facts of one message (hcc__msg_scope)
 * are enough. */
size_t hcc__ts_head_need(const hcc_json_info *info);

/* Writes the head of the summary of a call: `name` is the value token of
 * function.name in d (-1: absent, which hermes reads as "unknown") and
 * `args` the value token of function.arguments (-1: absent, read as "").
 * o must be a buffer of at least hcc__ts_head_cap bytes past its current
 * length (the head is cut in place, so it must be readable).  *tail gets
 * the tail kind.  Errors: HCC_E_WORKSPACE. */
int hcc__ts_head(const hcc_doc *d, int name, int args, hcc_arena *scratch,
                 hcc_out *o, hcc_ts_tail *tail, hcc_error *err);

/* Text a tail reads: a JSON string body (escapes decoded as json.loads
 * does) or, with json = 0, WTF-8 text. */
typedef struct hcc_ts_text {
  const char *s;
  size_t n;
  int json;
  size_t cps1;    /* its code points + 1 when the caller knows them, else 0 */
  size_t nl1;     /* its "\n"s + 1 when the caller knows them, else 0 */
  unsigned facts; /* HCC_TS_* facts the caller knows of the text */
} hcc_ts_text;
/* What a caller that had the decoded text in hand may have learnt of it
 * (prune's duplicate pass decodes every long output once), so a tail does
 * not read the text again; a clear bit says nothing. */
#define HCC_TS_NOT_BLANK 1u    /* a code point that is not str.isspace() */
#define HCC_TS_NO_KEY_QUOTE 2u /* no '"' followed by 'e' or 't': "exit_code" and
                                  "total_count", quotes included, cannot occur */
#define HCC_TS_NOT_BRACKET 4u  /* the first code point is not '[' */
/* Next code point of t at *pos. */
uint32_t hcc__ts_next(const hcc_ts_text *t, size_t *pos);

/* Receives the code points of a tail. */
typedef void (*hcc_ts_emit)(void *ctx, uint32_t cp);
/* An emitter writing to the hcc_out ctx.  A tail is digits, commas, ASCII
 * words and at most one run of Unicode digits, so its text goes into a
 * JSON string as it is. */
void hcc__ts_emit_out(void *ctx, uint32_t cp);

/* Emits the tail of kind `tail` for the tool output `content`. */
void hcc__ts_tail(const hcc_ts_text *content, hcc_ts_tail tail, hcc_ts_emit emit, void *ctx);

/* Writes n with a comma between groups of three digits (Python's
 * f"{n:,}"). */
void hcc__ts_put_grouped(hcc_out *o, uint64_t n);

/* 1 when re's \d matches cp: Unicode category Nd (Python 3.11, Unicode
 * 14.0). */
int hcc__ts_is_digit(uint32_t cp);
#endif
