import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH, pageFor } from "./src/routes.ts";

const profile = loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url)));

describe("the prompt app's profile", () => {
  test("names the app's base path, home and worker", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(`${BASE_PATH}/`);
    expect(profile.worker).toEqual({ script: `${BASE_PATH}/sw.js`, scope: `${BASE_PATH}/` });
  });

  test("lists pages the app has, with the headings and link names it renders", () => {
    for (const page of profile.pages) {
      expect(pageFor(page.path)?.title).toBe(page.heading);
      expect(page.link).toBe(page.heading);
    }
  });

  test("names a not-found path the app does not have", () => {
    expect(pageFor(profile.fallbacks.notFound?.path ?? "")).toBeUndefined();
  });

  test("leaves out what the app lacks: an offline page, a network timeout, a reload on online", () => {
    expect(profile.offline).toBeUndefined();
    expect(profile.worker.networkTimeoutMs).toBeUndefined();
    expect(profile.reloadsOnOnline).toBe(false);
  });
});
