/* protocol.c -- the conformance protocol (spec/PROTOCOL.md): one request
 * per process (--protocol OP) or one request per line (--serve). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "internal.h"

/* Decoded string values of the current request's parameters: a text
 * parameter (fail_reason) keeps a pointer into one, so they live until the
 * next request is parsed. */
#define MAX_TEXTS 16
static char *texts[MAX_TEXTS];
static int ntexts;

static void free_texts(void) {
  for (int i = 0; i < ntexts; i++) free(texts[i]);
  ntexts = 0;
}

static int set_param(hcc_params *p, const hcc_doc *d, int k, hcc_error *err) {
  const hcc_tok *kt = &d->tok[k], *vt = &d->tok[k + 1];
  char name[64], value[64];
  size_t nlen = (size_t)(kt->end - kt->start);
  size_t vlen = (size_t)(vt->end - vt->start);
  if (vt->type == HCC_T_PRIMITIVE && d->text[vt->start] == 'n') return HCC_OK; /* null: default */
  if (vt->type == HCC_T_STRING && nlen < sizeof name) {
    char *t = ntexts < MAX_TEXTS ? malloc(vlen + 1) : NULL;
    if (!t) return hcc__fail(err, HCC_E_PARAM, (size_t)kt->start, "too many text parameters in request");
    texts[ntexts++] = t;
    nlen = hcc__json_decode(d->text + kt->start, nlen, name);
    vlen = hcc__json_decode_wide(d->text + vt->start, vlen, t);
    return hcc_params_set(p, name, nlen, t, vlen, err);
  }
  if (nlen >= sizeof name || vlen >= sizeof value ||
      vt->type == HCC_T_OBJECT || vt->type == HCC_T_ARRAY)
    return hcc__fail(err, HCC_E_PARAM, (size_t)kt->start, "bad parameter in request");
  nlen = hcc__json_decode(d->text + kt->start, nlen, name);
  if (vt->type == HCC_T_STRING) vlen = hcc__json_decode(d->text + vt->start, vlen, value);
  else memcpy(value, d->text + vt->start, vlen);
  return hcc_params_set(p, name, nlen, value, vlen, err);
}

/* Decodes standard base64 (with or without padding); returns a malloc'd
 * buffer or NULL when the text is not base64. */
static char *b64_decode(const char *s, size_t n, size_t *out_len) {
  char *out = malloc(n / 4 * 3 + 3);
  unsigned acc = 0;
  int bits = 0;
  size_t o = 0;
  if (!out) return NULL;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    int v;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '+') v = 62;
    else if (c == '/') v = 63;
    else if (c == '=') break;
    else {
      free(out);
      return NULL;
    }
    acc = (acc << 6) | (unsigned)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (char)((acc >> bits) & 0xFF);
    }
  }
  *out_len = o;
  return out;
}

int cli_parse_request(const char *req, size_t len, hcc_params *p,
                      const char **input, size_t *input_len, char **op_name,
                      char **owned, hcc_error *err) {
  hcc_json_info info;
  free_texts();
  int rc = hcc_json_validate(req, len, &info, err);
  if (rc != HCC_OK) return rc;
  size_t need = info.tokens * sizeof(hcc_tok) + 64;
  void *mem = malloc(need);
  hcc_arena a;
  hcc_doc d;
  hcc__arena_init(&a, mem, need);
  rc = hcc__json_parse(&d, req, len, &a, err);
  *input = NULL;
  *op_name = NULL;
  *owned = NULL;
  if (rc == HCC_OK && d.tok[0].type != HCC_T_OBJECT)
    rc = hcc__fail(err, HCC_E_SHAPE, 0, "a request is a JSON object");
  if (rc == HCC_OK) {
    int ps = hcc__json_get(&d, 0, "params");
    int in = hcc__json_get(&d, 0, "input");
    int b64 = hcc__json_get(&d, 0, "input_b64");
    int op = hcc__json_get(&d, 0, "op");
    if (in < 0 && (b64 < 0 || d.tok[b64].type != HCC_T_STRING))
      rc = hcc__fail(err, HCC_E_SHAPE, 0, "a request needs an \"input\" or \"input_b64\" member");
    if (rc == HCC_OK && ps >= 0 && d.tok[ps].type == HCC_T_OBJECT) {
      int k = ps + 1;
      for (int m = 0; m < d.tok[ps].size && rc == HCC_OK; m++) {
        rc = set_param(p, &d, k, err);
        k = hcc__json_skip(&d, k + 1);
      }
    }
    if (rc == HCC_OK) {
      if (in >= 0) {
        *input = hcc__json_raw(&d, in, input_len);
      } else {
        *owned = b64_decode(d.text + d.tok[b64].start, (size_t)(d.tok[b64].end - d.tok[b64].start),
                            input_len);
        if (!*owned) rc = hcc__fail(err, HCC_E_SHAPE, (size_t)d.tok[b64].start, "input_b64 is not base64");
        *input = *owned;
      }
      if (op >= 0 && d.tok[op].type == HCC_T_STRING) {
        size_t n = (size_t)(d.tok[op].end - d.tok[op].start);
        *op_name = malloc(n + 1);
        n = hcc__json_decode(d.text + d.tok[op].start, n, *op_name);
        (*op_name)[n] = 0;
      }
    }
  }
  free(mem);
  return rc;
}

/* Runs one request; fills the exit status, stdout bytes and stderr line. */
static int handle(const char *op_name, const char *req, size_t len,
                  char **out, size_t *out_len, char *errline, size_t errcap) {
  hcc_params p;
  hcc_error err;
  const char *input;
  size_t input_len;
  char *req_op = NULL;
  char *owned = NULL;
  hcc_params_init(&p);
  *out = NULL;
  *out_len = 0;
  errline[0] = 0;
  int rc = cli_parse_request(req, len, &p, &input, &input_len, &req_op, &owned, &err);
  if (rc != HCC_OK) {
    free(owned);
    snprintf(errline, errcap, "usage: bad request: %s at byte %zu: %s",
             hcc_error_name(rc), err.offset, err.message);
    free(req_op);
    return EXIT_USAGE;
  }
  const char *name = op_name ? op_name : req_op;
  int op = name ? hcc_op_from_name(name, strlen(name)) : -1;
  if (op < 0 || !hcc_op_supported((hcc_op)op)) {
    /* name may point into req_op: free it only after the message */
    snprintf(errline, errcap, "unsupported: op %s", name ? name : "(none)");
    free(req_op);
    free(owned);
    return EXIT_UNSUPPORTED;
  }
  free(req_op);
  rc = cli_run_op((hcc_op)op, &p, input, input_len, out, out_len, &err);
  free(owned);
  if (rc != HCC_OK) {
    snprintf(errline, errcap, "error: %s at byte %zu: %s", hcc_error_name(rc),
             err.offset, err.message);
    return rc == HCC_E_PARAM ? EXIT_USAGE : EXIT_REJECTED;
  }
  return EXIT_OK;
}

int cli_protocol(const char *op_name) {
  size_t len;
  char *req = cli_read_all(NULL, &len);
  char *out;
  size_t out_len;
  char errline[512];
  if (!req) {
    fprintf(stderr, "hcc: cannot read the request\n");
    return EXIT_USAGE;
  }
  int st = handle(op_name, req, len, &out, &out_len, errline, sizeof errline);
  if (st == EXIT_OK) fwrite(out, 1, out_len, stdout);
  else fprintf(stderr, "%s\n", errline);
  free(out);
  free(req);
  return st;
}

static void write_json_string(const char *s, size_t n) {
  hcc_out o;
  hcc__out_init(&o, NULL, 0);
  hcc__out_json_str(&o, s, n);
  char *buf = malloc(o.len ? o.len : 1);
  hcc__out_init(&o, buf, o.len);
  hcc__out_json_str(&o, s, n);
  fwrite(buf, 1, o.len, stdout);
  free(buf);
}

int cli_serve(void) {
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) > 0) {
    if (line[n - 1] == '\n') n--;
    char *out;
    size_t out_len;
    char errline[512];
    int st = handle(NULL, line, (size_t)n, &out, &out_len, errline, sizeof errline);
    printf("{\"exit\": %d, \"stdout\": ", st);
    write_json_string(out ? out : "", out ? out_len : 0);
    fputs(", \"stderr\": ", stdout);
    write_json_string(errline, strlen(errline));
    fputs("}\n", stdout);
    fflush(stdout);
    free(out);
  }
  free(line);
  return EXIT_OK;
}
