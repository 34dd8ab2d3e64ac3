/**
 * A fixture app's build.ts run as a command: `[--force]` (install and build even when up to date).
 * A bad flag or a failed step is one line on stderr and exit code 2, never a stack trace.
 */
import { parseArgs } from "node:util";

export async function runBuildCommand(name: string, prepare: (options: { force: boolean }) => Promise<void>, args = process.argv.slice(2)): Promise<void> {
  try {
    const { values } = parseArgs({ args, options: { force: { type: "boolean", default: false } }, strict: true, allowPositionals: false });
    await prepare({ force: values.force });
  } catch (error) {
    process.stderr.write(
      `${name}: ${(error as Error).message}${/[.!?]$/.test((error as Error).message) ? "" : "."} Usage: node --import tsx examples/${name}/build.ts [--force]\n`,
    );
    process.exitCode = 2;
  }
}
