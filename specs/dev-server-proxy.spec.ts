/**
 * The mock server's own: proxy mode in front of a real Vite dev server, as someone testing their app
 * while they write it would run it. The page's hot-reload socket (a WebSocket to the page's own
 * host, so to the proxy) must reach Vite through the proxy, and an edit must reach the page without
 * a reload. The app is written here, into a temporary folder, so the edit touches nothing of the kit.
 * Needs Vite, a development dependency: left out of the installed package (tsconfig.pack.json) and of
 * a check of someone else's app (playwright.config.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "@playwright/test";
import { expect } from "./harness/expect.ts";
import { startMockServer } from "./harness/mockServerProcess.ts";

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>dev server</title></head>
<body><p id="version"></p><script type="module" src="/main.js"></script></body></html>
`;

/** A module that accepts its own updates: an edit is applied in place, no reload. */
const main = (version: string) => `document.querySelector("#version").textContent = ${JSON.stringify(version)};
if (import.meta.hot) import.meta.hot.accept();
`;

test("in proxy mode a Vite dev server's hot-reload socket connects through the proxy and an edit reaches the page without a reload", async ({ page }) => {
  const root = mkdtempSync(join(tmpdir(), "pck-vite-dev-"));
  writeFileSync(join(root, "index.html"), INDEX);
  writeFileSync(join(root, "main.js"), main("one"));
  const { createServer } = await import("vite");
  const vite = await createServer({ root, configFile: false, logLevel: "silent", clearScreen: false, server: { host: "127.0.0.1", port: 0 } });
  try {
    await vite.listen();
    const address = vite.httpServer?.address();
    if (address === null || typeof address !== "object") throw new Error("the Vite dev server did not say where it listens");
    const server = await startMockServer(["--upstream", `http://127.0.0.1:${address.port}`, "--base-path", "/"]);
    try {
      const connected = page.waitForEvent("console", (message) => message.text().includes("[vite] connected"));
      await page.goto(`${server.origin}/`);
      await expect(page.locator("#version")).toHaveText("one");
      await connected;
      const journal = await server.journal();
      expect(journal.filter((entry) => entry.kind === "websocket")).toEqual([expect.objectContaining({ status: 101, outcome: "completed" })]);
      // A reload would clear this; a hot update keeps it.
      await page.evaluate(() => Object.assign(window, { __beforeEdit: true }));
      writeFileSync(join(root, "main.js"), main("two"));
      await expect(page.locator("#version")).toHaveText("two");
      expect(await page.evaluate(() => (window as { __beforeEdit?: boolean }).__beforeEdit)).toBe(true);
    } finally {
      await server.stop();
    }
  } finally {
    await vite.close();
    rmSync(root, { recursive: true, force: true });
  }
});
