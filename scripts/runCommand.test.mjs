// @ts-check
import { expect, test, vi } from "vitest";
import { runCommand } from "./runCommand.mjs";

const HANG = "setInterval(() => {}, 1000)";

test("returns the exit code and, when quiet, the output", async () => {
  const result = await runCommand(process.execPath, ["-e", "console.log('hi'); process.exit(3)"], { quiet: true });
  expect(result).toMatchObject({ code: 3, notFound: false, timedOut: false, output: "hi\n" });
});

test("with keep, shows the output as it comes and keeps it too", async () => {
  const shown = /** @type {string[]} */ ([]);
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    shown.push(String(chunk));
    return true;
  });
  try {
    const result = await runCommand(process.execPath, ["-e", "console.log('::error::seen')"], { keep: true });
    expect(result.output).toBe("::error::seen\n");
  } finally {
    write.mockRestore();
  }
  expect(shown.join("")).toContain("::error::seen\n");
});

test("stops a command and what it started when the time limit passes", async () => {
  const nested = `require('node:child_process').spawn(process.execPath, ['-e', '${HANG}'], { stdio: 'inherit' }); ${HANG}`;
  const result = await runCommand(process.execPath, ["-e", nested], { quiet: true, timeoutMs: 300 });
  expect(result).toMatchObject({ timedOut: true, code: 128 + 15 });
  expect(result.ms).toBeLessThan(5_000);
});

test("reports a command that does not exist", async () => {
  expect(await runCommand("pck-no-such-command", [], { quiet: true })).toMatchObject({ code: 127, notFound: true });
});
