/**
 * Every spec goes offline through offline.ts, which switches the mock server's network with the
 * browser's: a direct `setOffline` on a context would leave the server answering whatever slips
 * past Chromium's emulation.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";

const SPECS = kitPath("specs");
const HELPER = join(SPECS, "checks", "offline.ts");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

test("no file of the suite but checks/offline.ts calls a context's setOffline", () => {
  const callers = sources(SPECS)
    .filter((path) => path !== HELPER && /\bcontext\w*\.setOffline\(|\.setOffline\((true|false|!)/.test(readFileSync(path, "utf8")))
    .map((path) => relative(SPECS, path));
  expect(callers).toEqual([]);
});
