/** What every command of the CLI shares: the usage-error type and the exit codes it documents. */

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
