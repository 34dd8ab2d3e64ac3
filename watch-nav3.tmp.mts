// By-hand watch of NAV-3's recommended rule in Firefox and WebKit (not a kit check): what each worker
// stores of posted bad pages, what it asks for, what it fetches outside its scope.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { launchEngine } from "./kit/engines/launchEngine.ts";
import { startMockServer } from "./specs/harness/mockServerProcess.ts";

const apps = (process.env.APPS ?? "reference,second-app,next-app").split(",");
const engines = (process.env.ENGS ?? "firefox,webkit").split(",") as ("firefox" | "webkit")[];
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function serveApp(app: string, port: number) {
  if (app === "reference") return { stop: () => undefined, target: undefined };
  const child = spawn(process.execPath, ["--import", "tsx", `examples/${app}/serve.ts`, "--port", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout?.on("data", (d) => String(d).includes("http") && resolve()));
  return { stop: () => child.kill(), target: `http://127.0.0.1:${port}` };
}
const post = (urls: string[]) => ({ data: { type: "CACHE_URLS", payload: { urlsToCache: urls } } });
function postInPage({ data }: { data: unknown }) {
  return new Promise((resolve) => {
    const c = navigator.serviceWorker.controller;
    if (!c) return resolve("no controller");
    const ch = new MessageChannel();
    const t = setTimeout(() => resolve("no reply in 15 s"), 15000);
    ch.port1.onmessage = (e) => { clearTimeout(t); resolve(JSON.stringify(e.data)); };
    c.postMessage(data, [ch.port2]);
  });
}
for (const app of apps) {
  const profile = JSON.parse(readFileSync(app === "reference" ? "cli/profile/reference.json" : `examples/${app}/profile.json`, "utf8"));
  const served = await serveApp(app, 46904);
  const args = served.target ? ["--upstream", served.target, "--base-path", profile.basePath, "--worker-path", profile.worker.script] : ["--base-path", profile.basePath];
  const server = await startMockServer(args);
  const good = profile.pages[2].path;
  const p1 = profile.pages[1].path;
  for (const engine of engines) {
    const launched = await launchEngine(engine);
    if (!("browser" in launched)) { console.log(engine, launched); continue; }
    const { browser } = launched;
    for (const how of [null, "no-store"]) {
      await server.reset();
      for (const status of [404, 403, 401, 500]) await server.addFault({ path: p1, status, representation: "document", query: { "pck-status": String(status) }, ...(how ? { responseHeaders: { "Cache-Control": how } } : {}) });
      const page = await browser.newPage();
      await page.goto(`${server.origin}${profile.home}`);
      const state = await page.evaluate(async () => { for (let i = 0; i < 150; i++) { if (navigator.serviceWorker.controller) return "controlled"; await new Promise((x) => setTimeout(x, 100)); } return "not controlled"; }, null);
      const bad = [404, 403, 401, 500].map((s) => `${p1}?pck-status=${s}`);
      const extra = how === null ? Object.values(profile.uncacheable as Record<string, string>) : [];
      const outside = profile.basePath === "/" ? [] : [`${profile.basePath}-outside/x`, profile.basePath];
      const urls = [...bad, ...extra, ...(how === null ? outside : []), good].map((p) => `${server.origin}${p}`);
      const reply = await page.evaluate(postInPage, post(urls));
      await wait(2000);
      const cached = await page.evaluate(async () => { const out: string[] = []; for (const n of await caches.keys()) for (const r of await (await caches.open(n)).keys()) { const res = await (await caches.open(n)).match(r); out.push(`${n}:${new URL(r.url).pathname}${new URL(r.url).search} ${res?.status} ${res?.headers.get("content-type")}`); } return out; }, null);
      const interesting = cached.filter((c) => [...bad, ...extra, ...outside, good].some((p) => c.includes(`:${p} `) || c.includes(`:${p}?`) || c.split(" ")[0]?.endsWith(p)));
      const workerAsked = (await server.journal()).filter((e) => e.fromWorker && [...bad, ...extra, ...outside, good].some((p) => e.url === p || e.url.startsWith(`${p}?`))).map((e) => `${e.url} ${e.status} accept=${e.accept}`);
      console.log(JSON.stringify({ app, engine, sent: how ?? "no Cache-Control", state, reply, stored: interesting, workerAsked }, null, 1));
      await page.close();
    }
    await browser.close();
  }
  await server.stop(); served.stop();
}
