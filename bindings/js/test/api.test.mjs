// api.test.mjs -- the wrapper's own contract: exports, inputs of every
// kind, params, every error path, the NOSPACE retry, memory bounds.
// Expected values come from golden cases (or, for error offsets, from the
// native CLI on the same golden input).
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { hcc, golden, goldenCase, cli, camel, text, PKG } from "./helpers.mjs";

const value = (c) => JSON.parse(text(c.output));

test("one function per op, named by the op name in camelCase", () => {
  // the ops the CLI lists in its help (the library's op table)
  const help = text(cli(["--help"]).stdout) + text(cli(["--help"]).stderr || new Uint8Array());
  const listed = help.split("ops:\n")[1].split("\n\n")[0].split("\n").map((l) => l.trim().split(/\s+/)[0]).filter(Boolean);
  assert.ok(listed.length >= 16, "ops parsed from hcc --help: " + listed.length);
  assert.deepEqual([...hcc.ops].sort(), listed.sort());
  for (const op of hcc.ops) assert.equal(typeof hcc[camel(op)], "function", op);
  const fns = Object.keys(hcc).filter((k) => typeof hcc[k] === "function" && !["run", "HccError"].includes(k));
  assert.deepEqual(fns.sort(), hcc.ops.map(camel).sort());
});

test("version is HCC_VERSION, the CLI's and the package's", () => {
  assert.match(text(cli(["--version"]).stdout), new RegExp("^hcc " + hcc.version.replace(/\./g, "\\.") + " "));
  assert.equal(JSON.parse(fs.readFileSync(path.join(PKG, "package.json"))).version, hcc.version);
});

test("a JS value, its JSON text as a string and as bytes give the same answer", () => {
  for (const id of ["PAIRS-1-call-id-wins", "ALIGN-10-preserved-tail-user", "COMPRESS-1-explain"]) {
    const c = goldenCase(id);
    const fn = hcc[camel(c.op)];
    const asValue = JSON.parse(text(c.input));
    assert.deepEqual(fn(asValue, c.params), value(c), id + " (value)");
    assert.deepEqual(fn(text(c.input), c.params), value(c), id + " (string)");
    assert.deepEqual(fn(c.input, c.params), value(c), id + " (bytes)");
  }
});

test("params by hermes's names: set ones change the answer, unset keep defaults", () => {
  const c = goldenCase("PAIRS-1-call-id-wins");
  assert.deepEqual(c.params, { policy: "strip" });
  assert.deepEqual(hcc.repair(c.input), value(c)); // strip is the default
  const stub = golden.find((x) => x.op === "repair" && x.params.policy === "stub" && x.output);
  assert.notDeepEqual(hcc.repair(stub.input), value(stub));
  assert.deepEqual(hcc.repair(stub.input, { policy: "stub" }), value(stub));
  const a = goldenCase("ALIGN-10-preserved-tail-user");
  assert.equal(a.params.protect_first_n, 3);
  // numbers and booleans also pass as their text
  const asText = Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(v)]));
  assert.deepEqual(hcc.align(a.input, asText), value(a));
  const e = goldenCase("COMPRESS-1-explain");
  assert.equal(e.params.explain, true);
  assert.deepEqual(hcc.compress(e.input, e.params), value(e));
});

test("a text param (fail_reason) stays in place while later params and the input are laid out", () => {
  // the library keeps a pointer to the text: whatever is set after it must
  // not overwrite it (the golden case sets it last, this sets it first)
  const c = goldenCase("FALLBACK-reason");
  assert.equal(typeof c.params.fail_reason, "string");
  const first = { fail_reason: c.params.fail_reason, ...c.params };
  assert.equal(Object.keys(first)[0], "fail_reason");
  assert.deepEqual(hcc.compress(c.input, first), value(c));
  const other = hcc.compress(c.input, { ...c.params, fail_reason: "other" });
  assert.notDeepEqual(other, value(c));
});

test("options.raw returns the output bytes", () => {
  const c = goldenCase("PAIRS-1-call-id-wins");
  const got = hcc.repair(c.input, c.params, { raw: true });
  assert.ok(got instanceof Uint8Array);
  assert.deepEqual(Buffer.from(got), Buffer.from(c.output));
});

test("text ops return strings; check with json returns finding objects", () => {
  const m = golden.find((x) => x.op === "messages" && x.stdout);
  assert.equal(hcc.messages(m.input), text(m.stdout));
  const t = golden.find((x) => x.op === "check" && !x.params.json && x.stdout && x.stdout.length);
  assert.equal(hcc.check(t.input, t.params), text(t.stdout));
  const j = golden.find((x) => x.op === "check" && x.params.json === true && x.stdout.length);
  const got = hcc.check(j.input, j.params);
  assert.ok(Array.isArray(got) && got.length > 0);
  assert.deepEqual(got, text(j.stdout).split("\n").filter(Boolean).map((l) => JSON.parse(l)));
});

test("Uint8Array input passes through byte for byte; big integers keep their digits", () => {
  const bytes = new TextEncoder().encode(' [ {"role" : "user","content":"caf\u00e9 \\u00e9 \ud83d\ude00", "n": 123456789012345678901234567890 } ]\n');
  assert.deepEqual(Buffer.from(hcc.validate(bytes, {}, { raw: true })), Buffer.from(bytes));
  const out = text(hcc.repair(bytes, {}, { raw: true }));
  assert.match(out, /"n": ?123456789012345678901234567890\b/);
  // as a parsed value the same number is rounded: why huge integers need bytes
  assert.notEqual(String(hcc.repair(bytes)[0].n), "123456789012345678901234567890");
});

test("lone-surrogate escapes in input survive; raw lone surrogates in a string are refused", () => {
  const c = golden.find((x) => x.op === "validate" && x.stdout && text(x.stdout) === '["\\ud800"]');
  assert.deepEqual(Buffer.from(hcc.validate(c.input, {}, { raw: true })), Buffer.from(c.stdout));
  assert.deepEqual(hcc.validate(c.input), ["\ud800"]);
  // a JS value holding one: JSON.stringify writes the escape
  assert.deepEqual(hcc.validate(["\ud800", "x\udc00"]), ["\ud800", "x\udc00"]);
  const msgs = [{ role: "user", content: "a\udfffb" }];
  assert.deepEqual(hcc.repair(msgs), msgs);
  // a string of JSON text with a raw lone surrogate has no UTF-8 form
  assert.throws(() => hcc.validate('["\u00e9\ud800"]'), (e) => e instanceof hcc.HccError && e.name === "HCC_E_UTF8" && e.offset === 4);
});

test("bad JSON throws HccError with the CLI's code and offset", () => {
  for (const id of ["JSON-2-trailing-comma", "JSON-2-missing-comma"]) {
    const c = goldenCase(id);
    const r = cli(["validate"], c.input);
    const m = /^error: (HCC_E_\w+) at byte (\d+): (.*)$/m.exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.throws(() => hcc.validate(c.input), (e) => {
      assert.ok(e instanceof hcc.HccError && e instanceof Error);
      assert.equal(e.name, m[1]);
      assert.equal(e.name, c.error);
      assert.equal(e.code, -4);
      assert.equal(e.offset, Number(m[2]));
      assert.equal(e.message, m[3]);
      return true;
    });
  }
});

const throwsHcc = (fn, name, pattern) => assert.throws(fn, (e) => {
  assert.ok(e instanceof hcc.HccError, String(e));
  assert.equal(e.name, name);
  assert.ok(e.code < 0);
  if (pattern) assert.match(e.message, pattern);
  return true;
});

test("bad param name, bad param value, unknown op, bad arguments", () => {
  throwsHcc(() => hcc.repair([], { polcy: "strip" }), "HCC_E_PARAM", /unknown parameter: polcy/);
  throwsHcc(() => hcc.repair([], { policy: "keep" }), "HCC_E_PARAM", /policy=keep/);
  throwsHcc(() => hcc.align([], { protect_first_n: "three" }), "HCC_E_PARAM");
  throwsHcc(() => hcc.align([], { protect_first_n: NaN }), "HCC_E_PARAM");
  throwsHcc(() => hcc.align([], { protect_first_n: {} }), "HCC_E_PARAM");
  throwsHcc(() => hcc.align([], null), "HCC_E_PARAM");
  throwsHcc(() => hcc.check([], { profile: "openai-lax" }), "HCC_E_PARAM");
  throwsHcc(() => hcc.run("no-such-op", "[]"), "HCC_E_UNSUPPORTED", /no-such-op/);
  throwsHcc(() => hcc.run("trajectorySnap", "[]"), "HCC_E_UNSUPPORTED");
  throwsHcc(() => hcc.validate(undefined), "HCC_E_EMPTY");
  throwsHcc(() => hcc.validate(""), "HCC_E_EMPTY");
  throwsHcc(() => hcc.repair({ role: "user" }), "HCC_E_SHAPE");
});

test("HCC_E_NOSPACE is retried with the size the library tells", () => {
  for (const c of golden.filter((x) => x.output && x.output.length > 100).slice(0, 50)) {
    const stats = {};
    const got = hcc.run(c.op, c.input, c.params, { outputCapacity: 1, stats });
    assert.equal(stats.runs, 2, c.id);
    assert.equal(stats.outputCapacity, c.output.length, c.id);
    if (c.exact) assert.deepEqual(Buffer.from(got), Buffer.from(c.output), c.id);
  }
  const stats = {};
  const c = goldenCase("PAIRS-1-call-id-wins");
  hcc.run(c.op, c.input, c.params, { stats });
  assert.equal(stats.runs, 1);
});

test("deepest nesting through every op: an answer or an HccError, and later calls unharmed", () => {
  const deep = "[".repeat(512) + "]".repeat(512);
  const deepMsgs = JSON.stringify([{ role: "user", content: "[".repeat(511) + "]".repeat(511) }]);
  for (const op of hcc.ops) for (const input of [deep, deepMsgs, "[".repeat(513) + "]".repeat(513)]) {
    try { hcc.run(op, input); } catch (e) { assert.ok(e instanceof hcc.HccError, op + ": " + e); }
  }
  throwsHcc(() => hcc.validate("[".repeat(513) + "]".repeat(513)), "HCC_E_DEPTH");
  const c = goldenCase("PAIRS-1-call-id-wins");
  assert.deepEqual(Buffer.from(hcc.repair(c.input, c.params, { raw: true })), Buffer.from(c.output));
});

test("1000 calls: memory stays at its size after the first round", () => {
  const cases = golden.filter((x) => x.output && x.op !== "validate").slice(0, 20);
  const round = () => { for (const c of cases) hcc.run(c.op, c.input, c.params); };
  round();
  const size = hcc.wasmMemory.buffer.byteLength;
  for (let i = 0; i < 1000 / cases.length; i++) round();
  assert.equal(hcc.wasmMemory.buffer.byteLength, size);
  assert.ok(size <= 4 << 20, `memory ${size} bytes`);
  // a bigger input grows it once; the small ones then fit in what is there
  const big = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: "x".repeat(500) })));
  hcc.repair(big);
  const grown = hcc.wasmMemory.buffer.byteLength;
  for (let i = 0; i < 50; i++) { round(); hcc.repair(big); }
  assert.equal(hcc.wasmMemory.buffer.byteLength, grown);
});

test("a call needing more than the wasm memory can hold throws HCC_E_NOSPACE", () => {
  // an output buffer of 2 GiB passes the module's 2 GiB maximum
  const c = goldenCase("PAIRS-1-call-id-wins");
  throwsHcc(() => hcc.run(c.op, c.input, c.params, { outputCapacity: 2 ** 31 }), "HCC_E_NOSPACE", /cannot grow/);
  assert.deepEqual(Buffer.from(hcc.run(c.op, c.input, c.params)), Buffer.from(c.output));
});

test("bytes in any ArrayBuffer form pass through as bytes; a bad outputCapacity is refused", () => {
  const c = goldenCase("PAIRS-1-call-id-wins");
  const padded = new Uint8Array(c.input.length + 8);
  padded.set(c.input, 4);
  const views = [Buffer.from(c.input), padded.subarray(4, 4 + c.input.length), new DataView(padded.buffer, 4, c.input.length),
    c.input.slice().buffer];
  for (const v of views) assert.deepEqual(Buffer.from(hcc.repair(v, c.params, { raw: true })), Buffer.from(c.output), v.constructor.name);
  throwsHcc(() => hcc.run(c.op, c.input, c.params, { outputCapacity: -1 }), "HCC_E_PARAM");
  throwsHcc(() => hcc.run(c.op, c.input, c.params, { outputCapacity: "big" }), "HCC_E_PARAM");
});

// last: the fallback of a 46 KB transcript grows the wasm memory past what the
// memory test above expects of small calls
test("a chain of compactions: each call takes the state the golden case before it reported", () => {
  // COMPRESS-17: previous_summary and compression_count from explain are
  // the next call's parameters; the golden chain's second call is the
  // first call's result plus later turns, its expectation hermes's
  const one = goldenCase("CHAIN-session-1-call-1"), two = goldenCase("CHAIN-session-1-call-2");
  const first = hcc.compress(one.input, one.params);
  assert.deepEqual(first, value(one));
  assert.equal(two.params.compression_count, first.compression_count);
  assert.equal(two.params.previous_summary ?? null, first.previous_summary);
  assert.deepEqual(hcc.compress(two.input, { ...two.params, previous_summary: first.previous_summary }), value(two));
});
