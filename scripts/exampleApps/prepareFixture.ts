/**
 * Gets a fixture app with its own package.json and lockfile (examples/next-app, examples/angular-app)
 * ready to serve: `npm ci` in its folder when its dependencies are missing or older than the
 * lockfile, then its build steps when the build is older than any source.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { npm, runCommand } from "../runCommand.mjs";

/** `npm ci` took 23 s and `next build` 10 s here (docs/next-app.md); a hard stop for a hung registry or build. */
const STEP_TIMEOUT_MS = 10 * 60_000;

export interface BuildStep {
  /** What the step does, for the error message: `build the Next.js app (next build)`. */
  readonly what: string;
  readonly command: string;
  readonly args: readonly string[];
  /** `production` for the builds only: under it `npm ci` would leave out the devDependencies. */
  readonly nodeEnv?: "production";
}

export interface FixtureBuild {
  /** The app's folder, with a trailing slash. */
  readonly appDir: string;
  /** The script that prepares it, for the error message: `examples/next-app/build.ts`. */
  readonly script: string;
  /** What the app's name is in the install step's message: `the Next.js app`. */
  readonly name: string;
  /** A file `npm ci` installs; when it is missing, the app is installed. */
  readonly installedProbe: string;
  /** What the build reads, relative to `appDir`; a change to any of them makes the build stale. */
  readonly sources: readonly string[];
  /** What the build writes last; the oldest of them is the build's time. Never counted as sources (nor their source maps). */
  readonly outputs: readonly string[];
  readonly steps: readonly BuildStep[];
  /** Added to the environment of every step (no telemetry, no update checks). */
  readonly env: Readonly<Record<string, string>>;
}

function mtime(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Newest modification time under `path`, skipping what the build itself writes (`skip`). */
function newest(path: string, skip: ReadonlySet<string>): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return skip.has(path) ? 0 : mtime(path);
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name), skip)));
}

async function run(app: FixtureBuild, step: BuildStep): Promise<void> {
  const env = { ...process.env, ...app.env, ...(step.nodeEnv ? { NODE_ENV: step.nodeEnv } : {}) };
  const result = await runCommand(step.command, step.args, { cwd: app.appDir, env, timeoutMs: STEP_TIMEOUT_MS });
  if (result.code !== 0) {
    const why = result.notFound ? `${step.command} was not found` : result.timedOut ? `it took over ${STEP_TIMEOUT_MS} ms` : `exit code ${result.code}`;
    throw new Error(`Failed to ${step.what}: ${why}. See the output above, fix it, and run node --import tsx ${app.script} again`);
  }
}

/** Installs and builds only what is out of date; resolves when the app can be served. */
export async function prepareFixture(app: FixtureBuild, { force = false }: { force?: boolean } = {}): Promise<void> {
  // npm writes node_modules/.package-lock.json after every install; older than the lockfile means stale.
  if (force || !existsSync(app.installedProbe) || mtime(`${app.appDir}node_modules/.package-lock.json`) < mtime(`${app.appDir}package-lock.json`)) {
    const [command, args] = npm("ci", "--prefix", app.appDir, "--no-audit", "--no-fund");
    await run(app, { what: `install ${app.name}'s dependencies (npm ci)`, command, args });
  }
  const built = Math.min(...app.outputs.map(mtime));
  const skip = new Set(app.outputs.flatMap((output) => [output, `${output}.map`]));
  if (force || built === 0 || built < Math.max(...app.sources.map((source) => newest(join(app.appDir, source), skip)))) {
    for (const step of app.steps) await run(app, step);
  }
}

/** The command line of a build.ts: `[--force]`; a failure is printed with `label` and exits 2. */
export async function prepareFromCommandLine(label: string, prepare: (options: { force: boolean }) => Promise<void>): Promise<void> {
  const { values } = parseArgs({ options: { force: { type: "boolean", default: false } }, strict: true });
  try {
    await prepare({ force: values.force });
  } catch (error) {
    process.stderr.write(`${label}: ${(error as Error).message}.\n`);
    process.exitCode = 2;
  }
}
