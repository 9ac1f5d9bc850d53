/* utf8_lut.h -- the three nibble tables of the Keiser-Lemire UTF-8 check
 * ("Validating UTF-8 in less than one instruction per byte", 2021), for
 * utf8_avx2.h (32-byte blocks) and utf8_avx512.h (64-byte blocks): each
 * classifies a byte, by one nibble of it or of the byte before, into the
 * error kinds its window can show; a window is an error when the three
 * look-ups share a bit. */
#ifndef HCC_UTF8_LUT_H
#define HCC_UTF8_LUT_H

/* error kinds, one bit each (two share bit 6: they never meet) */
#define TOO_SHORT (1 << 0)   /* lead byte followed by a non-continuation */
#define TOO_LONG (1 << 1)    /* ASCII followed by a continuation */
#define OVERLONG_3 (1 << 2)  /* E0 80..9F */
#define TOO_LARGE (1 << 3)   /* F4 90..BF, F5..FF */
#define SURROGATE (1 << 4)   /* ED A0..BF */
#define OVERLONG_2 (1 << 5)  /* C0, C1 */
#define TOO_LARGE_1000 (1 << 6)
#define OVERLONG_4 (1 << 6)  /* F0 80..8F */
#define TWO_CONTS (1 << 7)   /* a continuation after a continuation: fine
                                only as the third or fourth byte */
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)

/* The three look-up tables, indexed by a nibble: the high nibble of the
 * byte before, its low nibble, the high nibble of this byte.  Bytes, so
 * the flag values above 0x7F need no sign games. */
static const unsigned char LUT_PREV_HI[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, TOO_SHORT | OVERLONG_2, TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE, TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};
static const unsigned char LUT_PREV_LO[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
    CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000};
static const unsigned char LUT_CUR_HI[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, TOO_SHORT, TOO_SHORT,
    TOO_SHORT, TOO_SHORT};

#undef TOO_SHORT
#undef TOO_LONG
#undef OVERLONG_3
#undef TOO_LARGE
#undef SURROGATE
#undef OVERLONG_2
#undef TOO_LARGE_1000
#undef OVERLONG_4
#undef TWO_CONTS
#undef CARRY
#endif
