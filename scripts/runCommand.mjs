// @ts-check
// Runs one command for the set-up scripts (`npm start`, `npm test`) the way a person at a terminal
// expects: output shown as it comes (or kept for a summary), Ctrl-C and SIGTERM passed on, a clear
// result when the command does not exist, and an optional hard time limit. Node built-ins only:
// it runs before `npm ci` has installed anything.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { basename } from "node:path";

/** How long a command gets to exit after SIGTERM (time limit reached) before it gets SIGKILL. */
const KILL_GRACE_MS = 5_000;

/** How often `stopWhenOrphaned` looks at the parent: a stop then takes at most this long. */
const PARENT_CHECK_MS = 500;

/**
 * @typedef {object} RunOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {number} [timeoutMs] Hard limit: past it the command's whole process group is stopped.
 * @property {boolean} [quiet] Keep the output in `output` instead of showing it.
 * @property {boolean} [keep] Show the output as it comes and keep it in `output` too (through a
 *   pipe, as a CI runner gives a command its output: no terminal).
 * @property {boolean} [ipc] Open an IPC channel, so a Node child sees `disconnect` if this process dies.
 */

/**
 * @typedef {object} RunResult
 * @property {number} code Exit code; 128 + n when stopped by signal n, 127 when the command was not found.
 * @property {boolean} notFound
 * @property {boolean} timedOut
 * @property {string} output Standard output and error, only with `quiet` or `keep`.
 * @property {number} ms Wall time.
 */

/**
 * `npm` with the given arguments, as `[command, args]`. Under `npm start`/`npm test` it is the very
 * npm that runs us (npm_execpath), so a machine with several Node versions uses one consistently.
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function npm(...args) {
  const cli = process.env.npm_execpath;
  if (cli && basename(cli) === "npm-cli.js") return [process.execPath, [cli, ...args]];
  return [process.platform === "win32" ? "npm.cmd" : "npm", args];
}

/**
 * Runs `command` and resolves when it exits; never rejects. While it runs, SIGINT and SIGTERM sent
 * to this process are passed on to it instead of killing this process, so the caller can report
 * the outcome and exit with the command's code.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
export function runCommand(command, args, options = {}) {
  const started = performance.now();
  const { quiet = false, keep = false, ipc = false, timeoutMs } = options;
  const piped = quiet || keep ? "pipe" : "inherit";
  /** @type {import("node:child_process").StdioOptions} */
  const stdio = [quiet ? "ignore" : "inherit", piped, piped];
  if (ipc) stdio.push("ipc");
  // With a time limit the command gets its own process group, so `npx` and whatever it started
  // are stopped together.
  const group = timeoutMs !== undefined && process.platform !== "win32";
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio,
    detached: group,
    shell: process.platform === "win32" && /\.cmd$/.test(command),
  });
  let output = "";
  /** @param {NodeJS.WriteStream | null} shown */
  const keepTo = (shown) => /** @param {Buffer} chunk */ (chunk) => {
    output += chunk.toString();
    shown?.write(chunk);
  };
  child.stdout?.on("data", keepTo(quiet ? null : process.stdout));
  child.stderr?.on("data", keepTo(quiet ? null : process.stderr));

  /** @param {NodeJS.Signals} signal */
  const signalChild = (signal) => {
    if (child.pid === undefined) return;
    try {
      // The group, even after its leader has exited: what it started may still hold the output pipes.
      if (group) process.kill(-child.pid, signal);
      else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  const forward = /** @param {NodeJS.Signals} signal */ (signal) => signalChild(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);

  let timedOut = false;
  /** @type {NodeJS.Timeout | undefined} */
  let killTimer;
  const limitTimer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          signalChild("SIGTERM");
          killTimer = setTimeout(() => signalChild("SIGKILL"), KILL_GRACE_MS);
        }, timeoutMs);

  return new Promise((resolve) => {
    let done = false;
    /** @param {Omit<RunResult, "ms" | "output" | "timedOut">} result */
    const finish = (result) => {
      if (done) return;
      done = true;
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      clearTimeout(limitTimer);
      clearTimeout(killTimer);
      resolve({ ...result, timedOut, output, ms: performance.now() - started });
    };
    child.once("error", (error) => {
      const notFound = /** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT";
      if (!notFound) output += `${error.message}\n`;
      finish({ code: notFound ? 127 : 1, notFound });
    });
    child.once("close", (code, signal) => {
      finish({ code: code ?? 128 + (signal ? constants.signals[signal] : 0), notFound: false });
    });
  });
}

/**
 * Stops this process (SIGTERM to itself, which `runCommand` passes on) when its parent goes away.
 * `kill <npm pid>` does not reach a script: npm 11 passes SIGTERM to the `sh -c` that runs it, and
 * sh exits without passing it on, which would leave the mock server or Playwright running.
 */
export function stopWhenOrphaned() {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
  }, PARENT_CHECK_MS).unref();
}

/**
 * Seconds with one decimal, for progress lines: `1.2 s`.
 * @param {number} ms
 */
export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
