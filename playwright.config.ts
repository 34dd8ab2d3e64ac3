import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./specs/support/chromium.mjs";

const chromium = findChromium();

export default defineConfig({
  testDir: "specs",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flake is fixed at its cause, never retried away.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "test-results/html" }]] : [["list"]],
  outputDir: "test-results/artifacts",
  use: {
    ...devices["Desktop Chrome"],
    serviceWorkers: "allow",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { args: CHROMIUM_ARGS, ...(chromium?.executablePath ? { executablePath: chromium.executablePath } : {}) },
  },
  projects: [{ name: "chromium" }],
});
