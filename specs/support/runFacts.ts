/**
 * What one test of a run learned about the app that holds for the whole run (no worker becomes
 * active; the worker answers no `CACHE_URLS` message), so later tests, in any Playwright worker, end
 * at once with the same reason instead of waiting out the same timeout again. Kept as files in the
 * project's output folder, which every worker of the run shares and the next run starts without.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo } from "@playwright/test";

export type RunFact = "no-worker-control" | "no-cache-urls-reply" | "stores-no-posted-page" | "posts-no-cache-urls";

function factFile(testInfo: TestInfo, fact: RunFact): string {
  return join(testInfo.project.outputDir, `pck-${fact}.txt`);
}

/** The reason an earlier test of this run wrote down for `fact`, if one did. */
export function knownFact(testInfo: TestInfo, fact: RunFact): string | undefined {
  const file = factFile(testInfo, fact);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** Writes `fact` down with its reason; the first writer wins (every writer says the same of the same app). */
export function recordFact(testInfo: TestInfo, fact: RunFact, reason: string): void {
  const file = factFile(testInfo, fact);
  mkdirSync(testInfo.project.outputDir, { recursive: true });
  try {
    writeFileSync(file, reason, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
