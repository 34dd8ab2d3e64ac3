/**
 * `node --import tsx scripts/checkOnlineState.ts` (a step of `npm test`): the engine tests that need
 * the browsers' own online state (specs/engines/online.spec.ts: ONL-1's and NAV-2's required rules,
 * ONL-1's stray-event test, NAV-2's "nothing posted offline", ONL-2's reload switch and UPD-1's
 * offline deploy in Firefox and WebKit), each run inside a network namespace of its own (kit/engines/inNetworkNamespace.mjs,
 * as root) with one worker, as every test of such a run shares its route. The reference app must
 * pass each in both engines, read from the run's report, so a test that ended not checked (no
 * namespace after all) cannot pass for one (NAV-2's posts must end not checked in WebKit, whose driver
 * cannot run the spy, and pass in Firefox); then the deviants whose engine tests need the namespace
 * must be caught, as the self-check catches every deviant. Exit 0 when both hold, 1 otherwise; the
 * namespace's own error (not root, no unshare) is printed as it came. Their Chromium projects are the
 * self-check step's: they need no namespace, and are not run twice.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConformanceReport } from "../cli/report/reportSchema.ts";
import { ENV } from "../kit/env.mjs";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { NOT_CHECKED } from "../kit/outcomes.ts";
import { regexLiteral } from "../kit/regexLiteral.ts";
import { DEVIANTS } from "./deviantWorker/deviants.ts";
import { runCommand } from "./runCommand.mjs";

const TESTS = [
  "ONL-1 reloads once when the browser comes back online",
  "ONL-1 does not reload on a stray online event while still offline",
  "NAV-2 leaves a stored page as it was after history changes while offline",
  "NAV-2 posts nothing to the worker while offline",
  "ONL-2 does not reload when reload-on-online is switched off",
  "UPD-1 an update deployed while the page was offline reaches it once back online",
];
/** The tests WebKit's driver cannot judge (no script before the page's own): there they must say so. */
const NOT_CHECKED_IN_WEBKIT: ReadonlySet<string> = new Set(["NAV-2 posts nothing to the worker while offline"]);
const ENGINES = ["firefox", "webkit"] as const;
const reportDir = join(KIT_ROOT, "test-results", "online-state");
const playwrightTest = [join(KIT_ROOT, "node_modules", "@playwright", "test", "cli.js"), "test", "--workers", "1"];

/** Runs `playwright test <args>` inside a network namespace of its own; exits when none can be made (its message printed). */
async function inNamespace(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const wrapper = join(KIT_ROOT, "kit", "engines", "inNetworkNamespace.mjs");
  const result = await runCommand(process.execPath, [wrapper, process.execPath, ...playwrightTest, ...args], {
    cwd: KIT_ROOT,
    env: { ...process.env, ...env },
  });
  if (result.code === 2) process.exit(1);
  return result.code;
}

const grep = TESTS.map(regexLiteral).join("|");
await inNamespace([...ENGINES.flatMap((engine) => ["--project", engine]), "--grep", grep], { [ENV.engines]: ENGINES.join(","), [ENV.reportDir]: reportDir });
const report = JSON.parse(readFileSync(join(reportDir, "conformance.json"), "utf8")) as ConformanceReport;
const problems: string[] = [];
for (const engine of ENGINES) {
  const column = report.engines?.find((found) => found.engine === engine);
  for (const title of TESTS) {
    const test = column?.verdicts.flatMap((clause) => clause.tests).find((found) => found.title.endsWith(title));
    console.log(`[online state] ${engine}: ${title}: ${test ? `${test.outcome}${test.detail ? ` (${test.detail})` : ""}` : "did not run"}`);
    const expected = engine === "webkit" && NOT_CHECKED_IN_WEBKIT.has(title) ? NOT_CHECKED : "passed";
    if (test?.outcome !== expected) problems.push(`${engine}: ${title} (expected ${expected})`);
  }
}
if (problems.length > 0) {
  console.error(`[online state] The reference app did not give ${problems.join("; ")}: see ${join(reportDir, "conformance.md")}.`);
  process.exit(1);
}
console.log("[online state] The reference app passes them in Firefox and WebKit, with the browsers' own online state (WebKit: the spy's test not checked).");

// Their engine projects alone: the self-check step has run their Chromium projects, which need no namespace.
const projects = DEVIANTS.filter((deviant) => deviant.browserOnlineState).flatMap((deviant) =>
  (deviant.engines ?? []).map((engine) => `${deviant.name} · ${engine}`),
);
// An empty PCK_DEVIANTS would mean every deviant: the whole self-check again, in the namespace.
if (projects.length === 0) {
  console.error(
    "[online state] No deviant has engine projects that need the namespace, so nothing proves these engine tests can fail: see scripts/deviantWorker/deviants.ts (browserOnlineState).",
  );
  process.exit(1);
}
const caught = await inNamespace(["--config", "scripts/deviantWorker/playwright.config.ts"], { [ENV.deviants]: projects.join(",") });
process.exit(caught === 0 ? 0 : 1);
