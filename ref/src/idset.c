/* idset.c -- string ids with flags, by decoded value (idset.h). */
#include "idset.h"

#include "msg_write.h"

size_t hcc__idset_slots(size_t ids) { return hcc__table_slots(ids); }

size_t hcc__idset_need(size_t ids) {
  return hcc__arena_cost(hcc__idset_slots(ids) * sizeof(hcc_idslot));
}

int hcc__idset_init(hcc_idset *s, const hcc_doc *d, size_t ids, hcc_arena *a, hcc_error *err) {
  size_t n = hcc__idset_slots(ids);
  s->d = d;
  s->n = n;
  s->slot = hcc__arena_take(a, n * sizeof(hcc_idslot));
  if (!s->slot) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the id table");
  for (size_t i = 0; i < n; i++) s->slot[i].tok = -1;
  return HCC_OK;
}

/* The slot holding id `tok`, or the empty slot where it would go. */
static hcc_idslot *find(const hcc_idset *s, int tok, uint32_t h) {
  size_t i = hcc__table_home(h, s->n);
  while (s->slot[i].tok >= 0 && !(s->slot[i].hash == h && hcc__jstr_eq(s->d, s->slot[i].tok, tok)))
    i = hcc__table_next(i, s->n);
  return &s->slot[i];
}

int hcc__idset_add(hcc_idset *s, int tok, int flag) {
  uint32_t h = hcc__jstr_hash(s->d, tok);
  hcc_idslot *e = find(s, tok, h);
  if (e->tok < 0) {
    e->tok = tok;
    e->hash = h;
    e->flags = 0;
  }
  e->flags |= flag;
  return (int)(e - s->slot);
}

int hcc__idset_flags(const hcc_idset *s, int tok) {
  const hcc_idslot *e = find(s, tok, hcc__jstr_hash(s->d, tok));
  return e->tok < 0 ? 0 : e->flags;
}
