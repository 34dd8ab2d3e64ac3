/**
 * How a bench reads its flags: an unknown flag or a value out of range ends it with exit 2, one
 * sentence naming the flag and the bench's usage line, never a stack trace, before anything starts.
 * `--help` (or `-h`) prints the usage line and ends it with exit 0.
 */
import { parseArgs } from "node:util";

type Option = { readonly type: "string" | "boolean"; readonly default?: string | boolean };

/** A flag's value: booleans as booleans, strings with a default always there, others maybe not. */
type Values<O extends Record<string, Option>> = {
  [K in keyof O]: O[K]["type"] extends "boolean" ? boolean : O[K] extends { default: string } ? string : string | undefined;
};

export interface Flags<O extends Record<string, Option>> {
  readonly values: Values<O>;
  /** Ends the bench with exit 2, `message` and the usage line. */
  readonly usage: (message: string) => never;
  /** The flag's value as a whole number from `min` to `max`, or the end of the bench. */
  readonly wholeNumber: (flag: keyof O & string, min: number, max: number) => number;
}

export function readFlags<const O extends Record<string, Option>>(bench: string, usageLine: string, options: O): Flags<O> {
  const usage = (message: string): never => {
    process.stderr.write(`${bench}: ${message}\nUsage: ${usageLine}\n`);
    process.exit(2);
  };
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`Usage: ${usageLine}\n`);
    process.exit(0);
  }
  let values: Values<O>;
  try {
    // parseArgs types its values from `options` too, in a form a generic cannot be narrowed to.
    values = parseArgs({ options, strict: true }).values as unknown as Values<O>;
  } catch (error) {
    return usage((error as Error).message);
  }
  const wholeNumber = (flag: keyof O & string, min: number, max: number): number => {
    const text = String(values[flag]);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) usage(`--${flag} must be a whole number from ${min} to ${max}, not '${text}'.`);
    return value;
  };
  return { values, usage, wholeNumber };
}
