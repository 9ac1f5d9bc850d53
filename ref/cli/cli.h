/* cli.h -- pieces of the hcc command-line program (it may allocate). */
#ifndef HCC_CLI_H
#define HCC_CLI_H
#include <stdio.h>

#include "hcc.h"

/* Exit statuses of the program (spec/PROTOCOL.md). */
#define EXIT_OK 0          /* the op ran; its output is on stdout */
#define EXIT_REJECTED 1    /* the input was refused (or check found something) */
#define EXIT_USAGE 2       /* bad command line: unknown parameter or value, missing file */
#define EXIT_UNSUPPORTED 3 /* the op is not implemented by this build */

/* Reads a whole file ("-" or NULL: stdin).  Returns NULL on error. */
char *cli_read_all(const char *path, size_t *len);

/* Runs op on in[0..len) with workspace and output it allocates.  On
 * success *out holds the result (caller frees).  Returns an HCC code. */
int cli_run_op(hcc_op op, const hcc_params *p, const char *in, size_t len,
               char **out, size_t *out_len, hcc_error *err);

/* Splits a protocol request into parameters (applied to p) and the input
 * bytes: the raw bytes of its "input" value, or the decoded "input_b64"
 * (then *owned holds the buffer to free).  *op_name (to free) is the
 * request's "op" or NULL.  Returns an HCC code. */
int cli_parse_request(const char *req, size_t len, hcc_params *p,
                      const char **input, size_t *input_len, char **op_name,
                      char **owned, hcc_error *err);

int cli_protocol(const char *op_name);
int cli_serve(void);
#endif
