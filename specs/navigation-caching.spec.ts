import { expect, test } from "./fixtures.ts";
import { needs } from "./support/applicability.ts";
import { cachedEntries, cachedUrls, postToWorker } from "./support/browserState.ts";
import { holdOffline } from "./support/offline.ts";

test.describe("NAV-3 what the worker stores", () => {
  test("NAV-3 stores the HTML representation of a posted navigation", async ({ controlledPage: page, mock, app, baseURL }) => {
    const target = app.page(0);
    await app.navigateClientSide(page, target);
    await expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${target.path}`);
    const entry = (await cachedEntries(page)).find((e) => e.url === `${baseURL}${target.path}`);
    expect(entry?.contentType).toContain("text/html");
    expect(entry?.body).toContain(target.heading);
    const fetchedByWorker = async () => (await mock.journal()).filter((e) => e.url === target.path && e.fromWorker === true);
    await expect.poll(async () => (await fetchedByWorker()).length).toBeGreaterThan(0);
    for (const request of await fetchedByWorker()) expect(request.accept).not.toMatch(/^application\/json/);
  });

  test("NAV-3 never stores the data representation as the document", async ({ controlledPage: page, mock, app, profile, baseURL }) => {
    const accept = needs(profile.dataAccept, "data representation (dataAccept)");
    const target = app.page(1);
    await app.navigateClientSide(page, target);
    await expect(app.heading(page)).toHaveText(target.heading);
    await expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${target.path}`);
    // The page fetched data for this URL; the cache holds HTML for it and nothing else.
    await expect.poll(async () => (await mock.journal()).some((e) => e.url === target.path && e.accept === accept)).toBe(true);
    const stored = (await cachedEntries(page)).filter((e) => e.url === `${baseURL}${target.path}`);
    expect(stored.map((e) => e.contentType?.split(";")[0])).toEqual(["text/html"]);
  });

  for (const [key, why] of [
    ["json", "a JSON-only response"],
    ["redirect", "a redirected response"],
    ["noStore", "a Cache-Control: no-store response"],
    ["notFound", "a 404"],
  ] as const) {
    test(`NAV-3 does not store ${why}`, async ({ controlledPage: page, app, profile, baseURL }) => {
      const path = needs(key === "notFound" ? profile.fallbacks.notFound.path : profile.uncacheable[key], `${why} path (uncacheable.${key})`);
      const good = app.page(2).path;
      // The reply comes when the worker is done with every URL; a good page proves storing works meanwhile.
      await postToWorker(page, { type: "CACHE_URLS", payload: { urlsToCache: [`${baseURL}${path}`, `${baseURL}${good}`] } });
      const urls = await cachedUrls(page);
      expect(urls).toContain(`${baseURL}${good}`);
      expect(urls).not.toContain(`${baseURL}${path}`);
    });
  }

  test("NAV-3 does not store URLs outside the scope or on another origin", async ({ controlledPage: page, mock, profile, baseURL }) => {
    const before = await cachedUrls(page);
    const journaled = (await mock.journal()).length;
    const outside = profile.basePath === "/" ? [] : [`${baseURL}${profile.basePath}-outside/x`, `${baseURL}${profile.basePath}`];
    await postToWorker(page, { type: "CACHE_URLS", payload: { urlsToCache: [...outside, "http://example.invalid/app/"] } });
    expect(await cachedUrls(page)).toEqual(before);
    expect((await mock.journal()).slice(journaled).filter((e) => e.fromWorker === true)).toEqual([]);
  });

  test("NAV-3 never answers the page's data request with the cached document", async ({ controlledPage: page, context, app, profile }) => {
    const accept = needs(profile.dataAccept, "data representation (dataAccept)");
    await page.goto(app.page(0).path);
    await holdOffline(page, context);
    const outcome = await page.evaluate(
      async ({ url, acceptHeader }) => {
        try {
          const response = await fetch(url, { headers: { accept: acceptHeader } });
          return `answered ${response.headers.get("content-type")}`;
        } catch (error) {
          return (error as Error).name;
        }
      },
      { url: app.page(0).path, acceptHeader: accept },
    );
    expect(outcome).not.toMatch(/text\/html/);
  });
});

test.describe("NAV-4 offline navigation to cached pages", () => {
  test("NAV-4 serves a cached page on goto while offline", async ({ controlledPage: page, context, app, baseURL }) => {
    const target = app.page(1);
    await app.navigateClientSide(page, target);
    await expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${target.path}`);
    await holdOffline(page, context);
    const response = await page.goto(target.path);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(app.heading(page)).toHaveText(target.heading);
  });

  test("NAV-4 serves a cached page on reload while offline", async ({ controlledPage: page, context, app, baseURL }) => {
    const target = app.page(0);
    // A full navigation through the worker stores the page too (network-first refresh, NAV-5).
    await page.goto(target.path);
    await expect.poll(() => cachedUrls(page)).toContain(`${baseURL}${target.path}`);
    await holdOffline(page, context);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(app.heading(page)).toHaveText(target.heading);
  });
});

test.describe("NAV-5 network-first", () => {
  test("NAV-5 refreshes the cached copy on every online navigation", async ({ controlledPage: page, app, profile, baseURL }) => {
    const selector = needs(profile.reference?.renderIdSelector, "per-render id in documents (reference.renderIdSelector)");
    const target = app.page(0);
    const cachedRenderId = async () => {
      const body = (await cachedEntries(page)).find((e) => e.url === `${baseURL}${target.path}`)?.body ?? "";
      return page.evaluate(({ html, css }) => new DOMParser().parseFromString(html, "text/html").querySelector(css)?.getAttribute("content") ?? null, {
        html: body,
        css: selector,
      });
    };
    await page.goto(target.path);
    await expect.poll(cachedRenderId).not.toBeNull();
    const first = await cachedRenderId();
    const response = await page.goto(target.path);
    expect(response?.fromServiceWorker()).toBe(true);
    const shown = await page.locator(selector).getAttribute("content");
    expect(shown).not.toBe(first);
    await expect.poll(cachedRenderId).toBe(shown);
  });
});

test.describe("NAV-6 offline page", () => {
  test("NAV-6 serves the offline page for an uncached URL while offline", async ({ controlledPage: page, context, app, profile }) => {
    await holdOffline(page, context);
    const response = await page.goto(app.page(2).path);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.locator("body")).toContainText(profile.offline.text);
  });

  test("NAV-6 offline page is distinct from the 404 page", async ({ controlledPage: page, context, app, profile }) => {
    const notFound = await page.goto(profile.fallbacks.notFound.path);
    expect(notFound?.status()).toBe(404);
    const notFoundText = (await page.locator("body").textContent()) ?? "";
    await holdOffline(page, context);
    const offline = await page.goto(app.page(2).path);
    expect(offline?.status()).not.toBe(404);
    const offlineText = (await page.locator("body").textContent()) ?? "";
    expect(offlineText).toContain(profile.offline.text);
    expect(offlineText).not.toBe(notFoundText);
    expect(offlineText).not.toContain(profile.fallbacks.notFound.text);
  });
});
