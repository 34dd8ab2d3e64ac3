import { afterEach, expect, test, vi } from "vitest";
import { runBuildCommand } from "./buildCommand.ts";

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

function stderrOf(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

test("an unknown flag is one line naming it and the usage, exit code 2, and nothing is prepared", async () => {
  const written = stderrOf();
  const prepare = vi.fn(async () => undefined);
  await runBuildCommand("prompt-app", prepare, ["--bogus"]);
  expect(prepare).not.toHaveBeenCalled();
  expect(process.exitCode).toBe(2);
  expect(written.join("")).toMatch(/^prompt-app: Unknown option '--bogus'.*Usage: node --import tsx examples\/prompt-app\/build.ts \[--force\]\n$/);
});

test("--force reaches the preparation; a failed step is one line and exit code 2", async () => {
  const written = stderrOf();
  const prepare = vi.fn(async () => {
    throw new Error("npm ci failed (exit code 1)");
  });
  await runBuildCommand("angular-app", prepare, ["--force"]);
  expect(prepare).toHaveBeenCalledWith({ force: true });
  expect(process.exitCode).toBe(2);
  expect(written.join("")).toBe("angular-app: npm ci failed (exit code 1). Usage: node --import tsx examples/angular-app/build.ts [--force]\n");
});
