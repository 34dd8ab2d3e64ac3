/**
 * `npm ci` in an example app's own folder when its install is out of date (installIsStale): the one
 * install step every example app's build.ts and npm test's early install (installExamples.ts) share.
 */
import { npm } from "../runCommand.mjs";
import { installIsStale } from "./outOfDate.ts";
import { runStep } from "./runStep.ts";

export interface AppInstall {
  /** The app's folder, ending in `/`. */
  readonly dir: string;
  /** A file only a finished install has (the app's build command). */
  readonly bin: string;
  /** How messages name it, e.g. `the prompt app`. */
  readonly title: string;
  /** The command that runs this again, for a failure's message. */
  readonly rerun: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** A fresh `npm ci` took 9–44 s per app here; a hard stop for a hung registry. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** Installs the app's dependencies when `force` or out of date; resolves when its bin is there. */
export async function installApp(app: AppInstall, { force = false }: { force?: boolean } = {}): Promise<void> {
  if (!force && !installIsStale(app.dir, app.bin)) return;
  const [command, args] = npm("ci", "--prefix", app.dir, "--no-audit", "--no-fund");
  await runStep(`install ${app.title}'s dependencies (npm ci)`, command, args, {
    cwd: app.dir,
    ...(app.env ? { env: app.env } : {}),
    timeoutMs: INSTALL_TIMEOUT_MS,
    rerun: app.rerun,
  });
}
