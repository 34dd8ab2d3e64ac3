import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { fakeDistForTest } from "../testing/fakeDist.ts";
import { type TestServer, test } from "../testing/testServer.ts";
import { APP_ICONS, type AppIcon } from "./icons/appIcons.ts";
import { renderIcon } from "./icons/renderIcon.ts";
import { BACKGROUND_COLOR, MANIFEST_ICONS, THEME_COLOR, type WebAppManifest, webManifest } from "./webManifest.ts";

const builtName = (icon: AppIcon) => `assets/${icon.key.slice("icons/".length).replace(".png", "-test.png")}`;
/** Drawn once for the file: each test's build gets copies. */
const PNGS = new Map(APP_ICONS.map((icon) => [icon.key, renderIcon(icon)]));

/** A fake build whose Vite manifest names the app's icons, as `npm run build` writes them (vite.config.ts). */
function distWithIcons(): string {
  const { distDir } = fakeDistForTest();
  const viteManifest = join(distDir, ".vite", "manifest.json");
  const entries = JSON.parse(readFileSync(viteManifest, "utf8")) as Record<string, unknown>;
  for (const icon of APP_ICONS) {
    entries[icon.key] = { file: builtName(icon), src: icon.key };
    writeFileSync(join(distDir, builtName(icon)), PNGS.get(icon.key) ?? "");
  }
  writeFileSync(viteManifest, JSON.stringify(entries));
  return distDir;
}

async function manifestOf(server: TestServer, path: string): Promise<{ response: Response; manifest: WebAppManifest }> {
  const response = await server.fetch(path);
  return { response, manifest: (await response.json()) as WebAppManifest };
}

async function headOf(server: TestServer, path: string): Promise<string> {
  const html = await (await server.fetch(path, { headers: { accept: "text/html" } })).text();
  return html.slice(0, html.indexOf("</head>"));
}

describe("the manifest", () => {
  test("puts id, start_url, scope and every icon inside the base path /app", () => {
    const manifest = webManifest("/app", builtName);
    expect(manifest).toMatchObject({ id: "/app/", start_url: "/app/", scope: "/app/", display: "standalone" });
    expect(manifest.icons).toEqual([
      { src: "/app/assets/icon-192-test.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/app/assets/icon-512-test.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/app/assets/icon-maskable-512-test.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });

  test("puts id, start_url, scope and every icon at the site root for base path '/'", () => {
    const manifest = webManifest("", builtName);
    expect(manifest).toMatchObject({ id: "/", start_url: "/", scope: "/" });
    expect(manifest.icons.map((icon) => icon.src)).toEqual(["/assets/icon-192-test.png", "/assets/icon-512-test.png", "/assets/icon-maskable-512-test.png"]);
  });

  test("has a name, a short name a launcher shows whole, and a description", () => {
    const { name, short_name, description } = webManifest("/app", builtName);
    expect(name.length).toBeGreaterThan(0);
    // 12 characters: what Chromium's and Android's launchers show before they cut (web.dev's guidance).
    expect(short_name.length).toBeGreaterThan(0);
    expect(short_name.length).toBeLessThanOrEqual(12);
    expect(description.length).toBeGreaterThan(0);
  });

  test("lists no Apple touch icon, which only a link names", () => {
    expect(MANIFEST_ICONS.map((icon) => icon.purpose).sort()).toEqual(["any", "any", "maskable"]);
  });

  test("takes its colours from the app's stylesheet: the header's background and the page's", () => {
    const css = readFileSync(kitPath("src", "app", "app.css"), "utf8");
    const background = (selector: string) => {
      const block = new RegExp(`(^|\\n)${selector} \\{([^}]*)\\}`).exec(css)?.[2] ?? "";
      const hex = /\bbackground: #([0-9a-f]{3}|[0-9a-f]{6});/i.exec(block)?.[1] ?? "";
      return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex}`.toLowerCase();
    };
    expect({ theme: THEME_COLOR, background: BACKGROUND_COLOR }).toEqual({ theme: background("header"), background: background(":root") });
  });
});

describe("served", () => {
  test("at /app/manifest.webmanifest as application/manifest+json, revalidated on every use", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons() });
    const { response, manifest } = await manifestOf(server, "/app/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json(;|$)/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(manifest).toEqual(webManifest("/app", builtName));
  });

  test("at /manifest.webmanifest, with start_url '/', for base path '/'", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons(), basePath: "/" });
    const { response, manifest } = await manifestOf(server, "/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(manifest).toMatchObject({ id: "/", start_url: "/", scope: "/" });
  });

  test("with icons the server serves as the PNG files of their stated sizes", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons() });
    const { manifest } = await manifestOf(server, "/app/manifest.webmanifest");
    for (const icon of manifest.icons) {
      const response = await server.fetch(icon.src);
      const png = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-type")).toBe("image/png");
      // IHDR's width and height, right after the signature and the chunk's length and type.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  test("answers a fault on its path like any other path", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons() });
    const fault = await server.addFault({ path: "/app/manifest.webmanifest", status: 503 });
    const response = await server.fetch("/app/manifest.webmanifest");
    await response.arrayBuffer();
    expect(response.status).toBe(503);
    expect((await server.journalEntry((entry) => entry.url === "/app/manifest.webmanifest")).fault).toBe(fault.id);
  });

  test("answers a fault on an icon's path like any other path", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons() });
    await server.addFault({ path: "/app/assets/*.png", status: 404 });
    const response = await server.fetch("/app/assets/icon-192-test.png");
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });

  test("answers 404 NO_SUCH_ASSET, naming the icon, when the build has no icons", async ({ server }) => {
    const response = await server.fetch("/app/manifest.webmanifest");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: "NO_SUCH_ASSET",
        message:
          "Failed to serve /app/manifest.webmanifest: the build has no icons/icon-192.png, icons/icon-512.png, icons/icon-maskable-512.png. Rebuild with 'npm run build'.",
      },
    });
  });
});

describe("linked", () => {
  const pages = [
    ["home", "/app/"],
    ["a content page", "/app/pages/1"],
    ["the not-found page", "/app/no/such/page"],
    ["the offline page", "/app/offline.html"],
    ["a page outside the base path", "/outside/x"],
  ] as const;
  for (const [what, path] of pages) {
    test(`from ${what}'s document, with the theme colour and the Apple touch icon`, async ({ serve }) => {
      const head = await headOf(await serve({ distDir: distWithIcons() }), path);
      expect(head).toContain('<link rel="manifest" href="/app/manifest.webmanifest">');
      expect(head).toContain(`<meta name="theme-color" content="${THEME_COLOR}">`);
      expect(head).toContain('<link rel="apple-touch-icon" href="/app/assets/apple-touch-icon-test.png">');
    });
  }

  test("from a fault's error page", async ({ serve }) => {
    const server = await serve({ distDir: distWithIcons() });
    await server.addFault({ path: "/app/pages/1", status: 500 });
    expect(await headOf(server, "/app/pages/1")).toContain('<link rel="manifest" href="/app/manifest.webmanifest">');
  });

  test("as /manifest.webmanifest for base path '/'", async ({ serve }) => {
    const head = await headOf(await serve({ distDir: distWithIcons(), basePath: "/" }), "/");
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(head).toContain('<link rel="apple-touch-icon" href="/assets/apple-touch-icon-test.png">');
  });

  test("without an Apple touch icon when the build has none", async ({ server }) => {
    const head = await headOf(server, "/app/");
    expect(head).toContain('<link rel="manifest" href="/app/manifest.webmanifest">');
    expect(head).not.toContain("apple-touch-icon");
  });
});
