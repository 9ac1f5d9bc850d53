// index.mjs -- the hcc library (ref/src, compiled to hcc.wasm) as an ES module.
//
// The library never allocates.  This wrapper owns all memory past the
// module's initial memory (its static data and stack end there, and no
// allocator is linked in): every call lays out params, error, input,
// workspace and output from that point on, growing the memory with
// memory.grow when a call needs more, and starts again at the same point on
// the next call.  So memory grows to the largest call seen and no further.
import { readFile } from "node:fs/promises";

const wasmBytes = await readFile(new URL("./hcc.wasm", import.meta.url));
const { instance } = await WebAssembly.instantiate(wasmBytes, {});
const X = instance.exports;
if (typeof X._initialize === "function") X._initialize(); // static constructors, once
const memory = X.memory;

const HCC_OK = 0;
const HCC_E_NOSPACE = -1;
const HCC_E_UTF8 = -5;
const HCC_E_EMPTY = -3;
const HCC_E_PARAM = -14;
const HCC_E_UNSUPPORTED = -15;
const PAGE = 65536;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

function cString(ptr) {
  const bytes = new Uint8Array(memory.buffer);
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return decoder.decode(bytes.subarray(ptr, end));
}

/** The library's version (HCC_VERSION). */
export const version = cString(X.hccjs_version());

/** An error the library (or this wrapper, for arguments it cannot pass on) reports. */
export class HccError extends Error {
  constructor(code, message, offset = 0) {
    super(message);
    this.code = code; // negative HCC_E_* number
    this.name = cString(X.hcc_error_name(code)); // e.g. "HCC_E_SYNTAX"
    this.offset = offset; // byte offset into the input
  }
}

// op names as the library spells them ("truncate-args"), by number
const OP_NAMES = [];
for (let i = 0; ; i++) {
  const p = X.hcc_op_name(i);
  if (!p) break;
  OP_NAMES.push(cString(p));
}
/** Every op name this build knows, as the CLI spells it. */
export const ops = Object.freeze(OP_NAMES.slice());

const SIZEOF_PARAMS = X.hccjs_sizeof_params();
const SIZEOF_ERROR = X.hccjs_sizeof_error();
const align16 = (n) => (n + 15) & ~15;
// Fixed head of the region: params, error, two size_t slots (need, out_len).
const BASE = align16(memory.buffer.byteLength);
const P_PARAMS = BASE;
const P_ERROR = align16(P_PARAMS + SIZEOF_PARAMS);
const P_NEED = align16(P_ERROR + SIZEOF_ERROR);
const P_OUTLEN = P_NEED + 8;
const P_FREE = P_NEED + 16; // first byte of the per-call part

function ensure(end) {
  const have = memory.buffer.byteLength;
  if (end <= have) return;
  const pages = Math.ceil((end - have) / PAGE);
  try {
    memory.grow(pages); // throws RangeError past the module's maximum (2 GiB)
  } catch {
    throw new HccError(HCC_E_NOSPACE, "wasm memory cannot grow to " + end + " bytes");
  }
}

ensure(P_FREE);

// memory.grow detaches old views: always take a fresh one
const u8 = () => new Uint8Array(memory.buffer);
const u32 = (ptr) => new DataView(memory.buffer).getUint32(ptr, true);

function errorFrom(code, extra) {
  const message = cString(X.hccjs_error_message(P_ERROR));
  return new HccError(code, extra ? message + ": " + extra : message, X.hccjs_error_offset(P_ERROR));
}

function paramText(name, value) {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new HccError(HCC_E_PARAM, "parameter value is not a finite number: " + name);
    return String(value);
  }
  if (typeof value === "bigint" || typeof value === "string") return String(value);
  throw new HccError(HCC_E_PARAM, "parameter value must be a boolean, number or string: " + name);
}

// Sets the params in the region's hcc_params (after hcc_params_init), the
// names and values laid out one after the other from `at`; returns where
// they end.  They stay there during the run: the library keeps a pointer to
// a text parameter's value (fail_reason).
function setParams(params, at) {
  X.hcc_params_init(P_PARAMS);
  if (params === null || typeof params !== "object") throw new HccError(HCC_E_PARAM, "params must be an object");
  for (const [name, value] of Object.entries(params)) {
    const n = encoder.encode(name);
    const v = encoder.encode(paramText(name, value));
    ensure(at + n.length + v.length);
    const mem = u8();
    mem.set(n, at);
    mem.set(v, at + n.length);
    const rc = X.hcc_params_set(P_PARAMS, at, n.length, at + n.length, v.length, P_ERROR);
    if (rc !== HCC_OK) throw errorFrom(rc, name + "=" + paramText(name, value));
    at += n.length + v.length;
  }
  return at;
}

// A lone surrogate in a JS string has no UTF-8 form (TextEncoder would write
// U+FFFD and so change the text): refuse it, at its UTF-8 byte offset.
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The UTF-8 JSON bytes of an input: bytes (Uint8Array, any ArrayBuffer
 * view, an ArrayBuffer) and strings pass through, other values are
 * JSON.stringify'd (which would turn bytes into an object of numbers). */
function inputBytes(input) {
  if (input instanceof Uint8Array) return input;
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  let text = input;
  if (typeof input !== "string") {
    text = JSON.stringify(input);
    if (text === undefined) throw new HccError(HCC_E_EMPTY, "input has no JSON form (" + typeof input + ")");
  }
  const m = LONE.exec(text);
  if (m) {
    throw new HccError(HCC_E_UTF8, "string holds a lone surrogate, which UTF-8 cannot encode (write it as a \\u escape)",
      encoder.encode(text.slice(0, m.index)).length);
  }
  return encoder.encode(text);
}

function opNumber(opName) {
  const i = typeof opName === "string" ? OP_NAMES.indexOf(opName) : -1;
  if (i < 0 || !X.hcc_op_supported(i)) throw new HccError(HCC_E_UNSUPPORTED, "unknown op: " + String(opName));
  return i;
}

/**
 * Runs op `opName` ("repair", "truncate-args", ...) on JSON bytes and returns
 * the output bytes (a copy).  options.outputCapacity: first output buffer
 * size in bytes (default: input length + 4096; a too small one costs one
 * more run, sized by the library's answer).  options.stats, if an object,
 * receives {runs, workspace, outputCapacity} of this call.
 */
export function run(opName, bytes, params = {}, options = {}) {
  const op = opNumber(opName);
  const input = inputBytes(bytes);
  const pIn = setParams(params, P_FREE);
  ensure(pIn + input.length);
  u8().set(input, pIn);
  let rc = X.hcc_workspace_size(op, P_PARAMS, pIn, input.length, P_NEED, P_ERROR);
  if (rc !== HCC_OK) throw errorFrom(rc);
  const need = u32(P_NEED);
  const pWs = align16(pIn + input.length);
  const pOut = align16(pWs + need);
  let cap = options.outputCapacity ?? input.length + 4096;
  if (!Number.isSafeInteger(cap) || cap < 0) throw new HccError(HCC_E_PARAM, "options.outputCapacity must be a whole number of bytes");
  let runs = 0;
  for (;;) {
    ensure(pOut + cap);
    rc = X.hcc_run(op, P_PARAMS, pIn, input.length, pWs, need, pOut, cap, P_OUTLEN, P_ERROR);
    runs++;
    // NOSPACE: out_len holds the size needed; a second NOSPACE cannot happen
    // for the same input and params, but is refused rather than looped on
    if (rc === HCC_E_NOSPACE && runs === 1) {
      cap = Math.max(u32(P_OUTLEN), 1);
      continue;
    }
    break;
  }
  if (options.stats && typeof options.stats === "object") {
    Object.assign(options.stats, { runs, workspace: need, outputCapacity: cap });
  }
  if (rc !== HCC_OK) throw errorFrom(rc);
  const len = u32(P_OUTLEN);
  return u8().slice(pOut, pOut + len);
}

function textOutput(opName, params) {
  if (opName === "messages") return true;
  if (opName !== "check") return false;
  const json = params.json;
  return !(json === true || json === 1 || json === "true" || json === "1");
}

function call(opName, input, params = {}, options = {}) {
  const out = run(opName, input, params, options);
  if (options.raw) return out;
  const text = decoder.decode(out);
  if (textOutput(opName, params)) return text;
  if (opName === "check") return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  return JSON.parse(text);
}

// One function per op, named by the op name in camelCase.
export const validate = (input, params, options) => call("validate", input, params, options);
export const messages = (input, params, options) => call("messages", input, params, options);
export const align = (input, params, options) => call("align", input, params, options);
export const trajectorySnap = (input, params, options) => call("trajectory-snap", input, params, options);
export const truncateArgs = (input, params, options) => call("truncate-args", input, params, options);
export const stripPrefix = (input, params, options) => call("strip-prefix", input, params, options);
export const withPrefix = (input, params, options) => call("with-prefix", input, params, options);
export const classifySummary = (input, params, options) => call("classify-summary", input, params, options);
export const repair = (input, params, options) => call("repair", input, params, options);
export const prune = (input, params, options) => call("prune", input, params, options);
export const pruneOnly = (input, params, options) => call("prune-only", input, params, options);
export const compress = (input, params, options) => call("compress", input, params, options);
export const trajectory = (input, params, options) => call("trajectory", input, params, options);
export const check = (input, params, options) => call("check", input, params, options);
export const stripMedia = (input, params, options) => call("strip-media", input, params, options);
export const alignAt = (input, params, options) => call("align-at", input, params, options);
export const redact = (input, params, options) => call("redact", input, params, options);

/** The wasm memory (for tests and for callers watching its size). */
export const wasmMemory = memory;
