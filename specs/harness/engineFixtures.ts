/**
 * Fixtures of the engine specs (specs/engines/): the clause checks run in Firefox and WebKit through
 * kit/engines' one interface. A Playwright project per engine names it (`engine`); the browser starts
 * once per Playwright worker. An engine that is not installed is not a failure of the app: each of
 * its tests is not checked, saying what to install. The network is read from the mock server's
 * journal, which sees the page's and its worker's requests alike.
 */

import { chromiumEngine } from "../../kit/engines/chromiumEngine.ts";
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import { ENGINE_BUILD_ANNOTATION, type EngineName } from "../../kit/engines/engineNames.ts";
import { launchEngine } from "../../kit/engines/launchEngine.ts";
import { SESSION_START_TIMEOUT_MS } from "../../kit/engines/webkitEngine.ts";
import { notChecked } from "./applicability.ts";
import { test as base } from "./fixtures.ts";
import type { MockServer } from "./mockServerProcess.ts";

interface EngineWorkerFixtures {
  /** Which engine this project's tests run in (playwright.config.ts). */
  engine: EngineName;
  /** The engine's browser, or why there is none on this machine. */
  engineBrowser: { readonly browser: EngineBrowser } | { readonly notInstalled: string };
}

interface EngineTestFixtures {
  /** A page in a fresh private context of the engine, closed after the test. */
  enginePage: EnginePage;
  /** What the engine's driver can do: a check that needs more is not checked in that engine. */
  engineOf: EngineBrowser;
  /** The mock server this test uses, reset: its journal holds this test's requests alone. */
  engineServer: MockServer;
}

export const test = base.extend<EngineTestFixtures, EngineWorkerFixtures>({
  engine: ["firefox", { option: true, scope: "worker" }],
  engineBrowser: [
    async ({ engine, playwright, launchOptions }, use) => {
      // The engine specs in the suite's Chromium: the control that tells an engine's difference from a
      // check's. Launched here, not Playwright's `browser`, which a Firefox worker would start too.
      if (engine === "chromium") {
        const browser = await playwright.chromium.launch(launchOptions);
        await use({ browser: chromiumEngine(browser) });
        await browser.close();
        return;
      }
      const launched = await launchEngine(engine);
      await use(launched);
      if ("browser" in launched) await launched.browser.close();
    },
    { scope: "worker" },
  ],
  engineOf: async ({ engineBrowser, engine }, use, testInfo) => {
    // The report heads the engine's column with the build that ran (cli/report/engineColumns.ts).
    const build = "notInstalled" in engineBrowser ? `${engine}: not installed (${engineBrowser.notInstalled})` : engineBrowser.browser.version;
    testInfo.annotations.push({ type: ENGINE_BUILD_ANNOTATION, description: build });
    if ("notInstalled" in engineBrowser) notChecked(`${engine}: ${engineBrowser.notInstalled}`);
    await use(engineBrowser.browser);
  },
  // The worker's server, reset before the test (the `mock` fixture), under the name the engine specs read best.
  engineServer: async ({ mock }, use) => {
    await use(mock);
  },
  enginePage: [
    async ({ engineOf }, use) => {
      const page = await engineOf.newPage();
      await use(page);
      await page.close();
    },
    // A timeout of its own: a WebKit session that hangs is given up after SESSION_START_TIMEOUT_MS
    // and started again in a new driver (kit/engines/webkitEngine.ts), which the test's own time must not pay.
    { timeout: 3 * SESSION_START_TIMEOUT_MS },
  ],
});

export { expect } from "./fixtures.ts";
