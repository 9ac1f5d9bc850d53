// pack.test.mjs -- the packed tgz (make js-pack, HCC_JS_TGZ) installs into
// an empty folder with npm offline (the package has no dependencies), and
// `import { repair } from "hcc"` there repairs an orphan tool call as the
// golden case expects.
import test from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { goldenCase, text } from "./helpers.mjs";

const tgz = process.env.HCC_JS_TGZ;

test("npm install of the packed tgz, then import { repair } from \"hcc\"", { skip: !tgz && "HCC_JS_TGZ unset (make js-test sets it)" }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hcc-js-install-"));
  try {
    fs.writeFileSync(path.join(dir, "package.json"), '{"name": "hcc-install-test", "private": true}\n');
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", tgz], {
      cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_cache: path.join(dir, ".npm-cache") },
    });
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "node_modules/hcc/package.json")));
    assert.equal(pkg.dependencies, undefined);
    assert.deepEqual(fs.readdirSync(path.join(dir, "node_modules")).filter((n) => !n.startsWith(".")), ["hcc"]);
    // an assistant call with no result, a result answering no call
    const c = goldenCase("PAIRS-1-hermes-sanitizer-still-drops-genuine-orphan-with-dual-ids");
    fs.writeFileSync(path.join(dir, "input.json"), c.input);
    fs.writeFileSync(path.join(dir, "main.mjs"), [
      'import { repair, HccError } from "hcc";',
      'import { readFileSync } from "node:fs";',
      'const msgs = JSON.parse(readFileSync("input.json", "utf8"));',
      `process.stdout.write(JSON.stringify(repair(msgs, ${JSON.stringify(c.params)})));`,
      'try { repair("[", {}); } catch (e) { if (!(e instanceof HccError)) throw e; }',
    ].join("\n"));
    const out = execFileSync(process.execPath, ["main.mjs"], { cwd: dir });
    const want = JSON.parse(text(c.output));
    assert.notDeepEqual(JSON.parse(text(c.input)), want); // the case changes something
    assert.deepEqual(JSON.parse(out.toString("utf8")), want);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
