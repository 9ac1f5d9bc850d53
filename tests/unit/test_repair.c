/* test_repair.c -- `hcc repair` (op_repair.c) and the helpers it brought:
 * Python whitespace and truthiness (pyspace.c) and the object rewriter
 * (msg_write.c).
 *
 * Where an expectation is Python behaviour it was produced by running
 * python3 3.11, as each block says: the whitespace table by
 * `tools/gen_cases_repair.py --spaces`, the truthiness and strip() values by
 * bool(x) / `not s.strip()` over json.loads of the same text, and the op's
 * expected bytes by the hermes adapter (tools/hermes_adapter.py, op repair)
 * on the same requests. */
#include "msg_write.h"
#include "pyspace.h"
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers -------------------------------------------------------------- */

typedef struct {
  hcc_doc d;
  hcc_arena a;
  void *mem;
} parsed;

static void parse_ok(parsed *p, const char *s, size_t scratch) {
  hcc_json_info info;
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  size_t need = 64 + info.tokens * sizeof(hcc_tok) + scratch;
  p->mem = malloc(need);
  assert_non_null(p->mem);
  hcc__arena_init(&p->a, p->mem, need);
  assert_int_equal(hcc__json_parse_as(&p->d, s, strlen(s), HCC_PARSE_IDS, &p->a, NULL), HCC_OK);
}

static void done(parsed *p) { free(p->mem); }

typedef struct {
  int rc;
  char *out;
  size_t len;
  size_t need;
} result;

/* Runs repair through the public API with exactly the workspace
 * hcc_workspace_size asks for and an exactly sized output buffer. */
static result run_repair(const char *policy, const char *in) {
  hcc_params p;
  hcc_error err;
  result r = {0, NULL, 0, 0};
  hcc_params_init(&p);
  assert_int_equal(hcc_params_set(&p, "policy", 6, policy, strlen(policy), &err), HCC_OK);
  size_t len = strlen(in);
  r.rc = hcc_workspace_size(HCC_OP_REPAIR, &p, in, len, &r.need, &err);
  if (r.rc != HCC_OK) return r;
  assert_true(r.need <= hcc_workspace_bound(HCC_OP_REPAIR, len));
  void *ws = malloc(r.need ? r.need : 1);
  size_t out_len = 0;
  r.rc = hcc_run(HCC_OP_REPAIR, &p, in, len, ws, r.need, NULL, 0, &out_len, &err);
  if (r.rc == HCC_E_NOSPACE) {
    r.out = malloc(out_len + 1);
    r.rc = hcc_run(HCC_OP_REPAIR, &p, in, len, ws, r.need, r.out, out_len, &r.len, &err);
    assert_int_equal(r.len, out_len);
    r.out[r.len] = 0;
  } else {
    /* a transcript's output is never empty ("[]" at least), so a run with
     * no buffer ends either in HCC_E_NOSPACE or in an error */
    assert_int_not_equal(r.rc, HCC_OK);
  }
  free(ws);
  return r;
}

static void expect_out(const char *policy, const char *in, const char *want) {
  result r = run_repair(policy, in);
  assert_int_equal(r.rc, HCC_OK);
  assert_string_equal(r.out, want);
  /* idempotence (PAIRS-6): repairing the output changes nothing */
  result again = run_repair(policy, r.out);
  assert_int_equal(again.rc, HCC_OK);
  assert_string_equal(again.out, r.out);
  free(again.out);
  free(r.out);
}

static void expect_rc(const char *policy, const char *in, int rc) {
  result r = run_repair(policy, in);
  assert_int_equal(r.rc, rc);
  free(r.out);
}

/* ---- pyspace.c ------------------------------------------------------------ */

static void test_isspace_every_code_point(void **state) {
  (void)state;
  /* python3 3.11.7: [cp for cp in range(0x110000) if chr(cp).isspace()] */
  static const uint32_t py[] = {0x9,    0xA,    0xB,    0xC,    0xD,    0x1C,   0x1D,   0x1E,
                                0x1F,   0x20,   0x85,   0xA0,   0x1680, 0x2000, 0x2001, 0x2002,
                                0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
                                0x2028, 0x2029, 0x202F, 0x205F, 0x3000};
  size_t k = 0, count = 0;
  for (uint32_t cp = 0; cp < 0x110000; cp++) {
    int want = k < N(py) && py[k] == cp;
    if (want) k++;
    if (hcc__py_isspace(cp) != want) print_error("U+%04X\n", (unsigned)cp);
    assert_int_equal(hcc__py_isspace(cp), want);
    count += (size_t)want;
  }
  assert_int_equal(count, 29);
}

static void test_str_blank(void **state) {
  (void)state;
  /* python3: not json.loads('"' + body + '"').strip() */
  static const struct { const char *body; int blank; } t[] = {
      {"", 1},          {" \\t", 1},        {"\\u3000\\n", 1},     {"\\u200b", 0},
      {"a", 0},         {"\\ud800", 0},     {"\\u0085\\u00a0", 1}, {"\\ufeff", 0},
      {"\\u001c \\u2029", 1}, {" \xe3\x80\x80", 1}, {"\\u180e", 0}};
  for (size_t i = 0; i < N(t); i++)
    assert_int_equal(hcc__py_str_blank(t[i].body, strlen(t[i].body)), t[i].blank);
}

static void test_truthy(void **state) {
  (void)state;
  const char *s = "[null, false, true, 0, -0, 0.0, -0.0, 1e-400, 0e5, 1, 0.5, \"\", \"a\", [], [1], "
                  "{}, {\"a\": 1}, 1e400, 100000000000000000000000000000]";
  /* python3: [bool(x) for x in json.loads(s)] */
  static const int want[] = {0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1};
  parsed p;
  parse_ok(&p, s, 0);
  assert_int_equal(p.d.tok[0].size, (int)N(want));
  int j = 1;
  for (size_t i = 0; i < N(want); i++, j = hcc__json_skip(&p.d, j))
    assert_int_equal(hcc__py_truthy(&p.d, j), want[i]);
  done(&p);
}

/* ---- msg_write.c ---------------------------------------------------------- */

static void test_jstr_eq_and_hash(void **state) {
  (void)state;
  parsed p;
  parse_ok(&p, "[\"a\", \"\\u0061\", \"\\ud83d\\ude00\", \"\xf0\x9f\x98\x80\", \"ab\", \"\\ud83d\"]", 0);
  assert_true(hcc__jstr_eq(&p.d, 1, 2));
  assert_int_equal(hcc__jstr_hash(&p.d, 1), hcc__jstr_hash(&p.d, 2));
  assert_true(hcc__jstr_eq(&p.d, 3, 4));
  assert_int_equal(hcc__jstr_hash(&p.d, 3), hcc__jstr_hash(&p.d, 4));
  assert_false(hcc__jstr_eq(&p.d, 1, 5));
  assert_false(hcc__jstr_eq(&p.d, 3, 6)); /* a lone high surrogate is not the pair */
  done(&p);
  /* values that fill the same last word differently, or not at all */
  parse_ok(&p, "[\"a\", \"a\\u0000\", \"abcdefgh\", \"abcdefgh\\u0000\", \"\", \"\\u0000\"]", 0);
  for (int i = 1; i <= 6; i++)
    for (int j = i + 1; j <= 6; j++) assert_int_not_equal(hcc__jstr_hash(&p.d, i), hcc__jstr_hash(&p.d, j));
  done(&p);
}

/* Ids as agents write them ("call_" and a counter, or 24 random
 * characters) spread over a table: 20,000 of them share at most a few
 * 32-bit hashes, and their low 15 bits fill a 32,768-slot table about as
 * a random function would (under 5,500 collisions where a random one
 * makes about 5,030: 20,000 - 32,768 (1 - e^(-20,000 / 32,768))). */
static void test_jstr_hash_spread(void **state) {
  (void)state;
  enum { IDS = 20000 };
  static char text[IDS * 40];
  static uint32_t h[IDS];
  static unsigned char used[1 << 15];
  for (int form = 0; form < 2; form++) {
    size_t n = 0;
    uint64_t x = 88172645463325252ull;
    text[n++] = '[';
    for (int i = 0; i < IDS; i++) {
      if (i) text[n++] = ',';
      if (form == 0) {
        n += (size_t)sprintf(text + n, "\"call_%d\"", i);
      } else {
        text[n++] = '"';
        for (int k = 0; k < 24; k++) {
          x ^= x << 13, x ^= x >> 7, x ^= x << 17;
          text[n++] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[x % 62];
        }
        text[n++] = '"';
      }
    }
    text[n++] = ']';
    text[n] = 0;
    parsed p;
    parse_ok(&p, text, 0);
    memset(used, 0, sizeof used);
    int same = 0, slot_hits = 0;
    for (int i = 0; i < IDS; i++) {
      h[i] = hcc__jstr_hash(&p.d, i + 1);
      slot_hits += used[h[i] & 0x7FFF];
      used[h[i] & 0x7FFF] = 1;
    }
    for (int i = 0; i < IDS; i++)
      for (int j = i + 1; j < IDS && j < i + 64; j++) same += h[i] == h[j];
    assert_true(same <= 2);
    assert_true(slot_hits < 5500);
    done(&p);
  }
}

/* One string in two spellings, plain and with random characters written
 * as \u escapes (astral ones as pairs): equal and hashing equal, at every
 * length across the hash's 8-byte words. */
static void test_jstr_hash_spellings(void **state) {
  (void)state;
  static const uint32_t cps[] = {'a', 'Z', '0', ' ', '\n', '"', 0xE9, 0x65E5, 0x1F600, 0x7F};
  static char text[4096];
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int it = 0; it < 3000; it++) {
    size_t len = (size_t)(it % 40), n = 0;
    text[n++] = '[';
    for (int v = 0; v < 2; v++) {
      text[n++] = '"';
      uint64_t y = x;
      for (size_t k = 0; k < len; k++) {
        y ^= y << 13, y ^= y >> 7, y ^= y << 17;
        uint32_t cp = cps[y % N(cps)];
        int esc = v == 1 && ((y >> 20) & 1);
        if (cp == '"' || cp == '\n' || (esc && cp >= 0x10000)) {
          if (cp >= 0x10000) {
            uint32_t w = cp - 0x10000;
            n += (size_t)sprintf(text + n, "\\u%04x\\u%04x", (unsigned)(0xD800 + (w >> 10)), (unsigned)(0xDC00 + (w & 0x3FF)));
          } else {
            n += (size_t)sprintf(text + n, cp == '"' ? "\\\"" : "\\n");
          }
        } else if (esc) {
          n += (size_t)sprintf(text + n, "\\u%04X", (unsigned)cp);
        } else {
          n += unit_utf8_encode(cp, text + n);
        }
      }
      text[n++] = '"';
      if (!v) text[n++] = ',';
    }
    text[n++] = ']';
    text[n] = 0;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    parsed p;
    parse_ok(&p, text, 0);
    assert_true(hcc__jstr_eq(&p.d, 1, 2));
    assert_int_equal(hcc__jstr_hash(&p.d, 1), hcc__jstr_hash(&p.d, 2));
    done(&p);
    /* the same two as a call's id and a result's: hashed by the scan, the
     * second linked to the first when spelt the same */
    static char ids[4200];
    const char *second = strchr(text + 2, ',') + 1;
    int m = snprintf(ids, sizeof ids, "[{\"id\": %.*s}, {\"tool_call_id\": %.*s}]",
                     (int)(second - 1 - (text + 1)), text + 1, (int)(text + n - 1 - second), second);
    assert_true(m > 0 && (size_t)m < sizeof ids);
    parse_ok(&p, ids, 0);
    assert_int_equal(p.d.tok[3].tag, HCC_W_HASHED);
    assert_true(p.d.tok[6].tag == HCC_W_HASHED || p.d.tok[6].tag == HCC_W_LINKED);
    assert_true(hcc__jstr_eq(&p.d, 3, 6) && hcc__jstr_eq(&p.d, 6, 3));
    assert_int_equal(hcc__jstr_hash(&p.d, 3), hcc__jstr_hash(&p.d, 6));
    assert_int_equal(hcc__jstr_hash(&p.d, 6), hcc__jstr_hash_raw(text + 2, (size_t)(second - 2 - (text + 2))));
    done(&p);
  }
}

static char *write_obj(parsed *p, const hcc_edit *e, size_t ne, int *rc) {
  hcc_out o;
  static char buf[512];
  hcc__out_init(&o, buf, sizeof buf - 1);
  *rc = hcc__obj_write(&p->d, 0, e, ne, &p->a, &o, NULL);
  assert_true(o.len < sizeof buf);
  buf[o.len] = 0;
  return buf;
}

static void test_obj_write_edits(void **state) {
  (void)state;
  hcc_json_info info;
  const char *s = "{\"role\": \"assistant\", \"tool_calls\": [1], \"content\": \"\", \"x\": {\"k\": 2}}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  parsed p;
  parse_ok(&p, s, hcc__obj_write_need(&info));
  hcc_edit e[3];
  int rc;
  memset(e, 0, sizeof e);
  /* no edit: the object as written */
  assert_string_equal(write_obj(&p, e, 0, &rc), s);
  assert_int_equal(rc, HCC_OK);
  /* pop tool_calls, replace content in place, add a new key at the end */
  e[0].key = "tool_calls", e[0].key_len = 10, e[0].op = HCC_EDIT_DEL;
  e[1].key = "content", e[1].key_len = 7, e[1].op = HCC_EDIT_SET, e[1].lit = "\"new\"", e[1].lit_len = 5;
  e[2].key = "n\xc3\xa9w\n", e[2].key_len = 5, e[2].op = HCC_EDIT_SET, e[2].lit = "null", e[2].lit_len = 4;
  assert_string_equal(write_obj(&p, e, 3, &rc),
                      "{\"role\": \"assistant\", \"content\": \"new\", \"x\": {\"k\": 2}, \"n\xc3\xa9w\\n\": null}");
  assert_int_equal(rc, HCC_OK);
  /* a DEL of an absent key is nothing */
  e[0].key = "nope", e[0].key_len = 4;
  assert_string_equal(write_obj(&p, e, 1, &rc), s);
  done(&p);
}

static void test_obj_write_duplicates(void **state) {
  (void)state;
  /* python3: json.dumps(json.loads(s)) keeps one entry per key, first
   * position, last value:
   *   {"a": 3, "\u0062" -> "b": [2], "c": 4} */
  hcc_json_info info;
  const char *s = "{\"a\": 1, \"b\": [2], \"a\": 3, \"c\": 4, \"\\u0061\": 5}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  parsed p;
  parse_ok(&p, s, hcc__obj_write_need(&info));
  int rc;
  hcc_edit e;
  memset(&e, 0, sizeof e);
  assert_string_equal(write_obj(&p, &e, 0, &rc), "{\"a\": 5, \"b\": [2], \"c\": 4}");
  e.key = "a", e.key_len = 1, e.op = HCC_EDIT_SET, e.lit = "0", e.lit_len = 1;
  assert_string_equal(write_obj(&p, &e, 1, &rc), "{\"a\": 0, \"b\": [2], \"c\": 4}");
  e.op = HCC_EDIT_DEL;
  assert_string_equal(write_obj(&p, &e, 1, &rc), "{\"b\": [2], \"c\": 4}");
  done(&p);
}

/* A nested edit: rewrite "inner" of the value of "o" through a callback. */
static int nested_fn(void *ctx, const hcc_doc *d, int old, hcc_arena *scratch, hcc_out *o,
                     hcc_error *err) {
  const hcc_edit *inner = ctx;
  return hcc__obj_write(d, old, inner, 1, scratch, o, err);
}

static void test_obj_write_nested_and_workspace(void **state) {
  (void)state;
  hcc_json_info info;
  const char *s = "{\"o\": {\"inner\": 1, \"keep\": true, \"inner\": 2}, \"t\": \"x\"}";
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  parsed p;
  parse_ok(&p, s, hcc__obj_write_need(&info));
  hcc_edit inner, outer;
  memset(&inner, 0, sizeof inner);
  memset(&outer, 0, sizeof outer);
  inner.key = "inner", inner.key_len = 5, inner.op = HCC_EDIT_SET, inner.lit = "\"i\"", inner.lit_len = 3;
  outer.key = "o", outer.key_len = 1, outer.op = HCC_EDIT_SET, outer.fn = nested_fn, outer.ctx = &inner;
  int rc;
  size_t used = p.a.used;
  assert_string_equal(write_obj(&p, &outer, 1, &rc), "{\"o\": {\"inner\": \"i\", \"keep\": true}, \"t\": \"x\"}");
  assert_int_equal(rc, HCC_OK);
  assert_int_equal(p.a.used, used); /* scratch given back */
  /* with no scratch left, an object of two or more members cannot be planned */
  p.a.size = p.a.used;
  write_obj(&p, &outer, 1, &rc);
  assert_int_equal(rc, HCC_E_WORKSPACE);
  done(&p);
}

/* ---- the op ----------------------------------------------------------------- */

/* Expected bytes: the hermes adapter on the same requests (see the file
 * comment); U+3000 is written raw, as json.dumps(ensure_ascii=False) does. */
#define MIXED                                                                                      \
  "[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"\", "      \
  "\"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}, "     \
  "{\"id\": \"b\"}]}, {\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"ok\"}, "        \
  "{\"role\": \"tool\", \"tool_call_id\": \"zz\", \"content\": \"orphan\"}, {\"role\": "           \
  "\"assistant\", \"tool_calls\": [{\"id\": \"c\"}], \"content\": \" \xe3\x80\x80\"}]"
#define STUB "[Result from earlier conversation \xe2\x80\x94 see context summary above]"

static void test_strip(void **state) {
  (void)state;
  expect_out("strip", MIXED,
             "[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"\", "
             "\"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}]}, "
             "{\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"ok\"}, {\"role\": \"assistant\", "
             "\"content\": \"(tool call removed)\"}]");
  /* content absent: appended last */
  expect_out("strip", "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"q\"}], \"name\": \"p\"}]",
             "[{\"role\": \"assistant\", \"name\": \"p\", \"content\": \"(tool call removed)\"}]");
  /* wrapper kept, call_id answers */
  const char *w = "{\"model\": \"m\", \"messages\": [{\"role\": \"assistant\", \"content\": null, "
                  "\"tool_calls\": [{\"id\": \"x\", \"call_id\": \"y\"}], \"n\": 1}, {\"role\": \"tool\", "
                  "\"tool_call_id\": \"y\", \"content\": \"r\"}], \"z\": [1]}";
  expect_out("strip", w, w);
  /* id-less tool_calls shapes are left alone; other roles are not read */
  const char *idle = "[{\"role\": \"assistant\", \"tool_calls\": \"ab\"}, {\"role\": \"assistant\", "
                     "\"tool_calls\": 0}, {\"role\": \"user\", \"tool_calls\": 7}]";
  expect_out("strip", idle, idle);
}

static void test_stub(void **state) {
  (void)state;
  expect_out("stub", MIXED,
             "[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"\", "
             "\"tool_calls\": [{\"id\": \"a\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}}, "
             "{\"id\": \"b\"}]}, {\"role\": \"tool\", \"content\": \"" STUB "\", \"tool_call_id\": \"b\"}, "
             "{\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"ok\"}, {\"role\": \"assistant\", "
             "\"tool_calls\": [{\"id\": \"c\"}], \"content\": \" \xe3\x80\x80\"}, {\"role\": \"tool\", "
             "\"content\": \"" STUB "\", \"tool_call_id\": \"c\"}]");
  expect_out("stub", "[]", "[]");
}

static void test_rejects(void **state) {
  (void)state;
  static const char *const bad[] = {
      "[{\"role\": \"assistant\", \"tool_calls\": 1}]",
      "[{\"role\": \"assistant\", \"tool_calls\": true}]",
      "[{\"role\": \"assistant\", \"tool_calls\": 1e400}]",
      "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": 1}]}]",
      "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"a\", \"call_id\": []}]}]",
      "[{\"role\": \"tool\", \"tool_call_id\": 0}]",
      "[{\"role\": \"tool\", \"tool_call_id\": {}}]",
      "{\"messages\": {}}",
      "[\"stray\"]"};
  for (size_t i = 0; i < N(bad); i++) {
    expect_rc("strip", bad[i], HCC_E_SHAPE);
    expect_rc("stub", bad[i], HCC_E_SHAPE);
  }
  /* the same values where hermes does not read them are accepted */
  expect_rc("strip", "[{\"role\": \"user\", \"tool_calls\": 1, \"tool_call_id\": 5}]", HCC_OK);
  expect_rc("strip", "[{\"role\": \"assistant\", \"tool_calls\": [{\"id\": null, \"call_id\": null}], "
                     "\"tool_call_id\": [1]}]",
            HCC_OK);
  expect_rc("strip", "[{\"role\": \"assistant\", \"tool_calls\": [1, 2]", HCC_E_TRUNCATED);
}

static void test_workspace_and_output_size(void **state) {
  (void)state;
  hcc_params p;
  hcc_error err;
  size_t need, out_len;
  hcc_params_init(&p);
  const char *in = MIXED;
  size_t len = strlen(in);
  assert_int_equal(hcc_workspace_size(HCC_OP_REPAIR, &p, in, len, &need, &err), HCC_OK);
  char out[1024];
  assert_int_equal(hcc_run(HCC_OP_REPAIR, &p, in, len, NULL, 0, out, sizeof out, &out_len, &err),
                   HCC_E_WORKSPACE);
  void *ws = malloc(need);
  assert_int_equal(hcc_run(HCC_OP_REPAIR, &p, in, len, ws, need, out, 10, &out_len, &err), HCC_E_NOSPACE);
  size_t want = out_len;
  assert_int_equal(hcc_run(HCC_OP_REPAIR, &p, in, len, ws, need, out, want, &out_len, &err), HCC_OK);
  assert_int_equal(out_len, want);
  free(ws);
}

/* Many calls, many results, one id set: a larger transcript built here,
 * where every second call is unanswered and every third result orphaned;
 * counts of what survives are checked, and the op must be idempotent. */
static void test_large(void **state) {
  (void)state;
  size_t cap = 1 << 20, n = 0;
  char *s = malloc(cap);
  n += (size_t)snprintf(s + n, cap - n, "[");
  for (int i = 0; i < 2000; i++) {
    n += (size_t)snprintf(s + n, cap - n,
                          "%s{\"role\": \"assistant\", \"content\": \"\", \"tool_calls\": [{\"id\": \"c%d\"}, "
                          "{\"id\": \"d%d\"}]}, {\"role\": \"tool\", \"tool_call_id\": \"c%d\", \"content\": \"r\"}, "
                          "{\"role\": \"tool\", \"tool_call_id\": \"%s%d\", \"content\": \"r\"}",
                          i ? ", " : "", i, i, i, i % 3 ? "d" : "gone", i);
  }
  n += (size_t)snprintf(s + n, cap - n, "]");
  assert_true(n < cap);
  result r = run_repair("strip", s);
  assert_int_equal(r.rc, HCC_OK);
  size_t gone = 0, removed = 0;
  for (const char *q = r.out; (q = strstr(q, "\"gone")); q++) gone++;
  for (const char *q = r.out; (q = strstr(q, "(tool call removed)")); q++) removed++;
  assert_int_equal(gone, 0);
  assert_int_equal(removed, 0); /* c%d always answered: no message is left empty */
  result again = run_repair("strip", r.out);
  assert_string_equal(again.out, r.out);
  free(again.out);
  free(r.out);
  r = run_repair("stub", s);
  assert_int_equal(r.rc, HCC_OK);
  size_t stubs = 0;
  for (const char *q = r.out; (q = strstr(q, "earlier conversation")); q++) stubs++;
  assert_int_equal(stubs, 667); /* i % 3 == 0 for 667 of 0..1999 */
  free(r.out);
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_isspace_every_code_point),
      cmocka_unit_test(test_str_blank),
      cmocka_unit_test(test_truthy),
      cmocka_unit_test(test_jstr_eq_and_hash),
      cmocka_unit_test(test_jstr_hash_spellings), cmocka_unit_test(test_jstr_hash_spread),
      cmocka_unit_test(test_obj_write_edits),
      cmocka_unit_test(test_obj_write_duplicates),
      cmocka_unit_test(test_obj_write_nested_and_workspace),
      cmocka_unit_test(test_strip),
      cmocka_unit_test(test_stub),
      cmocka_unit_test(test_rejects),
      cmocka_unit_test(test_workspace_and_output_size),
      cmocka_unit_test(test_large),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
