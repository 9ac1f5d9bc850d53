/* summary_text.h -- classifying message text (summary_text.c). */
#ifndef HCC_SUMMARY_TEXT_H
#define HCC_SUMMARY_TEXT_H
#include "internal.h"

/* PREFIX-3 (_strip_summary_prefix) of the WTF-8 text t: strip; after the
 * first merged delimiter, stripped; one handoff prefix off, left-stripped;
 * cut at the first end marker, right-stripped.  Every step keeps a
 * substring, so the body is a slice of t. */
hcc_slice hcc__summary_body(hcc_slice t);

/* The JSON-escaped text (no quotes) _with_summary_prefix gives for a body
 * already stripped by hcc__summary_body (PREFIX-4): the current prefix,
 * then "\n" and the body when it is not empty.  `written`, when its s is
 * not NULL, is the body already escaped (the input's bytes), copied. */
void hcc__put_with_prefix(hcc_out *o, hcc_slice body, hcc_slice written);

/* Bytes of decoded text enough to tell every handoff prefix (the longest
 * is under this; test_prefix checks it). */
#define HCC_PREFIX_HEAD 2048
/* hcc__summary_body of the text the valid JSON string body raw[0..n)
 * decodes to, found on raw without decoding it: *body is the raw span of
 * the body, which is also json.dumps's text of it.  odd_escapes is the
 * body's count of \u and \/ escapes (hcc_json_info.odd_escapes of the
 * text it is the whole of).  Answers (1) only when that is 0, so that every
 * escape is a two-byte one json.dumps writes the same and the markers are
 * found in raw bytes where they are in the decoded text; 0: decode and use
 * hcc__summary_body. */
int hcc__summary_body_raw(const char *raw, size_t n, size_t odd_escapes, hcc_slice *body);
/* 1 when hcc__summary_body_raw answers for every body with this many \u
 * and \/ escapes (none, and markers it can find raw): the prefix ops'
 * sizing keeps no room for a decoded copy then. */
int hcc__summary_body_raw_answers(size_t odd_escapes);

/* classify_summary_content of the text t (PREFIX-6): after leading
 * whitespace, "merged" when the merged delimiter occurs and a handoff
 * prefix follows its first occurrence (after whitespace), None when it
 * occurs without one, else "standalone" when t starts with a prefix. */
typedef enum { HCC_SUMMARY_NONE = 0, HCC_SUMMARY_STANDALONE, HCC_SUMMARY_MERGED } hcc_summary_kind;
int hcc__summary_kind(hcc_slice t);
/* hcc__summary_kind of a text made of valid JSON string bodies joined by
 * "\n" (_content_text_for_contains of a content list: its non-empty str
 * parts; a str content is one part), told on their raw bytes without
 * decoding them: next(ctx, &raw) gives the next part's raw body and
 * returns 0 after the last.  Answers (1, *kind set) on the terms of
 * hcc__summary_body_raw, when odd_escapes (the parts' count of \u and \/
 * escapes) is 0, and but for a prefix cut by the end of a part; 0: decode
 * and use hcc__summary_kind. */
typedef int (*hcc_raw_next_fn)(void *ctx, hcc_slice *raw);
int hcc__summary_kind_raw(hcc_raw_next_fn next, void *ctx, size_t odd_escapes, int *kind);
/* 1 when hcc__summary_kind_raw answers for every text with this many \u
 * and \/ escapes: none, and no handoff prefix holds the "\n" that joins
 * parts (so none can run on into the next part).  The sizing call keeps
 * no room for a decoded copy then. */
int hcc__summary_kind_raw_answers(size_t odd_escapes);
/* classify_summary_content(...) is not None for the text t. */
int hcc__is_summary_text(hcc_slice t);
/* The content half of _is_synthetic_compression_user_turn: t stripped is
 * a continuation marker, or starts with the todo header and a newline. */
int hcc__is_synthetic_text(hcc_slice t);
/* 1 when the text the valid JSON string body raw[0..n) decodes to is
 * certainly neither a summary (hcc__is_summary_text) nor synthetic
 * (hcc__is_synthetic_text), decided on the raw body without decoding it:
 * it does not start (after blanks) with the first character of a prefix
 * or marker, and the merged delimiter is not in it.  0 means "decode and
 * test". */
int hcc__raw_body_plain(const char *raw, size_t n);
/* _is_blank_user_turn's content test (the caller checks role and summary):
 * content None, a blank string, an empty list, or a list of only blank
 * strings and "text"/"input_text" parts whose text is a blank string. */
int hcc__blank_user_content(const hcc_doc *d, int c);
#endif
