/**
 * `node --import tsx scripts/checkOnlineState.ts` (a step of `npm test`): ONL-1's required rule in
 * Firefox and WebKit, which needs the browsers' own online state, so a network namespace of the
 * run's own (kit/engines/inNetworkNamespace.mjs, as root) and one worker, as every test of the run
 * shares its route. The reference app must pass it in both engines: read from the run's report, so a
 * test that ended not checked (no namespace after all) cannot pass for one. Exit 0 when it passes in
 * both, 1 otherwise; the namespace's own error (not root, no unshare) is printed as it came.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConformanceReport } from "../cli/report/reportSchema.ts";
import { ENV } from "../kit/env.mjs";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { runCommand } from "./runCommand.mjs";

const TEST = "ONL-1 reloads once when the browser comes back online";
const reportDir = join(KIT_ROOT, "test-results", "online-state");
const playwright = join(KIT_ROOT, "node_modules", "@playwright", "test", "cli.js");
const args = [join(KIT_ROOT, "kit", "engines", "inNetworkNamespace.mjs"), process.execPath, playwright, "test"];
args.push("--project", "firefox", "--project", "webkit", "--grep", TEST, "--workers", "1");
const result = await runCommand(process.execPath, args, {
  cwd: KIT_ROOT,
  env: { ...process.env, [ENV.engines]: "firefox,webkit", [ENV.reportDir]: reportDir },
});
if (result.code === 2) process.exit(1);
const report = JSON.parse(readFileSync(join(reportDir, "conformance.json"), "utf8")) as ConformanceReport;
const verdicts = (report.engines ?? []).map(({ engine, verdicts: clauses }) => ({
  engine,
  test: clauses.find((clause) => clause.id === "ONL-1")?.tests.find((test) => test.title.endsWith(TEST)),
}));
const missed = ["firefox", "webkit"].filter((engine) => verdicts.find((found) => found.engine === engine)?.test?.outcome !== "passed");
for (const { engine, test } of verdicts)
  console.log(`[online state] ${engine}: ${test ? `${test.outcome}${test.detail ? ` (${test.detail})` : ""}` : "no such test ran"}`);
if (missed.length > 0) {
  console.error(`[online state] The reference app must pass '${TEST}' in ${missed.join(" and ")}: see ${join(reportDir, "conformance.md")}.`);
  process.exit(1);
}
console.log("[online state] The reference app reloads once back online in Firefox and WebKit, with the browsers' own online state.");
