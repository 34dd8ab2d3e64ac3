/**
 * A command's flags three ways, for the tests that keep docs/cli.md and docs/mock-server.md true to
 * the command line: as parseArgs reads them, as `--help` prints them, as a doc's table lists them.
 * Each is spelled as `--help` spells it: `--port <n>`, `--force`, `-h, --help`.
 */
import { codeSpans } from "./markdown.ts";

/** What parseArgs is given: `{ port: { type: "string" }, help: { type: "boolean", short: "h" } }`. */
export type Options = Readonly<Record<string, { readonly type: "string" | "boolean"; readonly short?: string }>>;

/** The flags parseArgs reads, by name: `port` gives `--port`, `help` with `short: "h"` gives `-h, --help`. */
export function optionFlags(options: Options): string[] {
  return Object.entries(options).map(([name, { short }]) => (short === undefined ? `--${name}` : `-${short}, --${name}`));
}

/** Whether each flag, by name, takes a value. */
export function optionTakesValue(options: Options): Record<string, boolean> {
  return Object.fromEntries(Object.entries(options).map(([name, { type }]) => [`--${name}`, type === "string"]));
}

/** The flags a usage text lists, one an option line (`  --port <n>   port to…`, `  -h, --help   show…`), as it spells them. */
export function usageFlags(usage: string): string[] {
  return usage.split("\n").flatMap((line) => {
    const match = /^ {2}((?:-\w, )?--[\w-]+(?: <\S+)?)(?: {2,}|$)/.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}

/** The flags a doc's table lists in its first column (`` `--port <n>` ``, `` `-h`, `--help` ``), spelled as `--help` spells them. */
export function tableFlags(rows: readonly (readonly string[])[]): string[] {
  return rows.map((cells) => codeSpans(cells[0] ?? "").join(", "));
}

/** `--port <n>` without its value: `--port`; `--shard <i>/<n>`: `--shard`; `-h, --help`: `-h, --help`. */
export function flagName(flag: string): string {
  return flag.replace(/ <\S+$/, "");
}
