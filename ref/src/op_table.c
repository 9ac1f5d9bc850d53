/* op_table.c -- which ops this build implements. */
#include "ops.h"

int hcc__op_validate(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_validate(const hcc_json_info *info, size_t len);
int hcc__op_messages(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_transcript(const hcc_json_info *info, size_t len);

const hcc_op_entry hcc__op_table[] = {
    {HCC_OP_VALIDATE, "validate", hcc__op_validate, hcc__need_validate},
    {HCC_OP_MESSAGES, "messages", hcc__op_messages, hcc__need_transcript},
    {HCC_OP_VALIDATE, NULL, NULL, NULL}};
