/**
 * INS-1..5: installable, and opens offline once installed. Chromium's own answers decide: its
 * manifest parser, its install criteria and its own install and launch (the full browser's `PWA`
 * domain, support/fullChromium.ts). The rest runs in the suite's usual browser.
 */
import type { Page } from "@playwright/test";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { installabilityErrors, type ReadManifest, readManifest } from "./checks/appManifest.ts";
import { goOffline, holdOffline } from "./checks/offline.ts";
import { watchWorkerRequests } from "./checks/workerRequests.ts";
import { notChecked, precondition, RECOMMENDED } from "./harness/applicability.ts";
import { controlLoaded, takeControl } from "./harness/control.ts";
import { expect, test } from "./harness/fixtures.ts";

const DISPLAY_MODES = ["standalone", "fullscreen", "minimal-ui"];

/** The home page's manifest as Chromium read it. */
async function homeManifest(page: Page, profile: Profile): Promise<ReadManifest> {
  await page.goto(profile.home);
  return readManifest(page);
}

/** The start URL, from a manifest Chromium read; a test that needs one ends not checked without it (INS-1's subject). */
function startUrlOf(manifest: ReadManifest): string {
  if (!manifest.url || manifest.startUrl === null) {
    return notChecked(
      `the home page links no manifest Chromium could read${manifest.url ? ` (${manifest.url})` : ""}, so there is no start URL: INS-1's subject`,
    );
  }
  return manifest.startUrl;
}

function startHeading(profile: Profile): string {
  return profile.install?.startHeading ?? notChecked("the profile does not name the start page's heading (its install.startHeading)");
}

function headingOf(page: Page, profile: Profile) {
  return profile.install?.selector ? page.locator(profile.install.selector).first() : page.getByRole("heading", { level: 1 });
}

test.describe("INS-1 a manifest Chromium can read", () => {
  test("INS-1 the home page links a manifest Chromium reads without errors, naming the app, its start URL and display", async ({ page, profile }) => {
    const manifest = await homeManifest(page, profile);
    expect(manifest.url, "the manifest linked from the home page (<link rel=manifest>)").not.toBe("");
    expect(
      manifest.errors.map((error) => error.message),
      "Chromium's manifest parser's errors",
    ).toEqual([]);
    expect(manifest.json, `the manifest at ${manifest.url}, as JSON`).not.toBeNull();
    const json = manifest.json ?? {};
    expect(typeof json.name === "string" || typeof json.short_name === "string", "a name or short_name").toBe(true);
    expect(typeof json.start_url, "a start_url").toBe("string");
    expect(DISPLAY_MODES, "display").toContain(json.display);
  });

  test("INS-1 the manifest has an id and a maskable icon", RECOMMENDED, async ({ page, profile }) => {
    const manifest = await homeManifest(page, profile);
    if (manifest.json === null) notChecked("the home page links no manifest Chromium could read: INS-1's required test says why");
    const json = manifest.json;
    expect(typeof json.id, "the manifest's id").toBe("string");
    const icons = Array.isArray(json.icons) ? (json.icons as { purpose?: unknown }[]) : [];
    const purposes = icons.map((icon) => (typeof icon.purpose === "string" ? icon.purpose : "any"));
    expect(
      purposes.some((purpose) => purpose.split(/\s+/).includes("maskable")),
      `an icon with purpose maskable (purposes: ${purposes.join(", ") || "none"})`,
    ).toBe(true);
  });
});

test.describe("INS-2 Chromium finds it installable", () => {
  test("INS-2 the full Chromium reports no installability errors for the home page", async ({ profile, fullChromium }) => {
    const page = await (await fullChromium()).context.newPage();
    await page.goto(profile.home);
    expect(await installabilityErrors(page), "Chromium's installability errors (Page.getInstallabilityErrors)").toEqual([]);
  });
});

test.describe("INS-3 start URL and scope inside the worker's scope", () => {
  test("INS-3 the manifest's start URL and scope lie inside the worker's scope", async ({ page, profile, mock }) => {
    const manifest = await homeManifest(page, profile);
    const start = startUrlOf(manifest);
    const scope = new URL(profile.worker.scope, mock.origin).href;
    expect(start.startsWith(scope), `the start URL ${start} inside the worker's scope ${scope}`).toBe(true);
    if (manifest.json?.scope !== undefined && manifest.scope !== null) {
      expect(manifest.scope.startsWith(scope), `the manifest's scope ${manifest.scope} inside the worker's scope ${scope}`).toBe(true);
    }
  });
});

test.describe("INS-4 the start URL opens offline", () => {
  test("INS-4 after a visit to another page, the start URL opens offline from the worker", async ({ page, context, mock, profile, facts, apartPage }) => {
    const heading = startHeading(profile);
    // Home is read in a context of its own: loaded here, its worker could activate while home is
    // open and save it as the page arrived on (NAV-7), and the start URL would open offline whether
    // or not the worker saves it itself. The test's context never loads the start URL online.
    const apart = await apartPage();
    const start = startUrlOf(await homeManifest(apart, profile));
    await apart.context().close();
    // From the first load on: the app may register on it.
    const workerRequests = watchWorkerRequests(context, new URL(start).origin);
    // Not the start URL itself, which would be saved as the page arrived on.
    const landing =
      profile.pages.find((candidate) => new URL(candidate.path, start).pathname !== new URL(start).pathname) ??
      notChecked(`every page of the profile is the start URL ${start}: the test needs another page to arrive on (the profile's pages)`);
    await precondition(`a service worker controls ${landing.path} (REG-2)`, () => takeControl(page, landing.path, facts));
    // A person opens the installed app later: the worker's install-time fetching is over by then.
    await workerRequests.settled({ expected: facts.workerFetches?.value ?? [] });
    await holdOffline(page, context, mock);
    const opened = await context.newPage();
    const response = await opened.goto(start).catch(() => null);
    expect(response?.status() ?? "no answer (the browser's offline page)", `the start URL ${start} offline`).toBe(200);
    expect(response?.fromServiceWorker(), "answered by the worker").toBe(true);
    await expect(headingOf(opened, profile), "the start page's heading").toHaveText(heading);
  });
});

test.describe("INS-5 the installed app opens offline", () => {
  test("INS-5 installed by Chromium and launched offline, the app opens at its start page from the worker", async ({ mock, profile, facts, fullChromium }) => {
    const heading = startHeading(profile);
    const full = await fullChromium();
    const page = await full.context.newPage();
    await page.goto(profile.home);
    await precondition(`a service worker controls ${profile.home} (REG-2)`, () => controlLoaded(page, facts));
    const manifest = await readManifest(page);
    startUrlOf(manifest);
    const manifestId = manifest.id ?? manifest.startUrl ?? "";
    const session = await full.context.newCDPSession(page);
    // Chromium refuses a manifest that is not installable: INS-2's subject, not this test's.
    const refused = await session.send("PWA.install", { manifestId }).then(
      () => null,
      (error: Error) => error.message.split("\n")[0],
    );
    if (refused) notChecked(`Chromium did not install the app (${refused}): whether it can is INS-2's subject`);
    // An app installed through the protocol opens in a browser tab until told otherwise; "open in a
    // window" is what Chromium's own install prompt sets, so the launched app shows as a person's would.
    await precondition("Chromium opens the installed app in a window (PWA.changeAppUserSettings)", () =>
      session.send("PWA.changeAppUserSettings", { manifestId, displayMode: "standalone" }),
    );
    await goOffline(full.context, mock);
    const launched = full.context.waitForEvent("page");
    await session.send("PWA.launch", { manifestId });
    const app = await launched;
    await app.waitForLoadState();
    await expect(headingOf(app, profile), "the installed app's start page, opened offline").toHaveText(heading);
    expect(await app.evaluate(() => navigator.serviceWorker.controller !== null), "the launched app's page is controlled by the worker").toBe(true);
    const display = typeof manifest.json?.display === "string" ? manifest.json.display : "standalone";
    const seen = await app.evaluate(() =>
      ["browser", "minimal-ui", "standalone", "fullscreen", "window-controls-overlay"].filter((mode) => matchMedia(`(display-mode: ${mode})`).matches),
    );
    expect(seen, `the display mode the launched app's page sees (matchMedia), as its manifest asks: ${display}`).toEqual([display]);
    await session.send("PWA.uninstall", { manifestId }).catch(() => undefined);
  });
});
