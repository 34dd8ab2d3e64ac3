// @ts-check
// `npm test`: install what is missing (a Chromium included), then every check CI runs, cheapest
// first, stopping at the first failure. `npm test -- <args>` passes <args> to the final
// `playwright test`, e.g. `npm test -- --repeat-each=10` or `npm test -- specs/registration.spec.ts`.
// It all runs on Node 24 (scripts/testedNode.mjs: fetched from the npm registry when this is another
// Node), and the steps marked `node: 22` on Node 22 too: the two lines package.json's engines names.
// CPU work that needs no browser (the example apps' installs and builds, the unit tests on Node 22)
// runs in the background at a lower priority, beside the browser suites (Step.background).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ENV } from "../kit/env.mjs";
import { ensureChromium, ensureFullChromium } from "./ensureChromium.mjs";
import { ensureDeps, ROOT } from "./ensureDeps.mjs";
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
 * @property {string} [needs] The name of a background step it waits for first.
 * @property {"fails" | "retried"} [background] It runs beside the steps after it, at a lower CPU
 *   priority (`nice -n 10`), its output in test-results/<name>.log: CPU work overlaps the browser
 *   suites, which leave about half the machine idle while they wait on the browser. npm test waits for
 *   it before a step that `needs` it and before it ends. "fails": its failure fails npm test, at the
 *   next step; "retried": the steps that need it do its work again where it is not done, and show why.
 * @property {typeof ALSO_TESTED_NODE} [node] Run it on this Node instead of this process's: its
 *   binary for `process.execPath` and for a program from node_modules/.bin, and first on PATH.
 */

/**
 * @param {readonly string[]} extraArgs
 * @returns {Step[]}
 */
function steps(extraArgs) {
  return [
    {
      // npm ci and the build of every example app checked below, where out of date: the downloads and
      // builds overlap the steps before those apps' (examples/prepareExamples.ts).
      name: EXAMPLE_APPS,
      shown: "node --import tsx examples/prepareExamples.ts",
      run: [process.execPath, ["--import", "tsx", join(ROOT, "examples", "prepareExamples.ts")]],
      background: "retried",
    },
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
      background: "fails",
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
      // clauses), the HTML report and JUnit XML, as `npm run conformance` does.
      name: "browser suite",
      shown: ["npx playwright test", ...extraArgs].join(" "),
      run: { bin: "playwright", from: "@playwright/test", args: ["test", ...extraArgs] },
      env: { [ENV.reportDir]: join(ROOT, "test-results", "conformance") },
    },
    {
      // The suite's self-check: against the reference worker built with one deliberate edit at a
      // time, the tests scripts/deviantWorker/deviants.ts names must fail, and only they.
      name: "deviant worker",
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
      needs: EXAMPLE_APPS,
      shown: "node --import tsx scripts/checkInit.ts",
      run: [process.execPath, ["--import", "tsx", "scripts/checkInit.ts"]],
    },
    {
      // The stack the checklist's required level describes (docs/next-app.md): npm ci and next build
      // in examples/next-app when out of date, then its verdicts must match the record.
      name: "next app",
      needs: EXAMPLE_APPS,
      shown: "npm run conformance:next-app",
      run: [process.execPath, ["--import", "tsx", "examples/next-app/check.ts"]],
    },
    {
      // Serwist's other Next.js route, @serwist/next's webpack plugin (docs/serwist-webpack-app.md):
      // npm ci and next build --webpack when out of date, then its verdicts must match the record.
      name: "serwist webpack app",
      needs: EXAMPLE_APPS,
      shown: "npm run conformance:serwist-webpack-app",
      run: [process.execPath, ["--import", "tsx", "examples/serwist-webpack-app/check.ts"]],
    },
    {
      // Angular's service worker, ngsw, another app-shell design (docs/angular-app.md): npm ci and
      // ng build when out of date, then its verdicts must match the record.
      name: "angular app",
      needs: EXAMPLE_APPS,
      shown: "npm run conformance:angular-app",
      run: [process.execPath, ["--import", "tsx", "examples/angular-app/check.ts"]],
    },
    {
      // SvelteKit with @vite-pwa/sveltekit as its docs show, prerendered pages and a precache
      // (docs/sveltekit-app.md): npm ci and vite build when out of date, then its verdicts must
      // match the record.
      name: "sveltekit app",
      needs: EXAMPLE_APPS,
      shown: "npm run conformance:sveltekit-app",
      run: [process.execPath, ["--import", "tsx", "examples/sveltekit-app/check.ts"]],
    },
  ];
}

/** The background step that installs and builds the example apps. */
const EXAMPLE_APPS = "example apps";

/** Lower priority for background work, where the platform has `nice`. */
const NICE = process.platform === "win32" ? null : "nice";

/**
 * The command a step runs, on its Node, or a message saying why it cannot run.
 * @param {Step} step
 * @param {Record<number, string>} nodes the Node binary of each major a step may ask for
 * @returns {{ command: string; args: string[]; env: NodeJS.ProcessEnv } | { missing: string }}
 */
function commandOf(step, nodes) {
  const node = (step.node === undefined ? undefined : nodes[step.node]) ?? process.execPath;
  let command;
  let args;
  if (Array.isArray(step.run)) {
    [command, args] = step.run;
    if (command === process.execPath) command = node;
  } else {
    command = join(ROOT, "node_modules", ".bin", process.platform === "win32" ? `${step.run.bin}.cmd` : step.run.bin);
    args = step.run.args;
    if (!existsSync(command))
      return { missing: `node_modules/.bin/${step.run.bin} is missing. It comes from ${step.run.from}; reinstall with rm -rf node_modules && npm test.` };
    // A JavaScript program (vitest is one) runs on the step's Node when it is given as the script.
    if (step.node !== undefined) [command, args] = [node, [command, ...args]];
  }
  const env = { ...process.env, ...step.env };
  return { command, args, env: step.node === undefined ? env : withNodeFirst(node, env) };
}

/**
 * Runs one step in the foreground; resolves to its exit code after printing how it went.
 * @param {Step} step
 * @param {string} label e.g. `3/6 lint`
 * @param {Record<number, string>} nodes
 * @returns {Promise<{ code: number; ms: number }>}
 */
async function runStep(step, label, nodes) {
  console.log(`[test] ${label}: ${step.shown}`);
  const how = commandOf(step, nodes);
  if ("missing" in how) {
    console.error(`[test] ${label}: Failed to run it: ${how.missing}`);
    return { code: 127, ms: 0 };
  }
  const result = await runCommand(how.command, how.args, { cwd: ROOT, quiet: step.summaryOnly, env: how.env });
  if (result.notFound) console.error(`[test] ${label}: Failed to run it: ${how.command} is not on PATH.`);
  else if (step.summaryOnly) {
    if (result.code === 0) console.log(result.output.trim().split("\n").at(-1));
    else process.stdout.write(result.output);
  }
  console.log(`[test] ${label} ${result.code === 0 ? "passed" : `failed (exit code ${result.code})`} in ${seconds(result.ms)}`);
  return result;
}

/** How many lines of a failed background step's output npm test shows (the whole is in its log). */
const SHOWN_TAIL_LINES = 60;

/**
 * Starts a background step (see Step.background); `done` resolves once it is over and has said how
 * it went, with its exit code.
 * @param {Step} step
 * @param {string} label
 * @param {Record<number, string>} nodes
 * @param {AbortSignal} stop stops it (npm test failed)
 * @returns {{ step: Step; done: Promise<{ code: number; ms: number }> }}
 */
function startInBackground(step, label, nodes, stop) {
  const log = join(ROOT, "test-results", `${step.name.replaceAll(/[^a-z0-9]+/gi, "-")}.log`);
  const shownLog = relative(ROOT, log);
  console.log(`[test] ${label}: ${step.shown} (in the background, beside the steps after it; log: ${shownLog})`);
  const how = commandOf(step, nodes);
  if ("missing" in how) {
    console.error(`[test] ${label}: Failed to run it: ${how.missing}`);
    return { step, done: Promise.resolve({ code: 127, ms: 0 }) };
  }
  const [command, args] = NICE === null ? [how.command, how.args] : [NICE, ["-n", "10", how.command, ...how.args]];
  const done = runCommand(command, args, { cwd: ROOT, quiet: true, env: how.env, signal: stop }).then((result) => {
    mkdirSync(join(ROOT, "test-results"), { recursive: true });
    writeFileSync(log, result.output);
    if (stop.aborted) return result;
    if (result.code === 0) console.log(`[test] ${label} passed in ${seconds(result.ms)} (in the background; log: ${shownLog})`);
    else {
      const tail = result.output.trimEnd().split("\n").slice(-SHOWN_TAIL_LINES).join("\n");
      console.error(
        `[test] ${label} failed (exit code ${result.code}) in ${seconds(result.ms)}, in the background. ` +
          `${step.background === "retried" ? "The steps that need it do its work again and show why. " : ""}The end of its output (all of it: ${shownLog}):\n${tail}`,
      );
    }
    return result;
  });
  return { step, done };
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
  /** @type {Map<string, { step: Step; label: string; code?: number; ms?: number; done: Promise<{ code: number; ms: number }> }>} */
  const background = new Map();
  /** @type {string[]} */
  const timings = [];
  // npm test does not wait for its background steps once it has failed.
  const stopBackground = new AbortController();
  /** The first background step that failed and fails npm test, if any. */
  const failedInBackground = () => [...background.values()].find((one) => one.step.background === "fails" && one.code !== undefined && one.code !== 0);
  /** @param {number} index @param {string} label @param {number} code */
  const stopAt = (index, label, code) => {
    stopBackground.abort();
    const skipped = all.slice(index + 1).map((later) => later.name);
    console.error(`[test] FAILED at ${label} after ${seconds(performance.now() - started)}${skipped.length ? `; not run: ${skipped.join(", ")}` : ""}`);
    return code;
  };
  for (const [index, step] of all.entries()) {
    const label = `${index + 1}/${all.length} ${step.name}`;
    const broken = failedInBackground();
    if (broken) return stopAt(index - 1, broken.label, broken.code ?? 1);
    if (step.background) {
      const launched = startInBackground(step, label, nodes, stopBackground.signal);
      const entry = { step, label, done: launched.done };
      background.set(step.name, entry);
      launched.done.then(({ code, ms }) => Object.assign(entry, { code, ms }));
      continue;
    }
    if (step.needs !== undefined) await background.get(step.needs)?.done;
    const { code, ms } = await runStep(step, label, nodes);
    if (code !== 0) return stopAt(index, label, code);
    timings.push(`${step.name} ${seconds(ms)}`);
  }
  for (const one of background.values()) {
    const { code, ms } = await one.done;
    if (code !== 0 && one.step.background === "fails") return stopAt(all.length - 1, one.label, code);
    timings.push(`${one.step.name} ${seconds(ms)} (background)`);
  }
  console.log(`[test] passed: ${all.length} steps in ${seconds(performance.now() - started)} (${timings.join(", ")})`);
  return 0;
}

stopWhenOrphaned();
// Every step, npm's installs included, on Node 24: this script again on it when this is another Node.
process.exitCode = (await runOnNode(TESTED_NODE, "[test]")) ?? (await test());
