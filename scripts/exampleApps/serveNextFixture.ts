/**
 * The whole serve.ts of a Next.js fixture app: serves its build with `next start` on loopback
 * (serveAppServer.ts: `--port <n>`, default 0, a free port; `--host <addr>`).
 */
import { existsSync } from "node:fs";
import { type NextFixture, nextBin, QUIET_ENV } from "./nextFixture.ts";
import { serveAppServer } from "./serveAppServer.ts";

/** `next start` of the Next.js app answers in 2.5–6.5 s here (docs/next-app.md); generous for a busy 2-core CI machine. */
const START_TIMEOUT_MS = 60_000;

export async function serveNextFixture(fixture: NextFixture): Promise<void> {
  const buildIt = `Run node --import tsx examples/${fixture.name}/build.ts first.`;
  const next = nextBin(fixture);
  await serveAppServer({
    name: fixture.name,
    title: fixture.title,
    notReady: () =>
      !existsSync(next)
        ? `${next} is missing. ${buildIt}`
        : fixture.built.every((file) => existsSync(file))
          ? null
          : `it has no build (${fixture.built.join(" or ")} is missing). ${buildIt}`,
    command: (port, host) => ({ script: next, args: ["start", "--hostname", host, "--port", String(port)], env: QUIET_ENV }),
    cwd: fixture.dir,
    homePath: `${fixture.basePath}/`,
    startTimeoutMs: START_TIMEOUT_MS,
    seeWhy: `Run next start in examples/${fixture.name}`,
  });
}
