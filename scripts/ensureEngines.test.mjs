// @ts-check
import { expect, test } from "vitest";
import { ensureEngines } from "./ensureEngines.mjs";

/**
 * A machine: what is missing until apt-get installs it, and how each apt-get ends.
 * @param {{ missing: string[]; install?: number[]; update?: number; whyNoApt?: string }} machine
 */
function fake(machine) {
  /** @type {string[]} */
  const ran = [];
  /** @type {string[]} */
  const lines = [];
  let missing = machine.missing;
  const installs = [...(machine.install ?? [0])];
  const deps = {
    missing: () => missing,
    /** @param {string} command @param {readonly string[]} args */
    run: async (command, args) => {
      ran.push(`${command} ${args.join(" ")}`);
      const code = args[0] === "update" ? (machine.update ?? 0) : (installs.shift() ?? 1);
      if (args[0] === "install" && code === 0) missing = [];
      return { code, ms: 10, output: "", timedOut: false, notFound: false };
    },
    whyNoApt: () => machine.whyNoApt,
    /** @param {string} line */
    log: (line) => lines.push(line),
  };
  return { deps, ran, lines };
}

test("with both engines there, installs nothing", async () => {
  const { deps, ran } = fake({ missing: [] });
  expect(await ensureEngines(deps)).toBe(true);
  expect(ran).toEqual([]);
});

test("as root on Debian, installs Debian's packages with apt-get", async () => {
  const { deps, ran, lines } = fake({ missing: ["firefox-esr not installed (apt-get install firefox-esr)"] });
  expect(await ensureEngines(deps)).toBe(true);
  expect(ran).toEqual(["apt-get install -y --no-install-recommends firefox-esr webkit2gtk-driver xvfb xauth"]);
  expect(lines.join("\n")).toContain("installed with apt-get");
});

test("updates the package lists and tries again when the first install fails", async () => {
  const { deps, ran } = fake({ missing: ["WebKitWebDriver not installed (apt-get install webkit2gtk-driver)"], install: [100, 0] });
  expect(await ensureEngines(deps)).toBe(true);
  expect(ran.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual(["apt-get install", "apt-get update", "apt-get install"]);
});

test("without apt-get, installs nothing and says the command and what is missing", async () => {
  const { deps, ran, lines } = fake({ missing: ["firefox-esr not installed (apt-get install firefox-esr)"], whyNoApt: "not root" });
  expect(await ensureEngines(deps)).toBe(false);
  expect(ran).toEqual([]);
  expect(lines.join("\n")).toMatch(/firefox-esr not installed.*not root.*sudo apt-get install -y firefox-esr webkit2gtk-driver xvfb xauth/);
});

test("says what is still missing when apt-get fails", async () => {
  const { deps, lines } = fake({ missing: ["firefox-esr not installed (apt-get install firefox-esr)"], install: [100, 100] });
  expect(await ensureEngines(deps)).toBe(false);
  expect(lines.join("\n")).toContain("apt-get install failed (exit code 100); still firefox-esr not installed");
});
