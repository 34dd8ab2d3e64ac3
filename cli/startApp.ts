/**
 * `--start "<command>"`: starts the app under test, waits until it answers, and stops it afterwards,
 * as Playwright's `webServer` and Lighthouse CI's `startServerCommand` do, so a CI job needs no
 * `wait-on`. The command runs in a shell in its own process group; stopping it stops everything it
 * started (npm, then next start, say), even when the shell itself has already exited.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { stopProcessGroup } from "../kit/stopProcessGroup.ts";

/** How often the app's URL is asked while it starts: quick enough not to add to a start of seconds. */
const POLL_MS = 250;

export interface StartedApp {
  /** Stops the whole process group and resolves once none of it is left (or after SIGKILL's bound). */
  readonly stop: () => Promise<void>;
}

export class StartAppError extends Error {}

export interface StartOptions {
  /** Aborting gives up waiting: the app is stopped and startApp rejects with a StartAppError. */
  readonly signal?: AbortSignal;
}

function exited(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Any HTTP answer counts: a 404 at the origin still means the server is up. */
async function answers(url: string, signal: AbortSignal | undefined): Promise<string | null> {
  try {
    const timeout = AbortSignal.timeout(POLL_MS * 4);
    const response = await fetch(url, { redirect: "manual", signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    await response.body?.cancel();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ?? (error as Error).message;
  }
}

export async function startApp(command: string, url: string, timeoutMs: number, cwd: string, options: StartOptions = {}): Promise<StartedApp> {
  const child = spawn(command, { shell: true, cwd, detached: true, stdio: ["ignore", "inherit", "inherit"] });
  const exit = exited(child);
  let stopping: Promise<void> | undefined;
  // The group outlives its leader: a shell that ran `server &` has exited while the server runs on.
  const stop = () => {
    stopping ??= child.pid === undefined ? Promise.resolve() : stopProcessGroup(child.pid);
    return stopping;
  };
  const deadline = performance.now() + timeoutMs;
  let exitedWith: string | null = null;
  void exit.then((how) => {
    exitedWith = how;
  });
  let last = "no answer yet";
  while (performance.now() < deadline && !options.signal?.aborted) {
    const problem = await answers(url, options.signal);
    if (options.signal?.aborted) break;
    if (problem === null) return { stop };
    last = problem;
    if (exitedWith !== null) {
      await stop();
      throw new StartAppError(`Failed to start the app: '${command}' exited with ${exitedWith} before ${url} answered. Run it by hand to see why.`);
    }
    await Promise.race([delay(POLL_MS), exit]);
  }
  await stop();
  if (options.signal?.aborted) throw new StartAppError(`Stopped starting the app: the kit received ${String(options.signal.reason)}.`);
  throw new StartAppError(
    `Failed to start the app: ${url} did not answer within ${timeoutMs} ms of running '${command}' (last: ${last}). Check the command and --target, or give it longer with --start-timeout.`,
  );
}
