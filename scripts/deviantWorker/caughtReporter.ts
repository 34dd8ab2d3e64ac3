/**
 * The self-check's verdict: against each deviant worker, the tests its `caughtBy` names must fail on
 * their own assertion (a failed precondition or a broken step is not a catch), and every other test
 * run must pass, but for one an engine's driver cannot run at all (not checked there, saying why). The run's status, and so the exit code, is this verdict, not Playwright's: the
 * expected failures are the point.
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { isProbe } from "../../cli/report/probeRecord.ts";
import { testOutcome } from "../../cli/report/testOutcome.ts";
import { DRIVER_CANNOT_ANNOTATION } from "../../kit/engines/engineNames.ts";
import { KIT_ROOT, kitPath } from "../../kit/kitPaths.ts";
import { caughtIn, DEVIANTS, type Deviant, deviantProjects, editsOf, engineMissing, notCheckedIn, onlineStateMissing } from "./deviants.ts";

interface Seen {
  readonly outcome: string;
  readonly detail: string | undefined;
  /** The engine's driver cannot run the test at all (DRIVER_CANNOT_ANNOTATION): not checked whatever the app does. */
  readonly driverCannot: boolean;
}

function describeDeviation(deviant: Deviant): string {
  if (deviant.kind === "manifest") return `the browser gets the manifest ${JSON.stringify(deviant.manifest)}`;
  const edits = editsOf(deviant).map(
    (one) => `${one.file} ${one.with === undefined ? `without \`${one.remove}\`` : `with \`${one.remove.trim()}\` replaced by \`${one.with.trim()}\``}`,
  );
  const host = deviant.kind === "host" ? [`the host's faults ${JSON.stringify(deviant.host.faults)}`] : [];
  return [...host, ...edits].join(", and ");
}

export default class CaughtReporter implements Reporter {
  /** Project (deviant) name → test title → its outcome in each run (more than one with --repeat-each). */
  readonly #seen = new Map<string, Map<string, Seen[]>>();

  /** Probe tests that failed: their deviant's tests did not run. */
  readonly #probeFailures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? "";
    if (isProbe(test)) {
      if (result.status !== "passed")
        this.#probeFailures.push(`the probe '${project}' did not finish: ${result.errors[0]?.message?.split("\n")[0] ?? result.status}.`);
      return;
    }
    const { outcome, detail } = testOutcome(test, result, KIT_ROOT, kitPath("test-results", "deviant-worker"));
    const byTitle = this.#seen.get(project) ?? new Map<string, Seen[]>();
    this.#seen.set(project, byTitle);
    const driverCannot = [...test.annotations, ...result.annotations].some((annotation) => annotation.type === DRIVER_CANNOT_ANNOTATION);
    byTitle.set(test.title, [...(byTitle.get(test.title) ?? []), { outcome, detail, driverCannot }]);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] }> {
    if (result.status === "interrupted" || result.status === "timedout") return { status: result.status };
    const problems: string[] = [...this.#probeFailures];
    const lines: string[] = [];
    for (const deviant of DEVIANTS) {
      lines.push(`Deviant '${deviant.name}' (${describeDeviation(deviant)}):`);
      for (const { project, engine } of deviantProjects(deviant)) {
        const seen = this.#seen.get(project) ?? new Map<string, Seen[]>();
        const caughtBy = caughtIn(deviant, engine);
        const cannot = notCheckedIn(deviant, engine);
        const caught = new Set([...caughtBy, ...cannot]);
        for (const title of cannot) {
          for (const run of seen.get(title) ?? [{ outcome: "did not run", detail: undefined }]) {
            if (run.outcome !== "not-checked")
              problems.push(`'${project}': '${title}' must be not checked in ${engine}, whose driver cannot run it, but was ${run.outcome}.`);
          }
        }
        for (const title of caughtBy) {
          const runs = seen.get(title);
          if (!runs) problems.push(`'${project}': '${title}' did not run; it must, and fail. Was it renamed? Update scripts/deviantWorker/deviants.ts.`);
          for (const run of runs ?? []) {
            if (run.outcome !== "failed") problems.push(`'${project}' is not caught by '${title}': ${run.outcome}${run.detail ? ` (${run.detail})` : ""}.`);
          }
        }
        const others = [...seen].filter(([title]) => !caught.has(title));
        for (const [title, runs] of others) {
          for (const run of runs) {
            // A test the engine's driver cannot run is no verdict either way: the others must pass.
            if (run.outcome === "not-checked" && run.driverCannot) continue;
            if (run.outcome !== "passed")
              problems.push(`'${project}' makes '${title}' ${run.outcome}, which must pass against it${run.detail ? `: ${run.detail}` : ""}.`);
          }
        }
        const where = engine === "chromium" ? "" : ` in ${engine}`;
        for (const title of caughtBy) lines.push(`  caught${where}: ${title}: ${seen.get(title)?.[0]?.detail ?? "did not run"}`);
        for (const title of cannot) lines.push(`  not checked${where}: ${title}: ${seen.get(title)?.[0]?.detail ?? "did not run"}`);
        lines.push(`  ${others.length} other tests of ${deviant.grep} run against it${where}, to pass.`);
      }
      const noNamespace = onlineStateMissing(deviant);
      if (noNamespace !== undefined && deviant.engines?.length)
        lines.push(`  not run in ${deviant.engines.join(" or ")} here: ${noNamespace} (npm test's "online state" step runs it).`);
    }
    for (const engine of ["firefox", "webkit"] as const) {
      const why = engineMissing(engine);
      if (why !== undefined && DEVIANTS.some((deviant) => deviant.engines?.includes(engine))) lines.push(`Not run in ${engine}: ${why}.`);
    }
    process.stdout.write(`\n${lines.join("\n")}\n`);
    if (problems.length === 0) {
      process.stdout.write("Every deviant worker is caught by the tests that must catch it, and by no other.\n");
      return { status: "passed" };
    }
    process.stdout.write(`\nFailed to catch the deviant workers as expected:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`);
    return { status: "failed" };
  }

  printsToStdio(): boolean {
    return true;
  }
}
