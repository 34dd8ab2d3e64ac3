/**
 * Runs the conformance suite against a fixture app through the mock server's proxy and compares
 * the verdicts with the ones its record (a docs/ page written by hand) holds. Exit code 0 when they
 * agree (the app's own failures are expected: they are the record), 1 when they differ or a test was
 * inconclusive, 2 when the run could not happen.
 */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runCommand } from "../../mock-server/bin/runCommand.mjs";
import { parseRecordedVerdicts, verdictDrift } from "./recordedVerdicts.ts";
import type { ClauseVerdict } from "./verdicts.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface RecordedApp {
  /** Short name for messages, e.g. `second-app`. */
  readonly name: string;
  readonly origin: string;
  readonly profile: string;
  /** The record, e.g. `<root>/docs/second-app.md`. */
  readonly record: string;
  readonly reportDir: string;
  readonly playwrightArgs: readonly string[];
}

export async function checkRecordedApp(app: RecordedApp): Promise<0 | 1 | 2> {
  const recordName = relative(ROOT, app.record);
  const args = ["--target", app.origin, "--profile", app.profile, "--report-dir", app.reportDir, "--level", "recommended"];
  const { code } = await runCommand(process.execPath, ["--import", "tsx", `${ROOT}specs/bin/conformance.ts`, ...args, "--", ...app.playwrightArgs], {
    cwd: ROOT,
  });
  // conformance exits 1 when a clause failed (expected here) and 3 when a test was inconclusive
  // (compared below, with the rest); 2 is a usage or profile error.
  if (code !== 0 && code !== 1 && code !== 3) return 2;
  const report = `${app.reportDir}/conformance.json`;
  if (!existsSync(report)) {
    console.error(`[${app.name}] Failed to compare verdicts: ${report} was not written. See the run's output above.`);
    return 2;
  }
  const { verdicts } = JSON.parse(readFileSync(report, "utf8")) as { verdicts: ClauseVerdict[] };
  const drift = verdictDrift(parseRecordedVerdicts(readFileSync(app.record, "utf8"), recordName), verdicts);
  if (drift.length > 0) {
    console.error(
      `[${app.name}] The verdicts differ from ${recordName}:\n${drift.map((line) => `  - ${line}`).join("\n")}\nFix the suite, or record the new verdicts (and why, from the app's code) in ${recordName}.`,
    );
    return 1;
  }
  console.log(`[${app.name}] The verdicts match ${recordName} (${verdicts.length} clauses, both levels).`);
  return 0;
}

/** Arguments after a lone `--` (or all of them) go to `playwright test`. */
export function playwrightArgsFrom(argv: readonly string[]): string[] {
  const separator = argv.indexOf("--", 2);
  return separator === -1 ? argv.slice(2) : argv.slice(separator + 1);
}
