/* idset.h -- a set of string ids with flags, keyed by decoded value
 * (idset.c): open addressing over string tokens of one document, in
 * workspace memory, expected O(1) per operation.  Repair and compress keep
 * "is a call id" / "is a result id" in it. */
#ifndef HCC_IDSET_H
#define HCC_IDSET_H
#include "internal.h"

typedef struct hcc_idslot {
  uint32_t hash;
  int tok; /* first string token seen with this id, -1 when empty */
  int flags;
} hcc_idslot;

typedef struct hcc_idset {
  const hcc_doc *d;
  hcc_idslot *slot;
  size_t n; /* slots */
} hcc_idset;

/* Slots for a set of at most `ids` ids (hcc__max_ids): the load stays at
 * most one half. */
size_t hcc__idset_slots(size_t ids);
/* Workspace for such a set. */
size_t hcc__idset_need(size_t ids);
/* Takes the table from the arena: HCC_E_WORKSPACE when it does not fit. */
int hcc__idset_init(hcc_idset *s, const hcc_doc *d, size_t ids, hcc_arena *a, hcc_error *err);
/* Adds flag to the id of string token tok; returns its slot, whose flags
 * (s->slot[slot].flags) then stay that id's, so a caller that keeps the
 * slot reads them later without hashing again. */
int hcc__idset_add(hcc_idset *s, int tok, int flag);
/* The flags of the id of string token tok (0 when absent). */
int hcc__idset_flags(const hcc_idset *s, int tok);
#endif
