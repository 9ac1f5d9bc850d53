/* repair.h -- what other ops share with orphan tool-pair repair (PAIRS). */
#ifndef HCC_REPAIR_H
#define HCC_REPAIR_H
#include "transcript.h"

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
