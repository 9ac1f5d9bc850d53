/* tail_walk.c -- the budget walk of the protected tail (spec PRUNE-1,
 * ARGS-6): hermes's _prune_old_tool_results boundary, which the prune
 * (prune.c) and the truncate-args op (op_truncate_args.c) both need. */
#include "tail_walk.h"

#include "align.h"

int hcc__tail_walk(int64_t n, int64_t budget, int64_t protect_count, hcc_msg_tokens_fn tokens_of,
                   void *ctx, int64_t *start, hcc_error *err) {
  int64_t min_protect = protect_count;
  if (min_protect > n) min_protect = n;
  if (min_protect > HCC_MAX_TAIL_MESSAGE_FLOOR) min_protect = HCC_MAX_TAIL_MESSAGE_FLOOR;
  int64_t acc = 0, boundary = n;
  for (int64_t i = n - 1; i >= 0; i--) {
    int64_t tokens;
    int rc = tokens_of(ctx, (int)i, &tokens, err);
    if (rc != HCC_OK) return rc;
    if (acc + tokens > budget && n - i >= min_protect) {
      boundary = i;
      break;
    }
    acc += tokens;
    boundary = i;
  }
  int64_t protected_count = n - boundary;
  if (protected_count < min_protect) protected_count = min_protect;
  *start = n - protected_count;
  return HCC_OK;
}

