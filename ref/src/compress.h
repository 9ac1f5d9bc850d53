/* compress.h -- the whole compaction pass (spec COMPRESS-*): the pieces
 * op_compress.c assembles it from.
 *
 *   stub_summary.c    the stub summarizer (COMPRESS-7, COMPRESS-8) and the
 *                     PREFIX-3 body of a decoded text;
 *   compress_strip.c  text views of content values, the summary and
 *                     user-turn tests compress needs beyond align's tables,
 *                     and the handoff strip (COMPRESS-9);
 *   op_compress.c     the pass itself.
 *
 * A message is looked at through a view (a document and the token of the
 * message object): the input's own bytes when no rule changed it, or a
 * rewritten copy re-parsed in the workspace when one did, so every rule
 * reads a message exactly as hermes's dict stands at that point. */
#ifndef HCC_COMPRESS_H
#define HCC_COMPRESS_H
#include "summary_text.h"
#include "transcript.h"

/* ---- stub_summary.c ------------------------------------------------------ */


/* Lead words of the stub's second line (COMPRESS-7, COMPRESS-8). */
#define HCC_STUB_LEAD "Deterministic stub summary"
#define HCC_STUB_FALLBACK_LEAD "Deterministic stub fallback summary (summarizer unavailable)"

/* Writes the stub body (decoded WTF-8 text, three lines) for the turns
 * turn[0..n) -- indices of messages of t, which hold the turns' roles and
 * tool calls (no rule before the seam changes either).  `fallback` picks
 * the fallback lead.  o counts past its end, so a dry run over an empty
 * buffer measures the body. */
void hcc__stub_body(const hcc_transcript *t, const int *turn, size_t n, int fallback,
                    hcc_out *o);

/* ---- compress_strip.c ------------------------------------------------------ */

typedef struct hcc_view {
  const hcc_doc *d;
  int tok; /* the message object */
} hcc_view;

/* The value of member `key` of the message, or -1. */
int hcc__view_get(hcc_view v, const char *key);

/* The text view of content token c of d (-1: absent), as
 * _content_text_for_contains makes it (spec ALIGN-5, PREFIX-7), written
 * as WTF-8 to o: "" for absent or null, a string decoded, a list's
 * non-empty string items and string "text" members joined by "\n",
 * Python's str() of anything else.  Errors: HCC_E_WORKSPACE. */
int hcc__text_view(const hcc_doc *d, int c, hcc_arena *scratch, hcc_out *o, hcc_error *err);


/* What COMPRESS-9 does with a summary message. */
typedef enum { HCC_STRIP_DROP = 0, HCC_STRIP_STRING, HCC_STRIP_LIST } hcc_strip_kind;

/* One list element the unwrapped content keeps, with its text replaced by
 * the decoded slice [a, b) when `cut` is set. */
typedef struct hcc_strip_item {
  int tok;
  int cut;
  size_t a, b;
} hcc_strip_item;

typedef struct hcc_strip {
  hcc_strip_kind kind;
  size_t a, b;          /* STRING: the decoded slice of the content kept */
  hcc_strip_item *item; /* LIST: the kept elements, in order */
  size_t nitem;
} hcc_strip;

/* Plans COMPRESS-9 for summary message v: *s gets DROP, or the unwrapped
 * content.  The item array is taken from a (one entry per element of the
 * content list); buf is scratch for decoding one string of v (at least
 * as long as v's longest string body). */
int hcc__strip_plan(hcc_view v, char *buf, hcc_arena *a, hcc_strip *s, hcc_error *err);

/* Writes the unwrapped content of a STRING or LIST plan as a JSON value,
 * as json.dumps writes it.  buf: as for hcc__strip_plan. */
int hcc__strip_write_content(hcc_view v, const hcc_strip *s, char *buf, hcc_arena *scratch,
                             hcc_out *o, hcc_error *err);
#endif
