// @ts-check
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { actionCacheKey } from "./actionCacheKey.mjs";

const MACHINE = { platform: "linux", arch: "x64", node: "20.19.1" };

/** An action's folder with these files (path → content). @param {Record<string, string>} files */
function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), "pck-key-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const SOURCES = { "package.json": "{}", "package-lock.json": "{}", "cli/main.ts": "main" };

test("names the platform and Node's major version, and is the same for the same files anywhere", () => {
  const key = actionCacheKey(folder(SOURCES), "", MACHINE);
  expect(key).toMatch(/^pwa-conformance-kit-linux-x64-node20-[0-9a-f]{20}$/);
  expect(actionCacheKey(folder(SOURCES), "", MACHINE)).toBe(key);
  expect(actionCacheKey(folder(SOURCES), "", { ...MACHINE, node: "22.1.0" })).not.toBe(key);
});

test("changes with any source or the lockfile, not with installs or build outputs", () => {
  const key = actionCacheKey(folder(SOURCES), "", MACHINE);
  expect(actionCacheKey(folder({ ...SOURCES, "cli/main.ts": "main2" }), "", MACHINE)).not.toBe(key);
  expect(actionCacheKey(folder({ ...SOURCES, "package-lock.json": "{ }" }), "", MACHINE)).not.toBe(key);
  expect(actionCacheKey(folder({ ...SOURCES, "cli/new.ts": "" }), "", MACHINE)).not.toBe(key);
  const built = { ...SOURCES, "node_modules/vite/index.js": "", "lib/cli/main.js": "", "dist/sw.js": "", "examples/x/node_modules/a.js": "" };
  expect(actionCacheKey(folder(built), "", MACHINE)).toBe(key);
  expect(actionCacheKey(folder({ ...SOURCES, "cli/lib/x.ts": "" }), "", MACHINE)).not.toBe(key);
});

test("keys a kit-source file by its content, anything else as written", () => {
  const files = folder({ "a.tgz": "one", "b.tgz": "one", "c.tgz": "two" });
  const action = folder(SOURCES);
  const a = actionCacheKey(action, join(files, "a.tgz"), MACHINE);
  expect(actionCacheKey(folder({ ...SOURCES, "cli/main.ts": "other" }), join(files, "b.tgz"), MACHINE)).toBe(a);
  expect(actionCacheKey(action, join(files, "c.tgz"), MACHINE)).not.toBe(a);
  const spec = actionCacheKey(action, "git+https://example.test/kit.git#0123abc", MACHINE);
  expect(spec).not.toBe(actionCacheKey(action, "git+https://example.test/kit.git#4567def", MACHINE));
  expect(spec).not.toBe(actionCacheKey(action, "", MACHINE));
});
