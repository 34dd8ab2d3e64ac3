/** What a command wrote to stdout and stderr, captured for each test of a CLI command's unit tests. */
import { vi } from "vitest";

export interface CapturedOutput {
  stdout: string;
  stderr: string;
}

/** Replaces process.stdout/stderr.write for the test (vi.restoreAllMocks() undoes it); the object fills as the command writes. */
export function captureOutput(): CapturedOutput {
  const captured: CapturedOutput = { stdout: "", stderr: "" };
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    captured.stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    captured.stdout += String(chunk);
    return true;
  });
  return captured;
}
