import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { loadProfile } from "../../cli/profile/loadProfile.ts";
import { BASE_PATH, HOME, pageFor } from "./src/lib/pages.ts";

const profile = loadProfile(fileURLToPath(new URL("./profile.json", import.meta.url)));

describe("the SvelteKit app's profile", () => {
  test("names the app's root, home and worker: the plugin's defaults, at the site root", () => {
    expect(profile.basePath).toBe(BASE_PATH);
    expect(profile.home).toBe(HOME.path);
    expect(profile.worker).toEqual({ script: "/sw.js", scope: "/" });
    expect(profile.install?.startHeading).toBe(HOME.title);
  });

  test("lists pages the app has, with the headings and link names it renders", () => {
    for (const page of profile.pages) {
      expect(pageFor(page.path)?.title).toBe(page.heading);
      expect(page.link).toBe(page.heading);
    }
  });

  test("names a not-found path the app does not have, and the lazily loaded page as one it has", () => {
    expect(pageFor(profile.fallbacks.notFound?.path ?? "")).toBeUndefined();
    expect(pageFor(profile.update?.lazyPage?.path ?? "")?.title).toBe(profile.update?.lazyPage?.heading);
  });

  test("leaves out what the app lacks: an offline page, a network timeout, a reload on online, data requests", () => {
    expect(profile.offline).toBeUndefined();
    expect(profile.worker.networkTimeoutMs).toBeUndefined();
    expect(profile.reloadsOnOnline).toBe(false);
    expect(profile.data).toBeUndefined();
  });
});
