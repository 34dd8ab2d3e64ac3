/**
 * `--start "<command>"`: starts the app under test, waits until it answers, and stops it afterwards,
 * as Playwright's `webServer` and Lighthouse CI's `startServerCommand` do, so a CI job needs no
 * `wait-on`. The command runs in a shell in its own process group; stopping it stops everything it
 * started (npm, then next start, say).
 */
import { type ChildProcess, spawn } from "node:child_process";

/** How often the app's URL is asked while it starts: quick enough not to add to a start of seconds. */
const POLL_MS = 250;
/** How long the app gets to exit after SIGTERM before it gets SIGKILL. */
const STOP_GRACE_MS = 5_000;

export interface StartedApp {
  readonly stop: () => Promise<void>;
}

export class StartAppError extends Error {}

function exited(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));
}

/** Any HTTP answer counts: a 404 at the origin still means the server is up. */
async function answers(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(POLL_MS * 4) });
    await response.body?.cancel();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ?? (error as Error).message;
  }
}

export async function startApp(command: string, url: string, timeoutMs: number, cwd: string): Promise<StartedApp> {
  const child = spawn(command, { shell: true, cwd, detached: true, stdio: ["ignore", "inherit", "inherit"] });
  const exit = exited(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // Already gone.
      }
    };
    killGroup("SIGTERM");
    const timer = setTimeout(() => killGroup("SIGKILL"), STOP_GRACE_MS);
    await exit;
    clearTimeout(timer);
  };
  const deadline = performance.now() + timeoutMs;
  let exitedWith: string | null = null;
  void exit.then((how) => {
    exitedWith = how;
  });
  let last = "no answer yet";
  while (performance.now() < deadline) {
    const problem = await answers(url);
    if (problem === null) return { stop };
    last = problem;
    if (exitedWith !== null) {
      throw new StartAppError(`Failed to start the app: '${command}' exited with ${exitedWith} before ${url} answered. Run it by hand to see why.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await stop();
  throw new StartAppError(
    `Failed to start the app: ${url} did not answer within ${timeoutMs} ms of running '${command}' (last: ${last}). Check the command and --target, or give it longer with --start-timeout.`,
  );
}
