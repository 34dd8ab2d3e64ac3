/**
 * Firefox through puppeteer-core over WebDriver BiDi: Playwright cannot drive a stock Firefox (its
 * `firefox` launcher needs its patched build, and its BiDi channel fails on ESR at newContext), and
 * no geckodriver is obtainable without a download. Each page gets a BiDi user context of its own
 * (separate storage, service workers included). Its emulated offline is never used: it lets the
 * worker's own fetches through (docs/engines.md); the mock server's switch is the only "no network".
 */
import puppeteer, { type Browser } from "puppeteer-core";
import { DriverPage } from "./driverPage.ts";
import type { EngineBrowser, EnginePage } from "./engine.ts";
import type { FirefoxSetup } from "./findEngine.mjs";
import { onlineSwitch } from "./namespaceRoute.mjs";

/** A cold headless Firefox took 6.5 s to start here (a new profile each time); generous for a busy CI machine. */
const LAUNCH_TIMEOUT_MS = 60_000;

/**
 * Prefs of a fair test: service workers on `http://127.0.0.1` are allowed in Firefox as on any
 * secure context, so none is needed for that; these only keep a closed network quiet.
 */
const PREFS = {
  "app.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
};

export async function launchFirefox(setup: FirefoxSetup): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: setup.executablePath,
    headless: true,
    timeout: LAUNCH_TIMEOUT_MS,
    // Automation stops Firefox from following the system's network state; in a network namespace of
    // the run's own (ONL-1) it follows the namespace's route, as a person's Firefox does. Elsewhere
    // the host's network is not the app's, so it stays off.
    extraPrefsFirefox: "unavailable" in onlineSwitch() ? PREFS : { ...PREFS, "network.manage-offline-status": true },
  });
  // "firefox/153.7.0": the report names the build as what it is.
  const [, number = "unknown"] = (await browser.version()).split("/");
  return {
    engine: "firefox",
    version: `Firefox ${number} (${setup.executablePath}, puppeteer-core over WebDriver BiDi)`,
    capabilities: { scriptBeforePage: true, navigationStatus: true, httpCache: true },
    async newPage(options = {}) {
      const context = await browser.createBrowserContext();
      const open = async () => {
        const page = await context.newPage();
        for (const script of options.beforePage ?? []) await page.evaluateOnNewDocument(script.source);
        return page;
      };
      const tab = async (): Promise<EnginePage> => {
        const page = await open();
        return new DriverPage(page, () => page.close(), tab);
      };
      return new DriverPage(await open(), () => context.close(), tab);
    },
    close: () => browser.close(),
  };
}
