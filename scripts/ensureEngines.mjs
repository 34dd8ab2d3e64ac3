// @ts-check
// Installs what the engine checks need besides Chromium (kit/engines): Debian's firefox-esr,
// webkit2gtk-driver and Xvfb, with apt-get where that may be used (root on Debian or Ubuntu; about
// 55 s here, most of it the download). `npm test` starts it in the background after Chromium, so the
// download overlaps the unit tests; the steps that run engines wait for it. Without apt-get it says
// the command: the engine tests are then not checked, each saying what is missing.
import { ENGINE_PACKAGES, findFirefox, findWebKit, isMissing } from "../kit/engines/findEngine.mjs";
import { APT_TIMEOUT_MS, whyNoApt } from "./ensureChromium.mjs";
import { runCommand, seconds } from "./runCommand.mjs";

/**
 * @typedef {object} EngineDeps Everything ensureEngines touches, replaceable in tests.
 * @property {() => string[]} missing What is missing now, in words (empty: all there).
 * @property {(command: string, args: readonly string[], options?: import("./runCommand.mjs").RunOptions) => Promise<import("./runCommand.mjs").RunResult>} run
 * @property {() => string | undefined} whyNoApt
 * @property {(line: string) => void} log
 */

/** @returns {string[]} */
export function missingEngines() {
  return [findFirefox(), findWebKit()].flatMap((setup) => (isMissing(setup) ? [`${setup.missing} (${setup.install})`] : []));
}

/**
 * Resolves true once Firefox and WebKit can run, false (having said why) when they cannot.
 * @param {Partial<EngineDeps>} [deps]
 * @returns {Promise<boolean>}
 */
export async function ensureEngines(deps = {}) {
  const { missing = missingEngines, run = runCommand, whyNoApt: aptBlocker = whyNoApt, log = console.log } = deps;
  const before = missing();
  if (before.length === 0) {
    log("[test] Firefox and WebKit for the engine checks: Debian's firefox-esr, WebKitWebDriver and Xvfb");
    return true;
  }
  const blocker = aptBlocker();
  if (blocker) {
    log(
      `[test] Firefox and WebKit checks: ${before.join("; ")}; not installing them (${blocker}). Their tests are not checked: sudo apt-get install -y ${ENGINE_PACKAGES.join(" ")}`,
    );
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = ["install", "-y", "--no-install-recommends", ...ENGINE_PACKAGES];
  let result = await run("apt-get", install, { env, quiet: true, timeoutMs: APT_TIMEOUT_MS });
  // A machine whose package lists are stale (or were never fetched) needs an update first.
  if (result.code !== 0 && (await run("apt-get", ["update"], { env, quiet: true, timeoutMs: APT_TIMEOUT_MS })).code === 0)
    result = await run("apt-get", install, { env, quiet: true, timeoutMs: APT_TIMEOUT_MS });
  const after = missing();
  log(
    after.length === 0
      ? `[test] Firefox and WebKit installed with apt-get in ${seconds(result.ms)} (${ENGINE_PACKAGES.join(", ")})`
      : `[test] Firefox and WebKit: apt-get install failed (exit code ${result.code}); still ${after.join("; ")}`,
  );
  return after.length === 0;
}
