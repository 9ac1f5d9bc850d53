/* run.c -- sizing, workspace and output allocation around hcc_run. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_run_op(hcc_op op, const hcc_params *p, const char *in, size_t len,
               char **out, size_t *out_len, hcc_error *err) {
  size_t need = 0;
  int rc = hcc_workspace_size(op, p, in, len, &need, err);
  if (rc != HCC_OK) return rc;
  void *ws = malloc(need ? need : 1);
  size_t cap = len + 4096;
  char *buf = malloc(cap);
  if (!ws || !buf) {
    free(ws);
    free(buf);
    fprintf(stderr, "hcc: out of memory\n");
    exit(70);
  }
  rc = hcc_run(op, p, in, len, ws, need, buf, cap, out_len, err);
  if (rc == HCC_E_NOSPACE) {
    free(buf);
    cap = *out_len ? *out_len : 1;
    buf = malloc(cap);
    if (!buf) {
      free(ws);
      fprintf(stderr, "hcc: out of memory\n");
      exit(70);
    }
    rc = hcc_run(op, p, in, len, ws, need, buf, cap, out_len, err);
  }
  free(ws);
  if (rc != HCC_OK) {
    free(buf);
    *out = NULL;
    return rc;
  }
  *out = buf;
  return HCC_OK;
}

char *cli_read_all(const char *path, size_t *len) {
  FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) {
      if (ferror(f)) {
        free(buf);
        buf = NULL;
      }
      break;
    }
    char *nb = realloc(buf, cap * 2);
    if (!nb) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = nb;
    cap *= 2;
  }
  if (f != stdin) fclose(f);
  *len = n;
  return buf;
}
