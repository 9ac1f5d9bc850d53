/* test_transcript.c -- the message and call tables (transcript.c) and the
 * wrapper writers (open / close / copy_msg). */
#include "transcript.h"
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
  hcc_transcript t;
  void *mem;
} tx;

static int load(tx *x, const char *s, hcc_error *err) {
  hcc_json_info info;
  size_t need = 64;
  if (hcc_json_validate(s, strlen(s), &info, NULL) == HCC_OK) need = hcc__transcript_need(&info);
  x->mem = malloc(need);
  hcc_arena a;
  hcc__arena_init(&a, x->mem, need);
  return hcc__transcript_parse(&x->t, s, strlen(s), HCC_PARSE_PLAIN, &a, err);
}

static void load_ok(tx *x, const char *s) {
  hcc_error err;
  int rc = load(x, s, &err);
  if (rc != HCC_OK) print_error("%s: %s at %zu: %s\n", s, hcc_error_name(rc), err.offset, err.message);
  assert_int_equal(rc, HCC_OK);
}

static void unload(tx *x) { free(x->mem); }

/* 1 when token v is the string s (decoded). */
static int is_str(const hcc_transcript *t, int v, const char *s) {
  return v >= 0 && hcc__json_str_eq(&t->doc, v, s, strlen(s));
}

static void test_roles_and_fields(void **state) {
  (void)state;
  tx x;
  load_ok(&x,
          "[{\"role\": \"system\", \"content\": \"sys\"},"
          " {\"role\": \"user\", \"content\": [{\"type\": \"text\"}], \"name\": \"u\"},"
          " {\"role\": \"assistant\", \"content\": null, \"tool_calls\": ["
          "   {\"id\": \"a\", \"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": \"{}\"}},"
          "   {\"call_id\": \"b\", \"function\": {\"name\": \"g\"}},"
          "   {\"id\": \"c\"}, 7]},"
          " {\"role\": \"tool\", \"tool_call_id\": \"a\", \"content\": \"out\"},"
          " {\"role\": \"developer\"},"
          " {\"role\": 5},"
          " {\"content\": \"no role\"},"
          " {\"role\": \"User\"},"
          " {\"role\": \"\\u0075ser\"},"
          " {\"role\": \"assistant\", \"tool_calls\": null},"
          " {\"role\": \"assistant\", \"tool_calls\": \"x\"},"
          " {\"role\": \"assistant\", \"tool_calls\": []}]");
  const hcc_transcript *t = &x.t;
  assert_int_equal(t->root, 0);
  assert_int_equal(t->array, 0);
  assert_int_equal(t->nmsg, 12);
  static const hcc_role roles[] = {HCC_ROLE_SYSTEM,    HCC_ROLE_USER,  HCC_ROLE_ASSISTANT,
                                   HCC_ROLE_TOOL,      HCC_ROLE_OTHER, HCC_ROLE_NONE,
                                   HCC_ROLE_NONE,      HCC_ROLE_OTHER, HCC_ROLE_USER,
                                   HCC_ROLE_ASSISTANT, HCC_ROLE_ASSISTANT, HCC_ROLE_ASSISTANT};
  for (int i = 0; i < t->nmsg; i++) {
    assert_int_equal(t->msg[i].role, roles[i]);
    assert_int_equal(t->doc.tok[t->msg[i].tok].type, HCC_T_OBJECT);
  }
  const hcc_msg *m = t->msg;
  assert_true(is_str(t, m[0].content, "sys"));
  assert_true(is_str(t, m[0].role_tok, "system"));
  assert_int_equal(m[0].tool_calls, -1);
  assert_int_equal(m[0].tool_call_id, -1);
  assert_int_equal(m[0].ncalls, 0);
  assert_int_equal(t->doc.tok[m[1].content].type, HCC_T_ARRAY);
  assert_true(hcc__json_is_null(&t->doc, m[2].content));
  /* calls of message 2, including a non-object element */
  assert_int_equal(m[2].ncalls, 4);
  assert_int_equal(m[2].first_call, 0);
  const hcc_call *c = &t->call[m[2].first_call];
  assert_true(is_str(t, c[0].id, "a"));
  assert_int_equal(c[0].call_id, -1);
  assert_int_equal(t->doc.tok[c[0].function].type, HCC_T_OBJECT);
  assert_true(is_str(t, c[0].name, "f"));
  assert_true(is_str(t, c[0].arguments, "{}"));
  assert_int_equal(c[1].id, -1);
  assert_true(is_str(t, c[1].call_id, "b"));
  assert_true(is_str(t, c[1].name, "g"));
  assert_int_equal(c[1].arguments, -1);
  assert_true(is_str(t, c[2].id, "c"));
  assert_int_equal(c[2].function, -1);
  assert_int_equal(c[2].name, -1);
  assert_int_equal(t->doc.tok[c[3].tok].type, HCC_T_PRIMITIVE);
  assert_int_equal(c[3].id, -1);
  assert_int_equal(c[3].function, -1);
  /* tool message */
  assert_true(is_str(t, m[3].tool_call_id, "a"));
  assert_int_equal(m[3].first_call, 4);
  /* OTHER keeps the role token, NONE when it is not a string or absent */
  assert_true(is_str(t, m[4].role_tok, "developer"));
  assert_int_equal(t->doc.tok[m[5].role_tok].type, HCC_T_PRIMITIVE);
  assert_int_equal(m[6].role_tok, -1);
  /* tool_calls that are not a list: kept as a token, no calls */
  assert_true(hcc__json_is_null(&t->doc, m[9].tool_calls));
  assert_int_equal(m[9].ncalls, 0);
  assert_int_equal(m[10].ncalls, 0);
  assert_true(m[10].tool_calls >= 0);
  assert_int_equal(m[11].ncalls, 0);
  assert_int_equal(t->doc.tok[m[11].tool_calls].type, HCC_T_ARRAY);
  assert_int_equal(t->ncall, 4);
  for (int i = 0; i < t->nmsg; i++) assert_int_equal(m[i].first_call, i <= 2 ? 0 : 4);
  unload(&x);
}

/* Duplicate keys: the last wins, as json.loads does; escaped keys match. */
static void test_duplicates_and_escapes(void **state) {
  (void)state;
  tx x;
  load_ok(&x,
          "[{\"role\": \"user\", \"\\u0072ole\": \"assistant\", \"content\": \"a\","
          "  \"content\": \"bb\", \"tool_calls\": [{\"id\": \"1\", \"id\": \"2\","
          "  \"function\": {\"name\": \"x\", \"na\\u006de\": \"y\"}}],"
          "  \"tool_calls\": [{\"id\": \"3\"}, {\"id\": \"4\"}]}]");
  const hcc_transcript *t = &x.t;
  assert_int_equal(t->nmsg, 1);
  assert_int_equal(t->msg[0].role, HCC_ROLE_ASSISTANT);
  assert_true(is_str(t, t->msg[0].content, "bb"));
  /* only the last tool_calls list is read */
  assert_int_equal(t->msg[0].ncalls, 2);
  assert_int_equal(t->ncall, 2);
  assert_true(is_str(t, t->call[0].id, "3"));
  assert_true(is_str(t, t->call[1].id, "4"));
  unload(&x);
  load_ok(&x, "[{\"tool_calls\": [{\"id\": \"1\", \"id\": \"2\", \"function\": "
              "{\"name\": \"x\", \"na\\u006de\": \"y\"}}]}]");
  assert_true(is_str(&x.t, x.t.call[0].id, "2"));
  assert_true(is_str(&x.t, x.t.call[0].name, "y"));
  unload(&x);
}

static void test_wrapper_object(void **state) {
  (void)state;
  tx x;
  const char *s = "{\"model\": \"m\", \"messages\": [{\"role\": \"user\"}], \"n\": 1}";
  load_ok(&x, s);
  assert_int_equal(x.t.root, 0);
  assert_true(x.t.array > 0);
  assert_int_equal(x.t.doc.tok[x.t.array].type, HCC_T_ARRAY);
  assert_int_equal(x.t.nmsg, 1);
  assert_int_equal(x.t.msg[0].role, HCC_ROLE_USER);
  unload(&x);
  /* the last "messages" wins */
  load_ok(&x, "{\"messages\": [{}], \"messages\": [{}, {}]}");
  assert_int_equal(x.t.nmsg, 2);
  unload(&x);
  /* empty */
  load_ok(&x, "{\"messages\": []}");
  assert_int_equal(x.t.nmsg, 0);
  assert_int_equal(x.t.ncall, 0);
  unload(&x);
  load_ok(&x, " [ ] ");
  assert_int_equal(x.t.nmsg, 0);
  unload(&x);
}

static void test_shape_errors(void **state) {
  (void)state;
  /* offsets point at the first byte of the offending value (the opening
   * quote for a string) */
  static const struct { const char *in; size_t off; } c[] = {
      {"{}", 0},
      {"{\"msgs\": []}", 0},
      {"{\"messages\": 1}", 13},
      {"{\"messages\": \"x\"}", 13},
      {"{\"messages\": {}}", 13},
      {"{\"messages\": null}", 13},
      {"\"text\"", 0},
      {"  42", 2},
      {"true", 0},
      {"[1]", 1},
      {"[{}, \"s\"]", 5},
      {"[{}, [], {}]", 5},
      {"[{}, null]", 5},
  };
  for (size_t i = 0; i < N(c); i++) {
    tx x;
    hcc_error err;
    int rc = load(&x, c[i].in, &err);
    if (rc != HCC_E_SHAPE || err.offset != c[i].off)
      print_error("%s: %s at %zu (%s)\n", c[i].in, hcc_error_name(rc), err.offset, err.message);
    assert_int_equal(rc, HCC_E_SHAPE);
    assert_int_equal(err.offset, c[i].off);
    unload(&x);
  }
  /* invalid JSON: the validator's code */
  tx x;
  hcc_error err;
  assert_int_equal(load(&x, "[{\"role\":\"user\"}", &err), HCC_E_TRUNCATED);
  unload(&x);
}

static void test_workspace(void **state) {
  (void)state;
  const char *s = "[{\"role\": \"user\"}, {\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"1\"}]}]";
  hcc_json_info info;
  assert_int_equal(hcc_json_validate(s, strlen(s), &info, NULL), HCC_OK);
  size_t need = hcc__transcript_need(&info);
  /* the tables are sized by shallow array elements, not by every token:
   * the 2 messages (one level deep) bound the messages, the call (three
   * deep) the calls */
  assert_int_equal(info.elements_d12, 2);
  assert_int_equal(info.elements_d34, 1);
  assert_true(need >= hcc__arena_cost(info.tokens * sizeof(hcc_tok)) +
                          hcc__arena_cost(hcc__max_msgs(&info) * sizeof(hcc_msg)) +
                          hcc__arena_cost(hcc__max_calls(&info) * sizeof(hcc_call)) + 15);
  assert_true(need < hcc__arena_cost(info.tokens * sizeof(hcc_tok)) +
                         hcc__arena_cost(info.tokens * sizeof(hcc_msg)) +
                         hcc__arena_cost(info.tokens * sizeof(hcc_call)));
  /* the same messages under {"messages": ...} sit one level deeper */
  const char *w = "{\"messages\": [{\"role\": \"user\"}, {\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"1\"}]}]}";
  hcc_json_info wi;
  assert_int_equal(hcc_json_validate(w, strlen(w), &wi, NULL), HCC_OK);
  assert_int_equal(wi.elements_d12, 2);
  assert_int_equal(wi.elements_d34, 1);
  unsigned char *mem = malloc(need + 16);
  for (int off = 0; off < 16; off++) {
    hcc_arena a;
    hcc_transcript t;
    hcc__arena_init(&a, mem + off, need);
    assert_int_equal(hcc__transcript_parse(&t, s, strlen(s), HCC_PARSE_PLAIN, &a, NULL), HCC_OK);
    assert_int_equal(t.nmsg, 2);
    assert_true(a.need <= need);
  }
  /* tokens fit, tables do not */
  hcc_arena a;
  hcc_transcript t;
  hcc_error err;
  hcc__arena_init(&a, mem, hcc__arena_cost(info.tokens * sizeof(hcc_tok)) + 15);
  assert_int_equal(hcc__transcript_parse(&t, s, strlen(s), HCC_PARSE_PLAIN, &a, &err), HCC_E_WORKSPACE);
  assert_int_equal(err.offset, 0);
  /* nothing fits */
  hcc__arena_init(&a, NULL, 0);
  assert_int_equal(hcc__transcript_parse(&t, s, strlen(s), HCC_PARSE_PLAIN, &a, &err), HCC_E_WORKSPACE);
  free(mem);
}

/* open + messages joined by ", " + close rebuilds the document around the
 * array byte for byte, whatever surrounds it. */
static void test_open_close_copy(void **state) {
  (void)state;
  static const struct { const char *in, *out; } c[] = {
      {"[{\"a\":1},{\"b\":2}]", "[{\"a\":1}, {\"b\":2}]"},
      {"  [ {\"a\" : 1} ,\n {} ]  ", "  [{\"a\" : 1}, {}]  "},
      {"{\"x\": 1, \"messages\": [ {\"role\": \"user\"} ], \"y\": [2]}",
       "{\"x\": 1, \"messages\": [{\"role\": \"user\"}], \"y\": [2]}"},
      {"[]", "[]"},
      {"{\"messages\":[]}\n", "{\"messages\":[]}\n"},
  };
  for (size_t i = 0; i < N(c); i++) {
    tx x;
    load_ok(&x, c[i].in);
    char buf[256];
    hcc_out o;
    hcc__out_init(&o, buf, sizeof buf);
    hcc__transcript_open(&x.t, &o);
    for (int k = 0; k < x.t.nmsg; k++) {
      if (k) hcc__out_str(&o, HCC_ITEM_SEP);
      hcc__transcript_copy_msg(&x.t, k, &o);
    }
    hcc__transcript_close(&x.t, &o);
    if (o.len != strlen(c[i].out) || memcmp(buf, c[i].out, o.len))
      print_error("case %zu: got %.*s\n", i, (int)o.len, buf);
    assert_int_equal(o.len, strlen(c[i].out));
    assert_memory_equal(buf, c[i].out, o.len);
    unload(&x);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roles_and_fields),
      cmocka_unit_test(test_duplicates_and_escapes),
      cmocka_unit_test(test_wrapper_object),
      cmocka_unit_test(test_shape_errors),
      cmocka_unit_test(test_workspace),
      cmocka_unit_test(test_open_close_copy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
