/* utf8_blocks.h -- the error flags of one block of the Keiser-Lemire
 * UTF-8 check (utf8_lut.h), written once for any vector width: included
 * by utf8_avx2.h (32-byte blocks) and utf8_avx512.h (64-byte blocks),
 * each defining first
 *   U8_T            the functions' target attribute
 *   U8_V            the vector type
 *   U8_SFX          the suffix of the function names ("" or 512)
 *   U8_PREV(c,l,k)  the bytes k = 1..3 positions back: the last k of l,
 *                   then c (the width's own lane joining)
 *   U8_LUT(t)       a 16-byte table in every 16-byte lane
 *   U8_SHUF, U8_AND, U8_OR, U8_XOR, U8_SUBS (saturating, unsigned),
 *   U8_SRLI16, U8_SET1
 * (this file undefines them at its end).  No include guard: it is meant
 * to be included once per width. */
#define U8_CAT2(a, b) a##b
#define U8_CAT(a, b) U8_CAT2(a, b)

U8_T static inline U8_V U8_CAT(nibble_hi, U8_SFX)(U8_V x) {
  return U8_AND(U8_SRLI16(x, 4), U8_SET1(0x0F));
}

/* Non-zero bytes where the block cur (after the block last) is not valid
 * UTF-8. */
U8_T static inline U8_V U8_CAT(block_errors, U8_SFX)(U8_V cur, U8_V last) {
  const U8_V t1 = U8_LUT(LUT_PREV_HI), t2 = U8_LUT(LUT_PREV_LO), t3 = U8_LUT(LUT_CUR_HI);
  U8_V p1 = U8_PREV(cur, last, 1);
  U8_V sc = U8_AND(U8_AND(U8_SHUF(t1, U8_CAT(nibble_hi, U8_SFX)(p1)), U8_SHUF(t2, U8_AND(p1, U8_SET1(0x0F)))),
                   U8_SHUF(t3, U8_CAT(nibble_hi, U8_SFX)(cur)));
  /* a byte two back of 111xxxxx or three back of 1111xxxx needs this one
   * to be a continuation: exactly where TWO_CONTS was flagged */
  U8_V third = U8_SUBS(U8_PREV(cur, last, 2), U8_SET1((char)(0xE0 - 0x80)));
  U8_V fourth = U8_SUBS(U8_PREV(cur, last, 3), U8_SET1((char)(0xF0 - 0x80)));
  U8_V must23 = U8_AND(U8_OR(third, fourth), U8_SET1((char)0x80));
  return U8_XOR(must23, sc);
}

#undef U8_CAT
#undef U8_CAT2
/* the includer's parameters */
#undef U8_T
#undef U8_V
#undef U8_SFX
#undef U8_PREV
#undef U8_LUT
#undef U8_SHUF
#undef U8_AND
#undef U8_OR
#undef U8_XOR
#undef U8_SUBS
#undef U8_SRLI16
#undef U8_SET1
