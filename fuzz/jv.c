/* jv.c -- the oracles' own JSON value tree (see jv.h).  A plain recursive
 * descent over text the library's validator has accepted; it still checks
 * every byte it relies on, so a validator bug shows up as a NULL here
 * rather than as a crash in the harness. */
#include "jv.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *s;
  size_t n, i;
  int depth;
} rd;

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) abort();
  return q;
}

static void blanks(rd *r) {
  while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
                         r->s[r->i] == '\r'))
    r->i++;
}

static int hex4(const char *p, unsigned *v) {
  *v = 0;
  for (int k = 0; k < 4; k++) {
    char c = p[k];
    unsigned d;
    if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
    else return 0;
    *v = *v * 16 + d;
  }
  return 1;
}

static size_t put_cp(char *d, unsigned cp) {
  if (cp < 0x80) {
    d[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    d[0] = (char)(0xC0 | (cp >> 6));
    d[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    d[0] = (char)(0xE0 | (cp >> 12));
    d[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    d[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  d[0] = (char)(0xF0 | (cp >> 18));
  d[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  d[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  d[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* Parses a string at r->i (the opening quote) into v. */
static int string(rd *r, jv *v) {
  size_t start = r->i++;
  size_t cap = 0, n = 0;
  size_t j = r->i;
  while (j < r->n && r->s[j] != '"') j += (r->s[j] == '\\') ? 2 : 1;
  if (j >= r->n) return 0;
  cap = j - r->i + 1;
  char *d = xrealloc(NULL, cap);
  while (r->i < r->n && r->s[r->i] != '"') {
    unsigned char c = (unsigned char)r->s[r->i];
    if (c < 0x20) goto bad;
    if (c != '\\') {
      d[n++] = (char)c;
      r->i++;
      continue;
    }
    if (r->i + 1 >= r->n) goto bad;
    char e = r->s[r->i + 1];
    r->i += 2;
    switch (e) {
    case '"': d[n++] = '"'; break;
    case '\\': d[n++] = '\\'; break;
    case '/': d[n++] = '/'; break;
    case 'b': d[n++] = '\b'; break;
    case 'f': d[n++] = '\f'; break;
    case 'n': d[n++] = '\n'; break;
    case 'r': d[n++] = '\r'; break;
    case 't': d[n++] = '\t'; break;
    case 'u': {
      unsigned u, lo;
      if (r->i + 4 > r->n || !hex4(r->s + r->i, &u)) goto bad;
      r->i += 4;
      if (u >= 0xD800 && u < 0xDC00 && r->i + 6 <= r->n && r->s[r->i] == '\\' &&
          r->s[r->i + 1] == 'u' && hex4(r->s + r->i + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        r->i += 6;
      }
      n += put_cp(d + n, u); /* \uXXXX is 6 bytes, at most 4 decoded */
      break;
    }
    default:
      goto bad;
    }
  }
  r->i++; /* closing quote */
  d[n] = 0;
  v->k = JV_STR;
  v->s = d;
  v->n = n;
  v->raw = r->s + start;
  v->raw_len = r->i - start;
  return 1;
bad:
  free(d);
  return 0;
}

static int value(rd *r, jv *v);

static int container(rd *r, jv *v, int obj) {
  size_t start = r->i++;
  size_t cap = 0;
  v->k = obj ? JV_OBJ : JV_ARR;
  if (++r->depth > 600) return 0;
  blanks(r);
  if (r->i < r->n && r->s[r->i] == (obj ? '}' : ']')) {
    r->i++;
  } else {
    for (;;) {
      if (v->len == cap) {
        cap = cap ? cap * 2 : 4;
        v->kids = xrealloc(v->kids, cap * sizeof(jv));
        if (obj) v->keys = xrealloc(v->keys, cap * sizeof(jv));
      }
      memset(&v->kids[v->len], 0, sizeof(jv));
      if (obj) {
        memset(&v->keys[v->len], 0, sizeof(jv));
        blanks(r);
        if (r->i >= r->n || r->s[r->i] != '"') return 0;
        if (!string(r, &v->keys[v->len])) return 0;
        v->len++; /* counted now so jv_free releases the key on failure */
        blanks(r);
        if (r->i >= r->n || r->s[r->i] != ':') return 0;
        r->i++;
        if (!value(r, &v->kids[v->len - 1])) return 0;
      } else {
        v->len++;
        if (!value(r, &v->kids[v->len - 1])) return 0;
      }
      blanks(r);
      if (r->i >= r->n) return 0;
      if (r->s[r->i] == ',') {
        r->i++;
        continue;
      }
      if (r->s[r->i] != (obj ? '}' : ']')) return 0;
      r->i++;
      break;
    }
  }
  r->depth--;
  v->raw = r->s + start;
  v->raw_len = r->i - start;
  return 1;
}

static int number(rd *r, jv *v) {
  size_t start = r->i;
  int fl = 0;
  if (r->i < r->n && r->s[r->i] == '-') r->i++;
  size_t d0 = r->i;
  while (r->i < r->n) {
    char c = r->s[r->i];
    if (c >= '0' && c <= '9') r->i++;
    else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
      fl = 1;
      r->i++;
    } else break;
  }
  if (r->i == d0) return 0;
  v->k = fl ? JV_FLOAT : JV_INT;
  v->raw = r->s + start;
  v->raw_len = r->i - start;
  return 1;
}

static int lit(rd *r, jv *v, const char *w, jv_kind k) {
  size_t m = strlen(w);
  if (r->n - r->i < m || memcmp(r->s + r->i, w, m) != 0) return 0;
  v->k = k;
  v->raw = r->s + r->i;
  v->raw_len = m;
  r->i += m;
  return 1;
}

static int value(rd *r, jv *v) {
  blanks(r);
  if (r->i >= r->n) return 0;
  switch (r->s[r->i]) {
  case '{': return container(r, v, 1);
  case '[': return container(r, v, 0);
  case '"': return string(r, v);
  case 't': return lit(r, v, "true", JV_TRUE);
  case 'f': return lit(r, v, "false", JV_FALSE);
  case 'n': return lit(r, v, "null", JV_NULL);
  default: return number(r, v);
  }
}

static void release(jv *v) {
  for (size_t i = 0; i < v->len; i++) {
    release(&v->kids[i]);
    if (v->keys) release(&v->keys[i]);
  }
  free(v->kids);
  free(v->keys);
  free(v->s);
}

jv *jv_parse(const char *text, size_t len) {
  rd r = {text, len, 0, 0};
  jv *v = calloc(1, sizeof *v);
  if (!v) abort();
  int ok = value(&r, v);
  blanks(&r);
  if (!ok || r.i != len) {
    jv_free(v);
    return NULL;
  }
  return v;
}

void jv_free(jv *v) {
  if (!v) return;
  release(v);
  free(v);
}

static int key_eq(const jv *a, const jv *b) { return a->n == b->n && memcmp(a->s, b->s, a->n) == 0; }

size_t jv_view(const jv *obj, size_t **idx, size_t **val) {
  size_t m = 0;
  *idx = xrealloc(NULL, obj->len * sizeof(size_t));
  *val = xrealloc(NULL, obj->len * sizeof(size_t));
  for (size_t i = 0; i < obj->len; i++) {
    size_t k = 0;
    while (k < m && !key_eq(&obj->keys[(*idx)[k]], &obj->keys[i])) k++;
    if (k == m) {
      (*idx)[m] = i;
      m++;
    }
    (*val)[k] = i;
  }
  return m;
}

const jv *jv_get(const jv *obj, const char *key) {
  if (!obj || obj->k != JV_OBJ) return NULL;
  size_t n = strlen(key);
  for (size_t i = obj->len; i-- > 0;)
    if (obj->keys[i].n == n && memcmp(obj->keys[i].s, key, n) == 0) return &obj->kids[i];
  return NULL;
}

int jv_is_str(const jv *v, const char *s) {
  size_t n = strlen(s);
  return v && v->k == JV_STR && v->n == n && memcmp(v->s, s, n) == 0;
}

int jv_str_eq(const jv *a, const jv *b) {
  return a && b && a->k == JV_STR && b->k == JV_STR && key_eq(a, b);
}

int jv_nonempty_str(const jv *v) { return v && v->k == JV_STR && v->n > 0; }

static int int_is_zero(const jv *v) {
  for (size_t i = 0; i < v->raw_len; i++)
    if (v->raw[i] != '-' && v->raw[i] != '0') return 0;
  return 1;
}

static double as_double(const jv *v) {
  char buf[64];
  char *tmp = v->raw_len < sizeof buf ? buf : xrealloc(NULL, v->raw_len + 1);
  memcpy(tmp, v->raw, v->raw_len);
  tmp[v->raw_len] = 0;
  double d = strtod(tmp, NULL);
  if (tmp != buf) free(tmp);
  return d;
}

int jv_truthy(const jv *v) {
  if (!v) return 0; /* absent: dict.get() gives None */
  switch (v->k) {
  case JV_NULL:
  case JV_FALSE: return 0;
  case JV_TRUE: return 1;
  case JV_INT: return !int_is_zero(v);
  case JV_FLOAT: return as_double(v) != 0.0;
  case JV_STR: return v->n > 0;
  default: return v->len > 0;
  }
}

unsigned jv_next_cp(const char *s, size_t n, size_t *i) {
  unsigned char c = (unsigned char)s[*i];
  int extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
  unsigned cp = extra == 0 ? c : extra == 1 ? (c & 0x1Fu) : extra == 2 ? (c & 0x0Fu) : (c & 0x07u);
  (*i)++;
  for (int k = 0; k < extra && *i < n; k++, (*i)++) cp = (cp << 6) | ((unsigned char)s[*i] & 0x3Fu);
  return cp;
}

size_t jv_cps(const jv *v) {
  size_t i = 0, k = 0;
  while (i < v->n) {
    jv_next_cp(v->s, v->n, &i);
    k++;
  }
  return k;
}

int jv_py_space(unsigned cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

int jv_all_space(const jv *v) {
  size_t i = 0;
  while (i < v->n)
    if (!jv_py_space(jv_next_cp(v->s, v->n, &i))) return 0;
  return 1;
}

int jv_raw_eq(const jv *a, const jv *b) {
  return a->raw_len == b->raw_len && memcmp(a->raw, b->raw, a->raw_len) == 0;
}

/* Ints by their digits ("-0" is 0; strict JSON has no leading zeros). */
static int int_eq(const jv *a, const jv *b) {
  if (int_is_zero(a) || int_is_zero(b)) return int_is_zero(a) && int_is_zero(b);
  return jv_raw_eq(a, b);
}

int jv_eq(const jv *a, const jv *b) {
  if (a->k != b->k) return 0;
  switch (a->k) {
  case JV_NULL:
  case JV_FALSE:
  case JV_TRUE: return 1;
  case JV_INT: return int_eq(a, b);
  case JV_FLOAT: return as_double(a) == as_double(b);
  case JV_STR: return key_eq(a, b);
  case JV_ARR:
    if (a->len != b->len) return 0;
    for (size_t i = 0; i < a->len; i++)
      if (!jv_eq(&a->kids[i], &b->kids[i])) return 0;
    return 1;
  case JV_OBJ: {
    size_t *ai, *av, *bi, *bv;
    size_t na = jv_view(a, &ai, &av), nb = jv_view(b, &bi, &bv);
    int eq = na == nb;
    for (size_t i = 0; eq && i < na; i++)
      eq = key_eq(&a->keys[ai[i]], &b->keys[bi[i]]) && jv_eq(&a->kids[av[i]], &b->kids[bv[i]]);
    free(ai);
    free(av);
    free(bi);
    free(bv);
    return eq;
  }
  }
  return 0;
}

const jv *jv_messages(const jv *root) {
  if (root->k == JV_ARR) return root;
  const jv *m = jv_get(root, "messages");
  return m && m->k == JV_ARR ? m : NULL;
}

const jv *jv_call_id(const jv *call) {
  if (!call || call->k != JV_OBJ) return NULL;
  const jv *c = jv_get(call, "call_id");
  if (jv_nonempty_str(c)) return c;
  c = jv_get(call, "id");
  return jv_nonempty_str(c) ? c : NULL;
}
