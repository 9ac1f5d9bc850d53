/* error.c -- stable names and texts of the status codes. */
#include "internal.h"

static const char *const names[] = {
    "HCC_OK",          "HCC_E_NOSPACE", "HCC_E_WORKSPACE", "HCC_E_EMPTY",
    "HCC_E_SYNTAX",    "HCC_E_UTF8",    "HCC_E_CONTROL",   "HCC_E_ESCAPE",
    "HCC_E_NUMBER",    "HCC_E_LITERAL", "HCC_E_TRAILING",  "HCC_E_DEPTH",
    "HCC_E_TOOBIG",    "HCC_E_SHAPE",   "HCC_E_PARAM",     "HCC_E_UNSUPPORTED",
    "HCC_E_SUMMARY",   "HCC_E_CHECK",   "HCC_E_TRUNCATED"};

static const char *const texts[] = {
    "success",
    "output buffer too small",
    "workspace too small",
    "no JSON value in the input",
    "JSON syntax error",
    "invalid UTF-8",
    "raw control character inside a string",
    "invalid escape sequence",
    "malformed number",
    "malformed literal",
    "data after the root value",
    "nesting too deep",
    "input too large",
    "JSON is not the shape this operation reads",
    "parameter out of range",
    "operation not supported",
    "summarizer returned no summary",
    "output failed the structural check",
    "input ends inside a value"};

_Static_assert(sizeof names / sizeof names[0] == 1 - HCC_E__LAST, "one name per code");
_Static_assert(sizeof texts / sizeof texts[0] == 1 - HCC_E__LAST, "one text per code");

const char *hcc_error_name(int code) {
  if (code > 0 || code < HCC_E__LAST) return "HCC_E_UNKNOWN";
  return names[-code];
}

const char *hcc_error_text(int code) {
  if (code > 0 || code < HCC_E__LAST) return "unknown status code";
  return texts[-code];
}

int hcc__fail(hcc_error *err, int code, size_t offset, const char *message) {
  if (err) {
    err->code = code;
    err->offset = offset;
    err->message = message ? message : hcc_error_text(code);
  }
  return code;
}
