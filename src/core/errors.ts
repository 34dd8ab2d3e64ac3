/**
 * Errors as a code plus details, with every wording in one table: "Failed to X: why. Do Y."
 * The server turns these into 4xx bodies and CLI exits; page and worker log them.
 */
const messages = {
  BASE_PATH_INVALID: (d: Details) => `Failed to use base path '${d.basePath}': ${d.why}. Use an absolute path such as '/app', or '/' for the site root.`,
  WORKER_CONFIG_INVALID: (d: Details) =>
    `Failed to read the worker configuration: ${d.field} ${d.why}. Register the worker with a query built by workerScriptPath().`,
} satisfies Record<string, (details: Details) => string>;

type Details = Record<string, string>;

export type ShellErrorCode = keyof typeof messages;

export class ShellError extends Error {
  readonly code: ShellErrorCode;
  readonly details: Details;

  constructor(code: ShellErrorCode, details: Details) {
    super(messages[code](details));
    this.name = "ShellError";
    this.code = code;
    this.details = details;
  }
}
