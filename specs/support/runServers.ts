/**
 * The suite's global setup: two mock servers per parallel test worker, started once for the whole
 * run. Two, so a worker can bring the next test's page under the app's worker on one while the
 * current test runs on the other (preparedPages.ts). Playwright replaces a test worker after a
 * failed test it cannot keep (keepWorker.ts); a server of the worker's own would start again each
 * time (about 0.6 s: tsx, Express, react-dom/server). The replacement has the same parallel index
 * and takes over the same servers, which every test resets before it begins.
 */

import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { ENV, readKitEnv } from "../../kit/env.mjs";
import { type MockServerAddress, startMockServer } from "./mockServerProcess.ts";

/**
 * Target mode (`npm run conformance`): PCK_TARGET is the app's origin and the mock server runs as a
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

/** Mock servers the run's global setup starts for each parallel test worker. */
export const SERVERS_PER_WORKER = 2;

/** The servers started for `parallelIndex`, if the run's global setup started them. */
export function runServerAddresses(parallelIndex: number): MockServerAddress[] | undefined {
  const listed = process.env[ENV.runServers];
  if (!listed) return undefined;
  const all = JSON.parse(listed) as MockServerAddress[];
  const mine = all.slice(parallelIndex * SERVERS_PER_WORKER, (parallelIndex + 1) * SERVERS_PER_WORKER);
  return mine.length === SERVERS_PER_WORKER ? mine : undefined;
}

export default async function startRunServers(config: FullConfig): Promise<() => Promise<void>> {
  const profile = loadProfile(readKitEnv().profile);
  const started = await Promise.allSettled(
    Array.from({ length: config.workers * SERVERS_PER_WORKER }, (_, index) => startMockServer(serverArgs(profile, index))),
  );
  const servers = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  // Test workers inherit the runner's environment as it is once global setup has run.
  process.env[ENV.runServers] = JSON.stringify(servers.map(({ origin, appUrl }) => ({ origin, appUrl }) satisfies MockServerAddress));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
