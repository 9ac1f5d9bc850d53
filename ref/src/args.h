/* args.h -- JSON-safe shrinking of one tool-call arguments string (spec
 * ARGS-1 to ARGS-4, ARGS-7): the step the truncate-args op, pass 3 of the
 * prune (PRUNE-7) and compress share.  Implemented in args.c. */
#ifndef HCC_ARGS_H
#define HCC_ARGS_H
#include "transcript.h"

/* HCC_ARGS_GATE (internal.h): pass 3 looks only at arguments longer than
 * that many code points. */
/* Code points a long string value keeps (hermes's default head_chars). */
#define HCC_ARGS_HEAD 200
/* What follows a cut string value (hermes's literal). */
#define HCC_ARGS_MARKER "...[truncated]"

/* Scratch one hcc__args_shrink call takes for an arguments string whose
 * raw JSON body has m bytes and decodes to JSON of at most `tokens` tokens
 * (hcc_json_info.max_arguments_tokens; given back by the caller after),
 * in a document whose max_deep_weight is `weight`. */
size_t hcc__args_shrink_need(size_t m, size_t tokens, size_t weight);

/* The arguments token of call c when pass 3 may rewrite it: the call is an
 * object, its "function" an object, its "arguments" a string longer than
 * HCC_ARGS_GATE code points (any length when all is 1); else -1.  The
 * length is the one the scan left in the token (hcc_tok.size). */
int hcc__args_selected(const hcc_doc *d, const hcc_call *c, int all);

/* Shrinks the arguments string token v of d: string values longer than
 * head_chars code points cut to that many plus HCC_ARGS_MARKER, written
 * back as json.dumps writes them.  *res (in a) is the new text and
 * *changed 0 when hermes keeps the arguments (not JSON, an over-long int,
 * or a result equal to the decoded text).  Errors: HCC_E_WORKSPACE. */
int hcc__args_shrink(const hcc_doc *d, int v, size_t head_chars, hcc_arena *a,
                     const char **res, size_t *res_len, int *changed, hcc_error *err);

/* Where hcc__args_write_calls gets the shrunk arguments of call k (an index
 * into t->call) whose arguments token is v: hcc__args_shrink's contract,
 * with head_chars fixed by the source.  NULL: hcc__args_shrink itself;
 * prune passes results it already made (prune.c, shrink_call). */
typedef int (*hcc_args_source)(void *ctx, int k, int v, hcc_arena *a, const char **res,
                               size_t *res_len, int *changed, hcc_error *err);

/* Writes the tool_calls list of message m as pass 3 leaves it: every
 * selected call whose arguments change rewritten through msg_write (only
 * function.arguments replaced), every other call copied byte for byte.
 * Adds the number of rewritten calls to *nchanged when it is not NULL. */
int hcc__args_write_calls(const hcc_transcript *t, const hcc_msg *m, int all, size_t head,
                          hcc_args_source src, void *src_ctx, hcc_arena *scratch, hcc_out *o,
                          int *nchanged, hcc_error *err);
#endif
