/* check.h -- the provider structural linter (spec CHECK-*), callable by the
 * `check` op, by other ops that verify their own output, and by the fuzz
 * oracles.
 *
 * A check reads a parsed transcript (transcript.h) and writes one finding a
 * line.  It never allocates: its tables come from the caller's arena
 * (hcc__check_need tells how much), and the writer only counts when the
 * output is NULL. */
#ifndef HCC_CHECK_H
#define HCC_CHECK_H
#include "transcript.h"

/* Bit n set: the profile runs CHECK-n (spec CHECK-20).  0 for a number
 * that is not a profile. */
unsigned long hcc__check_rules(int profile);

typedef struct hcc_check_opts {
  int profile;  /* HCC_PROFILE_* */
  int json;     /* 1: JSON lines; 0: human-readable lines (CHECK-21) */
  int original; /* token (in t->doc) of the "original" messages array for
                 * CHECK-14, or -1 when the input has none (CHECK-22) */
} hcc_check_opts;

/* Workspace the check takes from the arena for a document with these
 * validator facts (beyond what the transcript itself took). */
size_t hcc__check_need(const hcc_json_info *info, size_t len);

/* Runs the rules of opts->profile over t.  Findings go to o (may be NULL:
 * then they are only counted); *nfindings gets their number.  Returns
 * HCC_OK, HCC_E_WORKSPACE when the arena is short, or HCC_E_PARAM for an
 * unknown profile.  The arena space it takes may be given back afterwards
 * by restoring a->used. */
int hcc__check_run(const hcc_transcript *t, const hcc_check_opts *opts,
                   hcc_arena *a, hcc_out *o, size_t *nfindings, hcc_error *err);

/* The short form other ops and the fuzz oracles call: human-readable
 * findings, no CHECK-14 (no original).  The arena argument is what the
 * zero-allocation contract needs for the id tables. */
int hcc__check_transcript(const hcc_transcript *t, int profile, hcc_arena *a,
                          hcc_out *o_or_NULL, size_t *nfindings);

/* ---- the finding writer (check_findings.c), used by check_rules.c ----- */

/* Provider error texts, quoted verbatim from api-rules.md (CHECK-21). */
typedef enum {
  HCC_PE_NONE = -1, /* api-rules.md quotes no text: written as null */
  HCC_PE_1 = 0, HCC_PE_2, HCC_PE_3, HCC_PE_4, HCC_PE_5, HCC_PE_6,
  HCC_PE_7_NO_OUTPUT, HCC_PE_7_NO_CALL, HCC_PE_7_NO_CALL_ID, HCC_PE_8,
  HCC_PE_9, HCC_PE_10, HCC_PE_13, HCC_PE_14, HCC_PE_16, HCC_PE_17,
  HCC_PE_18, HCC_PE_19, HCC_PE__COUNT
} hcc_provider_error;

const char *hcc__check_provider_text(hcc_provider_error e);

typedef struct hcc_fw {
  hcc_out *o;
  int json;
  const hcc_doc *d;
  char *scratch;     /* decode buffer: the longest string body of d */
  int nids;          /* ids written in the current finding */
  int in_message;    /* the message text has begun */
  hcc_provider_error pe;
  size_t count;      /* findings written */
} hcc_fw;

/* A finding: begin, then any number of ids, then the message text in
 * pieces, then end.  index -1 is a finding about the whole transcript. */
void hcc__fw_begin(hcc_fw *w, int rule, int index, hcc_provider_error pe);
/* Adds string token tok (decoded) to the finding's ids. */
void hcc__fw_id(hcc_fw *w, int tok);
/* Message text: fixed ASCII words, a decoded string token, a number. */
void hcc__fw_text(hcc_fw *w, const char *s);
void hcc__fw_tok(hcc_fw *w, int tok);
void hcc__fw_bytes(hcc_fw *w, const char *s, size_t n);
void hcc__fw_int(hcc_fw *w, int64_t v);
void hcc__fw_end(hcc_fw *w);
#endif
