// @ts-check
// Makes sure `npm test` has a Chromium, trying in order: one already there (findChromium:
// PCK_CHROMIUM, Playwright's own, the OS's); Playwright's own download; Debian's
// `chromium-headless-shell` package (what Playwright runs headless; `chromium` where a release has no
// such package) when we are root on Debian or Ubuntu. Playwright's download host is unreachable on our CI
// machines, Debian's mirrors are not.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FULL_CHROMIUM_HINT, findChromium, findFullChromium } from "../kit/chromium.mjs";
import { ENV, readKitEnv } from "../kit/env.mjs";
import { ROOT } from "./ensureDeps.mjs";
import { runCommand, seconds } from "./runCommand.mjs";

/**
 * Hard limit on `npx playwright install chromium`. Where the download host does not resolve it
 * fails in about 3 s (measured here: `getaddrinfo ENOTFOUND cdn.playwright.dev`); the limit is for
 * a host that accepts connections and never answers, and still leaves a working link time for the
 * ~170 MB download.
 */
export const PLAYWRIGHT_INSTALL_TIMEOUT_MS = 90_000;

/** Hard limit on each apt-get command: `update` plus `install -y chromium` took about 30 s here. */
export const APT_TIMEOUT_MS = 600_000;

/** What to tell a person when no path worked. */
export const NO_CHROMIUM_HELP =
  "Install one, then run npm test again: Debian `sudo apt-get install -y chromium-headless-shell` (or `chromium`); elsewhere " +
  "`npx playwright install chromium` (needs https://cdn.playwright.dev); or set PCK_CHROMIUM=/path/to/chromium.";

/**
 * @typedef {import("../kit/chromium.mjs").FoundChromium} FoundChromium
 * @typedef {import("./runCommand.mjs").RunResult} RunResult
 * @typedef {import("./runCommand.mjs").RunOptions} RunOptions
 */

/**
 * @typedef {object} ChromiumDeps Everything ensureChromium touches, replaceable in tests.
 * @property {() => FoundChromium | undefined} find
 * @property {(command: string, args: readonly string[], options?: RunOptions) => Promise<RunResult>} run
 * @property {() => string | undefined} whyNoApt Undefined when apt-get may be used, else why not.
 * @property {boolean} forceInstall Skip the first look, as if no Chromium were installed.
 * @property {(line: string) => void} log
 */

/** @returns {string | undefined} */
export function whyNoApt() {
  if (process.getuid?.() !== 0) return "not root";
  if (!existsSync("/usr/bin/apt-get")) return "no apt-get";
  const osRelease = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "";
  if (!/^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(osRelease)) return "not Debian or Ubuntu";
  return undefined;
}

/**
 * The first line worth showing from a failed command's output.
 * @param {RunResult} result
 */
function failureOf(result) {
  if (result.timedOut) return "timed out";
  if (result.notFound) return "command not found";
  const lines = result.output.split("\n").map((line) => line.trim());
  const why = lines.find((line) => /^(E:|Error:)/.test(line)) ?? lines.filter(Boolean).at(-1);
  return `exit code ${result.code}${why ? `: ${why}` : ""}`;
}

/**
 * Finds or installs a Chromium and says which one `npm test` will use. Resolves to undefined, after
 * printing what to install, when no path worked.
 * @param {Partial<ChromiumDeps>} [deps]
 * @returns {Promise<FoundChromium | undefined>}
 */
export async function ensureChromium(deps = {}) {
  const { find = findChromium, run = runCommand, whyNoApt: aptBlocker = whyNoApt, forceInstall = readKitEnv().forceBrowserInstall, log = console.log } = deps;
  /** @param {string} how */
  const found = (how) => {
    const browser = find();
    if (browser) log(`[test] browser: ${browser.describe}${how}`);
    return browser;
  };

  if (forceInstall) log(`[test] ${ENV.forceBrowserInstall}=1: not looking for an installed Chromium first`);
  else {
    const browser = found("");
    if (browser) return browser;
  }

  const limit = `at most ${PLAYWRIGHT_INSTALL_TIMEOUT_MS / 1000} s`;
  log(`[test] ${forceInstall ? "" : "no Chromium found; "}downloading Playwright's (npx playwright install chromium, ${limit})…`);
  const download = await run(join(ROOT, "node_modules", ".bin", "playwright"), ["install", "chromium"], {
    cwd: ROOT,
    quiet: true,
    timeoutMs: PLAYWRIGHT_INSTALL_TIMEOUT_MS,
  });
  if (download.code === 0) {
    const browser = found(", downloaded by Playwright");
    if (browser) return browser;
  }
  log(`[test] Playwright's download failed after ${seconds(download.ms)} (${failureOf(download)})`);

  const blocker = aptBlocker();
  if (blocker) {
    log(`[test] not installing Debian's Chromium package: ${blocker}`);
  } else {
    log("[test] installing Debian's Chromium headless shell (apt-get update && apt-get install -y chromium-headless-shell, about 30 s)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    /** @param {string[]} args */
    const apt = async (args) => {
      const result = await run("apt-get", args, { env, quiet: true, timeoutMs: APT_TIMEOUT_MS });
      log(`[test] apt-get ${args.join(" ")}: ${result.code === 0 ? "done in" : `failed (${failureOf(result)}) after`} ${seconds(result.ms)}`);
      return result.code === 0;
    };
    // A release without the headless shell package (before Chromium 132's split) still has `chromium`.
    if ((await apt(["update"])) && !(await apt(["install", "-y", "chromium-headless-shell"]))) await apt(["install", "-y", "chromium"]);
    const browser = found(", installed with apt-get");
    if (browser) return browser;
  }

  log(`[test] Failed to find or install Chromium. ${NO_CHROMIUM_HELP}`);
  return undefined;
}

/**
 * The full Chromium besides the test browser, for the INS tests the headless shell cannot carry out
 * (installability, the `PWA` domain): found, or installed with apt-get where that may be used (about
 * 30 s); otherwise those tests are not checked, and this says how to get one.
 * @param {Partial<ChromiumDeps> & { findFull?: () => FoundChromium | undefined }} [deps]
 * @returns {Promise<FoundChromium | undefined>}
 */
export async function ensureFullChromium(deps = {}) {
  const { findFull = findFullChromium, run = runCommand, whyNoApt: aptBlocker = whyNoApt, log = console.log } = deps;
  const present = findFull();
  if (present) {
    log(`[test] full browser for the INS tests: ${present.describe}`);
    return present;
  }
  const blocker = aptBlocker();
  if (!blocker) {
    log("[test] installing Debian's full Chromium for the INS tests (apt-get install -y chromium, about 30 s)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () => run("apt-get", ["install", "-y", "chromium"], { env, quiet: true, timeoutMs: APT_TIMEOUT_MS });
    // Without a fresh package list (a machine whose browser came with its image) the first try fails.
    let result = await install();
    if (result.code !== 0 && (await run("apt-get", ["update"], { env, quiet: true, timeoutMs: APT_TIMEOUT_MS })).code === 0) result = await install();
    const installed = result.code === 0 ? findFull() : undefined;
    if (installed) {
      log(`[test] full browser for the INS tests: ${installed.describe}, installed with apt-get in ${seconds(result.ms)}`);
      return installed;
    }
    log(`[test] apt-get install -y chromium failed (${failureOf(result)})`);
  }
  log(`[test] no full Chromium${blocker ? ` (not installing one: ${blocker})` : ""}: the INS tests that need one will be not checked; ${FULL_CHROMIUM_HINT}.`);
  return undefined;
}
