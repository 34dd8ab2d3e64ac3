// @ts-check
import { expect, test } from "vitest";
import { ensureChromium, ensureFullChromium } from "./ensureChromium.mjs";

/** @typedef {import("./ensureChromium.mjs").FoundChromium} FoundChromium */
/** @typedef {import("./ensureChromium.mjs").RunResult} RunResult */

const OS = /** @type {FoundChromium} */ ({
  kind: "os",
  executablePath: "/usr/bin/chromium-headless-shell",
  describe: "the OS Chromium headless shell (/usr/bin/chromium-headless-shell)",
});
const OWN = /** @type {FoundChromium} */ ({ kind: "playwright", executablePath: undefined, describe: "Playwright's own Chromium" });

/**
 * A machine: which browser appears after which command, and how each command ends.
 * @param {{ before?: FoundChromium; download?: number; aptUpdate?: number; aptInstall?: number; aptInstallShell?: number; whyNoApt?: string; forceInstall?: boolean }} machine
 */
function fake(machine) {
  /** @type {string[]} */
  const ran = [];
  /** @type {string[]} */
  const lines = [];
  let browser = machine.before;
  const exitCodes = {
    "playwright install chromium": machine.download ?? 1,
    "apt-get update": machine.aptUpdate ?? 0,
    "apt-get install -y chromium-headless-shell": machine.aptInstallShell ?? 0,
    "apt-get install -y chromium": machine.aptInstall ?? 0,
  };
  const deps = {
    find: () => browser,
    /** @param {string} command @param {readonly string[]} args @returns {Promise<RunResult>} */
    run: async (command, args) => {
      const line = [command.split("/").at(-1), ...args].join(" ");
      ran.push(line);
      const code = exitCodes[/** @type {keyof typeof exitCodes} */ (line)];
      if (code === 0) browser = line.startsWith("playwright") ? OWN : OS;
      return { code, notFound: false, timedOut: false, output: code ? "Error: getaddrinfo ENOTFOUND cdn.playwright.dev\n" : "", ms: 10 };
    },
    whyNoApt: () => machine.whyNoApt,
    forceInstall: machine.forceInstall ?? false,
    /** @param {string} line */
    log: (line) => lines.push(line),
  };
  return { deps, ran, lines };
}

test("uses a Chromium that is already there and installs nothing", async () => {
  const { deps, ran, lines } = fake({ before: OS });
  expect(await ensureChromium(deps)).toBe(OS);
  expect(ran).toEqual([]);
  expect(lines).toEqual(["[test] browser: the OS Chromium headless shell (/usr/bin/chromium-headless-shell)"]);
});

test("uses Playwright's download when it works", async () => {
  const { deps, ran } = fake({ download: 0 });
  expect(await ensureChromium(deps)).toBe(OWN);
  expect(ran).toEqual(["playwright install chromium"]);
});

test("falls back to Debian's package when the download fails and apt-get may be used", async () => {
  const { deps, ran, lines } = fake({});
  expect(await ensureChromium(deps)).toBe(OS);
  expect(ran).toEqual(["playwright install chromium", "apt-get update", "apt-get install -y chromium-headless-shell"]);
  expect(lines).toContain("[test] browser: the OS Chromium headless shell (/usr/bin/chromium-headless-shell), installed with apt-get");
  expect(lines.join("\n")).toContain("exit code 1: Error: getaddrinfo ENOTFOUND cdn.playwright.dev");
});

test("installs the full chromium package where the release has no headless shell package", async () => {
  const { deps, ran } = fake({ aptInstallShell: 100 });
  expect(await ensureChromium(deps)).toBe(OS);
  expect(ran).toEqual(["playwright install chromium", "apt-get update", "apt-get install -y chromium-headless-shell", "apt-get install -y chromium"]);
});

test("does not install the package when apt-get update fails", async () => {
  const { deps, ran } = fake({ aptUpdate: 100 });
  expect(await ensureChromium(deps)).toBeUndefined();
  expect(ran).toEqual(["playwright install chromium", "apt-get update"]);
});

test("says what to install when no path works", async () => {
  const { deps, ran, lines } = fake({ whyNoApt: "not root" });
  expect(await ensureChromium(deps)).toBeUndefined();
  expect(ran).toEqual(["playwright install chromium"]);
  expect(lines.at(-2)).toBe("[test] not installing Debian's Chromium package: not root");
  expect(lines.at(-1)).toMatch(
    /^\[test\] Failed to find or install Chromium\. .*apt-get install -y chromium-headless-shell.*npx playwright install chromium.*PCK_CHROMIUM/,
  );
});

test("forceInstall skips the first look, so the install paths can be tried on a machine that has a browser", async () => {
  const { deps, ran } = fake({ before: OS, forceInstall: true });
  expect(await ensureChromium(deps)).toBe(OS);
  expect(ran[0]).toBe("playwright install chromium");
});

const FULL = /** @type {FoundChromium} */ ({ kind: "os", executablePath: "/usr/bin/chromium", describe: "the OS Chromium (/usr/bin/chromium)" });

/**
 * A machine for the full browser: whether it is there, and how `apt-get install -y chromium` ends (twice: before and after an update).
 * @param {{ present?: boolean; installCodes?: number[]; whyNoApt?: string }} machine
 */
function fakeFull(machine) {
  /** @type {string[]} */
  const ran = [];
  /** @type {string[]} */
  const lines = [];
  let present = machine.present ?? false;
  const installCodes = [...(machine.installCodes ?? [0])];
  const deps = {
    findFull: () => (present ? FULL : undefined),
    /** @param {string} command @param {readonly string[]} args @returns {Promise<RunResult>} */
    run: async (command, args) => {
      const line = [command, ...args].join(" ");
      ran.push(line);
      const code = line === "apt-get install -y chromium" ? (installCodes.shift() ?? 1) : 0;
      if (line === "apt-get install -y chromium" && code === 0) present = true;
      return { code, notFound: false, timedOut: false, output: code ? "E: Unable to locate package chromium\n" : "", ms: 10 };
    },
    whyNoApt: () => machine.whyNoApt,
    /** @param {string} line */
    log: (line) => lines.push(line),
  };
  return { deps, ran, lines };
}

test("the full browser for the INS tests: one that is there is used, nothing installed", async () => {
  const { deps, ran } = fakeFull({ present: true });
  expect(await ensureFullChromium(deps)).toEqual(FULL);
  expect(ran).toEqual([]);
});

test("the full browser is installed with apt-get, after an update when the package list is stale", async () => {
  const { deps, ran } = fakeFull({ installCodes: [100, 0] });
  expect(await ensureFullChromium(deps)).toEqual(FULL);
  expect(ran).toEqual(["apt-get install -y chromium", "apt-get update", "apt-get install -y chromium"]);
});

test("without apt-get the INS tests that need the full browser are not checked, and the line says how to get one", async () => {
  const { deps, ran, lines } = fakeFull({ whyNoApt: "not root" });
  expect(await ensureFullChromium(deps)).toBeUndefined();
  expect(ran).toEqual([]);
  expect(lines.at(-1)).toMatch(/not installing one: not root.*not checked.*apt-get install -y chromium/);
});
