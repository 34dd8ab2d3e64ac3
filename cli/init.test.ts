import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_OUT, runInit } from "./init.ts";
import { type CapturedOutput, captureOutput } from "./testing/capturedOutput.ts";

let dir: string;
let out: CapturedOutput;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-init-"));
  out = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("init's command line", () => {
  test("--help prints the usage and exits 0", async () => {
    expect(await runInit(["--help"], dir)).toBe(0);
    expect(out.stdout).toMatch(/^Usage: pwa-conformance-kit init --target <url> \[--out <file>\] \[--force\]/);
    expect(out.stdout).toContain(DEFAULT_OUT);
  });

  test("an unknown flag exits 2, naming it", async () => {
    expect(await runInit(["--tagret", "http://127.0.0.1:1/"], dir)).toBe(2);
    expect(out.stderr).toMatch(/^pwa-conformance-kit init: .*'--tagret'/);
  });

  test("--target is required and must be an http(s) URL, by the rules the proxy's upstream also follows", async () => {
    expect(await runInit([], dir)).toBe(2);
    expect(out.stderr).toContain("--target is required");
    expect(await runInit(["--target", "127.0.0.1:3000"], dir)).toBe(2);
    expect(out.stderr).toContain("--target '127.0.0.1:3000' cannot be opened: it is not a URL; write it as http://127.0.0.1:3000/app/.");
    expect(await runInit(["--target", "ftp://127.0.0.1/"], dir)).toBe(2);
    expect(out.stderr).toContain("--target 'ftp://127.0.0.1/' cannot be opened: it uses ftp; give an http:// or https:// URL.");
  });

  test("refuses to overwrite an existing profile without --force, and writes nothing", async () => {
    const profile = join(dir, DEFAULT_OUT);
    writeFileSync(profile, "mine\n");
    expect(await runInit(["--target", "http://127.0.0.1:1/app/"], dir)).toBe(2);
    expect(out.stderr).toContain(`Failed to write ${profile}: it exists. Pass --force`);
    expect(readFileSync(profile, "utf8")).toBe("mine\n");
    expect(existsSync(join(dir, "pwa-conformance.profile.md"))).toBe(false);
  });

  test("refuses to overwrite the notes beside the profile too", async () => {
    writeFileSync(join(dir, "app.md"), "notes\n");
    expect(await runInit(["--target", "http://127.0.0.1:1/app/", "--out", "app.json"], dir)).toBe(2);
    expect(out.stderr).toContain("app.md: it exists");
    expect(existsSync(join(dir, "app.json"))).toBe(false);
  });

  test("an app that does not answer exits 2 with what to do, before starting a browser", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/app/`;
    expect(await runInit(["--target", url], dir)).toBe(2);
    expect(out.stderr).toContain(`pwa-conformance-kit init: Failed to reach ${url}: ECONNREFUSED. Start the app`);
    expect(existsSync(join(dir, DEFAULT_OUT))).toBe(false);
  });

  test("an --out naming a directory exits 2 with what to do, before reaching the app", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/app/`;
    expect(await runInit(["--target", url, "--out", ".", "--force"], dir)).toBe(2);
    expect(out.stderr).toBe(
      `pwa-conformance-kit init: Failed to write ${dir}: it is a directory. Name a file with --out, e.g. --out ${dir}/pwa-conformance.profile.json.\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  test("an --out in a missing folder exits 2 with what to do, before reaching the app", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/app/`;
    expect(await runInit(["--target", url, "--out", "missing/app.json"], dir)).toBe(2);
    expect(out.stderr).toBe(
      `pwa-conformance-kit init: Failed to write ${join(dir, "missing", "app.json")}: there is no folder ${join(dir, "missing")}. Create the folder, or --out a file in an existing one.\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  test("an --out whose folder is a file exits 2, before reaching the app", async () => {
    writeFileSync(join(dir, "file"), "mine\n");
    const url = `http://127.0.0.1:${await closedPort()}/app/`;
    expect(await runInit(["--target", url, "--out", "file/app.json"], dir)).toBe(2);
    expect(out.stderr).toContain(`there is no folder ${join(dir, "file")}.`);
    expect(readdirSync(dir)).toEqual(["file"]);
  });
});
