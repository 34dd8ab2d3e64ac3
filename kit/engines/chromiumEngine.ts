/**
 * Chromium through Playwright, behind the same interface as the other engines: what an engine check
 * does in Firefox and WebKit, done in the Chromium the suite already runs (a control for the check
 * itself). The clause specs' own Chromium path stays Playwright's fixtures, as before engines.
 */
import type { Browser } from "@playwright/test";
import { DriverPage } from "./driverPage.ts";
import type { EngineBrowser, EnginePage } from "./engine.ts";

/** `browser` stays the caller's to close: close() here closes nothing (each page closes its own context). */
export function chromiumEngine(browser: Browser): EngineBrowser {
  return {
    engine: "chromium",
    version: `Chromium ${browser.version()} (Playwright)`,
    capabilities: { scriptBeforePage: true, navigationStatus: true, httpCache: true },
    async newPage(options = {}) {
      const context = await browser.newContext({ serviceWorkers: "allow" });
      for (const script of options.beforePage ?? []) await context.addInitScript(script.source);
      // The context's init scripts run in every tab of it.
      const tab = async (): Promise<EnginePage> => {
        const page = await context.newPage();
        return new DriverPage(page, () => page.close(), tab);
      };
      return new DriverPage(await context.newPage(), () => context.close(), tab);
    },
    close: async () => undefined,
  };
}
