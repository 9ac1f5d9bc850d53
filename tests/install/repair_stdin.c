/* repair_stdin.c -- the smallest program against an installed hcc: the
 * transcript on stdin through the strip repair, the result on stdout.
 * tests/install/test_install.sh builds it with `pkg-config --cflags --libs hcc`. */
#include <hcc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  static char in[1 << 20], out[1 << 20];
  size_t len = fread(in, 1, sizeof in, stdin), need = 0, out_len = 0;
  hcc_params p;
  hcc_error err;
  hcc_params_init(&p);
  if (hcc_workspace_size(HCC_OP_REPAIR, &p, in, len, &need, &err) != HCC_OK) return 1;
  void *ws = malloc(need);
  int rc = hcc_run(HCC_OP_REPAIR, &p, in, len, ws, need, out, sizeof out, &out_len, &err);
  if (rc != HCC_OK) { fprintf(stderr, "%s: %s\n", hcc_error_name(rc), err.message); return 1; }
  fwrite(out, 1, out_len, stdout);
  free(ws);
  return 0;
}
