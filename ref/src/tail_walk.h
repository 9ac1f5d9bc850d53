/* tail_walk.h -- the protected tail's budget walk (tail_walk.c). */
#ifndef HCC_TAIL_WALK_H
#define HCC_TAIL_WALK_H
#include <stdint.h>

#include "internal.h"

/* The budget walk of the protected tail (PRUNE-1, ARGS-6): from the last
 * message backwards, add each message's tokens until the next one would
 * pass budget once at least min(protect_count, n, 8) messages are in;
 * *start is the first protected message (n minus at least that floor). */
typedef int (*hcc_msg_tokens_fn)(void *ctx, int i, int64_t *tokens, hcc_error *err);
int hcc__tail_walk(int64_t n, int64_t budget, int64_t protect_count, hcc_msg_tokens_fn tokens_of,
                   void *ctx, int64_t *start, hcc_error *err);
#endif
