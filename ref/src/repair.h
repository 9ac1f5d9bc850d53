/* repair.h -- what other ops share with orphan tool-pair repair (PAIRS):
 * implemented in repair.c, used by op_repair.c and op_compress.c. */
#ifndef HCC_REPAIR_H
#define HCC_REPAIR_H
#include "idset.h"
#include "transcript.h"

/* The two id sets of PAIRS-1/2 in one table: a flag per set. */
enum { HCC_REPAIR_IN_CALLS = 1, HCC_REPAIR_IN_RESULTS = 2 };

/* hermes's `call_id or id`, restricted to strings (PAIRS-1): the id token
 * of call c, or -1 when it has none. */
int hcc__repair_call_key(const hcc_doc *d, const hcc_call *c);

/* What the id scan registers: every non-empty result id (flag
 * HCC_REPAIR_IN_RESULTS) and call id (HCC_REPAIR_IN_CALLS) in ids, and the
 * slot of each in msg_slot[message] / call_slot[call] (-1: none; the
 * caller sets call_slot to -1 first). */
typedef struct hcc_repair_ids {
  hcc_idset ids;
  int *msg_slot, *call_slot;
} hcc_repair_ids;

/* The shape checks of PAIRS-5 in message order and, with r, the
 * registration above as it goes: one pass over the ids. */
int hcc__repair_scan(const hcc_transcript *t, hcc_repair_ids *r_or_NULL, hcc_error *err);

/* PAIRS-5: the shapes the repair refuses (HCC_E_SHAPE), checked over the
 * whole transcript before any output: a tool message's tool_call_id, or a
 * call's call_id or id, that is neither a string nor null; an assistant's
 * tool_calls that is a truthy number or true.  compress checks the same up
 * front (DIV-COMPRESS-1). */
int hcc__repair_check_shape(const hcc_transcript *t, hcc_error *err);

/* PAIRS-3 on one assistant message (object token msg of d, whose
 * tool_calls list has ncalls items): gone(ctx, k) says whether the k-th
 * call is stripped (at least one is).  Writes the message with the kept
 * calls, or without tool_calls and with content "(tool call removed)" when
 * none is kept and the content is falsy or blank. */
typedef int (*hcc_call_gone_fn)(void *ctx, int k);
int hcc__repair_write_stripped(const hcc_doc *d, int msg, int ncalls, hcc_call_gone_fn gone,
                               void *ctx, hcc_arena *a, hcc_out *o, hcc_error *err);
#endif
