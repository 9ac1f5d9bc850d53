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
#endif
