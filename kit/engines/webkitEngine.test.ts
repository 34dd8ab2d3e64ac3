import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { WebDriverGone, WebDriverTimeout } from "./webDriverClient.ts";
import { launchWebKit } from "./webkitEngine.ts";

/**
 * A stand-in WebKitWebDriver as a process of its own: each start is logged; `POST /session` never
 * answers in the first `hangs` starts (a stuck MiniBrowser), then answers a session. In its first
 * start, the command `crashOn` ("DELETE /session/s1") kills the process as a segfault would.
 */
function fakeDriver(hangs: number, crashOn = ""): { driver: string; starts: () => number } {
  const dir = mkdtempSync(join(tmpdir(), "pck-fake-driver-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, "starts.log");
  writeFileSync(
    join(dir, "driver.mjs"),
    `import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
const log = ${JSON.stringify(log)};
const earlier = existsSync(log) ? readFileSync(log, "utf8").split("\\n").filter(Boolean).length : 0;
appendFileSync(log, process.pid + "\\n");
const port = Number(process.argv.find((arg) => arg.startsWith("--port=")).slice(7));
createServer((req, res) => {
  const answer = (value) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ value }));
  if (req.url === "/status") return answer({ ready: true });
  if (earlier === 0 && req.method + " " + req.url === ${JSON.stringify(crashOn)}) {
    process.stderr.write("crashing as asked\\n");
    return process.kill(process.pid, "SIGKILL");
  }
  if (req.method === "POST" && req.url === "/session") return earlier < ${hangs} ? undefined : answer({ sessionId: "s1", capabilities: { browserVersion: "9.9" } });
  if (req.url === "/session/s1/window") return answer("w1");
  answer(null);
}).listen(port, "127.0.0.1");
`,
  );
  const driver = join(dir, "driver.sh");
  writeFileSync(driver, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(dir, "driver.mjs"))} "$@"\n`);
  chmodSync(driver, 0o755);
  return { driver, starts: () => readFileSync(log, "utf8").split("\n").filter(Boolean).length };
}

test("a session that does not start in time restarts the driver once, and the page opens", async () => {
  const { driver, starts } = fakeDriver(1);
  const browser = await launchWebKit({ driver, miniBrowser: "/usr/bin/true", xvfb: undefined }, 300);
  onTestFinished(() => browser.close());
  expect(browser.version).toContain("WebKitGTK 9.9");
  expect(starts()).toBe(2);
});

test("a driver that hangs again after its restart is a WebDriverTimeout, not a wait without end", async () => {
  const { driver, starts } = fakeDriver(2);
  await expect(launchWebKit({ driver, miniBrowser: "/usr/bin/true", xvfb: undefined }, 300)).rejects.toBeInstanceOf(WebDriverTimeout);
  expect(starts()).toBe(2);
});

test("a page whose driver crashes as it closes is closed, and the next page starts a new driver", async () => {
  const { driver, starts } = fakeDriver(0, "DELETE /session/s1");
  const browser = await launchWebKit({ driver, miniBrowser: "/usr/bin/true", xvfb: undefined }, 300);
  onTestFinished(() => browser.close());
  const page = await browser.newPage();
  await page.close();
  expect(starts()).toBe(1);
  await browser.newPage();
  expect(starts()).toBe(2);
});

test("a command under which the driver crashes is WebDriverGone, naming the exit and the driver's last output", async () => {
  const { driver } = fakeDriver(0, "POST /session/s1/url");
  const browser = await launchWebKit({ driver, miniBrowser: "/usr/bin/true", xvfb: undefined }, 300);
  onTestFinished(() => browser.close());
  const page = await browser.newPage();
  const failed = page.goto("http://127.0.0.1:9/");
  await expect(failed).rejects.toBeInstanceOf(WebDriverGone);
  await expect(failed).rejects.toThrow(/WebKitWebDriver exited with signal SIGKILL during POST \/session\/s1\/url .*Its last output: crashing as asked/);
});
