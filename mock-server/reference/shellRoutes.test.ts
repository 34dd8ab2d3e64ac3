import { describe, expect } from "vitest";
import { ShellError } from "../../src/core/errors.ts";
import { DATA_ACCEPT } from "../../src/core/page.ts";
import { createApp } from "../createApp.ts";
import { bootDataOf, headingOf } from "../testing/readDocument.ts";
import { type TestServer, test } from "../testing/testServer.ts";
import { BARE_BASE_REDIRECT_MAX_AGE_S } from "./shellRoutes.ts";

const DOCUMENT = { accept: "text/html" };
const DATA = { accept: DATA_ACCEPT };
/** What Chromium 156 sends for a navigation, and so for its navigation preload. */
const NAVIGATION = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
};

async function documentAt(server: TestServer, path: string): Promise<{ status: number; html: string; response: Response }> {
  const response = await server.fetch(path, { headers: DOCUMENT, redirect: "manual" });
  return { status: response.status, html: await response.text(), response };
}

describe("representations", () => {
  test("NAV-3 serves the same URL as an HTML document or, for Accept: application/json, as JSON data, with Vary: Accept", async ({ server }) => {
    const document = await server.fetch("/app/pages/1", { headers: DOCUMENT });
    const data = await server.fetch("/app/pages/1", { headers: DATA });
    expect(document.headers.get("content-type")).toMatch(/^text\/html/);
    expect(bootDataOf(await document.text()).page).toMatchObject({ kind: "content", path: "/app/pages/1", heading: "Page one" });
    expect(data.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await data.json()).toEqual({ page: expect.objectContaining({ kind: "content", path: "/app/pages/1", heading: "Page one" }) });
    expect([document.headers.get("vary"), data.headers.get("vary")]).toEqual(["Accept", "Accept"]);
  });

  test("serves a navigation preload the document, as the navigation it stands for, with a 200 no-cache", async ({ server }) => {
    const preload = await server.fetch("/app/pages/1", { headers: { ...NAVIGATION, "service-worker-navigation-preload": "true" } });
    expect(preload.status).toBe(200);
    expect(preload.headers.get("content-type")).toMatch(/^text\/html/);
    expect(preload.headers.get("cache-control")).toBe("no-cache");
    expect(bootDataOf(await preload.text()).page).toMatchObject({ kind: "content", path: "/app/pages/1", heading: "Page one" });
  });

  test("serves the document for Accept: */*", async ({ server }) => {
    const response = await server.fetch("/app/pages/1", { headers: { accept: "*/*" } });
    expect(bootDataOf(await response.text()).page.path).toBe("/app/pages/1");
  });

  test("NAV-3 sends documents with Cache-Control: no-cache", async ({ server }) => {
    const { response } = await documentAt(server, "/app/pages/1");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  test("NAV-3 sends the data representation with Cache-Control: no-store", async ({ server }) => {
    const response = await server.fetch("/app/pages/1", { headers: DATA });
    await response.arrayBuffer();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("NAV-3 sends the no-store page's document with Cache-Control: no-store", async ({ server }) => {
    const { status, response } = await documentAt(server, "/app/private");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("NAV-3 redirects /app/moved with a 302 to /app/pages/1", async ({ server }) => {
    const { status, response } = await documentAt(server, "/app/moved");
    expect(status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/pages/1");
  });
});

describe("routes", () => {
  test("serves home at /app/ itself, with no redirect", async ({ server }) => {
    const { status, html } = await documentAt(server, "/app/");
    expect(status).toBe(200);
    expect(bootDataOf(html).page).toMatchObject({ kind: "home", path: "/app/" });
  });

  test("UPD-3 serves the notes page's document with its heading and field rendered, and links to it from home", async ({ server }) => {
    const { status, html, response } = await documentAt(server, "/app/notes");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(headingOf(html)).toBe("Notes");
    expect(html).toContain('<label for="notes-text">Your notes</label><textarea id="notes-text"');
    expect(bootDataOf(html).links).toContainEqual({ to: "notes", label: "Notes" });
  });

  for (const [from, to] of [
    ["/app", "/app/"],
    ["/app?utm=x&y=%20z", "/app/?utm=x&y=%20z"],
  ] as const) {
    test(`NAV-8 redirects the bare base path ${from} with a cacheable 308 to ${to}`, async ({ server }) => {
      const { status, response } = await documentAt(server, from);
      expect(status).toBe(308);
      expect(response.headers.get("location")).toBe(to);
      expect(response.headers.get("cache-control")).toBe(`public, max-age=${BARE_BASE_REDIRECT_MAX_AGE_S}`);
    });
  }

  test("NAV-8 redirects the bare base path for every method the route serves, HEAD included", async ({ server }) => {
    const response = await server.fetch("/app", { method: "HEAD", redirect: "manual" });
    expect(response.status).toBe(308);
  });

  for (const path of ["/app/no/such/page", "/app/pages/4"]) {
    test(`ERR-1 answers ${path} with 404 and the not-found page`, async ({ server }) => {
      const { status, html } = await documentAt(server, path);
      expect(status).toBe(404);
      expect(headingOf(html)).toBe("404: Page not found");
    });
  }

  for (const path of ["/", "/apple", "/outside/x"]) {
    test(`REG-4 serves the shell with 200 outside the base path at ${path}`, async ({ server }) => {
      const { status, html } = await documentAt(server, path);
      expect(status).toBe(200);
      expect(bootDataOf(html)).toMatchObject({ page: { kind: "outside", path }, config: { basePath: "/app" } });
    });
  }

  test("serves sw.js with Cache-Control: no-cache and a JavaScript content type", async ({ server }) => {
    const response = await server.fetch("/app/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  test("NAV-6 serves the offline page at /app/offline.html", async ({ server }) => {
    const { status, html, response } = await documentAt(server, "/app/offline.html");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(headingOf(html)).toBe("You are offline");
  });

  test("answers a POST to a page with 405", async ({ server }) => {
    const response = await server.fetch("/app/pages/1", { method: "POST" });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
  });
});

describe("base paths", () => {
  test("serves the app under a custom base path /shop", async ({ serve }) => {
    const server = await serve({ basePath: "/shop" });
    const home = await documentAt(server, "/shop/");
    expect(home.status).toBe(200);
    expect(bootDataOf(home.html)).toMatchObject({ page: { kind: "home" }, config: { basePath: "/shop" } });
    expect((await server.fetch("/shop/sw.js")).status).toBe(200);
    expect((await documentAt(server, "/app/")).status).toBe(404);
  });

  test("serves the app at the site root for base path '/'", async ({ serve }) => {
    const server = await serve({ basePath: "/" });
    const home = await documentAt(server, "/");
    expect(bootDataOf(home.html)).toMatchObject({ page: { kind: "home", path: "/" }, config: { basePath: "" } });
    expect((await documentAt(server, "/pages/1")).status).toBe(200);
    expect((await server.fetch("/sw.js")).headers.get("cache-control")).toBe("no-cache");
    expect((await documentAt(server, "/apple")).status).toBe(404);
  });

  for (const [basePath, why] of [
    ["app", "it must start with '/'"],
    ["/a/../b", "it has an empty or dot segment '..'"],
    ["/a?x=1", "segment 'a?x=1' has a character a URL path cannot hold"],
  ] as const) {
    test(`refuses base path '${basePath}' with BASE_PATH_INVALID: ${why}`, () => {
      expect(() => createApp({ basePath })).toThrow(new ShellError("BASE_PATH_INVALID", { basePath, why }));
    });
  }
});

describe("journal", () => {
  const cases = [
    { from: "the worker script URL", referer: (origin: string) => `${origin}/app/sw.js?nav=1&timeout=3000`, fromWorker: true },
    { from: "a page URL", referer: (origin: string) => `${origin}/app/pages/2`, fromWorker: false },
    { from: "a look-alike script URL", referer: (origin: string) => `${origin}/app/sw.jsx`, fromWorker: false },
    { from: "no Referer", referer: () => undefined, fromWorker: null },
  ];
  for (const { from, referer, fromWorker } of cases) {
    test(`journals fromWorker ${fromWorker} for a request with ${from}`, async ({ server }) => {
      const value = referer(server.origin);
      const response = await server.fetch("/app/pages/1", { headers: value === undefined ? {} : { referer: value } });
      await response.arrayBuffer();
      expect((await server.journalEntry((entry) => entry.url === "/app/pages/1")).fromWorker).toBe(fromWorker);
    });
  }

  test("journals navigationPreload for a request with Service-Worker-Navigation-Preload, and only for it", async ({ server }) => {
    for (const path of ["/app/pages/1", "/app/pages/2"]) {
      const headers = path === "/app/pages/1" ? { ...NAVIGATION, "service-worker-navigation-preload": "true" } : NAVIGATION;
      await (await server.fetch(path, { headers })).arrayBuffer();
    }
    expect((await server.journalEntry((entry) => entry.url === "/app/pages/1")).navigationPreload).toBe(true);
    expect((await server.journalEntry((entry) => entry.url === "/app/pages/2")).navigationPreload).toBe(false);
  });
});
