/**
 * Chromium through Playwright, behind the same interface as the other engines: what an engine check
 * does in Firefox and WebKit, done in the Chromium the suite already runs (a control for the check
 * itself). The clause specs' own Chromium path stays Playwright's fixtures, as before engines.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { callSource, type EngineBrowser, type EnginePage, type InPage } from "./engine.ts";

class ChromiumPage implements EnginePage {
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Awaited<ReturnType<BrowserContext["newPage"]>>,
  ) {}

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: "load" });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: "load" });
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  evaluate<A, R>(fn: InPage<A, R>, arg: A): Promise<R> {
    return this.page.evaluate(callSource(fn, arg)) as Promise<R>;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/** `browser` stays the caller's: close() on the result closes only the pages it opened. */
export function chromiumEngine(browser: Browser): EngineBrowser {
  return {
    engine: "chromium",
    version: `Chromium ${browser.version()} (Playwright)`,
    capabilities: { scriptBeforePage: true },
    async newPage(options = {}) {
      const context = await browser.newContext({ serviceWorkers: "allow" });
      if (options.beforePage) await context.addInitScript(callSource(options.beforePage, options.beforePageArg));
      return new ChromiumPage(context, await context.newPage());
    },
    close: async () => undefined,
  };
}
