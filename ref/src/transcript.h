/* transcript.h -- a view of an OpenAI chat-completions transcript over the
 * input bytes: token indices only, nothing copied. */
#ifndef HCC_TRANSCRIPT_H
#define HCC_TRANSCRIPT_H
#include "internal.h"

typedef enum {
  HCC_ROLE_OTHER = 0, /* a role string hermes gives no meaning */
  HCC_ROLE_SYSTEM,
  HCC_ROLE_USER,
  HCC_ROLE_ASSISTANT,
  HCC_ROLE_TOOL,
  HCC_ROLE_NONE /* no "role" key, or not a string */
} hcc_role;

typedef struct hcc_call {
  int tok;      /* the call object (or whatever value stands in the list) */
  int id;       /* value of "id", -1 when absent */
  int call_id;  /* value of "call_id", -1 when absent */
  int function; /* value of "function", -1 when absent */
  int name;     /* value of function.name, -1 when absent */
  int arguments;/* value of function.arguments, -1 when absent */
} hcc_call;

typedef struct hcc_msg {
  int tok;          /* the message object */
  hcc_role role;
  int role_tok;     /* value of "role", -1 */
  int content;      /* value of "content", -1 */
  int tool_calls;   /* value of "tool_calls", -1 */
  int tool_call_id; /* value of "tool_call_id", -1 */
  int first_call;   /* index into the call table */
  int ncalls;       /* elements of tool_calls when it is a list, else 0 */
  /* Python's truth of content and tool_calls (0 when absent), read once
   * here while the value tokens are in cache, not again in each later
   * pass */
  unsigned char content_truthy, calls_truthy;
  unsigned char content_type; /* the hcc_toktype of content, HCC_T_UNDEF when absent */
} hcc_msg;

typedef struct hcc_transcript {
  hcc_doc doc;
  int root;      /* token of the input root (array or wrapper object) */
  int array;     /* token of the messages array */
  int nmsg;
  hcc_msg *msg;
  int ncall;
  hcc_call *call;
} hcc_transcript;

/* Workspace for a transcript of this shape (tokens, messages, calls). */
size_t hcc__transcript_need(const hcc_json_info *info);

/* Parses a transcript: a JSON array of message objects, or an object whose
 * "messages" member is one.  Every element must be an object (HCC_E_SHAPE
 * otherwise: hermes would fail on it with AttributeError).  mode: see
 * hcc_parse_mode (HCC_PARSE_IDS for the ops that pair calls with
 * results). */
int hcc__transcript_parse(hcc_transcript *t, const char *in, size_t len, hcc_parse_mode mode,
                          hcc_arena *a, hcc_error *err);

/* Writes the transcript wrapper around new message bytes: everything of
 * the input up to the messages array, then "[", then the caller writes the
 * messages with hcc__transcript_sep between them, then "]" and the rest. */
void hcc__transcript_open(const hcc_transcript *t, hcc_out *o);
void hcc__transcript_close(const hcc_transcript *t, hcc_out *o);
/* The separator Python's json.dumps puts between list items. */
#define HCC_ITEM_SEP ", "
/* Copies message i verbatim. */
void hcc__transcript_copy_msg(const hcc_transcript *t, int i, hcc_out *o);
#endif
