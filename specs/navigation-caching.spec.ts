import { APP, expect, test } from "./fixtures.ts";
import { cachedEntries, cachedUrls, postToWorker } from "./support/browserState.ts";

const PAGES = (baseURL: string | undefined, path: string) => `${baseURL}${APP}/${path}`;

test.describe("NAV-3 what the worker stores", () => {
  test("NAV-3 stores the HTML representation of a posted navigation", async ({ controlledPage: page, mock, baseURL }) => {
    await page.getByRole("link", { name: "Page one" }).click();
    await expect.poll(() => cachedUrls(page)).toContain(PAGES(baseURL, "pages/1"));
    const entry = (await cachedEntries(page, PAGES(baseURL, "pages/1"))).find((e) => e.url === PAGES(baseURL, "pages/1"));
    expect(entry?.contentType).toContain("text/html");
    expect(entry?.body).toContain("<h1>Page one</h1>");
    const fetchedByWorker = (await mock.journal()).filter((e) => e.url === `${APP}/pages/1` && e.fromWorker === true);
    expect(fetchedByWorker.map((e) => e.accept)).toEqual(["text/html"]);
  });

  test("NAV-3 never stores the data representation as the document", async ({ controlledPage: page, mock, baseURL }) => {
    await page.getByRole("link", { name: "Page two" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page two");
    await expect.poll(() => cachedUrls(page)).toContain(PAGES(baseURL, "pages/2"));
    // The page fetched JSON for this URL; the cache holds HTML for it and nothing else.
    expect((await mock.journal()).some((e) => e.url === `${APP}/pages/2` && e.accept === "application/json")).toBe(true);
    const stored = (await cachedEntries(page, PAGES(baseURL, "pages/2"))).filter((e) => e.url === PAGES(baseURL, "pages/2"));
    expect(stored.map((e) => e.contentType?.split(";")[0])).toEqual(["text/html"]);
  });

  for (const [path, why] of [
    ["api/pages", "a JSON-only response"],
    ["moved", "a redirected response"],
    ["private", "a Cache-Control: no-store response"],
    ["no-such-page", "a 404"],
  ] as const) {
    test(`NAV-3 does not store ${why}`, async ({ controlledPage: page, baseURL }) => {
      // The reply comes when the worker is done with every URL; pages/3 proves storing works meanwhile.
      await postToWorker(page, { type: "CACHE_URLS", payload: { urlsToCache: [PAGES(baseURL, path), PAGES(baseURL, "pages/3")] } });
      const urls = await cachedUrls(page);
      expect(urls).toContain(PAGES(baseURL, "pages/3"));
      expect(urls).not.toContain(PAGES(baseURL, path));
    });
  }

  test("NAV-3 does not store URLs outside the scope or on another origin", async ({ controlledPage: page, mock, baseURL }) => {
    await postToWorker(page, { type: "CACHE_URLS", payload: { urlsToCache: [`${baseURL}/outside/x`, `${baseURL}${APP}`, "http://example.invalid/app/"] } });
    expect((await cachedUrls(page)).filter((url) => !url.includes("/assets/") && !url.endsWith("/offline.html"))).toEqual([]);
    expect((await mock.journal()).filter((e) => e.fromWorker === true && !e.url.includes("/assets/") && !e.url.endsWith("offline.html"))).toEqual([]);
  });

  test("NAV-3 never answers the page's data request with the cached document", async ({ controlledPage: page, context }) => {
    await page.goto(`${APP}/pages/1`);
    await context.setOffline(true);
    const outcome = await page.evaluate(async () => {
      try {
        const response = await fetch("/app/pages/1", { headers: { accept: "application/json" } });
        return `answered ${response.headers.get("content-type")}`;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(outcome).toBe("TypeError");
  });
});

test.describe("NAV-4 offline navigation to cached pages", () => {
  test("NAV-4 serves a cached page on goto while offline", async ({ controlledPage: page, context, baseURL }) => {
    await page.getByRole("link", { name: "Page two" }).click();
    await expect.poll(() => cachedUrls(page)).toContain(PAGES(baseURL, "pages/2"));
    await context.setOffline(true);
    const response = await page.goto(`${APP}/pages/2`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page two");
  });

  test("NAV-4 serves a cached page on reload while offline", async ({ controlledPage: page, context }) => {
    // A full navigation through the worker stores the page too (network-first refresh, NAV-5).
    await page.goto(`${APP}/pages/1`);
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page one");
  });
});

test.describe("NAV-5 network-first", () => {
  test("NAV-5 refreshes the cached copy on every online navigation", async ({ controlledPage: page, baseURL }) => {
    const renderId = async () =>
      (await cachedEntries(page, PAGES(baseURL, "pages/1")))
        .find((e) => e.url === PAGES(baseURL, "pages/1"))
        ?.body.match(/pck-render-id" content="(\d+)"/)?.[1];
    await page.goto(`${APP}/pages/1`);
    await expect.poll(renderId).toBeDefined();
    const first = await renderId();
    const response = await page.goto(`${APP}/pages/1`);
    expect(response?.fromServiceWorker()).toBe(true);
    const shown = await page.locator('meta[name="pck-render-id"]').getAttribute("content");
    expect(shown).not.toBe(first);
    await expect.poll(renderId).toBe(shown);
  });
});

test.describe("NAV-6 offline page", () => {
  test("NAV-6 serves the offline page for an uncached URL while offline", async ({ controlledPage: page, context }) => {
    await context.setOffline(true);
    const response = await page.goto(`${APP}/pages/3`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  });

  test("NAV-6 offline page is distinct from the 404 page", async ({ controlledPage: page, context }) => {
    const notFound = await page.goto(`${APP}/no-such-page`);
    expect(notFound?.status()).toBe(404);
    const notFoundText = await page.getByRole("main").textContent();
    await context.setOffline(true);
    const offline = await page.goto(`${APP}/pages/3`);
    expect(offline?.status()).not.toBe(404);
    const offlineText = await page.getByRole("main").textContent();
    expect(offlineText).not.toBe(notFoundText);
    expect(offlineText).not.toMatch(/404|not found/i);
  });
});
