// @ts-check
// `npm test`: install what is missing (a Chromium included), then every check CI runs, cheapest
// first, stopping at the first failure. `npm test -- <args>` passes <args> to the final
// `playwright test`, e.g. `npm test -- --repeat-each=10` or `npm test -- specs/registration.spec.ts`.
// It all runs on Node 24 (scripts/testedNode.mjs: fetched from the npm registry when this is another
// Node), and the steps marked `node: 22` on Node 22 too: the two lines package.json's engines names.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ENV } from "../kit/env.mjs";
import { ensureChromium, ensureFullChromium } from "./ensureChromium.mjs";
import { ensureDeps, ROOT } from "./ensureDeps.mjs";
import { ensureEngines } from "./ensureEngines.mjs";
import { npm, runCommand, seconds, stopWhenOrphaned } from "./runCommand.mjs";
import { ALSO_TESTED_NODE, ensureNode, runOnNode, TESTED_NODE, withNodeFirst } from "./testedNode.mjs";

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} shown The command as a person would type it.
 * @property {[string, string[]] | { bin: string; from: string; args: string[] }} run A command, or a
 *   program from node_modules/.bin (run directly: `npx` would try to download a missing one).
 * @property {boolean} [summaryOnly] On success show only the output's last line.
 * @property {NodeJS.ProcessEnv} [env] Extra environment for the command.
 * @property {boolean} [examples] It checks an example app: it waits for the background install first.
 * @property {boolean} [engines] It runs Firefox and WebKit: it waits for their background install first.
 * @property {typeof ALSO_TESTED_NODE} [node] Run it on this Node instead of this process's: its
 *   binary for `process.execPath` and for a program from node_modules/.bin, and first on PATH.
 */

/**
 * @param {readonly string[]} extraArgs
 * @returns {Step[]}
 */
function steps(extraArgs) {
  return [
    { name: "build", shown: "npm run build", run: npm("run", "build") },
    { name: "typecheck", shown: "npx tsc -b", run: { bin: "tsc", from: "typescript", args: ["-b"] } },
    { name: "lint", shown: "npx biome check .", run: { bin: "biome", from: "@biomejs/biome", args: ["check", "."] } },
    { name: "unit tests", shown: "npx vitest run", run: { bin: "vitest", from: "vitest", args: ["run"] } },
    {
      // The same tests on the other Node line users have; the package step below runs on it too.
      name: `unit tests on Node ${ALSO_TESTED_NODE}`,
      shown: `npx vitest run (Node ${ALSO_TESTED_NODE})`,
      run: { bin: "vitest", from: "vitest", args: ["run"] },
      node: ALSO_TESTED_NODE,
    },
    {
      // Cheap: sizes of the client code, worker and app against workbox-window, serwist and React.
      name: "size figures",
      shown: "npm run bench:size -- --report-only",
      run: [process.execPath, ["--import", "tsx", "bench/size.ts", "--report-only"]],
    },
    {
      name: "no .only",
      shown: "npx playwright test --list --forbid-only",
      run: { bin: "playwright", from: "@playwright/test", args: ["test", "--list", "--forbid-only"] },
      summaryOnly: true,
    },
    {
      name: "traceability",
      shown: "node --import tsx scripts/traceability.ts",
      run: [process.execPath, ["--import", "tsx", "scripts/traceability.ts"]],
    },
    {
      // With PCK_REPORT_DIR the run also writes the per-clause conformance report (docs/conformance.md
      // clauses), the HTML report and JUnit XML, as `npm run conformance` does. With PCK_ENGINES the
      // engine specs (specs/engines/) run in the same run, in Debian's firefox-esr over WebDriver BiDi
      // and WebKitGTK through WebKitWebDriver under Xvfb, each a column of the report, as
      // `check --engines` runs them. Their control in Chromium is bench:engines' (30 s of the two
      // cores here, for a diagnosis the deviants' engine projects already prove they can make).
      name: "browser suite",
      engines: true,
      shown: [`${ENV.engines}=firefox,webkit npx playwright test`, ...extraArgs].join(" "),
      run: { bin: "playwright", from: "@playwright/test", args: ["test", ...extraArgs] },
      env: { [ENV.reportDir]: join(ROOT, "test-results", "conformance"), [ENV.engines]: "firefox,webkit" },
    },
    {
      // ONL-1's required rule in Firefox and WebKit: the browsers' own online state, taken away and
      // given back through a network namespace of the run's own (root; docs/engines.md), one worker as
      // every test shares its route. The reference must pass it in both engines.
      name: "online state in Firefox and WebKit",
      engines: true,
      shown: "node --import tsx scripts/checkOnlineState.ts",
      run: [process.execPath, ["--import", "tsx", "scripts/checkOnlineState.ts"]],
    },
    {
      // The suite's self-check: against the reference worker built with one deliberate edit at a
      // time, the tests scripts/deviantWorker/deviants.ts names must fail, and only they (in Firefox
      // and WebKit too for the deviants that name them).
      name: "deviant worker",
      engines: true,
      shown: "npx playwright test --config scripts/deviantWorker/playwright.config.ts",
      run: { bin: "playwright", from: "@playwright/test", args: ["test", "--config", "scripts/deviantWorker/playwright.config.ts"] },
    },
    {
      // The kit as a user installs it, each time into an empty project: the tarball of npm pack
      // (the installed command's help, version, entry points and init); from the git repository
      // (a check of one clause); by the steps of action.yml, which build it from the action's files
      // and cache it, with --start on the second app, whose verdicts must match docs/second-app.md
      // (the same check from the clone: npm run conformance:second-app), then restore it. And
      // npm pack in a fresh clone, which must say to run npm ci. And the release workflow's own
      // script (scripts/release.ts) on that tarball, publishing dry-run: the tag v<version>
      // names package.json's version, CHANGELOG.md has its section, the tarball holds what `files`
      // promises and nothing else, and `npm publish --provenance --dry-run` passes (seconds). On
      // Node 22: the kit installed, built and checking an app on the older line users have.
      name: "package",
      shown: "npm run check:package",
      run: [process.execPath, ["--import", "tsx", "scripts/checkPackage.ts"]],
      // The second app's failures are its record: progress lines, not a ✘ line for each.
      env: { [ENV.output]: "progress" },
      node: ALSO_TESTED_NODE,
    },
    {
      // Record and replay (docs/mock-server.md): the package step's check of the second app recorded
      // what the app answered; the app stopped, it is checked again from the merged HAR alone, as
      // docs/cli.md's sharded recipe (check --shard 1/2 and 2/2, then merge), and the two runs' verdicts must be the
      // same, clause by clause, and match docs/second-app.md.
      name: "replay",
      shown: "node --import tsx scripts/checkReplay.ts --from-package",
      run: [process.execPath, ["--import", "tsx", "scripts/checkReplay.ts", "--from-package"]],
    },
    {
      // `init` on the reference and the prompt app (vite-plugin-pwa's default setup): the starter
      // profiles validate, equal the hand-written ones where init can see, and, with what init lists
      // as missing filled in from those, give the verdicts their records write down by hand:
      // docs/reference-through-proxy.md and docs/prompt-app.md (two conformance runs).
      name: "init",
      examples: true,
      shown: "node --import tsx scripts/checkInit.ts",
      run: [process.execPath, ["--import", "tsx", "scripts/checkInit.ts"]],
    },
    {
      // The stack the checklist's required level describes (docs/next-app.md): npm ci and next build
      // in examples/next-app when out of date, then its verdicts must match the record.
      name: "next app",
      examples: true,
      shown: "npm run conformance:next-app",
      run: [process.execPath, ["--import", "tsx", "examples/next-app/check.ts"]],
    },
    {
      // Serwist's other Next.js route, @serwist/next's webpack plugin (docs/serwist-webpack-app.md):
      // npm ci and next build --webpack when out of date, then its verdicts must match the record.
      name: "serwist webpack app",
      examples: true,
      shown: "npm run conformance:serwist-webpack-app",
      run: [process.execPath, ["--import", "tsx", "examples/serwist-webpack-app/check.ts"]],
    },
    {
      // Angular's service worker, ngsw, another app-shell design (docs/angular-app.md): npm ci and
      // ng build when out of date, then its verdicts must match the record.
      name: "angular app",
      examples: true,
      shown: "npm run conformance:angular-app",
      run: [process.execPath, ["--import", "tsx", "examples/angular-app/check.ts"]],
    },
    {
      // SvelteKit with @vite-pwa/sveltekit as its docs show, prerendered pages and a precache
      // (docs/sveltekit-app.md): npm ci and vite build when out of date, then its verdicts must
      // match the record.
      name: "sveltekit app",
      examples: true,
      shown: "npm run conformance:sveltekit-app",
      run: [process.execPath, ["--import", "tsx", "examples/sveltekit-app/check.ts"]],
    },
  ];
}

/**
 * Runs one step; resolves to its exit code after printing how it went.
 * @param {Step} step
 * @param {string} label e.g. `3/6 lint`
 * @param {Record<number, string>} nodes the Node binary of each major a step may ask for
 * @returns {Promise<{ code: number; ms: number }>}
 */
async function runStep(step, label, nodes) {
  console.log(`[test] ${label}: ${step.shown}`);
  const node = (step.node === undefined ? undefined : nodes[step.node]) ?? process.execPath;
  let command;
  let args;
  if (Array.isArray(step.run)) {
    [command, args] = step.run;
    if (command === process.execPath) command = node;
  } else {
    command = join(ROOT, "node_modules", ".bin", process.platform === "win32" ? `${step.run.bin}.cmd` : step.run.bin);
    args = step.run.args;
    if (!existsSync(command)) {
      console.error(
        `[test] ${label}: Failed to run it: node_modules/.bin/${step.run.bin} is missing. It comes from ${step.run.from}; reinstall with rm -rf node_modules && npm test.`,
      );
      return { code: 127, ms: 0 };
    }
    // A JavaScript program (vitest is one) runs on the step's Node when it is given as the script.
    if (step.node !== undefined) [command, args] = [node, [command, ...args]];
  }
  const env = { ...process.env, ...step.env };
  const result = await runCommand(command, args, { cwd: ROOT, quiet: step.summaryOnly, env: step.node === undefined ? env : withNodeFirst(node, env) });
  if (result.notFound) console.error(`[test] ${label}: Failed to run it: ${command} is not on PATH.`);
  else if (step.summaryOnly) {
    if (result.code === 0) console.log(result.output.trim().split("\n").at(-1));
    else process.stdout.write(result.output);
  }
  console.log(`[test] ${label} ${result.code === 0 ? "passed" : `failed (exit code ${result.code})`} in ${seconds(result.ms)}`);
  return result;
}

/**
 * Starts `npm ci` of every example app in the background (examples/installExamples.ts), its output
 * in test-results/example-installs.log: downloads overlap the steps before the example apps' instead
 * of adding to them. `wait()` resolves once it is over, saying how it went; `stop()` ends it early.
 */
function installExamplesInBackground() {
  const log = join(ROOT, "test-results", "example-installs.log");
  mkdirSync(join(ROOT, "test-results"), { recursive: true });
  const out = createWriteStream(log);
  const started = performance.now();
  let took = 0;
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "examples", "installExamples.ts")], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  /** @type {Promise<number>} */
  const exited = new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => {
      out.end();
      took = performance.now() - started;
      resolve(code ?? 1);
    });
  });
  console.log("[test] installing the example apps' dependencies in the background (examples/installExamples.ts, log: test-results/example-installs.log)");
  let reported = false;
  return {
    wait: async () => {
      const code = await exited;
      if (!reported)
        console.log(
          `[test] the example apps' background install ${code === 0 ? "finished" : `failed (exit code ${code}; each step installs again what is missing and shows why)`} in ${seconds(took)}`,
        );
      reported = true;
    },
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}

/** @returns {Promise<number>} the exit code */
async function test() {
  const started = performance.now();
  /** @type {Record<number, string>} */
  const nodes = {};
  try {
    nodes[ALSO_TESTED_NODE] = await ensureNode(ALSO_TESTED_NODE, "[test]");
  } catch (error) {
    console.error(`[test] ${/** @type {Error} */ (error).message}`);
    return 1;
  }
  console.log(`[test] on Node ${process.versions.node}; the steps marked Node ${ALSO_TESTED_NODE} on ${nodes[ALSO_TESTED_NODE]}`);
  if (!(await ensureDeps("[test]"))) return 1;
  try {
    if (!(await ensureChromium())) return 1;
    await ensureFullChromium();
  } catch (error) {
    console.error(`[test] ${/** @type {Error} */ (error).message}`);
    return 1;
  }

  const all = steps(process.argv.slice(2));
  const installs = installExamplesInBackground();
  // After Chromium's apt-get (one apt-get at a time): the download overlaps the steps before the engines'.
  const engines = ensureEngines().catch((error) => {
    console.error(`[test] Firefox and WebKit could not be set up: ${/** @type {Error} */ (error).message}`);
    return false;
  });
  /** @type {string[]} */
  const timings = [];
  for (const [index, step] of all.entries()) {
    const label = `${index + 1}/${all.length} ${step.name}`;
    if (step.examples) await installs.wait();
    if (step.engines) await engines;
    const { code, ms } = await runStep(step, label, nodes);
    if (code !== 0) {
      installs.stop();
      const skipped = all.slice(index + 1).map((later) => later.name);
      console.error(`[test] FAILED at ${label} after ${seconds(performance.now() - started)}${skipped.length ? `; not run: ${skipped.join(", ")}` : ""}`);
      return code;
    }
    timings.push(`${step.name} ${seconds(ms)}`);
  }
  console.log(`[test] passed: ${all.length} steps in ${seconds(performance.now() - started)} (${timings.join(", ")})`);
  return 0;
}

stopWhenOrphaned();
// Every step, npm's installs included, on Node 24: this script again on it when this is another Node.
process.exitCode = (await runOnNode(TESTED_NODE, "[test]")) ?? (await test());
