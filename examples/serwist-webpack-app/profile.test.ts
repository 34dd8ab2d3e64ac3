import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH } from "./internal/paths.ts";

const profile = loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url)));

describe("the @serwist/next webpack app's profile", () => {
  test("names the app's base path, home and worker as next.config.mjs sets them", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(`${BASE_PATH}/`);
    expect(profile.worker).toEqual({ script: `${BASE_PATH}/sw.js`, scope: `${BASE_PATH}/` });
  });

  test("has pages under app/ for each of its pages, with trailing slashes as the app writes them", () => {
    for (const page of profile.pages) expect(page.path).toMatch(new RegExp(`^${BASE_PATH}/[a-z-]+/$`));
  });

  test("leaves out the network timeout: defaultCache's page route has none", () => {
    expect(profile.worker.networkTimeoutMs).toBeUndefined();
  });

  test("reads the digest of Next's global error with a capture group", () => {
    const pattern = profile.fallbacks.serverError?.digest?.pattern ?? "";
    expect(new RegExp(pattern).exec("This page couldn’t load ERROR 3485925222")?.[1]).toBe("3485925222");
  });

  test("tells data requests apart by Next.js's RSC header and _rsc query", () => {
    expect(profile.data).toEqual({ header: { name: "RSC", value: "1" }, query: "_rsc" });
  });

  test("lists ERR-2 and ERR-3 as not applicable, with a reason: the app has no sign-in", () => {
    expect(Object.keys(profile.notApplicable).sort()).toEqual(["ERR-2", "ERR-3"]);
  });
});
