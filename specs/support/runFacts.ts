/**
 * What one test of a run learned about the app that holds for the whole run (no worker becomes
 * active; the worker answers no `CACHE_URLS` message), so later tests, in any Playwright worker, end
 * at once with the same reason instead of waiting out the same timeout again. Kept as files in the
 * project's output folder, which every worker of the run shares and the next run starts without.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo } from "@playwright/test";

export type RunFact =
  | "no-worker-control"
  | "no-cache-urls-reply"
  | "stores-no-posted-page"
  | "posts-no-cache-urls"
  | "app-navigation-not-stored"
  | "script-change-not-stored"
  | "navigation-answered-without-server";

/** `subject` narrows a fact to one thing of the app (a path): any text, kept out of the file name by a hash. */
function factFile(testInfo: TestInfo, fact: RunFact, subject?: string): string {
  const about = subject === undefined ? "" : `-${createHash("sha256").update(subject).digest("hex").slice(0, 16)}`;
  return join(testInfo.project.outputDir, `pck-${fact}${about}.txt`);
}

/** The reason an earlier test of this run wrote down for `fact` (about `subject`), if one did. */
export function knownFact(testInfo: TestInfo, fact: RunFact, subject?: string): string | undefined {
  const file = factFile(testInfo, fact, subject);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** Writes `fact` (about `subject`) down with its reason; the first writer wins (every writer says the same of the same app). */
export function recordFact(testInfo: TestInfo, fact: RunFact, reason: string, subject?: string): void {
  const file = factFile(testInfo, fact, subject);
  mkdirSync(testInfo.project.outputDir, { recursive: true });
  try {
    writeFileSync(file, reason, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
