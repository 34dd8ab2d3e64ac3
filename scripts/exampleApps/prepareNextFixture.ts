/**
 * Gets a Next.js fixture app ready to serve: `npm ci` in its folder when node_modules is missing or
 * older than its lockfile, then its build steps when the build is older than any source.
 */
import { type AppInstall, installApp } from "./installApp.ts";
import { type NextFixture, nextBin, QUIET_ENV } from "./nextFixture.ts";
import { buildIsStale, mtime } from "./outOfDate.ts";
import { runStep } from "./runStep.ts";

/** `npm ci` took 23 s and `next build` 10 s here (docs/next-app.md); a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;

/** `production` for the builds only: under it `npm ci` would leave out the devDependencies (Serwist, TypeScript). */
function run(fixture: NextFixture, what: string, command: string, args: readonly string[], nodeEnv?: "production"): Promise<void> {
  const env = { ...process.env, ...QUIET_ENV, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
  return runStep(what, command, args, { cwd: fixture.dir, env, timeoutMs: STEP_TIMEOUT_MS, rerun: rerunOf(fixture) });
}

/** What `npm ci` needs to know of a Next.js fixture (also npm test's early install). */
export function nextInstall(fixture: NextFixture): AppInstall {
  return { dir: fixture.dir, bin: nextBin(fixture), title: `the ${fixture.title}`, rerun: rerunOf(fixture), env: { ...process.env, ...QUIET_ENV } };
}

const rerunOf = (fixture: NextFixture) => `node --import tsx examples/${fixture.name}/build.ts`;

/** Installs and builds only what is out of date; resolves when the fixture's serve.ts can serve it. */
export async function prepareNextFixture(fixture: NextFixture, { force = false }: { force?: boolean } = {}): Promise<void> {
  await installApp(nextInstall(fixture), { force });
  if (force || buildIsStale(fixture.dir, Math.min(...fixture.built.map(mtime)), fixture.sources, fixture.isBuildOutput)) {
    for (const step of fixture.buildSteps) await run(fixture, step.what, process.execPath, [step.script, ...step.args], "production");
  }
}
