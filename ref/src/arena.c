/* arena.c -- carving the caller's workspace; never allocates. */
#include "internal.h"

void hcc__arena_init(hcc_arena *a, void *mem, size_t size) {
  a->base = mem;
  a->size = mem ? size : 0;
  a->used = 0;
  a->need = 0;
  /* align the start so every piece is 16-byte aligned */
  uintptr_t p = (uintptr_t)mem;
  size_t pad = (size_t)((16 - (p & 15)) & 15);
  if (mem && pad <= a->size) {
    a->base += pad;
    a->size -= pad;
  }
  a->need = mem ? pad : 15;
}

size_t hcc__arena_cost(size_t n) { return (n + 15) & ~(size_t)15; }

void *hcc__arena_take(hcc_arena *a, size_t n) {
  size_t c = hcc__arena_cost(n);
  a->need += c;
  if (!a->base || a->size - a->used < c) return NULL;
  void *p = a->base + a->used;
  a->used += c;
  return p;
}

void *hcc__arena_rest(hcc_arena *a, size_t *n) {
  *n = a->base ? a->size - a->used : 0;
  return a->base ? a->base + a->used : NULL;
}
