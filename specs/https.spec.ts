/**
 * The mock server's own: `--https` serves TLS, so a device that is not this machine (a phone on the
 * LAN) can reach a secure context, where a service worker may register. The certificate is made at
 * start and trusted by nothing; this browser is started to accept it, as a device that installed it
 * would. Left out of a check of someone else's app (playwright.config.ts).
 */
import { test } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../kit/chromium.mjs";
import { expect } from "./harness/expect.ts";
import { startMockServer } from "./harness/mockServerProcess.ts";

test("with --https the reference shell is served over TLS and its worker registers and takes control", async ({ playwright }) => {
  const server = await startMockServer(["--https", "--base-path", "/app"]);
  try {
    expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const executablePath = findChromium()?.executablePath;
    const browser = await playwright.chromium.launch({
      args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"],
      ...(executablePath ? { executablePath } : {}),
    });
    try {
      const page = await browser.newPage();
      await page.goto(server.appUrl);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe("activated");
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
});
