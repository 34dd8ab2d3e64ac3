/**
 * An engine other than Playwright's Chromium, found and started, or why it cannot be: the words a
 * not-checked level gives ("firefox-esr not installed (apt-get install firefox-esr)").
 */
import type { EngineBrowser } from "./engine.ts";
import { describeMissing, findFirefox, findWebKit, isMissing } from "./findEngine.mjs";
import { launchFirefox } from "./firefoxEngine.ts";
import { launchWebKit } from "./webkitEngine.ts";

export type Launched = { readonly browser: EngineBrowser } | { readonly notInstalled: string };

export async function launchEngine(engine: "firefox" | "webkit", env: Readonly<Record<string, string | undefined>> = process.env): Promise<Launched> {
  if (engine === "firefox") {
    const setup = findFirefox(env);
    return isMissing(setup) ? { notInstalled: describeMissing(setup) } : { browser: await launchFirefox(setup) };
  }
  const setup = findWebKit(env);
  return isMissing(setup) ? { notInstalled: describeMissing(setup) } : { browser: await launchWebKit(setup) };
}
