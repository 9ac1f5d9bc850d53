/*
 * hcc.h -- the one public header of hcc, the reference implementation of the
 * structural rules of hermes-agent's context compaction.
 *
 * The comments in this file are the API documentation.
 *
 * Memory contract (in the manner of jsmn and BearSSL):
 *   - The library never allocates and holds no mutable global state.
 *   - Every call takes a caller-owned workspace (any alignment; the library
 *     aligns inside it) and a caller-owned output buffer.
 *   - hcc_workspace_size() tells the workspace a given input needs, from a
 *     linear pre-scan of that input (enough, and close to what is used);
 *     hcc_workspace_bound() tells an upper bound from the input length alone.
 *   - When the output buffer is too small, the call returns HCC_E_NOSPACE and
 *     stores the number of bytes the output needs in *out_len (as snprintf
 *     does).  Nothing useful is in the buffer then.
 *   - Pointer arguments are never NULL unless the text says so.
 *   - Numbers are formatted and parsed with snprintf/strtod, so the calling
 *     thread must use the "C" LC_NUMERIC locale (the default of a C program
 *     that never calls setlocale).
 *
 * Shared library: libhcc.so.0 exports exactly the functions declared here
 * (ref/libhcc.map).  While HCC_VERSION is 0.x, struct hcc_params may gain
 * fields at its end under the same soname, so a program that allocates one
 * must be built against the header of the library it runs with; setting
 * parameters by name (hcc_params_set) into a larger buffer is immune.
 *
 * Errors: every function returns HCC_OK (0) or a negative HCC_E_* code; the
 * codes and their numbers are stable and never reused.  An hcc_error filled
 * by a failing call carries the code, the byte offset into the input where
 * the problem was found, and a static English message.
 */
#ifndef HCC_H
#define HCC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HCC_VERSION "0.1.0"
/* The hermes-agent commit whose agent/context_compressor.py the rules follow. */
#define HCC_HERMES_COMMIT "0000416b34a3dad10c39446ab62c6626c609c30f"
/* The commit of trajectory_compressor.py the trajectory rules follow. */
#define HCC_HERMES_TRAJECTORY_COMMIT "06063907e5e2b28ec5c59c534c9488a0c4c4dbcc"

/* ---- status codes ------------------------------------------------------ */
#define HCC_OK 0
#define HCC_E_NOSPACE (-1)     /* output buffer too small; *out_len = size needed */
#define HCC_E_WORKSPACE (-2)   /* workspace too small; see hcc_workspace_size() */
#define HCC_E_EMPTY (-3)       /* input holds no JSON value (empty or only blanks) */
#define HCC_E_SYNTAX (-4)      /* JSON grammar violated (commas, colons, brackets) */
#define HCC_E_UTF8 (-5)        /* bytes are not strict UTF-8 */
#define HCC_E_CONTROL (-6)     /* raw control byte (U+0000..U+001F) inside a string */
#define HCC_E_ESCAPE (-7)      /* bad backslash escape or bad \u hex digits */
#define HCC_E_NUMBER (-8)      /* number does not follow the RFC 8259 grammar */
#define HCC_E_LITERAL (-9)     /* not exactly true, false or null */
#define HCC_E_TRAILING (-10)   /* something other than blanks after the one root value */
#define HCC_E_DEPTH (-11)      /* nesting deeper than HCC_MAX_DEPTH */
#define HCC_E_TOOBIG (-12)     /* input longer than HCC_MAX_INPUT bytes */
#define HCC_E_SHAPE (-13)      /* valid JSON, but not the shape the op reads */
#define HCC_E_PARAM (-14)      /* a parameter is out of its range */
#define HCC_E_UNSUPPORTED (-15)/* op unknown to this build */
#define HCC_E_SUMMARY (-16)    /* reserved: not returned by this version (an aborted
                                  compress returns what hermes returns, COMPRESS-8) */
#define HCC_E_CHECK (-17)      /* the op's own output failed the structural check */
#define HCC_E_TRUNCATED (-18)  /* input ends inside a value (unterminated string, open bracket) */
#define HCC_E__LAST (-18)

/* Nesting limit of the JSON layer: arrays and objects deeper than this are
 * rejected with HCC_E_DEPTH (Python's json module stops near 1000 with a
 * RecursionError; real transcripts nest fewer than 20 levels). */
#define HCC_MAX_DEPTH 512
/* Largest input accepted: jsmn keeps offsets in int. */
#define HCC_MAX_INPUT ((size_t)0x7ffffff0)

typedef struct hcc_error {
  int code;            /* HCC_OK or an HCC_E_* code */
  size_t offset;       /* byte offset into the input where the problem is */
  const char *message; /* static text describing the problem; never NULL */
} hcc_error;

/* Stable name of a status code, e.g. "HCC_E_SYNTAX"; "HCC_E_UNKNOWN" for
 * numbers that are not codes. */
const char *hcc_error_name(int code);
/* Default one-line description of a status code. */
const char *hcc_error_text(int code);

/* ---- operations -------------------------------------------------------- */
typedef enum hcc_op {
  HCC_OP_VALIDATE = 0,     /* strict JSON check; output: the input, unchanged */
  HCC_OP_MESSAGES,         /* outline of a transcript, one line per message */
  HCC_OP_ALIGN,            /* compaction boundaries (spec ALIGN-*) */
  HCC_OP_TRAJECTORY_SNAP,  /* trajectory boundaries (spec TRAJ-*) */
  HCC_OP_TRUNCATE_ARGS,    /* JSON-safe tool-argument truncation (ARGS-*) */
  HCC_OP_STRIP_PREFIX,     /* summary prefix removal (PREFIX-*) */
  HCC_OP_WITH_PREFIX,      /* summary prefix application (PREFIX-*) */
  HCC_OP_CLASSIFY_SUMMARY, /* standalone / merged / none (PREFIX-*) */
  HCC_OP_REPAIR,           /* orphan tool-pair repair (PAIRS-*) */
  HCC_OP_PRUNE,            /* old tool-output pruning (PRUNE-*) */
  HCC_OP_PRUNE_ONLY,       /* pruning behind the reclaim gate (PRUNE-*) */
  HCC_OP_COMPRESS,         /* the whole pass with the stub summarizer (COMPRESS-*) */
  HCC_OP_TRAJECTORY,       /* trajectory compression (TRAJ-*) */
  HCC_OP_CHECK,            /* provider structural linter (CHECK-*) */
  HCC_OP_STRIP_MEDIA,      /* historical media stripping (PRUNE-11, PRUNE-12) */
  HCC_OP_ALIGN_AT,         /* both alignment moves at one index (ALIGN-16) */
  HCC_OP_REDACT,           /* hermes's secret redaction of one string (REDACT-*) */
  HCC_OP__COUNT
} hcc_op;

/* Name used by the CLI and the conformance protocol ("truncate-args"), or
 * NULL for a value that is not an op. */
const char *hcc_op_name(hcc_op op);
/* Op for a name, or -1 when the name is unknown. */
int hcc_op_from_name(const char *name, size_t len);

/* 1 when this build implements op (the conformance protocol answers
 * "not supported" for the others). */
int hcc_op_supported(hcc_op op);

/* Repair policies (spec PAIRS-*). */
#define HCC_POLICY_STRIP 0 /* pinned hermes: unanswered calls are removed */
#define HCC_POLICY_STUB 1  /* hermes v0.15.1: a stub result is inserted */

/* Provider profiles of the structural check (spec CHECK-*). */
#define HCC_PROFILE_OPENAI 0
#define HCC_PROFILE_OPENAI_STRICT 1
#define HCC_PROFILE_ANTHROPIC 2
#define HCC_PROFILE_GEMINI 3
#define HCC_PROFILE_DEEPSEEK_THINKING 4
#define HCC_PROFILE_RESPONSES 5

/* Parameters of every op.  hcc_params_init() sets hermes's defaults; the
 * field names are hermes's configuration names. */
typedef struct hcc_params {
  /* compaction budget (ALIGN-*, PRUNE-*, COMPRESS-*) */
  int64_t context_length;        /* tokens of the model window */
  double threshold_percent;      /* fraction of the window that triggers compaction */
  double summary_target_ratio;   /* share of the threshold kept as raw tail */
  int64_t protect_first_n;       /* head messages kept after the system prompt */
  int64_t protect_last_n;        /* message floor of the protected tail */
  int64_t min_tail_user_messages;/* user turns the tail must keep (0 = off) */
  int64_t compression_count;     /* compactions already done in this session */
  int64_t tail_token_budget;     /* -1: derived from the fields above as hermes does */
  int explain;                   /* align: report every intermediate index */
  /* JSON-safe truncation (ARGS-*) */
  int64_t head_chars;            /* code points kept of a long string value */
  int truncate_all;              /* 1: every call, ignoring the selection rule */
  /* repair (PAIRS-*) */
  int policy;                    /* HCC_POLICY_STRIP or HCC_POLICY_STUB */
  /* compress / summarizer */
  int summarizer_fail;           /* 1: the stub summarizer returns nothing */
  int abort_on_summary_failure; /* 1: a failed summary aborts the pass (COMPRESS-8) */
  int wire;                      /* drop underscore-prefixed keys from the output */
  /* check (CHECK-*) */
  int profile;                   /* HCC_PROFILE_* */
  int check_json;                /* check: findings as JSON lines */
  /* trajectory, trajectory-snap (TRAJ-*): the CompressionConfig names of
   * trajectory_compressor.py, with its defaults */
  int64_t target_max_tokens;     /* token budget of one trajectory (15250) */
  int64_t summary_target_tokens; /* tokens the summary stands for (750) */
  int protect_first_system;      /* keep the first system turn (1) */
  int protect_first_human;       /* keep the first human turn (1) */
  int protect_first_gpt;         /* keep the first gpt turn (1) */
  int protect_first_tool;        /* keep the first tool turn (1) */
  int64_t protect_last_n_turns;  /* turns kept at the end (4) */
  int add_summary_notice;        /* append the notice to head system turns (1) */
  int64_t max_retries;           /* summarizer attempts; 0: no summary (3) */
  int metrics_per_trajectory;    /* add "compression_metrics" (1) */
  /* proactive pruning (prune-only, PRUNE-9); the configured values, which
   * prune-only reads as ContextCompressor.__init__ does */
  int64_t proactive_prune_tokens;            /* trigger; 0 disables (0) */
  int64_t proactive_prune_min_result_chars;  /* pass 2 floor: max(200, v or 8000) (8000) */
  int64_t proactive_prune_min_reclaim_tokens;/* reclaim gate: max(0, v); 0 commits any prune (4096) */
  int64_t current_tokens;                    /* prune-only's current_tokens; -1 is None (-1) */
  int64_t at;                                /* align-at: the index both moves start from (0) */
  /* compress's fallback: the text is the caller's, kept alive while the op
   * runs (hcc_params_set stores the pointer, it does not copy) */
  const char *fail_reason;  /* the summarizer's error text in hermes's fallback summary (FALLBACK-1); NULL: none */
  size_t fail_reason_len;   /* its length in bytes */
  /* the state a chain of compactions carries (COMPRESS-17); same lifetime
   * rule as fail_reason */
  const char *previous_summary; /* the summary the last compaction kept, hermes's _previous_summary (COMPRESS-17); NULL: none */
  size_t previous_summary_len;  /* its length in bytes */
} hcc_params;

/* Sets every field to hermes's default (the defaults the spec names). */
void hcc_params_init(hcc_params *p);

/* Longest value of fail_reason, in bytes. */
#define HCC_MAX_PARAM_TEXT 65536
/* Longest value of previous_summary, in bytes (COMPRESS-17 says why). */
#define HCC_MAX_PREVIOUS_SUMMARY 1048576

/* Sets one parameter from text, as the CLI and the conformance protocol
 * give it: name as hermes spells it ('-' and '_' are interchangeable),
 * value as a decimal number, true/false, or an enum word (policy:
 * strip|stub; profile: openai|openai-strict|anthropic|gemini|
 * deepseek-thinking|responses), or for a text parameter any UTF-8 text
 * (fail_reason: at most HCC_MAX_PARAM_TEXT bytes; previous_summary: at most
 * HCC_MAX_PREVIOUS_SUMMARY bytes), which is not copied: the
 * value's memory must outlive the run.  HCC_E_PARAM for an unknown name or
 * a bad value. */
int hcc_params_set(hcc_params *p, const char *name, size_t name_len,
                   const char *value, size_t value_len, hcc_error *err);
/* Name of the i-th parameter (i from 0), NULL past the last. */
const char *hcc_param_name(size_t i);

/* ---- sizing ------------------------------------------------------------ */
/* Upper bound of the workspace `op` needs for any input of `len` bytes. */
size_t hcc_workspace_bound(hcc_op op, size_t len);

/* Workspace `op` needs for this input, computed from facts the strict JSON
 * check gathers (token count, longest strings, the rewrite weight of the
 * largest containers: hcc_json_info): always enough for hcc_run
 * on the same input and parameters, wherever the buffer starts (it counts
 * the 15 bytes the library may lose aligning it), and within a small
 * constant of what is used.  Runs the check itself (linear time, no
 * workspace), so bad input is reported here already. */
int hcc_workspace_size(hcc_op op, const hcc_params *p, const char *in,
                       size_t len, size_t *need, hcc_error *err);

/* ---- running an op ----------------------------------------------------- */
/* Runs `op` on the JSON text `in[0..len)`.  On HCC_OK the result is in
 * out[0..*out_len) (not NUL-terminated).  `ws` may be NULL when ws_size is 0
 * (then only HCC_E_WORKSPACE or an input error can come back). */
int hcc_run(hcc_op op, const hcc_params *p, const char *in, size_t len,
            void *ws, size_t ws_size, char *out, size_t out_cap,
            size_t *out_len, hcc_error *err);

/* ---- the strict JSON layer, usable on its own -------------------------- */
typedef struct hcc_json_info {
  size_t tokens;        /* tokens jsmn will produce (values plus object keys) */
  size_t max_depth;     /* deepest nesting seen (root container = 1) */
  size_t max_string;    /* longest raw string body in bytes */
  size_t max_arguments; /* longest raw string value of a member whose key
                           decodes to "arguments" */
  size_t max_deep_container; /* largest raw array or object nested three
                           or more levels deep (a message's content or
                           tool_calls; a whole message under a wrapper) */
  size_t max_deep_weight; /* the largest rewrite weight of such a container:
                           its raw bytes counted 6 for a digit or '"', 5
                           for DEL, 4 for a byte 0x80 and up or a
                           backslash, 3 for '\'', 2 for ',' or ':', 1 for
                           any other.  Whatever a rule renders from the
                           container (str(), json.dumps, a summary line,
                           escaped again into a string) is at most this
                           long; the sizing uses it where the worst case
                           of the bytes alone is up to 12 times the raw
                           length.  At most 6 * max_deep_container. */
  size_t max_deep_excess; /* the largest, over the same containers, of
                           their weight less their raw length: what
                           rendering one in place of its text can add */
  size_t lone_surrogates; /* \uD800-\uDFFF escapes not forming a pair */
  size_t elements_d12;  /* array elements one or two levels deep: bounds
                           the messages of a list or {"messages": [...]} */
  size_t elements_d34;  /* array elements three or four levels deep: bounds
                           the tool calls of either shape */
  size_t max_message;   /* largest raw value at message level (one level
                           deep under an array root, two under an object
                           root) */
  size_t max_message_tokens; /* most tokens of one such value, keys
                           included */
  size_t name_bytes;    /* raw bytes of every string value of a member
                           whose key decodes to "name" */
  size_t arguments_bytes; /* the same for "arguments" */
  size_t max_arguments_tokens; /* the largest, over those "arguments"
                           strings, of 1 + their raw bytes that are '[',
                           '{', ',' or ':' + their \u escapes: every token
                           of the JSON a string decodes to but the first
                           follows one of [ { , : (spelled raw or as a \u
                           escape; no other escape spells one), so this
                           bounds the tokens of any of them */
  size_t odd_escapes;   /* \u escapes and \/ escapes: the ones that
                           json.dumps(ensure_ascii=False) may write another
                           way (0: every escape is a two-byte one it writes
                           the same, so a string body is its own dumps) */
  int root;             /* first byte of the root value: '{', '[', '"',
                           or the first byte of a number or literal */
} hcc_json_info;

/* Strict RFC 8259 check of in[0..len) in one linear pass: exactly one root
 * value, exact grammar, strict UTF-8, no raw control bytes in strings, valid
 * escapes, depth <= HCC_MAX_DEPTH.  A NUL byte is an error like any other
 * byte.  Escaped lone surrogates (\ud800) are accepted, as Python accepts
 * them; `info->lone_surrogates` counts them.  `info` may be NULL. */
int hcc_json_validate(const char *in, size_t len, hcc_json_info *info,
                      hcc_error *err);

#ifdef __cplusplus
}
#endif
#endif /* HCC_H */
