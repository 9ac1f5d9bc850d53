/* fallback_summary.h -- hermes's deterministic fallback summary
 * (ContextCompressor._build_static_fallback_summary, spec FALLBACK-*), the
 * text compress() inserts when the summarizer returns nothing and the pass
 * does not abort.
 *
 * The caller walks the turns twice (op_compress.c, which owns the views of
 * the messages) and hands this module texts; the module keeps what the body
 * needs in a store the caller sizes (hcc__fb_store_need) and writes the
 * body at the end.  Everything is WTF-8 decoded text; lengths and cuts are
 * in code points, as Python's are.  No allocation: the store and the
 * scratch are caller memory. */
#ifndef HCC_FALLBACK_SUMMARY_H
#define HCC_FALLBACK_SUMMARY_H
#include "internal.h"
#include "py.h"

#define HCC_FB_FILES 12
#define HCC_FB_ACTIONS 12
#define HCC_FB_BLOCKERS 5
#define HCC_FB_LAST 8

typedef struct hcc_fb {
  char *store; /* kept texts, bump-allocated */
  size_t cap, used;
  hcc_slice files[HCC_FB_FILES];
  int nfiles;
  hcc_slice ask; /* the newest user ask, after the 600-cut */
  int has_ask;
  hcc_slice asst[HCC_FB_ACTIONS], tool[HCC_FB_ACTIONS];
  int nasst, ntool;
  hcc_slice block[HCC_FB_BLOCKERS];
  int nblock;
  hcc_slice last[HCC_FB_LAST]; /* ring of the newest dropped-turn lines */
  size_t nlast;                /* lines remembered in all */
  size_t nturns;
  hcc_slice prev; /* _previous_summary redacted (FALLBACK-7), when has_prev */
  int has_prev;
  int full; /* the store overflowed: a sizing bug */
} hcc_fb;

/* Store bytes enough for a transcript of `len` bytes with `items` messages
 * and calls (FALLBACK-9 says why). */
size_t hcc__fb_store_need(size_t len, size_t items);

void hcc__fb_init(hcc_fb *f, char *store, size_t cap);

/* Scratch hcc__fb_compact needs for a text of n bytes. */
size_t hcc__fb_compact_need(size_t n);

/* _redact_compaction_text(text), then FALLBACK-3's rewrites when `compact`
 * is set (_compact_fallback_turn); *out points into ws.  HCC_E_UNSUPPORTED
 * when the text could reach a redaction pass hcc does not implement
 * (REDACT-2, and the strict URL pass, FALLBACK-2). */
int hcc__fb_redact(const char *s, size_t n, int compact, char *ws, size_t ws_n, hcc_slice *out,
                   hcc_error *err);

/* _collect_path_mentions(text, relevant_files) (FALLBACK-4). */
void hcc__fb_paths(hcc_fb *f, hcc_slice text);
/* _dedupe_append(relevant_files, value, limit=12). */
void hcc__fb_add_file(hcc_fb *f, hcc_slice v);

/* The per-turn records of FALLBACK-5 and FALLBACK-6. */
void hcc__fb_dropped(hcc_fb *f, hcc_slice label, hcc_slice prefix, hcc_slice text);
/* text[:420].rstrip() + " ... " + text[-160:].lstrip() for a text over 600
 * code points, else text; written to o. */
void hcc__fb_cut600(hcc_slice text, hcc_out *o);
void hcc__fb_user(hcc_fb *f, hcc_slice text);
void hcc__fb_assistant(hcc_fb *f, hcc_slice action);
void hcc__fb_tool(hcc_fb *f, hcc_slice action);
/* FALLBACK-6's blocker test on text; HCC_E_UNSUPPORTED for a text holding
 * one of the case-folding lookalikes re.I maps onto i, s or k. */
int hcc__fb_blocker(hcc_fb *f, hcc_slice text, hcc_error *err);

/* Keeps a copy of t in the store (NULL slice when full). */
hcc_slice hcc__fb_keep(hcc_fb *f, const char *s, size_t n);

/* Writes the body of FALLBACK-7 (before its redaction) to o.  reason: the
 * failure reason, NULL for None. */
void hcc__fb_body(const hcc_fb *f, const char *reason, size_t reason_n, hcc_out *o);

/* FALLBACK-8: the summary after the prefix, given the redacted body:
 * body, or its cut with the truncation line when prefix + "\n" + body
 * is over 8,000 code points.  Written to o. */
void hcc__fb_cap(hcc_slice body, hcc_out *o);
/* re's \w (hcc__py_isword) is py.h's, shared with redaction. */
#endif
