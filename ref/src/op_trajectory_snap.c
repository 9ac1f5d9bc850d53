/* op_trajectory_snap.c -- `hcc trajectory-snap`: the region trajectory
 * compression would summarize, with every value on the way (spec
 * TRAJ-1..TRAJ-6, output shape TRAJ-10):
 *   {"turn_tokens": [..], "total_tokens": T, "protected": [..],
 *    "compressible_start": S0, "compressible_end": E, "start": S,
 *    "target_tokens_to_compress": X, "until_accumulated": U0, "until": U,
 *    "region": [S, U]}
 * A value the plan never computed (it stopped earlier) is null.
 * Input: a trajectory entry with a "conversations" array, or the array. */
#include "ops.h"
#include "traj.h"

size_t hcc__need_trajectory_snap(const hcc_json_info *info, size_t len) {
  (void)len;
  return hcc__traj_need(info);
}

static void key(hcc_out *o, const char *k, int first) {
  if (!first) hcc__out_put(o, ", ", 2);
  hcc__out_ch(o, '"');
  hcc__out_str(o, k);
  hcc__out_str(o, "\": ");
}

static void opt_i64(hcc_out *o, const char *k, int have, int64_t v) {
  key(o, k, 0);
  if (have) hcc__out_i64(o, v);
  else hcc__out_str(o, "null");
}

int hcc__op_trajectory_snap(const hcc_params *p, const char *in, size_t len,
                            hcc_arena *a, hcc_out *o, hcc_error *err) {
  hcc_traj t;
  hcc_traj_plan pl;
  int rc = hcc__traj_parse(&t, in, len, a, err);
  if (rc != HCC_OK) return rc;
  const hcc_doc *d = &t.doc;
  int conv = 0;
  if (d->tok[0].type == HCC_T_OBJECT) {
    conv = hcc__json_get(d, 0, "conversations");
    if (conv < 0)
      return hcc__fail(err, HCC_E_SHAPE, 0, "object input needs a \"conversations\" member");
  }
  if (d->tok[conv].type != HCC_T_ARRAY)
    return hcc__fail(err, HCC_E_SHAPE, 0, "the turns must be a JSON array");
  rc = hcc__traj_turns(&t, conv, a, err);
  if (rc == HCC_OK) rc = hcc__traj_plan(&t, p, &pl, err);
  if (rc != HCC_OK) return rc;

  hcc__out_ch(o, '{');
  key(o, "turn_tokens", 1);
  hcc__out_ch(o, '[');
  for (int i = 0; i < t.n; i++) {
    if (i) hcc__out_put(o, ", ", 2);
    hcc__out_i64(o, t.turn[i].tokens);
  }
  hcc__out_ch(o, ']');
  opt_i64(o, "total_tokens", 1, t.total);
  key(o, "protected", 0);
  if (!pl.reached) {
    hcc__out_str(o, "null");
  } else {
    int first = 1;
    hcc__out_ch(o, '[');
    for (int i = 0; i < t.n; i++) {
      if (!hcc__traj_protected(&t, &pl, i)) continue;
      if (!first) hcc__out_put(o, ", ", 2);
      first = 0;
      hcc__out_i64(o, i);
    }
    hcc__out_ch(o, ']');
  }
  opt_i64(o, "compressible_start", pl.reached, pl.cstart);
  opt_i64(o, "compressible_end", pl.reached, pl.cend);
  opt_i64(o, "start", pl.reached, pl.start);
  opt_i64(o, "target_tokens_to_compress", pl.accumulated, pl.target_to_compress);
  opt_i64(o, "until_accumulated", pl.accumulated, pl.until_acc);
  opt_i64(o, "until", pl.accumulated, pl.until);
  key(o, "region", 0);
  if (pl.region) {
    hcc__out_ch(o, '[');
    hcc__out_i64(o, pl.start);
    hcc__out_put(o, ", ", 2);
    hcc__out_i64(o, pl.until);
    hcc__out_ch(o, ']');
  } else {
    hcc__out_str(o, "null");
  }
  hcc__out_ch(o, '}');
  return HCC_OK;
}
