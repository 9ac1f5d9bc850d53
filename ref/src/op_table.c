/* op_table.c -- which ops this build implements. */
#include "ops.h"

int hcc__op_validate(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_validate(const hcc_json_info *info, size_t len);
int hcc__op_messages(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_transcript(const hcc_json_info *info, size_t len);

int hcc__op_strip_prefix(const hcc_params *p, const char *in, size_t len,
                         hcc_arena *a, hcc_out *o, hcc_error *err);
int hcc__op_with_prefix(const hcc_params *p, const char *in, size_t len,
                        hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_summary_str(const hcc_json_info *info, size_t len);
int hcc__op_classify_summary(const hcc_params *p, const char *in, size_t len,
                             hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_classify(const hcc_json_info *info, size_t len);

int hcc__op_truncate_args(const hcc_params *p, const char *in, size_t len,
                          hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_truncate_args(const hcc_json_info *info, size_t len);
int hcc__op_repair(const hcc_params *p, const char *in, size_t len,
                   hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_repair(const hcc_json_info *info, size_t len);
int hcc__op_align(const hcc_params *p, const char *in, size_t len,
                  hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_align(const hcc_json_info *info, size_t len);

int hcc__op_trajectory(const hcc_params *p, const char *in, size_t len,
                       hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_trajectory(const hcc_json_info *info, size_t len);
int hcc__op_trajectory_snap(const hcc_params *p, const char *in, size_t len,
                            hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_trajectory_snap(const hcc_json_info *info, size_t len);

int hcc__op_check(const hcc_params *p, const char *in, size_t len,
                  hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_check(const hcc_json_info *info, size_t len);

int hcc__op_prune(const hcc_params *p, const char *in, size_t len,
                  hcc_arena *a, hcc_out *o, hcc_error *err);
int hcc__op_prune_only(const hcc_params *p, const char *in, size_t len,
                       hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_prune(const hcc_json_info *info, size_t len);

int hcc__op_compress(const hcc_params *p, const char *in, size_t len,
                     hcc_arena *a, hcc_out *o, hcc_error *err);
size_t hcc__need_compress(const hcc_json_info *info, size_t len);

int hcc__op_strip_media(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                        hcc_out *o, hcc_error *err);
size_t hcc__need_strip_media(const hcc_json_info *info, size_t len);

int hcc__op_align_at(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                     hcc_out *o, hcc_error *err);
size_t hcc__need_align_at(const hcc_json_info *info, size_t len);

int hcc__op_redact(const hcc_params *p, const char *in, size_t len, hcc_arena *a, hcc_out *o,
                   hcc_error *err);
size_t hcc__need_redact(const hcc_json_info *info, size_t len);

const hcc_op_entry hcc__op_table[] = {
    {HCC_OP_VALIDATE, "validate", hcc__op_validate, hcc__need_validate},
    {HCC_OP_MESSAGES, "messages", hcc__op_messages, hcc__need_transcript},
    {HCC_OP_STRIP_PREFIX, "strip-prefix", hcc__op_strip_prefix, hcc__need_summary_str},
    {HCC_OP_WITH_PREFIX, "with-prefix", hcc__op_with_prefix, hcc__need_summary_str},
    {HCC_OP_CLASSIFY_SUMMARY, "classify-summary", hcc__op_classify_summary, hcc__need_classify},
    {HCC_OP_TRUNCATE_ARGS, "truncate-args", hcc__op_truncate_args, hcc__need_truncate_args},
    {HCC_OP_REPAIR, "repair", hcc__op_repair, hcc__need_repair},
    {HCC_OP_ALIGN, "align", hcc__op_align, hcc__need_align},
    {HCC_OP_TRAJECTORY, "trajectory", hcc__op_trajectory, hcc__need_trajectory},
    {HCC_OP_TRAJECTORY_SNAP, "trajectory-snap", hcc__op_trajectory_snap, hcc__need_trajectory_snap},
    {HCC_OP_CHECK, "check", hcc__op_check, hcc__need_check},
    {HCC_OP_PRUNE, "prune", hcc__op_prune, hcc__need_prune},
    {HCC_OP_PRUNE_ONLY, "prune-only", hcc__op_prune_only, hcc__need_prune},
    {HCC_OP_COMPRESS, "compress", hcc__op_compress, hcc__need_compress},
    {HCC_OP_STRIP_MEDIA, "strip-media", hcc__op_strip_media, hcc__need_strip_media},
    {HCC_OP_ALIGN_AT, "align-at", hcc__op_align_at, hcc__need_align_at},
    {HCC_OP_REDACT, "redact", hcc__op_redact, hcc__need_redact},
    {HCC_OP_VALIDATE, NULL, NULL, NULL}};
