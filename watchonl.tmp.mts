// By hand: does Firefox's BiDi offline emulation flip navigator.onLine and fire offline/online, and does the app reload once when back online?
import puppeteer from "puppeteer-core";
import { startMockServer } from "./specs/harness/mockServerProcess.ts";

const [mode, home, ...proxy] = process.argv.slice(2);
const server = await startMockServer(mode === "ref" ? [] : proxy);
const o = server.origin;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const net = (offline: boolean) =>
  fetch(`${o}/__mock/network`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ offline }) });
const browser = await puppeteer.launch({ browser: "firefox", executablePath: "/usr/bin/firefox-esr", headless: true });
const context = await browser.createBrowserContext();
const page = await context.newPage();
await page.evaluateOnNewDocument(() => {
  const n = Number(sessionStorage.getItem("loads") ?? "0") + 1;
  sessionStorage.setItem("loads", String(n));
  const w = window as unknown as { ev: string[] };
  w.ev = [];
  addEventListener("online", () => w.ev.push(`online@${Math.round(performance.now())}`));
  addEventListener("offline", () => w.ev.push(`offline@${Math.round(performance.now())}`));
});
await page.goto(o + home, { waitUntil: "load" });
for (let i = 0; i < 20 && !(await page.evaluate(() => !!navigator.serviceWorker.controller)); i++) {
  await sleep(500);
  if (i === 8) await page.reload();
}
const state = () =>
  page.evaluate(() => ({
    loads: sessionStorage.getItem("loads"),
    onLine: navigator.onLine,
    ev: (window as unknown as { ev: string[] }).ev,
    controlled: !!navigator.serviceWorker.controller,
  }));
console.log("controlled", JSON.stringify(await state()));
await net(true);
await page.setOfflineMode(true);
await sleep(1000);
console.log("offline", JSON.stringify(await state()));
await net(false);
await page.setOfflineMode(false);
for (let t = 0; t < 6; t++) {
  await sleep(1000);
  console.log(`+${t + 1}s`, JSON.stringify(await state().catch((e) => String(e).slice(0, 60))));
}
await browser.close();
await server.stop();
process.exit(0);
