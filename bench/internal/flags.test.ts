import { afterEach, describe, expect, test, vi } from "vitest";
import { readFlags } from "./flags.ts";

const OPTIONS = { reps: { type: "string", default: "40" }, quiet: { type: "boolean", default: false } } as const;

function run(argv: string[]) {
  vi.restoreAllMocks();
  vi.spyOn(process, "argv", "get").mockReturnValue(["node", "bench", ...argv]);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const exit = vi.spyOn(process, "exit").mockImplementation(((code: number) => {
    throw new Error(`exit ${code}`);
  }) as never);
  try {
    const { values, wholeNumber } = readFlags("bench:x", "npm run bench:x -- [--reps N]", OPTIONS);
    return { values, reps: wholeNumber("reps", 1, 100), exit, stderr };
  } catch (error) {
    return { error: (error as Error).message, exit, stderr: String(stderr.mock.calls[0]?.[0]), stdout: String(stdout.mock.calls[0]?.[0]) };
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("readFlags", () => {
  test("gives the values, defaults included", () => {
    const result = run(["--quiet"]);
    expect(result.values).toEqual({ reps: "40", quiet: true });
    expect(result.reps).toBe(40);
  });

  test("ends an unknown flag with exit 2 and the usage line, not a stack trace", () => {
    const result = run(["--bogus"]);
    expect(result.error).toBe("exit 2");
    expect(result.stderr).toMatch(/^bench:x: Unknown option '--bogus'.*\nUsage: npm run bench:x -- \[--reps N\]\n$/s);
  });

  test("prints the usage line for --help and -h and ends with exit 0, before reading other flags", () => {
    for (const help of [["--help"], ["-h"], ["--bogus", "--help"]]) {
      const result = run(help);
      expect(result.error).toBe("exit 0");
      expect(result.stdout).toBe("Usage: npm run bench:x -- [--reps N]\n");
    }
  });

  test("ends a value that is not a whole number in range with exit 2, naming the flag", () => {
    for (const bad of ["x", "0", "101", "1.5", "-3"]) {
      const result = run([`--reps=${bad}`]);
      expect(result.error).toBe("exit 2");
      expect(result.stderr).toContain(`--reps must be a whole number from 1 to 100, not '${bad}'.`);
    }
  });
});
