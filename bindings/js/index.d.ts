// index.d.ts -- types of index.mjs (the hcc WebAssembly binding).

/** JSON text as UTF-8 bytes (any ArrayBuffer view or an ArrayBuffer) or a string (passed through untouched), or any
 * other JS value (serialised with JSON.stringify).  A JS number holds
 * integers exactly only up to 2^53: pass bytes to keep larger ones. */
export type Input = Uint8Array | ArrayBufferView | ArrayBuffer | string | unknown;

/** Parameters by hermes's names (snake_case, as hcc_params_set takes them);
 * an unset one keeps the library default (hermes's). */
export interface Params {
  context_length?: number;
  threshold_percent?: number;
  summary_target_ratio?: number;
  protect_first_n?: number;
  protect_last_n?: number;
  min_tail_user_messages?: number;
  compression_count?: number;
  tail_token_budget?: number;
  explain?: boolean;
  head_chars?: number;
  truncate_all?: boolean;
  policy?: "strip" | "stub";
  summarizer_fail?: boolean;
  /** compress: the summarizer's error text in hermes's fallback summary (FALLBACK-1). */
  fail_reason?: string;
  /** compress, align: the summary the last compaction kept, hermes's _previous_summary (COMPRESS-17). */
  previous_summary?: string;
  abort_on_summary_failure?: boolean;
  wire?: boolean;
  profile?: "openai" | "openai-strict" | "anthropic" | "gemini" | "deepseek-thinking" | "responses";
  /** check: findings as JSON lines (returned as an array of objects). */
  json?: boolean;
  target_max_tokens?: number;
  summary_target_tokens?: number;
  protect_first_system?: boolean;
  protect_first_human?: boolean;
  protect_first_gpt?: boolean;
  protect_first_tool?: boolean;
  protect_last_n_turns?: number;
  add_summary_notice?: boolean;
  max_retries?: number;
  metrics_per_trajectory?: boolean;
  proactive_prune_tokens?: number;
  proactive_prune_min_result_chars?: number;
  proactive_prune_min_reclaim_tokens?: number;
  current_tokens?: number;
  at?: number;
  [name: string]: boolean | number | bigint | string | undefined;
}

export interface Stats {
  runs?: number;
  workspace?: number;
  outputCapacity?: number;
}

export interface Options {
  /** Return the output bytes (a Uint8Array) instead of the parsed value. */
  raw?: boolean;
  /** First output buffer size in bytes (default: input length + 4096). */
  outputCapacity?: number;
  /** Filled with the facts of the call. */
  stats?: Stats;
}

/** Thrown for every error: the library's code, name and byte offset. */
export class HccError extends Error {
  /** Negative HCC_E_* number. */
  code: number;
  /** Stable name of the code, e.g. "HCC_E_SYNTAX". */
  name: string;
  /** Byte offset into the input (UTF-8) where the problem is. */
  offset: number;
}

/** HCC_VERSION of the library in hcc.wasm. */
export const version: string;
/** Op names as the CLI spells them ("truncate-args"). */
export const ops: readonly string[];
/** The module's memory (it grows to the largest call and stays there). */
export const wasmMemory: WebAssembly.Memory;

/** Low level: op by its CLI name, JSON input, output bytes. */
export function run(opName: string, input: Input, params?: Params, options?: Options): Uint8Array;

type Op<T> = {
  (input: Input, params?: Params, options?: Options & { raw?: false }): T;
  (input: Input, params: Params | undefined, options: Options & { raw: true }): Uint8Array;
};

export const validate: Op<unknown>;
/** One line per message. */
export const messages: Op<string>;
export const align: Op<unknown>;
export const trajectorySnap: Op<unknown>;
export const truncateArgs: Op<unknown>;
export const stripPrefix: Op<unknown>;
export const withPrefix: Op<unknown>;
export const classifySummary: Op<unknown>;
export const repair: Op<unknown>;
export const prune: Op<unknown>;
export const pruneOnly: Op<unknown>;
export const compress: Op<unknown>;
export const trajectory: Op<unknown>;
/** Findings as text lines, or with {json: true} an array of finding objects. */
export const check: Op<string | object[]>;
export const stripMedia: Op<unknown>;
export const alignAt: Op<unknown>;
/** hermes's redact_sensitive_text on one JSON string (REDACT-*). */
export const redact: Op<string>;
