/* check_rules.c -- the rules of `hcc check` (spec CHECK-1..CHECK-19).
 *
 * Shape of a run: ids are interned once (a hash table over the decoded
 * strings, sized from the token count, in the workspace), CHECK-6 and
 * CHECK-7 get what they need from one prepass, then one forward pass over
 * the messages runs the enabled rules at each message in rule order -- so
 * findings come out ordered by message index, then rule (CHECK-21), with
 * no sorting.  A rule that must know what follows a message (CHECK-2, 9,
 * 16, 17) looks ahead over the one run or turn that follows; each run is
 * looked at from one message only, so the whole stays linear.
 *
 * The hash table makes the run linear in expectation (FNV-1a, linear
 * probing at load <= 1/2); inputs crafted to collide degrade it. */
#include "check.h"
#include "msg_write.h"

#define BIT(n) (1ul << (n))
#define RANGE(a, b) ((BIT((b) + 1) - 1) & ~(BIT(a) - 1))
#define NMARK 4

unsigned long hcc__check_rules(int profile) {
  switch (profile) {
  case HCC_PROFILE_OPENAI: return RANGE(1, 4);
  case HCC_PROFILE_OPENAI_STRICT: return RANGE(1, 6);
  case HCC_PROFILE_RESPONSES: return BIT(7);
  case HCC_PROFILE_DEEPSEEK_THINKING: return RANGE(1, 4) | BIT(8);
  case HCC_PROFILE_ANTHROPIC: return RANGE(9, 15);
  case HCC_PROFILE_GEMINI: return RANGE(16, 19);
  default: return 0;
  }
}

/* Responses items (CHECK-7 only). */
enum { K_MESSAGE = 0, K_CALL_ITEM = 1, K_OUTPUT_ITEM = 2 };

typedef struct ck {
  const hcc_transcript *t;
  const hcc_doc *d;
  unsigned long rules;
  int profile;
  int original;
  hcc_fw w;
  /* interned strings: symbol s is the decoded text of token rep[s] */
  int *slot;
  size_t nslot;
  int *rep;
  int nsym;
  /* per-symbol marks; what each holds is said by the rules using it */
  int *mk[NMARK];
  /* per message: the token of its own id (a tool message's result id, an
   * item's call_id) and that id's symbol, or -1; its item kind */
  int *mid, *msym;
  unsigned char *mkind;
  /* per call: the token of its id and its symbol, or -1 */
  int *cid, *csym;
  /* per token: 1 when this call or key is the first with its id or name in
   * the finding being written (set by mark_unanswered, unknown_keys) */
  unsigned char *tflag;
  /* forward-pass state */
  int owner;    /* owner of the current (or last) run of tool messages */
  int prev;     /* previous message of the turn sequence, -1 */
  int a_first;  /* Anthropic: first message of the current assistant turn */
  int u_next;   /* Anthropic: first message of the user turn after it, -1 */
  int ua_first, ua_last; /* Anthropic: assistant turn before the current user turn */
  int text_q;   /* Anthropic: latest user message of the current user turn */
  int g_call;   /* Gemini: call turn before the current response turn, -1 */
  int g_ids;    /* Gemini: that call turn has a call with an id */
  int latest;   /* CHECK-14: last assistant message, -1 */
} ck;

/* ---- small readers --------------------------------------------------------- */
static hcc_role role(const ck *c, int i) { return c->t->msg[i].role; }

static int is_turn(const ck *c, int i) {
  hcc_role r = role(c, i);
  return r == HCC_ROLE_USER || r == HCC_ROLE_ASSISTANT || r == HCC_ROLE_TOOL;
}

/* Calls are the tool_calls elements of assistant messages only. */
static int ncalls(const ck *c, int i) {
  return role(c, i) == HCC_ROLE_ASSISTANT ? c->t->msg[i].ncalls : 0;
}

static int first_call(const ck *c, int i) { return c->t->msg[i].first_call; }

static int is_str(const hcc_doc *d, int v) { return v >= 0 && d->tok[v].type == HCC_T_STRING; }

static int nonempty_str(const hcc_doc *d, int v) {
  return is_str(d, v) && d->tok[v].end > d->tok[v].start;
}

/* ---- interning ------------------------------------------------------------ */

/* Symbol of string token tok (equal decoded strings, equal symbols), or -1
 * when tok is not a string.  A symbol is known by the first token that
 * spelled it: strings are compared decoded in place, never copied. */
static int intern(ck *c, int tok) {
  if (!is_str(c->d, tok)) return -1;
  size_t i = hcc__table_home(hcc__jstr_hash(c->d, tok), c->nslot);
  for (;; i = hcc__table_next(i, c->nslot)) {
    int s = c->slot[i];
    if (s < 0) break;
    if (hcc__jstr_eq(c->d, c->rep[s], tok)) return s;
  }
  int s = c->nsym++;
  c->slot[i] = s;
  c->rep[s] = tok;
  return s;
}

/* ---- writing pieces of findings ------------------------------------------ */
static void put_role(ck *c, int i) {
  static const char *const names[] = {"", "system", "user", "assistant", "tool", "no role"};
  if (role(c, i) == HCC_ROLE_OTHER) hcc__fw_tok(&c->w, c->t->msg[i].role_tok);
  else hcc__fw_text(&c->w, names[role(c, i)]);
}

static void put_index(ck *c, const char *before, int i, const char *after) {
  hcc__fw_text(&c->w, before);
  hcc__fw_int(&c->w, i);
  hcc__fw_text(&c->w, after);
}

/* "messages[<i>] (<role>)" */
static void put_msg_role(ck *c, int i) {
  put_index(c, "messages[", i, "] (");
  put_role(c, i);
  hcc__fw_text(&c->w, ")");
}

/* A call: "call <id>", or "tool_calls[<k>]" when it has no id. */
static void put_call(ck *c, int i, int k) {
  int tok = c->cid[first_call(c, i) + k];
  if (tok >= 0) {
    hcc__fw_text(&c->w, "call ");
    hcc__fw_tok(&c->w, tok);
  } else {
    put_index(c, "tool_calls[", k, "]");
  }
}

/* A tool message: "tool result <id>", or "tool message" with no id. */
static void put_tool(ck *c, int i) {
  if (c->mid[i] >= 0) {
    hcc__fw_text(&c->w, "tool result ");
    hcc__fw_tok(&c->w, c->mid[i]);
  } else {
    hcc__fw_text(&c->w, "tool message");
  }
}

static void ids_of_calls(ck *c, int i) {
  for (int k = 0; k < ncalls(c, i); k++) hcc__fw_id(&c->w, c->cid[first_call(c, i) + k]);
}

/* Writes "<id1>, <id2>" for the calls of message i mark_unanswered
 * flagged (or adds them to the ids when ids != 0). */
static void list_marked(ck *c, int i, int ids) {
  int n = 0;
  for (int k = 0; k < ncalls(c, i); k++) {
    int x = first_call(c, i) + k;
    if (!c->tflag[c->t->call[x].tok]) continue;
    if (ids) hcc__fw_id(&c->w, c->cid[x]);
    else {
      if (n++) hcc__fw_text(&c->w, ", ");
      hcc__fw_tok(&c->w, c->cid[x]);
    }
  }
}

/* Flags (tflag) the calls of message i whose id is not answered
 * (mk[s] != answered_value), each id at its first call only; returns how
 * many.  mk[s] = -2 - i (never a message index) marks an id as listed. */
static int mark_unanswered(ck *c, int i, int *mk, int answered_value) {
  int n = 0;
  for (int k = 0; k < ncalls(c, i); k++) {
    int x = first_call(c, i) + k, s = c->csym[x];
    c->tflag[c->t->call[x].tok] = 0;
    if (s < 0 || mk[s] == answered_value || mk[s] == -2 - i) continue;
    mk[s] = -2 - i;
    c->tflag[c->t->call[x].tok] = 1;
    n++;
  }
  return n;
}

/* ---- CHECK-1: a tool message answers a call of its run's owner ----------
 * mk[0][s] = the latest assistant message holding a call with id s. */
static void check1(ck *c, int i) {
  int s = c->msym[i], a = c->owner;
  if (role(c, i) == HCC_ROLE_ASSISTANT) {
    for (int k = 0; k < ncalls(c, i); k++)
      if (c->csym[first_call(c, i) + k] >= 0) c->mk[0][c->csym[first_call(c, i) + k]] = i;
    return;
  }
  if (role(c, i) != HCC_ROLE_TOOL) return;
  if (s >= 0 && a >= 0 && ncalls(c, a) > 0 && c->mk[0][s] == a) return;
  hcc__fw_begin(&c->w, 1, i, HCC_PE_1);
  hcc__fw_id(&c->w, c->mid[i]);
  put_tool(c, i);
  if (s < 0) hcc__fw_text(&c->w, " has no string tool_call_id");
  else if (a < 0) hcc__fw_text(&c->w, " has no message before its run of tool messages");
  else if (ncalls(c, a) == 0) {
    hcc__fw_text(&c->w, " follows ");
    put_msg_role(c, a);
    hcc__fw_text(&c->w, ", which has no tool_calls");
  } else {
    put_index(c, " answers no call of messages[", a, "]");
  }
  hcc__fw_end(&c->w);
}

/* ---- CHECK-2: every call answered in the run after it -------------------
 * mk[1][s] = i: id s is answered in the run after assistant message i. */
static void check2(ck *c, int i) {
  int j = i + 1, n;
  if (!ncalls(c, i)) return;
  for (; j < c->t->nmsg && role(c, j) == HCC_ROLE_TOOL; j++)
    if (c->msym[j] >= 0) c->mk[1][c->msym[j]] = i;
  n = mark_unanswered(c, i, c->mk[1], i);
  if (n) {
    hcc__fw_begin(&c->w, 2, i, HCC_PE_2);
    list_marked(c, i, 1);
    hcc__fw_text(&c->w, n == 1 ? "call " : "calls ");
    list_marked(c, i, 0);
    hcc__fw_text(&c->w, n == 1 ? " has no result before " : " have no result before ");
    if (j < c->t->nmsg) put_msg_role(c, j);
    else hcc__fw_text(&c->w, "the end of the transcript");
    hcc__fw_end(&c->w);
  }
  for (int k = 0; k < ncalls(c, i); k++) {
    if (c->cid[first_call(c, i) + k] >= 0) continue;
    hcc__fw_begin(&c->w, 2, i, HCC_PE_2);
    put_index(c, "tool_calls[", k, "] has no string id, so no tool message can answer it");
    hcc__fw_end(&c->w);
  }
}

/* ---- CHECK-3: no result id twice ----------------------------------------
 * mk[2][s] = the first tool message with result id s. */
static void check3(ck *c, int i) {
  int s = c->msym[i];
  if (role(c, i) != HCC_ROLE_TOOL || s < 0) return;
  if (c->mk[2][s] < 0) {
    c->mk[2][s] = i;
    return;
  }
  hcc__fw_begin(&c->w, 3, i, HCC_PE_3);
  hcc__fw_id(&c->w, c->mid[i]);
  put_tool(c, i);
  put_index(c, " repeats the tool_call_id of messages[", c->mk[2][s], "]");
  hcc__fw_end(&c->w);
}

/* ---- CHECK-4 / CHECK-13: arguments are a JSON object string ------------- */
static const char *args_problem(ck *c, const hcc_call *call) {
  const hcc_doc *d = c->d;
  int a = call->arguments;
  if (a < 0) return "is absent";
  if (d->tok[a].type != HCC_T_STRING) return "is not a string";
  size_t n = hcc__json_decode(d->text + d->tok[a].start,
                              (size_t)(d->tok[a].end - d->tok[a].start), c->w.scratch);
  if (hcc_json_validate(c->w.scratch, n, NULL, NULL) != HCC_OK) return "is not valid JSON";
  size_t p = 0;
  while (c->w.scratch[p] == ' ' || c->w.scratch[p] == '\t' || c->w.scratch[p] == '\n' ||
         c->w.scratch[p] == '\r')
    p++;
  return c->w.scratch[p] == '{' ? NULL : "is JSON but not an object";
}

static void check_args(ck *c, int i, int rule, hcc_provider_error pe) {
  for (int k = 0; k < ncalls(c, i); k++) {
    const char *why = args_problem(c, &c->t->call[first_call(c, i) + k]);
    if (!why) continue;
    hcc__fw_begin(&c->w, rule, i, pe);
    hcc__fw_id(&c->w, c->cid[first_call(c, i) + k]);
    put_call(c, i, k);
    hcc__fw_text(&c->w, " function.arguments ");
    hcc__fw_text(&c->w, why);
    hcc__fw_end(&c->w);
  }
}

/* ---- CHECK-5: no unknown keys --------------------------------------------
 * mk[3][s] = obj: key s was seen in object obj; the first occurrence of
 * each unknown key in an object is flagged in tflag (pass 0) and written
 * (pass 1), so duplicate keys count and print once. */
static const char *const keys_basic[] = {"role", "content", "name", NULL};
static const char *const keys_assistant[] = {"role", "content", "name", "refusal", "audio",
                                             "tool_calls", "function_call", NULL};
static const char *const keys_tool[] = {"role", "content", "tool_call_id", NULL};
static const char *const keys_any[] = {"role", "content", "name", "refusal", "audio",
                                       "tool_calls", "function_call", "tool_call_id", NULL};
static const char *const keys_call[] = {"id", "type", "function", NULL};
static const char *const keys_function[] = {"name", "arguments", NULL};

static int in_list(const hcc_doc *d, int key, const char *const *list) {
  for (; *list; list++)
    if (hcc__json_str_eq(d, key, *list, strlen(*list))) return 1;
  return 0;
}

static const char *const *keys_for(const ck *c, int i) {
  int rt = c->t->msg[i].role_tok;
  switch (role(c, i)) {
  case HCC_ROLE_SYSTEM:
  case HCC_ROLE_USER: return keys_basic;
  case HCC_ROLE_ASSISTANT: return keys_assistant;
  case HCC_ROLE_TOOL: return keys_tool;
  case HCC_ROLE_OTHER:
    if (hcc__json_str_eq(c->d, rt, "developer", 9) || hcc__json_str_eq(c->d, rt, "function", 8))
      return keys_basic;
    return keys_any;
  default: return keys_any;
  }
}

/* One pass over the keys of obj.  Pass 0 counts the unknown keys; pass 1
 * writes them, each after ", " but the first (*written counts). */
static int unknown_keys(ck *c, int obj, const char *const *allowed, int pass, int k,
                        int level, int *written) {
  const hcc_doc *d = c->d;
  int n = 0, j = obj + 1;
  if (obj < 0 || d->tok[obj].type != HCC_T_OBJECT) return 0;
  for (int m = 0; m < d->tok[obj].size; m++, j = hcc__json_skip(d, j + 1)) {
    if (in_list(d, j, allowed)) continue;
    if (pass == 0) {
      int s = intern(c, j);
      c->tflag[j] = c->mk[3][s] != obj;
      c->mk[3][s] = obj;
      n += c->tflag[j];
      continue;
    }
    if (!c->tflag[j]) continue;
    if ((*written)++) hcc__fw_text(&c->w, ", ");
    if (level > 0) put_index(c, "tool_calls[", k, level == 1 ? "]." : "].function.");
    hcc__fw_tok(&c->w, j);
  }
  return n;
}

static int unknown_keys_of(ck *c, int i, int pass, int *written) {
  int n = unknown_keys(c, c->t->msg[i].tok, keys_for(c, i), pass, 0, 0, written);
  for (int k = 0; k < ncalls(c, i); k++) {
    const hcc_call *call = &c->t->call[first_call(c, i) + k];
    n += unknown_keys(c, call->tok, keys_call, pass, k, 1, written);
    n += unknown_keys(c, call->function, keys_function, pass, k, 2, written);
  }
  return n;
}

static void check5(ck *c, int i) {
  int written = 0;
  int n = unknown_keys_of(c, i, 0, &written);
  if (!n) return;
  hcc__fw_begin(&c->w, 5, i, HCC_PE_5);
  hcc__fw_text(&c->w, n == 1 ? "unknown key " : "unknown keys ");
  unknown_keys_of(c, i, 1, &written);
  hcc__fw_end(&c->w);
}

/* ---- CHECK-7: Responses pairs by call_id ---------------------------------
 * mk[0][s] = 1: some call has id s; mk[1][s] = 1: some output has id s. */
static void check7(ck *c, int i) {
  int kind = c->mkind[i], s = c->msym[i];
  if (kind == K_CALL_ITEM) {
    if (s < 0) {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_NONE);
      hcc__fw_text(&c->w, "function call has no call_id");
    } else if (c->mk[1][s] != 1) {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_7_NO_OUTPUT);
      hcc__fw_id(&c->w, c->mid[i]);
      hcc__fw_text(&c->w, "function call ");
      hcc__fw_tok(&c->w, c->mid[i]);
      hcc__fw_text(&c->w, " has no function_call_output with its call_id");
    } else {
      return;
    }
    hcc__fw_end(&c->w);
    return;
  }
  if (kind == K_OUTPUT_ITEM || role(c, i) == HCC_ROLE_TOOL) {
    if (s < 0) {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_7_NO_CALL_ID);
      hcc__fw_text(&c->w, "function_call_output has no call_id");
    } else if (c->mk[0][s] != 1) {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_7_NO_CALL);
      hcc__fw_id(&c->w, c->mid[i]);
      hcc__fw_text(&c->w, "function_call_output ");
      hcc__fw_tok(&c->w, c->mid[i]);
      hcc__fw_text(&c->w, " has no function call with its call_id");
    } else {
      return;
    }
    hcc__fw_end(&c->w);
    return;
  }
  for (int k = 0; k < ncalls(c, i); k++) {
    int x = first_call(c, i) + k;
    if (c->csym[x] >= 0 && c->mk[1][c->csym[x]] == 1) continue;
    if (c->csym[x] < 0) {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_NONE);
      put_index(c, "function call tool_calls[", k, "] has no call_id");
    } else {
      hcc__fw_begin(&c->w, 7, i, HCC_PE_7_NO_OUTPUT);
      hcc__fw_id(&c->w, c->cid[x]);
      hcc__fw_text(&c->w, "function call ");
      hcc__fw_tok(&c->w, c->cid[x]);
      hcc__fw_text(&c->w, " has no function_call_output with its call_id");
    }
    hcc__fw_end(&c->w);
  }
}

/* ---- CHECK-8: DeepSeek thinking, parallel calls together ----------------- */
static void check8(ck *c, int i) {
  int a = c->owner;
  if (!ncalls(c, i) || i == 0 || role(c, i - 1) != HCC_ROLE_TOOL) return;
  if (a < 0 || !ncalls(c, a)) return; /* an orphan run is CHECK-1's finding */
  if (nonempty_str(c->d, hcc__json_get(c->d, c->t->msg[i].tok, "reasoning_content"))) return;
  hcc__fw_begin(&c->w, 8, i, HCC_PE_8);
  ids_of_calls(c, i);
  put_index(c, "tool_calls follow the results of messages[", a,
            "] with no reasoning_content: parallel calls must stand together before their results");
  hcc__fw_end(&c->w);
}

/* ---- Anthropic turns (CHECK-9..12) ----------------------------------------
 * mk[0][s] = f: id s has a result in the user turn after the assistant turn
 * starting at f; mk[1][s] = f: a call of that assistant turn has id s. */

/* At the first message f of an assistant turn: marks the results of the
 * next user turn and returns its first message (-1: none follows). */
static int next_user_turn(ck *c, int f) {
  int j = f + 1, n = c->t->nmsg, u;
  while (j < n && (!is_turn(c, j) || role(c, j) == HCC_ROLE_ASSISTANT)) j++;
  if (j >= n) return -1;
  u = j;
  for (; j < n; j++) {
    if (!is_turn(c, j)) continue;
    if (role(c, j) == HCC_ROLE_ASSISTANT) break;
    if (role(c, j) == HCC_ROLE_TOOL && c->msym[j] >= 0) c->mk[0][c->msym[j]] = f;
  }
  return u;
}

static void anthropic_turns(ck *c, int i) {
  int assistant = role(c, i) == HCC_ROLE_ASSISTANT;
  int fresh = c->prev < 0 || (role(c, c->prev) == HCC_ROLE_ASSISTANT) != assistant;
  if (fresh && assistant) {
    c->a_first = i;
    c->u_next = next_user_turn(c, i);
  } else if (fresh) {
    c->ua_first = c->prev < 0 ? -1 : c->a_first;
    c->ua_last = c->prev;
    c->text_q = -1;
  }
  for (int k = 0; k < ncalls(c, i); k++)
    if (c->csym[first_call(c, i) + k] >= 0) c->mk[1][c->csym[first_call(c, i) + k]] = c->a_first;
}

static void check9(ck *c, int i) {
  int n;
  if (!ncalls(c, i)) return;
  n = mark_unanswered(c, i, c->mk[0], c->a_first);
  if (n) {
    hcc__fw_begin(&c->w, 9, i, HCC_PE_9);
    list_marked(c, i, 1);
    hcc__fw_text(&c->w, n == 1 ? "call " : "calls ");
    list_marked(c, i, 0);
    hcc__fw_text(&c->w, n == 1 ? " has no tool_result" : " have no tool_result");
    if (c->u_next >= 0) put_index(c, " in the next user turn (messages[", c->u_next, "])");
    else hcc__fw_text(&c->w, ": no user turn follows");
    hcc__fw_end(&c->w);
  }
  for (int k = 0; k < ncalls(c, i); k++) {
    if (c->cid[first_call(c, i) + k] >= 0) continue;
    hcc__fw_begin(&c->w, 9, i, HCC_PE_9);
    put_index(c, "tool_calls[", k, "] has no string id, so no tool_result can answer it");
    hcc__fw_end(&c->w);
  }
}

static void check10(ck *c, int i) {
  int s = c->msym[i];
  if (role(c, i) != HCC_ROLE_TOOL) return;
  if (s >= 0 && c->ua_first >= 0 && c->mk[1][s] == c->ua_first) return;
  hcc__fw_begin(&c->w, 10, i, HCC_PE_10);
  hcc__fw_id(&c->w, c->mid[i]);
  put_tool(c, i);
  if (s < 0) hcc__fw_text(&c->w, " has no string tool_call_id");
  else if (c->ua_first < 0) hcc__fw_text(&c->w, " has no assistant turn before it");
  else put_index(c, " answers no call of the assistant turn ending at messages[", c->ua_last, "]");
  hcc__fw_end(&c->w);
}

static void check11(ck *c, int i) {
  if (role(c, i) != HCC_ROLE_TOOL || c->text_q < 0) return;
  hcc__fw_begin(&c->w, 11, i, HCC_PE_NONE);
  hcc__fw_id(&c->w, c->mid[i]);
  put_tool(c, i);
  put_index(c, " comes after the text of messages[", c->text_q, "] in the same user turn");
  hcc__fw_end(&c->w);
}

static void check12(ck *c, int i) {
  if (c->prev >= 0 || role(c, i) != HCC_ROLE_ASSISTANT) return;
  hcc__fw_begin(&c->w, 12, i, HCC_PE_NONE);
  hcc__fw_text(&c->w, "the first turn has role assistant; it must be user");
  hcc__fw_end(&c->w);
}

/* ---- CHECK-14: thinking blocks of the latest assistant message ---------- */
typedef struct tb_iter {
  const hcc_doc *d;
  int list[2]; /* content, thinking_blocks */
  int li, left, j;
} tb_iter;

static void tb_init(tb_iter *it, const hcc_doc *d, int msg) {
  it->d = d;
  it->list[0] = msg < 0 ? -1 : hcc__json_get(d, msg, "content");
  it->list[1] = msg < 0 ? -1 : hcc__json_get(d, msg, "thinking_blocks");
  it->li = -1;
  it->left = 0;
  it->j = 0;
}

/* Next thinking block (token), or -1. */
static int tb_next(tb_iter *it) {
  const hcc_doc *d = it->d;
  for (;;) {
    while (it->left == 0) {
      if (++it->li >= 2) return -1;
      int l = it->list[it->li];
      if (l >= 0 && d->tok[l].type == HCC_T_ARRAY) {
        it->left = d->tok[l].size;
        it->j = l + 1;
      }
    }
    int el = it->j;
    it->j = hcc__json_skip(d, el);
    it->left--;
    if (d->tok[el].type != HCC_T_OBJECT) continue;
    int ty = hcc__json_get(d, el, "type");
    if (ty >= 0 && (hcc__json_str_eq(d, ty, "thinking", 8) ||
                    hcc__json_str_eq(d, ty, "redacted_thinking", 17)))
      return el;
  }
}

static int tb_count(const hcc_doc *d, int msg) {
  tb_iter it;
  int n = 0;
  tb_init(&it, d, msg);
  while (tb_next(&it) >= 0) n++;
  return n;
}

/* Member `key` equal in blocks a and b: absent in both, strings equal once
 * decoded, or other values with identical text. */
static int member_eq(ck *c, int a, int b, const char *key) {
  const hcc_doc *d = c->d;
  int va = hcc__json_get(d, a, key), vb = hcc__json_get(d, b, key);
  size_t na, nb;
  if (va < 0 || vb < 0) return va == vb;
  if (is_str(d, va) != is_str(d, vb)) return 0;
  if (is_str(d, va)) {
    na = hcc__json_decode(d->text + d->tok[va].start, (size_t)(d->tok[va].end - d->tok[va].start),
                          c->w.scratch);
    return hcc__json_str_eq(d, vb, c->w.scratch, na);
  }
  const char *ra = hcc__json_raw(d, va, &na), *rb = hcc__json_raw(d, vb, &nb);
  return na == nb && memcmp(ra, rb, na) == 0;
}

static int block_eq(ck *c, int a, int b) {
  return member_eq(c, a, b, "type") && member_eq(c, a, b, "thinking") &&
         member_eq(c, a, b, "signature") && member_eq(c, a, b, "data");
}

static void check14(ck *c, int i) {
  const hcc_doc *d = c->d;
  int orig_msg = -1, m = -1, j = c->original + 1;
  if (i != c->latest) return;
  for (int k = 0; k < d->tok[c->original].size; k++, j = hcc__json_skip(d, j)) {
    int r = hcc__json_get(d, j, "role");
    if (r >= 0 && hcc__json_str_eq(d, r, "assistant", 9)) {
      orig_msg = j;
      m = k;
    }
  }
  int x = tb_count(d, c->t->msg[i].tok), y = tb_count(d, orig_msg), n = 0;
  if (orig_msg < 0 && x == 0) return;
  if (orig_msg < 0 || x != y) {
    hcc__fw_begin(&c->w, 14, i, HCC_PE_14);
    put_index(c, "latest assistant message has ", x, " thinking blocks, ");
    if (orig_msg < 0) hcc__fw_text(&c->w, "original has no assistant message");
    else {
      put_index(c, "original[", m, "] has ");
      hcc__fw_int(&c->w, y);
    }
    hcc__fw_end(&c->w);
    return;
  }
  tb_iter ia, ib;
  tb_init(&ia, d, c->t->msg[i].tok);
  tb_init(&ib, d, orig_msg);
  for (int a = tb_next(&ia), b = tb_next(&ib); a >= 0; a = tb_next(&ia), b = tb_next(&ib), n++) {
    if (block_eq(c, a, b)) continue;
    hcc__fw_begin(&c->w, 14, i, HCC_PE_14);
    put_index(c, "thinking block ", n, " differs from the one in ");
    put_index(c, "original[", m, "]");
    hcc__fw_end(&c->w);
    return;
  }
}

/* ---- CHECK-15: tool names ------------------------------------------------- */
static int name_ok(ck *c, int tok) {
  const hcc_doc *d = c->d;
  size_t n = hcc__json_decode(d->text + d->tok[tok].start,
                              (size_t)(d->tok[tok].end - d->tok[tok].start), c->w.scratch);
  if (n < 1 || n > 64) return 0;
  for (size_t k = 0; k < n; k++) {
    char ch = c->w.scratch[k];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          ch == '_' || ch == '-'))
      return 0;
  }
  return 1;
}

static void check15(ck *c, int i) {
  for (int k = 0; k < ncalls(c, i); k++) {
    int name = c->t->call[first_call(c, i) + k].name;
    int has = is_str(c->d, name);
    if (has && name_ok(c, name)) continue;
    hcc__fw_begin(&c->w, 15, i, HCC_PE_NONE);
    hcc__fw_id(&c->w, c->cid[first_call(c, i) + k]);
    put_call(c, i, k);
    if (!has) hcc__fw_text(&c->w, " has no string tool name");
    else {
      hcc__fw_text(&c->w, " tool name ");
      hcc__fw_tok(&c->w, name);
      hcc__fw_text(&c->w, " does not match ^[a-zA-Z0-9_-]{1,64}$");
    }
    hcc__fw_end(&c->w);
  }
}

/* ---- Gemini turns (CHECK-16..19) ------------------------------------------ */
static int starts_response_turn(const ck *c, int i) {
  return role(c, i) == HCC_ROLE_TOOL && (c->prev < 0 || role(c, c->prev) != HCC_ROLE_TOOL);
}

static void gemini_turns(ck *c, int i) {
  if (!starts_response_turn(c, i)) return;
  c->g_call = (c->prev >= 0 && ncalls(c, c->prev)) ? c->prev : -1;
  c->g_ids = 0;
  for (int k = 0; c->g_call >= 0 && k < ncalls(c, c->g_call); k++)
    if (c->cid[first_call(c, c->g_call) + k] >= 0) c->g_ids = 1;
}

static void check16(ck *c, int i) {
  if (!starts_response_turn(c, i) || c->g_call >= 0) return;
  hcc__fw_begin(&c->w, 16, i, HCC_PE_16);
  for (int j = i; j < c->t->nmsg; j++) {
    if (!is_turn(c, j)) continue;
    if (role(c, j) != HCC_ROLE_TOOL) break;
    hcc__fw_id(&c->w, c->mid[j]);
  }
  if (c->prev < 0) hcc__fw_text(&c->w, "function response turn has no turn before it");
  else {
    hcc__fw_text(&c->w, "function response turn follows ");
    put_msg_role(c, c->prev);
    hcc__fw_text(&c->w, ", not a function call turn");
  }
  hcc__fw_end(&c->w);
}

static void check17(ck *c, int i) {
  int k = ncalls(c, i), r = 0, j = i + 1;
  if (!k) return;
  while (j < c->t->nmsg && !is_turn(c, j)) j++;
  for (; j < c->t->nmsg; j++) {
    if (!is_turn(c, j)) continue;
    if (role(c, j) != HCC_ROLE_TOOL) break;
    r++;
  }
  if (r == k) return;
  hcc__fw_begin(&c->w, 17, i, HCC_PE_17);
  ids_of_calls(c, i);
  put_index(c, "function calls: ", k, ", function responses in the next turn: ");
  hcc__fw_int(&c->w, r);
  hcc__fw_end(&c->w);
}

static void check18(ck *c, int i) {
  if (!ncalls(c, i) || (c->prev >= 0 && role(c, c->prev) != HCC_ROLE_ASSISTANT)) return;
  hcc__fw_begin(&c->w, 18, i, HCC_PE_18);
  ids_of_calls(c, i);
  if (c->prev < 0) hcc__fw_text(&c->w, "function call turn has no turn before it");
  else
    put_index(c, "function call turn follows messages[", c->prev,
              "] (assistant), not a user turn or a function response turn");
  hcc__fw_end(&c->w);
}

static void check19(ck *c, int i) {
  if (role(c, i) != HCC_ROLE_TOOL || c->g_call < 0 || !c->g_ids) return;
  if (nonempty_str(c->d, c->mid[i])) return;
  hcc__fw_begin(&c->w, 19, i, HCC_PE_19);
  put_index(c, "function response has no id while the calls of messages[", c->g_call,
            "] have ids");
  hcc__fw_end(&c->w);
}

/* ---- the run -------------------------------------------------------------- */
static void run_rule(ck *c, int rule, int i) {
  switch (rule) {
  case 1: check1(c, i); break;
  case 2: check2(c, i); break;
  case 3: check3(c, i); break;
  case 4: check_args(c, i, 4, HCC_PE_4); break;
  case 5: check5(c, i); break;
  case 7: check7(c, i); break;
  case 8: check8(c, i); break;
  case 9: check9(c, i); break;
  case 10: check10(c, i); break;
  case 11: check11(c, i); break;
  case 12: check12(c, i); break;
  case 13: check_args(c, i, 13, HCC_PE_13); break;
  case 14: if (c->original >= 0) check14(c, i); break;
  case 15: check15(c, i); break;
  case 16: check16(c, i); break;
  case 17: check17(c, i); break;
  case 18: check18(c, i); break;
  case 19: check19(c, i); break;
  default: break; /* CHECK-6 runs before the pass */
  }
}

size_t hcc__check_need(const hcc_json_info *info, size_t len) {
  size_t t = info->tokens, ints = hcc__arena_cost(t * sizeof(int));
  size_t msgs = hcc__max_msgs(info), calls = hcc__max_calls(info);
  return hcc__arena_cost(hcc__table_slots(t) * sizeof(int)) /* slot */
         + ints                                       /* rep */
         + NMARK * ints                               /* mk */
         + 2 * hcc__arena_cost(msgs * sizeof(int))    /* mid, msym */
         + 2 * hcc__arena_cost(calls * sizeof(int))   /* cid, csym */
         + hcc__arena_cost(msgs) + hcc__arena_cost(t) /* mkind, tflag */
         + hcc__arena_cost(info->max_string + 1);     /* scratch */
}

static int take_ints(hcc_arena *a, int **p, size_t n, int fill) {
  *p = hcc__arena_take(a, n * sizeof(int));
  if (!*p) return 0;
  for (size_t k = 0; k < n; k++) (*p)[k] = fill;
  return 1;
}

/* The per-message and per-call ids (prepass). */
static void read_ids(ck *c) {
  const hcc_doc *d = c->d;
  int responses = c->profile == HCC_PROFILE_RESPONSES;
  for (int i = 0; i < c->t->nmsg; i++) {
    const hcc_msg *m = &c->t->msg[i];
    int ty = responses ? hcc__json_get(d, m->tok, "type") : -1;
    c->mkind[i] = K_MESSAGE;
    if (ty >= 0 && hcc__json_str_eq(d, ty, "function_call", 13)) c->mkind[i] = K_CALL_ITEM;
    if (ty >= 0 && hcc__json_str_eq(d, ty, "function_call_output", 20)) c->mkind[i] = K_OUTPUT_ITEM;
    if (c->mkind[i] != K_MESSAGE) {
      int v = hcc__json_get(d, m->tok, "call_id");
      c->mid[i] = nonempty_str(d, v) ? v : -1;
    } else if (m->role == HCC_ROLE_TOOL) {
      int v = m->tool_call_id;
      c->mid[i] = (responses ? nonempty_str(d, v) : is_str(d, v)) ? v : -1;
    }
    c->msym[i] = intern(c, c->mid[i]);
    for (int k = 0; k < ncalls(c, i); k++) {
      int x = m->first_call + k;
      const hcc_call *call = &c->t->call[x];
      if (responses)
        c->cid[x] = nonempty_str(d, call->call_id) ? call->call_id
                    : nonempty_str(d, call->id) ? call->id : -1;
      else
        c->cid[x] = is_str(d, call->id) ? call->id : -1;
      c->csym[x] = intern(c, c->cid[x]);
    }
  }
}

int hcc__check_run(const hcc_transcript *t, const hcc_check_opts *opts, hcc_arena *a,
                   hcc_out *o, size_t *nfindings, hcc_error *err) {
  ck c;
  hcc_out counter;
  const hcc_doc *d = &t->doc;
  size_t ntok = (size_t)d->ntok, maxs = 0, nslot;
  *nfindings = 0;
  memset(&c, 0, sizeof c);
  c.rules = hcc__check_rules(opts->profile);
  if (!c.rules) return hcc__fail(err, HCC_E_PARAM, 0, "unknown check profile");
  if (!o) {
    hcc__out_init(&counter, NULL, 0);
    o = &counter;
  }
  c.t = t;
  c.d = d;
  c.profile = opts->profile;
  c.original = opts->original;
  for (size_t k = 0; k < ntok; k++)
    if (d->tok[k].type == HCC_T_STRING && (size_t)(d->tok[k].end - d->tok[k].start) > maxs)
      maxs = (size_t)(d->tok[k].end - d->tok[k].start);
  nslot = hcc__table_slots(ntok);
  c.nslot = nslot;
  size_t nm = (size_t)t->nmsg + 1, nc = (size_t)t->ncall + 1;
  int ok = take_ints(a, &c.slot, nslot, -1) && take_ints(a, &c.rep, ntok, -1);
  for (int k = 0; k < NMARK; k++) ok = ok && take_ints(a, &c.mk[k], ntok, -1);
  ok = ok && take_ints(a, &c.mid, nm, -1) && take_ints(a, &c.msym, nm, -1) &&
       take_ints(a, &c.cid, nc, -1) && take_ints(a, &c.csym, nc, -1);
  if (ok) c.mkind = hcc__arena_take(a, nm);
  if (c.mkind) c.tflag = hcc__arena_take(a, ntok);
  if (c.tflag) c.w.scratch = hcc__arena_take(a, maxs + 1);
  if (!c.w.scratch) return hcc__fail(err, HCC_E_WORKSPACE, 0, "workspace too small for the check tables");
  c.w.o = o;
  c.w.json = opts->json;
  c.w.d = d;
  read_ids(&c);

  int n = t->nmsg;
  c.owner = c.prev = c.a_first = c.u_next = c.ua_first = c.ua_last = -1;
  c.text_q = c.g_call = c.latest = -1;
  if (c.rules & BIT(6)) {
    int users = 0;
    for (int i = 0; i < n; i++) users += role(&c, i) == HCC_ROLE_USER;
    if (!users) {
      hcc__fw_begin(&c.w, 6, -1, HCC_PE_6);
      hcc__fw_text(&c.w, "no message has role user");
      hcc__fw_end(&c.w);
    }
  }
  if (c.rules & BIT(7)) {
    for (int i = 0; i < n; i++) {
      if (c.mkind[i] == K_CALL_ITEM && c.msym[i] >= 0) c.mk[0][c.msym[i]] = 1;
      if ((c.mkind[i] == K_OUTPUT_ITEM || (c.mkind[i] == K_MESSAGE && role(&c, i) == HCC_ROLE_TOOL)) &&
          c.msym[i] >= 0)
        c.mk[1][c.msym[i]] = 1;
      for (int k = 0; k < ncalls(&c, i); k++)
        if (c.csym[first_call(&c, i) + k] >= 0) c.mk[0][c.csym[first_call(&c, i) + k]] = 1;
    }
  }
  for (int i = 0; i < n; i++)
    if (role(&c, i) == HCC_ROLE_ASSISTANT) c.latest = i;

  int anthropic = (c.rules & RANGE(9, 15)) != 0, gemini = (c.rules & RANGE(16, 19)) != 0;
  for (int i = 0; i < n; i++) {
    int turn = is_turn(&c, i);
    if (role(&c, i) == HCC_ROLE_TOOL && (i == 0 || role(&c, i - 1) != HCC_ROLE_TOOL)) c.owner = i - 1;
    if (anthropic && turn) anthropic_turns(&c, i);
    if (gemini && turn) gemini_turns(&c, i);
    for (int rule = 1; rule <= 19; rule++)
      if (c.rules & BIT(rule)) run_rule(&c, rule, i);
    if (role(&c, i) == HCC_ROLE_USER) c.text_q = i;
    if (turn) c.prev = i;
  }
  *nfindings = c.w.count;
  return HCC_OK;
}

int hcc__check_transcript(const hcc_transcript *t, int profile, hcc_arena *a,
                          hcc_out *o_or_NULL, size_t *nfindings) {
  hcc_check_opts opts;
  opts.profile = profile;
  opts.json = 0;
  opts.original = -1;
  return hcc__check_run(t, &opts, a, o_or_NULL, nfindings, NULL);
}
