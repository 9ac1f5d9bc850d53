/* traj.h -- a hermes trajectory (the ShareGPT-style turns of
 * trajectory_compressor.py, {"from": ..., "value": ...}) viewed over the
 * input tokens, and the plan of its compression (spec TRAJ-1..TRAJ-6).
 *
 * Shared by `hcc trajectory-snap` (which reports the plan) and
 * `hcc trajectory` (which carries it out).  Nothing is copied: a turn is
 * token indices plus its token count. */
#ifndef HCC_TRAJ_H
#define HCC_TRAJ_H
#include "internal.h"

/* What a turn's "from" is, as the rules read it: the four strings hermes
 * names, any other value (another string, a number, null, absent), or a
 * value Python cannot hash (an array or object), which hermes's
 * protection step crashes on (TRAJ-9). */
typedef enum {
  HCC_FROM_OTHER = 0,
  HCC_FROM_SYSTEM,
  HCC_FROM_HUMAN,
  HCC_FROM_GPT,
  HCC_FROM_TOOL,
  HCC_FROM_UNHASHABLE
} hcc_from;

typedef struct hcc_turn {
  int tok;        /* the turn object */
  int value;      /* value token of "value" (last duplicate), -1 when absent */
  int from_tok;   /* value token of "from", the same way */
  hcc_from from;
  int64_t len;    /* Python's len() of a truthy value (code points, elements,
                     distinct keys); 0 for a falsy or absent one */
  int64_t tokens; /* count_tokens(value) with the len // 4 counter (TRAJ-2) */
} hcc_turn;

typedef struct hcc_traj {
  hcc_doc doc;
  int conv;        /* the array of turns, or -1 when the input has none */
  int n;           /* turns */
  hcc_turn *turn;
  int64_t total;   /* sum of the turns' tokens */
} hcc_traj;

/* The region hermes's _plan_compression chooses, with the values on the
 * way.  Fields past `reached` are meaningful only when it is 1, fields
 * past `accumulated` only when that is 1, and so on. */
typedef struct hcc_traj_plan {
  int over;                 /* total > target_max_tokens */
  int reached;              /* the plan got to the protection step (== over) */
  int first_seen[4];        /* protected first system/human/gpt/tool, -1 */
  int tail_from;            /* protected tail is [tail_from, n) */
  int cstart, cend;         /* compressible region before snapping */
  int start;                /* cstart snapped (TRAJ-4) */
  int accumulated;          /* the accumulation ran (start < cend) */
  int64_t target_to_compress;
  int until_acc;            /* end of the accumulation (TRAJ-5) */
  int until;                /* until_acc snapped */
  int64_t region_tokens;    /* sum of the tokens of [start, until) */
  int region;               /* 1 when [start, until) is summarized (TRAJ-6) */
} hcc_traj_plan;

/* Workspace of hcc__traj_parse + hcc__traj_turns for any input with these
 * validator statistics. */
size_t hcc__traj_need(const hcc_json_info *info);

/* Validates and tokenizes the input.  Sets t->conv to -1; the op then
 * decides where the turns are and calls hcc__traj_turns. */
int hcc__traj_parse(hcc_traj *t, const char *in, size_t len, hcc_arena *a,
                    hcc_error *err);

/* Builds the turn table of array token `conv` and counts every turn's
 * tokens.  HCC_E_SHAPE where hermes's token count crashes: an element
 * that is not an object, a "value" that is true or a non-zero number
 * (TRAJ-9). */
int hcc__traj_turns(hcc_traj *t, int conv, hcc_arena *a, hcc_error *err);

/* _snap_boundary: idx moved onto a boundary that is not a "tool" turn,
 * forward first (up to max_idx), then backward (down to min_idx). */
int hcc__traj_snap(const hcc_traj *t, int idx, int min_idx, int max_idx);

/* _plan_compression with the parameters p.  HCC_E_SHAPE when the plan
 * reaches the protection step and some "from" is an array or object. */
int hcc__traj_plan(const hcc_traj *t, const hcc_params *p, hcc_traj_plan *pl,
                   hcc_error *err);

/* compression_ratio of TrajectoryMetrics: round(num / max(den, 1), 4)
 * written as Python's repr() into buf (at least 40 bytes); returns its
 * length. */
size_t hcc__traj_ratio(int64_t num, int64_t den, char *buf);

/* 1 when index i is protected (meaningful once pl->reached). */
int hcc__traj_protected(const hcc_traj *t, const hcc_traj_plan *pl, int i);
#endif
