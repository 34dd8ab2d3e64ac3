import { describe, expect, test } from "vitest";
import { ShellError } from "./errors.ts";

describe("ShellError", () => {
  test("is an Error named ShellError, with its code and details", () => {
    const error = new ShellError("BASE_PATH_INVALID", { basePath: "app", why: "it must start with '/'" });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ShellError");
    expect(String(error)).toMatch(/^ShellError: Failed to use base path 'app'/);
    expect(error).toMatchObject({ code: "BASE_PATH_INVALID", details: { basePath: "app", why: "it must start with '/'" } });
  });

  test.each([
    [
      "BASE_PATH_INVALID",
      { basePath: "/a/../b", why: "it has an empty or dot segment '..'" },
      "Failed to use base path '/a/../b': it has an empty or dot segment '..'. Use an absolute path such as '/app', or '/' for the site root.",
    ],
    [
      "WORKER_CONFIG_INVALID",
      { field: "nav", why: "is '2', not 0 or 1" },
      "Failed to read the worker configuration: nav is '2', not 0 or 1. Register the worker with a query built by workerScriptPath().",
    ],
  ] as const)("words %s as 'Failed to X: why. Do Y.'", (code, details, message) => {
    expect(new ShellError(code, details).message).toBe(message);
  });
});
