/**
 * Regenerates docs/control-panel.png, the picture of the control panel in README.md and docs/mock-server.md: a mock server with a
 * scenario, its named faults and a few journal rows, the whole panel 1280 px wide. Run after `npm run build`:
 * `node --import tsx scripts/screenshotPanel.ts`.
 */
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../kit/chromium.mjs";
import { CONTROL_TIMEOUT_MS, waitForWorker } from "../kit/workerControl.ts";
import { openPanel } from "../specs/checks/controlPanel.ts";
import { startMockServer } from "../specs/harness/mockServerProcess.ts";

const OUTPUT = fileURLToPath(new URL("../docs/control-panel.png", import.meta.url));

const server = await startMockServer();
const executablePath = findChromium()?.executablePath;
const browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.origin });
  const panel = await context.newPage();
  panel.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") process.stderr.write(`panel console: ${message.text()}\n`);
  });
  // A scenario, so the picture shows it with what it set and its faults by name.
  await server.applyScenario({
    name: "errors on two pages",
    description: "Page one throws on the server, page two is forbidden three times, data is slow.",
    config: { networkTimeoutMs: 1000 },
    faults: [
      { name: "page one throws", path: "/app/pages/1", status: 500 },
      { name: "page two forbidden", path: "/app/pages/2", status: 403, representation: "document", times: 3 },
      { name: "slow data", path: "/app/pages/*", delayMs: 300, representation: "data" },
    ],
  });
  await openPanel(panel);
  const app = await context.newPage();
  await app.goto("/app/");
  // Once the worker controls the page its precache is done: no request arrives after the last goto.
  await waitForWorker(app, "controlled", CONTROL_TIMEOUT_MS);
  for (const path of ["/app/pages/1", "/app/pages/2", "/app/pages/3"]) await app.goto(path);
  await app.close();
  const journaled = (await server.journal()).length;
  await panel.getByRole("table", { name: `Requests, newest first: ${journaled} journaled.` }).waitFor();
  await panel.screenshot({ path: OUTPUT, fullPage: true });
  process.stdout.write(`Wrote ${OUTPUT} (${journaled} journal entries).\n`);
} finally {
  await browser.close();
  await server.stop();
}
