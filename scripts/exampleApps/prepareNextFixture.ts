/**
 * Gets a Next.js fixture app ready to serve: `npm ci` in its folder when node_modules is missing or
 * older than its lockfile, then its build steps when the build is older than any source.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { npm, runCommand } from "../runCommand.mjs";
import { type NextFixture, nextBin, QUIET_ENV } from "./nextFixture.ts";

/** `npm ci` took 23 s and `next build` 10 s here (docs/next-app.md); a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;

function mtime(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Newest modification time under `path`, skipping what the build itself writes. */
function newest(fixture: NextFixture, path: string): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return fixture.isBuildOutput(path) ? 0 : mtime(path);
  return Math.max(0, ...readdirSync(path).map((name) => newest(fixture, join(path, name))));
}

/** `production` for the builds only: under it `npm ci` would leave out the devDependencies (Serwist, TypeScript). */
async function run(fixture: NextFixture, what: string, command: string, args: readonly string[], nodeEnv?: "production"): Promise<void> {
  const env = { ...process.env, ...QUIET_ENV, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
  const result = await runCommand(command, args, { cwd: fixture.dir, env, timeoutMs: STEP_TIMEOUT_MS });
  if (result.code !== 0) {
    const why = result.notFound ? `${command} was not found` : result.timedOut ? `it took over ${STEP_TIMEOUT_MS} ms` : `exit code ${result.code}`;
    throw new Error(`Failed to ${what}: ${why}. See the output above, fix it, and run node --import tsx examples/${fixture.name}/build.ts again`);
  }
}

/** Installs and builds only what is out of date; resolves when the fixture's serve.ts can serve it. */
export async function prepareNextFixture(fixture: NextFixture, { force = false }: { force?: boolean } = {}): Promise<void> {
  // npm writes node_modules/.package-lock.json after every install; older than the lockfile means stale.
  if (force || !existsSync(nextBin(fixture)) || mtime(`${fixture.dir}node_modules/.package-lock.json`) < mtime(`${fixture.dir}package-lock.json`)) {
    const [command, args] = npm("ci", "--prefix", fixture.dir, "--no-audit", "--no-fund");
    await run(fixture, `install the ${fixture.title}'s dependencies (npm ci)`, command, args);
  }
  const built = Math.min(...fixture.built.map(mtime));
  if (force || built === 0 || built < Math.max(...fixture.sources.map((source) => newest(fixture, join(fixture.dir, source))))) {
    for (const step of fixture.buildSteps) await run(fixture, step.what, process.execPath, [step.script, ...step.args], "production");
  }
}

/** A fixture's build.ts run as a command: `[--force]`; a failure is one line on stderr and exit code 2. */
export async function prepareFromCommandLine(fixture: NextFixture): Promise<void> {
  const { values } = parseArgs({ options: { force: { type: "boolean", default: false } }, strict: true });
  try {
    await prepareNextFixture(fixture, { force: values.force });
  } catch (error) {
    process.stderr.write(`${fixture.name}: ${(error as Error).message}.\n`);
    process.exitCode = 2;
  }
}
