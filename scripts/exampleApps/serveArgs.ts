/**
 * The command line every fixture app's serve.ts takes: `[--port <n>] [--host <addr>]`, port 0 (the
 * default) for any free one, host 127.0.0.1. A bad argument goes to `fail` with what to do.
 */
import { parseArgs } from "node:util";
import { parsePort } from "../../mock-server/process/cli.ts";

export function parseServeArgs(fail: (message: string) => never): { port: number; host: string } {
  let values: { port?: string | undefined; host?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    return fail(`${(error as Error).message}. Options: --port <n> (default 0, any free port), --host <addr> (default 127.0.0.1).`);
  }
  try {
    return { port: parsePort(values.port ?? "0"), host: values.host ?? "127.0.0.1" };
  } catch (error) {
    return fail((error as Error).message);
  }
}
