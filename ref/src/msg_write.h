/* msg_write.h -- writing one JSON object of the input with some members
 * replaced, removed or added, as Python's json.dumps(ensure_ascii=False)
 * writes the dict json.loads made of it once the same edits are applied
 * (msg_write.c).  Ops that rewrite a message (repair, truncate-args,
 * prune) share it; it never allocates.
 *
 * What is written, in order:
 *   - each distinct key of the object once, at the position of its first
 *     occurrence, with the value of its last occurrence (json.loads keeps
 *     one dict entry per decoded key: "a" and "\u0061" are one key);
 *   - a key named by an HCC_EDIT_DEL edit is left out (dict.pop);
 *   - a key named by an HCC_EDIT_SET edit keeps its position and gets the
 *     edit's value (d[key] = value on an existing key);
 *   - then, in edit order, every HCC_EDIT_SET whose key is not in the
 *     object, as a new last member (d[key] = value on a new key).
 * Members are joined with ", " and keys separated from values by ": "
 * (json.dumps's default separators).  A member no edit names is written
 * `<raw key>: <raw value>`: the input's bytes, so canonical input (text
 * json.dumps produced) comes out byte for byte as Python writes it.  A key
 * added by an edit is written with hcc__out_json_str.
 *
 * The value of a SET is the literal JSON text `lit` when `fn` is NULL;
 * otherwise fn writes it.  fn may call hcc__obj_write again for objects
 * inside the old value (a list of calls whose calls are themselves
 * edited, say): the scratch those nested calls take is covered by
 * hcc__obj_write_need as long as they write descendants of `obj`. */
#ifndef HCC_MSG_WRITE_H
#define HCC_MSG_WRITE_H
#include "internal.h"

typedef enum { HCC_EDIT_SET = 0, HCC_EDIT_DEL = 1 } hcc_edit_op;

/* Writes a SET edit's value.  `old` is the value token the key had (the
 * last occurrence), or -1 when the key is new.  Returns HCC_OK or an
 * error (what it writes is then discarded by the caller). */
typedef int (*hcc_edit_fn)(void *ctx, const hcc_doc *d, int old,
                           hcc_arena *scratch, hcc_out *o, hcc_error *err);

typedef struct hcc_edit {
  const char *key; /* decoded key, UTF-8 */
  size_t key_len;
  hcc_edit_op op;
  hcc_edit_fn fn;  /* SET: writes the value; NULL to use lit */
  void *ctx;
  const char *lit; /* SET without fn: the value as JSON text */
  size_t lit_len;
} hcc_edit;

/* Most edits one call takes. */
#define HCC_EDIT_MAX 16

/* Writes object token obj of d with the edits applied (see above).
 * scratch holds the duplicate-key table for the object (given back before
 * returning).  Errors: HCC_E_WORKSPACE, HCC_E_PARAM when nedits exceeds
 * HCC_EDIT_MAX or obj is not an object, or whatever an fn returns. */
int hcc__obj_write(const hcc_doc *d, int obj, const hcc_edit *edits,
                   size_t nedits, hcc_arena *scratch, hcc_out *o,
                   hcc_error *err);

/* Scratch hcc__obj_write (with nested calls on descendants) takes at most
 * for any object of a document with these statistics. */
size_t hcc__obj_write_need(const hcc_json_info *info);

#endif
