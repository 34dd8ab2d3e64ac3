/**
 * The suite's global setup: what a run shares, made once before any test worker starts. A folder of
 * the run's own, where the probe writes what it learned about the app (a fresh one each run, so no
 * test can read what an earlier run left), and a mock server per parallel test worker. The servers
 * outlive the test workers: Playwright replaces a worker after each failed test, and a replacement
 * with the same parallel index takes the same server over (every test resets it before it begins)
 * instead of starting one again (about 0.6 s: tsx, Express, react-dom/server).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { ENV, readKitEnv } from "../../kit/env.mjs";
import { type MockServerAddress, startMockServer } from "./mockServerProcess.ts";

/** What the global setup hands every test worker of the run. */
export interface RunShared {
  /** The run's own folder: the probe's facts (specs/harness/probe/factsFile.ts). */
  readonly dir: string;
  /** A mock server per parallel index, in order. */
  readonly servers: readonly MockServerAddress[];
}

/**
 * Target mode (`check --target`): PCK_TARGET is the app's origin and the mock server runs as a
 * proxy in front of it (journal and faults on top of the real app), recording its answers when
 * PCK_RECORD_DIR is set, or answers from PCK_REPLAY's HAR in its place. Without it, the reference app.
 * `index` tells the run's servers apart: each records to its own file.
 */
export function serverArgs(profile: Profile, index = 0): string[] {
  const { target, recordDir, replay } = readKitEnv();
  if (!target) return ["--base-path", profile.basePath];
  const app = ["--base-path", profile.basePath, "--worker-path", profile.worker.script];
  if (replay) return ["--replay", replay, ...app];
  return ["--upstream", target, ...app, ...(recordDir ? ["--record", recordFileOf(recordDir, index)] : [])];
}

/** Where the run's `index`th server records, with PCK_RECORD_DIR set. */
export function recordFileOf(recordDir: string, index: number): string {
  return join(recordDir, `server-${index}.har`);
}

/** The server the run started for the test worker with `parallelIndex`, if it started one. */
export function runServerOf(parallelIndex: number): MockServerAddress | undefined {
  return runShared()?.servers[parallelIndex];
}

/** What this run's global setup shared, or undefined outside a run that had one (a unit test). */
export function runShared(): RunShared | undefined {
  const shared = process.env[ENV.run];
  return shared ? (JSON.parse(shared) as RunShared) : undefined;
}

export default async function startRun(config: FullConfig): Promise<() => Promise<void>> {
  const profile = loadProfile(readKitEnv().profile);
  const dir = mkdtempSync(join(tmpdir(), "pck-run-"));
  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, index) => startMockServer(serverArgs(profile, index))));
  const servers = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const end = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await end();
    throw failed.reason;
  }
  // Test workers inherit the runner's environment as it is once global setup has run.
  process.env[ENV.run] = JSON.stringify({ dir, servers: servers.map(({ origin, appUrl }) => ({ origin, appUrl })) } satisfies RunShared);
  return end;
}
