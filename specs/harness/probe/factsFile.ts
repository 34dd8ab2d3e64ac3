/**
 * Where the probe's facts go between its tests and the clause tests: a file per probe part in the
 * run's own folder (startRun.ts makes a fresh one per run and removes it after), under the probe
 * project's name, since a run may probe several variants of the app (the self-check's deviants). The
 * same facts go into the probe test's attachment, which is what reports (and merged shards) read.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestInfo, WorkerInfo } from "@playwright/test";
import { type AppFacts, FACTS_ATTACHMENT, PROBE_PARTS, type ProbePart } from "../../../kit/appFacts.ts";
import { runShared } from "../startRun.ts";

function runDir(): string {
  const shared = runShared();
  if (!shared)
    throw new Error("Failed to find the run's folder: the suite's global setup (specs/harness/startRun.ts) did not run. Run the suite through its config.");
  return shared.dir;
}

const partFile = (project: string, part: ProbePart) => join(runDir(), encodeURIComponent(project), `${part}.json`);

/** Writes one part of the facts for the clause tests, and attaches it to the probe's test for the report. */
export async function writeFactsPart(testInfo: TestInfo, part: ProbePart, facts: Partial<AppFacts>): Promise<void> {
  const body = `${JSON.stringify(facts, null, 2)}\n`;
  const file = partFile(testInfo.project.name, part);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, body);
  await testInfo.attach(FACTS_ATTACHMENT, { body, contentType: "application/json" });
}

/**
 * The facts the probe project this test's project depends on wrote in this run. Throws, naming what
 * to do, when it wrote none: the probe did not run (`--no-deps`), or failed, which the probe's own
 * test reports.
 */
export function readFacts(workerInfo: WorkerInfo): AppFacts {
  const probe = workerInfo.project.dependencies[0];
  if (probe === undefined)
    throw new Error(`Failed to read what the kit learned about the app: the project '${workerInfo.project.name}' has no probe project among its dependencies.`);
  const parts = PROBE_PARTS.map((part) => ({ part, file: partFile(probe, part) }));
  const missing = parts.filter(({ file }) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(
      `Failed to read what the kit learned about the app: the probe ('${probe}', specs/probe.setup.ts) wrote no ${missing.map(({ part }) => part).join(" or ")} facts in this run. ` +
        "It runs before the clause tests in every run: run without --no-deps, and see the probe's own result if it failed.",
    );
  return Object.assign({}, ...parts.map(({ file }) => JSON.parse(readFileSync(file, "utf8")) as Partial<AppFacts>)) as AppFacts;
}
