/** What every command of the CLI shares: the usage-error type and the exit codes it documents. */
import { claimReportDir, ReportDirError } from "./report/claimReportDir.ts";

/** A mistake on the command line or in a file it names: exit code 2, nothing run. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const EXIT = { conforms: 0, failed: 1, usage: 2, inconclusive: 3 } as const;

export const EXIT_CODES_HELP = `Exit codes: 0 the app conforms at the level; 1 a clause failed at the level; 2 a usage, profile
or report-directory error (nothing was checked, started or written); 3 no clause failed but some
tests could not be carried out (inconclusive: an error of the run, not a verdict on the app; the
report says why); 130, 143, 129 stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP, after stopping
everything the kit started.
`;

/** Runs a command, turning its UsageError into the message on stderr and exit code 2. */
export async function withUsageErrors(command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pwa-conformance-kit ${command}: ${error.message}\n`);
    return EXIT.usage;
  }
}

/**
 * Claims a report directory (report/claimReportDir.ts) for a command that writes a report, or ends
 * the command with the refusal as a usage error: the last check of its input, and the first write.
 */
export function claimForCommand(dir: string, force: boolean): ReturnType<typeof claimReportDir> {
  try {
    return claimReportDir(dir, force);
  } catch (error) {
    if (error instanceof ReportDirError) throw new UsageError(error.message);
    throw error;
  }
}
