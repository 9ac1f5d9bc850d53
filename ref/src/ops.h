/* ops.h -- the contract between ops.c and the modules that implement ops. */
#ifndef HCC_OPS_H
#define HCC_OPS_H
#include "internal.h"

/* hermes falls back to this window when it cannot learn the model's. */
#define HCC_DEFAULT_CONTEXT_LENGTH 128000

typedef int (*hcc_op_fn)(const hcc_params *p, const char *in, size_t len,
                         hcc_arena *a, hcc_out *o, hcc_error *err);
/* Workspace bytes for an input with these validator facts. */
typedef size_t (*hcc_need_fn)(const hcc_json_info *info, size_t len);

typedef struct hcc_op_entry {
  hcc_op op;
  const char *name;
  hcc_op_fn run;
  hcc_need_fn need;
} hcc_op_entry;

/* Defined in op_table.c; ends with a NULL name. */
extern const hcc_op_entry hcc__op_table[];
#endif
