// @ts-check
// Where each engine's browser and driver are on this machine, or what is missing and the command
// that installs it. Debian's packages are the path here: `firefox-esr`; `webkit2gtk-driver`
// (WebKitWebDriver, with WebKitGTK's MiniBrowser) and, without a display, `xvfb`. Chromium is found
// by kit/chromium.mjs, as before engines existed. Plain JavaScript: `npm test` reads it before
// anything is compiled, to install what is missing.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ENV, readKitEnv } from "../env.mjs";

/** @typedef {{ readonly executablePath: string }} FirefoxSetup */
/** @typedef {{ readonly driver: string; readonly miniBrowser: string; readonly xvfb: string | undefined }} WebKitSetup Xvfb undefined: DISPLAY is set. */
/** @typedef {{ readonly missing: string; readonly install: string }} Missing What is not there, and the command that installs it. */

/** Debian's packages for the engines besides Chromium: what `npm test` installs as root. */
export const ENGINE_PACKAGES = ["firefox-esr", "webkit2gtk-driver", "xvfb", "xauth"];

const FIREFOX_CANDIDATES = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];
const DRIVER_CANDIDATES = ["/usr/bin/WebKitWebDriver", "/usr/local/bin/WebKitWebDriver"];
const XVFB_CANDIDATES = ["/usr/bin/Xvfb"];

/**
 * "firefox-esr not installed (apt-get install firefox-esr)": the words a not-checked level gives.
 * @param {Missing} missing
 */
export const describeMissing = (missing) => `${missing.missing} (${missing.install})`;

/**
 * @param {object} setup
 * @returns {setup is Missing}
 */
export const isMissing = (setup) => "missing" in setup;

/**
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {FirefoxSetup | Missing}
 */
export function findFirefox(env = process.env) {
  const fromEnv = readKitEnv(env).firefox;
  if (fromEnv !== undefined) {
    return existsSync(fromEnv)
      ? { executablePath: fromEnv }
      : { missing: `${ENV.firefox} names ${fromEnv}, which does not exist`, install: `unset ${ENV.firefox} or point it at a Firefox` };
  }
  const found = FIREFOX_CANDIDATES.find((path) => existsSync(path));
  return found ? { executablePath: found } : { missing: "firefox-esr not installed", install: "apt-get install firefox-esr" };
}

/**
 * WebKitGTK's MiniBrowser, which WebKitWebDriver drives: <libRoot>/<arch>/webkit2gtk-4.1 (or 4.0, 6.0).
 * @param {string} libRoot
 * @returns {string | undefined}
 */
function findMiniBrowser(libRoot) {
  if (!existsSync(libRoot)) return undefined;
  for (const arch of readdirSync(libRoot)) {
    for (const api of ["webkit2gtk-4.1", "webkit2gtk-4.0", "webkitgtk-6.0"]) {
      const candidate = join(libRoot, arch, api, "MiniBrowser");
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @param {string} [libRoot]
 * @param {readonly string[]} [drivers] where WebKitWebDriver may be
 * @returns {WebKitSetup | Missing}
 */
export function findWebKit(env = process.env, libRoot = "/usr/lib", drivers = DRIVER_CANDIDATES) {
  const driver = drivers.find((path) => existsSync(path));
  const miniBrowser = findMiniBrowser(libRoot);
  if (!driver || !miniBrowser) return { missing: "WebKitWebDriver not installed", install: "apt-get install webkit2gtk-driver" };
  if (env.DISPLAY) return { driver, miniBrowser, xvfb: undefined };
  const xvfb = XVFB_CANDIDATES.find((path) => existsSync(path));
  return xvfb
    ? { driver, miniBrowser, xvfb }
    : { missing: "Xvfb not installed (WebKitGTK needs a display, and DISPLAY is not set)", install: "apt-get install xvfb" };
}
