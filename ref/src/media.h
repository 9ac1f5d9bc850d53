/* media.h -- historical media stripping (spec MEDIA-*), hermes's
 * _strip_historical_media, which compress() applies to its assembled
 * result after the tool-pair repair (media.c).
 *
 * Every image part of a message older than the newest user message that
 * carries an image becomes a text placeholder, and such a rewritten
 * message loses its "api_content" sidecar.  compress reuses the pieces:
 * hcc__media_has_images to find the anchor over its own list, and
 * hcc__media_write_msg for each message before it that has images. */
#ifndef HCC_MEDIA_H
#define HCC_MEDIA_H
#include "transcript.h"

/* The text part an image part becomes (data, quoted exactly). */
#define HCC_MEDIA_PLACEHOLDER "[Attached image \xe2\x80\x94 stripped after compression]"

/* The "type" test of an image part, shared with the estimator's
 * _content_length_for_budget: token ty is the string "image_url",
 * "input_image" or "image". */
int hcc__media_is_image_type(const hcc_doc *d, int ty);

/* _is_image_part: part token p is an object whose "type" is "image_url",
 * "input_image" or "image".  A list or dict "type" (unhashable in Python,
 * which raises TypeError) is no image (DIV-PRUNE-6). */
int hcc__media_is_image_part(const hcc_doc *d, int p);

/* _content_has_images: content token c (-1: absent) is a list holding an
 * image part. */
int hcc__media_has_images(const hcc_doc *d, int c);

/* The anchor: index of the last message whose role is "user" and whose
 * content has images, or -1. */
int hcc__media_anchor(const hcc_transcript *t);

/* Writes message object token msg with
 * every image part of its content replaced by the placeholder part and its
 * "api_content" member dropped, as Python's json.dumps writes the copy
 * hermes makes.  scratch: msg_write's. */
int hcc__media_write_msg(const hcc_doc *d, int msg, hcc_arena *scratch, hcc_out *o,
                         hcc_error *err);
#endif
