import { describe, expect, test } from "vitest";
import { ShellError } from "./errors.ts";
import { DEFAULT_NETWORK_TIMEOUT_MS, DEFAULT_SHELL_CONFIG, parseWorkerConfig, type ShellConfig, workerScriptPath } from "./shellConfig.ts";
import { thrownBy } from "./testing/thrownBy.ts";

const config = (overrides: Partial<ShellConfig>): ShellConfig => ({ ...DEFAULT_SHELL_CONFIG, ...overrides });

/** What the worker reads: the `search` of its own script URL, as `self.location.search` gives it. */
const searchOf = (scriptPath: string) => new URL(scriptPath, "http://app.test").search;

describe("DEFAULT_SHELL_CONFIG", () => {
  test("turns every behaviour on at /app, with the documented timeout and settle time", () => {
    expect(DEFAULT_SHELL_CONFIG).toStrictEqual({
      basePath: "/app",
      register: true,
      cacheNavigations: true,
      reloadOnOnline: true,
      networkTimeoutMs: 3_000,
      onlineSettleMs: 500,
    });
  });
});

describe("workerScriptPath", () => {
  // REG-2: the worker lives at the scope root, so it needs no Service-Worker-Allowed header.
  test.each<[string, string, ShellConfig]>([
    ["the default config", "/app/sw.js?nav=1&timeout=3000", DEFAULT_SHELL_CONFIG],
    ["a custom config", "/a/b/sw.js?nav=0&timeout=250", config({ basePath: "/a/b", cacheNavigations: false, networkTimeoutMs: 250 })],
    ["the root base path", "/sw.js?nav=1&timeout=3000", config({ basePath: "" })],
  ])("REG-2 registers %s as the worker script %s", (_name, expected, shellConfig) => {
    expect(workerScriptPath(shellConfig)).toBe(expected);
  });

  test("NAV-3 gives a new worker script URL when navigation caching is switched off", () => {
    expect(workerScriptPath(config({ cacheNavigations: false }))).not.toBe(workerScriptPath(DEFAULT_SHELL_CONFIG));
  });

  test("NAV-5 gives a new worker script URL when the network timeout changes", () => {
    expect(workerScriptPath(config({ networkTimeoutMs: 5_000 }))).not.toBe(workerScriptPath(DEFAULT_SHELL_CONFIG));
  });

  test("ONL-1 keeps the worker script URL when only page settings change, so no worker update follows", () => {
    const pageOnly = config({ register: false, reloadOnOnline: false, onlineSettleMs: 2_000 });
    expect(workerScriptPath(pageOnly)).toBe(workerScriptPath(DEFAULT_SHELL_CONFIG));
  });
});

describe("parseWorkerConfig", () => {
  // Property-style: whatever the page registers, the worker reads the same worker settings back.
  test.each<[string, boolean, number]>([
    ["/app", true, DEFAULT_NETWORK_TIMEOUT_MS],
    ["/app", false, DEFAULT_NETWORK_TIMEOUT_MS],
    ["/app", true, 0],
    ["/app", true, 1],
    // The largest timeout the mock server's config schema accepts (mock-server/reference/shellConfigSchema.ts).
    ["/app", true, 600_000],
    ["", false, 10_000],
    ["/a/b", true, 42],
  ])("NAV-5 reads back the worker settings from the script URL of base '%s' with nav %s, timeout %i", (basePath, cacheNavigations, networkTimeoutMs) => {
    const scriptPath = workerScriptPath(config({ basePath, cacheNavigations, networkTimeoutMs, reloadOnOnline: false, onlineSettleMs: 0 }));
    expect(parseWorkerConfig(searchOf(scriptPath))).toStrictEqual({ cacheNavigations, networkTimeoutMs });
  });

  test.each<[string, boolean, number]>([
    ["", true, DEFAULT_NETWORK_TIMEOUT_MS],
    ["?", true, DEFAULT_NETWORK_TIMEOUT_MS],
    ["?v=2", true, DEFAULT_NETWORK_TIMEOUT_MS],
    ["?nav=0", false, DEFAULT_NETWORK_TIMEOUT_MS],
    ["?timeout=50", true, 50],
    ["nav=0&timeout=50", false, 50],
    ["?timeout=50&&nav=0&", false, 50],
  ])("NAV-5 reads '%s' as cacheNavigations=%s networkTimeoutMs=%i, defaults for missing keys", (search, cacheNavigations, networkTimeoutMs) => {
    expect(parseWorkerConfig(search)).toStrictEqual({ cacheNavigations, networkTimeoutMs });
  });

  function expectInvalid(search: string, field: string, value: string): void {
    const error = thrownBy(() => parseWorkerConfig(search));
    expect(error).toBeInstanceOf(ShellError);
    expect(error).toMatchObject({ code: "WORKER_CONFIG_INVALID", details: { field } });
    expect(error).toHaveProperty("message", expect.stringContaining(`Failed to read the worker configuration: ${field} is '${value}'`));
    expect(error).toHaveProperty("message", expect.stringContaining("Register the worker with a query built by workerScriptPath()."));
  }

  test.each([
    ["?nav=2", "2"],
    ["?nav=true", "true"],
    ["?nav=", ""],
    ["?nav", ""],
    ["?nav=01", "01"],
  ])("NAV-3 rejects %s as a WORKER_CONFIG_INVALID nav", (search, value) => {
    expectInvalid(search, "nav", value);
  });

  test.each([
    ["?timeout=-1", "-1"],
    ["?timeout=abc", "abc"],
    ["?timeout=1e3", "1e3"],
    ["?timeout=1.5", "1.5"],
    ["?timeout=", ""],
    ["?timeout=%33000", "%33000"],
    ["?timeout=1000000", "1000000"],
    // Only a leading '?' is the query's own; any other is part of a value.
    ["timeout=1?0", "1?0"],
  ])("NAV-5 rejects %s as a WORKER_CONFIG_INVALID timeout", (search, value) => {
    expectInvalid(search, "timeout", value);
  });
});
