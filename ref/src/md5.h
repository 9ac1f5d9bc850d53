/* md5.h -- MD5 (RFC 1321), for the dedupe pass of tool-output pruning
 * (spec PRUNE-3), which keys tool contents by the first 12 hex digits of
 * their MD5 as hermes does.  Not for security: MD5 is broken as a
 * cryptographic hash; here it only has to give hermes's keys.
 *
 * Streaming: init, update any number of times with any lengths, final.
 * The context lives where the caller puts it; nothing allocates. */
#ifndef HCC_MD5_H
#define HCC_MD5_H
#include <stddef.h>
#include <stdint.h>

typedef struct hcc_md5 {
  uint32_t h[4];         /* the chaining state A, B, C, D */
  uint64_t len;          /* bytes fed so far */
  unsigned char buf[64]; /* a partial block */
} hcc_md5;

void hcc__md5_init(hcc_md5 *m);
void hcc__md5_update(hcc_md5 *m, const void *data, size_t n);
/* Writes the 16-byte digest and leaves m unusable until the next init. */
void hcc__md5_final(hcc_md5 *m, unsigned char digest[16]);
/* The first 48 bits of a digest as an integer: what its first 12 hex
 * digits spell (hexdigest()[:12]). */
uint64_t hcc__md5_prefix48(const unsigned char digest[16]);

/* The texts hcc__md5_many hashes, produced piece by piece: writes the
 * next bytes of text k into buf (at most cap, cap >= 64, and at least one
 * while any are left) and returns how many; 0 once text k is whole.  *pos
 * is the source's own place in text k, 0 at its start. */
typedef size_t (*hcc_md5_source)(void *ctx, size_t k, size_t *pos, unsigned char *buf, size_t cap);

/* keys[k] = hcc__md5_prefix48(md5(text k)) for k in [0, n).  32 texts
 * are hashed at once, one per 32-bit lane of two groups of AVX-512
 * registers, when the CPU has them, eight in AVX2 registers when it has
 * those, one at a time otherwise: MD5 is a chain of dependent steps, so a
 * single text (or a single group of lanes) leaves most of a core idle,
 * and the dedupe pass hashes thousands of tool outputs that do not depend
 * on each other.  Texts are taken in order k = 0, 1, ..., so a source
 * reading them in memory order reads ahead.  Stack use is about 19 KB;
 * nothing allocates. */
void hcc__md5_many(size_t n, hcc_md5_source src, void *ctx, uint64_t *keys);

/* The ways of hashing many texts, best last; hcc__md5_many takes the best
 * this build and CPU have.  hcc__md5_many_as takes `kind` instead, or the
 * best below it the build and CPU have (the tests run every one). */
enum { HCC_MD5_SCALAR, HCC_MD5_AVX2_LANES, HCC_MD5_AVX512_LANES };
void hcc__md5_many_as(int kind, size_t n, hcc_md5_source src, void *ctx, uint64_t *keys);
#endif
