import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH, pageFor } from "./src/app/pages.ts";

const profile = loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url)));

describe("the Angular app's profile", () => {
  test("names the app's base path, home and ngsw's worker under it", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(`${BASE_PATH}/`);
    expect(profile.worker).toEqual({ script: `${BASE_PATH}/ngsw-worker.js`, scope: `${BASE_PATH}/` });
  });

  test("lists pages the router has, with the headings it renders", () => {
    for (const page of profile.pages) expect(pageFor(page.path)?.title).toBe(page.heading);
  });

  test("names a not-found path the router does not have", () => {
    expect(pageFor(profile.fallbacks.notFound?.path ?? "")).toBeUndefined();
  });
});
