/* test_json_tokens.c -- hcc__json_parse (the validator's tokenizing scan)
 * and the token look-ups (skip, get, str_eq, is_null, raw).
 *
 * The key property: whatever the validator accepts, the scan writes
 * exactly the tokens jsmn writes (same type, start, end and size, in the
 * same order, with the tree of jsmn's parent links), info.tokens of them,
 * and each token's `next` is the end of its subtree in that tree.  It is
 * checked on hand-written documents, on generated random valid documents,
 * and on random mutations of them (every mutation the validator still
 * accepts must tokenize).  jsmn is the oracle: it is included here with
 * the configuration the library's tokens follow (hcc_jsmn.h; JSMN_STATIC
 * keeps it private to this file). */
#include "hcc_jsmn.h"
#include "unit.h"
#include "../ref_utf8.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers -------------------------------------------------------------- */

typedef struct {
  hcc_doc d;
  hcc_arena a;
  void *mem;
} parsed;

/* Parses as the ops that pair ids do (HCC_PARSE_IDS); parse_plain as
 * the others. */
static int parse_mode(parsed *p, const char *s, size_t n, int mode, hcc_error *err) {
  hcc_json_info info;
  size_t need = 64;
  if (hcc_json_validate(s, n, &info, NULL) == HCC_OK) need += info.tokens * sizeof(hcc_tok);
  p->mem = malloc(need);
  assert_non_null(p->mem);
  hcc__arena_init(&p->a, p->mem, need);
  return hcc__json_parse_as(&p->d, s, n, mode, &p->a, err);
}

static int parse(parsed *p, const char *s, size_t n, hcc_error *err) {
  return parse_mode(p, s, n, HCC_PARSE_IDS, err);
}

static void parse_ok(parsed *p, const char *s) {
  hcc_error err;
  int rc = parse(p, s, strlen(s), &err);
  if (rc != HCC_OK) print_error("%s: %s at %zu: %s\n", s, hcc_error_name(rc), err.offset, err.message);
  assert_int_equal(rc, HCC_OK);
}

static void done(parsed *p) { free(p->mem); }

/* Parent links of d's tokens derived from their spans alone (jsmn's
 * tree: an element's parent is its array, a key's its object, a member
 * value's its key), so the tree checks do not trust d's own `next`. */
static int *parents_of(const hcc_doc *d) {
  int *par = malloc((size_t)d->ntok * sizeof *par);
  int *stack = malloc((size_t)d->ntok * sizeof *stack), *seen = malloc((size_t)d->ntok * sizeof *seen);
  assert_true(par && stack && seen);
  int top = 0;
  for (int i = 0; i < d->ntok; i++) {
    while (top && d->tok[i].start >= d->tok[stack[top - 1]].end) top--;
    par[i] = -1;
    if (top) {
      int c = stack[top - 1];
      /* an object's children alternate key, value: a value hangs on its key */
      par[i] = d->tok[c].type == HCC_T_OBJECT && seen[top - 1] % 2 ? i - 1 : c;
      if (d->tok[c].type == HCC_T_OBJECT && seen[top - 1] % 2) assert_int_equal(par[i - 1], c);
      seen[top - 1]++;
    }
    if (d->tok[i].type == HCC_T_OBJECT || d->tok[i].type == HCC_T_ARRAY) {
      stack[top] = i;
      seen[top++] = 0;
    }
  }
  free(stack);
  free(seen);
  return par;
}

/* The token after the subtree of i in the tree of parent links par: the
 * first later token not descended from i; a key's span is the key alone
 * (callers skip the value, key + 1). */
static int next_of(const int *par, const hcc_tok *tok, int ntok, int i) {
  if (i && tok[par[i]].type == HCC_T_OBJECT) return i + 1;
  int j = i + 1;
  for (; j < ntok; j++) {
    int a = par[j];
    while (a > i) a = par[a];
    if (a != i) break;
  }
  return j;
}

/* 1 when token i is the string value of a key spelt "id", "tool_call_id"
 * or "call_id" without escapes: the scan keeps such an id's hash, or a
 * link, in its size (id_token); jsmn's size of it is 0. */
static int is_id_value(const hcc_doc *d, const int *par, int i) {
  if (!i || d->tok[i].type != HCC_T_STRING || d->tok[par[i]].type != HCC_T_STRING) return 0;
  const hcc_tok *k = &d->tok[par[i]];
  size_t n = (size_t)(k->end - k->start);
  const char *b = d->text + k->start;
  return (n == 2 && !memcmp(b, "id", 2)) || (n == 12 && !memcmp(b, "tool_call_id", 12)) ||
         (n == 7 && !memcmp(b, "call_id", 7));
}

/* jsmn's tokens of s must be exactly d's, field by field, and d's `next`
 * the end of each subtree in jsmn's tree. */
static void same_as_jsmn(const hcc_doc *d, const char *s, size_t n) {
  jsmn_parser jp;
  unsigned cap = (unsigned)n + 2;
  jsmntok_t *t = malloc(cap * sizeof *t);
  assert_non_null(t);
  jsmn_init(&jp);
  int r = jsmn_parse(&jp, s, n, t, cap);
  assert_int_equal(r, d->ntok);
  int *par = malloc((size_t)r * sizeof *par), *mine = parents_of(d);
  assert_non_null(par);
  for (int i = 0; i < r; i++) par[i] = t[i].parent;
  for (int i = 0; i < r; i++) {
    int next = next_of(par, d->tok, r, i);
    if ((int)t[i].type != (int)d->tok[i].type || t[i].start != d->tok[i].start ||
        t[i].end != d->tok[i].end || next != d->tok[i].next)
      print_error("%.*s: token %d differs from jsmn\n", (int)n, s, i);
    assert_int_equal((int)t[i].type, (int)d->tok[i].type);
    assert_int_equal(t[i].start, d->tok[i].start);
    assert_int_equal(t[i].end, d->tok[i].end);
    /* an id value's size is its hash or link (check_tags checks it) */
    assert_int_equal(t[i].size, is_id_value(d, mine, i) ? 0 : d->tok[i].size);
    assert_int_equal(next, d->tok[i].next);
    assert_int_equal(t[i].parent, mine[i]); /* the span-derived tree is jsmn's */
  }
  free(par);
  free(mine);
  free(t);
}

/* jsmn's own count for a document, or a negative jsmn error. */
static int jsmn_count(const char *s, size_t n) {
  jsmn_parser jp;
  unsigned cap = (unsigned)n + 2;
  jsmntok_t *t = malloc(cap * sizeof *t);
  jsmn_init(&jp);
  int r = jsmn_parse(&jp, s, n, t, cap);
  free(t);
  return r;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Checks the token tree: parents come first, sizes match the children,
 * spans nest, string tokens exclude their quotes, and hcc__json_skip
 * returns the end of each subtree. */
static void check_tree(const hcc_doc *d) {
  const char *t = d->text;
  assert_true(d->ntok >= 1);
  int *par = parents_of(d);
  assert_int_equal(par[0], -1);
  for (int i = 0; i < d->ntok; i++) {
    const hcc_tok *k = &d->tok[i];
    assert_true(k->start >= 0 && k->end >= k->start && (size_t)k->end <= d->len);
    if (i) assert_true(par[i] >= 0 && par[i] < i);
    switch (k->type) {
    case HCC_T_STRING:
      assert_int_equal(t[k->start - 1], '"');
      assert_int_equal(t[k->end], '"');
      break;
    case HCC_T_OBJECT:
      assert_int_equal(t[k->start], '{');
      assert_int_equal(t[k->end - 1], '}');
      break;
    case HCC_T_ARRAY:
      assert_int_equal(t[k->start], '[');
      assert_int_equal(t[k->end - 1], ']');
      break;
    case HCC_T_PRIMITIVE:
      assert_non_null(strchr("-0123456789tfn", t[k->start]));
      break;
    default:
      fail_msg("token %d has no type", i);
    }
    int children = 0;
    for (int j = i + 1; j < d->ntok; j++)
      if (par[j] == i) children++;
    assert_int_equal(children, is_id_value(d, par, i) ? 0 : k->size);
    if (i && d->tok[par[i]].type == HCC_T_OBJECT) {
      /* an object's children are its keys: strings of size 1 */
      assert_int_equal(k->type, HCC_T_STRING);
      assert_int_equal(k->size, 1);
    }
    /* skip: the first later token that is not a descendant.  A key's only
     * child in jsmn's tree is its value, but skip works on spans and a
     * key's span is the key alone: callers skip the value (key + 1). */
    assert_int_equal(hcc__json_skip(d, i), next_of(par, d->tok, d->ntok, i));
  }
  free(par);
}

/* ---- hand-written documents --------------------------------------------- */

static void test_parse_basic(void **state) {
  (void)state;
  parsed p;
  const char *s = " {\"a\": [1, \"xy\", {\"b\": null}], \"c\": true} ";
  parse_ok(&p, s);
  const hcc_doc *d = &p.d;
  assert_ptr_equal(d->text, s);
  assert_int_equal(d->len, strlen(s));
  assert_int_equal(d->ntok, 10);
  static const struct { hcc_toktype type; int start, end, size, next; } want[] = {
      {HCC_T_OBJECT, 1, 41, 2, 10},   {HCC_T_STRING, 3, 4, 1, 2},
      {HCC_T_ARRAY, 7, 29, 3, 8},     {HCC_T_PRIMITIVE, 8, 9, 0, 4},
      {HCC_T_STRING, 12, 14, 0, 5},   {HCC_T_OBJECT, 17, 28, 1, 8},
      {HCC_T_STRING, 19, 20, 1, 7},   {HCC_T_PRIMITIVE, 23, 27, 0, 8},
      {HCC_T_STRING, 32, 33, 1, 9},   {HCC_T_PRIMITIVE, 36, 40, 0, 10},
  };
  for (size_t i = 0; i < N(want); i++) {
    assert_int_equal(d->tok[i].type, want[i].type);
    assert_int_equal(d->tok[i].start, want[i].start);
    assert_int_equal(d->tok[i].end, want[i].end);
    assert_int_equal(d->tok[i].size, want[i].size);
    assert_int_equal(d->tok[i].next, want[i].next);
  }
  check_tree(d);
  assert_int_equal(jsmn_count(s, strlen(s)), d->ntok);
  done(&p);
}

/* A document that is only a number or literal: strict jsmn wants a
 * delimiter after a primitive and reports JSMN_ERROR_PART at the end of
 * the input, while the validator accepts it.  hcc__json_parse must still
 * give the one token (this was a bug: HCC_E_SYNTAX "internal: tokenizer
 * disagrees with validator"). */
static void test_parse_scalar_roots(void **state) {
  (void)state;
  static const char *const docs[] = {"1",  "-0.5e+3", "0",  "true", "false", "null",
                                     " 7", "\n12",    "\"s\"", "\"\"", "1 ", " null\t"};
  for (size_t i = 0; i < N(docs); i++) {
    parsed p;
    parse_ok(&p, docs[i]);
    const char *s = docs[i];
    size_t n = strlen(s), b = 0, e = n;
    while (is_blank(s[b])) b++;
    while (is_blank(s[e - 1])) e--;
    assert_int_equal(p.d.ntok, 1);
    if (s[b] == '"') {
      assert_int_equal(p.d.tok[0].type, HCC_T_STRING);
      assert_int_equal(p.d.tok[0].start, (int)b + 1);
      assert_int_equal(p.d.tok[0].end, (int)e - 1);
    } else {
      assert_int_equal(p.d.tok[0].type, HCC_T_PRIMITIVE);
      assert_int_equal(p.d.tok[0].start, (int)b);
      assert_int_equal(p.d.tok[0].end, (int)e);
    }
    assert_int_equal(p.d.tok[0].size, 0);
    assert_int_equal(p.d.tok[0].next, 1);
    assert_int_equal(hcc__json_skip(&p.d, 0), 1);
    size_t rn;
    const char *raw = hcc__json_raw(&p.d, 0, &rn);
    assert_ptr_equal(raw, s + b);
    assert_int_equal(rn, e - b);
    assert_int_equal(hcc__json_is_null(&p.d, 0), s[b] == 'n');
    done(&p);
  }
}

static void test_parse_errors(void **state) {
  (void)state;
  /* invalid input: the validator's error, and no workspace is taken */
  static const struct { const char *in; int code; size_t off; } c[] = {
      {"[1,]", HCC_E_SYNTAX, 3}, {"", HCC_E_EMPTY, 0},     {"[1", HCC_E_TRUNCATED, 2},
      {"tru", HCC_E_LITERAL, 3}, {"01", HCC_E_NUMBER, 1},  {"[] 1", HCC_E_TRAILING, 3},
  };
  for (size_t i = 0; i < N(c); i++) {
    char mem[256];
    hcc_arena a;
    hcc_doc d;
    hcc_error err;
    hcc__arena_init(&a, mem, sizeof mem);
    size_t need0 = a.need;
    assert_int_equal(hcc__json_parse(&d, c[i].in, strlen(c[i].in), &a, &err), c[i].code);
    assert_int_equal(err.offset, c[i].off);
    assert_int_equal(a.used, 0);
    assert_int_equal(a.need, need0);
  }
}

static void test_parse_workspace(void **state) {
  (void)state;
  const char *s = "[1,2,3,{\"a\":\"b\"}]"; /* 7 tokens */
  size_t cost = hcc__arena_cost(7 * sizeof(hcc_tok));
  hcc_doc d;
  hcc_error err;
  hcc_arena a;
  /* 16-byte aligned memory of exactly the cost is enough */
  _Alignas(16) unsigned char mem[512];
  hcc__arena_init(&a, mem, cost);
  assert_int_equal(hcc__json_parse(&d, s, strlen(s), &a, &err), HCC_OK);
  assert_int_equal(d.ntok, 7);
  assert_ptr_equal(d.tok, mem);
  /* one 16-byte step less is not */
  hcc__arena_init(&a, mem, cost - 16);
  assert_int_equal(hcc__json_parse(&d, s, strlen(s), &a, &err), HCC_E_WORKSPACE);
  assert_int_equal(err.code, HCC_E_WORKSPACE);
  assert_int_equal(err.offset, 0);
  /* a NULL arena measures */
  hcc__arena_init(&a, NULL, 0);
  assert_int_equal(hcc__json_parse(&d, s, strlen(s), &a, &err), HCC_E_WORKSPACE);
  assert_int_equal(a.need, 15 + cost);
  /* misaligned memory of cost + 15 is always enough */
  for (int off = 0; off < 16; off++) {
    hcc__arena_init(&a, mem + off, cost + 15);
    assert_int_equal(hcc__json_parse(&d, s, strlen(s), &a, &err), HCC_OK);
    assert_int_equal((uintptr_t)d.tok % 16, 0);
  }
}

/* ---- look-ups -------------------------------------------------------------- */

static void test_get(void **state) {
  (void)state;
  parsed p;
  const char *s =
      "{\"role\": \"user\", \"\\u0072ole\": \"tool\", \"content\": null,"
      " \"nested\": {\"role\": 1}, \"arr\": [\"role\"], \"r\\u00e9\": 2, \"\": 3,"
      " \"\\ud83d\\ude00\": 4, \"\\ud800\": 5}";
  parse_ok(&p, s);
  const hcc_doc *d = &p.d;
  /* duplicate (escaped) key: the last one wins, as in json.loads */
  int v = hcc__json_get(d, 0, "role");
  assert_true(v > 0);
  assert_true(hcc__json_str_eq(d, v, "tool", 4));
  v = hcc__json_get(d, 0, "content");
  assert_true(hcc__json_is_null(d, v));
  v = hcc__json_get(d, 0, "nested");
  assert_int_equal(d->tok[v].type, HCC_T_OBJECT);
  int inner = hcc__json_get(d, v, "role");
  assert_int_equal(d->tok[inner].type, HCC_T_PRIMITIVE);
  assert_false(hcc__json_is_null(d, inner));
  assert_int_equal(hcc__json_get(d, 0, "missing"), -1);
  assert_int_equal(hcc__json_get(d, 0, "rol"), -1);
  assert_int_equal(hcc__json_get(d, 0, "roles"), -1);
  /* only keys are found, never values or array elements */
  assert_int_equal(hcc__json_get(d, 0, "user"), -1);
  /* not an object */
  int arr = hcc__json_get(d, 0, "arr");
  assert_int_equal(hcc__json_get(d, arr, "role"), -1);
  assert_int_equal(hcc__json_get(d, arr + 1, "role"), -1);
  /* decoded comparison of non-ASCII and empty keys */
  v = hcc__json_get(d, 0, "r\xc3\xa9");
  assert_memory_equal(d->text + d->tok[v].start, "2", 1);
  v = hcc__json_get(d, 0, "");
  assert_memory_equal(d->text + d->tok[v].start, "3", 1);
  v = hcc__json_get(d, 0, "\xf0\x9f\x98\x80");
  assert_memory_equal(d->text + d->tok[v].start, "4", 1);
  v = hcc__json_get(d, 0, "\xed\xa0\x80"); /* WTF-8 of the lone surrogate */
  assert_memory_equal(d->text + d->tok[v].start, "5", 1);
  check_tree(d);
  done(&p);
}

static void test_str_eq(void **state) {
  (void)state;
  /* each string token decodes to exactly want[i] */
  static const struct { const char *json; const char *want; size_t wlen; } c[] = {
      {"\"\"", "", 0},
      {"\"abc\"", "abc", 3},
      {"\"a\\\"b\"", "a\"b", 3},
      {"\"\\\\\\/\\b\\f\\n\\r\\t\"", "\\/\b\f\n\r\t", 7},
      {"\"\\u0041\\u00e9\\u20ac\"", "A\xc3\xa9\xe2\x82\xac", 6},
      {"\"\\u00e9\\u00e9\"", "\xc3\xa9\xc3\xa9", 4},
      {"\"\\u0041\\u0800\"", "A\xe0\xa0\x80", 4},
      {"\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80", 4},
      {"\"x\\ud83d\\ude00y\"", "x\xf0\x9f\x98\x80y", 6},
      {"\"\\ud800\"", "\xed\xa0\x80", 3},
      {"\"\\ud800\\u0041\"", "\xed\xa0\x80" "A", 4},
      {"\"\\udc00\\ud800\"", "\xed\xb0\x80\xed\xa0\x80", 6},
      {"\"\\ud800\\ud800\\udc00\"", "\xed\xa0\x80\xf0\x90\x80\x80", 7},
      {"\"\\u0000\"", "\0", 1},
      {"\"caf\xc3\xa9\\n\"", "caf\xc3\xa9\n", 6},
  };
  for (size_t i = 0; i < N(c); i++) {
    parsed p;
    parse_ok(&p, c[i].json);
    const hcc_doc *d = &p.d;
    if (!hcc__json_str_eq(d, 0, c[i].want, c[i].wlen)) print_error("case %zu: %s\n", i, c[i].json);
    assert_true(hcc__json_str_eq(d, 0, c[i].want, c[i].wlen));
    /* one byte shorter, one byte longer, one byte changed: all differ */
    if (c[i].wlen) assert_false(hcc__json_str_eq(d, 0, c[i].want, c[i].wlen - 1));
    char buf[32];
    memcpy(buf, c[i].want, c[i].wlen);
    buf[c[i].wlen] = 'z';
    assert_false(hcc__json_str_eq(d, 0, buf, c[i].wlen + 1));
    for (size_t k = 0; k < c[i].wlen; k++) {
      memcpy(buf, c[i].want, c[i].wlen);
      buf[k] ^= 0x01;
      assert_false(hcc__json_str_eq(d, 0, buf, c[i].wlen));
    }
    /* the decoder agrees */
    char dec[32];
    size_t n = hcc__json_decode(d->text + d->tok[0].start,
                                (size_t)(d->tok[0].end - d->tok[0].start), dec);
    assert_int_equal(n, c[i].wlen);
    assert_memory_equal(dec, c[i].want, n);
    done(&p);
  }
  /* a body whose raw bytes are the wanted text, which holds a backslash:
   * "\n" decodes to a newline, not to backslash-n, and "\\" to one
   * backslash */
  {
    parsed q;
    parse_ok(&q, "[\"\\n\", \"\\\\\"]");
    assert_false(hcc__json_str_eq(&q.d, 1, "\\n", 2));
    assert_true(hcc__json_str_eq(&q.d, 1, "\n", 1));
    assert_false(hcc__json_str_eq(&q.d, 2, "\\\\", 2));
    assert_true(hcc__json_str_eq(&q.d, 2, "\\", 1));
    done(&q);
  }
  /* non-string tokens are never equal to anything */
  parsed p;
  parse_ok(&p, "[1, null, [], {}]");
  for (int i = 0; i < p.d.ntok; i++) {
    assert_false(hcc__json_str_eq(&p.d, i, "1", 1));
    assert_false(hcc__json_str_eq(&p.d, i, "", 0));
  }
  done(&p);
}

static void test_raw_and_null(void **state) {
  (void)state;
  parsed p;
  const char *s = "[\"a\\nb\", -1.5e3, null, nul\x6c, true, {\"k\": []}]";
  /* "nul\x6c" is just "null" spelled with an escape in C */
  parse_ok(&p, s);
  const hcc_doc *d = &p.d;
  static const char *const raw[] = {NULL, "\"a\\nb\"", "-1.5e3", "null", "null", "true",
                                    "{\"k\": []}", "\"k\"", "[]"};
  size_t n;
  const char *r = hcc__json_raw(d, 0, &n);
  assert_ptr_equal(r, s);
  assert_int_equal(n, strlen(s));
  for (int i = 1; i < d->ntok; i++) {
    r = hcc__json_raw(d, i, &n);
    assert_int_equal(n, strlen(raw[i]));
    assert_memory_equal(r, raw[i], n);
  }
  assert_false(hcc__json_is_null(d, 0));
  assert_false(hcc__json_is_null(d, 1));
  assert_false(hcc__json_is_null(d, 2));
  assert_true(hcc__json_is_null(d, 3));
  assert_true(hcc__json_is_null(d, 4));
  assert_false(hcc__json_is_null(d, 5));
  done(&p);
  /* a string "null" is not null */
  parse_ok(&p, "[\"null\", \"n\"]");
  assert_false(hcc__json_is_null(&p.d, 1));
  assert_false(hcc__json_is_null(&p.d, 2));
  done(&p);
}

/* ---- jsmn agreement ----------------------------------------------------- */

static void test_jsmn_count_handwritten(void **state) {
  (void)state;
  static const char *const docs[] = {
      "[]", "{}", "[[]]", "[{}]", "[1,2,3]", "{\"a\":1}", "{\"a\":{\"b\":[1,{\"c\":null}]}}",
      "[\"a\",\"b\\\"]\",\"{\"]", "{\"\":\"\",\"x\":[true,false,null]}", " [ 1 , 2 ] ",
      "[\"\\u005d\\u007d\"]", "{\"a\":[],\"b\":{},\"c\":[[]]}", "[-0,1e5,2.5E-3]",
      "{\"k\":\"\xf0\x9f\x98\x80\",\"\\ud800\":\"\\ud83d\\ude00\"}", "[[[[[[[[[[1]]]]]]]]]]",
  };
  for (size_t i = 0; i < N(docs); i++) {
    hcc_json_info info;
    size_t n = strlen(docs[i]);
    assert_int_equal(hcc_json_validate(docs[i], n, &info, NULL), HCC_OK);
    assert_int_equal(jsmn_count(docs[i], n), (int)info.tokens);
    parsed p;
    parse_ok(&p, docs[i]);
    assert_int_equal(p.d.ntok, (int)info.tokens);
    check_tree(&p.d);
    same_as_jsmn(&p.d, docs[i], n);
    done(&p);
  }
}

/* Deterministic generator of random valid JSON. */
typedef struct {
  uint64_t s;
  unit_text t;
} gen;

static uint32_t rnd(gen *g) {
  g->s ^= g->s << 13;
  g->s ^= g->s >> 7;
  g->s ^= g->s << 17;
  return (uint32_t)(g->s >> 11);
}

static void put(gen *g, const char *s, size_t n) { unit_put(&g->t, s, n); }
static void puts_(gen *g, const char *s) { unit_puts(&g->t, s); }

static void ws(gen *g) {
  static const char *const w[] = {"", "", "", " ", "\n", "\t", "\r\n  "};
  puts_(g, w[rnd(g) % N(w)]);
}

static void gen_string(gen *g) {
  static const char *const pieces[] = {
      "a", "Z", " ", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000",
      "\\u00e9", "\\u20AC", "\\ud83d\\ude00", "\\ud800", "\\udfff", "\xc3\xa9", "\xe2\x82\xac",
      "\xf0\x9f\x98\x80", "\x7f", "{", "}", "[", "]", ",", ":", "'", "1", "true"};
  put(g, "\"", 1);
  int k = (int)(rnd(g) % 6);
  for (int i = 0; i < k; i++) puts_(g, pieces[rnd(g) % N(pieces)]);
  put(g, "\"", 1);
}

static void gen_value(gen *g, int depth) {
  static const char *const scalars[] = {"0",    "-0",  "1",     "-12",   "3.25", "1e9",
                                        "2E-3", "-0.0e+0", "true", "false", "null", "123456789"};
  uint32_t r = rnd(g) % 10;
  if (depth > 6 && r < 4) r = 4 + r;
  if (r < 2) {
    put(g, "[", 1);
    ws(g);
    int k = (int)(rnd(g) % 5);
    for (int i = 0; i < k; i++) {
      if (i) { ws(g); put(g, ",", 1); ws(g); }
      gen_value(g, depth + 1);
    }
    ws(g);
    put(g, "]", 1);
  } else if (r < 4) {
    put(g, "{", 1);
    ws(g);
    int k = (int)(rnd(g) % 5);
    for (int i = 0; i < k; i++) {
      if (i) { ws(g); put(g, ",", 1); ws(g); }
      /* keys on the word list (words.h), plain, escaped and long, and
       * near misses; a "role" (or "from") key's value is often a role
       * name (or a trajectory's speaker) */
      static const char *const listed[] = {
          "\"role\"", "\"\\u0072ole\"", "\"rolf\"", "\"content\"", "\"tool_call_id\"",
          "\"_compressed_summary\"", "\"_compressed_summary_has_user_turn\"",
          "\"\\u005fcompressed_summary\"", "\"Role\"", "\"id\"", "\"call_id\"",
          "\"\\u0069d\"", "\"from\"", "\"fro\""};
      /* an id key's value often repeats one of a few ids (links,
       * id_token), spelt plain or escaped */
      static const char *const ids[] = {"\"call_1\"", "\"call_2\"", "\"c\\u0061ll_1\"", "\"\"",
                                        "\"\\u00e9\"", "\"\xc3\xa9\""};
      static const char *const roles[] = {"\"user\"", "\"assistant\"", "\"\\u0075ser\"", "\"tool\"",
                                          "\"system\"", "\"users\"", "\"role\"", "\"\"",
                                          "\"human\"", "\"gpt\"", "\"g\\u0070t\"", "\"gpt4\""};
      uint32_t kk = rnd(g) % 12;
      int role = 0, id = 0;
      if (kk < 2) puts_(g, "\"arguments\"");
      else if (kk == 2) puts_(g, "\"name\"");
      else if (kk == 3) puts_(g, "\"n\\u0061me\"");
      else if (kk >= 8) {
        uint32_t w = rnd(g) % N(listed);
        puts_(g, listed[w]);
        role = w < 2 || w == 12;
        id = w == 4 || w == 9 || w == 10;
      } else gen_string(g);
      ws(g);
      put(g, ":", 1);
      ws(g);
      if (role && rnd(g) % 2) puts_(g, roles[rnd(g) % N(roles)]);
      else if (id && rnd(g) % 4) puts_(g, ids[rnd(g) % N(ids)]);
      else gen_value(g, depth + 1);
    }
    ws(g);
    put(g, "}", 1);
  } else if (r < 7) {
    gen_string(g);
  } else {
    puts_(g, scalars[rnd(g) % N(scalars)]);
  }
}

/* The validator's shape facts recomputed from the token tree: a value's
 * depth is its count of container ancestors (a key is the child of an
 * object, a member value the child of its key). */
static void check_facts(const hcc_doc *d, const hcc_json_info *info) {
  size_t d12 = 0, d34 = 0, deep = 0, deep_w = 0, deep_x = 0, maxmsg = 0, maxmsg_toks = 0, names = 0, args = 0, args_toks = 0, odd = 0;
  size_t msg_depth = d->tok[0].type == HCC_T_OBJECT ? 2 : 1;
  int *par = parents_of(d);
  for (int i = 0; i < d->ntok; i++) {
    const hcc_tok *k = &d->tok[i];
    /* \u escapes (a pair once) and \/ escapes, keys included */
    for (int b = k->start; k->type == HCC_T_STRING && b < k->end; b++) {
      if (d->text[b] != '\\') continue;
      char e = d->text[b + 1];
      odd += e == '/' || e == 'u';
      if (e == 'u' && b + 11 < k->end && d->text[b + 6] == '\\' && d->text[b + 7] == 'u' &&
          strchr("dD", d->text[b + 2]) && strchr("89abAB", d->text[b + 3]) && strchr("dD", d->text[b + 8]) &&
          strchr("cdefCDEF", d->text[b + 9]))
        b += 6; /* the low half of a pair */
      b++; /* the escaped character */
    }
    if (par[i] >= 0 && d->tok[par[i]].type == HCC_T_OBJECT) continue; /* a key */
    size_t depth = 0;
    for (int p = par[i]; p >= 0; p = par[p])
      depth += d->tok[p].type == HCC_T_OBJECT || d->tok[p].type == HCC_T_ARRAY;
    size_t raw = (size_t)(k->end - k->start) + (k->type == HCC_T_STRING ? 2 : 0);
    int element = par[i] >= 0 && d->tok[par[i]].type == HCC_T_ARRAY;
    if (element && (depth == 1 || depth == 2)) d12++;
    if (element && (depth == 3 || depth == 4)) d34++;
    if (depth == msg_depth) {
      if (raw > maxmsg) maxmsg = raw;
      size_t toks = (size_t)(hcc__json_skip(d, i) - i);
      if (toks > maxmsg_toks) maxmsg_toks = toks;
    }
    if (depth >= 2 && (k->type == HCC_T_OBJECT || k->type == HCC_T_ARRAY) && raw > deep) deep = raw;
    if (depth == 2 && (k->type == HCC_T_OBJECT || k->type == HCC_T_ARRAY)) { /* holds every deeper one */
      size_t w = 0;
      for (int b = k->start; b < k->end; b++) w += unit_weight_of((unsigned char)d->text[b]);
      if (w > deep_w) deep_w = w;
      if (w - raw > deep_x) deep_x = w - raw;
    }
    if (k->type == HCC_T_STRING && par[i] >= 0 && hcc__json_str_eq(d, par[i], "name", 4))
      names += raw - 2;
    if (k->type == HCC_T_STRING && par[i] >= 0 && hcc__json_str_eq(d, par[i], "arguments", 9)) {
      args += raw - 2;
      size_t t = 1;
      for (int b = k->start; b < k->end; b++)
        t += (strchr("[{,:", d->text[b]) != NULL && d->text[b]) || (d->text[b] == '\\' && d->text[b + 1] == 'u');
      if (t > args_toks) args_toks = t;
    }
  }
  free(par);
  assert_int_equal(info->elements_d12, d12);
  assert_int_equal(info->elements_d34, d34);
  assert_int_equal(info->max_message, maxmsg);
  assert_int_equal(info->max_message_tokens, maxmsg_toks);
  assert_int_equal(info->max_deep_container, deep);
  assert_int_equal(info->max_deep_weight, deep_w);
  assert_int_equal(info->max_deep_excess, deep_x);
  assert_int_equal(info->name_bytes, names);
  assert_int_equal(info->arguments_bytes, args);
  assert_int_equal(info->max_arguments_tokens, args_toks);
  assert_int_equal(info->odd_escapes, odd);
}

/* The scan's tags (words.h), recomputed from the text and the span-derived
 * tree: a key's word (escaped when it has a backslash), the same for the
 * string value of a "role" or escaped key, a primitive's first byte. */
static int word_of_body(const hcc_doc *d, int i) {
  const char *b = d->text + d->tok[i].start;
  size_t n = (size_t)(d->tok[i].end - d->tok[i].start);
  if (memchr(b, '\\', n)) return HCC_W_ESCAPED;
  for (int w = 1; w < HCC_W__COUNT; w++)
    if (strlen(hcc__word_names[w]) == n && memcmp(hcc__word_names[w], b, n) == 0) return w;
  return HCC_W_OTHER;
}

/* json.loads's d.get(key) by decoding every key, the last one winning. */
static int naive_get(const hcc_doc *d, int obj, const char *key) {
  char buf[256];
  int found = -1, j = obj + 1;
  if (d->tok[obj].type != HCC_T_OBJECT) return -1;
  for (int m = 0; m < d->tok[obj].size; m++, j = hcc__json_skip(d, j + 1)) {
    size_t n = (size_t)(d->tok[j].end - d->tok[j].start);
    if (n >= sizeof buf) continue; /* longer than any probe even decoded */
    size_t k = hcc__json_decode(d->text + d->tok[j].start, n, buf);
    if (k == strlen(key) && memcmp(buf, key, k) == 0) found = j + 1;
  }
  return found;
}

static int word_of_body_str(const char *s) {
  for (int w = 1; w < HCC_W__COUNT; w++)
    if (strcmp(hcc__word_names[w], s) == 0) return w;
  return HCC_W_OTHER;
}

/* An id value holds either its own hash or a link to an earlier id
 * value, itself hashed, spelt byte for byte the same; the hash it answers
 * is its text's.  Returns the tag it has when that holds. */
static int check_id(const hcc_doc *d, const int *par, int i) {
  const hcc_tok *k = &d->tok[i];
  size_t n = (size_t)(k->end - k->start);
  uint32_t h = hcc__jstr_hash_raw(d->text + k->start, n);
  assert_int_equal(hcc__jstr_hash(d, i), h);
  if (k->tag == HCC_W_HASHED) {
    assert_int_equal((uint32_t)k->size, h);
    return HCC_W_HASHED;
  }
  int r = k->size;
  assert_true(r >= 0 && r < i);
  assert_true(is_id_value(d, par, r));
  assert_int_equal(d->tok[r].tag, HCC_W_HASHED);
  assert_int_equal(d->tok[r].end - d->tok[r].start, (int)n);
  assert_memory_equal(d->text + d->tok[r].start, d->text + k->start, n);
  assert_true(hcc__jstr_eq(d, r, i));
  return HCC_W_LINKED;
}

static void check_tags(const hcc_doc *d) {
  static const char *const probes[] = {"role", "content", "name", "arguments", "rolf", "Role", "id",
                                       "_compressed_summary", "_compressed_summary_has_user_turn",
                                       "tool_call_id", "a", "", "users"};
  int *par = parents_of(d);
  for (int i = 0; i < d->ntok; i++) {
    const hcc_tok *k = &d->tok[i];
    int want = 0;
    int is_key = i && d->tok[par[i]].type == HCC_T_OBJECT;
    if (k->type == HCC_T_PRIMITIVE) want = (unsigned char)d->text[k->start];
    else if (k->type == HCC_T_STRING && is_key) want = word_of_body(d, i);
    else if (k->type == HCC_T_STRING && i && d->tok[par[i]].type == HCC_T_STRING &&
             (d->tok[par[i]].tag == HCC_W_ROLE || d->tok[par[i]].tag == HCC_W_FROM ||
              d->tok[par[i]].tag == HCC_W_ESCAPED))
      want = word_of_body(d, i);
    else if (is_id_value(d, par, i))
      want = check_id(d, par, i);
    if (k->tag != want) print_error("token %d: tag %d, want %d\n", i, k->tag, want);
    assert_int_equal(k->tag, want);
    if (k->type != HCC_T_OBJECT) continue;
    for (size_t p = 0; p < N(probes); p++) {
      int got = hcc__json_get(d, i, probes[p]), naive = naive_get(d, i, probes[p]);
      if (got != naive) print_error("object %d, key \"%s\": %d, want %d\n", i, probes[p], got, naive);
      assert_int_equal(got, naive);
      int w = word_of_body_str(probes[p]);
      if (w == HCC_W_OTHER) continue;
      unsigned char words[1] = {(unsigned char)w};
      int v;
      hcc__json_members_w(d, i, words, 1, &v);
      assert_int_equal(v, naive);
    }
  }
  free(par);
}

/* Python's len() of what the valid JSON string body raw[0..n) decodes to,
 * read a piece at a time: the test's own count, sharing no code with the
 * library's counters.  An escaped surrogate pair is one code point, a
 * lone escaped surrogate one too. */
static unsigned hex_of(const char *p) {
  unsigned u = 0;
  for (int k = 0; k < 4; k++) {
    char c = p[k];
    u = u * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  return u;
}

static size_t ref_cps(const char *raw, size_t n) {
  size_t i = 0, c = 0;
  while (i < n) {
    unsigned char b = (unsigned char)raw[i];
    c++;
    if (b == '\\' && raw[i + 1] == 'u') {
      unsigned hi = hex_of(raw + i + 2);
      int pair = hi >= 0xD800 && hi <= 0xDBFF && i + 12 <= n && raw[i + 6] == '\\' && raw[i + 7] == 'u' &&
                 hex_of(raw + i + 8) >= 0xDC00 && hex_of(raw + i + 8) <= 0xDFFF;
      i += pair ? 12 : 6;
    } else if (b == '\\') {
      i += 2;
    } else {
      size_t k = b < 0x80 ? 1 : hcc_ref_utf8_seq((const unsigned char *)raw, n, i);
      assert_true(k > 0);
      i += k;
    }
  }
  return c;
}

/* A parse for the trajectory ops (HCC_PARSE_CPS): the plain parse's
 * tokens, but every string value's size is its code point count. */
static void check_cps_as(const hcc_doc *plain, const char *s, size_t n, int mode) {
  parsed c;
  assert_int_equal(parse_mode(&c, s, n, mode, NULL), HCC_OK);
  assert_int_equal(c.d.ntok, plain->ntok);
  int *par = parents_of(plain);
  for (int i = 0; i < plain->ntok; i++) {
    const hcc_tok *x = &c.d.tok[i], *y = &plain->tok[i];
    assert_true(x->type == y->type && x->start == y->start && x->end == y->end && x->next == y->next &&
                x->tag == y->tag);
    int value = x->type == HCC_T_STRING && !(i && plain->tok[par[i]].type == HCC_T_OBJECT);
    size_t want = value ? ref_cps(s + x->start, (size_t)(x->end - x->start)) : (size_t)y->size;
    if ((size_t)x->size != want) print_error("token %d: size %d, want %zu\n", i, x->size, want);
    assert_int_equal((size_t)x->size, want);
  }
  free(par);
  done(&c);
}

/* ... with the AVX-512 blocks (where the CPU has them) and without */
static void check_cps(const hcc_doc *plain, const char *s, size_t n) {
  check_cps_as(plain, s, n, HCC_PARSE_CPS);
  check_cps_as(plain, s, n, HCC_PARSE_CPS | HCC_PARSE_NO_AVX512);
}

/* The scan with and without its AVX-512 blocks (where the CPU has them)
 * gives the same answer, error and facts. */
static int validate_both(const char *s, size_t n, hcc_json_info *info) {
  hcc_json_info b;
  hcc_error e1, e2;
  int rc = hcc_json_validate(s, n, info, &e1);
  assert_int_equal(hcc__json_validate_as(s, n, HCC_PARSE_NO_AVX512, &b, &e2), rc);
  if (rc != HCC_OK) {
    assert_int_equal(e1.offset, e2.offset);
    return rc;
  }
  const size_t *x = &info->tokens, *y = &b.tokens; /* every size_t field */
  for (size_t k = 0; k < (offsetof(hcc_json_info, root) - offsetof(hcc_json_info, tokens)) / sizeof(size_t); k++)
    assert_int_equal(x[k], y[k]);
  assert_int_equal(info->root, b.root);
  return rc;
}

/* The tokens of two parses of one text are the same, field by field. */
static void same_tokens(const hcc_doc *a, const hcc_doc *b) {
  assert_int_equal(a->ntok, b->ntok);
  for (int i = 0; i < a->ntok; i++) {
    const hcc_tok *x = &a->tok[i], *y = &b->tok[i];
    assert_true(x->type == y->type && x->start == y->start && x->end == y->end && x->size == y->size &&
                x->next == y->next && x->tag == y->tag);
  }
}

static void check_agreement(const char *s, size_t n) {
  hcc_json_info info;
  if (validate_both(s, n, &info) != HCC_OK) return;
  /* jsmn agrees on the count (except on a bare primitive root, see
   * test_parse_scalar_roots) */
  size_t b = 0;
  while (b < n && is_blank(s[b])) b++;
  if (s[b] == '[' || s[b] == '{' || s[b] == '"') assert_int_equal(jsmn_count(s, n), (int)info.tokens);
  parsed p;
  hcc_error err;
  int rc = parse(&p, s, n, &err);
  if (rc != HCC_OK) print_error("%.*s: %s %s\n", (int)n, s, hcc_error_name(rc), err.message);
  assert_int_equal(rc, HCC_OK);
  assert_int_equal(p.d.ntok, (int)info.tokens);
  check_tree(&p.d);
  if (s[b] == '[' || s[b] == '{' || s[b] == '"') same_as_jsmn(&p.d, s, n);
  check_facts(&p.d, &info);
  check_tags(&p.d);
  assert_int_equal(info.root, (unsigned char)s[b]);
  /* a plain parse: the same tokens, but an id value is a plain string */
  parsed q;
  assert_int_equal(parse_mode(&q, s, n, HCC_PARSE_PLAIN, NULL), HCC_OK);
  assert_int_equal(q.d.ntok, p.d.ntok);
  int *par = parents_of(&p.d);
  for (int i = 0; i < p.d.ntok; i++) {
    const hcc_tok *x = &p.d.tok[i], *y = &q.d.tok[i];
    int id = is_id_value(&p.d, par, i);
    assert_true(x->type == y->type && x->start == y->start && x->end == y->end && x->next == y->next);
    assert_int_equal(y->size, id ? 0 : x->size);
    assert_int_equal(y->tag, id ? 0 : x->tag);
  }
  free(par);
  check_cps(&q.d, s, n);
  /* the scans without AVX-512 write the same tokens */
  parsed w;
  assert_int_equal(parse_mode(&w, s, n, HCC_PARSE_IDS | HCC_PARSE_NO_AVX512, NULL), HCC_OK);
  same_tokens(&p.d, &w.d);
  done(&w);
  assert_int_equal(parse_mode(&w, s, n, HCC_PARSE_PLAIN | HCC_PARSE_NO_AVX512, NULL), HCC_OK);
  same_tokens(&q.d, &w.d);
  done(&w);
  done(&q);
  done(&p);
}

static void test_random_valid(void **state) {
  (void)state;
  gen g = {0x9e3779b97f4a7c15ull, {NULL, 0, 0}};
  for (int it = 0; it < 3000; it++) {
    g.t.n = 0;
    ws(&g);
    gen_value(&g, it % 3 == 0 ? 7 : 0);
    ws(&g);
    hcc_json_info info;
    hcc_error err;
    int rc = hcc_json_validate(g.t.buf, g.t.n, &info, &err);
    if (rc != HCC_OK)
      print_error("%.*s: %s at %zu\n", (int)g.t.n, g.t.buf, hcc_error_name(rc), err.offset);
    assert_int_equal(rc, HCC_OK);
    check_agreement(g.t.buf, g.t.n);
  }
  free(g.t.buf);
}

/* HCC_PARSE_CPS on long strings: the scan counts a long body 64 bytes a
 * step as it validates it, so the pieces that change the count (escapes,
 * \u escapes, pairs, lone surrogates, multi-byte characters) are put at
 * every offset from a block boundary, in strings of 0 to 700 bytes that
 * start at every alignment, with fewer than 64 bytes left after some of
 * them (the byte scan ends those). */
static void test_cps_long_strings(void **state) {
  (void)state;
  static const char *const pieces[] = {
      "a", "bcdefgh", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u001b", "\\u00e9", "\\ud83d\\ude00",
      "\\ud800", "\\udfff", "\\ud800\\ud800", "\\ud83d\\u0041", "\xc3\xa9", "\xe2\x82\xac",
      "\xf0\x9f\x98\x80", "\xe4\xb8\xad\xe6\x96\x87"};
  gen g = {0x6a09e667f3bcc908ull, {NULL, 0, 0}};
  size_t counted = 0;
  for (int it = 0; it < 4000; it++) {
    g.t.n = 0;
    puts_(&g, "[");
    for (int pad = (int)(rnd(&g) % 64); pad > 0; pad--) puts_(&g, " ");
    int strings = 1 + (int)(rnd(&g) % 3);
    for (int k = 0; k < strings; k++) {
      if (k) puts_(&g, rnd(&g) % 2 ? ", " : ", {\"key\": ");
      int in_obj = k && g.t.buf[g.t.n - 1] == ' ' && g.t.buf[g.t.n - 2] == ':';
      puts_(&g, "\"");
      size_t start = g.t.n, len = rnd(&g) % 700;
      while (g.t.n - start < len) puts_(&g, pieces[rnd(&g) % N(pieces)]);
      puts_(&g, "\"");
      if (in_obj) puts_(&g, "}");
      counted += g.t.n - start;
    }
    puts_(&g, "]");
    parsed p;
    assert_int_equal(parse_mode(&p, g.t.buf, g.t.n, HCC_PARSE_PLAIN, NULL), HCC_OK);
    check_cps(&p.d, g.t.buf, g.t.n);
    done(&p);
  }
  assert_true(counted > 4000 * 300); /* the strings really were long */
  free(g.t.buf);
}

/* Mutations: whatever the validator still accepts must tokenize. */
static void test_random_mutations(void **state) {
  (void)state;
  static const char alphabet[] = "[]{}\",:\\ 0123-.eEtrufalsn\x01\x80\xc3";
  gen g = {0x1234567887654321ull, {NULL, 0, 0}};
  char *m = malloc(1);
  size_t accepted = 0;
  for (int it = 0; it < 20000; it++) {
    g.t.n = 0;
    gen_value(&g, 3);
    size_t n = g.t.n;
    m = realloc(m, n + 2);
    memcpy(m, g.t.buf, n);
    int kind = (int)(rnd(&g) % 3);
    size_t at = rnd(&g) % (n + 1);
    char c = alphabet[rnd(&g) % (sizeof alphabet - 1)];
    if (kind == 0 && at < n) m[at] = c;                        /* replace */
    else if (kind == 1) { memmove(m + at + 1, m + at, n - at); m[at] = c; n++; } /* insert */
    else if (at < n) { memmove(m + at, m + at + 1, n - at - 1); n--; }          /* delete */
    if (n == 0) continue;
    if (hcc_json_validate(m, n, NULL, NULL) == HCC_OK) accepted++;
    check_agreement(m, n);
  }
  /* many mutations stay valid (e.g. a digit for a digit), so the check
   * above really ran */
  assert_true(accepted > 1000);
  free(m);
  free(g.t.buf);
}

/* HCC_PARSE_CPS on short strings: a body closed within its first sixteen
 * bytes with no backslash is counted by its bytes that start a code
 * point.  Every body of up to 15 bytes made of 1- to 4-byte characters
 * (and some with an escape, which take the other count), as a string
 * value, with more text after it and as the last bytes of the input. */
static void test_cps_short_strings(void **state) {
  (void)state;
  static const char *const chars[] = {"a", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\\n"};
  gen g = {0xbb67ae8584caa73bull, {NULL, 0, 0}};
  for (int it = 0; it < 6000; it++) {
    char body[32];
    size_t n = 0, want = (size_t)(it % 16);
    while (n < want) {
      const char *c = chars[rnd(&g) % (it % 3 ? 4 : 5)]; /* two in three without escapes */
      size_t k = strlen(c);
      if (n + k > want) break;
      memcpy(body + n, c, k);
      n += k;
    }
    g.t.n = 0;
    puts_(&g, "[\"");
    for (size_t k = 0; k < n; k++) {
      char one[2] = {body[k], 0};
      puts_(&g, one);
    }
    puts_(&g, it % 2 ? "\"]" : "\", \"tail of the document, sixteen bytes and more\"]");
    parsed p;
    assert_int_equal(parse_mode(&p, g.t.buf, g.t.n, HCC_PARSE_CPS, NULL), HCC_OK);
    size_t cps = ref_cps(g.t.buf + p.d.tok[1].start, (size_t)(p.d.tok[1].end - p.d.tok[1].start));
    assert_int_equal((size_t)p.d.tok[1].size, cps);
    done(&p);
  }
  free(g.t.buf);
}

/* max_arguments_tokens bounds the tokens of what an "arguments" string
 * decodes to: random JSON documents are written as the string value of an
 * "arguments" member, every character escaped as \uXXXX with probability
 * 1/4 (so '[', '{', ',' and ':' come spelled too), and the document the
 * string decodes to never has more tokens than the bound. */
static void test_arguments_tokens_bound(void **state) {
  (void)state;
  gen g = {0x2545f4914f6cdd1dull, {NULL, 0, 0}}, w = {0x853c49e6748fea9bull, {NULL, 0, 0}};
  size_t tight = 0;
  for (int it = 0; it < 3000; it++) {
    g.t.n = 0;
    gen_value(&g, it % 3 == 0 ? 6 : 0);
    w.t.n = 0;
    puts_(&w, "{\"arguments\": \"");
    for (size_t i = 0; i < g.t.n; i++) {
      unsigned char c = (unsigned char)g.t.buf[i];
      char e[8];
      if (c == '"' || c == '\\' || c < 0x20 || (c < 0x80 && rnd(&w) % 4 == 0)) {
        snprintf(e, sizeof e, "\\u%04x", c);
        puts_(&w, e);
      } else {
        put(&w, (const char *)&c, 1);
      }
    }
    puts_(&w, "\"}");
    hcc_json_info outer, inner;
    assert_int_equal(hcc_json_validate(w.t.buf, w.t.n, &outer, NULL), HCC_OK);
    assert_int_equal(hcc_json_validate(g.t.buf, g.t.n, &inner, NULL), HCC_OK);
    assert_true(inner.tokens <= outer.max_arguments_tokens);
    tight += inner.tokens * 2 > outer.max_arguments_tokens;
  }
  assert_true(tight > 100); /* the bound is near the count, not only above it */
  free(g.t.buf);
  free(w.t.buf);
}

/* The scan's ids (id_token): a result's id links to its call's; an id
 * spelt with an escape is hashed on its own and still equals the call's;
 * two ids whose hashes collide are not linked and differ. */
static int by_hash(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The value of an "arguments" key, in a document of the given mode: its
 * token's size. */
static int args_size(const char *key, const char *body, int mode) {
  size_t n = strlen(body) + strlen(key) + 16;
  char *s = malloc(n);
  assert_non_null(s);
  snprintf(s, n, "{\"%s\": \"%s\"}", key, body);
  parsed p;
  assert_int_equal(parse_mode(&p, s, strlen(s), mode, NULL), HCC_OK);
  assert_int_equal(p.d.tok[2].type, HCC_T_STRING);
  int size = p.d.tok[2].size;
  done(&p);
  free(s);
  return size;
}

/* A string of n copies of unit. */
static char *repeat(const char *unit, size_t n) {
  size_t u = strlen(unit);
  char *s = malloc(u * n + 1);
  assert_non_null(s);
  for (size_t i = 0; i < n; i++) memcpy(s + u * i, unit, u);
  s[u * n] = 0;
  return s;
}

/* The scan tells whether an "arguments" string has more than
 * HCC_ARGS_GATE code points (pass 3's question, hcc__args_selected):
 * size HCC_ARGS_GATE + 1 when it has, 0 when not; under HCC_PARSE_CPS the
 * size is the whole count, which answers the same question. */
static void test_arguments_gate_counted(void **state) {
  (void)state;
  char *x501 = repeat("x", 501), *x500 = repeat("x", 500), *e100 = repeat("\\u00e9", 100);
  char *cjk1000 = repeat("\xe4\xb8\x80", 1000), *pairs = repeat("\\ud83d\\ude00", 60);
  assert_int_equal(args_size("arguments", x501, HCC_PARSE_IDS), HCC_ARGS_GATE + 1);
  assert_int_equal(args_size("arguments", x500, HCC_PARSE_IDS), 0);       /* its bytes do not pass */
  assert_int_equal(args_size("arguments", e100, HCC_PARSE_IDS), 0);       /* 600 bytes, 100 code points */
  assert_int_equal(args_size("arguments", pairs, HCC_PARSE_PLAIN), 0);    /* 720 bytes, 60 pairs */
  assert_int_equal(args_size("\\u0061rguments", x501, HCC_PARSE_IDS), HCC_ARGS_GATE + 1); /* the key decoded */
  assert_int_equal(args_size("argument", x501, HCC_PARSE_IDS), 0);        /* another key */
  assert_int_equal(args_size("arguments", cjk1000, HCC_PARSE_CPS), 1000); /* counted whole */
  assert_int_equal(args_size("arguments", cjk1000, HCC_PARSE_IDS), HCC_ARGS_GATE + 1);
  free(x501), free(x500), free(e100), free(cjk1000), free(pairs);
  /* random bodies around the gate: the answer agrees with the whole count
   * the scan's other path makes (HCC_PARSE_CPS, counted as the long run
   * reads) */
  static const char *units[] = {"a", "\\n", "\\u00e9", "\xc3\xa9", "\xe4\xb8\x80", "\\ud83d\\ude00",
                                "\xf0\x9f\x98\x80", "\\\"", "\\ud800"};
  uint64_t r = 0x9e3779b97f4a7c15u;
  char body[4000];
  for (int t = 0; t < 3000; t++) {
    size_t n = 0, want = 450 + (size_t)(t % 300);
    while (n < want) {
      r = r * 6364136223846793005u + 1442695040888963407u;
      const char *u = units[(r >> 33) % (sizeof units / sizeof *units)];
      memcpy(body + n, u, strlen(u));
      n += strlen(u);
    }
    body[n] = 0;
    int size = args_size("arguments", body, HCC_PARSE_IDS), cps = args_size("arguments", body, HCC_PARSE_CPS);
    assert_int_equal(size, cps > HCC_ARGS_GATE ? HCC_ARGS_GATE + 1 : 0);
  }
}

static void test_id_links(void **state) {
  (void)state;
  parsed p;
  const char *s = "[{\"tool_calls\": [{\"id\": \"call_1\"}, {\"id\": \"call_2\"}]},"
                  " {\"tool_call_id\": \"call_2\"}, {\"tool_call_id\": \"call_1\"},"
                  " {\"call_id\": \"c\\u0061ll_1\"}, {\"idx\": \"call_1\"}]";
  parse_ok(&p, s);
  const hcc_doc *d = &p.d;
  int c1 = hcc__json_get(d, 4, "id"), c2 = hcc__json_get(d, 7, "id");
  int r2 = hcc__json_get(d, 10, "tool_call_id"), r1 = hcc__json_get(d, 13, "tool_call_id");
  int esc = hcc__json_get(d, 16, "call_id"), other = hcc__json_get(d, 19, "idx");
  assert_true(c1 > 0 && c2 > 0 && r2 > 0 && r1 > 0 && esc > 0 && other > 0);
  assert_int_equal(d->tok[c1].tag, HCC_W_HASHED);
  assert_int_equal(d->tok[c2].tag, HCC_W_HASHED);
  assert_int_equal(d->tok[r2].tag, HCC_W_LINKED);
  assert_int_equal(d->tok[r2].size, c2);
  assert_int_equal(d->tok[r1].tag, HCC_W_LINKED);
  assert_int_equal(d->tok[r1].size, c1);
  assert_int_equal(d->tok[esc].tag, HCC_W_HASHED); /* spelt otherwise */
  assert_int_equal(hcc__jstr_hash(d, esc), hcc__jstr_hash(d, c1));
  assert_true(hcc__jstr_eq(d, esc, r1) && hcc__jstr_eq(d, c1, esc));
  assert_false(hcc__jstr_eq(d, r1, r2));
  assert_int_equal(d->tok[other].tag, HCC_W_OTHER); /* not an id key */
  assert_int_equal(d->tok[other].size, 0);
  assert_true(hcc__jstr_eq(d, other, r1));
  done(&p);
  assert_int_equal(parse_mode(&p, s, strlen(s), HCC_PARSE_PLAIN, NULL), HCC_OK);
  assert_int_equal(p.d.tok[r1].tag, HCC_W_OTHER); /* plain: no hash, no link */
  assert_int_equal(p.d.tok[r1].size, 0);
  assert_true(hcc__jstr_eq(&p.d, c1, r1) && hcc__jstr_eq(&p.d, esc, r1));
  assert_int_equal(hcc__jstr_hash(&p.d, r1), hcc__jstr_hash_raw("call_1", 6));
  done(&p);

  /* two ids of equal hash: found among 2^20 candidates */
  enum { K = 1 << 20 };
  uint64_t *hk = malloc(K * sizeof *hk);
  assert_non_null(hk);
  char a[16], b[16];
  for (uint32_t i = 0; i < K; i++) {
    snprintf(a, sizeof a, "id%07u", (unsigned)i);
    hk[i] = (uint64_t)hcc__jstr_hash_raw(a, strlen(a)) << 32 | i;
  }
  qsort(hk, K, sizeof *hk, by_hash);
  uint32_t i = 0;
  while (i + 1 < K && hk[i] >> 32 != hk[i + 1] >> 32) i++;
  assert_true(i + 1 < K);
  snprintf(a, sizeof a, "id%07u", (unsigned)(uint32_t)hk[i]);
  snprintf(b, sizeof b, "id%07u", (unsigned)(uint32_t)hk[i + 1]);
  free(hk);
  char doc[128];
  snprintf(doc, sizeof doc, "[{\"id\": \"%s\"}, {\"id\": \"%s\"}, {\"id\": \"%s\"}]", a, b, a);
  parse_ok(&p, doc);
  d = &p.d;
  int x = hcc__json_get(d, 1, "id"), y = hcc__json_get(d, 4, "id"), z = hcc__json_get(d, 7, "id");
  assert_int_equal(hcc__jstr_hash(d, x), hcc__jstr_hash(d, y));
  assert_int_equal(d->tok[y].tag, HCC_W_HASHED); /* same hash, other bytes: no link */
  assert_false(hcc__jstr_eq(d, x, y));
  assert_false(hcc__jstr_eq(d, z, y));
  assert_true(hcc__jstr_eq(d, x, z));
  done(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse_basic),
      cmocka_unit_test(test_parse_scalar_roots),
      cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_parse_workspace),
      cmocka_unit_test(test_get),
      cmocka_unit_test(test_str_eq),
      cmocka_unit_test(test_id_links),
      cmocka_unit_test(test_raw_and_null),
      cmocka_unit_test(test_jsmn_count_handwritten),
      cmocka_unit_test(test_random_valid),
      cmocka_unit_test(test_cps_long_strings),
      cmocka_unit_test(test_cps_short_strings),
      cmocka_unit_test(test_arguments_gate_counted),
      cmocka_unit_test(test_arguments_tokens_bound),
      cmocka_unit_test(test_random_mutations),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
