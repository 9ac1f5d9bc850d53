/* media.c -- historical media stripping (spec MEDIA-*; contract in
 * media.h), and the op that applies it to a transcript on its own
 * (`strip-media`, registered once the op exists in hcc.h). */
#include "media.h"

#include "msg_write.h"
#include "ops.h"

int hcc__op_strip_media(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                        hcc_out *o, hcc_error *err);
size_t hcc__need_strip_media(const hcc_json_info *info, size_t len);

int hcc__media_is_image_type(const hcc_doc *d, int ty) {
  return hcc__json_str_eq(d, ty, "image_url", 9) || hcc__json_str_eq(d, ty, "input_image", 11) ||
         hcc__json_str_eq(d, ty, "image", 5);
}

int hcc__media_is_image_part(const hcc_doc *d, int p) {
  if (d->tok[p].type != HCC_T_OBJECT) return 0;
  int ty = hcc__json_get(d, p, "type");
  return ty >= 0 && hcc__media_is_image_type(d, ty);
}

int hcc__media_has_images(const hcc_doc *d, int c) {
  if (c < 0 || d->tok[c].type != HCC_T_ARRAY) return 0;
  int p = c + 1;
  for (int k = 0; k < d->tok[c].size; k++, p = hcc__json_skip(d, p))
    if (hcc__media_is_image_part(d, p)) return 1;
  return 0;
}

int hcc__media_anchor(const hcc_transcript *t) {
  for (int i = t->nmsg - 1; i >= 0; i--)
    if (t->msg[i].role == HCC_ROLE_USER && hcc__media_has_images(&t->doc, t->msg[i].content)) return i;
  return -1;
}

/* The new content list: image parts replaced, the others as they stand. */
static int put_stripped(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                        hcc_error *err) {
  int p = old + 1;
  size_t n;
  (void)ctx, (void)scratch, (void)err;
  hcc__out_ch(o, '[');
  for (int k = 0; k < d->tok[old].size; k++, p = hcc__json_skip(d, p)) {
    if (k) hcc__out_str(o, HCC_ITEM_SEP);
    if (hcc__media_is_image_part(d, p)) {
      hcc__out_str(o, "{\"type\": \"text\", \"text\": \"" HCC_MEDIA_PLACEHOLDER "\"}");
      continue;
    }
    const char *raw = hcc__json_raw(d, p, &n);
    hcc__out_put(o, raw, n);
  }
  hcc__out_ch(o, ']');
  return HCC_OK;
}

int hcc__media_write_msg(const hcc_doc *d, int msg, hcc_arena *scratch, hcc_out *o,
                         hcc_error *err) {
  hcc_edit e[2] = {{"content", 7, HCC_EDIT_SET, put_stripped, NULL, NULL, 0},
                   {"api_content", 11, HCC_EDIT_DEL, NULL, NULL, NULL, 0}};
  return hcc__obj_write(d, msg, e, 2, scratch, o, err);
}

size_t hcc__need_strip_media(const hcc_json_info *info, size_t len) {
  (void)len;
  hcc_json_info m = hcc__msg_scope(info); /* messages are written one by one */
  return hcc__transcript_need(info) + hcc__obj_write_need(&m);
}

int hcc__op_strip_media(const hcc_params *p, const char *in, size_t len, hcc_arena *a,
                        hcc_out *o, hcc_error *err) {
  hcc_transcript t;
  (void)p;
  int rc = hcc__transcript_parse(&t, in, len, HCC_PARSE_PLAIN, a, err);
  if (rc != HCC_OK) return rc;
  int anchor = hcc__media_anchor(&t);
  hcc__transcript_open(&t, o);
  for (int i = 0; i < t.nmsg; i++) {
    if (i) hcc__out_str(o, HCC_ITEM_SEP);
    if (i < anchor && hcc__media_has_images(&t.doc, t.msg[i].content))
      rc = hcc__media_write_msg(&t.doc, t.msg[i].tok, a, o, err);
    else
      hcc__transcript_copy_msg(&t, i, o);
    if (rc != HCC_OK) return rc;
  }
  hcc__transcript_close(&t, o);
  return HCC_OK;
}
