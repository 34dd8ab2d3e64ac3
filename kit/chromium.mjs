// @ts-check
// Finds the Chromium to test with. Order: an explicit PCK_CHROMIUM path; Playwright's own browser
// when `npx playwright install chromium` has put it there; the OS package (Debian's `chromium`).
// Plain JavaScript because `npm test` runs it before anything is compiled.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { ENV, readKitEnv } from "./env.mjs";

/**
 * The OS's headless shell first (Debian's `chromium-headless-shell`): it is what Playwright itself
 * runs for headless Chromium, and it does less per page than the full browser's headless mode (the
 * second app's check took 0.84× the time with it, docs/performance.md). A `--headed` run needs the
 * full browser: PCK_CHROMIUM=/usr/bin/chromium.
 */
const OS_CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/**
 * Flags that keep Chromium quiet on a closed network (no background fetches to Google's hosts) and
 * let it run as root in a container.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** @typedef {{ kind: "env" | "playwright" | "os"; executablePath: string | undefined; describe: string }} FoundChromium */

/**
 * Playwright's own Chromium (the full browser, what `npx playwright install chromium` puts there),
 * or undefined when it is not installed.
 * @returns {string | undefined}
 */
function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    /** @type {{ chromium: { executablePath(): string } }} */
    const playwright = require("playwright-core");
    const own = playwright.chromium.executablePath();
    return own && existsSync(own) ? own : undefined;
  } catch {
    // playwright-core not installed yet: fall through to the OS browser.
    return undefined;
  }
}

/** @returns {FoundChromium | undefined} */
export function findChromium() {
  const fromEnv = readKitEnv().chromium;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${ENV.chromium} is '${fromEnv}', which does not exist. Unset it or point it at a Chromium binary.`);
    return { kind: "env", executablePath: fromEnv, describe: `${ENV.chromium} (${fromEnv})` };
  }
  const own = playwrightChromium();
  if (own) return { kind: "playwright", executablePath: undefined, describe: `Playwright's own Chromium (${own})` };
  const os = OS_CANDIDATES.find((path) => existsSync(path));
  if (!os) return undefined;
  return { kind: "os", executablePath: os, describe: `the OS Chromium${os.endsWith("headless-shell") ? " headless shell" : ""} (${os})` };
}

/** The full browsers, for what the headless shell lacks (the INS clauses: installability, the `PWA` domain). */
const FULL_OS_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable", "/usr/bin/google-chrome"];

/** The one command that gets a full Chromium where none was found, for a "not checked" reason. */
export const FULL_CHROMIUM_HINT =
  "install the full Chromium: Debian/Ubuntu `sudo apt-get install -y chromium`, or `npx playwright install chromium`; or point PCK_CHROMIUM at one";

/**
 * The full Chromium (not the headless shell): PCK_CHROMIUM when it names one, Playwright's own
 * browser (its `chromium` is the full one; the shell is a download of its own), else the OS's.
 * @returns {FoundChromium | undefined}
 */
export function findFullChromium() {
  const fromEnv = readKitEnv().chromium;
  if (fromEnv && existsSync(fromEnv) && !fromEnv.includes("headless-shell"))
    return { kind: "env", executablePath: fromEnv, describe: `${ENV.chromium} (${fromEnv})` };
  const own = playwrightChromium();
  if (own) return { kind: "playwright", executablePath: own, describe: `Playwright's own Chromium (${own})` };
  const os = FULL_OS_CANDIDATES.find((path) => existsSync(path));
  return os ? { kind: "os", executablePath: os, describe: `the OS Chromium (${os})` } : undefined;
}
