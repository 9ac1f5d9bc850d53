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
#endif
