/** Parses the mock server's command line; every mistake is a message naming the flag. */
import { parseArgs } from "node:util";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 4173;

export const USAGE = `Usage: mock-server [options]

Serves the reference web app shell with a request journal and a control API under /__mock/.

Options:
  --port <n>        port to listen on, 0 for any free port (default ${DEFAULT_PORT})
  --host <addr>     address to bind (default ${DEFAULT_HOST}, loopback only)
  --base-path <p>   where the app lives (default /app; '/' for the site root)
  -h, --help        show this help and exit
`;

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly basePath: string;
  readonly help: boolean;
}

export class CliError extends Error {}

export function parseCli(argv: readonly string[]): CliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "base-path": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}. Run with --help for the list of options.`);
  }
  const portText = (values.port as string | undefined) ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new CliError(`--port must be a whole number from 0 to 65535, not '${portText}'.`);
  const host = (values.host as string | undefined) ?? DEFAULT_HOST;
  if (host.trim() === "") throw new CliError("--host must not be empty.");
  return { port, host, basePath: (values["base-path"] as string | undefined) ?? "/app", help: values.help === true };
}
