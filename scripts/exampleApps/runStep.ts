import { runCommand } from "../runCommand.mjs";

export interface StepOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** A hard stop for a hung registry or build. */
  readonly timeoutMs: number;
  /** The command that runs the whole preparation again, for the error message. */
  readonly rerun: string;
}

/** Runs one install or build step of a fixture app (output shown); throws "Failed to <what>: why. …" unless it exits 0. */
export async function runStep(what: string, command: string, args: readonly string[], options: StepOptions): Promise<void> {
  const result = await runCommand(command, args, { cwd: options.cwd, env: options.env ?? process.env, timeoutMs: options.timeoutMs });
  if (result.code === 0) return;
  const why = result.notFound ? `${command} was not found` : result.timedOut ? `it took over ${options.timeoutMs} ms` : `exit code ${result.code}`;
  throw new Error(`Failed to ${what}: ${why}. See the output above, fix it, and run ${options.rerun} again`);
}
