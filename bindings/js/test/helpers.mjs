// helpers.mjs -- what the tests share: the package under test (the built
// one in build/js/pkg, HCC_JS_PKG), the golden corpus, the native CLI.
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../../..");
export const PKG = process.env.HCC_JS_PKG || path.join(ROOT, "build/js/pkg");
export const CLI = process.env.HCC_CLI || path.join(ROOT, "build/hcc");
export const hcc = await import(pathToFileURL(path.join(PKG, "index.mjs")).href);

const python = process.env.PYTHON || "python3";
/** Every golden case: exact input bytes and expected bytes (golden_cases.py). */
export const golden = execFileSync(python, [path.join(here, "golden_cases.py")], { maxBuffer: 1 << 28 })
  .toString("utf8").split("\n").filter(Boolean).map((line) => {
    const c = JSON.parse(line);
    c.input = new Uint8Array(Buffer.from(c.input_b64, "base64"));
    for (const k of ["stdout", "output"]) if (c[k + "_b64"] !== undefined) c[k] = new Uint8Array(Buffer.from(c[k + "_b64"], "base64"));
    return c;
  });
export const goldenCase = (id) => {
  const c = golden.find((x) => x.id === id);
  if (!c) throw new Error("no golden case " + id);
  return c;
};

/** The native CLI: stdout, stderr and exit status for op on input. */
export function cli(args, input) {
  try {
    const stdout = execFileSync(CLI, args, { input, stdio: ["pipe", "pipe", "pipe"] });
    return { status: 0, stdout, stderr: "" };
  } catch (e) {
    return { status: e.status, stdout: e.stdout, stderr: e.stderr.toString() };
  }
}

export const camel = (op) => op.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
export const text = (bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);
