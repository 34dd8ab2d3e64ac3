import { parseArgs } from "node:util";
import { parsePort } from "../../mock-server/process/cli.ts";

export interface ServeOptions {
  /** 0: any free port. */
  readonly port: number;
  readonly host: string;
}

/**
 * The options every fixture app's serve.ts takes, `--port <n>` (default 0) and `--host <addr>`
 * (default 127.0.0.1), from `args`; a bad one goes to `fail` in one sentence.
 */
export function serveOptions(fail: (message: string) => never, args: readonly string[] = process.argv.slice(2)): ServeOptions {
  let values: { port?: string | undefined; host?: string | undefined } = {};
  try {
    ({ values } = parseArgs({ args: [...args], options: { port: { type: "string" }, host: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(`${(error as Error).message}. Options: --port <n> (default 0, any free port), --host <addr> (default 127.0.0.1).`);
  }
  try {
    return { port: parsePort(values.port ?? "0"), host: values.host ?? "127.0.0.1" };
  } catch (error) {
    return fail((error as Error).message);
  }
}
