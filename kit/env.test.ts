import { describe, expect, test } from "vitest";
import { checkRunEnv, ENV, readKitEnv } from "./env.mjs";

describe("the PCK_* environment contract", () => {
  test("every variable is named PCK_* and named once", () => {
    const names = Object.values(ENV);
    expect(names.every((name) => /^PCK_[A-Z_]+$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  test("what check hands to the run reads back as the same values", () => {
    const run = { target: "http://127.0.0.1:3000", profile: "/p.json", level: "recommended", reportDir: "/r", callerDir: "/c" };
    expect(readKitEnv(checkRunEnv(run))).toMatchObject(run);
  });

  test("an empty variable counts as unset, and only 1 forces a browser install", () => {
    expect(readKitEnv({ PCK_TARGET: "", PCK_FORCE_BROWSER_INSTALL: "true" })).toMatchObject({ target: undefined, forceBrowserInstall: false });
    expect(readKitEnv({ PCK_FORCE_BROWSER_INSTALL: "1" }).forceBrowserInstall).toBe(true);
  });

  test("a PCK_ENGINES in the user's shell adds no engine to check's run", () => {
    const run = checkRunEnv({ profile: "/p.json", level: "required", reportDir: "/r", callerDir: "/c" });
    expect(readKitEnv({ PCK_ENGINES: "firefox,webkit", ...run }).engines).toBeUndefined();
  });

  test("without --target the run gets no PCK_TARGET: the suite then checks the reference app", () => {
    expect(checkRunEnv({ profile: "/p.json", level: "required", reportDir: "/r", callerDir: "/c" })).not.toHaveProperty(ENV.target);
  });
});
