/**
 * The full Chromium, for the INS tests the headless shell cannot carry out: it reports no
 * installability errors at all and has no `PWA` domain. A persistent profile, because an incognito
 * context (Playwright's default) cannot install. Without a full Chromium the test is not checked,
 * naming the command that gets one; with one, the report notes which browser ran it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type TestInfo } from "@playwright/test";
import { CHROMIUM_ARGS, FULL_CHROMIUM_HINT, findFullChromium } from "../../kit/chromium.mjs";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { notChecked } from "./applicability.ts";

export interface FullChromium {
  readonly context: BrowserContext;
  readonly close: () => Promise<void>;
}

/** Launches the full Chromium with a fresh profile of its own, or ends the test as not checked. */
export async function openFullChromium(testInfo: TestInfo, baseURL: string): Promise<FullChromium> {
  const found = findFullChromium();
  if (!found?.executablePath) return notChecked(`this test needs the full Chromium, and only the headless shell was found: ${FULL_CHROMIUM_HINT}`);
  testInfo.annotations.push({ type: SUITE_NOTE, description: `ran in the full Chromium, ${found.describe}` });
  const profile = mkdtempSync(join(tmpdir(), "pck-full-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    serviceWorkers: "allow",
    baseURL,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
