/* internal.h -- types shared by the modules of ref/src (not installed).
 *
 * Nothing here allocates: the arena hands out pieces of the caller's
 * workspace, the writer writes into the caller's output buffer and keeps
 * counting past its end so the needed size can be reported. */
#ifndef HCC_INTERNAL_H
#define HCC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hcc.h"
#include "words.h"

/* A piece of text (not NUL-terminated). */
typedef struct hcc_slice {
  const char *s;
  size_t n;
} hcc_slice;

/* ---- errors ------------------------------------------------------------ */
/* Fills *err (when not NULL) and returns code. */
int hcc__fail(hcc_error *err, int code, size_t offset, const char *message);

/* ---- tokens (jsmn's type, start, end and size; test_json_tokens checks
 * them against jsmn's) ------------------------------------------------------ */
typedef enum { HCC_T_UNDEF = 0, HCC_T_OBJECT = 1, HCC_T_ARRAY = 2,
               HCC_T_STRING = 3, HCC_T_PRIMITIVE = 4 } hcc_toktype;
/* Pass 3 of the prune (and truncate-args) looks only at tool-call
 * arguments longer than this many code points (args.h). */
#define HCC_ARGS_GATE 500

typedef struct hcc_tok {
  unsigned char type; /* hcc_toktype */
  unsigned char tag;  /* what the scan read of the token's bytes, so later
                       * passes need not load them: an object key's hcc_word
                       * (words.h), and so the string value of a "role" or
                       * "from" key (or of an escaped key); HCC_W_HASHED or
                       * HCC_W_LINKED for the string value of an "id",
                       * "tool_call_id" or "call_id" key; a primitive's
                       * first byte; else 0 */
  int start;  /* strings: first byte after the opening quote */
  int end;    /* strings: the closing quote; others: one past the last byte */
  int size;   /* objects: member count; arrays: element count; keys: 1;
               * an id value (tag HASHED): its hcc__jstr_hash; (LINKED)
               * the index of an earlier HASHED id spelt the same; a
               * string value under HCC_PARSE_CPS: its code points; the
               * string value of an "arguments" key otherwise:
               * HCC_ARGS_GATE + 1 when it has more code points than
               * that, told while the scan has it in cache (pass 3 of the
               * prune asks of every call, from memory on a large
               * transcript); else 0 */
  int next;   /* the first token after this one's span: past a container's
               * contents, else the token that follows (a key: its value) */
} hcc_tok;

/* A parsed document: the text and its tokens. */
typedef struct hcc_doc {
  const char *text;
  size_t len;
  hcc_tok *tok;
  int ntok;
  hcc_json_info info; /* what the validator learnt about the text */
} hcc_doc;

/* ---- workspace arena ---------------------------------------------------- */
typedef struct hcc_arena {
  unsigned char *base;
  size_t size;
  size_t used;
  size_t need; /* grows past size when a request does not fit */
} hcc_arena;

void hcc__arena_init(hcc_arena *a, void *mem, size_t size);
/* Returns n bytes aligned to 16, or NULL when they do not fit (need still
 * grows, so a dry run over a NULL arena measures the total). */
void *hcc__arena_take(hcc_arena *a, size_t n);
/* The free rest of the arena (*n bytes, 16-byte aligned), lent without
 * taking it: for a writer that learns its size only by writing.  It then
 * takes what it used with hcc__arena_take, which returns the same pointer. */
void *hcc__arena_rest(hcc_arena *a, size_t *n);
/* Rounded size a request of n bytes takes from the arena. */
size_t hcc__arena_cost(size_t n);

/* ---- output writer ------------------------------------------------------ */
typedef struct hcc_out {
  char *buf;
  size_t cap;
  size_t len; /* bytes produced so far, also past cap */
} hcc_out;

void hcc__out_init(hcc_out *o, char *buf, size_t cap);
/* Writes p[0..n) (as far as there is room) and counts n; inline because
 * the writers emit many pieces of a few bytes. */
static inline void hcc__out_put(hcc_out *o, const void *p, size_t n) {
  if (o->len < o->cap) {
    size_t room = o->cap - o->len;
    memcpy(o->buf + o->len, p, n < room ? n : room);
  }
  o->len += n;
}
void hcc__out_str(hcc_out *o, const char *s);
static inline void hcc__out_ch(hcc_out *o, char c) {
  if (o->len < o->cap) o->buf[o->len] = c;
  o->len++;
}
void hcc__out_i64(hcc_out *o, int64_t v);
/* Writes s[0..n) as the body of a JSON string exactly as Python's
 * json.dumps(..., ensure_ascii=False) escapes it (hermes's output format).
 * s is WTF-8: a 3-byte encoded lone surrogate is written as \udxxx. */
void hcc__out_json_body(hcc_out *o, const char *s, size_t n);
/* The same; avx512 0 keeps to the paths any x86-64 (or other CPU) runs. */
void hcc__out_json_body_as(int avx512, hcc_out *o, const char *s, size_t n);
/* Same with the quotes around it. */
void hcc__out_json_str(hcc_out *o, const char *s, size_t n);

/* ---- AVX-512 ------------------------------------------------------------ */
/* The paths that take 64 bytes (or sixteen 32-bit lanes) a step: the
 * string decoder, MD5 (two registers of sixteen lanes) and the
 * validator's long strings (with their UTF-8 check).  They need AVX-512 F
 * and BW and VBMI/VBMI2 (byte permutes and compress), checked at run time, since
 * every other path is built for any x86-64.  HCC_NO_AVX512 compiles them
 * out, as on a CPU with AVX2 only (make avx2 tests that build); so do
 * HCC_NO_AVX2 and HCC_NO_SIMD. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(HCC_NO_SIMD) && \
    !defined(HCC_NO_AVX2) && !defined(HCC_NO_AVX512)
#define HCC_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt,bmi,bmi2")))
static inline int hcc__avx512(void) {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
         __builtin_cpu_supports("avx512vbmi2");
}
#endif

/* ---- JSON layer (json_*.c) --------------------------------------------- */
/* Escapes in a 64-byte block of a JSON string body, from its backslashes
 * (bit k of b: byte k is '\\'): bit k of the result says byte k is the
 * character after a backslash that starts an escape.  *carry is 1 when
 * the block's first byte is such a character (the previous block ended on
 * an escape's backslash) and is set for the next block.  Runs of
 * backslashes are resolved with the carries of one addition (simdjson's
 * method, Langdale and Lemire 2019).  Used by the validator's long
 * strings and the code-point count. */
static inline uint64_t hcc__escaped_bits(uint64_t b, uint64_t *carry) {
  const uint64_t even = 0x5555555555555555ULL;
  uint64_t bs = b & ~*carry, starts;
  uint64_t follows = bs << 1 | *carry;
  uint64_t odd_starts = bs & ~even & ~follows;
  *carry = __builtin_add_overflow(odd_starts, bs, &starts);
  return (even ^ (starts << 1)) & follows;
}
/* Eight bytes of text read as one little-endian word (the first byte
 * lowest): a mask with a nonzero byte at each byte that is no ASCII digit
 * (high nibble 3, and adding 6 does not carry out of the low nibble).  An
 * addition's carry out of a byte of 0xFA or more can spoil the bytes
 * after it, never one before, so the lowest nonzero byte is exactly the
 * first non-digit.  Used by the validator's number scan and the number
 * reader of pyfloat.c. */
static inline uint64_t hcc__nondigits8(uint64_t v) {
  const uint64_t hi = 0xF0F0F0F0F0F0F0F0u, three = 0x3030303030303030u;
  return ((v & hi) ^ three) | (((v + 0x0606060606060606u) & hi) ^ three);
}
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HCC_LE_WORDS 1 /* a word loaded from text has its first byte lowest */
#endif
/* The end of the run of ASCII digits at s[i..n). */
static inline size_t hcc__digits_end(const unsigned char *s, size_t i, size_t n) {
#ifdef HCC_LE_WORDS
  while (n - i >= 8) {
    uint64_t v;
    memcpy(&v, s + i, 8);
    uint64_t m = hcc__nondigits8(v);
    if (m) return i + ((size_t)__builtin_ctzll(m) >> 3);
    i += 8;
  }
#endif
  while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  return i;
}
/* The validator facts of the worst text of n bytes (most tokens, deepest,
 * longest strings): what a sizing bound assumes when it cannot look. */
hcc_json_info hcc__json_info_bound(size_t n);
/* What the tokenizing scan does beyond jsmn's tokens and the word tags:
 * HCC_PARSE_IDS also hashes and links the string values of "id",
 * "tool_call_id" and "call_id" keys (tags HCC_W_HASHED, HCC_W_LINKED, see
 * hcc_tok), for the ops that pair calls with results; the others would
 * only pay for it.  HCC_PARSE_CPS puts in each string value's size the
 * code points it decodes to (Python's len()), counted as the scan reads
 * the body, for the ops that measure every string (trajectories): a count
 * in a later pass reads a large document from memory again. */
typedef enum { HCC_PARSE_PLAIN = 0, HCC_PARSE_IDS = 1, HCC_PARSE_CPS = 2 } hcc_parse_mode;
/* OR'ed into a mode: the scan leaves its AVX-512 blocks out, as on a CPU
 * without them, so the tests compare the two on this one. */
#define HCC_PARSE_NO_AVX512 4
/* hcc_json_validate with a mode (only HCC_PARSE_NO_AVX512 counts). */
int hcc__json_validate_as(const char *in, size_t len, int mode, hcc_json_info *info, hcc_error *err);
/* The validator's scan that also writes the tokens (json_validate.c):
 * jsmn's tokens (JSMN_STRICT: type, start, end and size, but for an id
 * value's size under HCC_PARSE_IDS; `next` in place of the parent link)
 * of a valid text into tok[0..cap).  When they do not fit it still
 * validates the whole text, fills *info (info->tokens is the count
 * needed) and returns HCC_E_WORKSPACE. */
int hcc__json_scan(const char *in, size_t len, hcc_tok *tok, size_t cap, int mode,
                   hcc_json_info *info, hcc_error *err);
/* Table sizes of a transcript (a list of messages or {"messages": [...]})
 * from the validator's facts: its messages are array elements one or two
 * levels deep, its tool calls array elements three or four, and an id (a
 * call's or a result's) belongs to one of them. */
static inline size_t hcc__max_msgs(const hcc_json_info *i) { return i->elements_d12 + 1; }
static inline size_t hcc__max_calls(const hcc_json_info *i) { return i->elements_d34 + 1; }
static inline size_t hcc__max_ids(const hcc_json_info *i) { return i->elements_d12 + i->elements_d34; }
/* The facts of the largest piece a transcript op walks at once (to write
 * it, re-serialize it or take its str()): one message or a value inside
 * one, or compress's rewrite of a message, which has at most twice its
 * tokens plus 64.  Scratch sized per walk is sized from these. */
static inline hcc_json_info hcc__msg_scope(const hcc_json_info *i) {
  hcc_json_info m = *i;
  size_t t = 2 * i->max_message_tokens + 64;
  if (t < m.tokens) m.tokens = t;
  return m;
}
/* Validates and tokenizes `text` into tokens taken from the arena, in one
 * pass over the text (HCC_PARSE_PLAIN). */
int hcc__json_parse(hcc_doc *d, const char *text, size_t len, hcc_arena *a,
                    hcc_error *err);
int hcc__json_parse_as(hcc_doc *d, const char *text, size_t len, int mode,
                       hcc_arena *a, hcc_error *err);
/* Index of the token after the whole subtree starting at token i (the
 * scan records it, so skipping a value costs one load, not a walk over
 * its tokens). */
static inline int hcc__json_skip(const hcc_doc *d, int i) { return d->tok[i].next; }
/* Index of the value of `key` (no backslash in it) in object token obj, or
 * -1.  Compares the decoded key, so "\u0072ole" finds "role".  With
 * duplicate keys the last one wins, as in Python's json.loads. */
int hcc__json_get(const hcc_doc *d, int obj, const char *key);
/* 1 when string token i decodes to exactly s[0..n). */
int hcc__json_str_eq(const hcc_doc *d, int i, const char *s, size_t n);
/* 1 when token i is the literal null. */
int hcc__json_is_null(const hcc_doc *d, int i);
/* hcc__json_get for several keys (at most 8, none holding a backslash) in
 * one pass over the members of obj: vals[k] is the value token of keys[k]
 * (the last duplicate wins), or -1; all -1 when obj is not an object. */
void hcc__json_members(const hcc_doc *d, int obj, const char *const *keys, int nkeys, int *vals);
/* The same for keys on the word list (words.h), given by number: the
 * look-ups of every message and call, spared finding the numbers. */
void hcc__json_members_w(const hcc_doc *d, int obj, const unsigned char *words, int nkeys, int *vals);
/* Which of the words words[0..n) (on the word list) the string token v
 * decodes to, or -1.  v is the value of a key the scan tags the value of
 * ("role", "from": see hcc_tok's tag): its tag answers without loading
 * the text (a cache miss on a large document), and only a value with an
 * escape is compared decoded. */
int hcc__json_word_value(const hcc_doc *d, int v, const unsigned char *words, int n);
/* Hash of the code points string token t decodes to (json.loads: escaped
 * surrogate pairs joined, lone surrogates kept), so equal strings hash
 * equal however they were escaped. */
uint32_t hcc__jstr_hash(const hcc_doc *d, int t);
/* The same hash of the decoded value of a string body raw[0..n). */
uint32_t hcc__jstr_hash_raw(const char *raw, size_t n);
/* 1 when string tokens a and b decode to the same string. */
int hcc__jstr_eq(const hcc_doc *d, int a, int b);

/* Python's dict over an object's members: json.loads keeps one entry per
 * decoded key, at its first occurrence, holding its last value.
 * hcc__keyplan fills plan[k] (k < the object's member count) with the
 * value token member k contributes, or -1 when k repeats an earlier key,
 * using tab[0..nslot) (nslot from hcc__keyplan_slots, 0 for fewer than
 * two members) as an open-addressing table when it must: keys the scan
 * tagged with distinct words of the list (words.h) cannot repeat, and an
 * object of such keys is planned without hashing. */
typedef struct hcc_keyslot {
  uint32_t hash;
  int key;    /* key token of the first occurrence, -1 when empty */
  int member; /* its member index */
} hcc_keyslot;
size_t hcc__keyplan_slots(size_t members);
void hcc__keyplan(const hcc_doc *d, int obj, int *plan, hcc_keyslot *tab, size_t nslot);
/* Raw bytes of token i including quotes for strings. */
const char *hcc__json_raw(const hcc_doc *d, int i, size_t *n);

/* The next piece of the valid JSON string body raw[0..n) at *pos, for
 * walkers that take plain text in bulk: a run of bytes without escapes
 * (returns its length, the run is raw[old *pos ..)), or at a backslash 0
 * with *cp the escaped code point (a surrogate pair joined).  Advances
 * *pos. */
size_t hcc__json_body_piece(const char *raw, size_t n, size_t *pos, uint32_t *cp);
/* Decodes the body raw[0..n) of a valid JSON string into WTF-8 at dst
 * (which needs at most n bytes); returns the decoded length. */
size_t hcc__json_decode(const char *raw, size_t n, char *dst);
/* The same, faster, for a dst that holds at least n bytes (the raw
 * length), of which it may write all: whole 16- or 64-byte blocks are
 * copied ahead of the escape that ends a run. */
size_t hcc__json_decode_wide(const char *raw, size_t n, char *dst);
/* Decodes the valid body raw[0..n) from *pos on into dst, at most cap
 * bytes of it (all of which it may write): as much of a run as fits and
 * only whole escapes, so *pos is left where the next call goes on (n when
 * done).  Returns the bytes decoded: at least one while any are left, when
 * cap >= 4.  With AVX-512 a block of 64 bytes is decoded at a time, its
 * short escapes all at once (while 64 bytes of room are left), else 16
 * bytes up to the next escape with SSE2. */
size_t hcc__json_decode_some(const char *raw, size_t n, size_t *pos, char *dst, size_t cap);
/* The same without the AVX-512 blocks when avx512 is 0 (the tests run
 * both ways on a CPU that has them). */
size_t hcc__json_decode_some_as(int avx512, const char *raw, size_t n, size_t *pos, char *dst,
                                size_t cap);
/* Where the decoded bytes [a, b) of the valid body raw[0..n) come from:
 * *ra, *rb, when json.dumps(ensure_ascii=False) of those decoded bytes is
 * exactly raw[*ra..*rb), that is when every escape in the span is one
 * json.dumps writes itself (no \/, no \u escape of a printable character
 * or in upper case, no escaped pair).  Then the span can be copied instead
 * of decoded and written again.  0 otherwise, or when a or b falls inside
 * what one escape decodes to. */
int hcc__json_dumps_span(const char *raw, size_t n, size_t a, size_t b, size_t *ra, size_t *rb);
/* Offset of the first "\u" escape in the valid body raw[0..n) whose code
 * point (a pair joined) wanted(ctx, cp) accepts, or n: for searches on the
 * raw body that hold unless an escape spells a character they look for.
 * A "\u" that is really an escaped backslash and a 'u' is read as an
 * escape too, which can only answer "found" more often. */
size_t hcc__json_find_u_escape(const char *raw, size_t n, int (*wanted)(const void *ctx, uint32_t cp),
                               const void *ctx);
/* Decoded length of a valid JSON string body, without writing. */
size_t hcc__json_decoded_len(const char *raw, size_t n);
/* Code points of a valid JSON string body once decoded (Python's len()). */
size_t hcc__json_str_cps(const char *raw, size_t n);
/* The same, or when that count is above cap some count above cap that is
 * at most it: the walk stops once past cap (a gate needs no more). */
size_t hcc__json_str_cps_capped(const char *raw, size_t n, size_t cap);
/* Whether that count is above k (len(s) > k), read off the byte length
 * alone where it decides: the gates on tool outputs and arguments ask
 * only this of texts mostly far from k. */
int hcc__json_str_longer(const char *raw, size_t n, size_t k);
/* That decision on the byte length n of a body alone: 0 (not longer), 1
 * (longer), or -1 when only the count can tell.  A code point takes 1 to
 * 12 raw bytes (an escaped surrogate pair is the longest), so only lengths
 * in (k, 12k] need the count. */
static inline int hcc__json_len_gate(size_t n, size_t k) { return n <= k ? 0 : n / 12 > k ? 1 : -1; }
/* How many newlines a valid JSON string body decodes to
 * (s.count("\n")). */
size_t hcc__json_newlines(const char *raw, size_t n);
/* Next code point of the valid JSON string body raw[0..n) at *pos, as
 * json.loads decodes it: escaped surrogate pairs joined, a lone surrogate
 * kept as that code point; advances *pos. */
uint32_t hcc__json_body_next_slow(const char *raw, size_t n, size_t *pos);
static inline uint32_t hcc__json_body_next(const char *raw, size_t n, size_t *pos) {
  unsigned char c = (unsigned char)raw[*pos];
  if (c < 0x80 && c != '\\') {
    (*pos)++;
    return c;
  }
  return hcc__json_body_next_slow(raw, n, pos);
}

/* ---- open-addressing tables --------------------------------------------- */
/* The hash tables (call ids, id sets, duplicate keys, interned strings)
 * probe linearly and are at most half full: 2 e + 2 slots for e entries,
 * any count rather than the next power of two, which can take twice the
 * room.  A hash's home slot is its multiply-shift into [0, n). */
static inline size_t hcc__table_slots(size_t entries) { return 2 * entries + 2; }
static inline size_t hcc__table_home(uint32_t h, size_t n) { return (size_t)(((uint64_t)h * n) >> 32); }
static inline size_t hcc__table_next(size_t i, size_t n) { return i + 1 < n ? i + 1 : 0; }

/* ---- byte searches (bytes.c) ------------------------------------------- */
/* Offset of the first occurrence of the two bytes a, b in s[0..n), or n. */
size_t hcc__find_pair(const char *s, size_t n, char a, char b);
/* The first offset where either pair a1, b1 or a2, b2 occurs, or n: two
 * searches in one pass over s. */
size_t hcc__find_pairs(const char *s, size_t n, char a1, char b1, char a2, char b2);
/* How many bytes of s[0..n) are c. */
size_t hcc__count_byte(const char *s, size_t n, char c);
/* What prune's duplicate pass learns of each piece of decoded text it
 * hashes, in one pass: code points (of WTF-8), newlines, and whether a
 * '"' is followed by 'e' or 't' (quote_before: the piece before ended on
 * a '"'). */
typedef struct hcc_text_stats {
  size_t cps, newlines;
  int quote_et;
} hcc_text_stats;
void hcc__text_stats(const char *s, size_t n, int quote_before, hcc_text_stats *st);
/* The same by one pass a count when avx512 is 0 (the tests compare). */
void hcc__text_stats_as(int avx512, const char *s, size_t n, int quote_before, hcc_text_stats *st);
/* The rewrite weight of s[0..n) (hcc_json_info.max_deep_weight): a byte
 * counts 6 for a digit or '"', 5 for DEL, 4 for 0x80 and up or a
 * backslash, 3 for '\'', 2 for ',' or ':', 1 otherwise (why: bytes.c).  The _as form weighs
 * without AVX-512 when avx512 is 0 (the tests compare). */
#define HCC_WEIGHT_MAX 6
size_t hcc__rewrite_weight(const char *s, size_t n);
size_t hcc__rewrite_weight_as(int avx512, const char *s, size_t n);

/* ---- UTF-8 / code points (utf8.c) -------------------------------------- */
/* Number of code points of WTF-8 text. */
size_t hcc__utf8_count(const char *s, size_t n);
/* Byte length of the first k code points of s[0..n) (n when fewer). */
size_t hcc__utf8_prefix(const char *s, size_t n, size_t k);
/* Decodes the code point at s[*i], advances *i. Text must be valid WTF-8.
 * ASCII is decoded inline (it is most of every transcript); the rest by
 * hcc__utf8_next_multi. */
uint32_t hcc__utf8_next_multi(const char *s, size_t n, size_t *i);
static inline uint32_t hcc__utf8_next(const char *s, size_t n, size_t *i) {
  unsigned char c = (unsigned char)s[*i];
  if (c < 0x80) {
    (*i)++;
    return c;
  }
  return hcc__utf8_next_multi(s, n, i);
}
/* Encodes cp as (WTF-8) UTF-8 into d (4 bytes of room); returns the length.
 * A lone surrogate gets its 3-byte form. */
size_t hcc__utf8_encode(uint32_t cp, char *d);
/* Writes code point cp to o as (WTF-8) UTF-8. */
void hcc__utf8_put(hcc_out *o, uint32_t cp);

#endif /* HCC_INTERNAL_H */
