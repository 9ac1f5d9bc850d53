/* check_findings.c -- the finding writer of the provider linter (spec
 * CHECK-21): one finding a line, human-readable or JSON, with the
 * provider's own error text.  The rules (check_rules.c) write through it;
 * the check op (op_check.c) sets it up.  Its own module so that neither of
 * those two files depends on the other. */
#include <string.h>

#include "check.h"

/* ---- provider error texts ------------------------------------------------
 * Verbatim from api-rules.md (the Markdown backslashes before backticks
 * dropped).  Sample ids and indices belong to the reports they were taken
 * from; the spec says so (CHECK-21). */
static const char *const provider_texts[] = {
    /* 1 */ "Invalid parameter: messages with role 'tool' must be a response to a "
            "preceeding message with 'tool_calls'.",
    /* 2 */ "An assistant message with 'tool_calls' must be followed by tool messages "
            "responding to each 'tool_call_id'. The following tool_call_ids did not have "
            "response messages: call_jJATmoUduQWxi4tRwcQjsodM",
    /* 3 */ "Duplicate value for 'tool_call_id'",
    /* 4 */ "messages.70.tool_calls.0.function.arguments: arguments must be a valid JSON "
            "object string",
    /* 5 */ "Extra inputs are not permitted",
    /* 6 */ "No user query found in messages",
    /* 7 */ "No tool output found for function call call_X.",
    "No tool call found for function call output with call_id call_X.",
    "Invalid Value: 'input.call_id'. Function call output requires call_id.",
    /* 8 */ "The 'reasoning_text' in the thinking mode must be passed back to the API",
    /* 9 */ "messages.90: `tool_use` ids were found without `tool_result` blocks "
            "immediately after: toolu_\xe2\x80\xa6 Each `tool_use` block must have a "
            "corresponding `tool_result` block in the next message.",
    /* 10 */ "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: "
             "toolu_\xe2\x80\xa6 Each `tool_result` block must have a corresponding "
             "`tool_use` block in the previous message.",
    /* 13 */ "messages.0.content.0.tool_use.input: Input should be an object",
    /* 14 */ "`thinking` or `redacted_thinking` blocks in the latest assistant message "
             "cannot be modified. These blocks must remain as they were in the original "
             "response.",
    /* 16 */ "Please ensure that function response turn comes immediately after a function "
             "call turn.",
    /* 17 */ "Please ensure that the number of function response parts is equal to the "
             "number of function call parts of the function call turn.",
    /* 18 */ "Please ensure that function call turn comes immediately after a user turn or "
             "after a function response turn.",
    /* 19 */ "missing functionResponse.id"};
_Static_assert(sizeof provider_texts / sizeof provider_texts[0] == HCC_PE__COUNT,
               "one text per hcc_provider_error");

const char *hcc__check_provider_text(hcc_provider_error e) {
  return (e >= 0 && e < HCC_PE__COUNT) ? provider_texts[e] : NULL;
}

/* ---- the finding writer ---------------------------------------------------
 * Human:  messages[<i>]: CHECK-<n> <message>\n
 * JSON:   {"rule": "CHECK-<n>", "index": <i|null>, "ids": [...],
 *          "message": "...", "provider_error": "..."|null}\n
 * The message is written through hcc__out_json_body in both forms, so the
 * human line is the JSON string's body and never holds a raw line break. */
void hcc__fw_begin(hcc_fw *w, int rule, int index, hcc_provider_error pe) {
  w->nids = 0;
  w->in_message = 0;
  w->pe = pe;
  w->count++;
  if (w->json) {
    hcc__out_str(w->o, "{\"rule\": \"CHECK-");
    hcc__out_i64(w->o, rule);
    hcc__out_str(w->o, "\", \"index\": ");
    if (index < 0) hcc__out_str(w->o, "null");
    else hcc__out_i64(w->o, index);
    hcc__out_str(w->o, ", \"ids\": [");
    return;
  }
  if (index < 0) hcc__out_str(w->o, "messages: CHECK-");
  else {
    hcc__out_str(w->o, "messages[");
    hcc__out_i64(w->o, index);
    hcc__out_str(w->o, "]: CHECK-");
  }
  hcc__out_i64(w->o, rule);
  hcc__out_ch(w->o, ' ');
}

/* Decodes string token tok into the scratch buffer. */
static size_t decode(hcc_fw *w, int tok) {
  const hcc_tok *t = &w->d->tok[tok];
  return hcc__json_decode(w->d->text + t->start, (size_t)(t->end - t->start), w->scratch);
}

void hcc__fw_id(hcc_fw *w, int tok) {
  if (!w->json || tok < 0 || w->d->tok[tok].type != HCC_T_STRING) return;
  if (w->nids++) hcc__out_str(w->o, ", ");
  hcc__out_json_str(w->o, w->scratch, decode(w, tok));
}

static void open_message(hcc_fw *w) {
  if (w->in_message) return;
  w->in_message = 1;
  if (w->json) hcc__out_str(w->o, "], \"message\": \"");
}

void hcc__fw_bytes(hcc_fw *w, const char *s, size_t n) {
  open_message(w);
  hcc__out_json_body(w->o, s, n);
}

void hcc__fw_text(hcc_fw *w, const char *s) { hcc__fw_bytes(w, s, strlen(s)); }

void hcc__fw_tok(hcc_fw *w, int tok) {
  open_message(w);
  hcc__out_json_body(w->o, w->scratch, decode(w, tok));
}

void hcc__fw_int(hcc_fw *w, int64_t v) {
  open_message(w);
  hcc__out_i64(w->o, v);
}

void hcc__fw_end(hcc_fw *w) {
  open_message(w);
  if (w->json) {
    const char *pe = hcc__check_provider_text(w->pe);
    hcc__out_str(w->o, "\", \"provider_error\": ");
    if (pe) hcc__out_json_str(w->o, pe, strlen(pe));
    else hcc__out_str(w->o, "null");
    hcc__out_ch(w->o, '}');
  }
  hcc__out_ch(w->o, '\n');
}

