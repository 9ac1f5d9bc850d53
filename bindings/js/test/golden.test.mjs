// golden.test.mjs -- the whole golden corpus through the wasm build: the
// low-level run() byte for byte against the expected bytes (what
// tools/conform.py --exact compares), and the op function of every case's
// op against the same expectation as a parsed value.
import test from "node:test";
import assert from "node:assert/strict";
import { hcc, golden, camel, text } from "./helpers.mjs";

const expectedValue = (c, bytes) => {
  if (c.op === "messages") return text(bytes);
  if (c.op === "check") {
    if (!(c.params.json === true)) return text(bytes);
    return text(bytes).split("\n").filter(Boolean).map((l) => JSON.parse(l));
  }
  return JSON.parse(text(bytes));
};

test("golden corpus covers every op", () => {
  assert.deepEqual([...new Set(golden.map((c) => c.op))].sort(), [...hcc.ops].sort());
});

test("golden corpus through run(), byte for byte", () => {
  const failed = [];
  for (const c of golden) {
    let got, err;
    try { got = hcc.run(c.op, c.input, c.params); } catch (e) { err = e; }
    if (c.error !== undefined) {
      if (!(err instanceof hcc.HccError) || err.name !== c.error) failed.push(`${c.id}: want ${c.error}, got ${err ? err.name : "output"}`);
      continue;
    }
    if (err) { failed.push(`${c.id}: ${err.name} ${err.message}`); continue; }
    const want = c.stdout ?? c.output;
    if (c.exact || c.stdout) {
      if (Buffer.compare(Buffer.from(got), Buffer.from(want)) !== 0) failed.push(`${c.id}: bytes differ`);
    } else {
      try { assert.deepEqual(JSON.parse(text(got)), JSON.parse(text(want))); } catch { failed.push(`${c.id}: value differs`); }
    }
  }
  assert.deepEqual(failed, []);
  assert.ok(golden.length > 700, `only ${golden.length} golden cases`);
});

test("golden corpus through the op functions, as parsed values", () => {
  const failed = [];
  for (const c of golden) {
    const fn = hcc[camel(c.op)];
    let got, err;
    try { got = fn(c.input, c.params); } catch (e) { err = e; }
    if (c.error !== undefined) {
      if (!(err instanceof hcc.HccError) || err.name !== c.error || !(err.code < 0)) failed.push(`${c.id}: want ${c.error}`);
      continue;
    }
    if (err) { failed.push(`${c.id}: ${err.name} ${err.message}`); continue; }
    try { assert.deepEqual(got, expectedValue(c, c.stdout ?? c.output)); } catch { failed.push(`${c.id}: value differs`); }
  }
  assert.deepEqual(failed, []);
});
