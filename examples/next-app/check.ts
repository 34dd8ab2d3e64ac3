/**
 * `npm run conformance:next-app [-- <playwright test args>]`: installs and builds the Next.js +
 * Serwist fixture when it is out of date, serves it with `next start`, runs the suite against it
 * (report in test-results/next-app/), and compares the verdicts with the ones docs/next-app.md
 * records by hand (see specs/conformance/checkRecordedApp.ts for the exit codes).
 */
import { fileURLToPath } from "node:url";
import { stopWhenOrphaned } from "../../mock-server/bin/runCommand.mjs";
import { checkRecordedApp, playwrightArgsFrom } from "../../specs/conformance/checkRecordedApp.ts";
import { forkListening } from "../../specs/conformance/forkListening.ts";
import { prepareNextApp } from "./build.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const HERE = fileURLToPath(new URL(".", import.meta.url));
/** serve.ts reports once Next answers: 2.5–6.5 s here (docs/next-app.md); generous for a busy CI machine. */
const SERVER_START_TIMEOUT_MS = 90_000;

async function check(): Promise<number> {
  await prepareNextApp();
  const server = await forkListening(`${HERE}serve.ts`, ["--port", "0"], { name: "the Next.js app's server", timeoutMs: SERVER_START_TIMEOUT_MS });
  try {
    return await checkRecordedApp({
      name: "next-app",
      origin: server.origin,
      profile: `${HERE}profile.json`,
      record: `${ROOT}docs/next-app.md`,
      reportDir: `${ROOT}test-results/next-app`,
      playwrightArgs: playwrightArgsFrom(process.argv),
    });
  } finally {
    await server.stop();
  }
}

stopWhenOrphaned();
try {
  process.exitCode = await check();
} catch (error) {
  console.error(`[next-app] Failed to run: ${(error as Error).message}.`);
  process.exitCode = 2;
}
