/* main.c -- hcc <op> [--name=value ...] [FILE]
 *
 * Reads FILE (or stdin), runs the op, writes the result to stdout only on
 * success.  Exit 0 success, 1 rejected input (first stderr line
 * "error: HCC_E_<CODE> at byte N: <words>") or `check` printed findings,
 * 2 usage, 3 op not supported. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const op_help[HCC_OP__COUNT] = {
    "strict RFC 8259 check; prints the input unchanged when it is valid",
    "one line per message: index, role, ids, sizes",
    "compaction boundaries {head_end, compress_start, compress_end}",
    "trajectory boundary snapping and protected turns",
    "JSON-safe truncation of long string values in tool-call arguments",
    "remove one summary prefix from a summary string",
    "apply the current summary prefix to a summary body",
    "classify message content as standalone / merged / none summary",
    "orphan tool-pair repair (--policy=strip|stub)",
    "old tool-output pruning",
    "tool-output pruning behind the reclaim gate",
    "the whole compaction pass with the deterministic stub summarizer",
    "trajectory compression of one {\"conversations\": [...]} entry",
    "provider structural check (--profile=...)",
    "historical media stripping (images of older turns replaced by labels)",
    "both boundary alignments at one index {forward, backward} (--at=N)",
    "hermes's secret redaction of one JSON string (REDACT-*)"};

static void usage(FILE *f) {
  fprintf(f,
          "usage: hcc <op> [--name=value ...] [FILE]\n"
          "       hcc <op> --help\n"
          "       hcc --protocol <op>   (one conformance request on stdin)\n"
          "       hcc --serve           (one conformance request per line)\n"
          "       hcc --version\n\nops:\n");
  for (int i = 0; i < HCC_OP__COUNT; i++)
    fprintf(f, "  %-17s %s%s\n", hcc_op_name((hcc_op)i), op_help[i],
            hcc_op_supported((hcc_op)i) ? "" : " (not in this build)");
  fprintf(f, "\nparameters (hermes's names; '-' or '_'):\n ");
  for (size_t i = 0; hcc_param_name(i); i++) fprintf(f, " --%s", hcc_param_name(i));
  fprintf(f, "\n");
}

/* --check=PROFILE: runs `check` on the op's own output and fails loudly
 * (HCC_E_CHECK, findings on stderr, no output) if a provider would refuse
 * it.  Spec CHECK-23. */
static int self_check(const char *profile, const char *out, size_t out_len) {
  hcc_params cp;
  hcc_error err;
  char *findings;
  size_t n;
  hcc_params_init(&cp);
  if (hcc_params_set(&cp, "profile", 7, profile, strlen(profile), &err) != HCC_OK) {
    fprintf(stderr, "usage: --check=%s: %s\n", profile, err.message);
    return EXIT_USAGE;
  }
  int rc = cli_run_op(HCC_OP_CHECK, &cp, out, out_len, &findings, &n, &err);
  if (rc != HCC_OK) {
    fprintf(stderr, "error: HCC_E_CHECK at byte 0: the output could not be checked (%s: %s)\n",
            hcc_error_name(rc), err.message);
    return EXIT_REJECTED;
  }
  if (n > 0) {
    fprintf(stderr, "error: HCC_E_CHECK at byte 0: the output fails the %s profile:\n", profile);
    fwrite(findings, 1, n, stderr);
  }
  free(findings);
  return n > 0 ? EXIT_REJECTED : EXIT_OK;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(stdout);
    return EXIT_OK;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("hcc %s (hermes-agent %s)\n", HCC_VERSION, HCC_HERMES_COMMIT);
    return EXIT_OK;
  }
  if (!strcmp(argv[1], "--serve")) return cli_serve();
  if (!strcmp(argv[1], "--protocol")) {
    if (argc != 3) {
      fprintf(stderr, "usage: hcc --protocol <op>\n");
      return EXIT_USAGE;
    }
    return cli_protocol(argv[2]);
  }
  int op = hcc_op_from_name(argv[1], strlen(argv[1]));
  if (op < 0) {
    fprintf(stderr, "usage: unknown op '%s' (hcc --help lists them)\n", argv[1]);
    return EXIT_USAGE;
  }
  hcc_params p;
  hcc_error err;
  const char *file = NULL;
  const char *check_profile = NULL; /* --check=PROFILE (repair, compress) */
  hcc_params_init(&p);
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help")) {
      printf("hcc %s: %s\n", argv[1], op_help[op]);
      printf("parameters:");
      for (size_t k = 0; hcc_param_name(k); k++) printf(" --%s", hcc_param_name(k));
      printf("\nSee spec/SPEC.md for which parameters the op reads.\n");
      return EXIT_OK;
    }
    if (!strncmp(a, "--check=", 8) && (op == HCC_OP_REPAIR || op == HCC_OP_COMPRESS)) {
      check_profile = a + 8;
      continue;
    }
    if (a[0] == '-' && a[1] == '-') {
      const char *eq = strchr(a, '=');
      const char *name = a + 2;
      size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
      const char *val = eq ? eq + 1 : "true"; /* a bare flag means true */
      if (hcc_params_set(&p, name, nlen, val, strlen(val), &err) != HCC_OK) {
        fprintf(stderr, "usage: --%.*s: %s\n", (int)nlen, name, err.message);
        return EXIT_USAGE;
      }
      continue;
    }
    if (file) {
      fprintf(stderr, "usage: only one input file\n");
      return EXIT_USAGE;
    }
    file = a;
  }
  if (!hcc_op_supported((hcc_op)op)) {
    fprintf(stderr, "unsupported: op %s is not in this build\n", argv[1]);
    return EXIT_UNSUPPORTED;
  }
  size_t len;
  char *in = cli_read_all(file, &len);
  if (!in) {
    fprintf(stderr, "usage: cannot read %s\n", file ? file : "stdin");
    return EXIT_USAGE;
  }
  char *out;
  size_t out_len;
  int rc = cli_run_op((hcc_op)op, &p, in, len, &out, &out_len, &err);
  free(in);
  if (rc != HCC_OK) {
    fprintf(stderr, "error: %s at byte %zu: %s\n", hcc_error_name(rc), err.offset, err.message);
    return EXIT_REJECTED;
  }
  int st = check_profile ? self_check(check_profile, out, out_len) : EXIT_OK;
  if (st != EXIT_OK) {
    free(out);
    return st;
  }
  fwrite(out, 1, out_len, stdout);
  free(out);
  /* check reports findings as output; the command line fails when there
   * are any (the protocol mode exits 0 with them, spec CHECK-21). */
  if (op == HCC_OP_CHECK && out_len > 0) return EXIT_REJECTED;
  return EXIT_OK;
}
