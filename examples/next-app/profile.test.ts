import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH } from "./internal/paths.ts";

const profiles = {
  "Next.js ≥ 16.2": loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url))),
  "Next.js ≤ 16.1": loadProfile(fileURLToPath(new URL("./profile-next-16.1.json", import.meta.url))),
};

describe.each(Object.entries(profiles))("the Next.js app's profile for %s", (_era, profile) => {
  test("names the app's base path, home and worker", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(`${BASE_PATH}/`);
    expect(profile.worker).toEqual({ script: `${BASE_PATH}/sw.js`, scope: `${BASE_PATH}/` });
  });

  test("has pages under app/ for each of its pages, with trailing slashes as the app writes them", () => {
    for (const page of profile.pages) expect(page.path).toMatch(new RegExp(`^${BASE_PATH}/[a-z-]+/$`));
  });

  test("reads the digest with a capture group", () => {
    const pattern = profile.fallbacks.serverError?.digest?.pattern ?? "";
    const sample = pattern.startsWith("ERROR") ? "This page couldn’t load ERROR 1082869158" : "Digest: 1082869158";
    expect(new RegExp(pattern).exec(sample)?.[1]).toBe("1082869158");
  });

  test("tells data requests apart by Next.js's RSC header and _rsc query", () => {
    expect(profile.data).toEqual({ header: { name: "RSC", value: "1" }, query: "_rsc" });
  });
});
