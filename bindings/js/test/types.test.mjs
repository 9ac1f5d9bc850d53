// types.test.mjs -- index.d.ts type-checks a typical use under tsc --strict
// and rejects a wrong one (raw: false is no Uint8Array).  Skipped without
// tsc (Debian's node-typescript); the package does not need it.
import test from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PKG } from "./helpers.mjs";

const haveTsc = spawnSync("tsc", ["--version"]).status === 0;
const GOOD = `import { repair, align, check, run, HccError, version, ops } from "hcc";
const v: unknown = repair([{ role: "user", content: "x" }], { policy: "strip" });
const b: Uint8Array = align(new Uint8Array(2), { protect_first_n: 3 }, { raw: true });
const c = check("[]", { profile: "anthropic", json: true });
const r: Uint8Array = run("repair", "[]", {});
try { repair("["); } catch (e) { if (e instanceof HccError) { const n: number = e.code + e.offset; const s: string = e.name; } }
const s: string = version; const o: readonly string[] = ops;
`;
const BAD = `import { repair } from "hcc";\nconst b: Uint8Array = repair([], {}, { raw: false });\n`;

test("index.d.ts under tsc --strict", { skip: !haveTsc && "no tsc (make deps installs node-typescript)" }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hcc-js-types-"));
  try {
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.cpSync(PKG, path.join(dir, "node_modules/hcc"), { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
    fs.writeFileSync(path.join(dir, "good.ts"), GOOD);
    fs.writeFileSync(path.join(dir, "bad.ts"), BAD);
    const tsc = (f) => spawnSync("tsc", ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", f], { cwd: dir, encoding: "utf8" });
    const good = tsc("good.ts");
    assert.equal(good.status, 0, good.stdout);
    const bad = tsc("bad.ts");
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout, /bad\.ts\(2,7\): error TS2322/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
