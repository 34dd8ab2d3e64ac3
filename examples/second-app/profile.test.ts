import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH, routeFor } from "./src/routes.ts";

const profile = loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url)));

describe("the second app's profile", () => {
  test("names the app's base path, home and worker", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(`${BASE_PATH}/`);
    expect(profile.worker).toMatchObject({ script: `${BASE_PATH}/sw.js`, scope: `${BASE_PATH}/` });
  });

  test("lists pages the app has, with the headings it renders", () => {
    for (const page of profile.pages) expect(routeFor(page.path)?.title).toBe(page.heading);
  });

  test("names a not-found path the app does not have", () => {
    expect(routeFor(profile.fallbacks.notFound?.path ?? "")).toBeUndefined();
  });
});
